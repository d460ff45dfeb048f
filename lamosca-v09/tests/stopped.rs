//! A search stopped by its node budget partway through a depth answers
//! the best of the root moves it searched fully, with the line the search
//! kept for that move; stopped before any, it answers nothing.

use common::Position;
use lamosca_search::events::Tracer;
use lamosca_search::{Engine, Report, SearchControl};
use lamosca_v09::AlphaBeta;

/// WAC.001: White mates with Qg6.
const FEN: &str = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1";

/// The search of `FEN` to depth 5, stopped after `nodes` nodes.
fn stopped(nodes: u64) -> Report {
    let mut engine = AlphaBeta::new();
    let mut position = Position::from_fen(FEN).unwrap();
    let control = SearchControl::unlimited().with_node_limit(nodes);
    engine.search(&mut position, 5, &control, &mut Tracer::off())
}

/// The report's move, value and line, as text.
fn answer(report: &Report) -> String {
    let line: Vec<String> = report.pv.iter().map(ToString::to_string).collect();
    let best = report.best.map(|mv| mv.to_string()).unwrap_or_default();
    format!("{best} {} [{}]", report.value, line.join(" "))
}

#[test]
fn a_search_stopped_partway_answers_its_best_line_so_far() {
    let report = stopped(20000);
    assert!(report.interrupted);
    assert_eq!(report.best, report.pv.first().copied());
    assert_eq!(answer(&report), "e5c6 -114 [e5c6 d6c6 f6h7 a7a5 f1f7]");
    // The line is one of legal moves, each after the ones before.
    let mut position = Position::from_fen(FEN).unwrap();
    for &mv in &report.pv {
        assert!(position.legal_moves().contains(&mv), "{}", answer(&report));
        position.make(mv);
    }
}

#[test]
fn a_search_stopped_before_a_root_move_was_searched_answers_nothing() {
    let report = stopped(1);
    assert!(report.interrupted);
    assert_eq!(answer(&report), " 0 []");
}
