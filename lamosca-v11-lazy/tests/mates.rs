//! The mate suite (`common/search/tests/mates_support`): at a fixed node
//! budget, every mate within the depth the search finished is found, and
//! every mate v0.10 finds at that budget v0.11 finds too. Before the
//! selective stand pat was denied to a side with only king and pawns, the
//! lone king passed rather than walk into mate, and v0.11 found neither
//! queen mate in four.

#[path = "../../common/search/tests/mates_support/mod.rs"]
mod mates_support;

use lamosca_v10_quiescence::QuiescenceSearch;
use lamosca_v11_lazy::LazySearch;
use mates_support::{every_mate_within_depth_found, search_mates};

/// The node budget of each search.
const NODES: u64 = 300_000;

#[test]
fn every_mate_within_its_depth_is_found() {
    every_mate_within_depth_found(&search_mates::<LazySearch>(NODES));
}

/// Asked for no depth, the deepening ends at the iteration that proves
/// the mate, within a budget that would have taken it deeper: the depth
/// told is the depth searched.
#[test]
fn a_proven_mate_ends_the_deepening() {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    use common::Position;
    use lamosca_search::deepen::{deepen, Limits, Trace, MAX_DEPTH};
    use lamosca_search::Engine;

    let mut position = Position::from_fen(mates_support::MATES[0].1).unwrap();
    let limits = Limits {
        nodes: Some(3_000_000),
        ..Limits::depth(MAX_DEPTH)
    };
    let mut told = Vec::new();
    let report = deepen(
        &mut LazySearch::new(),
        &mut position,
        &limits,
        &Arc::new(AtomicBool::new(false)),
        Trace::off(),
        |iteration| told.push((iteration.depth, iteration.value)),
    );
    let (depth, value) = *told.last().unwrap();
    assert_eq!((depth, value), (8, 30_993), "{told:?}");
    assert_eq!((report.depth, report.value), (8, 30_993));
    assert!(report.nodes < 3_000_000, "{}", report.nodes);
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
