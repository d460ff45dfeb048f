//! A step's binary under `go nodes N`, through UCI as a GUI speaks it: the
//! input stays open until `bestmove` comes. Every step's tests include this
//! file and run [`check_node_budgets`] on their own binary.
//!
//! Each budget must be kept: the last `info` line counts at most N nodes,
//! unless it is the only one, the first iteration's (depth 1, or v0.11's
//! depth 2), which a budgeted search always finishes. The move played is
//! the first move of that line, the deepest finished depth's. A search
//! the budget stopped inside an iteration tells every node it visited, the
//! budget's N, on one `info nodes N time T nps X` line just before
//! `bestmove`, with no depth, score or line: those stay the finished
//! iteration's.
//!
//! [`check_search_node_caps`] runs `search --nodes N`: the nodes its
//! statistics count, the depth cut short included, are at most N, once
//! depth 1, always finished, fits in N.

use crate::uci_child::{played_and_last_pv, Engine};

/// The positions, as `position` gives them, and the budgets tried on each.
const CASES: [(&str, &[u64]); 3] = [
    ("startpos", &[1, 30, 100, 442, 1_000, 5_000, 20_000]),
    ("startpos moves e2e4 e7e5", &[500, 895, 3_000]),
    (
        "fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
        &[50, 2_000, 10_000],
    ),
];

/// The number after `name` in an `info` line.
fn field(line: &str, name: &str) -> u64 {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|&word| word == name).unwrap();
    words[at + 1].parse().unwrap()
}

/// Sends `go nodes N` for each case to `binary`, and checks each answer.
pub fn check_node_budgets(binary: &str) {
    let mut engine = Engine::start(binary);
    let mut stopped_inside = 0;
    for (position, budgets) in CASES {
        for &budget in budgets {
            let asked = format!("position {position}, go nodes {budget}");
            engine.send(&format!("position {position}"));
            engine.send(&format!("go nodes {budget}"));
            let lines = engine.until_bestmove(&asked);
            let infos: Vec<&String> = lines
                .iter()
                .filter(|line| line.starts_with("info depth"))
                .collect();
            let last = infos
                .last()
                .unwrap_or_else(|| panic!("{asked}: no info line: {lines:?}"));
            let (depth, nodes) = (field(last, "depth"), field(last, "nodes"));
            assert!(
                nodes <= budget || (infos.len() == 1 && depth <= 2),
                "{asked}: depth {depth} finished at {nodes} nodes: {lines:?}"
            );
            let (played, pv_first) = played_and_last_pv(&lines);
            assert_eq!(played, pv_first, "{asked}: {lines:?}");
            if let Some(whole) = whole_count(&lines, &asked) {
                assert!(whole > nodes, "{asked}: {lines:?}");
                assert!(whole <= budget.max(nodes + 1), "{asked}: {lines:?}");
                stopped_inside += 1;
            }
        }
    }
    assert!(stopped_inside > 0, "no budget stopped an iteration inside");
    engine.send("quit");
}

/// The count of an `info nodes N time T nps X` line, if the answer has
/// one: checked to be the line just before `bestmove`, with nothing but
/// those three figures.
fn whole_count(lines: &[String], asked: &str) -> Option<u64> {
    let at = lines
        .iter()
        .position(|line| line.starts_with("info nodes "))?;
    let words: Vec<&str> = lines[at].split_whitespace().collect();
    let names: Vec<&str> = words.iter().skip(1).step_by(2).copied().collect();
    assert_eq!(names, ["nodes", "time", "nps"], "{asked}: {lines:?}");
    assert!(lines[at + 1].starts_with("bestmove "), "{asked}: {lines:?}");
    Some(field(&lines[at], "nodes"))
}

/// Runs `binary search --nodes N` on each case, and checks that the nodes
/// the search counted, every depth's and the one cut short's, are at most
/// N: the cap is exact. A budget below depth 1's cost is spent on depth 1,
/// which is always finished, and nothing more: no second depth is begun.
pub fn check_search_node_caps(binary: &str) {
    let cases: [(&[&str], &[u64]); 2] = [
        (&[], &[1, 100, 1_000, 5_000, 20_000, 50_000]),
        (
            &["--moves", "e2e4", "e7e5", "g1f3", "b8c6", "f1b5"],
            &[3_000, 20_000, 50_000],
        ),
    ];
    for (moves, caps) in cases {
        for &cap in caps {
            let output = std::process::Command::new(binary)
                .args(["search", "--trace", "0", "--nodes", &cap.to_string()])
                .args(moves)
                .output()
                .expect("the binary runs");
            let text = String::from_utf8_lossy(&output.stdout);
            let asked = format!("search --nodes {cap} {moves:?}");
            assert!(output.status.success(), "{asked}: {output:?}");
            let infos: Vec<&str> = text
                .lines()
                .filter(|line| line.starts_with("info depth"))
                .collect();
            let bestmove = text
                .lines()
                .find(|line| line.starts_with("bestmove "))
                .unwrap_or_else(|| panic!("{asked}: no bestmove: {text}"));
            let nodes = field(bestmove, "nodes");
            let first = infos.first().map_or(0, |line| field(line, "nodes"));
            assert!(
                nodes <= cap || (infos.len() == 1 && nodes == first),
                "{asked}: {nodes} nodes counted: {text}"
            );
        }
    }
}
