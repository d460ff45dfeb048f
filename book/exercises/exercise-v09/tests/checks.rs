//! The checks of exercise v0.09, in the order the holes are filled: each
//! one names the holes it runs through and the chapter's section.
//!
//! - the seed's search with the ordering off (holes 1 and 2), then
//!   without history (holes 1 to 3), then as published (all four), each
//!   against the step's trace snapshot;
//! - the step's other snapshots: each switch, and the start position;
//! - the same log, value and move as the step's own search on the perft
//!   suites' positions;
//! - invariants: the position is restored, every node entered is counted,
//!   and the value is NegaMax's.

use common::Position;
use std::process::ExitCode;
use std::sync::LazyLock;

use exercise_check::{
    closing, hint, logged, plain, same_lines, same_log, snapshot, Exercise, Line, Outcome,
};
use exercise_v09::AlphaBeta;
use lamosca_search::events::Tracer;
use lamosca_search::log::Words;
use lamosca_search::{Engine, OptionValue, Report, SearchControl};

const STEP: &str = "lamosca-v09";
/// The exercise, as `holes.toml` names it.
const EXERCISE: Exercise = Exercise {
    step: "v09",
    chapter: "v09-alphabeta.md",
};
static WINDOW: LazyLock<String> = LazyLock::new(|| hint(&EXERCISE, &["window", "fail_high"]));
static PICK: LazyLock<String> = LazyLock::new(|| hint(&EXERCISE, &["pick"]));
static HISTORY: LazyLock<String> = LazyLock::new(|| hint(&EXERCISE, &["history"]));
static ALL: LazyLock<String> =
    LazyLock::new(|| hint(&EXERCISE, &["window", "fail_high", "pick", "history"]));

/// How many lines of a long trace the step's switch snapshots keep.
const OPENING_LINES: usize = 40;

/// The perft suites' positions, with a mate in one and a stalemate.
const POSITIONS: [&str; 6] = [
    common::START_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
];

/// An engine of type `E` with the switches given.
fn engine<E: Engine>(options: &[(&str, bool)]) -> E {
    let mut engine = E::new();
    for &(name, on) in options {
        engine.set_option(name, OptionValue::Check(on)).unwrap();
    }
    engine
}

/// The search of `position` to `depth` by an engine of type `E`, its log
/// of `levels` levels with paths, and its report.
fn search<E: Engine>(
    position: &Position,
    options: &[(&str, bool)],
    depth: u32,
    levels: u32,
    words: Words,
) -> (Vec<Line>, Report) {
    let mut engine = engine::<E>(options);
    let mut position = position.clone();
    logged(words, levels, |tracer| {
        engine.search(&mut position, depth, &SearchControl::unlimited(), tracer)
    })
}

/// The seed's root: 1.d2d4 played from the start.
fn seed_root() -> Position {
    let mut position = Position::startpos();
    position.play_moves(&["d2d4"]).unwrap();
    position
}

/// The seed's search: 1.d2d4, then Black searches 4 levels.
fn seed(options: &[(&str, bool)], words: Words) -> (Vec<Line>, Report) {
    let mut position = Position::startpos();
    position.play_moves(&["d2d4"]).unwrap();
    search::<AlphaBeta>(&position, options, 4, 4, words)
}

/// The seed's search against one of the step's switch snapshots: the
/// opening of the log, then the report.
fn switch_snapshot(name: &str, options: &[(&str, bool)], hint: &str) -> Outcome {
    let (log, report) = seed(options, Words::English);
    let mut lines: Vec<Line> = log.into_iter().take(OPENING_LINES).collect();
    lines.push(plain("..."));
    lines.extend(closing(&report));
    same_lines(
        name,
        hint,
        &seed_root(),
        &snapshot(STEP, &format!("traces__{name}")),
        &lines,
    )
}

/// Holes 1 and 2: with the ordering off the moves are searched as
/// generated, and only the window and the cut are at work.
fn d2d4_d4_no_ordering() -> Outcome {
    switch_snapshot(
        "d2d4_d4_no_ordering",
        &[("Ordering", false)],
        WINDOW.as_str(),
    )
}

/// Hole 3: MVV/LVA and Pick, no history.
fn d2d4_d4_no_history() -> Outcome {
    switch_snapshot("d2d4_d4_no_history", &[("History", false)], PICK.as_str())
}

/// The published log: the seed's search in the original's words, up to
/// the swap the v0.09 page quotes, `Scambia d5d6=0 con c1h6=8 // Cut`.
fn published_seed_log() -> Outcome {
    let expected = snapshot(STEP, "traces__seed_d2d4_d4");
    let (log, _) = seed(&[], Words::Italian);
    let opening: Vec<Line> = log.into_iter().take(expected.len()).collect();
    same_lines(
        "published_seed_log",
        HISTORY.as_str(),
        &seed_root(),
        &expected,
        &opening,
    )
}

fn d2d4_d4_default() -> Outcome {
    switch_snapshot("d2d4_d4_default", &[], ALL.as_str())
}

fn d2d4_d4_no_mvv_lva() -> Outcome {
    switch_snapshot("d2d4_d4_no_mvv_lva", &[("MvvLva", false)], ALL.as_str())
}

fn d2d4_d4_killers() -> Outcome {
    switch_snapshot("d2d4_d4_killers", &[("Killers", true)], ALL.as_str())
}

/// The start position to depth 3, the root's line.
fn startpos_d3() -> Outcome {
    let (mut log, report) = search::<AlphaBeta>(&Position::startpos(), &[], 3, 1, Words::English);
    log.extend(closing(&report));
    same_lines(
        "startpos_d3",
        ALL.as_str(),
        &Position::startpos(),
        &snapshot(STEP, "traces__startpos_d3"),
        &log,
    )
}

/// Every level of the log, the value and the move of the step's own
/// search, on every position to depth 3, with the ordering off and on.
fn same_search_as_the_step() -> Outcome {
    for (options, hint) in [
        (&[("Ordering", false)][..], WINDOW.as_str()),
        (&[][..], ALL.as_str()),
    ] {
        for fen in POSITIONS {
            let position = Position::from_fen(fen).unwrap();
            let check = format!("same_search_as_the_step, {fen}, depth 3, {options:?}");
            let (expected, reference) =
                search::<lamosca_v09::AlphaBeta>(&position, options, 3, 3, Words::English);
            let (actual, report) = search::<AlphaBeta>(&position, options, 3, 3, Words::English);
            same_log(&check, hint, &position, &expected, &actual)?;
            let found = (
                report.value,
                report.best.map(|mv| mv.to_string()),
                report.nodes,
            );
            let wanted = (
                reference.value,
                reference.best.map(|mv| mv.to_string()),
                reference.nodes,
            );
            exercise_check::holds(&check, hint, found == wanted, || {
                format!("value, move and nodes: expected {wanted:?}, actual {found:?}")
            })?;
        }
    }
    Ok(())
}

/// The search gives the position back as it found it, and counts every
/// node it enters.
fn position_restored_and_nodes_counted() -> Outcome {
    for fen in POSITIONS {
        let before = Position::from_fen(fen).unwrap();
        let mut position = before.clone();
        let mut tracer = Tracer::off();
        let mut engine = engine::<AlphaBeta>(&[("Ordering", false)]);
        let report = engine.search(&mut position, 3, &SearchControl::unlimited(), &mut tracer);
        let check = format!("position_restored_and_nodes_counted, {fen}");
        exercise_check::restored(&check, WINDOW.as_str(), &before, &position)?;
        exercise_check::holds(
            &check,
            WINDOW.as_str(),
            report.nodes == tracer.nodes_entered(),
            || {
                format!(
                    "the report counts {} nodes, the search entered {}",
                    report.nodes,
                    tracer.nodes_entered()
                )
            },
        )?;
    }
    Ok(())
}

/// Alpha-beta returns NegaMax's value, with any ordering.
fn value_is_negamax() -> Outcome {
    for fen in POSITIONS {
        let position = Position::from_fen(fen).unwrap();
        for depth in 1..=3 {
            let (_, negamax) =
                search::<lamosca_v07::NegaMax>(&position, &[], depth, 0, Words::English);
            for options in [&[("Ordering", false)][..], &[]] {
                let (_, report) = search::<AlphaBeta>(&position, options, depth, 0, Words::English);
                let check = format!("value_is_negamax, {fen}, depth {depth}, {options:?}");
                exercise_check::holds(
                    &check,
                    WINDOW.as_str(),
                    report.value == negamax.value,
                    || {
                        format!(
                            "NegaMax's value is {}, alpha-beta's {}",
                            negamax.value, report.value
                        )
                    },
                )?;
            }
        }
    }
    Ok(())
}

/// Every check, in the order the holes are filled: the runner runs them
/// one after the other and stops at the first that fails.
const CHECKS: &[exercise_check::Check] = &[
    ("d2d4_d4_no_ordering", d2d4_d4_no_ordering),
    (
        "position_restored_and_nodes_counted",
        position_restored_and_nodes_counted,
    ),
    ("value_is_negamax", value_is_negamax),
    ("d2d4_d4_no_history", d2d4_d4_no_history),
    ("published_seed_log", published_seed_log),
    ("d2d4_d4_default", d2d4_d4_default),
    ("d2d4_d4_no_mvv_lva", d2d4_d4_no_mvv_lva),
    ("d2d4_d4_killers", d2d4_d4_killers),
    ("startpos_d3", startpos_d3),
    ("same_search_as_the_step", same_search_as_the_step),
];

/// Runs the checks in order; with the slip, requires that they fail with
/// the message the chapter shows.
fn main() -> ExitCode {
    exercise_check::run(&EXERCISE, CHECKS, cfg!(feature = "slip"))
}
