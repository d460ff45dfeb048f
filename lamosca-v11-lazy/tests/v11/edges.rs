//! v0.11 at its edges: a root with no legal move, and a node budget
//! smaller than its first iteration.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use common::{Position, START_FEN};
use lamosca_search::deepen::{deepen, Limits, Trace, MAX_DEPTH};
use lamosca_search::events::{Event, Listener, Tracer};
use lamosca_search::{statistic, Engine, Figure, SearchControl, MATE};
use lamosca_v10_quiescence::QuiescenceSearch;
use lamosca_v11_lazy::LazySearch;

/// The values of the iterations a search tells.
#[derive(Default)]
struct Iterations(Vec<i32>);

impl Listener for Iterations {
    fn hear(&mut self, event: &Event<'_>) {
        if let Event::Iteration { value, .. } = *event {
            self.0.push(value);
        }
    }
}

/// A root with no legal move is mated or stalemated, and the iteration it
/// tells is worth that: the score is set before the root's bookkeeping.
/// It is one node, with no deepening, as in every step.
#[test]
fn a_root_without_a_move_tells_its_mate_or_stalemate() {
    let cases = [
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 0),
        ("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", -MATE),
    ];
    for (fen, score) in cases {
        let mut position = Position::from_fen(fen).expect("valid FEN");
        assert!(position.legal_moves().is_empty(), "{fen}");
        let mut heard = Iterations::default();
        let mut tracer = Tracer::new(0, &mut heard);
        let control = SearchControl::unlimited();
        let report = LazySearch::new().search(&mut position, 4, &control, &mut tracer);
        assert_eq!(report.value, score, "{fen}");
        assert_eq!(heard.0, [score], "{fen}");
        // One node and no deepening, as every step counts it: v0.10's
        // report, the same nodes, value and move.
        let v10 = QuiescenceSearch::new().search(&mut position, 4, &control, &mut Tracer::off());
        assert_eq!((report.nodes, report.best), (1, None), "{fen}");
        assert_eq!(
            (report.nodes, report.value),
            (v10.nodes, v10.value),
            "{fen}"
        );
        let deepenings = statistic(&report.statistics, "internal deepenings");
        assert_eq!(deepenings.and_then(Figure::count), Some(0), "{fen}");
    }
}

/// Under a node budget v0.11 finishes its first iteration (depth 2, with
/// internal deepening) whatever the budget, as the driver finishes depth 1
/// for the other steps; past it, the budget holds. Asked for no depth, the
/// root is called with the deepest, 64, and enters the 31 roots of depths
/// 64, 62, ..., 4 before it reaches depth 2: each counts a node.
#[test]
fn a_node_budget_of_one_still_finishes_the_first_iteration() {
    let mut position = Position::from_fen(START_FEN).expect("valid FEN");
    let first = LazySearch::new().search(
        &mut position,
        2,
        &SearchControl::unlimited(),
        &mut Tracer::off(),
    );
    let limits = Limits {
        depth: MAX_DEPTH,
        deadline: None,
        nodes: Some(1),
    };
    let stop = Arc::new(AtomicBool::new(false));
    let mut engine = LazySearch::new();
    let report = deepen(
        &mut engine,
        &mut position,
        &limits,
        &stop,
        Trace::off(),
        |_| {},
    );
    assert_eq!(report.nodes, first.nodes + 31);
    assert_eq!(report.depth, 2);
}
