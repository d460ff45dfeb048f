//! `--why` through the real binary: each line said once, and with
//! `--why-value` the named move's own value beside the chosen move's.

use std::collections::HashSet;
use std::process::Command;

use common::Position;
use lamosca_record::{default_options, record_search, why_not, Record};
use lamosca_search::Engine;
use lamosca_v10_quiescence::QuiescenceSearch;

/// What `search` prints on standard output with `args`.
fn search(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_lamosca-v10-quiescence"))
        .arg("search")
        .args(["--trace", "0"])
        .args(args)
        .output()
        .expect("the binary runs");
    assert!(output.status.success(), "{args:?}: {output:?}");
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// The lines of an answer that occur more than once.
fn repeated(text: &str) -> Vec<&str> {
    let mut seen = HashSet::new();
    text.lines().filter(|line| !seen.insert(*line)).collect()
}

/// Below 1.e4 d5 2.exd5 the bishop's sortie to g4 is refuted by the
/// queen; its line ends at a main node whose children each enter the
/// quiescence, every one announced by a `horizon` event: none of them is
/// said, and no line twice.
#[test]
fn why_says_each_line_once() {
    let text = search(&[
        "--moves", "e2e4", "d7d5", "e4d5", "--depth", "3", "--why", "c8g4",
    ]);
    assert!(repeated(&text).is_empty(), "{text}");
    assert!(text.contains("line: c8g4 d1g4\n"), "{text}");
    assert!(!text.contains("horizon"), "{text}");
    // Every root move of a few searches, the same.
    for (fen, depth) in [
        (common::START_FEN, 3),
        ("8/P6k/8/8/8/8/6K1/1r6 w - - 0 1", 3),
    ] {
        let root = Position::from_fen(fen).unwrap();
        let options = default_options::<QuiescenceSearch>();
        let mut engine = QuiescenceSearch::new();
        let (_, bytes) = record_search(&mut engine, &root, depth, 0, options, Vec::new()).unwrap();
        let record = Record::from_bytes(bytes).unwrap();
        for mv in root.legal_moves() {
            let answer = why_not(&record, &mv.to_string())
                .unwrap()
                .expect("searched");
            assert!(repeated(&answer).is_empty(), "{fen}, {mv}: {answer}");
        }
    }
}

/// Fail-hard gives the knight's promotion only a bound, "at most 500";
/// `--why-value` searches it, and the queen's, with the full window: the
/// knight is worth less, the queen what the search said.
#[test]
fn why_value_gives_the_named_moves_own_value() {
    let fen = "8/P6k/8/8/8/8/6K1/1r6 w - - 0 1";
    let text = search(&[
        "--fen",
        fen,
        "--depth",
        "3",
        "--why",
        "a7a8n",
        "--why-value",
    ]);
    let lines: Vec<&str> = text.lines().collect();
    let bestmove: Vec<&str> = lines
        .iter()
        .find(|line| line.starts_with("bestmove"))
        .unwrap()
        .split_whitespace()
        .collect();
    assert_eq!(bestmove[1], "a7a8q", "{text}");
    let last = lines.last().unwrap();
    let (knight, queen) = last
        .strip_prefix("a7a8n: ")
        .and_then(|rest| rest.strip_suffix(')'))
        .and_then(|rest| rest.split_once(" (a7a8q: "))
        .unwrap_or_else(|| panic!("{last}"));
    let (knight, queen): (i32, i32) = (knight.parse().unwrap(), queen.parse().unwrap());
    assert!(knight < queen, "{last}");
    assert_eq!(queen.to_string(), bestmove[3], "{text}");
}

/// `--why-value` needs a depth to search each move one ply less deep.
#[test]
fn why_value_at_depth_one_is_refused() {
    let output = Command::new(env!("CARGO_BIN_EXE_lamosca-v10-quiescence"))
        .args(["search", "--depth", "1", "--why", "e2e4", "--why-value"])
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("--why-value"), "{stderr}");
}

/// Under a clock the last depth is cut short: `--why` reads the deepest
/// finished one, names it, and finds every root move there.
#[test]
fn why_under_a_clock_reads_the_deepest_finished_depth() {
    for mv in ["g1f3", "a2a3"] {
        let text = search(&["--movetime", "30", "--why", mv]);
        let told = text
            .lines()
            .filter_map(|line| line.strip_prefix("info depth "))
            .filter_map(|rest| rest.split(' ').next())
            .next_back()
            .expect("an info line");
        assert!(
            text.contains(&format!("why not {mv}: LaMoSca v0.10, depth {told}, best ")),
            "{text}"
        );
        assert!(!text.contains("depth 64"), "{text}");
        assert!(!text.contains("was not searched"), "{text}");
    }
}
