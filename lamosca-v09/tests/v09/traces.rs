//! Search traces kept as snapshots: the seed's example, the same search
//! with each switch, and the start position's root.
//!
//! Each snapshot's description gives the position and moves searched; the
//! trace is followed by the report (the move, its value, the nodes and the
//! statistics) where a snapshot shows only the opening of a trace.

use common::Position;
use lamosca_search::log::{capture, Words};
use lamosca_search::{Engine, OptionValue, Report, SearchControl};
use lamosca_v09::AlphaBeta;

/// The seed's example: 1.d2d4, then Black searches 4 levels.
const SEED_MOVES: [&str; 1] = ["d2d4"];
const SEED_DESCRIPTION: &str = "position startpos moves d2d4, depth 4, trace 4";

/// How many lines of a long trace a snapshot keeps.
const OPENING_LINES: usize = 40;

/// Searches the start position after `moves` with the options given,
/// tracing `trace` levels in `words`.
fn traced(
    moves: &[&str],
    options: &[(&str, bool)],
    depth: u32,
    trace: u32,
    words: Words,
) -> (String, Report) {
    let mut position = Position::startpos();
    position.play_moves(moves).unwrap();
    let mut engine = AlphaBeta::new();
    for &(name, on) in options {
        engine.set_option(name, OptionValue::Check(on)).unwrap();
    }
    let control = SearchControl::unlimited();
    capture(words, trace, |tracer| {
        engine.search(&mut position, depth, &control, tracer)
    })
}

#[test]
fn seed_d2d4_d4() {
    let (trace, _) = traced(&SEED_MOVES, &[], 4, 4, Words::Italian);
    // The trace up to the first swap that ends in a cut-off: the line the
    // v0.09 page quotes, which must also be the first swap of all.
    let lines: Vec<&str> = trace.lines().collect();
    let first_swap = lines.iter().position(|line| line.starts_with("Scambia"));
    let end = lines
        .iter()
        .position(|line| line.starts_with("Scambia") && line.ends_with("// Cut"))
        .expect("a swap that cuts");
    assert_eq!(first_swap, Some(end), "the first swap is the one that cuts");
    assert_eq!(lines[end], "Scambia d5d6=0 con c1h6=8 // Cut");
    let description = format!("{SEED_DESCRIPTION}, words it");
    insta::with_settings!({
        description => description,
        omit_expression => true,
        snapshot_path => "../snapshots",
        prepend_module_to_snapshot => false,
    }, {
        insta::assert_snapshot!("traces__seed_d2d4_d4", lines[..=end].join("\n"));
    });
}

/// The seed's search with one configuration: the opening of its trace in
/// English, then the report.
fn switch_snapshot(name: &str, switches: &str, options: &[(&str, bool)]) {
    let (trace, report) = traced(&SEED_MOVES, options, 4, 4, Words::English);
    let opening: Vec<&str> = trace.lines().take(OPENING_LINES).collect();
    let text = format!("{}\n...\n{}", opening.join("\n"), report.closing_lines());
    let description = format!("{SEED_DESCRIPTION}, {switches}");
    insta::with_settings!({
        description => description,
        omit_expression => true,
        snapshot_path => "../snapshots",
        prepend_module_to_snapshot => false,
    }, {
        insta::assert_snapshot!(format!("traces__{name}"), text);
    });
}

#[test]
fn d2d4_d4_default() {
    switch_snapshot("d2d4_d4_default", "default switches", &[]);
}

#[test]
fn d2d4_d4_no_mvv_lva() {
    switch_snapshot("d2d4_d4_no_mvv_lva", "--no-mvv-lva", &[("MvvLva", false)]);
}

#[test]
fn d2d4_d4_no_history() {
    switch_snapshot("d2d4_d4_no_history", "--no-history", &[("History", false)]);
}

#[test]
fn d2d4_d4_killers() {
    switch_snapshot("d2d4_d4_killers", "--killers", &[("Killers", true)]);
}

#[test]
fn d2d4_d4_no_ordering() {
    switch_snapshot(
        "d2d4_d4_no_ordering",
        "--no-ordering",
        &[("Ordering", false)],
    );
}

#[test]
fn startpos_d3() {
    let (trace, report) = traced(&[], &[], 3, 1, Words::English);
    let text = format!("{trace}{}", report.closing_lines());
    insta::with_settings!({
        description => "position startpos, depth 3, trace 1",
        omit_expression => true,
        snapshot_path => "../snapshots",
        prepend_module_to_snapshot => false,
    }, {
        insta::assert_snapshot!("traces__startpos_d3", text);
    });
}
