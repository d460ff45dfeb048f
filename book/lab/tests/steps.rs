//! The record kept in the module answers the stepper as the whole record's
//! reader would: each node's facts are `Record::facts`' for that node, and
//! the keys land where the stepper's own reading of the record puts them.

use lamosca_lab::run::record_into;
use lamosca_lab::steps::{follow, Pieces, Steps};
use lamosca_lab::{record, Request};
use lamosca_reader::Record;
use serde_json::Value;

const ITALIAN: &str = "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5";

fn text(json: &str) -> String {
    record(&Request::from_json(json).unwrap()).unwrap().text
}

/// Searches of every step, with swaps, cuts, quiescence, stand pats and
/// v0.11's re-searches among them.
fn searches() -> Vec<String> {
    vec![
        text(r#"{"version": "v07", "depth": 2}"#),
        text(r#"{"version": "v09", "depth": 3}"#),
        text(&format!(
            r#"{{"version": "v10", "depth": 2, "moves": "{ITALIAN}"}}"#
        )),
        text(&format!(
            r#"{{"version": "v11", "depth": 4, "moves": "{ITALIAN}"}}"#
        )),
    ]
}

#[test]
fn each_node_s_facts_are_the_record_reader_s() {
    for text in searches() {
        let whole = Record::from_bytes(text.clone().into_bytes())
            .unwrap()
            .facts()
            .unwrap();
        let steps = Steps::new(text.into_bytes()).unwrap();
        for (i, expected) in whole.iter().enumerate() {
            let id = i as u32 + 1;
            assert_eq!(&steps.facts(id, true).unwrap(), expected, "node {id}");
        }
        assert!(whole.iter().any(|facts| !facts.so_far.is_empty()));
    }
}

/// The steps' events, read whole, to check the index against.
fn events(text: &str) -> Vec<Value> {
    let lines: Vec<Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    lines[1..lines.len() - 1].to_vec()
}

#[test]
fn the_keys_land_where_the_events_say() {
    let text = text(r#"{"version": "v09", "depth": 3}"#);
    let all = events(&text);
    let steps = Steps::new(text.into_bytes()).unwrap();
    assert_eq!(steps.len() as usize, all.len());
    // Next cut and next swap: the next line of that kind.
    let next_cut = all
        .iter()
        .position(|event| event["event"] == "cut")
        .unwrap() as u32;
    assert_eq!(steps.next("cut", 0).unwrap(), Some(next_cut));
    assert_eq!(steps.next("cut", steps.len() - 1).unwrap(), None);
    assert!(steps.next("node", 0).is_err());
    // Into from the root's first step: its first child; out from there:
    // the child's return, then the root's.
    let into = steps.into_child(0).unwrap();
    assert_eq!(
        (
            all[into as usize]["event"].as_str(),
            all[into as usize]["parent"].as_u64()
        ),
        (Some("node"), Some(1))
    );
    let child = all[into as usize]["id"].clone();
    let back = steps.out(into).unwrap();
    assert_eq!(
        (
            all[back as usize]["event"].as_str(),
            &all[back as usize]["node"]
        ),
        (Some("result"), &child)
    );
    let root_end = steps.out(back).unwrap();
    assert_eq!(root_end, steps.len() - 1);
    assert_eq!(steps.out(root_end), None);
}

#[test]
fn a_view_holds_the_node_shown_its_rows_and_the_lines_it_reads() {
    let text = text(r#"{"version": "v09", "depth": 3}"#);
    let steps = Steps::new(text.into_bytes()).unwrap();
    let cut = steps.next("cut", 0).unwrap().unwrap();
    let view = steps.view(cut, None).unwrap();
    let shown = &view["nodes"][0];
    assert_eq!(shown["id"], view["focus"]);
    assert_eq!(view["lines"][cut.to_string()]["event"], "cut");
    // The node shown comes whole, with its position; its rows without.
    assert!(shown["facts"]["fen"]
        .as_str()
        .is_some_and(|fen| !fen.is_empty()));
    let children = shown["children"].as_array().unwrap();
    assert!(!children.is_empty());
    let rows: Vec<&Value> = view["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|node| children.contains(&node["id"]))
        .collect();
    assert_eq!(rows.len(), children.len());
    assert!(rows
        .iter()
        .all(|row| row["facts"].get("fen").is_none_or(|fen| fen == "")));
    assert!(steps.view(steps.len(), None).is_err());
}

#[test]
fn two_searches_follow_each_other_by_path() {
    let a = Steps::new(text(r#"{"version": "v09", "depth": 3}"#).into_bytes()).unwrap();
    let b = Steps::new(text(r#"{"version": "v07", "depth": 3}"#).into_bytes()).unwrap();
    // NegaMax searches every node alpha-beta does: each is found, at the
    // node with the same path.
    for step in (0..a.len()).step_by(97) {
        let place = follow(&a, &b, step).unwrap();
        assert_eq!(place["missing"], Value::Null, "step {step}");
        let shown = b
            .view(
                place["step"].as_u64().unwrap() as u32,
                place["focusId"].as_u64().map(|id| id as u32),
            )
            .unwrap();
        let leader = a.view(step, None).unwrap();
        assert_eq!(
            shown["nodes"][0]["facts"]["path"], leader["nodes"][0]["facts"]["path"],
            "step {step}"
        );
    }
    // Alpha-beta cuts most of NegaMax's nodes: one it never visits is said.
    let missing = (0..b.len())
        .step_by(13)
        .map(|step| follow(&b, &a, step).unwrap())
        .find(|place| place["missing"] != Value::Null);
    let missing = missing.unwrap()["missing"].as_str().unwrap().to_string();
    assert!(
        missing.starts_with("LaMoSca v0.09 never visits "),
        "{missing}"
    );
}

#[test]
fn a_record_written_in_pieces_is_the_record_and_reads_the_same() {
    // Some 17 MB: several pieces of 4 MB.
    let request = Request::from_json(r#"{"version": "v09", "depth": 5}"#).unwrap();
    let whole = record(&request).unwrap().text;
    let (pieces, outcome) = record_into::<Pieces>(&request).unwrap();
    assert_eq!(pieces.len(), whole.len());
    assert_eq!(outcome.nodes, 56_729);
    let in_pieces = Steps::new(pieces).unwrap();
    assert_eq!(in_pieces.text().as_ref(), whole.as_bytes());
    let in_one = Steps::new(whole.into_bytes()).unwrap();
    assert_eq!(in_pieces.summary(), in_one.summary());
    // Every step's line is found whole, in whichever piece it lies.
    for step in (0..in_one.len()).step_by(1009) {
        assert_eq!(
            in_pieces.view(step, None).unwrap(),
            in_one.view(step, None).unwrap(),
            "step {step}"
        );
    }
}

#[test]
fn a_record_written_otherwise_is_read_the_same() {
    // The index reads the recorder's own layout field by field, and any
    // other layout of the same JSON through serde_json: a space after
    // each colon takes every line the other way.
    let text = text(&format!(
        r#"{{"version": "v11", "depth": 4, "moves": "{ITALIAN}"}}"#
    ));
    let spaced = text.replace("\":", "\": ");
    assert_ne!(spaced, text);
    let (ours, other) = (
        Steps::new(text.into_bytes()).unwrap(),
        Steps::new(spaced.into_bytes()).unwrap(),
    );
    assert_eq!(ours.summary()["nodes"], other.summary()["nodes"]);
    assert_eq!(ours.summary()["extent"], other.summary()["extent"]);
    for step in (0..ours.len()).step_by(101) {
        assert_eq!(
            ours.view(step, None).unwrap(),
            other.view(step, None).unwrap(),
            "step {step}"
        );
        assert_eq!(
            ours.next("cut", step).unwrap(),
            other.next("cut", step).unwrap()
        );
    }
}

/// A record that holds passes (`0000`, written by the reader's tests from
/// a search that tries a null move): the module replays each pass as one,
/// so each node's facts are the whole record's reader's.
#[test]
fn a_record_with_passes_is_read_as_the_record_reader_reads_it() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../stepper/test/records/test-pass.jsonl");
    let text = std::fs::read(path).unwrap();
    let whole = Record::from_bytes(text.clone()).unwrap().facts().unwrap();
    let steps = Steps::new(text).unwrap();
    for (i, expected) in whole.iter().enumerate() {
        let id = i as u32 + 1;
        assert_eq!(&steps.facts(id, true).unwrap(), expected, "node {id}");
    }
    assert!(whole
        .iter()
        .any(|facts| facts.path.split(' ').any(|mv| mv == "0000")));
}
