//! Facts about v0.11 a reader can check: what it shares with v0.10 when
//! Kornilov's ideas are off, that the score passed down is the evaluation,
//! that it answers in time, finds a mate, scores a repetition as a draw and
//! never cuts lazily at the root.

use std::time::Instant;

use crate::ideas;
use common::{evaluate, Position, START_FEN};
use lamosca_search::events::Tracer;
use lamosca_search::log::{capture, Words};
use lamosca_search::{statistic, Engine, Figure, OptionValue, Report, SearchControl, CHECK_EVERY};
use lamosca_v10_quiescence::QuiescenceSearch;
use lamosca_v11_lazy::scoring::{Evaluation, Scoring};
use lamosca_v11_lazy::LazySearch;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const MIDDLEGAME: &str = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8";

/// Positions, and the deepest depth a test searches each to.
const CASES: [(&str, &str, u32); 7] = [
    ("start", START_FEN, 4),
    ("Kiwipete", KIWIPETE, 3),
    ("middlegame", MIDDLEGAME, 4),
    (
        "a pawn twice attacked",
        "3q2k1/5ppp/8/3p4/8/2N5/5PPP/3R2K1 w - - 0 1",
        4,
    ),
    (
        "rook endgame",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        4,
    ),
    (
        "promotions",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        3,
    ),
    (
        "WAC.001",
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
        4,
    ),
];

fn engine(options: &[(&str, OptionValue)]) -> LazySearch {
    let mut engine = LazySearch::new();
    for &(name, value) in options {
        engine.set_option(name, value).unwrap();
    }
    engine
}

fn search<E: Engine>(mut engine: E, fen: &str, depth: u32, control: &SearchControl) -> Report {
    let mut position = Position::from_fen(fen).expect("valid FEN");
    engine.search(&mut position, depth, control, &mut Tracer::off())
}

/// The default without Kornilov's three ideas of pruning.
fn off() -> [(&'static str, OptionValue); 1] {
    [ideas("no-iid,no-lazy,no-selective")]
}

/// With Kornilov's three ideas off, what is left is v0.10's alpha-beta with
/// the same quiescence, another move order, fail-soft bounds, draws, and a
/// score passed down that equals the evaluation. A full-window alpha-beta
/// finds the same value whatever the move order and whether it fails hard
/// or soft, provided the values at the horizon do not depend on the window.
/// The forum quiescence's do only when a capture wins more than its
/// estimated gain, and no draw is within reach in these positions: so the
/// two versions agree, move for move where the best move is unique.
#[test]
fn with_its_ideas_off_v11_finds_v10s_value() {
    let control = SearchControl::unlimited();
    for (name, fen, deepest) in CASES {
        for depth in 1..=deepest {
            let old = search(QuiescenceSearch::new(), fen, depth, &control);
            let new = search(engine(&off()), fen, depth, &control);
            assert_eq!(new.value, old.value, "{name}, depth {depth}");
        }
    }
}

/// A small random number generator, so that the games are the same on
/// every run.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n
    }
}

/// Kornilov's incremental score: along random games, every move's gain
/// takes the score before it to the score after it, seen from the other
/// side, under each set of tables. With LaMoSca's tables that score is
/// `common::evaluate`.
#[test]
fn the_incremental_score_equals_the_evaluation_along_random_games() {
    let mut random = Lcg(2005);
    for game in 0..40 {
        let start = if game % 2 == 0 { START_FEN } else { KIWIPETE };
        let mut position = Position::from_fen(start).expect("valid FEN");
        for scoring in [Scoring::Lamosca, Scoring::Strategic, Scoring::Centre] {
            let mut score = scoring.evaluate(&position);
            let mut played = 0;
            while played < 120 {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[random.below(moves.len())];
                score = -(score + scoring.gain(mv));
                position.make(mv);
                played += 1;
                assert_eq!(score, scoring.evaluate(&position), "{scoring:?}, {mv}");
                if scoring == Scoring::Lamosca {
                    assert_eq!(score, evaluate(&position));
                }
            }
            for _ in 0..played {
                position.unmake();
            }
        }
    }
}

/// In a test build every node checks with `debug_assert!` that the score
/// passed down equals the evaluation rebuilt from scratch; these searches,
/// with both evaluations and a pawnless endgame, run those checks.
#[test]
fn searches_check_the_incremental_score_at_every_node() {
    let control = SearchControl::unlimited();
    let pawnless = "8/8/3k4/8/8/2QK4/8/8 w - - 0 1";
    for evaluation in ["lamosca", "kornilov"] {
        for (fen, depth) in [(MIDDLEGAME, 6), (KIWIPETE, 4), (pawnless, 6)] {
            let report = search(
                engine(&[("Eval", OptionValue::Combo(evaluation))]),
                fen,
                depth,
                &control,
            );
            let position = Position::from_fen(fen).expect("valid FEN");
            let best = report.best.expect("a move");
            assert!(
                position.legal_moves().contains(&best),
                "{evaluation}, {fen}: {best}"
            );
        }
    }
    let position = Position::from_fen(pawnless).expect("valid FEN");
    assert_eq!(
        Scoring::for_position(Evaluation::Kornilov, &position),
        Scoring::Centre
    );
}

/// The driver hands v0.11 a deadline and a very large depth. With a
/// deadline already passed, it stops at its first look at the clock, which
/// comes after 4,096 nodes (or a multiple, when a node that does not look
/// fell on it), the same on every run: it answers a legal move from a
/// finished iteration, and every node then returns at once.
#[test]
fn a_deadline_still_answers_a_legal_move_in_time() {
    for fen in [START_FEN, KIWIPETE, MIDDLEGAME] {
        let control = SearchControl::unlimited().with_deadline(Instant::now());
        let report = search(LazySearch::new(), fen, 64, &control);
        let position = Position::from_fen(fen).expect("valid FEN");
        let best = report.best.expect("a move");
        assert!(position.legal_moves().contains(&best), "{fen}: {best}");
        assert!(report.interrupted, "{fen}: depth 64 cannot finish");
        assert!(report.depth >= 2, "{fen}: {} plies", report.depth);
        assert_eq!(report.nodes % CHECK_EVERY, 0, "{fen}: stopped at a look");
    }
}

/// An iteration stopped halfway never replaces the answer of the last one
/// that finished: with a node budget, spent during the iteration of depth 6
/// at the start position, the depth reached is 4.
#[test]
fn an_iteration_cut_short_keeps_the_finished_answer() {
    let control = SearchControl::unlimited().with_node_limit(4096);
    let report = search(LazySearch::new(), START_FEN, 64, &control);
    assert!(report.interrupted);
    assert_eq!(report.depth, 4);
    let best = report.best.expect("a move");
    assert!(Position::startpos().legal_moves().contains(&best));
}

/// Without internal deepening the root deepens one ply at a time, and an
/// iteration cut short must not answer a move the finished ones refuted.
/// Here the captures come first in the order and the only one, Qxd5,
/// loses the queen to exd5, which every depth sees. Stopped anywhere in
/// the first iterations, the search never answers it.
#[test]
fn without_deepening_an_iteration_cut_short_never_answers_a_refuted_move() {
    let fen = "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1";
    let blunder = Position::from_fen(fen).unwrap().parse_move("d1d5").unwrap();
    let unlimited = search(
        engine(&[ideas("no-iid")]),
        fen,
        3,
        &SearchControl::unlimited(),
    );
    assert!(unlimited.nodes > 500, "{} nodes", unlimited.nodes);
    for budget in (10..unlimited.nodes).step_by(7) {
        let control = SearchControl::unlimited().with_node_limit(budget);
        let report = search(engine(&[ideas("no-iid")]), fen, 64, &control);
        assert_ne!(report.best, Some(blunder), "stopped after {budget} nodes");
    }
}

/// The back-rank mate Ra8#, at every depth and under a clock.
#[test]
fn mate_in_one_is_found() {
    let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let unlimited = SearchControl::unlimited();
    for depth in 1..=6 {
        let report = search(LazySearch::new(), fen, depth, &unlimited);
        assert_eq!(
            report.best.map(|mv| mv.to_string()).as_deref(),
            Some("a1a8")
        );
        assert_eq!(report.value, lamosca_search::MATE - 1, "depth {depth}");
    }
    let timed = SearchControl::unlimited().with_deadline(Instant::now());
    let report = search(LazySearch::new(), fen, 64, &timed);
    assert_eq!(
        report.best.map(|mv| mv.to_string()).as_deref(),
        Some("a1a8")
    );
}

/// A rook down, Black has shuffled its king and White too; Black to move
/// can bring the position of the start back a third time. That line is a
/// draw, worth 0, far better than the rook down any other move keeps.
#[test]
fn a_threefold_repetition_scores_zero() {
    let mut position = Position::from_fen("6k1/8/8/8/8/8/8/R5K1 w - - 0 1").expect("valid FEN");
    position
        .play_moves(&["g1h1", "g8h8", "h1g1", "h8g8", "g1h1", "g8h8", "h1g1"])
        .expect("legal moves");
    let mut engine = LazySearch::new();
    for depth in [2, 3, 4] {
        let report = engine.search(
            &mut position,
            depth,
            &SearchControl::unlimited(),
            &mut Tracer::off(),
        );
        assert_eq!(report.value, 0, "depth {depth}");
        assert_eq!(
            report.best.map(|mv| mv.to_string()).as_deref(),
            Some("h8g8")
        );
    }
    // The same position without its history is simply a rook down.
    let mut fresh = Position::from_fen(&position.to_fen()).expect("valid FEN");
    let report = engine.search(
        &mut fresh,
        4,
        &SearchControl::unlimited(),
        &mut Tracer::off(),
    );
    assert!(report.value < -400, "{}", report.value);
}

/// The root is never cut lazily, though the nodes below it are: a trace
/// of the root's level has no lazy cut, while the statistics count them.
#[test]
fn a_lazy_cut_never_fires_at_the_root() {
    for (name, fen, _) in CASES {
        let mut position = Position::from_fen(fen).expect("valid FEN");
        let (trace, report) = capture(Words::English, 1, |tracer| {
            LazySearch::new().search(&mut position, 6, &SearchControl::unlimited(), tracer)
        });
        assert!(!trace.contains("Lazy cut level 1"), "{name}");
        let lazy = statistic(&report.statistics, "lazy cuts").and_then(Figure::count);
        let lazy = lazy.expect("counted");
        if name == "Kiwipete" {
            assert!(lazy > 0, "{name}: lazy cuts happen below the root");
        }
    }
}

/// A search without a clock is a fixed-depth search: the same report every
/// time.
#[test]
fn a_search_without_a_clock_is_deterministic() {
    let control = SearchControl::unlimited();
    let first = search(LazySearch::new(), MIDDLEGAME, 6, &control);
    let second = search(LazySearch::new(), MIDDLEGAME, 6, &control);
    assert_eq!(first, second);
    assert_eq!(first.depth, 6);
}

/// A mate delivered on the hundredth half-move is a mate, not a fifty-move
/// draw: with the clock at 99, Ra8# is still found, at every depth. At
/// 100, the draw comes first, as it would in a game.
#[test]
fn mate_in_one_is_found_when_the_fifty_moves_run_out() {
    let fen = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 99 80";
    for depth in 1..=5 {
        let report = search(LazySearch::new(), fen, depth, &SearchControl::unlimited());
        assert_eq!(
            report.best.map(|mv| mv.to_string()).as_deref(),
            Some("a1a8"),
            "depth {depth}"
        );
        assert_eq!(report.value, lamosca_search::MATE - 1, "depth {depth}");
    }
}

/// A node budget counts every node the report counts, the quiescence's
/// included, and is asked at every node but two kinds: a draw, and a
/// horizon node that stands pat on the score passed down, both leaves. So
/// the search stops at the node past the budget, or a run of such leaves
/// later, the children of one node at most. Only its first iteration,
/// depth 2, which a budgeted search always finishes, may cost more.
#[test]
fn a_node_budget_counts_every_node() {
    for budget in [1_000, 10_000, 100_000] {
        for fen in [START_FEN, KIWIPETE, MIDDLEGAME] {
            let control = SearchControl::unlimited().with_node_limit(budget);
            let report = search(LazySearch::new(), fen, 64, &control);
            assert!(report.interrupted, "{fen}, {budget}");
            assert!(
                report.nodes <= budget + 100 || report.depth == 2,
                "{fen}: {} nodes for a budget of {budget}",
                report.nodes
            );
            let position = Position::from_fen(fen).expect("valid FEN");
            assert!(position
                .legal_moves()
                .contains(&report.best.expect("a move")));
        }
    }
}
