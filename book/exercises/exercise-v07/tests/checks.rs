//! The checks of exercise v0.07, in the order the holes are filled: each
//! one names the holes it runs through and the chapter's section.
//!
//! - a search of depth 0, the leaf alone (hole 1); then, while a hole is
//!   still empty, what a search told before it reached it, which must be
//!   the step's, so that a slip in a hole filled is told before the next
//!   hole is asked for;
//! - the published log: the start position, two levels, in Italian;
//! - the step's other snapshots: a mate in one, a stalemate trap, a
//!   defended pawn, a side mated at the root;
//! - the same log, value, move, line and statistics as the step's own
//!   search on the perft suites' positions;
//! - invariants: the position is restored, every node entered is counted,
//!   and NegaMax visits the whole tree, perft's count at every depth;
//! - the position is restored by a search told to stop, under node
//!   budgets 1 to 100 and larger: the budget, the moves left made and the
//!   node where the budget ran out named.

use common::{perft, Position};
use std::process::ExitCode;
use std::sync::LazyLock;

use exercise_check::{
    closing, hint, logged, same_as_snapshot, same_log, snapshot, Exercise, Line, Outcome,
};
use exercise_v07::NegaMax;
use lamosca_search::events::Tracer;
use lamosca_search::log::Words;
use lamosca_search::{Engine, Report, SearchControl};

const STEP: &str = "lamosca-v07";
/// The exercise, as `holes.toml` names it.
const EXERCISE: Exercise = Exercise {
    step: "v07",
    chapter: "v07-negamax.md",
};
static LEAF: LazyLock<String> = LazyLock::new(|| hint(&EXERCISE, &["leaf"]));
static ALL: LazyLock<String> = LazyLock::new(|| hint(&EXERCISE, &["leaf", "negate", "best"]));

/// The perft suites' positions, with a mate in one and a stalemate.
const POSITIONS: [&str; 6] = [
    common::START_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
];

/// The search of `fen` to `depth` by an engine of type `E`, its log of
/// `levels` levels with paths, and its report.
fn search<E: Engine>(fen: &str, depth: u32, levels: u32, words: Words) -> (Vec<Line>, Report) {
    let mut position = Position::from_fen(fen).unwrap();
    let mut engine = E::new();
    logged(words, levels, |tracer| {
        engine.search(&mut position, depth, &SearchControl::unlimited(), tracer)
    })
}

/// One of the step's snapshots: the log, then the lines after it.
/// Where it differs, the step's own search names the node.
fn trace_snapshot(name: &str, fen: &str, depth: u32, levels: u32, words: Words) -> Outcome {
    let closed = |(mut log, report): (Vec<Line>, Report)| {
        log.extend(closing(&report));
        log
    };
    let root = Position::from_fen(fen).unwrap();
    same_as_snapshot(
        name,
        ALL.as_str(),
        &root,
        &snapshot(STEP, &format!("trace__{name}")),
        &closed(search::<NegaMax>(fen, depth, levels, words)),
        || closed(search::<lamosca_v07::NegaMax>(fen, depth, levels, words)),
    )
}

/// The published log: after two levels from the start, d2d4 (value 0).
fn published_startpos_d2() -> Outcome {
    trace_snapshot("startpos_d2", common::START_FEN, 2, 2, Words::Italian)
}

fn mate_in_one() -> Outcome {
    let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    trace_snapshot("mate_in_one_d1", fen, 1, 1, Words::English)?;
    trace_snapshot("mate_in_one_d2", fen, 2, 1, Words::English)
}

fn stalemate_trap() -> Outcome {
    let fen = "8/4R3/8/3B4/8/8/p1K5/k6n w - - 0 1";
    trace_snapshot("stalemate_trap_d1", fen, 1, 1, Words::English)?;
    trace_snapshot("stalemate_trap_d2", fen, 2, 1, Words::English)
}

fn defended_pawn() -> Outcome {
    let fen = "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1";
    trace_snapshot("defended_pawn_d1", fen, 1, 1, Words::English)?;
    trace_snapshot("defended_pawn_d2", fen, 2, 1, Words::English)
}

fn mated_root() -> Outcome {
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    trace_snapshot("mated_root", fen, 2, 1, Words::English)
}

/// A search of depth 0 is a leaf: the evaluation, no move, one node.
fn depth_zero_is_the_evaluation() -> Outcome {
    for fen in POSITIONS {
        let (_, report) = search::<NegaMax>(fen, 0, 0, Words::English);
        let position = Position::from_fen(fen).unwrap();
        let wanted = (common::evaluate(&position), None::<String>, 1);
        let found = (
            report.value,
            report.best.map(|mv| mv.to_string()),
            report.nodes,
        );
        exercise_check::holds(
            &format!("depth_zero_is_the_evaluation, {fen}"),
            LEAF.as_str(),
            found == wanted,
            || {
                format!(
                    "a search of depth 0 is a leaf, its value the evaluation: \
                     value, move and nodes expected {wanted:?}, actual {found:?}"
                )
            },
        )?;
    }
    Ok(())
}

/// Holes 1 to k-1 filled and hole k empty, every search stops at hole k:
/// what it told before, each child's value included, must be the step's
/// (a slip in the leaf or the negation shows there), before hole k is
/// asked for.
/// Written whole, the first node where the search differs from the
/// step's, event for event.
fn first_node_that_differs() -> Outcome {
    exercise_check::first_node_that_differs::<NegaMax, lamosca_v07::NegaMax>(
        &EXERCISE,
        &POSITIONS,
        2,
        &[],
    )
}

/// Every level of the log, and the value, move, line and statistics of
/// the step's own search, on every position to depth 3.
fn same_search_as_the_step() -> Outcome {
    for fen in POSITIONS {
        let check = format!("same_search_as_the_step, {fen}, depth 3");
        let (expected, reference) = search::<lamosca_v07::NegaMax>(fen, 3, 3, Words::English);
        let (actual, report) = search::<NegaMax>(fen, 3, 3, Words::English);
        same_log(
            &check,
            ALL.as_str(),
            &Position::from_fen(fen).unwrap(),
            &expected,
            &actual,
        )?;
        exercise_check::same_report(&check, ALL.as_str(), &reference, &report)?;
    }
    Ok(())
}

/// The search gives the position back as it found it, counts every node
/// it enters, and, as NegaMax prunes nothing, enters perft's count of
/// positions at every depth (the start position has no mate within 3).
fn whole_tree_and_position_restored() -> Outcome {
    let before = Position::startpos();
    for depth in 1..=3 {
        let mut position = before.clone();
        let mut tracer = Tracer::off();
        let report = NegaMax::new().search(
            &mut position,
            depth,
            &SearchControl::unlimited(),
            &mut tracer,
        );
        let check = format!("whole_tree_and_position_restored, start, depth {depth}");
        exercise_check::restored(&check, ALL.as_str(), &before, &position)?;
        let tree: u64 = (0..=depth as usize)
            .map(|d| perft(&mut before.clone(), d))
            .sum();
        exercise_check::holds(
            &check,
            ALL.as_str(),
            report.nodes == tracer.nodes_entered() && report.nodes == tree,
            || {
                format!(
                    "the report counts {} nodes, the search entered {}, the tree holds {tree}",
                    report.nodes,
                    tracer.nodes_entered()
                )
            },
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
    exercise_check::position_restored_when_stopped(ALL.as_str(), &POSITIONS, 4, NegaMax::new)
}

/// Every check, in the order the holes are filled: the runner runs them
/// one after the other and stops at the first that fails.
const CHECKS: &[exercise_check::Check] = &[
    ("depth_zero_is_the_evaluation", depth_zero_is_the_evaluation),
    ("first_node_that_differs", first_node_that_differs),
    ("published_startpos_d2", published_startpos_d2),
    ("mate_in_one", mate_in_one),
    ("stalemate_trap", stalemate_trap),
    ("defended_pawn", defended_pawn),
    ("mated_root", mated_root),
    ("same_search_as_the_step", same_search_as_the_step),
    (
        "whole_tree_and_position_restored",
        whole_tree_and_position_restored,
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
