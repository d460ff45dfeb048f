//! The explorer without a terminal: keys played from a script, and its
//! screens drawn on ratatui's `TestBackend` and kept as snapshots.

#[path = "../../record/tests/record_support/mod.rs"]
mod record_support;

use lamosca_front::explorer::{draw, Explorer, Key, Mode};
use lamosca_record::{Event, Record};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
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

    // The next cut is the first in the file after the root's line.
    play(&mut explorer, "c");
    let cut = record.cuts()[0];
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

    // A move that was not searched stops the path where it was.
    play(&mut explorer, "ge4d5 a1a8<enter>");
    assert_eq!(explorer.node().unwrap().id, e4d5);
    assert_eq!(explorer.message(), Some("a1a8 was not searched here"));

    play(&mut explorer, "q");
    assert!(explorer.done());
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
    let row = explorer
        .rows()
        .iter()
        .find(|row| row.mv == swap.into)
        .unwrap();
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
