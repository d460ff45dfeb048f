//! The mate suite (`common/search/tests/mates_support`): at a fixed node
//! budget, every mate within the depth the search finished is found, and
//! every mate v0.10 finds at that budget v0.11 finds too. Before the
//! selective stand pat was denied to a side with only king and pawns, the
//! lone king passed rather than walk into mate, and v0.11 found neither
//! queen mate in four. Asked for no depth, the deepening ends where a
//! deeper iteration has nothing to learn: at a proven mate, or at a tree
//! searched to the end of every line.

use crate::mates_support;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use common::Position;
use lamosca_search::deepen::{deepen, Limits, Trace, MAX_DEPTH};
use lamosca_search::{Engine, Report};
use lamosca_v10_quiescence::QuiescenceSearch;
use lamosca_v11_lazy::LazySearch;
use mates_support::{every_mate_within_depth_found, search_mates};

/// The node budget of each search.
const NODES: u64 = 300_000;

#[test]
fn every_mate_within_its_depth_is_found() {
    every_mate_within_depth_found(&search_mates::<LazySearch>(NODES));
}

/// v0.11 on `fen` under `limits`: the report, and each iteration told as
/// (depth, value).
fn deepen_told(fen: &str, limits: &Limits) -> (Report, Vec<(u32, i32)>) {
    let mut position = Position::from_fen(fen).unwrap();
    let mut told = Vec::new();
    let report = deepen(
        &mut LazySearch::new(),
        &mut position,
        limits,
        &Arc::new(AtomicBool::new(false)),
        Trace::off(),
        |iteration| told.push((iteration.depth, iteration.value)),
    );
    (report, told)
}

/// Asked for no depth: until the clock, the budget or a `stop`.
fn until_stopped(nodes: u64) -> Limits {
    Limits {
        nodes: Some(nodes),
        ..Limits::depth(MAX_DEPTH)
    }
}

/// Asked for no depth, the deepening ends at the iteration that proves
/// the mate, within a budget that would have taken it deeper: the depth
/// told is the depth searched.
#[test]
fn a_proven_mate_ends_the_deepening() {
    let (report, told) = deepen_told(mates_support::MATES[0].1, &until_stopped(3_000_000));
    assert_eq!(*told.last().unwrap(), (8, 30_993), "{told:?}");
    assert_eq!((report.depth, report.value), (8, 30_993));
    assert!(report.nodes < 3_000_000, "{}", report.nodes);
}

/// Asked for no depth, the deepening also ends at an iteration that
/// valued no node by an estimate: with a bishop against a lone king every
/// line is a draw by material one ply from the root, so depth 2 searched
/// the whole game tree and a deeper one has nothing to add. (Before, the
/// root went on to depth 64 in a few hundred nodes.)
#[test]
fn a_tree_settled_without_an_estimate_ends_the_deepening() {
    let bishop = "8/8/8/3k4/8/8/8/2B1K3 w - - 0 1";
    let (report, told) = deepen_told(bishop, &until_stopped(1_000_000));
    assert_eq!(told, vec![(2, 0)]);
    assert_eq!((report.depth, report.value), (2, 0));
    // A depth asked for is searched whole all the same.
    let (report, _) = deepen_told(bishop, &Limits::depth(6));
    assert_eq!((report.depth, report.value), (6, 0));
}

#[test]
fn every_mate_v10_finds_v11_finds() {
    let v10 = search_mates::<QuiescenceSearch>(NODES);
    let v11 = search_mates::<LazySearch>(NODES);
    for (old, new) in v10.iter().zip(&v11) {
        assert!(!old.mated() || new.mated(), "v0.10 {old:?}, v0.11 {new:?}");
    }
    assert!(v11.iter().filter(|one| one.mated()).count() >= 16);
}
