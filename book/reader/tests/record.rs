//! The record's writer and reader: what is written is read back, the index
//! links every node to its parent and children, and a broken file is
//! refused with the line where it breaks.

mod record_support;

use std::fs;

use common::{Move, Position};

use lamosca_reader::{Record, RecordError};
use lamosca_record::{ChapterEvent, Event, NodeEntry, NodeKind, NodeResult, Summary};
use proptest::prelude::*;
use record_support::{record_search, scratch, write, Algorithm, SCANDINAVIAN};

#[test]
fn every_event_written_is_read_back_in_order() {
    let (path, events) = record_search(SCANDINAVIAN, 2, Algorithm::AlphaBeta, "read_back.jsonl");
    let record = Record::open(&path).unwrap();
    let read: Vec<Event> = record.iter().unwrap().map(Result::unwrap).collect();
    assert_eq!(read, events);
    assert_eq!(record.events(), events.len() as u64);
}

#[test]
fn the_index_counts_the_nodes_the_report_gives() {
    let (path, _) = record_search(SCANDINAVIAN, 2, Algorithm::AlphaBeta, "count.jsonl");
    let record = Record::open(&path).unwrap();
    assert_eq!(u64::from(record.node_count()), record.summary().nodes);
    assert_eq!(record.roots(), [1]);
    assert_eq!(record.subtree_size(1), record.node_count());
    let cuts = record
        .iter()
        .unwrap()
        .filter(|event| matches!(event, Ok(Event::Cut(_))))
        .count();
    let swaps = record
        .iter()
        .unwrap()
        .filter(|event| matches!(event, Ok(Event::Swap(_))))
        .count();
    assert_eq!((record.cuts().len(), record.swaps().len()), (cuts, swaps));
    // The Scandinavian's alpha-beta cuts and swaps: the counts above
    // compare something.
    assert!(cuts > 0 && swaps > 0, "{cuts} cuts, {swaps} swaps");
}

#[test]
fn each_node_reads_its_own_events_and_links_to_its_children() {
    let (path, _) = record_search(SCANDINAVIAN, 2, Algorithm::AlphaBeta, "links.jsonl");
    let record = Record::open(&path).unwrap();
    for id in 1..=record.node_count() {
        let node = *record.node(id).unwrap();
        let events = record.node_events(id).unwrap();
        assert!(matches!(events.first(), Some((_, Event::Node(entry))) if entry.id == id));
        assert!(matches!(events.last(), Some((_, Event::Result(result))) if result.node == id));
        assert!(
            events.iter().all(|(_, event)| event.node() == Some(id)),
            "node {id}"
        );
        assert_eq!(record.path(id).len() as u32, node.level - 1);
        for child in record.children(id) {
            assert_eq!(child.parent, Some(id));
            assert_eq!(child.level, node.level + 1);
            assert_eq!(
                record.child_by_move(id, child.mv.unwrap().as_str()),
                Some(child.id)
            );
        }
        if let Some(next) = record.next_sibling(id) {
            assert_eq!(record.previous_sibling(next), Some(id));
        }
    }
}

#[test]
fn lines_step_forward_and_back_to_the_same_places() {
    let (path, events) = record_search(SCANDINAVIAN, 1, Algorithm::AlphaBeta, "steps.jsonl");
    let record = Record::open(&path).unwrap();
    let mut offsets = vec![0];
    while let Some((_, next)) = record.line_at(*offsets.last().unwrap()).unwrap() {
        offsets.push(next);
    }
    assert_eq!(offsets.pop(), Some(record.size()));
    assert_eq!(offsets.len(), events.len());
    for pair in offsets.windows(2) {
        assert_eq!(record.previous_line(pair[1]).unwrap(), Some(pair[0]));
    }
    assert_eq!(record.previous_line(0).unwrap(), None);
}

/// The record's text with its lines changed by `edit`, written to `name`.
fn edited(name: &str, edit: impl FnOnce(&mut Vec<String>)) -> std::path::PathBuf {
    let (path, _) = record_search(SCANDINAVIAN, 1, Algorithm::AlphaBeta, name);
    let text = fs::read_to_string(&path).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    edit(&mut lines);
    fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

fn open_error(path: &std::path::Path) -> RecordError {
    match Record::open(path) {
        Ok(_) => panic!("{} opened", path.display()),
        Err(error) => error,
    }
}

#[test]
fn a_line_cut_short_is_truncated_at_its_line() {
    let (path, events) = record_search(SCANDINAVIAN, 1, Algorithm::AlphaBeta, "cut_short.jsonl");
    let text = fs::read_to_string(&path).unwrap();
    fs::write(&path, &text[..text.len() - 10]).unwrap();
    let error = open_error(&path);
    assert!(matches!(error, RecordError::Truncated { line } if line == events.len() as u64));
    assert_eq!(
        error.to_string(),
        format!(
            "line {}: the record is truncated (it stops before the search's report)",
            events.len()
        )
    );
}

#[test]
fn a_record_without_its_report_is_truncated() {
    let path = edited("no_report.jsonl", |lines| {
        lines.pop();
    });
    let lines = fs::read_to_string(&path).unwrap().lines().count() as u64;
    assert!(matches!(open_error(&path), RecordError::Truncated { line } if line == lines));
}

#[test]
fn a_foreign_file_is_refused_at_line_1() {
    let path = scratch("foreign.txt");
    fs::write(&path, "Moves level 1: a2a3=-11\n").unwrap();
    assert!(matches!(
        open_error(&path),
        RecordError::Foreign { line: 1 }
    ));
    fs::write(&path, "{\"event\":\"node\",\"id\":1}\n").unwrap();
    assert!(matches!(
        open_error(&path),
        RecordError::Foreign { line: 1 }
    ));
    fs::write(&path, "").unwrap();
    assert!(matches!(open_error(&path), RecordError::Empty));
}

/// A file with no line end in its first megabyte (here four megabytes of
/// NUL bytes) is called foreign once that much is read, not truncated
/// after the whole file; a later line that long is no event.
#[test]
fn a_line_past_the_longest_is_refused_where_it_runs_over() {
    let path = scratch("nul_bytes.bin");
    fs::write(&path, vec![0u8; 4 << 20]).unwrap();
    assert!(matches!(
        open_error(&path),
        RecordError::Foreign { line: 1 }
    ));
    let path = edited("long_line.jsonl", |lines| {
        lines.insert(3, "x".repeat(2 << 20))
    });
    let error = open_error(&path);
    assert!(matches!(error, RecordError::Malformed { line: 4, .. }));
    assert!(
        error.to_string().contains("longer than any event"),
        "{error}"
    );
}

/// A record whose file has lost its name, as the explorer's scratch
/// record does as soon as it is open, reads as the file did.
#[test]
fn a_record_is_read_from_an_open_file_with_no_name() {
    let (path, events) = record_search(SCANDINAVIAN, 2, Algorithm::AlphaBeta, "nameless.jsonl");
    let file = fs::File::open(&path).unwrap();
    fs::remove_file(&path).unwrap();
    let record = Record::from_file(file).unwrap();
    assert_eq!(record.events(), events.len() as u64);
    assert!(!path.exists());
}

/// 10,000 NUL bytes, or 100 KB of bytes at random, are no record cut
/// short but no record at all; a first line that starts as a header does
/// and stops is a record cut short.
#[test]
fn zeros_and_random_bytes_are_no_record() {
    let path = scratch("nul_10000.bin");
    fs::write(&path, vec![0u8; 10_000]).unwrap();
    let error = open_error(&path);
    assert!(matches!(error, RecordError::Foreign { line: 1 }), "{error}");
    assert!(error.to_string().contains("not a search record"), "{error}");
    // A fixed linear congruential sequence: the same bytes on every run.
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let random: Vec<u8> = (0..100_000)
        .map(|_| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            (state >> 56) as u8
        })
        .collect();
    let path = scratch("random_100k.bin");
    fs::write(&path, &random).unwrap();
    assert!(matches!(
        open_error(&path),
        RecordError::Foreign { line: 1 }
    ));
    for start in [
        "{\"event\":\"sea",
        "{\"event\":\"search\",\"schema\":1,\"vers",
    ] {
        fs::write(&path, start).unwrap();
        let error = open_error(&path);
        assert!(
            matches!(error, RecordError::Truncated { line: 1 }),
            "{start}: {error}"
        );
    }
}

/// The line of node `id` in `lines`.
fn node_line(lines: &[String], id: u32) -> usize {
    let wanted = format!("{{\"event\":\"node\",\"id\":{id},");
    lines
        .iter()
        .position(|line| line.starts_with(&wanted))
        .unwrap()
}

/// A node's level is its parent's plus one (or its parent's, for a
/// re-search), and a root's is 1: a level that is not, however large, is
/// refused at its line, before any reader sizes a table by it.
#[test]
fn a_level_that_is_not_its_parent_s_plus_one_is_refused() {
    for level in [4_294_967_295u32, 10_000_000, 4, 0] {
        let mut at = 0;
        let path = edited(&format!("level_{level}.jsonl"), |lines| {
            at = node_line(lines, 2);
            lines[at] = lines[at].replace("\"level\":2,", &format!("\"level\":{level},"));
        });
        assert_eq!(
            open_error(&path).to_string(),
            format!(
                "line {}: node 2 is at level {level}, and its parent, node 1, at level 1: \
                 a child is one level below its parent, or at its level for a re-search",
                at + 1
            )
        );
    }
    let path = edited("root_level.jsonl", |lines| {
        lines[1] = lines[1].replace("\"level\":1,", "\"level\":3,");
    });
    assert_eq!(
        open_error(&path).to_string(),
        "line 2: node 1 is a root at level 3, and a root is at level 1"
    );
}

/// A pipe is read once, into memory, within a bound: the same record as
/// its file, a byte over the bound refused, and an endless stream of
/// zeros called no record once its first megabyte is read.
#[test]
fn a_record_is_read_from_a_stream_within_its_bound() {
    let (path, events) = record_search(SCANDINAVIAN, 2, Algorithm::AlphaBeta, "stream.jsonl");
    let bytes = fs::read(&path).unwrap();
    let size = bytes.len() as u64;
    let record = Record::from_stream(bytes.as_slice(), size).unwrap();
    let read: Vec<Event> = record.iter().unwrap().map(Result::unwrap).collect();
    assert_eq!(read, events);
    assert_eq!(record.size(), size);
    let error = Record::from_stream(bytes.as_slice(), size - 1)
        .err()
        .unwrap();
    assert!(matches!(error, RecordError::TooLarge { most } if most == size - 1));
    let error = Record::from_stream(std::io::repeat(0), u64::MAX)
        .err()
        .unwrap();
    assert!(matches!(error, RecordError::Foreign { line: 1 }), "{error}");
}

#[test]
fn an_unknown_schema_is_named() {
    let path = edited("schema.jsonl", |lines| {
        lines[0] = lines[0].replace("\"schema\":1", "\"schema\":7");
    });
    let error = open_error(&path);
    assert!(matches!(
        error,
        RecordError::UnknownSchema { line: 1, schema: 7 }
    ));
    assert_eq!(
        error.to_string(),
        "line 1: the record has schema 7, and this program reads schema 1"
    );
}

#[test]
fn a_broken_line_names_its_line() {
    let path = edited("broken.jsonl", |lines| {
        lines[3] = "{\"event\":\"cut\",".to_string()
    });
    assert!(matches!(
        open_error(&path),
        RecordError::Malformed { line: 4, .. }
    ));
    let path = edited("no_move.jsonl", |lines| {
        lines.insert(3, "{\"event\":\"cut\",\"node\":1,\"value\":3}".to_string())
    });
    let error = open_error(&path);
    assert!(matches!(error, RecordError::Malformed { line: 4, .. }));
    assert!(
        error.to_string().contains("missing field `move`"),
        "{error}"
    );
}

#[test]
fn a_position_that_is_no_fen_is_refused() {
    let path = edited("garbage_fen.jsonl", |lines| {
        lines[0] = lines[0].replace(SCANDINAVIAN, "garbage");
    });
    let error = open_error(&path);
    assert!(matches!(error, RecordError::Malformed { line: 1, .. }));
    assert!(
        error
            .to_string()
            .starts_with("line 1: the position 'garbage' is no FEN: "),
        "{error}"
    );
}

#[test]
fn a_move_that_is_not_legal_where_it_stands_is_refused() {
    // A root move made impossible: no white piece goes from a2 to a8.
    let path = edited("a2a8.jsonl", |lines| {
        let a2a3 = lines
            .iter()
            .position(|line| line.contains("\"event\":\"node\"") && line.contains("\"a2a3\""))
            .unwrap();
        lines[a2a3] = lines[a2a3].replace("a2a3", "a2a8");
    });
    let line = fs::read_to_string(&path)
        .unwrap()
        .lines()
        .position(|line| line.contains("a2a8"))
        .unwrap()
        + 1;
    let error = open_error(&path);
    assert!(matches!(error, RecordError::Malformed { line: at, .. } if at == line as u64));
    // The position as the reader prints it: no en passant square where no
    // pawn can take.
    let position = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    assert_eq!(
        error.to_string(),
        format!("line {line}: 'a2a8' is no legal move in the position of node 1, {position}")
    );
    // The best move of the root, made a move of the other side.
    let path = edited("best.jsonl", |lines| {
        let result = lines
            .iter()
            .position(|line| line.starts_with("{\"event\":\"result\",\"node\":1,"))
            .unwrap();
        let best = lines[result].split("\"best\":\"").nth(1).unwrap()[..4].to_string();
        lines[result] = lines[result].replace(&best, "e7e5");
    });
    assert!(open_error(&path)
        .to_string()
        .contains(": 'e7e5' is no legal move in the position of node 1, "));
}

#[test]
fn a_node_out_of_place_is_refused() {
    // Node 2's parent must be node 1, the node open.
    let path = edited("orphan.jsonl", |lines| {
        let node2 = lines
            .iter()
            .position(|line| line.contains("\"id\":2,"))
            .unwrap();
        lines[node2] = lines[node2].replace("\"parent\":1", "\"parent\":5");
    });
    let error = open_error(&path);
    assert!(
        error
            .to_string()
            .contains("node 2 names parent 5 while the node open is 1"),
        "{error}"
    );
    // A result for a node that is not the one open.
    let path = edited("wrong_result.jsonl", |lines| {
        let first_result = lines
            .iter()
            .position(|line| line.contains("\"result\""))
            .unwrap();
        lines[first_result] = lines[first_result].replace("\"node\":2", "\"node\":1");
    });
    assert!(open_error(&path)
        .to_string()
        .contains("an event of node 1 while node 2 is the one open"));
}

/// A well-formed tree of events: each node with its children, some
/// chapter events, and its result. A node's move is its parent's legal
/// move number `pick` (modulo their count), the record's reader playing
/// every move it reads.
#[derive(Clone, Debug)]
struct Tree {
    pick: usize,
    value: i32,
    note: Option<i64>,
    children: Vec<Tree>,
}

fn tree() -> impl Strategy<Value = Tree> {
    let leaf = (0..64usize, -500..500i32, proptest::option::of(-9..9i64)).prop_map(
        |(pick, value, note)| Tree {
            pick,
            value,
            note,
            children: Vec::new(),
        },
    );
    leaf.prop_recursive(4, 40, 5, |inner| {
        (
            0..64usize,
            -500..500i32,
            proptest::collection::vec(inner, 0..5),
        )
            .prop_map(|(pick, value, children)| Tree {
                pick,
                value,
                note: None,
                children,
            })
    })
}

/// The move of each child of a node at `position`: legal moves, distinct
/// among siblings; none when the position has no move.
fn child_moves(tree: &Tree, position: &Position) -> Vec<(Move, usize)> {
    let legal = position.legal_moves();
    if legal.is_empty() {
        return Vec::new();
    }
    let mut taken: Vec<(Move, usize)> = Vec::new();
    for (index, child) in tree.children.iter().enumerate() {
        let mut at = child.pick % legal.len();
        while taken.iter().any(|(mv, _)| *mv == legal[at]) {
            at = (at + 1) % legal.len();
        }
        if taken.len() < legal.len() {
            taken.push((legal[at], index));
        }
    }
    taken
}

fn flatten(
    tree: &Tree,
    entry: Option<(u32, Move)>,
    level: u32,
    position: &mut Position,
    events: &mut Vec<Event>,
    next_id: &mut u32,
) {
    let id = *next_id;
    *next_id += 1;
    let moves = child_moves(tree, position);
    events.push(Event::Node(NodeEntry {
        id,
        parent: entry.map(|(parent, _)| parent),
        level,
        mv: entry.map(|(_, mv)| mv.to_string()),
        alpha: -tree.value,
        beta: tree.value,
        kind: if moves.is_empty() {
            NodeKind::Quiescence
        } else {
            NodeKind::Main
        },
    }));
    if let Some(note) = tree.note {
        events.push(Event::Chapter(
            ChapterEvent::new("stand_pat", Some(id)).with("value", note),
        ));
    }
    for &(mv, index) in &moves {
        position.make(mv);
        flatten(
            &tree.children[index],
            Some((id, mv)),
            level + 1,
            position,
            events,
            next_id,
        );
        position.unmake();
    }
    events.push(Event::Result(NodeResult {
        node: id,
        value: tree.value,
        best: moves.first().map(|(mv, _)| mv.to_string()),
    }));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn any_well_formed_record_reads_back_as_written(roots in proptest::collection::vec(tree(), 1..3)) {
        let (path, events) = record_search(SCANDINAVIAN, 1, Algorithm::NegaMax, "proptest.jsonl");
        // The header asks for no depth, as under a clock, so that the
        // trees may be as deep as they grow.
        let mut header = events[0].clone();
        if let Event::Search(asked) = &mut header {
            asked.depth = lamosca_search::deepen::MAX_DEPTH;
        }
        let mut written = vec![header];
        let mut next_id = 1;
        // The answer is the last root's that returned a move (the deepest
        // depth that finished), or the lone root's.
        let mut answer = (None, 0);
        for (depth, root) in roots.iter().enumerate() {
            let mut position = Position::from_fen(SCANDINAVIAN).unwrap();
            flatten(root, None, 1, &mut position, &mut written, &mut next_id);
            let Some(Event::Result(result)) = written.last() else { unreachable!() };
            if result.best.is_some() || (roots.len() == 1 && root.children.is_empty()) {
                answer = (result.best.clone(), result.value);
            }
            written.push(Event::Chapter(ChapterEvent::new("iteration", None).with("depth", depth + 1)));
        }
        let (best, value) = answer;
        written.push(Event::Report(Summary { best, value, nodes: u64::from(next_id - 1), statistics: vec![] }));
        fs::remove_file(&path).unwrap();
        let path = write(&written, "proptest.jsonl");
        let record = Record::open(&path).unwrap();
        let read: Vec<Event> = record.iter().unwrap().map(Result::unwrap).collect();
        prop_assert_eq!(&read, &written);
        prop_assert_eq!(record.node_count(), next_id - 1);
        prop_assert_eq!(record.roots().len(), roots.len());
        for id in 1..next_id {
            let own: Vec<Event> = written.iter().filter(|event| event.node() == Some(id)).cloned().collect();
            let indexed: Vec<Event> = record.node_events(id).unwrap().into_iter().map(|(_, event)| event).collect();
            prop_assert_eq!(indexed, own);
        }
    }
}
