//! The lab answers as the command line does: the record `record_search`
//! writes, `compare`'s text, and the binary's words for each mistake. The
//! byte-for-byte check against the binaries themselves is the browser
//! test's (`book/stepper/test/lab_browser_test.py`).

use lamosca_lab::{compare, log, options, record, why, Request};
use lamosca_record::{default_options, record_search, Record};

fn request(json: &str) -> Request {
    Request::from_json(json).unwrap()
}

fn error(result: anyhow::Result<impl std::fmt::Debug>) -> String {
    format!("{:#}", result.unwrap_err())
}

#[test]
fn the_record_is_the_one_record_search_writes() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let lab = record(&request(&format!(
        r#"{{"version": "v09", "fen": "{fen}", "depth": 2}}"#
    )))
    .unwrap();
    let position = common::Position::from_fen(fen).unwrap();
    let (_, bytes) = record_search(
        &mut <lamosca_v09::AlphaBeta as lamosca_search::Engine>::new(),
        &position,
        2,
        0,
        default_options::<lamosca_v09::AlphaBeta>(),
        Vec::new(),
    )
    .unwrap();
    assert_eq!(lab.text, String::from_utf8(bytes).unwrap());
    assert_eq!(lab.stopped, None);
}

#[test]
fn options_reach_the_engine_and_the_header() {
    let on = record(&request(r#"{"version": "v09", "depth": 3}"#)).unwrap();
    let off = record(&request(
        r#"{"version": "v09", "depth": 3, "options": {"history": false, "MvvLva": "false"}}"#,
    ))
    .unwrap();
    let header = off.text.lines().next().unwrap();
    assert!(
        header.contains(r#""MvvLva":false,"History":false"#),
        "{header}"
    );
    assert_ne!(on.nodes, off.nodes);
}

#[test]
fn the_log_ends_with_the_statistics_and_the_move() {
    let outcome = log(&request(r#"{"version": "v07", "depth": 2, "words": "it"}"#)).unwrap();
    let lines: Vec<&str> = outcome.text.lines().collect();
    assert!(lines[0].starts_with("Mosse livello 2: "), "{}", lines[0]);
    assert!(lines[lines.len() - 2].starts_with("Statistics: nodes 421"));
    assert_eq!(lines[lines.len() - 1], "bestmove d2d4 value 0 nodes 421");
}

#[test]
fn the_node_cap_stops_a_search_and_says_where() {
    let outcome = log(&request(r#"{"version": "v07", "depth": 5, "nodes": 5000}"#)).unwrap();
    let stopped = outcome.stopped.unwrap();
    assert!(
        stopped.starts_with("stopped by the node cap of 5000 after 5001 nodes, in the line "),
        "{stopped}"
    );
    // The cap is compared at every node: the search stops at the first
    // node past it.
    assert_eq!(outcome.nodes, 5001);
}

#[test]
fn mistakes_get_the_binary_s_words() {
    let bad = |json: &str| error(record(&request(json)));
    assert!(bad(r#"{"version": "v09", "fen": "8/8/8/8 w - -"}"#)
        .starts_with("bad --fen '8/8/8/8 w - -': "));
    assert_eq!(
        bad(r#"{"version": "v09", "moves": "e2e4 e7e5 e1e3"}"#),
        "move 3 of --moves: 'e1e3' is not a legal move here"
    );
    assert_eq!(
        bad(r#"{"version": "v09", "depth": 65}"#),
        "invalid value '65' for '--depth <N>': 65 is not in 1..=64"
    );
    assert_eq!(
        bad(r#"{"version": "v11", "options": {"Margin": 9999}}"#),
        "invalid value '9999' for '--margin <N>': option Margin takes a whole number from 0 to 1280, not '9999'"
    );
    assert_eq!(
        bad(r#"{"version": "v09", "options": {"Hash": 1}}"#),
        "unknown option: Hash"
    );
    assert_eq!(
        bad(r#"{"version": "v08"}"#),
        "unknown version 'v08': the lab runs v07, v09, v10, v11"
    );
    assert!(Request::from_json(r#"{"version": "v09", "dept": 3}"#).is_err());
}

#[test]
fn compare_reads_records_held_as_text_as_it_reads_files() {
    let a = record(&request(r#"{"version": "v07", "depth": 3}"#)).unwrap();
    let b = record(&request(r#"{"version": "v09", "depth": 3}"#)).unwrap();
    let text = compare(&a.text, &b.text).unwrap();

    let folder = std::env::temp_dir();
    let path_a = folder.join(format!("{}-lab-a.jsonl", std::process::id()));
    let path_b = folder.join(format!("{}-lab-b.jsonl", std::process::id()));
    std::fs::write(&path_a, &a.text).unwrap();
    std::fs::write(&path_b, &b.text).unwrap();
    let mut from_files = Vec::new();
    lamosca_explorer::compare::compare(
        &Record::open(&path_a).unwrap(),
        &Record::open(&path_b).unwrap(),
        &mut from_files,
    )
    .unwrap();
    assert_eq!(text, String::from_utf8(from_files).unwrap());
    assert!(text.contains("nodes"), "{text}");

    let cut = &b.text[..b.text.len() - 3];
    assert!(error(compare(&a.text, cut)).starts_with("cannot read record B: line "));
}

#[test]
fn options_list_each_switch_with_its_flag() {
    let v11 = options("v11").unwrap();
    assert_eq!(v11["name"], "LaMoSca v0.11");
    let margin = &v11["options"].as_array().unwrap()[3];
    assert_eq!(margin["name"], "Margin");
    assert_eq!(margin["flag"], "margin");
    assert_eq!(margin["kind"], "spin");
    assert_eq!(options("v07").unwrap()["options"], serde_json::json!([]));
}

#[test]
fn why_not_names_the_bound_the_refutation_and_the_line() {
    let outcome = record(&request(r#"{"version": "v09", "depth": 3}"#)).unwrap();
    let text = why(&outcome.text, "e2e4").unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "why not e2e4: LaMoSca v0.09, depth 3, best d2d4 with value 12"
    );
    assert!(lines[1].starts_with("e2e4 is worth at most 12, "), "{text}");
    assert!(lines[2].starts_with("refuted by e7e5, "), "{text}");
    assert_eq!(lines[3], "line: e2e4 e7e5");
    let chosen = why(&outcome.text, "d2d4").unwrap();
    assert!(
        chosen.contains("d2d4 is the move chosen: value 12"),
        "{chosen}"
    );
    assert_eq!(
        error(why(&outcome.text, "e2e5")),
        "--why: 'e2e5' is not a legal move here"
    );
}

#[test]
fn why_not_shows_the_stand_pat_that_settled_a_quiescence_line() {
    let outcome = record(&request(r#"{"version": "v10", "depth": 2}"#)).unwrap();
    let text = why(&outcome.text, "a2a3").unwrap();
    assert!(
        text.contains("a2a3 is worth -11, less than d2d4's 0"),
        "{text}"
    );
    assert!(
        text.contains("the line ends at a quiescence node, worth -11 to the side to move there, where: stand pat -11"),
        "{text}"
    );
}

fn state(json: &str) -> lamosca_lab::GameState {
    lamosca_lab::game(&request(json)).unwrap()
}

#[test]
fn a_game_ends_by_the_rules() {
    let mate = state(
        r#"{"version": "", "moves": "f2f3 e7e5 g2g4 d8h4", "white": "Reader", "black": "LaMoSca v0.07"}"#,
    );
    assert_eq!(mate.over.as_deref(), Some("checkmate"));
    assert_eq!(mate.result, "0-1");
    assert_eq!(mate.played, ["f3", "e5", "g4", "Qh4#"]);
    assert!(mate.legal.is_empty());
    assert!(mate.pgn.contains("[White \"Reader\"]\n[Black \"LaMoSca v0.07\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n"), "{}", mate.pgn);

    let stalemate = state(r#"{"version": "", "fen": "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"}"#);
    assert_eq!(stalemate.over.as_deref(), Some("stalemate"));
    assert_eq!(stalemate.result, "1/2-1/2");
    assert!(stalemate
        .pgn
        .contains("[SetUp \"1\"]\n[FEN \"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\"]"));

    let knights = "g1f3 g8f6 f3g1 f6g8";
    let twice = state(&format!(r#"{{"version": "", "moves": "{knights}"}}"#));
    assert_eq!(
        twice.over.as_deref(),
        None,
        "the start position twice is no draw yet"
    );
    let thrice = state(&format!(
        r#"{{"version": "", "moves": "{knights} {knights}"}}"#
    ));
    assert_eq!(thrice.over.as_deref(), Some("threefold repetition"));

    let fifty = state(r#"{"version": "", "fen": "8/8/8/8/8/k7/8/K6R w - - 100 80"}"#);
    assert_eq!(fifty.over.as_deref(), Some("fifty-move rule"));
    let kings = state(r#"{"version": "", "fen": "8/8/8/8/8/k7/8/K7 w - - 0 1"}"#);
    assert_eq!(kings.over.as_deref(), Some("insufficient material"));
}

#[test]
fn moves_are_named_in_algebraic_notation() {
    let names = |fen: &str| {
        state(&format!(r#"{{"version": "", "fen": "{fen}"}}"#))
            .legal
            .into_iter()
            .map(|mv| (mv.uci, mv.san))
            .collect::<std::collections::HashMap<_, _>>()
    };
    let knights = names("k7/8/8/8/8/8/8/KN3N2 w - - 0 1");
    assert_eq!(knights["b1d2"], "Nbd2");
    assert_eq!(knights["f1d2"], "Nfd2");
    assert_eq!(knights["b1c3"], "Nc3");
    let promotion = names("k7/4P3/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(promotion["e7e8q"], "e8=Q+");
    assert_eq!(promotion["e7e8n"], "e8=N");
    let castling = names("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(castling["e1g1"], "O-O");
    assert_eq!(castling["e1c1"], "O-O-O");
    assert_eq!(castling["a1a8"], "Rxa8+");
    let en_passant = state(r#"{"version": "", "moves": "e2e4 a7a6 e4e5 d7d5"}"#);
    assert!(en_passant
        .legal
        .iter()
        .any(|mv| mv.uci == "e5d6" && mv.san == "exd6"));
}

#[test]
fn each_step_thinks_within_its_node_budget() {
    for version in lamosca_lab::VERSIONS {
        let thought = lamosca_lab::think(&request(&format!(
            r#"{{"version": "{version}", "moves": "e2e4", "nodes": 3000}}"#
        )))
        .unwrap();
        let legal = state(r#"{"version": "", "moves": "e2e4"}"#).legal;
        assert!(
            legal.iter().any(|mv| mv.uci == thought.best),
            "{version}: {thought:?}"
        );
        assert!(thought.depth >= 1, "{version}: {thought:?}");
        assert!(thought.nodes <= 3000 + 4096, "{version}: {thought:?}");
    }
    assert_eq!(
        error(lamosca_lab::think(&request(
            r#"{"version": "v09", "moves": "f2f3 e7e5 g2g4 d8h4"}"#
        ))),
        "the game is over: there is no legal move"
    );
}
