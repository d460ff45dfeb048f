//! The record of a real search agrees with its report: one node event per
//! node, one cut event per cut-off, and replayed (alpha-beta failing soft over the main search's results) it gives the
//! root's value.

use common::Position;
use lamosca_record::{check_record, position_after_picks, Bounds};
use lamosca_v11_lazy::LazySearch;
use proptest::prelude::*;

#[test]
fn the_start_position_agrees_with_its_report() {
    let report = check_record::<LazySearch>(&Position::startpos(), 3, Bounds::FailSoft).unwrap();
    assert!(report.nodes > 1);
}

/// A game whose moves lead back to a position seen before: a child of the
/// root is a draw by repetition, which ends unsearched. Its node and its
/// value must be in the record, or the root's 0 cannot be replayed.
#[test]
fn a_draw_by_repetition_is_in_the_record() {
    let picks = [
        8892, 28041, 35399, 38406, 28479, 62029, 57048, 3947, 55238, 42060, 38489, 28166,
    ];
    let position = position_after_picks(&picks);
    let report = check_record::<LazySearch>(&position, 2, Bounds::FailSoft).unwrap();
    let draws =
        lamosca_search::statistic(&report.statistics, "draws").and_then(|figure| figure.count());
    assert!(draws > Some(0), "the search meets a repetition: {draws:?}");
    assert_eq!(report.value, 0);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn a_record_agrees_with_its_report(
        picks in proptest::collection::vec(any::<u16>(), 0..16),
        depth in 1..=3u32,
    ) {
        let checked = check_record::<LazySearch>(&position_after_picks(&picks), depth, Bounds::FailSoft);
        prop_assert!(checked.is_ok(), "{}: {:?}", position_after_picks(&picks).to_fen(), checked.err());
    }
}
