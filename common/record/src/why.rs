//! "Why not this move?": where a record decided against a root move.
//!
//! The record knows every node's window, value, cut and best move, so the
//! question a reader asks most ("why does it not play e2e4?") has an answer
//! in it, in the book's terms:
//!
//! - the move's value, or with alpha-beta's fail-hard the bound it got: a
//!   move whose node reached its beta is worth *at most* the root's alpha
//!   at the time, and no more is known;
//! - the reply that refuted it (the cut below it), and the line that
//!   follows, each node's cutting or best move in turn;
//! - where that line ends, the step's own events that settled it: v0.10's
//!   stand pat in quiescence, v0.11's lazy cut or selective stand pat.
//!
//! `search --why MOVE` prints it after the move; the book's lab shows it in
//! the page. The answer reads the record only, as the rest of this crate.

use std::fmt::Write as _;

use anyhow::{anyhow, Context};
use common::Position;

use crate::event::Event;
use crate::reader::{NodeInfo, Record};
use crate::RecordError;

/// The longest refutation line shown: deeper than any depth the book
/// searches, short enough to read.
const LINE_LIMIT: usize = 32;

/// `search --why MOVE`'s answer: [`why_not`], or the command line's words
/// when `mv` is no legal move at the record's root
/// (`--why: 'e2e5' is not a legal move here`) or was not searched there.
pub fn why(record: &Record, mv: &str) -> anyhow::Result<String> {
    let position = Position::from_fen(&record.header().fen).context("the record's position")?;
    position.parse_move(mv).context("--why")?;
    why_not(record, mv)?.ok_or_else(|| anyhow!("--why: {mv} was not searched at the root"))
}

/// Why the search did not choose `mv` at the root of `record`: a few lines
/// of text, or `Ok(None)` when no root move is called `mv` (the caller says
/// whether the move is illegal or simply was not searched).
pub fn why_not(record: &Record, mv: &str) -> Result<Option<String>, RecordError> {
    // A deepening search has one root per depth; the last one decided.
    let Some(&root) = record.roots().last() else {
        return Ok(None);
    };
    let Some(root_info) = record.node(root) else {
        return Ok(None);
    };
    // A node searched again (a re-search, v0.11's internal deepening) has
    // its last visit last.
    let Some(child) = record
        .children(root)
        .filter(|child| child.mv.is_some_and(|name| name.as_str() == mv))
        .last()
        .copied()
    else {
        return Ok(None);
    };
    let header = record.header();
    let summary = record.summary();
    let mut text = String::new();
    let best = summary.best.as_deref().unwrap_or("none");
    let _ = writeln!(
        text,
        "why not {mv}: {}, depth {}, best {best} with value {}",
        header.version, header.depth, summary.value
    );

    // Step 1. Its value, or the bound it got.
    let value = -child.value;
    let root_alpha = -child.beta;
    let chosen = root_info.best.is_some_and(|name| name.as_str() == mv);
    if chosen {
        let _ = writeln!(text, "{mv} is the move chosen: value {value}");
    } else if child.cut.is_some() || child.value >= child.beta {
        let _ = writeln!(
            text,
            "{mv} is worth at most {root_alpha}, the best value found before it: a reply reached beta at its node, which was cut (fail-hard: only the bound is known)"
        );
    } else if value == summary.value {
        let _ = writeln!(
            text,
            "{mv} is worth {value}, as much as {best}, which was searched first and kept"
        );
    } else {
        let _ = writeln!(
            text,
            "{mv} is worth {value}, less than {best}'s {}",
            summary.value
        );
    }

    // Step 2. The refutation and its line.
    let line = refutation(record, &child);
    match child.cut {
        Some(reply) => {
            let reply_value = line.get(1).map_or(String::new(), |node| {
                format!(
                    ", worth {} to the side replying, at least its beta {}",
                    -node.value, child.beta
                )
            });
            let _ = writeln!(text, "refuted by {reply}{reply_value}");
        }
        None => {
            if let Some(reply) = child.best {
                let _ = writeln!(text, "best reply {reply}");
            }
        }
    }
    let moves: Vec<&str> = line
        .iter()
        .filter_map(|node| node.mv.as_ref().map(|name| name.as_str()))
        .collect();
    let _ = writeln!(text, "line: {}", moves.join(" "));

    // Step 3. What settled the line's last node: a stand pat, a lazy cut.
    if let Some(last) = line.last() {
        for (_, event) in record.node_events(last.id)? {
            if let Event::Chapter(chapter) = event {
                let fields: Vec<String> = chapter
                    .fields
                    .iter()
                    .map(|(name, value)| format!("{name} {value}"))
                    .collect();
                let _ = writeln!(
                    text,
                    "settled by {} at the line's last node ({} node, value {}){}{}",
                    chapter.kind,
                    last.kind.name(),
                    last.value,
                    if fields.is_empty() { "" } else { ": " },
                    fields.join(", ")
                );
            }
        }
    }
    Ok(Some(text))
}

/// From `node` down: at each node the move that cut it, or else its best
/// move, as long as the record has the node it leads to.
fn refutation(record: &Record, node: &NodeInfo) -> Vec<NodeInfo> {
    let mut line = vec![*node];
    let mut at = *node;
    while line.len() < LINE_LIMIT {
        let Some(next) = at.cut.or(at.best) else {
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
