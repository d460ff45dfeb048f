//! The primer, "How to read a search": one tree small enough to follow
//! node by node, searched by NegaMax and then by alpha-beta.
//!
//! Everything on the page comes from the engines: `lamosca-v07` and
//! `lamosca-v09` search [`PRIMER_FEN`] [`PRIMER_DEPTH`] plies deep, and the
//! generator draws their trees (with each row's ply, level and depth), lists
//! alpha-beta's nodes with their windows and how each ended, prints both
//! logs, and records both searches for the stepper. The tests below keep
//! the tree as the page describes it: at most fifteen nodes, a fail-high
//! and a fail-low.

use std::fmt::Write as _;

use anyhow::{anyhow, ensure, Result};
use common::{Move, Position};
use lamosca_search::INFINITY;

use crate::chapter::{Chapter, Sources};
use crate::draw::diagram::{self, Marks};
use crate::draw::stepper;
use crate::draw::tree::{self, Node, Recorded, Value};
use crate::files::Generated;
use crate::markdown::{code, md};

/// The primer.
pub const CHAPTER: Chapter = Chapter {
    page: "primer.md",
    krate: None,
    generated,
    measured: &[],
};

/// The v0.09 chapter's tree position without White's b-pawn: the kings are
/// shut in and only three pawns can move or capture, so each node has one
/// to four moves and three plies make fourteen nodes.
pub const PRIMER_FEN: &str = "6bk/5p1p/5P1P/8/8/pp6/P7/K7 w - - 0 1";

/// How deep the primer's searches go.
pub const PRIMER_DEPTH: u32 = 3;

/// The most nodes the primer's NegaMax tree may have, so that a reader can
/// follow every one.
pub const MAX_NODES: u64 = 15;

fn generated(_: &Sources) -> Result<Vec<Generated>> {
    let position = Position::from_fen(PRIMER_FEN)
        .map_err(|error| anyhow!("bad FEN `{PRIMER_FEN}`: {error}"))?;
    let (full, pruned) = tree::trees_of(PRIMER_FEN, PRIMER_DEPTH)?;
    ensure!(
        full.root.size() <= MAX_NODES,
        "the primer's tree has {} nodes, more than {MAX_NODES}",
        full.root.size()
    );
    let board = diagram::board(
        &position,
        "White to move: the kings are shut in, three pawns can move",
        &Marks::none(),
    );
    let picture = tree::picture_of(&full, &pruned, PRIMER_DEPTH, true);
    let mut files = vec![
        Generated::new("svg/primer-position.svg", board),
        Generated::new("svg/primer-tree.svg", picture),
        md("tables/primer-walk.md", walk(&full, &pruned)),
    ];
    let negamax = search("primer-negamax", stepper::run::<lamosca_v07::NegaMax>);
    let alpha_beta = search("primer-alphabeta", stepper::run::<lamosca_v09::AlphaBeta>);
    let mut records = Vec::new();
    for (name, one) in [("negamax", &negamax), ("alphabeta", &alpha_beta)] {
        let (jsonl, log) = (one.run)(one)?;
        records.push(steps_of(&jsonl)?);
        files.push(md(
            &format!("tables/primer-{name}-log.md"),
            format!("```text\n{}\n```\n", log.trim_end()),
        ));
    }
    ensure!(
        records.iter().all(|steps| steps.other == 0) && records[0].total() == 2 * records[0].nodes,
        "the primer's records hold steps its note does not name"
    );
    files.push(md(
        "tables/primer-steps.md",
        steps_note(&records[0], &records[1]),
    ));
    files.extend(stepper::stepper("primer-stepper", &[alpha_beta, negamax])?);
    Ok(files)
}

/// What a stepper's steps are made of: every event of a record but its
/// header and its closing report, counted by kind.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Steps {
    /// Nodes entered; each is left once too, by its result.
    pub nodes: usize,
    /// Results, one per node.
    pub results: usize,
    /// A node's moves listed in the order it will try them.
    pub moves: usize,
    /// Swaps of the move ordering.
    pub swaps: usize,
    /// Cut-offs.
    pub cuts: usize,
    /// Any other event.
    pub other: usize,
}

impl Steps {
    /// How many steps the stepper counts.
    pub fn total(&self) -> usize {
        self.nodes + self.results + self.moves + self.swaps + self.cuts + self.other
    }
}

/// The steps of a record, read from its JSON lines.
pub fn steps_of(jsonl: &str) -> Result<Steps> {
    let mut steps = Steps::default();
    for line in jsonl.lines().filter(|line| !line.trim().is_empty()) {
        let event: serde_json::Value = serde_json::from_str(line)?;
        match event["event"].as_str().unwrap_or("") {
            "search" | "report" => {}
            "node" => steps.nodes += 1,
            "result" => steps.results += 1,
            "moves" => steps.moves += 1,
            "swap" => steps.swaps += 1,
            "cut" => steps.cuts += 1,
            _ => steps.other += 1,
        }
    }
    Ok(steps)
}

/// Why alpha-beta's stepper counts more steps than NegaMax's, though it
/// visits fewer nodes.
fn steps_note(negamax: &Steps, alpha_beta: &Steps) -> String {
    let extra = alpha_beta.total() - alpha_beta.nodes - alpha_beta.results;
    format!(
        "The counter under each panel counts steps, not nodes. NegaMax's {} \
         steps are its {} nodes, each entered once and left once. \
         Alpha-beta's {} are its {} nodes entered and left ({} steps) and {} \
         steps NegaMax has no counterpart for: {} where a node lists its \
         moves in the order it will try them, {} swaps of the move ordering \
         and {} cut-off{}. So alpha-beta shows more steps for a smaller tree.\n",
        negamax.total(),
        negamax.nodes,
        alpha_beta.total(),
        alpha_beta.nodes,
        alpha_beta.nodes + alpha_beta.results,
        extra,
        alpha_beta.moves,
        alpha_beta.swaps,
        alpha_beta.cuts,
        if alpha_beta.cuts == 1 { "" } else { "s" },
    )
}

/// One of the primer's two searches, for the stepper and the logs.
fn search(
    name: &'static str,
    run: fn(&stepper::Search) -> Result<(String, String)>,
) -> stepper::Search {
    stepper::Search {
        name,
        fen: PRIMER_FEN,
        depth: PRIMER_DEPTH,
        run,
        options: &[],
    }
}

/// A window as the page writes it.
fn window((alpha, beta): (i32, i32)) -> String {
    let bound = |v: i32| match v {
        v if v >= INFINITY => "∞".to_string(),
        v if v <= -INFINITY => "-∞".to_string(),
        v => v.to_string(),
    };
    format!("({}, {})", bound(alpha), bound(beta))
}

/// Where a node lies: `the root` or `the node after a1b1 b3a2`.
fn place(line: &[Move]) -> String {
    if line.is_empty() {
        "the root".to_string()
    } else {
        let moves: Vec<String> = line.iter().map(ToString::to_string).collect();
        format!("after {}", code(moves.join(" ")))
    }
}

/// Alpha-beta's inner nodes in the order the search entered them, each
/// with its window and how it ended, then the totals beside NegaMax's.
fn walk(full: &Recorded, pruned: &Recorded) -> String {
    let mut lines = Vec::new();
    visit(&pruned.root, &mut Vec::new(), &mut lines);
    let mut out = String::new();
    for line in &lines {
        let _ = writeln!(out, "{line}");
    }
    let _ = write!(
        out,
        "\nNegaMax enters {} nodes and evaluates {} leaves; alpha-beta enters {} and \
         evaluates {}. Both give the root {} and choose {}.\n",
        full.root.searched(),
        full.root.leaves_searched(),
        pruned.root.searched(),
        pruned.root.leaves_searched(),
        pruned.value,
        pruned.best.map_or("no move".to_string(), code),
    );
    out
}

fn visit(node: &Node, line: &mut Vec<Move>, out: &mut Vec<String>) {
    if node.children.is_empty() || node.value == Value::Unsearched {
        return;
    }
    let level = line.len() + 1;
    let window = node.window.map_or_else(String::new, window);
    let searched: Vec<&Node> = node
        .children
        .iter()
        .filter(|child| child.value != Value::Unsearched)
        .collect();
    let spared: Vec<String> = node
        .children
        .iter()
        .filter(|child| child.value == Value::Unsearched)
        .filter_map(|child| child.mv.map(code))
        .collect();
    let how = match node.value {
        Value::Exact(v) => format!("a move lands inside the window: the value is exactly {v}"),
        Value::AtLeast(v) => {
            let cutter = searched
                .iter()
                .find(|child| child.cut)
                .and_then(|child| child.mv)
                .map_or_else(String::new, code);
            let rest = if spared.is_empty() {
                "it was the last move".to_string()
            } else {
                format!("{} is never searched", spared.join(" and "))
            };
            format!(
                "**fails high**: {cutter} reaches beta, so the node is worth at least {v} \
                 and returns {v}; {rest}"
            )
        }
        Value::AtMost(v) => format!(
            "**fails low**: none of its {} moves reaches alpha, so the node is worth at most \
             {v} and returns {v}",
            searched.len()
        ),
        Value::Unsearched => return,
    };
    out.push(format!(
        "- Level {level}, {}, window {window}: {how}.",
        place(line)
    ));
    for child in searched {
        if let Some(mv) = child.mv {
            line.push(mv);
            visit(child, line, out);
            line.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(node: &Node, wanted: fn(Value) -> bool) -> usize {
        usize::from(wanted(node.value))
            + node
                .children
                .iter()
                .map(|child| count(child, wanted))
                .sum::<usize>()
    }

    #[test]
    fn the_primer_tree_is_tiny_and_shows_both_failures() {
        let (full, pruned) = tree::trees_of(PRIMER_FEN, PRIMER_DEPTH).unwrap();
        assert!(full.root.size() <= MAX_NODES, "{}", full.root.size());
        assert_eq!(full.value, pruned.value, "alpha-beta keeps NegaMax's value");
        assert_eq!(full.best, pruned.best);
        assert!(pruned.root.searched() < full.root.searched());
        assert!(count(&pruned.root, |v| matches!(v, Value::AtLeast(_))) >= 1);
        assert!(count(&pruned.root, |v| matches!(v, Value::AtMost(_))) >= 1);
    }

    #[test]
    fn the_walk_names_a_fail_high_and_a_fail_low() {
        let (full, pruned) = tree::trees_of(PRIMER_FEN, PRIMER_DEPTH).unwrap();
        let text = walk(&full, &pruned);
        assert!(text.contains("**fails high**"), "{text}");
        assert!(text.contains("**fails low**"), "{text}");
        assert!(
            text.contains("- Level 1, the root, window (-∞, ∞)"),
            "{text}"
        );
    }
}
