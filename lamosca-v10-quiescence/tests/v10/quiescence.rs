//! What the quiescence search changes, stated as facts a reader can check
//! on the board: the horizon effect is gone, mate and stalemate are still
//! seen at the horizon, and the forum's pruning by estimated gain costs
//! nothing in value when its margin is wide.

use common::{evaluate, Move, PieceKind, Position};
use lamosca_search::events::{Tracer, Window};
use lamosca_search::{Engine, OptionValue, Report, SearchControl, INFINITY, MATE_BOUND};
use lamosca_v09::ordering::mvv_lva;
use lamosca_v09::AlphaBeta;
use lamosca_v10_quiescence::{swap_off, Quiescence, QuiescenceSearch};

fn search<E: Engine>(engine: &mut E, fen: &str, depth: u32) -> Report {
    let mut position = Position::from_fen(fen).expect("valid FEN");
    let before = position.to_fen();
    let report = engine.search(
        &mut position,
        depth,
        &SearchControl::unlimited(),
        &mut Tracer::off(),
    );
    assert_eq!(
        position.to_fen(),
        before,
        "the search must leave the position as it was"
    );
    report
}

fn best(report: &Report) -> String {
    report.best.map_or("0000".to_string(), |mv| mv.to_string())
}

/// The queen can take a pawn that a pawn defends. v0.09 one ply deep sees
/// the pawn won and not the queen lost; v0.10's quiescence sees the
/// recapture.
#[test]
fn the_horizon_effect_is_gone() {
    let fen = "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1";
    assert_eq!(best(&search(&mut AlphaBeta::new(), fen, 1)), "d1d5");
    assert_ne!(best(&search(&mut QuiescenceSearch::new(), fen, 1)), "d1d5");
}

/// The knight can take a pawn that only the queen defends, and the rook
/// behind the knight would take the queen. Two plies deep v0.09 stops after
/// QxN and counts a knight lost; v0.10 sees RxQ and wins the pawn.
#[test]
fn a_recapture_beyond_the_horizon_is_seen() {
    let fen = "3q2k1/5ppp/8/3p4/8/2N5/5PPP/3R2K1 w - - 0 1";
    let v09 = search(&mut AlphaBeta::new(), fen, 2);
    let v10 = search(&mut QuiescenceSearch::new(), fen, 2);
    assert!(!["c3d5", "d1d5"].contains(&best(&v09).as_str()));
    assert!(["c3d5", "d1d5"].contains(&best(&v10).as_str()));
    assert!(v10.value > v09.value);
}

/// A side in check at the horizon may not stand pat: the back-rank mate is
/// found one ply deep, where v0.09 needs two.
#[test]
fn a_mate_at_the_horizon_is_a_mate() {
    let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let report = search(&mut QuiescenceSearch::new(), fen, 1);
    assert_eq!(best(&report), "a1a8");
    assert!(report.value >= MATE_BOUND);
}

/// Taking the knight stalemates Black. The horizon node has no capture and
/// no legal move at all: a draw, not the static value of a bishop up.
#[test]
fn a_stalemate_at_the_horizon_is_a_draw() {
    let fen = "8/4R3/8/3B4/8/8/p1K5/k6n w - - 0 1";
    assert_eq!(best(&search(&mut AlphaBeta::new(), fen, 1)), "d5h1");
    assert_ne!(best(&search(&mut QuiescenceSearch::new(), fen, 1)), "d5h1");
}

/// Alpha-beta with the plainest quiescence: stand pat, then every capture
/// with the full window. The forum's version must give the same value
/// whenever its estimates can never be below the truth.
fn reference(position: &mut Position, mut alpha: i32, beta: i32, depth: u32) -> i32 {
    if depth == 0 {
        return reference_quiescence(position, alpha, beta);
    }
    let moves = position.legal_moves();
    if moves.is_empty() {
        return lamosca_search::no_moves_score(position, 0).clamp(alpha, beta);
    }
    for mv in moves {
        position.make(mv);
        let value = -reference(position, -beta, -alpha, depth - 1);
        position.unmake();
        if value >= beta {
            return beta;
        }
        alpha = alpha.max(value);
    }
    alpha
}

fn reference_quiescence(position: &mut Position, mut alpha: i32, beta: i32) -> i32 {
    if position.in_check() {
        let moves = position.legal_moves();
        if moves.is_empty() {
            return lamosca_search::no_moves_score(position, 0);
        }
        let mut best = -INFINITY;
        for mv in moves {
            position.make(mv);
            best = best.max(-reference_quiescence(position, -beta, -alpha.max(best)));
            position.unmake();
            if best >= beta {
                break;
            }
        }
        return best;
    }
    let mut best = evaluate(position);
    if best >= beta {
        return best;
    }
    alpha = alpha.max(best);
    // The order changes the work, never the value: best captures first.
    // A push that makes a queen is tried as a capture is.
    let queen = |mv: Move| mv.promotion.kind() == Some(PieceKind::Queen);
    let mut captures: Vec<_> = position
        .legal_moves()
        .into_iter()
        .filter(|&mv| mv.is_capture() || queen(mv))
        .collect();
    captures.sort_by_key(|&mv| -mvv_lva(mv));
    for mv in captures {
        position.make(mv);
        let value = -reference_quiescence(position, -beta, -alpha);
        position.unmake();
        best = best.max(value);
        alpha = alpha.max(best);
        if best >= beta {
            break;
        }
    }
    best
}

/// With the simple gain and a margin of ten pawns, no capture is ever
/// skipped nor its window narrowed below its real worth: the forum
/// quiescence returns the plain one's value. Mate scores are left out of
/// the comparison (the reference counts mates from the horizon, not the
/// root).
#[test]
fn wide_estimates_give_the_plain_quiescence_value() {
    let fens = [
        common::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "3q2k1/5ppp/8/3p4/8/2N5/5PPP/3R2K1 w - - 0 1",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ];
    for fen in fens {
        for depth in 1..=2 {
            let mut engine = QuiescenceSearch::new();
            engine
                .set_option("EGain", OptionValue::Combo("simple"))
                .unwrap();
            engine.set_option("Delta", OptionValue::Spin(1000)).unwrap();
            let report = search(&mut engine, fen, depth);
            let mut position = Position::from_fen(fen).expect("valid FEN");
            let expected = reference(&mut position, -INFINITY, INFINITY, depth);
            if expected.abs() < MATE_BOUND {
                assert_eq!(report.value, expected, "{fen} at depth {depth}");
            }
        }
    }
}

/// Every switch gives a legal move and leaves the position as it was, on
/// the Bratko-Kopec positions.
#[test]
fn every_mode_answers_with_a_legal_move() {
    let suite = include_str!("../../../common/suites/bk.epd");
    let settings: [(&str, OptionValue); 5] = [
        ("EGain", OptionValue::Combo("see")),
        ("EGain", OptionValue::Combo("simple")),
        ("Delta", OptionValue::Spin(0)),
        ("QuiRoot", OptionValue::Check(false)),
        ("Quiescence", OptionValue::Combo("lamosca")),
    ];
    for line in suite.lines().take(8) {
        let fen: String = line
            .split_whitespace()
            .take(4)
            .collect::<Vec<_>>()
            .join(" ");
        for (name, value) in settings {
            let mut engine = QuiescenceSearch::new();
            engine.set_option(name, value).unwrap();
            let report = search(&mut engine, &fen, 2);
            let position = Position::from_fen(&fen).expect("valid FEN");
            let mv = report.best.expect("a move");
            assert!(position.legal_moves().contains(&mv), "{fen} {name}: {mv}");
        }
    }
}

/// The value of `fen`'s quiescence, the horizon node's captures judged by
/// their estimated gain like every other node's (`quiRoot` off), within
/// (`alpha`, `beta`).
fn quiescence(fen: &str, alpha: i32, beta: i32, qui_root: bool) -> (i32, Quiescence) {
    let mut position = Position::from_fen(fen).expect("valid FEN");
    let mut quiescence = Quiescence::default();
    quiescence.settings.qui_root = qui_root;
    let control = SearchControl::unlimited();
    let window = Window { alpha, beta };
    let value = quiescence
        .horizon(&mut position, window, 1, 0, &control, &mut Tracer::off())
        .expect("not stopped");
    (value, quiescence)
}

/// Black, two pawns up, is stalemated: every pawn blocked, the king
/// boxed in by White's. With beta at 0 the stand pat on +200 would cut and
/// return it; the horizon node first finds it has no legal move, and is
/// worth 0. (Before, the cut came first and a stalemate scored +200.)
#[test]
fn a_stalemate_at_the_horizon_is_a_draw_even_above_beta() {
    let fen = "k1K5/p7/P3p1p1/4p1p1/4P1P1/8/8/8 b - - 0 1";
    assert!(evaluate(&Position::from_fen(fen).unwrap()) >= 100);
    for beta in [-50, 0, 100] {
        assert_eq!(quiescence(fen, -INFINITY, beta, true).0, 0, "beta {beta}");
    }
    let stalemated = Position::from_fen(fen).unwrap();
    assert!(Quiescence::default().stalemated(&stalemated, 1));
    let free = Position::from_fen("k7/p7/P3p1p1/4p1p1/4P1P1/8/8/4K3 b - - 0 1").unwrap();
    assert!(!Quiescence::default().stalemated(&free, 1));
}

/// The pawn on b7 takes the rook on a8 as it queens: the exchange wins the
/// rook and the promotion, 500 + 900, with nothing to recapture. The
/// forum post's rule priced every promotion at the promotion alone, 900:
/// with alpha 1,000 above the static value (that gain plus the margin of
/// 50 falls short of it) it skipped the capture that wins 1,400.
#[test]
fn a_capture_promotion_is_valued_with_its_victim() {
    let fen = "r6k/1P6/8/8/8/8/8/6K1 w - - 0 1";
    let position = Position::from_fen(fen).unwrap();
    let bxa8q = position.parse_move("b7a8q").unwrap();
    assert_eq!(swap_off(&position, bxa8q), 500 + 900);
    let alpha = evaluate(&position) + 1_000;
    let (value, quiescence) = quiescence(fen, alpha, alpha + 2_000, false);
    assert!(value > alpha + 300, "{value} against alpha {alpha}");
    assert!(quiescence.counts.nodes > 1, "the capture was searched");
}

/// Nothing to capture, but a pawn one step from queening: the quiescence
/// tries the push that makes a queen, where the post's loop, captures
/// only, stood pat on a pawn.
#[test]
fn a_quiet_queen_promotion_is_searched() {
    let fen = "8/P6k/8/8/8/8/6K1/8 w - - 0 1";
    let stand_pat = evaluate(&Position::from_fen(fen).unwrap());
    let (value, _) = quiescence(fen, -INFINITY, INFINITY, true);
    assert!(value >= stand_pat + 700, "{value} against {stand_pat}");
    // One ply deep, v0.10 sees Black's pawn queen beyond its horizon.
    let report = search(
        &mut QuiescenceSearch::new(),
        "7k/8/8/8/8/8/p7/4K3 w - - 0 1",
        1,
    );
    assert!(report.value < -500, "{}", report.value);
}
