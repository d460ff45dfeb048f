//! Every step's record of a real search agrees with its report: one node
//! event per node, one cut event per cut-off, and replayed with the step's
//! own bounds (NegaMax's exact values, v0.09's and v0.10's alpha-beta
//! failing hard over the main search's results, v0.11's failing soft) it
//! gives the root's value. From the start position, and from positions
//! reached by random moves.

use common::Position;
use lamosca_reader::{check_record, position_after_picks, Bounds};
use lamosca_v07::NegaMax;
use lamosca_v09::AlphaBeta;
use lamosca_v10_quiescence::QuiescenceSearch;
use lamosca_v11_lazy::LazySearch;
use proptest::prelude::*;

/// Checks the record of every step's search of `position` to `depth`;
/// the first disagreement, named by its step, is the error.
fn every_step_agrees(position: &Position, depth: u32) -> Result<u64, String> {
    let named = |step: &str, checked: Result<lamosca_search::Report, String>| {
        checked
            .map(|report| report.nodes)
            .map_err(|error| format!("{step}, {}: {error}", position.to_fen()))
    };
    let nodes = [
        named(
            "v0.07",
            check_record::<NegaMax>(position, depth, Bounds::None),
        )?,
        named(
            "v0.09",
            check_record::<AlphaBeta>(position, depth, Bounds::FailHard),
        )?,
        named(
            "v0.10",
            check_record::<QuiescenceSearch>(position, depth, Bounds::FailHard),
        )?,
        named(
            "v0.11",
            check_record::<LazySearch>(position, depth, Bounds::FailSoft),
        )?,
    ];
    Ok(nodes.into_iter().min().unwrap_or(0))
}

#[test]
fn the_start_position_agrees_with_its_report() {
    let fewest = every_step_agrees(&Position::startpos(), 3).unwrap();
    assert!(fewest > 1);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn a_record_agrees_with_its_report(
        picks in proptest::collection::vec(any::<u16>(), 0..16),
        depth in 1..=3u32,
    ) {
        let checked = every_step_agrees(&position_after_picks(&picks), depth);
        prop_assert!(checked.is_ok(), "{}", checked.unwrap_err());
    }
}
