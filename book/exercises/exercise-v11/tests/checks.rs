//! The checks of exercise v0.11, in the order the holes are filled: each
//! one names the holes it runs through and the chapter's section.
//!
//! - written whole (`cargo exercise v11 --whole`), the first node where
//!   the search differs from the step's, event for event, with lazy cuts
//!   off; with holes, a hole still empty is named there;
//! - the same log as the step with lazy cuts off, where only the search
//!   two plies shallower is at work (hole 1);
//! - the step's trace snapshots of the two: the root deepening by itself,
//!   and the first lazy cuts of the recapture position;
//! - the same log, value, move, line and statistics as the step's own
//!   search on the perft suites' positions, four plies deep;
//! - draws by the rules in the tree and at the root, with and without the
//!   table; the table on every position, and searched twice by one
//!   engine; a search that deepens until a node budget stops it; the
//!   endgame six plies deep, its deeper lazy cuts line for line;
//! - invariants: the position is restored, and the depth reported is the
//!   depth asked for; it is restored too by a search told to stop, under
//!   node budgets 1 to 100 and larger.

use common::Position;
use std::process::ExitCode;
use std::sync::LazyLock;

use exercise_check::{
    closing, hint, logged, plain, same_lines, same_log, snapshot, Exercise, Line, Outcome,
};
use exercise_v11::LazySearch;
use lamosca_search::events::Tracer;
use lamosca_search::log::Words;
use lamosca_search::{Engine, OptionValue, Report, SearchControl};

const STEP: &str = "lamosca-v11-lazy";
/// The exercise, as `holes.toml` names it.
const EXERCISE: Exercise = Exercise {
    step: "v11",
    chapter: "v11-lazy.md",
};
static DEEPEN: LazyLock<String> = LazyLock::new(|| hint(&EXERCISE, &["deepen"]));
static ALL: LazyLock<String> = LazyLock::new(|| hint(&EXERCISE, &["deepen", "lazy_cut"]));

/// Every level a log shows: the quiescence goes below the depth.
const EVERY_LEVEL: u32 = 64;

/// The knight and the rook both attack the pawn on d5, which only the
/// queen defends.
const RECAPTURE: &str = "3q2k1/5ppp/8/3p4/8/2N5/5PPP/3R2K1 w - - 0 1";

/// The perft suites' positions, the recapture, Win At Chess no. 1, a mate
/// in one and a stalemate.
const POSITIONS: [&str; 8] = [
    common::START_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    RECAPTURE,
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
];

/// The search of `fen` to `depth` by an engine of type `E` with the
/// options given, its log of `levels` levels with paths, and its report.
/// `--ideas LIST` as the option's name and value.
fn ideas(list: &str) -> (&'static str, OptionValue) {
    let option = &LazySearch::OPTIONS[0];
    (
        option.name,
        option.parse_value(list).expect("a list of ideas"),
    )
}

fn search<E: Engine>(
    fen: &str,
    options: &[(&str, OptionValue)],
    depth: u32,
    levels: u32,
) -> (Vec<Line>, Report) {
    let mut position = Position::from_fen(fen).unwrap();
    let mut engine = E::new();
    for (name, value) in options {
        engine.set_option(name, *value).unwrap();
    }
    logged(Words::English, levels, |tracer| {
        engine.search(&mut position, depth, &SearchControl::unlimited(), tracer)
    })
}

/// The value, move, line and statistics of the step's own search with `options`, on
/// every position to `depth`; where they differ, the first line of the
/// log, every level shown, that differs.
fn same_as_the_step(
    name: &str,
    options: &[(&str, OptionValue)],
    depth: u32,
    hint: &str,
) -> Outcome {
    same_on(&POSITIONS, name, options, depth, hint)
}

/// [`same_as_the_step`] on the positions `fens`.
fn same_on(
    fens: &[&str],
    name: &str,
    options: &[(&str, OptionValue)],
    depth: u32,
    hint: &str,
) -> Outcome {
    for &fen in fens {
        let check = format!("{name}, {fen}, depth {depth}");
        let (_, reference) = search::<lamosca_v11_lazy::LazySearch>(fen, options, depth, 0);
        let (_, report) = search::<LazySearch>(fen, options, depth, 0);
        if exercise_check::summary(&report) == exercise_check::summary(&reference) {
            continue;
        }
        let (expected, _) =
            search::<lamosca_v11_lazy::LazySearch>(fen, options, depth, EVERY_LEVEL);
        let (actual, _) = search::<LazySearch>(fen, options, depth, EVERY_LEVEL);
        let root = Position::from_fen(fen).unwrap();
        same_log(&check, hint, &root, &expected, &actual)?;
        exercise_check::same_report(&check, hint, &reference, &report)?;
    }
    Ok(())
}

/// Written whole, the first node where the search differs from the
/// step's, event for event, with lazy cuts off, so that hole 2 is not
/// reached; a search that panics in the learner's lines (a move not
/// unmade) is told at the node it stopped at. With holes, hole 1 still
/// empty is named here, and a search that ends passes, for the checks
/// below to compare.
fn first_node_that_differs() -> Outcome {
    exercise_check::first_node_that_differs::<LazySearch, lamosca_v11_lazy::LazySearch>(
        &EXERCISE,
        &POSITIONS,
        4,
        &[("Ideas", "no-lazy")],
    )
}

/// Hole 1 alone: with lazy cuts off, every node's search two plies
/// shallower is what the step's is.
fn deepening_without_lazy_cuts() -> Outcome {
    same_as_the_step(
        "deepening_without_lazy_cuts",
        &[ideas("no-lazy")],
        4,
        DEEPEN.as_str(),
    )
}

/// The root deepens by itself: depth 2, then 4, then 6, each trying the
/// move handed up first (the step's snapshot leaves the swap lines out).
fn startpos_d6_root() -> Outcome {
    let (log, report) = search::<LazySearch>(common::START_FEN, &[], 6, 1);
    let mut kept: Vec<Line> = log
        .into_iter()
        .filter(|line| !line.text.starts_with("Swap"))
        .collect();
    kept.extend(closing(&report));
    same_lines(
        "startpos_d6_root",
        ALL.as_str(),
        &Position::startpos(),
        &snapshot(STEP, "traces__startpos_d6_root"),
        &kept,
    )
}

/// The first lazy cuts of the recapture position, four plies deep: the
/// lines around the first `Lazy cut level 2`, as the step's snapshot keeps
/// them.
fn recapture_d4_lazy_cut() -> Outcome {
    let (log, report) = search::<LazySearch>(RECAPTURE, &[], 4, 2);
    let Some(cut) = log
        .iter()
        .position(|line| line.text.starts_with("Lazy cut level 2"))
        .filter(|&cut| cut >= 5)
    else {
        return exercise_check::holds("recapture_d4_lazy_cut", ALL.as_str(), false, || {
            format!(
                "no line starts with `Lazy cut level 2` in the log of {RECAPTURE}, depth 4: the step cuts there"
            )
        });
    };
    let mut kept = vec![plain("...")];
    kept.extend(log[cut - 5..(cut + 8).min(log.len())].iter().cloned());
    kept.push(plain("..."));
    kept.extend(closing(&report));
    same_lines(
        "recapture_d4_lazy_cut",
        ALL.as_str(),
        &Position::from_fen(RECAPTURE).unwrap(),
        &snapshot(STEP, "traces__recapture_d4_lazy_cut"),
        &kept,
    )
}

fn same_search_as_the_step() -> Outcome {
    same_as_the_step("same_search_as_the_step", &[], 4, ALL.as_str())?;
    same_as_the_step(
        "same_search_as_the_step, no deepening",
        &[ideas("no-iid")],
        4,
        ALL.as_str(),
    )
}

/// The lazy cut's comparisons at their edges: the same search as the
/// step's with every growth margin from 0 to 16, the article's units, on
/// every position four plies deep, where some node's score stands exactly
/// the margin above beta.
fn every_margin() -> Outcome {
    for margin in 0..=16 {
        let options = [("Margin", OptionValue::Spin(margin))];
        same_as_the_step(
            &format!("every_margin, margin {margin}"),
            &options,
            4,
            ALL.as_str(),
        )?;
    }
    Ok(())
}

/// Draws by the rules, met in the tree and at the root: after one quiet
/// move the fifty-move rule draws (the half-move clock at 99), the root
/// itself drawn by it (at 100: the root is searched all the same), a
/// capture that leaves too little material to mate, a rook that shuffles
/// and repeats, and a horizon node stalemated with a score above beta.
const DRAWS: [&str; 5] = [
    "3q2k1/5ppp/8/3p4/8/2N5/5PPP/3R2K1 w - - 99 80",
    "3q2k1/5ppp/8/3p4/8/2N5/5PPP/3R2K1 w - - 100 80",
    "8/8/4k3/8/3n4/4K3/3N4/8 w - - 0 1",
    "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",
    "k6b/P5p1/2K3P1/2p1p3/2P1P3/8/8/8 w - - 0 1",
];

/// The step's own search on each of `fens` with `options` to `depth`:
/// its log line for line, every level shown, then its report.
fn same_log_and_report(
    fens: &[&str],
    name: &str,
    options: &[(&str, OptionValue)],
    depth: u32,
) -> Outcome {
    for &fen in fens {
        let check = format!("{name}, {fen}, depth {depth}");
        let (expected, reference) =
            search::<lamosca_v11_lazy::LazySearch>(fen, options, depth, EVERY_LEVEL);
        let (actual, report) = search::<LazySearch>(fen, options, depth, EVERY_LEVEL);
        let root = Position::from_fen(fen).unwrap();
        same_log(&check, ALL.as_str(), &root, &expected, &actual)?;
        exercise_check::same_report(&check, ALL.as_str(), &reference, &report)?;
    }
    Ok(())
}

/// The endgame of the perft suites.
const ENDGAME: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";

/// Every idea on, the table too (which the default leaves off), in a
/// table of 3 MB: its number of slots is no power of two, so that the
/// slot a key takes depends on every bit of the key, the bits the node's
/// switches add to it included.
fn with_the_table() -> [(&'static str, OptionValue); 2] {
    [ideas("all"), ("Hash", OptionValue::Spin(3))]
}

/// Step 1, the draws: a drawn node below the root is entered, traced as
/// drawn and worth 0, and counted; the root never is. One ply deep, the
/// stalemate is the horizon node; with the table, a node whose line may
/// reach the fifty-move rule neither reads nor keeps an entry.
fn draws_by_the_rules() -> Outcome {
    for depth in [1, 4] {
        same_log_and_report(&DRAWS, "draws_by_the_rules", &[], depth)?;
        let table = with_the_table();
        same_log_and_report(&DRAWS, "draws_by_the_rules, with the table", &table, depth)?;
    }
    Ok(())
}

/// Step 5, the table: the step's own search on every position, four
/// plies deep, and on the endgame eight plies deep, where keys share
/// slots; then, the same engine searching each position again, the table
/// kept from the first search, where the root's own entry never settles
/// the root.
fn same_search_with_the_table() -> Outcome {
    let options = with_the_table();
    same_as_the_step("same_search_with_the_table", &options, 4, ALL.as_str())?;
    same_on(
        &[ENDGAME],
        "same_search_with_the_table",
        &options,
        8,
        ALL.as_str(),
    )?;
    for fen in POSITIONS {
        let check = format!("same_search_with_the_table, {fen}, depth 4, searched twice");
        let twice = |mut engine: Box<dyn FnMut(&mut Position) -> Report>| {
            let mut position = Position::from_fen(fen).unwrap();
            engine(&mut position);
            engine(&mut position)
        };
        let step = engine::<lamosca_v11_lazy::LazySearch>(&options);
        let mine = engine::<LazySearch>(&options);
        let reference = twice(searcher(step, 4));
        let report = twice(searcher(mine, 4));
        exercise_check::same_report(&check, ALL.as_str(), &reference, &report)?;
    }
    Ok(())
}

/// An engine of type `E` with the options given.
fn engine<E: Engine>(options: &[(&str, OptionValue)]) -> E {
    let mut engine = E::new();
    for (name, value) in options {
        engine.set_option(name, *value).unwrap();
    }
    engine
}

/// `engine`'s search to `depth`, unlogged, as a function of the position.
fn searcher<E: Engine>(mut engine: E, depth: u32) -> Box<dyn FnMut(&mut Position) -> Report> {
    Box::new(move |position| {
        engine.search(
            position,
            depth,
            &SearchControl::unlimited(),
            &mut Tracer::off(),
        )
    })
}

/// A search with no depth given deepens until it is told to stop, here
/// by a budget of nodes, unless an iteration finds every line ended
/// without an estimate (no horizon reached, nothing cut lazily, no stand
/// pat): the same move, value, depth reached and statistics as the
/// step's under each budget.
fn deepens_until_stopped() -> Outcome {
    for fen in POSITIONS {
        for nodes in [2_000, 20_000] {
            let check = format!("deepens_until_stopped, {fen}, node limit {nodes}");
            // A control each: the first search's stop stays in its own.
            let control = || SearchControl::unlimited().with_node_limit(nodes);
            let root = Position::from_fen(fen).unwrap();
            let reference = lamosca_v11_lazy::LazySearch::new().search(
                &mut root.clone(),
                lamosca_search::deepen::MAX_DEPTH,
                &control(),
                &mut Tracer::off(),
            );
            let report = LazySearch::new().search(
                &mut root.clone(),
                lamosca_search::deepen::MAX_DEPTH,
                &control(),
                &mut Tracer::off(),
            );
            exercise_check::same_report(&check, ALL.as_str(), &reference, &report)?;
        }
    }
    Ok(())
}

/// The endgame of the perft suites, six plies deep, line for line:
/// nodes two levels below the root, five plies from the horizon, are cut
/// lazily, and each lazy cut tells the depth of the search that
/// confirmed it.
fn deep_lazy_cuts() -> Outcome {
    same_log_and_report(&[ENDGAME], "deep_lazy_cuts", &[], 6)
}

/// The search gives the position back, and reports the depth it was
/// asked for.
fn position_restored_and_depth_reached() -> Outcome {
    for fen in POSITIONS {
        let before = Position::from_fen(fen).unwrap();
        for depth in 1..=4 {
            let mut position = before.clone();
            let report = LazySearch::new().search(
                &mut position,
                depth,
                &SearchControl::unlimited(),
                &mut Tracer::off(),
            );
            let check = format!("position_restored_and_depth_reached, {fen}, depth {depth}");
            exercise_check::restored(&check, ALL.as_str(), &before, &position)?;
            exercise_check::holds(&check, ALL.as_str(), report.depth == depth, || {
                format!("the report says depth {}, asked {depth}", report.depth)
            })?;
        }
    }
    Ok(())
}

/// A search told to stop by its node budget gives the position back as
/// it found it: every move made is unmade on the way out, the stopped
/// search's lines included. On each position, to depth 4, under every
/// budget up to 100 and larger ones; where a move is left made, the node
/// where the budget ran out is named.
fn position_restored_when_stopped() -> Outcome {
    exercise_check::position_restored_when_stopped(ALL.as_str(), &POSITIONS, 4, LazySearch::new)
}

/// Every check, in the order the holes are filled: the runner runs them
/// one after the other and stops at the first that fails.
const CHECKS: &[exercise_check::Check] = &[
    ("first_node_that_differs", first_node_that_differs),
    ("deepening_without_lazy_cuts", deepening_without_lazy_cuts),
    ("startpos_d6_root", startpos_d6_root),
    ("recapture_d4_lazy_cut", recapture_d4_lazy_cut),
    ("same_search_as_the_step", same_search_as_the_step),
    ("every_margin", every_margin),
    ("draws_by_the_rules", draws_by_the_rules),
    ("same_search_with_the_table", same_search_with_the_table),
    ("deepens_until_stopped", deepens_until_stopped),
    ("deep_lazy_cuts", deep_lazy_cuts),
    (
        "position_restored_and_depth_reached",
        position_restored_and_depth_reached,
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
