//! `go nodes N` through the real binary: each budget kept, depth 1
//! always finished, and the move the last `info` line's
//! ([`check_node_budgets`]).

use crate::node_budget_support::{check_node_budgets, check_search_node_caps};

#[test]
fn every_node_budget_is_kept_and_its_move_played() {
    check_node_budgets(env!("CARGO_BIN_EXE_lamosca-v10-quiescence"));
}

#[test]
fn a_search_never_counts_more_nodes_than_its_cap() {
    check_search_node_caps(env!("CARGO_BIN_EXE_lamosca-v10-quiescence"));
}
