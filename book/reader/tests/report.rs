//! The report against the events: a real record, searched by a step, with
//! its report or its header edited to say what the tree does not, is
//! refused when it opens, with the line; the records every step writes,
//! whole, stopped by a node budget or of fewer levels, still open.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use serde_json::Value;

use common::Position;
use lamosca_reader::{Record, RecordError};
use lamosca_record::{Header, Recorder};
use lamosca_search::deepen::{deepen, Limits, Trace};
use lamosca_search::events::Tracer;
use lamosca_search::{Engine, SearchControl};
use lamosca_v07::NegaMax;
use lamosca_v09::AlphaBeta;
use lamosca_v10_quiescence::QuiescenceSearch;
use lamosca_v11_lazy::LazySearch;

/// The Ruy Lopez, Black to move: captures and checks near the root.
const RUY_LOPEZ: &str = "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3";

/// The record `E` writes searching `fen` as `search --record` does: to
/// `depth`, or (with `nodes`) deepening under that node budget; levels 1
/// to `levels` recorded.
fn recorded<E: Engine>(fen: &str, depth: u32, nodes: Option<u64>, levels: u32) -> Vec<String> {
    let mut position = Position::from_fen(fen).unwrap();
    let header = Header::of::<E>(&position, depth, Default::default());
    let mut recorder = Recorder::new(Vec::new(), &header, levels).unwrap();
    let report = match nodes {
        None => E::new().search(
            &mut position,
            depth,
            &SearchControl::unlimited(),
            &mut Tracer::new(levels, &mut recorder),
        ),
        Some(_) => {
            let limits = Limits {
                nodes,
                ..Limits::depth(depth)
            };
            let trace = Trace {
                levels,
                listener: Some(&mut recorder),
            };
            let stop = Arc::new(AtomicBool::new(false));
            deepen(&mut E::new(), &mut position, &limits, &stop, trace, |_| {})
        }
    };
    let bytes = recorder.finish(&report).unwrap();
    String::from_utf8(bytes)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn open(lines: &[String]) -> Result<Record, RecordError> {
    Record::from_bytes((lines.join("\n") + "\n").into_bytes())
}

/// The line (from 1) and the reason of a refusal.
fn refusal(lines: &[String]) -> (u64, String) {
    match open(lines) {
        Ok(_) => panic!("the edited record opened"),
        Err(RecordError::Malformed { line, reason }) => (line, reason),
        Err(other) => panic!("refused for another reason: {other}"),
    }
}

/// Line `index` (from 0) of `lines` with `edit` applied to its JSON.
fn edit(lines: &mut [String], index: usize, edit: impl FnOnce(&mut Value)) {
    let mut value: Value = serde_json::from_str(&lines[index]).unwrap();
    edit(&mut value);
    lines[index] = value.to_string();
}

#[test]
fn every_step_s_records_open_whole_stopped_and_of_fewer_levels() {
    fn opens<E: Engine>(step: &str) {
        for (depth, nodes, levels) in [
            (3, None, u32::MAX),
            (64, Some(2_000), u32::MAX),
            (64, Some(7_000), u32::MAX),
            (64, Some(7_000), 2),
            (3, None, 1),
        ] {
            let lines = recorded::<E>(RUY_LOPEZ, depth, nodes, levels);
            let opened = open(&lines);
            assert!(
                opened.is_ok(),
                "{step}, depth {depth}, nodes {nodes:?}, levels {levels}: {}",
                opened.err().unwrap()
            );
        }
    }
    opens::<NegaMax>("v0.07");
    opens::<AlphaBeta>("v0.09");
    opens::<QuiescenceSearch>("v0.10");
    opens::<LazySearch>("v0.11");
}

#[test]
fn a_report_that_counts_fewer_nodes_than_the_events_is_refused() {
    let mut lines = recorded::<QuiescenceSearch>(RUY_LOPEZ, 3, None, u32::MAX);
    let last = lines.len() - 1;
    let events = lines
        .iter()
        .filter(|l| l.starts_with(r#"{"event":"node""#))
        .count();
    edit(&mut lines, last, |report| report["nodes"] = 5.into());
    assert_eq!(
        refusal(&lines),
        (
            lines.len() as u64,
            format!("the report counts 5 nodes, and the record holds {events} node events")
        )
    );
}

#[test]
fn a_header_shallower_than_the_tree_is_refused_at_the_first_node_below_it() {
    // v0.09 to depth 3 has main nodes at level 4, its leaves.
    let mut lines = recorded::<AlphaBeta>(RUY_LOPEZ, 3, None, u32::MAX);
    edit(&mut lines, 0, |header| header["depth"] = 1.into());
    let first = lines
        .iter()
        .position(|line| line.contains(r#""level":3"#))
        .unwrap();
    let (line, reason) = refusal(&lines);
    assert_eq!(line, first as u64 + 1);
    assert!(
        reason.ends_with(
            "is at level 3, and the header's depth 1 lets the main search go no deeper than level 2"
        ),
        "{reason}"
    );
}

#[test]
fn a_root_value_the_report_does_not_give_is_refused() {
    let mut lines = recorded::<QuiescenceSearch>(RUY_LOPEZ, 3, None, u32::MAX);
    let root = lines
        .iter()
        .rposition(|line| line.starts_with(r#"{"event":"result","node":1,"#))
        .unwrap();
    let report: Value = serde_json::from_str(lines.last().unwrap()).unwrap();
    edit(&mut lines, root, |result| result["value"] = (-500).into());
    let best = report["best"].as_str().unwrap();
    assert_eq!(
        refusal(&lines),
        (
            lines.len() as u64,
            format!(
                "the report answers {best} with value {}, and node 1, which searched depth 3 \
                 (the deepest that finished), returned {best} with value -500 on line {}",
                report["value"],
                root + 1
            )
        )
    );
}

#[test]
fn a_depth_reached_the_record_did_not_finish_is_refused() {
    // v0.11 deepening inside its root under a budget: depth 1 finishes
    // whatever the budget, and its report names the depth reached.
    let mut lines = recorded::<LazySearch>(RUY_LOPEZ, 64, Some(7_000), u32::MAX);
    let reached = Record::from_bytes((lines.join("\n") + "\n").into_bytes())
        .unwrap()
        .deepest_finished()
        .unwrap()
        .unwrap()
        .depth;
    let last = lines.len() - 1;
    edit(&mut lines, last, |report| {
        for figure in report["statistics"].as_array_mut().unwrap() {
            if figure["label"] == "depth reached" {
                figure["value"]["count"] = (reached + 2).into();
            }
        }
    });
    assert_eq!(
        refusal(&lines),
        (
            lines.len() as u64,
            format!(
                "the report's depth reached is {}, and the deepest depth that finished is {reached}",
                reached + 2
            )
        )
    );
}
