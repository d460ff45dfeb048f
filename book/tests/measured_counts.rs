//! The node counts in `book/chapters/measured/` agree with a fresh count
//! wherever one is cheap.
//!
//! A measured table holds times, which vary, beside node counts, which do
//! not: a search to a fixed depth visits the same nodes on every machine.
//! The deep counts take minutes, too long for the tests, so the files are
//! written by `measure` and committed. But when the engine changes, every
//! count changes with it, the cheap ones too; so the tests count again the
//! cells of a few thousand nodes and fail, naming the part to measure
//! again, when a committed count is no longer what the code visits.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use book::files::Workspace;
use book::markdown::table_rows;
use book::searches::{percent_cell, position, run, POSITIONS, V09_CONFIGS, V10_CONFIGS};
use lamosca_search::deepen::{deepen, Limits, Trace};
use lamosca_search::Engine;
use lamosca_v11_lazy::LazySearch;

/// The largest committed count the tests search again.
const CHEAP: u64 = 300_000;

fn read(relative: &str) -> String {
    let path = Workspace::here().chapters().join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// The count on the first line of a cell: `5,379<br>85.3% q.<br>1.8 ms`.
fn count(cell: &str) -> Option<u64> {
    cell.split("<br>").next()?.replace(',', "").parse().ok()
}

/// The cell in the row labelled `row`, under the column headed `column`.
fn cell<'a>(rows: &'a [Vec<String>], row: &str, column: &str) -> &'a str {
    let at = rows[0]
        .iter()
        .position(|head| head == column)
        .unwrap_or_else(|| panic!("no column {column:?}"));
    &rows
        .iter()
        .find(|cells| cells[0] == row)
        .unwrap_or_else(|| panic!("no row {row:?}"))[at]
}

fn stale(file: &str, part: &str, what: &str, committed: u64, fresh: u64) -> String {
    format!(
        "{file}: {what} says {committed} nodes, the code visits {fresh} now; measure again \
         with `cargo run --release -p book -- measure {part}`"
    )
}

#[test]
fn v10_counts_at_depths_4_and_5_where_they_are_cheap() {
    let mut checked = 0;
    for (name, fen) in POSITIONS {
        let file = format!("measured/v10-nodes-{}.md", name.to_lowercase());
        let rows = table_rows(&read(&file));
        let start = position(fen).expect("a position of the book");
        for config in V10_CONFIGS {
            for depth in [4, 5] {
                let committed =
                    count(cell(&rows, config.label, &format!("depth {depth}"))).expect("a count");
                if committed > CHEAP {
                    continue;
                }
                let fresh = run(config.searcher, &start, depth, None).nodes;
                let what = format!("{} at depth {depth}", config.label);
                assert_eq!(
                    committed,
                    fresh,
                    "{}",
                    stale(&file, "v10", &what, committed, fresh)
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 40, "only {checked} cells were cheap enough");
}

#[test]
fn v09s_measured_depth_4_is_the_generated_depth_4() {
    // The measured table repeats depth 4 for its times; its counts must
    // be the generator's, which the tests keep true.
    let measured = table_rows(&read("measured/v09-nodes.md"));
    let generated = table_rows(&read("generated/tables/v09-nodes.md"));
    let depth_4 = |rows: &[Vec<String>]| -> Vec<(String, Vec<Option<u64>>)> {
        let mut label = String::new();
        let mut out = Vec::new();
        for cells in &rows[1..] {
            if !cells[0].is_empty() {
                label = cells[0].clone();
            }
            if cells[1] == "4" {
                out.push((label.clone(), cells[2..].iter().map(|c| count(c)).collect()));
            }
        }
        out
    };
    let (m, g) = (depth_4(&measured), depth_4(&generated));
    assert_eq!(
        m.len(),
        4,
        "four positions at depth 4 in the measured table"
    );
    assert_eq!(
        g.len(),
        4,
        "four positions at depth 4 in the generated table"
    );
    let mut compared = 0;
    for ((position, measured), (_, generated)) in m.iter().zip(&g) {
        // The generator gives v0.07 a smaller budget: a dash there is no
        // count to compare.
        for (committed, fresh) in measured.iter().zip(generated) {
            if let (Some(committed), Some(fresh)) = (committed, fresh) {
                assert_eq!(
                    committed,
                    fresh,
                    "{}",
                    stale("measured/v09-nodes.md", "v09", position, *committed, *fresh)
                );
                compared += 1;
            }
        }
    }
    assert!(compared >= 18, "only {compared} cells compared");
}

/// The rows of the table under `**name**` in a file of several tables.
fn section(text: &str, name: &str) -> Vec<Vec<String>> {
    let start = text
        .find(&format!("**{name}**"))
        .unwrap_or_else(|| panic!("no table for {name}"));
    let rest = &text[start + name.len() + 4..];
    let end = rest.find("**").unwrap_or(rest.len());
    table_rows(&rest[..end])
}

#[test]
fn v11_counts_at_depths_4_and_5_where_they_are_cheap() {
    // Each with its options, by UCI name and as typed.
    let configurations: [(&str, &[(&str, &str)]); 5] = [
        ("v0.11", &[]),
        ("v0.11 --ideas no-iid", &[("Ideas", "no-iid")]),
        ("v0.11 --ideas no-lazy", &[("Ideas", "no-lazy")]),
        ("v0.11 --ideas no-selective", &[("Ideas", "no-selective")]),
        ("v0.11 --eval kornilov", &[("Eval", "kornilov")]),
    ];
    let text = read("measured/v11-depths.md");
    let mut checked = 0;
    for (name, fen) in POSITIONS {
        let rows = section(&text, name);
        for ((label, options), depth) in configurations
            .iter()
            .flat_map(|configuration| [(*configuration, 4), (*configuration, 5)])
        {
            let committed = count(cell(&rows, label, &format!("depth {depth}"))).expect("a count");
            if committed > CHEAP {
                continue;
            }
            // As the measured part drives it: once, deepening by itself.
            let mut engine = LazySearch::new();
            for &(name, text) in options {
                let option = LazySearch::OPTIONS
                    .iter()
                    .find(|option| option.name == name);
                let value = option.expect("a declared option").parse_value(text);
                engine
                    .set_option(name, value.expect("a value it takes"))
                    .expect("set");
            }
            let report = deepen(
                &mut engine,
                &mut position(fen).expect("a position of the book"),
                &Limits::depth(depth),
                &Arc::new(AtomicBool::new(false)),
                Trace::off(),
                |_| {},
            );
            assert_eq!(
                committed,
                report.nodes,
                "{}",
                stale(
                    "measured/v11-depths.md",
                    "v11",
                    &format!("{label} at depth {depth}"),
                    committed,
                    report.nodes
                )
            );
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} cells were cheap enough");
}

#[test]
fn v09_counts_and_first_move_cuts_at_depths_5_and_6_where_they_are_cheap() {
    let nodes = table_rows(&read("measured/v09-nodes.md"));
    let cuts = table_rows(&read("measured/v09-first-move-cuts.md"));
    // The row of `position` at `depth`, in a table whose position names
    // carry down through empty first cells.
    let row = |rows: &[Vec<String>], position: &str, depth: u32| -> Vec<String> {
        let mut label = String::new();
        for cells in &rows[1..] {
            if !cells[0].is_empty() {
                label = cells[0].clone();
            }
            if label == position && cells[1] == depth.to_string() {
                return cells.clone();
            }
        }
        panic!("no {position} at depth {depth}");
    };
    let mut checked = 0;
    for (name, fen) in POSITIONS {
        let start = position(fen).expect("a position of the book");
        for depth in [5, 6] {
            let counts = row(&nodes, name, depth);
            let shares = row(&cuts, name, depth);
            // v0.07, the first column, is timed in its own chapter and too
            // slow here; the four orderings follow it.
            for (c, config) in V09_CONFIGS.iter().enumerate().skip(1) {
                let Some(committed) = count(&counts[2 + c]) else {
                    continue;
                };
                if committed > CHEAP {
                    continue;
                }
                let fresh = run(config.searcher, &start, depth, None);
                let what = format!("{name}, {} at depth {depth}", config.label);
                assert_eq!(
                    committed,
                    fresh.nodes,
                    "{}",
                    stale(
                        "measured/v09-nodes.md",
                        "v09",
                        &what,
                        committed,
                        fresh.nodes
                    )
                );
                assert_eq!(
                    shares[1 + c],
                    percent_cell(fresh.first_move_share()),
                    "measured/v09-first-move-cuts.md: {what} is stale; measure again with \
                     `cargo run --release -p book -- measure v09`"
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 12, "only {checked} cells were cheap enough");
}
