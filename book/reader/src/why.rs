//! "Why not this move?": where a record decided against a root move.
//!
//! The record knows every node's window, value, cut and best move, so the
//! question a reader asks most ("why does it not play e2e4?") has an answer
//! in it, in the book's terms:
//!
//! - the move's value, or the bound the search proved for it. A move whose
//!   node reached its beta is worth *at most* a value: with alpha-beta's
//!   fail-hard (v0.09, v0.10) the root's alpha at the time, and no more is
//!   known; with fail-soft (v0.11, [`Record::fails_soft`]) the value the
//!   refuting reply found, which may lie below the root's alpha;
//! - the reply that refuted it (the cut below it), with what it is worth
//!   (fail-soft: at least the value it found, at or past beta), and the
//!   line that follows, each node's cutting or best move in turn;
//! - where that line ends: the kind of its last node (main, quiescence,
//!   reduced), its value or bound, and the step's own events there, each once:
//!   v0.10's stand pat in quiescence, v0.11's lazy cut or selective stand
//!   pat.
//!
//! Every term it prints is in the book's glossary.
//!
//! `search --why MOVE` prints it after the move; the book's lab shows it in
//! the page. The answer reads the record only, as the rest of this crate.
//!
//! A search under `--nodes` or `--movetime` deepens, and its last depth may
//! be cut short; its move is the deepest finished depth's. The answer
//! reads that depth, and names it; it says when a later depth was stopped.

use std::fmt::Write as _;

use anyhow::{anyhow, bail, Context};
use common::{Move, Position};
use lamosca_search::events::Tracer;
use lamosca_search::{Engine, SearchControl, MATE_BOUND};

use crate::bound::{Bound, Bounded};
use crate::reader::{NodeInfo, Record};
use crate::RecordError;
use lamosca_record::Event;

/// The longest refutation line shown: deeper than any depth the book
/// searches, short enough to read.
const LINE_LIMIT: usize = 32;

/// `search --why MOVE`'s answer: [`why_not`], or the command line's words
/// when `mv` is no legal move at the record's root
/// (`--why: 'e2e5' is not a legal move here`), when no depth finished, or
/// when the deepest finished depth did not search it.
pub fn why(record: &Record, mv: &str) -> anyhow::Result<String> {
    let position = Position::from_fen(&record.header().fen).context("the record's position")?;
    position.parse_move(mv).context("--why")?;
    let Some(finished) = record.deepest_finished()? else {
        bail!("--why: the search finished no depth, so it chose no move to set {mv} beside");
    };
    why_not(record, mv)?.ok_or_else(|| {
        anyhow!(
            "--why: {mv} was not searched at the root of depth {}, the deepest finished",
            finished.depth
        )
    })
}

/// `--why-value`'s answer: the move `mv` and the move chosen, `best`, each
/// searched from the position after it with the full window, one ply less
/// deep than the search that chose (`depth`): `a7a8n: -200 (a7a8q: +500)`,
/// each value for the side that plays the move. Alpha-beta gave a refuted
/// `mv` a bound only, fail-hard or fail-soft; this is its value. The
/// command line and the book's lab both answer with it.
pub fn why_value<E: Engine>(
    engine: &mut E,
    position: &Position,
    mv: &str,
    best: Option<Move>,
    depth: u32,
) -> anyhow::Result<String> {
    if depth < 2 {
        bail!("--why-value: the search must reach depth 2 at least, to search each move one ply less deep");
    }
    let mut value_of = |mv: Move| {
        let mut after = position.clone();
        after.make(mv);
        engine.new_game();
        let control = SearchControl::unlimited();
        let value = -engine
            .search(&mut after, depth - 1, &control, &mut Tracer::off())
            .value;
        one_ply_further(value)
    };
    let named = position.parse_move(mv).context("--why")?;
    let mut text = format!("{mv}: {:+}", value_of(named));
    if let Some(best) = best.filter(|&best| best != named) {
        let _ = write!(text, " ({best}: {:+})", value_of(best));
    }
    Ok(text)
}

/// A value found from the position after a move, seen from before it: a
/// mate is one ply further away there, as the search that chose counted
/// it (a mate in one is `MATE - 1`, not `MATE`).
fn one_ply_further(value: i32) -> i32 {
    if value >= MATE_BOUND {
        value - 1
    } else if value <= -MATE_BOUND {
        value + 1
    } else {
        value
    }
}

/// Why the search did not choose `mv` at the root of `record`: a few lines
/// of text, or `Ok(None)` when no root move is called `mv` (the caller says
/// whether the move is illegal or simply was not searched), or when no
/// depth finished. Each line is said once, in the words of the book's
/// glossary.
pub fn why_not(record: &Record, mv: &str) -> Result<Option<String>, RecordError> {
    // A deepening search has one root per depth (v0.11 a chain of
    // re-searches); the deepest that finished decided, a depth cut short
    // did not.
    let Some(finished) = record.deepest_finished()? else {
        return Ok(None);
    };
    let Some(root) = record.node(finished.node) else {
        return Ok(None);
    };
    // A node searched again (a re-search, v0.11's internal deepening) has
    // its last visit last.
    let Some(child) = record
        .children(root.id)
        .filter(|child| child.mv.is_some_and(|name| name.as_str() == mv))
        .last()
        .copied()
    else {
        return Ok(None);
    };
    let best = root
        .best
        .map_or("none".to_string(), |name| name.to_string());
    let mut text = format!(
        "why not {mv}: {}, depth {}, best {best} with value {}\n",
        record.header().version,
        finished.depth,
        root.value
    );
    if let Some(stopped) = record.cut_short()? {
        let _ = writeln!(
            text,
            "(depth {} was cut short; depth {} is the deepest the search finished, and its move the answer)",
            stopped.depth, finished.depth
        );
    }
    // Step 1. Its value, or the bound the search proved.
    let chosen = root.best.is_some_and(|name| name.as_str() == mv);
    let soft = record.fails_soft();
    text += &worth(mv, &child, chosen, &best, root.value, soft);
    // Step 2. The refutation and its line.
    let line = refutation(record, &child);
    text += &refuted(&child, &line, soft);
    // Step 3. Where the line ends, and what the step did there.
    text += &line_end(record, &line)?;
    Ok(Some(text))
}

/// Step 1 of [`why_not`]: what `child`, the root move `mv`, is worth, or
/// the bound the search proved (`soft`: a fail-soft search's), against the
/// move chosen, `best`, worth `value`.
fn worth(mv: &str, child: &NodeInfo, chosen: bool, best: &str, value: i32, soft: bool) -> String {
    let own = -child.value;
    let root_alpha = -child.beta;
    let refuted = child.cut.is_some() || child.value >= child.beta;
    if chosen {
        format!("{mv} is the move chosen: value {own}\n")
    } else if child.value > child.beta {
        // A value past beta proves a fail-soft search (v0.11): it returns
        // what the reply found, a tighter bound than the root's alpha.
        format!(
            "{mv} is worth at most {own}, below {root_alpha}, the best value found before it: \
             a reply reached beta at its node and went past it, a beta cut-off \
             (fail-soft: the reply's value is the bound)\n"
        )
    } else if soft && refuted {
        // Fail-soft, the reply found exactly beta: the bound is the
        // reply's value, which here is the root's alpha.
        format!(
            "{mv} is worth at most {own}, the best value found before it: a reply reached \
             beta at its node, a beta cut-off (fail-soft: the reply's value is the bound, \
             and it is beta)\n"
        )
    } else if refuted {
        format!(
            "{mv} is worth at most {root_alpha}, the best value found before it: a reply \
             reached beta at its node, a beta cut-off (fail-hard: only the bound is known)\n"
        )
    } else if own == value {
        format!("{mv} is worth {own}, as much as {best}, which was searched first and kept\n")
    } else {
        format!("{mv} is worth {own}, less than {best}'s {value}\n")
    }
}

/// Step 2 of [`why_not`]: the reply that refuted `child` (or its best
/// reply), and the `line` that follows. A fail-soft search (`soft`) proved
/// the reply worth at least the value it found, at or past beta; a
/// fail-hard one held that value at beta.
fn refuted(child: &NodeInfo, line: &[NodeInfo], soft: bool) -> String {
    let mut text = String::new();
    match (child.cut, child.best) {
        (Some(reply), _) => {
            let reply_value = line.get(1).map_or(String::new(), |node| {
                let (worth, beta) = (Bounded::of_node(node).turned(), child.beta);
                if !soft && worth.value <= beta {
                    format!(
                        ", worth {} to the side replying, at least its beta {beta}",
                        worth.value
                    )
                } else if worth.value > beta {
                    format!(
                        ", worth {} to the side replying, past its beta {beta}",
                        in_words(worth)
                    )
                } else {
                    format!(
                        ", worth {} to the side replying, which is its beta",
                        in_words(worth)
                    )
                }
            });
            let _ = writeln!(text, "refuted by {reply}{reply_value}");
        }
        (None, Some(reply)) => {
            let _ = writeln!(text, "best reply {reply}");
        }
        (None, None) => {}
    }
    let moves: Vec<&str> = line
        .iter()
        .filter_map(|node| node.mv.as_ref().map(|name| name.as_str()))
        .collect();
    let _ = writeln!(text, "line: {}", moves.join(" "));
    text
}

/// Step 3 of [`why_not`]: the kind of the line's last node and its value,
/// and the step's own events there (a stand pat, a lazy cut), each once.
/// An event written just before a child's `node` line announces that
/// child (v0.10's `horizon`) and is left to it.
fn line_end(record: &Record, line: &[NodeInfo]) -> Result<String, RecordError> {
    let Some(last) = line.last().filter(|_| line.len() > 1) else {
        return Ok(String::new());
    };
    let starts: Vec<u64> = record.children(last.id).map(|child| child.start).collect();
    let mut steps: Vec<String> = Vec::new();
    for (offset, event) in record.node_events(last.id)? {
        let Event::Chapter(chapter) = event else {
            continue;
        };
        let next = record.line_at(offset)?.map(|(_, next)| next);
        if next.is_some_and(|next| starts.contains(&next)) {
            continue;
        }
        let value = chapter.fields.iter().find(|(name, _)| name == "value");
        let mut step = chapter.kind.replace('_', " ");
        if let Some((_, value)) = value {
            let _ = write!(step, " {value}");
        }
        if !steps.contains(&step) {
            steps.push(step);
        }
    }
    let (kind, value) = (last.kind.name(), in_words(Bounded::of_node(last)));
    let mut text =
        format!("the line ends at a {kind} node, worth {value} to the side to move there");
    if !steps.is_empty() {
        let _ = write!(text, ", where: {}", steps.join(", "));
    }
    text.push('\n');
    Ok(text)
}

/// A value with its bound in words: `-6`, `at most -6`, `at least 3`.
fn in_words(value: Bounded) -> String {
    match value.bound {
        Bound::Exact => value.value.to_string(),
        Bound::Upper => format!("at most {}", value.value),
        Bound::Lower => format!("at least {}", value.value),
    }
}

/// From `node` down: at each node the move that cut it, or else its best
/// move, as long as the record has the node it leads to.
fn refutation(record: &Record, node: &NodeInfo) -> Vec<NodeInfo> {
    let mut line = vec![*node];
    let mut at = *node;
    while line.len() < LINE_LIMIT {
        let Some(next) = at.reply() else {
            break;
        };
        let Some(child) = record
            .children(at.id)
            .filter(|child| child.mv == Some(next))
            .last()
            .copied()
        else {
            break;
        };
        line.push(child);
        at = child;
    }
    line
}
