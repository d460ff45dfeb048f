//! The checks of exercise v0.10, in the order the holes are filled: each
//! one names the holes it runs through and the chapter's section.
//!
//! - a quiescence with no capture to try (hole 1 alone);
//! - while a hole is still empty, what a search told before it reached
//!   it, which must be the step's, so that a slip in a hole filled is told
//!   before the next hole is asked for;
//! - the step's trace snapshots of its quiescence: below 1.Nxd5, the
//!   recapture position, the start position;
//! - the same log, every quiescence node included, and the same value and
//!   move as the step's own search on the perft suites' positions, with
//!   each `EGain` form and `quiRoot` off;
//! - a stalemate at the horizon node below beta, after 1.Bxg7 in
//!   `k7/P5n1/1K6/8/8/2B5/8/8 w`: the same log, value and move as the
//!   step's, the first node that differs named;
//! - invariants: the position is restored, and the quiescence never
//!   returns less than the stand pat out of check;
//! - the position is restored by a search told to stop, under node
//!   budgets 1 to 100 and larger: the budget, the moves left made and the
//!   node where the budget ran out named.

use common::Position;
use std::process::ExitCode;
use std::sync::LazyLock;

use exercise_check::{
    closing, hint, logged, same_as_snapshot, same_log, snapshot, Exercise, Line, Outcome,
};
use exercise_v10::QuiescenceSearch;
use lamosca_search::events::Tracer;
use lamosca_search::log::Words;
use lamosca_search::{Engine, OptionValue, Report, SearchControl};

const STEP: &str = "lamosca-v10-quiescence";
/// The exercise, as `holes.toml` names it.
const EXERCISE: Exercise = Exercise {
    step: "v10",
    chapter: "v10-quiescence.md",
};
static STAND_PAT: LazyLock<String> = LazyLock::new(|| hint(&EXERCISE, &["stand_pat"]));
static ALL: LazyLock<String> =
    LazyLock::new(|| hint(&EXERCISE, &["stand_pat", "window", "fail_high"]));

/// Every level a log shows: the quiescence goes below the depth.
const EVERY_LEVEL: u32 = 64;

/// The knight and the rook both attack the pawn on d5, which only the
/// queen defends.
const RECAPTURE: &str = "3q2k1/5ppp/8/3p4/8/2N5/5PPP/3R2K1 w - - 0 1";

/// Black has the knight on g7 alone to move: once 1.Bxg7 takes it, Black
/// is stalemated, at the horizon of a depth 1 search.
const STALEMATE_AT_THE_HORIZON: &str = "k7/P5n1/1K6/8/8/2B5/8/8 w - - 0 1";

/// The perft suites' positions, the recapture, a mate in one and a
/// stalemate.
const POSITIONS: [&str; 7] = [
    common::START_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    RECAPTURE,
    "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
];

/// The search of `fen` after `moves` to `depth` by an engine of type `E`
/// with the options given, its log of `levels` levels with paths, and its
/// report.
fn search<E: Engine>(
    fen: &str,
    moves: &[&str],
    options: &[(&str, OptionValue)],
    depth: u32,
    levels: u32,
) -> (Vec<Line>, Report) {
    let mut position = Position::from_fen(fen).unwrap();
    position.play_moves(moves).unwrap();
    let mut engine = E::new();
    for (name, value) in options {
        engine.set_option(name, *value).unwrap();
    }
    logged(Words::English, levels, |tracer| {
        engine.search(&mut position, depth, &SearchControl::unlimited(), tracer)
    })
}

/// One of the step's snapshots: the log, then the lines after it.
/// Where it differs, the step's own search names the node.
fn trace_snapshot(name: &str, moves: &[&str], fen: &str, depth: u32, levels: u32) -> Outcome {
    let closed = |(mut log, report): (Vec<Line>, Report)| {
        log.extend(closing(&report));
        log
    };
    let mut root = Position::from_fen(fen).unwrap();
    root.play_moves(moves).unwrap();
    same_as_snapshot(
        name,
        ALL.as_str(),
        &root,
        &snapshot(STEP, &format!("traces__{name}")),
        &closed(search::<QuiescenceSearch>(fen, moves, &[], depth, levels)),
        || {
            closed(search::<lamosca_v10_quiescence::QuiescenceSearch>(
                fen,
                moves,
                &[],
                depth,
                levels,
            ))
        },
    )
}

/// Depth 0 where no capture is possible: the horizon stands pat and
/// returns, as the step's own quiescence does.
fn no_capture_stands_pat() -> Outcome {
    // The last, a rook up: a stand pat worth something.
    for fen in [
        common::START_FEN,
        "8/8/8/4k3/8/8/4K3/8 w - - 0 1",
        "8/8/8/4k3/8/8/4K3/R7 w - - 0 1",
    ] {
        let check = format!("no_capture_stands_pat, {fen}");
        let (expected, _) =
            search::<lamosca_v10_quiescence::QuiescenceSearch>(fen, &[], &[], 0, EVERY_LEVEL);
        let (actual, _) = search::<QuiescenceSearch>(fen, &[], &[], 0, EVERY_LEVEL);
        let root = Position::from_fen(fen).unwrap();
        same_log(&check, STAND_PAT.as_str(), &root, &expected, &actual)?;
    }
    Ok(())
}

/// Holes 1 and 2 filled, hole 3 empty, every search with a capture stops
/// there: what it told before, the window of the capture's node and its
/// value included, must be the step's (a slip in the window shows there),
/// before hole 3 is asked for.
/// Written whole, the first node where the search differs from the
/// step's, event for event.
fn first_node_that_differs() -> Outcome {
    exercise_check::first_node_that_differs::<
        QuiescenceSearch,
        lamosca_v10_quiescence::QuiescenceSearch,
    >(&EXERCISE, &POSITIONS, 1, &[])
}

/// Below 1.Nxd5: every reply reaches the horizon, where the quiescence
/// stands pat, tries the captures and cuts.
fn recapture_after_nxd5_d1() -> Outcome {
    trace_snapshot("recapture_after_nxd5_d1", &["c3d5"], RECAPTURE, 1, 3)
}

fn recapture_d2_v10() -> Outcome {
    trace_snapshot("recapture_d2_v10", &[], RECAPTURE, 2, 1)
}

fn startpos_d3() -> Outcome {
    trace_snapshot("startpos_d3", &[], common::START_FEN, 3, 1)
}

/// The learner's search of `fen` with `options` to `depth` against the
/// step's own, as `check`: every level of the log, quiescence included,
/// then the value, move, line and statistics.
fn same_as_the_step(
    check: &str,
    fen: &str,
    options: &[(&str, OptionValue)],
    depth: u32,
) -> Outcome {
    let (expected, reference) =
        search::<lamosca_v10_quiescence::QuiescenceSearch>(fen, &[], options, depth, EVERY_LEVEL);
    let (actual, report) = search::<QuiescenceSearch>(fen, &[], options, depth, EVERY_LEVEL);
    let root = Position::from_fen(fen).unwrap();
    same_log(check, ALL.as_str(), &root, &expected, &actual)?;
    exercise_check::same_report(check, ALL.as_str(), &reference, &report)
}

/// Every level of the log, quiescence included, and the value, move and
/// nodes of the step's own search, on every position to depth 2.
fn same_search_as_the_step() -> Outcome {
    let settings: [&[(&str, OptionValue)]; 3] = [
        &[],
        &[("EGain", OptionValue::Combo("simple"))],
        &[("QuiRoot", OptionValue::Check(false))],
    ];
    for options in settings {
        for fen in POSITIONS {
            let check = format!("same_search_as_the_step, {fen}, depth 2, {options:?}");
            same_as_the_step(&check, fen, options, 2)?;
        }
    }
    Ok(())
}

/// A stalemate at the horizon node below beta: 1.Bxg7 leaves Black, not
/// in check, no legal move, and no capture either. The horizon asks
/// whether the side to move has any move at all, so that 1.Bxg7 scores
/// as the draw it is, and the step plays 1.Bd4 (115). A quiescence that
/// ends a node without moves only in check stands pat there instead:
/// it plays 1.Bxg7, stalemating Black, for 405.
fn stalemate_at_the_horizon() -> Outcome {
    let check = format!("stalemate_at_the_horizon, {STALEMATE_AT_THE_HORIZON}, depth 1");
    same_as_the_step(&check, STALEMATE_AT_THE_HORIZON, &[], 1)
}

/// The search gives the position back, and at depth 0 out of check the
/// quiescence is worth at least the static value: the stand pat is a
/// floor.
fn position_restored_and_stand_pat_a_floor() -> Outcome {
    for fen in POSITIONS {
        let before = Position::from_fen(fen).unwrap();
        for depth in 0..=2 {
            let mut position = before.clone();
            let report = QuiescenceSearch::new().search(
                &mut position,
                depth,
                &SearchControl::unlimited(),
                &mut Tracer::off(),
            );
            let check = format!("position_restored_and_stand_pat_a_floor, {fen}, depth {depth}");
            exercise_check::restored(&check, ALL.as_str(), &before, &position)?;
            if depth == 0 && !before.in_check() {
                let floor = common::evaluate(&before);
                exercise_check::holds(&check, ALL.as_str(), report.value >= floor, || {
                    format!(
                        "the quiescence returned {}, below the stand pat {floor}",
                        report.value
                    )
                })?;
            }
        }
    }
    Ok(())
}

/// A search told to stop by its node budget gives the position back as
/// it found it: every move made, in the quiescence too, is unmade on the
/// way out, the stopped search's lines included. On each position, to
/// depth 4, under every budget up to 100 and larger ones; where a move is
/// left made, the node where the budget ran out is named.
fn position_restored_when_stopped() -> Outcome {
    exercise_check::position_restored_when_stopped(
        ALL.as_str(),
        &POSITIONS,
        4,
        QuiescenceSearch::new,
    )
}

/// Every check, in the order the holes are filled: the runner runs them
/// one after the other and stops at the first that fails.
const CHECKS: &[exercise_check::Check] = &[
    ("no_capture_stands_pat", no_capture_stands_pat),
    ("first_node_that_differs", first_node_that_differs),
    ("recapture_after_nxd5_d1", recapture_after_nxd5_d1),
    ("recapture_d2_v10", recapture_d2_v10),
    ("startpos_d3", startpos_d3),
    ("same_search_as_the_step", same_search_as_the_step),
    ("stalemate_at_the_horizon", stalemate_at_the_horizon),
    (
        "position_restored_and_stand_pat_a_floor",
        position_restored_and_stand_pat_a_floor,
    ),
    (
        "position_restored_when_stopped",
        position_restored_when_stopped,
    ),
];

/// Runs the checks in order; with the slip, requires that they fail with
/// the message the chapter shows.
fn main() -> ExitCode {
    exercise_check::run(&EXERCISE, CHECKS, cfg!(feature = "slip"))
}
