//! Traces of v0.07's NegaMax, kept as snapshots. The book shows them, and
//! a change to the search that alters a single value shows up here first.

use common::Position;
use lamosca_search::log::{capture, Words};
use lamosca_search::{Engine, Report, SearchControl};
use lamosca_v07::NegaMax;

/// The trace of a search of `fen` to `depth`, showing levels up to `shown`,
/// followed by the lines `search` prints after it: the statistics and the
/// move with its value and nodes.
fn trace(fen: &str, depth: u32, shown: u32, words: Words) -> (String, Report) {
    let (mut text, report) = capture(words, shown, |tracer| {
        let mut position = Position::from_fen(fen).expect("valid FEN");
        NegaMax::new().search(&mut position, depth, &SearchControl::unlimited(), tracer)
    });
    text.push_str(&report.closing_lines());
    (text, report)
}

fn snapshot(name: &str, fen: &str, depth: u32, shown: u32, words: Words) -> Report {
    let (text, report) = trace(fen, depth, shown, words);
    insta::with_settings!({
        description => format!("{fen}, depth {depth}, levels 1..{shown} traced"),
        omit_expression => true,
        snapshot_path => "../snapshots",
        prepend_module_to_snapshot => false,
    }, {
        insta::assert_snapshot!(format!("trace__{name}"), text);
    });
    report
}

/// The seed's log: after two levels from the start, d2d4 (value 0), with
/// the values of all twenty replies to a2a3 and every other first move.
#[test]
fn startpos_d2() {
    let report = snapshot("startpos_d2", common::START_FEN, 2, 2, Words::Italian);
    assert_eq!(
        report.best.map(|mv| mv.to_string()).as_deref(),
        Some("d2d4")
    );
    assert_eq!(report.value, 0);
}

/// A back-rank mate: at depth 1 the rook's move is worth only its square,
/// at depth 2 the search sees that Black has no move left and is in check.
#[test]
fn mate_in_one() {
    let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let shallow = snapshot("mate_in_one_d1", fen, 1, 1, Words::English);
    let deep = snapshot("mate_in_one_d2", fen, 2, 1, Words::English);
    assert_ne!(
        shallow.best.map(|mv| mv.to_string()).as_deref(),
        Some("a1a8")
    );
    assert_eq!(deep.best.map(|mv| mv.to_string()).as_deref(), Some("a1a8"));
    assert!(deep.value >= lamosca_search::MATE_BOUND);
}

/// Taking the knight leaves Black, to move, with no legal move and not in
/// check: a stalemate, a draw. One level deep the capture looks best; two
/// levels deep NegaMax scores the stalemate 0, and finds the mate the rook
/// gives on the first rank instead.
#[test]
fn stalemate_trap() {
    let fen = "8/4R3/8/3B4/8/8/p1K5/k6n w - - 0 1";
    let shallow = snapshot("stalemate_trap_d1", fen, 1, 1, Words::English);
    let deep = snapshot("stalemate_trap_d2", fen, 2, 1, Words::English);
    assert_eq!(
        shallow.best.map(|mv| mv.to_string()).as_deref(),
        Some("d5h1")
    );
    assert_ne!(deep.best.map(|mv| mv.to_string()).as_deref(), Some("d5h1"));
    assert!(deep.value > 0);
}

/// The queen takes a pawn that a pawn defends. One level deep NegaMax sees
/// a pawn won and nothing of the recapture; two levels deep it sees the
/// queen lost. This is the horizon the quiescence search of v0.10 removes.
#[test]
fn defended_pawn() {
    let fen = "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1";
    let shallow = snapshot("defended_pawn_d1", fen, 1, 1, Words::English);
    let deep = snapshot("defended_pawn_d2", fen, 2, 1, Words::English);
    assert_eq!(
        shallow.best.map(|mv| mv.to_string()).as_deref(),
        Some("d1d5")
    );
    assert_ne!(deep.best.map(|mv| mv.to_string()).as_deref(), Some("d1d5"));
}

/// No legal move at the root: the trace says none was found, and there is
/// no best move. Fool's mate, White mated.
#[test]
fn mated_at_the_root() {
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let report = snapshot("mated_root", fen, 2, 1, Words::English);
    assert_eq!(report.best, None);
    assert_eq!(report.value, -lamosca_search::MATE);
}
