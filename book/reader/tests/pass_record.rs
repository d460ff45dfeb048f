//! A record that holds passes (`0000`, a null move) is read as the search
//! played it: a pass's node is its parent's position with the other side
//! to move and no en-passant square, the moves below a pass are played from
//! there, and a pass in check is refused as no search would make it.

mod record_support;

use common::{Position, NULL_MOVE};
use lamosca_reader::{why, Record};
use record_support::passing::{pass_fixture, pass_record, PASS_FIXTURE};

/// Set to write the fixture again when the search's record changed.
const WRITE_FIXTURE: &str = "LAMOSCA_WRITE_FIXTURES";

#[test]
fn the_committed_fixture_is_the_search_s_record() {
    let text = pass_record();
    let path = pass_fixture();
    if std::env::var_os(WRITE_FIXTURE).is_some() {
        std::fs::write(&path, &text).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == text,
        "book/{PASS_FIXTURE} is not the passing search's record: run this test \
         with {WRITE_FIXTURE}=1, then `cargo run -p book -- generate` for the \
         stepper's fixture-records.js"
    );
}

#[test]
fn a_pass_is_its_parent_s_position_with_the_other_side_to_move() {
    let record = Record::from_bytes(pass_record().into_bytes()).unwrap();
    let facts = record.facts().unwrap();
    let (mut passes, mut below, mut cut_by, mut en_passant) = (0, 0, 0, 0);
    for id in 1..=record.node_count() {
        let node = record.node(id).unwrap();
        let Some(parent) = node.parent else { continue };
        let parent_fen = &facts[parent as usize - 1].fen;
        let fen = &facts[id as usize - 1].fen;
        let mut expected = Position::from_fen(parent_fen).unwrap();
        let mv = node.mv.unwrap();
        if mv.as_str() == NULL_MOVE {
            passes += 1;
            en_passant += usize::from(expected.en_passant().is_some());
            cut_by += usize::from(record.node(parent).unwrap().cut == Some(mv));
            below += usize::from(record.children(id).next().is_some());
        }
        expected.make(expected.parse_move_or_pass(mv.as_str()).unwrap());
        assert_eq!(fen, &expected.to_fen(), "node {id}, after {mv}");
        assert!(
            facts[id as usize - 1].path.ends_with(mv.as_str()),
            "node {id}"
        );
    }
    assert!(
        passes > cut_by && cut_by > 0,
        "{passes} passes, {cut_by} cut"
    );
    assert!(below > 0, "no pass has moves below it");
    assert!(en_passant > 0, "no pass drops an en-passant square");
}

#[test]
fn why_reads_a_record_with_passes() {
    let record = Record::from_bytes(pass_record().into_bytes()).unwrap();
    let root = record.roots()[0];
    let best = record.summary().best.clone().unwrap();
    let other = record
        .children(root)
        .filter_map(|child| child.mv)
        .find(|mv| mv.as_str() != best)
        .unwrap();
    let answer = why(&record, other.as_str()).unwrap();
    assert!(answer.contains(other.as_str()), "{answer}");
}

/// A root, one child by `mv`, and the report, in the position `fen`.
fn one_move(fen: &str, mv: &str) -> Vec<u8> {
    [
        format!(
            r#"{{"event":"search","schema":1,"version":"test","fen":"{fen}","depth":1,"options":{{}}}}"#
        ),
        r#"{"event":"node","id":1,"parent":null,"level":1,"move":null,"alpha":-32000,"beta":32000,"kind":"main"}"#.to_string(),
        format!(r#"{{"event":"node","id":2,"parent":1,"level":2,"move":"{mv}","alpha":-32000,"beta":32000,"kind":"main"}}"#),
        r#"{"event":"result","node":2,"value":0,"best":null}"#.to_string(),
        format!(r#"{{"event":"result","node":1,"value":0,"best":"{mv}"}}"#),
        format!(r#"{{"event":"report","best":"{mv}","value":0,"nodes":2}}"#),
    ]
    .map(|line| line + "\n")
    .concat()
    .into_bytes()
}

#[test]
fn a_pass_in_check_is_refused() {
    // 4k3/8/8/8/8/8/8/4R1K1 b: the rook on e1 checks the black king.
    let Err(error) = Record::from_bytes(one_move("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1", NULL_MOVE))
    else {
        panic!("a pass in check was read");
    };
    let error = error.to_string();
    assert!(error.contains("passes ('0000') in check"), "{error}");
    // Out of check, the same pass is read, and so is the position after it.
    let record = Record::from_bytes(one_move("4k3/8/8/8/8/8/8/5RK1 b - - 0 1", NULL_MOVE)).unwrap();
    let facts = record.facts().unwrap();
    assert_eq!(facts[1].fen, "4k3/8/8/8/8/8/8/5RK1 w - - 1 2");
}
