//! The mate suite (`common/search/tests/mates_support`): at a fixed node
//! budget, every mate within the depth the search finished is found.

use crate::mates_support::{every_mate_within_depth_found, search_mates};
use lamosca_v10_quiescence::QuiescenceSearch;

/// The node budget of each search.
const NODES: u64 = 300_000;

#[test]
fn every_mate_within_its_depth_is_found() {
    every_mate_within_depth_found(&search_mates::<QuiescenceSearch>(NODES));
}
