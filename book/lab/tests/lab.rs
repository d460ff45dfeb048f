//! The lab answers as the command line does: the record `record_search`
//! writes, `compare`'s text, and the binary's words for each mistake. The
//! byte-for-byte check against the binaries themselves is the browser
//! test's (`book/stepper/test/lab_browser_test.py`).

use lamosca_lab::{compare, facts, log, options, record, why, Request};
use lamosca_reader::Record;
use lamosca_record::{default_options, record_search};

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
fn a_capped_search_shows_the_deepest_depth_that_finished() {
    let capped = log(&request(r#"{"version": "v07", "depth": 5, "nodes": 5000}"#)).unwrap();
    // v0.07 needs 421 nodes at depth 2 and 9,323 at depth 3: depth 3 is
    // the one the cap stops, and the log shown is depth 2's, whole.
    assert_eq!(capped.depth, 2);
    let whole = log(&request(r#"{"version": "v07", "depth": 2}"#)).unwrap();
    assert_eq!(capped.text, whole.text);
    assert_eq!(capped.nodes, 421);
    let stopped = capped.stopped.unwrap();
    assert!(
        stopped.starts_with("depth 2 finished, depth 3 stopped at the node cap of 5000 after "),
        "{stopped}"
    );
    assert!(stopped.contains(" nodes, "), "{stopped}");

    // The record too is the one of depth 2 searched on its own.
    let record_capped =
        record(&request(r#"{"version": "v09", "depth": 6, "nodes": 3000}"#)).unwrap();
    let finished = record_capped.depth;
    assert!((1..6).contains(&finished), "{record_capped:?}");
    let record_whole = record(&request(&format!(
        r#"{{"version": "v09", "depth": {finished}}}"#
    )))
    .unwrap();
    assert_eq!(record_capped.text, record_whole.text);
    assert!(record_capped.text.starts_with(&format!(
        r#"{{"event":"search","schema":1,"version":"LaMoSca v0.09","fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","depth":{finished},"#
    )));
    assert!(record_capped.stopped.unwrap().starts_with(&format!(
        "depth {finished} finished, depth {} stopped at the node cap of 3000 after ",
        finished + 1
    )));
}

#[test]
fn a_search_the_cap_does_not_reach_says_nothing_of_it() {
    let outcome = record(&request(r#"{"version": "v11", "depth": 3}"#)).unwrap();
    assert_eq!(outcome.stopped, None);
    assert_eq!(outcome.depth, 3);
}

#[test]
fn a_deep_search_under_a_small_cap_still_answers_with_a_move() {
    for version in lamosca_lab::versions() {
        let outcome = log(&request(&format!(
            r#"{{"version": "{version}", "depth": 20, "nodes": 2000, "trace": 0}}"#
        )))
        .unwrap();
        let last = outcome.text.lines().last().unwrap();
        assert!(
            last.starts_with("bestmove ") && !last.starts_with("bestmove 0000"),
            "{version}: {last}"
        );
        assert!(
            outcome.depth >= 1 && outcome.depth < 20,
            "{version}: {outcome:?}"
        );
        assert!(outcome.stopped.is_some(), "{version}: {outcome:?}");
    }
    // Depth 1 is searched whole whatever the cap; what is shown is a
    // depth searched whole, and the depth asked for is said to have stopped.
    let one = log(&request(
        r#"{"version": "v09", "depth": 8, "nodes": 1, "trace": 0}"#,
    ))
    .unwrap();
    let whole = log(&request(&format!(
        r#"{{"version": "v09", "depth": {}, "trace": 0}}"#,
        one.depth
    )))
    .unwrap();
    assert_eq!(one.text, whole.text);
    assert!(one.text.contains("bestmove ") && !one.text.contains("bestmove 0000"));
    assert!(one.depth < 8 && one.stopped.is_some(), "{one:?}");
}

#[test]
fn a_cap_the_page_cannot_hold_is_refused_before_searching() {
    let words = error(record(&request(
        r#"{"version": "v07", "depth": 20, "nodes": 2000000}"#,
    )));
    assert!(
        words.starts_with("a node cap of 2000000 is more than the page can hold: "),
        "{words}"
    );
    assert!(words.contains("at most 500000 nodes"), "{words}");
    assert!(record(&request(&format!(
        r#"{{"version": "v07", "depth": 1, "nodes": {}}}"#,
        lamosca_lab::MAX_NODE_CAP
    )))
    .is_ok());
}

#[test]
fn a_long_fen_or_move_is_echoed_cut_as_the_command_line_cuts_it() {
    use lamosca_front::cli::PositionArgs;
    let fen = "p".repeat(40_000);
    let line = |fen: Option<&str>, moves: &[&str]| {
        let args = PositionArgs {
            fen: fen.map(str::to_string),
            moves: moves.iter().map(|mv| mv.to_string()).collect(),
        };
        args.position().unwrap_err().to_string()
    };
    let lab = error(record(&request(&format!(
        r#"{{"version": "v09", "fen": "{fen}"}}"#
    ))));
    assert_eq!(lab, line(Some(&fen), &[]));
    assert!(
        lab.starts_with(&format!("bad --fen '{}...': ", "p".repeat(100))),
        "{lab}"
    );
    assert!(lab.len() < 400, "{lab}");
    let mv = "e".repeat(40_000);
    let lab = error(record(&request(&format!(
        r#"{{"version": "v09", "moves": "e2e4 {mv}"}}"#
    ))));
    assert_eq!(lab, line(None, &["e2e4", &mv]));
    assert!(lab.len() < 400, "{lab}");
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
    // A record that names an impossible move is an error, not a panic.
    let impossible = b.text.replacen("\"move\":\"a2a3\"", "\"move\":\"a2a8\"", 1);
    assert_ne!(impossible, b.text);
    let refused = error(compare(&a.text, &impossible));
    assert!(
        refused.starts_with("cannot read record B: line "),
        "{refused}"
    );
    assert!(
        refused.contains("'a2a8' is no legal move in the position of node "),
        "{refused}"
    );
    let garbage = a.text.replacen(common::START_FEN, "garbage", 1);
    assert_ne!(garbage, a.text);
    let refused = error(compare(&garbage, &b.text));
    assert!(
        refused.starts_with("cannot read record A: line 1: the position 'garbage' is no FEN"),
        "{refused}"
    );
    assert!(error(why(&garbage, "e2e4")).contains("is no FEN"));
}

#[test]
fn facts_are_the_record_reader_s_as_the_book_writes_them() {
    // The page's stepper gets each node's facts for a search made in the
    // page from the same function that writes them beside the book's own
    // records.
    let searched = record(&request(r#"{"version": "v11", "depth": 3}"#)).unwrap();
    let lab = facts(&searched.text).unwrap();
    let reader = Record::from_bytes(searched.text.clone().into_bytes()).unwrap();
    assert_eq!(lab, reader.facts().unwrap());
    assert_eq!(lab.len() as u32, reader.node_count());
    assert!(lab.iter().any(|node| node.research), "v0.11 searches again");
    assert!(error(facts("{}")).starts_with("cannot read the record"));
}

#[test]
fn options_list_each_switch_with_its_flag() {
    let v11 = options("v11").unwrap();
    assert_eq!(v11["name"], "LaMoSca v0.11");
    let switches = v11["options"].as_array().unwrap();
    assert_eq!(switches[0]["name"], "Ideas");
    assert_eq!(switches[0]["kind"], "list");
    let all_but_the_table = "order,fail-soft,draws,iid,lazy,selective,incremental";
    assert_eq!(switches[0]["default"], all_but_the_table);
    assert_eq!(switches[0]["names"][2], "draws");
    let margin = &switches[1];
    assert_eq!(margin["name"], "Margin");
    assert_eq!(margin["flag"], "margin");
    assert_eq!(margin["kind"], "spin");
    assert_eq!(options("v07").unwrap()["options"], serde_json::json!([]));
}

#[test]
fn the_page_is_given_every_step_the_lab_runs() {
    let steps = lamosca_lab::steps();
    let steps = steps.as_array().unwrap();
    assert_eq!(steps.len(), lamosca_lab::versions().count());
    assert_eq!(
        steps[0],
        serde_json::json!({"version": "v07", "title": "v0.07"})
    );
    for (step, version) in steps.iter().zip(lamosca_lab::versions()) {
        assert_eq!(step["version"], version);
        let name = &options(version).unwrap()["name"];
        assert_eq!(
            name,
            &format!("LaMoSca {}", step["title"].as_str().unwrap())
        );
    }
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
}

#[test]
fn why_not_refuses_a_move_in_the_page_s_words() {
    let outcome = record(&request(r#"{"version": "v09", "depth": 3}"#)).unwrap();
    // The panel's words, with the side to move and a move that is one,
    // not the command line's `--why: 'e2e5' is not a legal move here`.
    assert_eq!(
        error(why(&outcome.text, "e2e5")),
        "e2e5 is not a legal move in the position searched, with White to move: \
         \"Why not this move?\" asks about one of its moves, such as d2d4"
    );
    assert!(error(why(&outcome.text, "e7e5")).starts_with("e7e5 is not a legal move"));
    assert_eq!(
        error(why(&outcome.text, "")),
        "type a move of the position searched first, such as d2d4"
    );
    // What a reader types is echoed cut to a length a line can hold.
    let long = "e2e4".repeat(100);
    let refused = error(why(&outcome.text, &long));
    assert!(
        refused.starts_with("e2e4e2e4e2e4... is not a legal move"),
        "{refused}"
    );
    for refused in [
        error(why(&outcome.text, "e2e5")),
        error(why(&outcome.text, "")),
    ] {
        assert!(!refused.contains("--why"), "{refused}");
    }
    let json = r#"{"version": "v09", "depth": 3}"#;
    let refused = lamosca_lab::why_value(&request(json), &outcome.text, "e2e5").unwrap_err();
    assert!(format!("{refused:#}").starts_with("e2e5 is not a legal move in the position searched"));
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

#[test]
fn why_value_gives_the_named_move_its_own_value_beside_the_chosen_one() {
    let json = r#"{"version": "v10", "fen": "8/P6k/8/8/8/8/6K1/1r6 w - - 0 1", "depth": 3}"#;
    let outcome = record(&request(json)).unwrap();
    let text = lamosca_lab::why_value(&request(json), &outcome.text, "a7a8n").unwrap();
    // "a7a8n: V (a7a8q: W)": the knight's value, and the queen's beside it.
    let (knight, rest) = text
        .split_once(" (a7a8q: ")
        .expect("the chosen move beside it");
    let knight: i32 = knight.strip_prefix("a7a8n: ").unwrap().parse().unwrap();
    let queen: i32 = rest.strip_suffix(')').unwrap().parse().unwrap();
    assert!(queen > knight + 500, "{text}");
    // One ply deep there is nothing shallower to search each move with.
    let shallow = r#"{"version": "v10", "fen": "8/P6k/8/8/8/8/6K1/1r6 w - - 0 1", "depth": 1}"#;
    let outcome = record(&request(shallow)).unwrap();
    let refused = lamosca_lab::why_value(&request(shallow), &outcome.text, "a7a8n").unwrap_err();
    assert!(
        format!("{refused:#}").contains("depth 2 at least"),
        "{refused:#}"
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
    for version in lamosca_lab::versions() {
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
        // The budget stopped a depth deeper than the one whose move it plays.
        assert!(
            thought
                .stopped
                .is_some_and(|stopped| stopped == thought.depth + 1),
            "{version}: {thought:?}"
        );
        assert!(thought.nodes <= 3000 + 4096, "{version}: {thought:?}");
    }
    assert_eq!(
        error(lamosca_lab::think(&request(
            r#"{"version": "v09", "moves": "f2f3 e7e5 g2g4 d8h4"}"#
        ))),
        "the game is over: there is no legal move"
    );
}
