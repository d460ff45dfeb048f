//! The checks of exercise v0.09, in the order the holes are filled: each
//! one names the holes it runs through and the chapter's section.
//!
//! - holes 1 and 2, the ordering off: the same log, value and move as the
//!   step's own search on the perft suites' positions, the seed's search
//!   against its snapshot, the position restored, every node counted and
//!   NegaMax's value;
//! - hole 3: Pick alone against the step's, on values that tie, then the
//!   searches without history;
//! - hole 4: the history increment alone, then the published log and the
//!   step's other snapshots, the same search with every switch as
//!   published, and NegaMax's value;
//! - the position restored by a search told to stop, under node budgets
//!   1 to 100 and larger.
//!
//! No check of a hole runs a later hole, and the first check compares
//! what a search stopped at hole 2 still empty told before it
//! ([`exercise_check::before_hole`]): a slip in hole k is told as such,
//! with its diff, before any "fill hole k+1".

use common::Position;
use std::process::ExitCode;
use std::sync::LazyLock;

use exercise_check::{
    closing, hint, logged, plain, same_as_snapshot, same_log, snapshot, Exercise, Line, Outcome,
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

/// The seed's search by an engine of type `E`: 1.d2d4, then Black
/// searches 4 levels.
fn seed<E: Engine>(options: &[(&str, bool)], words: Words) -> (Vec<Line>, Report) {
    search::<E>(&seed_root(), options, 4, 4, words)
}

/// The opening of the seed's log by an engine of type `E`, then its
/// report, as the step's switch snapshots keep it.
fn seed_opening<E: Engine>(options: &[(&str, bool)]) -> Vec<Line> {
    let (log, report) = seed::<E>(options, Words::English);
    let mut lines: Vec<Line> = log.into_iter().take(OPENING_LINES).collect();
    lines.push(plain("..."));
    lines.extend(closing(&report));
    lines
}

/// The seed's search against one of the step's switch snapshots: the
/// opening of the log, then the report. Where it differs, the step's own
/// search names the node.
fn switch_snapshot(name: &str, options: &[(&str, bool)], hint: &str) -> Outcome {
    same_as_snapshot(
        name,
        hint,
        &seed_root(),
        &snapshot(STEP, &format!("traces__{name}")),
        &seed_opening::<AlphaBeta>(options),
        || seed_opening::<lamosca_v09::AlphaBeta>(options),
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
    let opening = |log: Vec<Line>| -> Vec<Line> { log.into_iter().take(expected.len()).collect() };
    let (log, _) = seed::<AlphaBeta>(&[], Words::Italian);
    same_as_snapshot(
        "published_seed_log",
        HISTORY.as_str(),
        &seed_root(),
        &expected,
        &opening(log),
        || opening(seed::<lamosca_v09::AlphaBeta>(&[], Words::Italian).0),
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
    fn root_line<E: Engine>() -> Vec<Line> {
        let (mut log, report) = search::<E>(&Position::startpos(), &[], 3, 1, Words::English);
        log.extend(closing(&report));
        log
    }
    same_as_snapshot(
        "startpos_d3",
        ALL.as_str(),
        &Position::startpos(),
        &snapshot(STEP, "traces__startpos_d3"),
        &root_line::<AlphaBeta>(),
        root_line::<lamosca_v09::AlphaBeta>,
    )
}

/// Every level of the log, and the value, move, line and statistics of
/// the step's own search, on every position to depth 3, with the switches `options`
/// (hint `hint`).
fn same_search(options: &[(&str, bool)], hint: &str) -> Outcome {
    for fen in POSITIONS {
        let position = Position::from_fen(fen).unwrap();
        let check = format!("same_search_as_the_step, {fen}, depth 3, {options:?}");
        let (expected, reference) =
            search::<lamosca_v09::AlphaBeta>(&position, options, 3, 3, Words::English);
        let (actual, report) = search::<AlphaBeta>(&position, options, 3, 3, Words::English);
        same_log(&check, hint, &position, &expected, &actual)?;
        exercise_check::same_report(&check, hint, &reference, &report)?;
    }
    Ok(())
}

/// Holes 1 and 2, the ordering off: while hole 2 is still empty, what
/// the search told before it reached it, each node's window included,
/// must be the step's (a slip in the window shows there), before hole 2 is
/// asked for.
/// Written whole, the first node where the search differs from the
/// step's, event for event.
fn first_node_that_differs() -> Outcome {
    exercise_check::first_node_that_differs::<AlphaBeta, lamosca_v09::AlphaBeta>(
        &EXERCISE,
        &POSITIONS,
        3,
        &[("Ordering", "false")],
    )
}

/// Holes 1 and 2: the ordering off, no Pick and no history.
fn same_search_without_ordering() -> Outcome {
    same_search(&[("Ordering", false)], WINDOW.as_str())
}

/// Holes 1 to 3: Pick at work, no history.
fn same_search_without_history() -> Outcome {
    same_search(&[("History", false)], PICK.as_str())
}

/// All four holes: the step as published.
fn same_search_as_the_step() -> Outcome {
    same_search(&[], ALL.as_str())
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

/// Alpha-beta returns NegaMax's value, with the switches `options`.
fn value_is_negamax(options: &[(&str, bool)], hint: &str) -> Outcome {
    for fen in POSITIONS {
        let position = Position::from_fen(fen).unwrap();
        for depth in 1..=3 {
            let (_, negamax) =
                search::<lamosca_v07::NegaMax>(&position, &[], depth, 0, Words::English);
            let (_, report) = search::<AlphaBeta>(&position, options, depth, 0, Words::English);
            let check = format!("value_is_negamax, {fen}, depth {depth}, {options:?}");
            exercise_check::holds(&check, hint, report.value == negamax.value, || {
                format!(
                    "NegaMax's value is {}, alpha-beta's {}",
                    negamax.value, report.value
                )
            })?;
        }
    }
    Ok(())
}

/// Holes 1 and 2: NegaMax's value with the ordering off.
fn value_is_negamax_without_ordering() -> Outcome {
    value_is_negamax(&[("Ordering", false)], WINDOW.as_str())
}

/// All four holes: NegaMax's value with the step's ordering.
fn value_is_negamax_with_ordering() -> Outcome {
    value_is_negamax(&[], ALL.as_str())
}

/// The start position's moves with the ordering values `scores`, ties
/// among them.
fn scored(scores: &[i32]) -> Vec<common::ScoredMove> {
    Position::startpos()
        .legal_moves()
        .into_iter()
        .zip(scores.iter().cycle())
        .map(|(mv, &score)| common::ScoredMove { mv, score })
        .collect()
}

/// Hole 3 alone: Pick, slot after slot, on moves whose values tie, brings
/// forward the same move from the same slot as the step's Pick.
fn pick_as_the_step() -> Outcome {
    for scores in [
        &[0][..],
        &[1, 5, 3, 5, 0],
        &[2, 2, 7, 2, 7, 1],
        &[9, 0, 0, 9],
    ] {
        let mut mine = scored(scores);
        let mut step = mine.clone();
        for first in 0..mine.len() {
            let before: Vec<String> = mine
                .iter()
                .map(|m| format!("{}={}", m.mv, m.score))
                .collect();
            let found = exercise_v09::ordering::pick(&mut mine, first);
            let wanted = lamosca_v09::ordering::pick(&mut step, first);
            exercise_check::holds(
                "pick_as_the_step",
                PICK.as_str(),
                found == wanted && mine == step,
                || {
                    format!(
                        "Pick from slot {first} of [{}]: expected {wanted:?}, actual {found:?}",
                        before.join(" ")
                    )
                },
            )?;
        }
    }
    Ok(())
}

/// Hole 4 alone: what a cut adds to the history, at the root first, then
/// at each level below it, in the chapter's words: "a move that cuts at
/// the root gains 2, and one that cuts at a level-4 node gains 5" (the
/// root is level 1, ply 0; `increment` takes the ply).
fn history_increment_as_the_step() -> Outcome {
    for ply in 0..12 {
        let found = exercise_v09::ordering::History::increment(ply);
        let wanted = lamosca_v09::ordering::History::increment(ply);
        let node = match ply {
            0 => "the root (level 1, ply 0)".to_string(),
            _ => format!("a level-{} node (ply {ply})", ply + 1),
        };
        exercise_check::holds(
            "history_increment_as_the_step",
            HISTORY.as_str(),
            found == wanted,
            || format!("a move that cuts at {node} gains: expected {wanted}, actual {found}"),
        )?;
    }
    Ok(())
}

/// A search told to stop by its node budget gives the position back as
/// it found it: every move made is unmade on the way out, the stopped
/// search's lines included. On each position, to depth 4, under every
/// budget up to 100 and larger ones; where a move is left made, the node
/// where the budget ran out is named.
fn position_restored_when_stopped() -> Outcome {
    exercise_check::position_restored_when_stopped(ALL.as_str(), &POSITIONS, 4, AlphaBeta::new)
}

/// Every check, in the order the holes are filled: the runner runs them
/// one after the other and stops at the first that fails.
const CHECKS: &[exercise_check::Check] = &[
    // Holes 1 and 2, the ordering off: neither Pick nor the history runs.
    ("first_node_that_differs", first_node_that_differs),
    ("d2d4_d4_no_ordering", d2d4_d4_no_ordering),
    (
        "position_restored_and_nodes_counted",
        position_restored_and_nodes_counted,
    ),
    (
        "value_is_negamax_without_ordering",
        value_is_negamax_without_ordering,
    ),
    ("same_search_without_ordering", same_search_without_ordering),
    // Hole 3: Pick alone, then searches with Pick but no history.
    ("pick_as_the_step", pick_as_the_step),
    ("d2d4_d4_no_history", d2d4_d4_no_history),
    ("same_search_without_history", same_search_without_history),
    // Hole 4: the increment alone, then the step as published.
    (
        "history_increment_as_the_step",
        history_increment_as_the_step,
    ),
    ("published_seed_log", published_seed_log),
    ("d2d4_d4_default", d2d4_d4_default),
    ("d2d4_d4_no_mvv_lva", d2d4_d4_no_mvv_lva),
    ("d2d4_d4_killers", d2d4_d4_killers),
    ("startpos_d3", startpos_d3),
    ("same_search_as_the_step", same_search_as_the_step),
    (
        "value_is_negamax_with_ordering",
        value_is_negamax_with_ordering,
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
