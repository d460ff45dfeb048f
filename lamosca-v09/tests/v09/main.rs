//! The integration tests of v0.09, as one test binary: each file of this
//! folder is a module, so the crate and its test dependencies are linked
//! once. Run one module with `cargo test -p lamosca-v09 --test v09 MODULE::`.
//!
//! The trace snapshots stay in `tests/snapshots/`, named `MODULE__NAME.snap`
//! as when each file was a test binary of its own, since the book includes
//! them by path: each assertion sets `snapshot_path` and names its module.

#[path = "../../../common/front/tests/support/answers.rs"]
mod answers;
#[path = "../../../common/search/tests/mates_support/mod.rs"]
mod mates_support;
#[path = "../../../common/front/tests/support/node_budget.rs"]
mod node_budget_support;
#[path = "../../../common/front/tests/support/refused.rs"]
mod refused_support;
#[path = "../../../common/search/tests/stopped_support/mod.rs"]
mod stopped_support;
mod support;
#[path = "../../../common/front/tests/support/uci_child.rs"]
mod uci_child;

mod answer;
mod cli;
mod mates;
mod negamax_value;
mod node_budget;
mod options;
mod ordered_perft;
mod refused;
mod stopped;
mod traces;
