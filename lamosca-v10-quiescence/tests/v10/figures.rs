//! The figures a search under a node budget reports are counted over the
//! same depths as its nodes: every depth the driver searched.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use common::Position;
use lamosca_search::deepen::{deepen, Limits, Trace, MAX_DEPTH};
use lamosca_search::{Engine, Figure};
use lamosca_v10_quiescence::QuiescenceSearch;

#[test]
fn a_share_under_a_node_budget_is_a_share_of_the_nodes_counted() {
    let limits = Limits {
        depth: MAX_DEPTH,
        deadline: None,
        nodes: Some(100_000),
    };
    let stop = Arc::new(AtomicBool::new(false));
    let mut position = Position::startpos();
    let mut engine = QuiescenceSearch::new();
    let report = deepen(
        &mut engine,
        &mut position,
        &limits,
        &stop,
        Trace::off(),
        |_| {},
    );
    let figure = |label: &str| {
        report
            .statistics
            .iter()
            .find(|statistic| statistic.label == label)
            .map(|statistic| statistic.value)
    };
    let Some(Figure::Share { part, whole }) = figure("quiescence nodes") else {
        panic!("no share of quiescence nodes: {:?}", report.statistics);
    };
    assert_eq!(whole, report.nodes);
    assert!(part < whole);
    // The cut-offs by the first move are a share of the cut-offs counted.
    let Some(Figure::Share { whole: cuts, .. }) = figure("cut-offs by the first move") else {
        panic!("no share of first-move cut-offs");
    };
    assert_eq!(Some(Figure::Count(cuts)), figure("beta cut-offs"));
}
