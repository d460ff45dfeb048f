//! Search traces kept as snapshots: a capture that v0.09 misjudges two
//! plies deep and v0.10 gets right (both traces), the quiescence at work
//! below one capture, LaMoSca's own v0.10 quiescence on the same position,
//! and the start position three plies deep.
//!
//! Each snapshot's description gives the position, the depth and the levels
//! traced; the trace is followed by the report.

use common::{Position, START_FEN};
use lamosca_search::log::{capture, Words};
use lamosca_search::{Engine, OptionValue, Report, SearchControl};
use lamosca_v09::AlphaBeta;
use lamosca_v10_quiescence::QuiescenceSearch;

/// The knight on c3 and the rook on d1 both attack the pawn on d5, which
/// only the queen defends: taking it wins a pawn, since QxN or QxR is
/// answered by the other piece taking the queen.
const RECAPTURE: &str = "3q2k1/5ppp/8/3p4/8/2N5/5PPP/3R2K1 w - - 0 1";

/// Searches `fen` after `moves` with `engine`, tracing `shown` levels.
fn traced<E: Engine>(
    mut engine: E,
    fen: &str,
    moves: &[&str],
    depth: u32,
    shown: u32,
) -> (String, Report) {
    let mut position = Position::from_fen(fen).expect("valid FEN");
    position.play_moves(moves).expect("legal moves");
    let control = SearchControl::unlimited();
    capture(Words::English, shown, |tracer| {
        engine.search(&mut position, depth, &control, tracer)
    })
}

/// The trace followed by the lines `search` prints after it.
fn with_report(trace: &str, report: &Report) -> String {
    format!("{trace}{}", report.closing_lines())
}

fn snapshot(name: &str, description: String, text: String) {
    insta::with_settings!({
        description => description,
        omit_expression => true,
        snapshot_path => "../snapshots",
        prepend_module_to_snapshot => false,
    }, {
        insta::assert_snapshot!(format!("traces__{name}"), text);
    });
}

/// v0.09 two plies deep: after NxP or RxP and the queen's recapture, the
/// search stops and counts a piece lost. It plays a pawn move instead.
#[test]
fn recapture_d2_v09() {
    let (trace, report) = traced(AlphaBeta::new(), RECAPTURE, &[], 2, 1);
    let best = report.best.expect("a move").to_string();
    assert!(!["c3d5", "d1d5"].contains(&best.as_str()), "{best}");
    snapshot(
        "recapture_d2_v09",
        format!("{RECAPTURE}, v0.09, depth 2, level 1 traced"),
        with_report(&trace, &report),
    );
}

/// v0.10 two plies deep: the quiescence search sees that the queen's
/// recapture loses the queen, so taking the pawn wins it.
#[test]
fn recapture_d2_v10() {
    let (trace, report) = traced(QuiescenceSearch::new(), RECAPTURE, &[], 2, 1);
    let best = report.best.expect("a move").to_string();
    assert!(["c3d5", "d1d5"].contains(&best.as_str()), "{best}");
    snapshot(
        "recapture_d2_v10",
        format!("{RECAPTURE}, v0.10, depth 2, level 1 traced"),
        with_report(&trace, &report),
    );
}

/// Below 1.Nxd5, one ply deep and three levels traced: every reply of
/// Black reaches the horizon, where the quiescence stands pat, tries the
/// captures (QxN, answered by RxQ) and cuts.
#[test]
fn recapture_after_nxd5_d1() {
    let (trace, report) = traced(QuiescenceSearch::new(), RECAPTURE, &["c3d5"], 1, 3);
    assert!(trace.contains("Horizon level 2"), "the horizon is marked");
    assert!(trace.contains("stand-pat="), "stand pat is shown");
    assert_ne!(
        report.best.expect("a move").to_string(),
        "d8d5",
        "QxN loses the queen"
    );
    snapshot(
        "recapture_after_nxd5_d1",
        format!("{RECAPTURE} moves c3d5, v0.10, depth 1, levels 1..3 traced"),
        with_report(&trace, &report),
    );
}

/// LaMoSca's own v0.10 quiescence on the same position: captures only and
/// no stand pat, so it too sees the queen lost, with more nodes.
#[test]
fn recapture_d2_lamosca_mode() {
    let mut engine = QuiescenceSearch::new();
    engine
        .set_option("Quiescence", OptionValue::Combo("lamosca"))
        .unwrap();
    let (trace, report) = traced(engine, RECAPTURE, &[], 2, 1);
    snapshot(
        "recapture_d2_lamosca_mode",
        format!("{RECAPTURE}, v0.10 --quiescence lamosca, depth 2, level 1 traced"),
        with_report(&trace, &report),
    );
}

/// The start position three plies deep: the quiescence share of the nodes
/// shows in the statistics.
#[test]
fn startpos_d3() {
    let (trace, report) = traced(QuiescenceSearch::new(), START_FEN, &[], 3, 1);
    snapshot(
        "startpos_d3",
        "startpos, v0.10, depth 3, level 1 traced".to_string(),
        with_report(&trace, &report),
    );
}
