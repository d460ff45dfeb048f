//! The explorer without a terminal: keys played from a script, and its
//! screens drawn on ratatui's `TestBackend` and kept as snapshots.

#[path = "../../reader/tests/record_support/mod.rs"]
mod record_support;

use std::sync::OnceLock;

use common::Position;
use lamosca_explorer::compare::compare;
use lamosca_explorer::explorer::{draw, Explorer, Key, Mode};
use lamosca_reader::Record;
use lamosca_record::{default_options, record_search as record_engine, Event};
use lamosca_search::Engine;
use lamosca_v09::AlphaBeta;
use lamosca_v11_lazy::LazySearch;
use proptest::prelude::*;
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use record_support::tamper::{change, changed};
use record_support::{record_search, Algorithm, SCANDINAVIAN};

/// The smallest screen the explorer is made for.
const WIDTH: u16 = 80;
const HEIGHT: u16 = 24;

/// The Scandinavian searched two plies deep by alpha-beta.
fn scandinavian(name: &str) -> Record {
    let (path, _) = record_search(SCANDINAVIAN, 2, Algorithm::AlphaBeta, name);
    Record::open(&path).unwrap()
}

fn play(explorer: &mut Explorer, script: &str) {
    for key in Key::script(script) {
        explorer.press(key).unwrap();
    }
}

/// The screen as plain text, a line per row, without trailing spaces, as
/// the book shows it.
fn screen(explorer: &Explorer) -> String {
    let mut terminal = Terminal::new(TestBackend::new(WIDTH, HEIGHT)).unwrap();
    terminal.draw(|frame| draw(frame, explorer)).unwrap();
    let buffer = terminal.backend().buffer();
    let mut text = String::new();
    for y in 0..HEIGHT {
        let row: String = (0..WIDTH).map(|x| buffer[(x, y)].symbol()).collect();
        text.push_str(row.trim_end());
        text.push('\n');
    }
    text
}

#[test]
fn a_key_script_lands_where_the_record_says() {
    let record = scandinavian("script.jsonl");
    let mut explorer = Explorer::new(&record).unwrap();
    let root = record.roots()[0];
    assert_eq!(explorer.node().unwrap().id, root);

    // Into the first child, then two siblings on.
    play(&mut explorer, "lnn");
    let first = record.first_child(root).unwrap();
    let third = record
        .next_sibling(record.next_sibling(first).unwrap())
        .unwrap();
    assert_eq!(explorer.node().unwrap().id, third);
    assert_eq!(explorer.path().len(), 1);

    // Back one sibling, out to the root.
    play(&mut explorer, "ph");
    assert_eq!(explorer.node().unwrap().id, root);

    // The next cut is the first in the file after the cursor.
    let cut = *record
        .cuts()
        .iter()
        .find(|place| place.offset > explorer.cursor())
        .unwrap();
    play(&mut explorer, "c");
    assert_eq!(explorer.cursor(), cut.offset);
    assert_eq!(explorer.node().unwrap().id, cut.node);
    assert!(matches!(explorer.event(), Event::Cut(_)));

    // A step forward and back returns to the same event.
    play(&mut explorer, "jk");
    assert_eq!(explorer.cursor(), cut.offset);

    // A typed path: the node reached by those moves.
    play(&mut explorer, "ge4d5 d8d5<enter>");
    let e4d5 = record.child_by_move(root, "e4d5").unwrap();
    let d8d5 = record.child_by_move(e4d5, "d8d5").unwrap();
    assert_eq!(explorer.node().unwrap().id, d8d5);
    assert_eq!(*explorer.mode(), Mode::Browse);

    // A legal move that was not searched (cut off before it was) stops
    // the path where it was.
    let cut = record.cuts()[0].node;
    let position = explorer_position(&record, cut);
    let unsearched = position
        .legal_moves()
        .into_iter()
        .map(|mv| mv.to_string())
        .find(|mv| record.child_by_move(cut, mv).is_none())
        .unwrap();
    let path: Vec<String> = record.path(cut).iter().map(|mv| mv.to_string()).collect();
    play(
        &mut explorer,
        &format!("g{} {unsearched}<enter>", path.join(" ")),
    );
    assert_eq!(explorer.node().unwrap().id, cut);
    assert_eq!(
        explorer.message(),
        Some(format!("{unsearched} was not searched here").as_str())
    );

    play(&mut explorer, "q");
    assert!(explorer.done());
}

/// The position at node `id`, set up from the header and the path.
fn explorer_position(record: &Record, id: u32) -> common::Position {
    let mut position = common::Position::from_fen(&record.header().fen).unwrap();
    for mv in record.path(id) {
        let legal = position.parse_move(mv.as_str()).unwrap();
        position.make(legal);
    }
    position
}

#[test]
fn a_swap_marks_the_move_tried_next() {
    let record = scandinavian("swap.jsonl");
    let mut explorer = Explorer::new(&record).unwrap();
    play(&mut explorer, "s");
    let Event::Swap(swap) = explorer.event().clone() else {
        panic!("s did not land on a swap: {:?}", explorer.event());
    };
    assert_eq!(explorer.cursor(), record.swaps()[0].offset);
    // The child entered right after the swap is the move swapped in.
    let node = explorer.node().unwrap().id;
    let next = record
        .children(node)
        .find(|child| child.start > explorer.cursor())
        .unwrap();
    assert_eq!(next.mv.unwrap().as_str(), swap.into);
    let rows = explorer.rows();
    let row = rows.iter().find(|row| row.mv == swap.into).unwrap();
    assert_eq!(row.child, Some(next.id));
    assert_eq!(row.swapped_for.as_deref(), Some(swap.out.as_str()));
}

#[test]
fn the_value_so_far_is_the_best_returned_before_the_cursor() {
    let record = scandinavian("value.jsonl");
    let mut explorer = Explorer::new(&record).unwrap();
    assert_eq!(explorer.value_so_far(), None);
    // At a cut, the best so far is the move that cut.
    play(&mut explorer, "c");
    let Event::Cut(cut) = explorer.event().clone() else {
        panic!("c did not land on a cut: {:?}", explorer.event());
    };
    assert_eq!(explorer.value_so_far(), Some((cut.value, Some(cut.mv))));
    // At its result, the node's value.
    while !matches!(explorer.event(), Event::Result(_)) {
        play(&mut explorer, "j");
    }
    let node = *explorer.node().unwrap();
    assert_eq!(
        explorer.value_so_far(),
        Some((node.value, node.best.map(|mv| mv.to_string())))
    );
}

/// Checks the screen after `keys` against the snapshot `name`, described
/// by the position, the search and the keys.
fn check_screen(name: &str, explorer: &Explorer, keys: &str) {
    let description = format!("{SCANDINAVIAN}, alpha-beta, depth 2, after the keys '{keys}'");
    insta::with_settings!({ description => description }, {
        insta::assert_snapshot!(name, screen(explorer));
    });
}

#[test]
fn screen_root() {
    let record = scandinavian("screen_root.jsonl");
    let explorer = Explorer::new(&record).unwrap();
    check_screen("scandinavian_d2_root", &explorer, "");
}

#[test]
fn screen_after_first_swap_and_cut() {
    let record = scandinavian("screen_cut.jsonl");
    let mut explorer = Explorer::new(&record).unwrap();
    play(&mut explorer, "s");
    check_screen("scandinavian_d2_first_swap", &explorer, "s");
    play(&mut explorer, "c");
    check_screen("scandinavian_d2_first_cut", &explorer, "sc");
}

#[test]
fn screen_help_and_path_prompt() {
    let record = scandinavian("screen_help.jsonl");
    let mut explorer = Explorer::new(&record).unwrap();
    play(&mut explorer, "?");
    check_screen("scandinavian_d2_help", &explorer, "?");
    play(&mut explorer, "xge4d5 d8");
    check_screen("scandinavian_d2_path_prompt", &explorer, "?xge4d5 d8");
}

#[test]
fn a_deepening_record_has_a_root_per_depth_and_the_report_shows_the_last() {
    let (path, _) = record_support::deepening_record(SCANDINAVIAN, 2, "deepening.jsonl");
    let record = Record::open(&path).unwrap();
    assert_eq!(record.roots().len(), 2);
    let mut explorer = Explorer::new(&record).unwrap();
    assert_eq!(explorer.node().unwrap().id, record.roots()[0]);
    // The next sibling of the first root is the second.
    play(&mut explorer, "n");
    assert_eq!(explorer.node().unwrap().id, record.roots()[1]);
    // A path is followed from the current root.
    play(&mut explorer, "ge4d5<enter>");
    let e4d5 = record.child_by_move(record.roots()[1], "e4d5").unwrap();
    assert_eq!(explorer.node().unwrap().id, e4d5);
    // Step to the end: the report belongs to no node and shows the last
    // root.
    while !matches!(explorer.event(), Event::Report(_)) {
        play(&mut explorer, "j");
    }
    assert_eq!(explorer.node().unwrap().id, record.roots()[1]);
    play(&mut explorer, "j");
    assert_eq!(explorer.message(), Some("this is the last event"));
}

/// A record shaped as v0.11's internal deepening writes one, made by hand
/// on the Scandinavian: each node first searches its own position two
/// plies shallower, a re-search the record enters as a child at the
/// node's own level and with the node's own move (none at the root).
///
/// ```text
/// 1 root                        15, best e4d5
/// ├─ 2 (re-search, depth 1)     20, best e4d5
/// │  ├─ 3 e4d5                  -20
/// │  └─ 4 d2d4                  5
/// ├─ 5 e4d5                     -15, best d8d5
/// │  ├─ 6 (re-search, depth 1)  -30, best d8d5
/// │  │  └─ 7 d8d5               30
/// │  ├─ 8 d8d5                  15, a lazy cut
/// │  └─ 9 g8f6                  25, a stand pat that cuts
/// └─ 10 d2d4, window (-32000, -15)  40, cut by d5e4
///    └─ 11 d5e4                 -40
/// ```
fn research_record(name: &str) -> Record {
    use lamosca_record::{ChapterEvent, Cut, MoveList, NodeEntry, NodeKind, NodeResult};
    use lamosca_record::{Header, OrderedMove, Summary, SCHEMA};
    const INF: i32 = 32000;
    let node = |id, parent: Option<u32>, level, mv: Option<&str>, beta, kind| {
        Event::Node(NodeEntry {
            id,
            parent,
            level,
            mv: mv.map(str::to_string),
            alpha: -INF,
            beta,
            kind,
        })
    };
    let result = |node, value, best: Option<&str>| {
        Event::Result(NodeResult {
            node,
            value,
            best: best.map(str::to_string),
        })
    };
    let moves = |node, list: &[&str]| {
        Event::Moves(MoveList {
            node,
            moves: list
                .iter()
                .map(|mv| OrderedMove {
                    mv: mv.to_string(),
                    order: 0,
                })
                .collect(),
        })
    };
    let deepened = |node, mv: &str, value| {
        Event::Chapter(
            ChapterEvent::new("deepened", Some(node))
                .with("depth", 1)
                .with("move", mv)
                .with("value", value),
        )
    };
    let (main, reduced) = (NodeKind::Main, NodeKind::Reduced);
    let events = vec![
        Event::Search(Header {
            schema: SCHEMA,
            version: "test deepening".into(),
            fen: SCANDINAVIAN.into(),
            depth: 3,
            options: Default::default(),
        }),
        node(1, None, 1, None, INF, main),
        node(2, Some(1), 1, None, INF, main),
        moves(2, &["e4d5", "d2d4"]),
        node(3, Some(2), 2, Some("e4d5"), INF, main),
        result(3, -20, None),
        node(4, Some(2), 2, Some("d2d4"), INF, main),
        result(4, 5, None),
        result(2, 20, Some("e4d5")),
        deepened(1, "e4d5", 20),
        moves(1, &["d2d4", "e4d5"]),
        node(5, Some(1), 2, Some("e4d5"), INF, main),
        node(6, Some(5), 2, Some("e4d5"), INF, reduced),
        moves(6, &["d8d5"]),
        node(7, Some(6), 3, Some("d8d5"), INF, reduced),
        result(7, 30, None),
        result(6, -30, Some("d8d5")),
        deepened(5, "d8d5", -30),
        moves(5, &["g8f6", "d8d5"]),
        node(8, Some(5), 3, Some("d8d5"), INF, main),
        Event::Chapter(
            ChapterEvent::new("lazy_cut", Some(8))
                .with("score", 15)
                .with("value", 15)
                .with("depth", 0)
                .with("margin", 0)
                .with("beta", 15),
        ),
        result(8, 15, None),
        node(9, Some(5), 3, Some("g8f6"), INF, main),
        Event::Chapter(
            ChapterEvent::new("stand_pat", Some(9))
                .with("value", 25)
                .with("cut", true),
        ),
        result(9, 25, None),
        result(5, -15, Some("d8d5")),
        node(10, Some(1), 2, Some("d2d4"), -15, main),
        moves(10, &["d5e4"]),
        node(11, Some(10), 3, Some("d5e4"), INF, main),
        result(11, -40, None),
        Event::Cut(Cut {
            node: 10,
            mv: "d5e4".into(),
            value: 40,
        }),
        result(10, 40, Some("d5e4")),
        result(1, 15, Some("e4d5")),
        Event::Report(Summary {
            best: Some("e4d5".into()),
            value: 15,
            nodes: 11,
            statistics: Vec::new(),
        }),
    ];
    Record::open(&record_support::write(&events, name)).unwrap()
}

#[test]
fn a_re_search_keeps_the_board_and_the_path() {
    let record = research_record("research_board.jsonl");
    let mut explorer = Explorer::new(&record).unwrap();
    // Into e4d5, then into its first child: the re-search of e4d5.
    play(&mut explorer, "ge4d5<enter>l");
    assert_eq!(explorer.node().unwrap().id, 6);
    let path: Vec<&str> = explorer.path().iter().map(|mv| mv.as_str()).collect();
    assert_eq!(path, ["e4d5"]);
    let board = explorer.board().unwrap().as_ref().unwrap();
    assert_eq!(
        board.to_fen(),
        "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"
    );
    // Its child is black's d8d5, one move further.
    play(&mut explorer, "l");
    let path: Vec<&str> = explorer.path().iter().map(|mv| mv.as_str()).collect();
    assert_eq!(path, ["e4d5", "d8d5"]);
    assert!(explorer.board().unwrap().is_ok());
    // A typed path never enters a re-search: e4d5 twice is no line.
    play(&mut explorer, "ge4d5 e4d5<enter>");
    assert_ne!(explorer.node().unwrap().id, 6);
}

#[test]
fn a_re_search_is_no_move_and_keeps_its_sign() {
    let record = research_record("research_rows.jsonl");
    let mut explorer = Explorer::new(&record).unwrap();
    // At the end of the root: two moves tried, and the re-search apart.
    while !matches!(explorer.event(), Event::Report(_)) {
        play(&mut explorer, "j");
    }
    let rows = explorer.rows();
    let tried: Vec<&str> = rows
        .iter()
        .filter(|row| row.tried.is_some())
        .map(|row| row.mv.as_str())
        .collect();
    assert_eq!(tried, ["e4d5", "d2d4"]);
    assert_eq!(rows.len(), 3, "{rows:?}");
    let research = &rows[0];
    assert_eq!(research.research, Some(Some(1)));
    // The same side's value: 20 for white, as node 2 returned it.
    assert_eq!(research.value.map(|value| value.value), Some(20));
    // Inside e4d5, once it has returned: its value comes from its moves,
    // not from the re-search's (whose 30, turned round, would look best).
    play(&mut explorer, "ge4d5<enter>");
    while explorer.event().name() != "result" || explorer.event().node() != Some(5) {
        play(&mut explorer, "j");
    }
    assert_eq!(
        explorer.value_so_far(),
        Some((-15, Some("d8d5".to_string())))
    );
    // Before its own moves, nothing is found yet: the re-search found no
    // move of this node.
    play(&mut explorer, "ge4d5<enter>");
    while explorer.event().name() != "deepened" {
        play(&mut explorer, "j");
    }
    assert_eq!(explorer.value_so_far(), None);
}

#[test]
fn a_mistyped_path_says_so_and_moves_nothing() {
    let record = scandinavian("typo.jsonl");
    let mut explorer = Explorer::new(&record).unwrap();
    play(&mut explorer, "ge4d5<enter>");
    let e4d5 = explorer.node().unwrap().id;
    for (typed, said) in [
        ("zz", "zz is not a move in e2e4 form"),
        ("e4", "e4 is not a move in e2e4 form"),
        ("e2e5", "e2e5 is not a legal move at the root"),
        ("e4d5 e7e9", "e7e9 is not a move in e2e4 form"),
        ("e4d5 e2e4", "e2e4 is not a legal move after e4d5"),
    ] {
        play(&mut explorer, &format!("g{typed}<enter>"));
        assert_eq!(explorer.message(), Some(said), "after g{typed}");
        assert_eq!(explorer.node().unwrap().id, e4d5, "after g{typed}");
        // The prompt stays open with the text, to be mended, and the
        // status line says why.
        assert_eq!(*explorer.mode(), Mode::Path(typed.to_string()));
        let status = screen(&explorer).lines().last().unwrap().to_string();
        assert_eq!(status, format!("{said} · go to: {typed}_"));
        play(&mut explorer, "<esc>");
    }
}

#[test]
fn out_to_the_parent_lands_where_the_child_returned() {
    let record = scandinavian("out.jsonl");
    let mut explorer = Explorer::new(&record).unwrap();
    let root = record.roots()[0];
    play(&mut explorer, "ln");
    let second = *explorer.node().unwrap();
    play(&mut explorer, "h");
    assert_eq!(explorer.node().unwrap().id, root);
    // The child has just returned: its value is in the parent's table and
    // in the value so far.
    assert!(
        matches!(explorer.event(), Event::Result(result) if result.node == second.id),
        "{:?}",
        explorer.event()
    );
    let row = explorer
        .rows()
        .into_iter()
        .find(|row| row.child == Some(second.id))
        .unwrap();
    assert_eq!(row.value.map(|value| value.value), Some(-second.value));
    let first = record.first_child(root).unwrap();
    let best_of_two = (-second.value).max(-record.node(first).unwrap().value);
    assert_eq!(
        explorer.value_so_far().map(|(value, _)| value),
        Some(best_of_two)
    );
}

#[test]
fn a_node_shows_only_what_has_happened_by_the_cursor() {
    let record = scandinavian("so_far.jsonl");
    let explorer = Explorer::new(&record).unwrap();
    // At the root's first event nothing is generated, tried or swapped.
    assert!(explorer.rows().is_empty(), "{:?}", explorer.rows());
    let status = screen(&explorer).lines().last().unwrap().to_string();
    assert!(status.contains("swaps: 0 · no cut"), "{status}");
    // One event on, the moves are listed in the order generated, none
    // tried yet.
    let mut explorer = explorer;
    play(&mut explorer, "j");
    let rows = explorer.rows();
    assert!(rows
        .iter()
        .all(|row| row.tried.is_none() && row.swapped_for.is_none()));
    let Event::Moves(list) = explorer.event().clone() else {
        panic!(
            "the root's second event is its move list: {:?}",
            explorer.event()
        );
    };
    let generated: Vec<&str> = list.moves.iter().map(|m| m.mv.as_str()).collect();
    let listed: Vec<&str> = rows.iter().map(|row| row.mv.as_str()).collect();
    assert_eq!(listed, generated);
    // A node that is cut off says so only from its cut on.
    let cut = record.cuts()[0];
    let mut explorer = Explorer::new(&record).unwrap();
    play(&mut explorer, "c");
    assert_eq!(explorer.cursor(), cut.offset);
    let status = screen(&explorer).lines().last().unwrap().to_string();
    assert!(status.contains("cut by"), "{status}");
    let node = cut.node;
    let mut explorer = Explorer::new(&record).unwrap();
    let path: Vec<String> = record.path(node).iter().map(|mv| mv.to_string()).collect();
    play(&mut explorer, &format!("g{}<enter>", path.join(" ")));
    assert_eq!(explorer.node().unwrap().id, node);
    let status = screen(&explorer).lines().last().unwrap().to_string();
    assert!(status.contains("no cut"), "{status}");
}

#[test]
fn e_ends_the_node_and_capital_e_the_search() {
    let record = scandinavian("ends.jsonl");
    let mut explorer = Explorer::new(&record).unwrap();
    play(&mut explorer, "le");
    let first = record.first_child(record.roots()[0]).unwrap();
    assert_eq!(explorer.node().unwrap().id, first);
    assert!(matches!(explorer.event(), Event::Result(result) if result.node == first));
    assert!(explorer.returned(explorer.node().unwrap()));
    // The end of the search: the root as it returned, every move tried
    // with its value or bound.
    play(&mut explorer, "E");
    assert!(matches!(explorer.event(), Event::Report(_)));
    assert_eq!(explorer.node().unwrap().id, record.roots()[0]);
    let rows = explorer.rows();
    assert_eq!(rows.len(), record.children(record.roots()[0]).count());
    assert!(rows
        .iter()
        .all(|row| row.value.is_some() && row.tried.is_some()));
}

#[test]
fn the_root_table_shows_bounds_and_refutations() {
    let record = research_record("bounds.jsonl");
    let mut explorer = Explorer::new(&record).unwrap();
    play(&mut explorer, "E");
    let rows = explorer.rows();
    let d2d4 = rows
        .iter()
        .find(|row| row.mv == "d2d4" && row.research.is_none());
    let d2d4 = d2d4.unwrap();
    // Node 10 failed high with 40 >= its beta -15: d2d4 is worth at most
    // -40 to White, refuted by d5e4.
    assert_eq!(d2d4.value.unwrap().to_string(), "≤ -40");
    assert_eq!(d2d4.reply.as_deref(), Some("d5e4"));
    let e4d5 = rows
        .iter()
        .find(|row| row.mv == "e4d5" && row.research.is_none());
    assert_eq!(e4d5.unwrap().value.unwrap().to_string(), "15");
    let screen = screen(&explorer);
    assert!(screen.contains("2  d2d4       0   ≤ -40 d5e4"), "{screen}");
}

#[test]
fn each_kind_of_cut_has_its_key() {
    let record = research_record("kinds.jsonl");
    let mut explorer = Explorer::new(&record).unwrap();
    play(&mut explorer, "z");
    assert_eq!(explorer.event().name(), "lazy_cut");
    assert_eq!(explorer.node().unwrap().id, 8);
    let text = screen(&explorer);
    assert!(
        text.contains("event: lazy cut: score 15, value 15 at depth 0, margin 0, beta 15"),
        "{text}"
    );
    assert!(
        text.lines().last().unwrap().contains("· lazy cut ·"),
        "{text}"
    );
    play(&mut explorer, "t");
    assert_eq!(explorer.event().name(), "stand_pat");
    assert_eq!(explorer.node().unwrap().id, 9);
    assert!(screen(&explorer).contains("event: stand pat on 25, which reaches beta: cut"));
    play(&mut explorer, "a");
    assert!(matches!(explorer.event(), Event::Cut(cut) if cut.node == 10));
    // Back through every kind, the other way.
    play(&mut explorer, "C");
    assert_eq!(explorer.event().name(), "stand_pat");
    play(&mut explorer, "C");
    assert_eq!(explorer.event().name(), "lazy_cut");
    play(&mut explorer, "C");
    assert_eq!(explorer.message(), Some("no cut before this event"));
    // None after the last: said, with how many there are.
    play(&mut explorer, "z");
    assert_eq!(
        explorer.message(),
        Some("no lazy cut after this event (1 in the search: C goes back)")
    );
    // None at all: said, with how to get some.
    let cursor = explorer.cursor();
    play(&mut explorer, "#");
    assert_eq!(
        explorer.message(),
        Some("no table cut: the table is v0.11's; try explore v11 --ideas all")
    );
    assert_eq!(explorer.cursor(), cursor);
}

#[test]
fn a_search_without_lazy_cuts_says_how_to_get_some() {
    let record = scandinavian("no_lazy.jsonl");
    let mut explorer = Explorer::new(&record).unwrap();
    play(&mut explorer, "z");
    assert_eq!(
        explorer.message(),
        Some("no lazy cut: they are v0.11's; try explore v11 --margin 0")
    );
    play(&mut explorer, "t");
    assert!(explorer.message().unwrap().starts_with("no stand-pat cut"));
    // Each says it in the status line, within the 80 columns.
    for key in ["z", "t", "#"] {
        play(&mut explorer, key);
        let message = explorer.message().unwrap();
        assert!(message.chars().count() <= usize::from(WIDTH), "{message}");
        assert!(screen(&explorer).contains(message));
    }
    // The kinds it has are reached: c and a find the same first cut.
    play(&mut explorer, "a");
    let first = record.cuts()[0].offset;
    assert_eq!(explorer.cursor(), first);
}

#[test]
fn screen_end_of_search() {
    let record = scandinavian("screen_end.jsonl");
    let mut explorer = Explorer::new(&record).unwrap();
    play(&mut explorer, "E");
    check_screen("scandinavian_d2_end", &explorer, "E");
}

#[test]
fn a_v011_search_without_lazy_cuts_names_its_margin() {
    let (_, mut events) = record_search(SCANDINAVIAN, 2, Algorithm::AlphaBeta, "margin_a.jsonl");
    let Event::Search(header) = &mut events[0] else {
        panic!("a record begins with its header");
    };
    header.options = serde_json::Map::from_iter([
        ("Ideas".to_string(), serde_json::Value::from("order,lazy")),
        ("Margin".to_string(), serde_json::Value::from(64)),
    ]);
    let record = Record::open(&record_support::write(&events, "margin_b.jsonl")).unwrap();
    let mut explorer = Explorer::new(&record).unwrap();
    play(&mut explorer, "z");
    assert_eq!(
        explorer.message(),
        Some("no lazy cut in this search at margin 64: try explore v11 --depth 5 --margin 0")
    );
    let Event::Search(header) = &mut events[0] else {
        unreachable!()
    };
    header
        .options
        .insert("Ideas".to_string(), serde_json::Value::from("order,iid"));
    let record = Record::open(&record_support::write(&events, "margin_c.jsonl")).unwrap();
    let mut explorer = Explorer::new(&record).unwrap();
    play(&mut explorer, "z");
    assert_eq!(
        explorer.message(),
        Some("no lazy cut in this search: its options turn lazy cuts off")
    );
}

#[test]
fn why_not_goes_to_where_a_root_move_was_refuted() {
    let record = scandinavian("why.jsonl");
    let mut explorer = Explorer::new(&record).unwrap();
    let root = record.roots()[0];
    // A root move whose reply cut its node off: the search refuted it.
    let refuted = record
        .children(root)
        .find(|child| child.cut.is_some())
        .copied()
        .expect("a refuted root move");
    let mv = refuted.mv.unwrap().to_string();
    play(&mut explorer, &format!("w{mv}<enter>"));
    assert_eq!(explorer.node().unwrap().id, refuted.id);
    // At the end of its node: its result, with the refutation in its row
    // of the parent's table once the cursor goes out.
    assert!(
        matches!(explorer.event(), Event::Result(result) if result.node == refuted.id),
        "{:?}",
        explorer.event()
    );
    assert_eq!(*explorer.mode(), Mode::Browse);
    play(&mut explorer, "h");
    let row = explorer
        .rows()
        .into_iter()
        .find(|row| row.child == Some(refuted.id))
        .unwrap();
    assert_eq!(row.reply, refuted.cut.map(|mv| mv.to_string()));
    // A typo keeps the question open, with the reason.
    play(&mut explorer, "wzz<enter>");
    assert_eq!(*explorer.mode(), Mode::Why("zz".to_string()));
    let status = screen(&explorer).lines().last().unwrap().to_string();
    assert_eq!(status, "zz is not a move in e2e4 form · why not: zz_");
}

/// The explorer's value and cut so far, and the facts the page's stepper
/// reads, come from the record's one rule (`SoFar`): at every event of a
/// record, for the node the explorer shows, they agree.
#[test]
fn the_explorer_and_the_facts_agree_on_what_a_node_has_found() {
    let stepper_records = concat!(env!("CARGO_MANIFEST_DIR"), "/../stepper/test/records/");
    let (scandinavian, _) = record_search(SCANDINAVIAN, 3, Algorithm::AlphaBeta, "agree.jsonl");
    let paths = [
        scandinavian,
        format!("{stepper_records}test-standpat.jsonl").into(),
        format!("{stepper_records}test-research.jsonl").into(),
    ];
    for path in paths {
        let record = Record::open(&path).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        let facts = record.facts().unwrap();
        let mut explorer = Explorer::new(&record).unwrap();
        let (mut stood, mut cut) = (0, 0);
        loop {
            let cursor = explorer.cursor() as usize;
            // Steps count the lines after the header from 0.
            let step = bytes[..cursor]
                .iter()
                .filter(|&&byte| byte == b'\n')
                .count() as u32
                - 1;
            let node = *explorer.node().unwrap();
            let fact = &facts[node.id as usize - 1];
            if !explorer.returned(&node) {
                let best = fact.so_far.iter().take_while(|(at, _)| *at <= step).last();
                let shown = explorer.value_so_far().map(|(value, _)| value);
                assert_eq!(shown, best.map(|(_, value)| *value), "{path:?} step {step}");
                stood += usize::from(shown.is_some());
            }
            let cutoff = fact.cutoff.as_ref().filter(|(at, _)| *at <= step);
            let seen = explorer.cut_so_far().map(|cut| cut.words());
            assert_eq!(
                seen.as_ref(),
                cutoff.map(|(_, words)| words),
                "{path:?} step {step}"
            );
            cut += usize::from(seen.is_some());
            play(&mut explorer, "j");
            if explorer.message() == Some("this is the last event") {
                break;
            }
        }
        assert!(
            stood > 0 && cut > 0,
            "{path:?}: {stood} values, {cut} cuts compared"
        );
    }
}

/// The real records changed field by field below: v0.09 from the start,
/// two plies (its cuts and swaps), and v0.11, three (its re-searches and
/// chapter events), as lines.
fn real_records() -> &'static [Vec<String>] {
    static RECORDS: OnceLock<Vec<Vec<String>>> = OnceLock::new();
    RECORDS.get_or_init(|| {
        let start = Position::startpos();
        vec![
            real_lines::<AlphaBeta>(&start, 2),
            real_lines::<LazySearch>(&start, 3),
        ]
    })
}

fn real_lines<E: Engine>(position: &Position, depth: u32) -> Vec<String> {
    let options = default_options::<E>();
    let (_, bytes) = record_engine(&mut E::new(), position, depth, 0, options, Vec::new()).unwrap();
    let text = String::from_utf8(bytes).unwrap();
    text.lines().map(str::to_string).collect()
}

/// A key a reader may press, the jumps and the path prompt's letters.
fn any_key() -> impl Strategy<Value = Key> {
    prop_oneof![
        4 => proptest::sample::select("jklhnpeEcCatz#sgw? e2d4578xq".chars().collect::<Vec<_>>())
            .prop_map(Key::Char),
        1 => proptest::sample::select(vec![
            Key::Enter, Key::Esc, Key::Backspace, Key::Up, Key::Down, Key::Left, Key::Right,
        ]),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A record with one field changed (or a line dropped or doubled)
    /// that the reader still opens is compared both ways with the record
    /// it came from, and stepped through key by key with every screen
    /// drawn: each may refuse with an error, and none panics.
    #[test]
    fn a_changed_record_is_compared_and_explored_without_a_panic(
        which in 0..2usize,
        change in change(),
        keys in proptest::collection::vec(any_key(), 0..60),
    ) {
        let lines = &real_records()[which];
        let Ok(record) = Record::from_bytes(changed(lines, &change)) else {
            return Ok(());
        };
        let original = Record::from_bytes((lines.join("\n") + "\n").into_bytes()).unwrap();
        let _ = compare(&record, &original, &mut Vec::new());
        let _ = compare(&original, &record, &mut Vec::new());
        if let Ok(mut explorer) = Explorer::new(&record) {
            screen(&explorer);
            for key in keys {
                if explorer.press(key).is_err() || explorer.done() {
                    break;
                }
                screen(&explorer);
            }
        }
    }
}
