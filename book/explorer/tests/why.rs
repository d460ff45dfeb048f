//! `explore STEP --why MOVE` through the real binary: each line said once;
//! after a node budget the answer is read from the deepest finished depth
//! and names it, never from the depth the budget stopped; and with
//! `--why-value` the named move's own value beside the chosen move's.

use std::collections::HashSet;
use std::process::{Command, Output};

use common::Position;
use lamosca_reader::{why_not, Record};
use lamosca_record::{default_options, record_search};
use lamosca_search::Engine;
use lamosca_v10_quiescence::QuiescenceSearch;

fn explore(step: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_explore"))
        .arg(step)
        .args(args)
        .output()
        .expect("the binary runs")
}

/// What `explore STEP ARGS` prints on standard output: it must succeed.
fn answer(step: &str, args: &[&str]) -> String {
    let output = explore(step, args);
    assert!(output.status.success(), "{args:?}: {output:?}");
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// The answer's first line, `why not MOVE: STEP, depth D, best M with
/// value V`: the depth, the move and the value the search answered with.
fn head(text: &str) -> (u32, String, i32) {
    let first = text.lines().next().expect("an answer");
    let (_, rest) = first.split_once(", depth ").expect("a depth");
    let words: Vec<&str> = rest.split(' ').collect();
    let depth = words[0].trim_end_matches(',').parse().expect("a depth");
    (
        depth,
        words[2].to_string(),
        words[5].parse().expect("a value"),
    )
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
    let moves = ["--moves", "e2e4", "d7d5", "e4d5"];
    let text = answer(
        "v10",
        &[&moves[..], &["--depth", "3", "--why", "c8g4"]].concat(),
    );
    assert!(
        text.starts_with("why not c8g4: LaMoSca v0.10, depth 3, best "),
        "{text}"
    );
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

#[test]
fn why_after_a_node_budget_reads_the_deepest_finished_depth() {
    for (step, mv) in [("v07", "a2a3"), ("v07", "g1f3"), ("v10", "g1f3")] {
        let text = answer(step, &["--nodes", "5000", "--why", mv]);
        let (depth, _, _) = head(&text);
        assert!(depth < 64, "{text}");
        assert!(!text.contains("depth 64"), "{text}");
        assert!(!text.contains("was not searched"), "{text}");
        assert!(
            text.contains(&format!(
                "(depth {} was cut short; depth {depth} is the deepest the search finished",
                depth + 1
            )),
            "{text}"
        );
    }
}

#[test]
fn why_on_a_whole_search_says_nothing_of_a_stop() {
    let text = answer("v07", &["--depth", "2", "--why", "a2a3"]);
    assert!(
        text.starts_with("why not a2a3: LaMoSca v0.07, depth 2, best "),
        "{text}"
    );
    assert!(!text.contains("cut short"), "{text}");
}

/// Fail-hard gives the knight's promotion only a bound, "at most 500";
/// `--why-value` searches it, and the queen's, with the full window: the
/// knight is worth less, the queen what the search said.
#[test]
fn why_value_gives_the_named_moves_own_value() {
    let fen = "8/P6k/8/8/8/8/6K1/1r6 w - - 0 1";
    let text = answer(
        "v10",
        &[
            "--fen",
            fen,
            "--depth",
            "3",
            "--why",
            "a7a8n",
            "--why-value",
        ],
    );
    let (_, best, value) = head(&text);
    assert_eq!(best, "a7a8q", "{text}");
    let last = text.lines().last().unwrap();
    let (knight, queen) = last
        .strip_prefix("a7a8n: ")
        .and_then(|rest| rest.strip_suffix(')'))
        .and_then(|rest| rest.split_once(" (a7a8q: "))
        .unwrap_or_else(|| panic!("{last}"));
    let (knight, queen): (i32, i32) = (knight.parse().unwrap(), queen.parse().unwrap());
    assert!(knight < queen, "{last}");
    assert_eq!(queen, value, "{text}");
}

#[test]
fn why_value_gives_a_mate_the_value_the_search_printed() {
    // Ra8 mates: the search answers 30999, a mate one ply away.
    let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let text = answer(
        "v07",
        &["--fen", fen, "--depth", "3", "--why", "a1a2", "--why-value"],
    );
    assert_eq!(head(&text).1, "a1a8", "{text}");
    assert_eq!(head(&text).2, 30999, "{text}");
    let last = text.lines().last().unwrap();
    assert!(last.starts_with("a1a2: "), "{text}");
    assert!(last.ends_with("(a1a8: +30999)"), "{text}");
    assert!(!text.contains("31000"), "{text}");
}

/// Bad questions are one line of standard error and exit code 2: a move
/// that is not legal, `--why-value` without a depth to search one ply less
/// deep, `--why` without a record or a step.
#[test]
fn bad_questions_are_refused() {
    for (step, args, words) in [
        (
            "v09",
            &["--why", "e2e5"][..],
            "--why: 'e2e5' is not a legal move",
        ),
        (
            "v10",
            &["--depth", "1", "--why", "e2e4", "--why-value"],
            "--why-value",
        ),
        ("--why", &["e2e4"], "--record"),
    ] {
        let output = explore(step, args);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains(words), "{args:?}: {stderr}");
    }
}

/// A record of `E` searching the Italian game four plies deep with its
/// defaults.
fn italian<E: Engine>() -> Record {
    let fen = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 6 5";
    let position = Position::from_fen(fen).unwrap();
    let (_, bytes) = record_search(
        &mut E::new(),
        &position,
        4,
        0,
        default_options::<E>(),
        Vec::new(),
    )
    .unwrap();
    Record::from_bytes(bytes).unwrap()
}

/// Every refuted root move's answer states the bound its search proved:
/// fail-soft (v0.11), the value the refutation found, below the root's
/// alpha or at it, the reply worth at least what it found, and the line's
/// last node at most its value; fail-hard (v0.10), the root's alpha, with
/// only the bound known.
#[test]
fn why_states_the_bound_the_search_proved() {
    let soft = italian::<lamosca_v11_lazy::LazySearch>();
    let (mut below, mut at) = (0, 0);
    for mv in ["a2a3", "c4a6", "f3e5", "c4d5", "e1g1", "h2h3"] {
        let text = why_not(&soft, mv).unwrap().unwrap();
        assert!(!text.contains("fail-hard"), "{text}");
        if text.contains("below 0, the best value found before it") {
            below += 1;
            assert!(
                text.contains("(fail-soft: the reply's value is the bound)\n"),
                "{text}"
            );
            assert!(
                text.contains(" to the side replying, past its beta 0\n"),
                "{text}"
            );
        } else {
            at += 1;
            assert!(
                text.contains(&format!("{mv} is worth at most 0, ")),
                "{text}"
            );
            assert!(
                text.contains("(fail-soft: the reply's value is the bound, and it is beta)\n"),
                "{text}"
            );
        }
        assert!(
            text.contains("refuted by ") && text.contains(", worth at least "),
            "{text}"
        );
        assert!(text.contains(" node, worth at most "), "{text}");
    }
    assert!(below > 0 && at > 0, "{below} below alpha, {at} at it");
    let hard = italian::<QuiescenceSearch>();
    let text = why_not(&hard, "a2a3").unwrap().unwrap();
    assert!(
        text.contains("a2a3 is worth at most -4, the best value found before it: a reply reached beta at its node, a beta cut-off (fail-hard: only the bound is known)\nrefuted by d7d6, worth 4 to the side replying, at least its beta 4\n"),
        "{text}"
    );
}
