//! Every step's record of a real search agrees with its report: one node
//! event per node, one cut event per cut-off, and replayed with the step's
//! own bounds, as the book's list of steps gives them (NegaMax's exact
//! values, alpha-beta failing hard over the main search's results, or
//! failing soft), it gives the root's value. From the start position, and from positions
//! reached by random moves.

use common::Position;
use lamosca_reader::{check_record, for_each_step, position_after_picks};
use proptest::prelude::*;

/// Checks the record of every step's search of `position` to `depth`
/// (each step of the book's list, with its own bounds); the first
/// disagreement, named by its step, is the error.
fn every_step_agrees(position: &Position, depth: u32) -> Result<u64, String> {
    let mut nodes = Vec::new();
    for_each_step!(step, E => {
        let report = check_record::<E>(position, depth, step.bounds)
            .map_err(|error| format!("{}, {}: {error}", step.title, position.to_fen()))?;
        nodes.push(report.nodes);
    });
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
