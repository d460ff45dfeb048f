//! The integration tests of v0.11, as one test binary: each file of this
//! folder is a module, so the crate and its test dependencies are linked
//! once. Run one module with `cargo test -p lamosca-v11-lazy --test v11 MODULE::`.
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
#[path = "../../../common/front/tests/support/uci_child.rs"]
mod uci_child;

mod answer;
mod edges;
mod facts;
mod ideas;
mod limits;
mod mates;
mod next_step;
mod node_budget;
mod null_move;
mod options;
mod refused;
mod stopped;
mod table;
mod traces;

/// `--ideas LIST` (UCI `Ideas`) as the option's name and value, as the
/// tests' engines set it.
fn ideas(list: &str) -> (&'static str, lamosca_search::OptionValue) {
    use lamosca_search::Engine;
    let option = &lamosca_v11_lazy::LazySearch::OPTIONS[0];
    assert_eq!(option.name, "Ideas");
    (
        option.name,
        option.parse_value(list).expect("a list of ideas"),
    )
}
