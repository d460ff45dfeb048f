//! What every step's `tests/stopped.rs` asks of a search stopped by its
//! node budget, written once: each step's test file includes this one
//! (`#[path]`) and names its own engine, depth, budget and answer.

use common::Position;
use lamosca_search::events::Tracer;
use lamosca_search::{Engine, Report, SearchControl};

/// WAC.001: White mates with Qg6.
pub const FEN: &str = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1";

/// `engine`'s search of [`FEN`] to `depth`, stopped after `nodes` nodes.
pub fn stopped(mut engine: impl Engine, depth: u32, nodes: u64) -> Report {
    let mut position = Position::from_fen(FEN).unwrap();
    let control = SearchControl::unlimited().with_node_limit(nodes);
    engine.search(&mut position, depth, &control, &mut Tracer::off())
}

/// The report's move, value and line, as text: `e5c6 -114 [e5c6 d6c6]`.
pub fn answer(report: &Report) -> String {
    let line: Vec<String> = report.pv.iter().map(ToString::to_string).collect();
    let best = report.best.map(|mv| mv.to_string()).unwrap_or_default();
    format!("{best} {} [{}]", report.value, line.join(" "))
}

/// Checks that a stopped search answers `expected`, its move first in its
/// line, and that the line is one of legal moves, each after the ones
/// before.
pub fn answers_its_best_line_so_far(report: &Report, expected: &str) {
    assert!(report.interrupted);
    assert_eq!(report.best, report.pv.first().copied());
    assert_eq!(answer(report), expected);
    let mut position = Position::from_fen(FEN).unwrap();
    for &mv in &report.pv {
        assert!(position.legal_moves().contains(&mv), "{}", answer(report));
        position.make(mv);
    }
}
