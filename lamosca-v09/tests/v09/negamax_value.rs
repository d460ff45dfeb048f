//! Alpha-beta returns NegaMax's value: the window only skips moves that
//! cannot change the root's value, and ordering changes which moves those
//! are, never the value.

use crate::support::{describe, engine_with, CASES, SWITCHES};
use common::Position;
use lamosca_search::events::Tracer;
use lamosca_search::{Engine, SearchControl, MATE};
use lamosca_v07::NegaMax;

#[test]
fn alpha_beta_returns_the_negamax_value_whatever_the_switches() {
    let control = SearchControl::unlimited();
    for case in CASES {
        let mut position = Position::from_fen(case.fen).unwrap();
        for depth in 1..=case.max_depth {
            let negamax = NegaMax::new().search(&mut position, depth, &control, &mut Tracer::off());
            for mask in 0..1 << SWITCHES.len() {
                let report =
                    engine_with(mask).search(&mut position, depth, &control, &mut Tracer::off());
                assert_eq!(
                    report.value,
                    negamax.value,
                    "{} at depth {depth} with {}",
                    case.name,
                    describe(mask)
                );
                assert!(
                    report.nodes <= negamax.nodes,
                    "{} at depth {depth} with {}: {} nodes, NegaMax {}",
                    case.name,
                    describe(mask),
                    report.nodes,
                    negamax.nodes
                );
                assert_eq!(position.to_fen(), case.fen, "the position is left as found");
            }
        }
    }
}

#[test]
fn the_mate_in_one_is_found_and_scored_one_ply_away() {
    let mut position = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    let report = engine_with(0b1011).search(
        &mut position,
        3,
        &SearchControl::unlimited(),
        &mut Tracer::off(),
    );
    assert_eq!(report.best.unwrap().to_string(), "a1a8");
    assert_eq!(report.value, MATE - 1);
}

#[test]
fn a_stalemate_is_a_draw_with_no_move() {
    let mut position = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    let report = engine_with(0b1011).search(
        &mut position,
        2,
        &SearchControl::unlimited(),
        &mut Tracer::off(),
    );
    assert_eq!((report.best, report.value), (None, 0));
}

#[test]
fn a_stopped_search_says_so() {
    let mut position = Position::startpos();
    let control = SearchControl::unlimited().with_node_limit(1);
    let report = engine_with(0b1011).search(&mut position, 6, &control, &mut Tracer::off());
    assert!(report.interrupted);
    assert!(report.nodes < 2 * lamosca_search::CHECK_EVERY);
}
