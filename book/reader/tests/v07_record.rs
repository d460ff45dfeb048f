//! The record of a real search agrees with its report: one node event per
//! node, one cut event per cut-off, and replayed (NegaMax over the recorded results) it gives the
//! root's value.

use common::Position;
use lamosca_reader::{check_record, position_after_picks, Bounds};
use lamosca_v07::NegaMax;
use proptest::prelude::*;

#[test]
fn the_start_position_agrees_with_its_report() {
    let report = check_record::<NegaMax>(&Position::startpos(), 3, Bounds::None).unwrap();
    assert!(report.nodes > 1);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn a_record_agrees_with_its_report(
        picks in proptest::collection::vec(any::<u16>(), 0..16),
        depth in 1..=3u32,
    ) {
        let checked = check_record::<NegaMax>(&position_after_picks(&picks), depth, Bounds::None);
        prop_assert!(checked.is_ok(), "{}: {:?}", position_after_picks(&picks).to_fen(), checked.err());
    }
}
