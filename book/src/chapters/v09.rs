//! The v0.09 chapter, alpha-beta: what alpha-beta and its ordering save
//! over NegaMax, how close they come to the smallest tree alpha-beta can
//! search, the search tree drawn with its cut-offs, and the chart of nodes
//! per depth beside v0.07's.
//!
//! The small depths are generated and checked; the large ones, with
//! times, are measured (`measure v09`) into `measured/`. Both use the
//! searches and positions of [`crate::searches`] and the table layouts
//! below, so the two files of a table agree wherever they overlap.

use anyhow::Result;
use common::perft;

use crate::chapter::{Chapter, Sources};
use crate::draw::{chart, stepper, tree};
use crate::files::Generated;
use crate::markdown::{md, thousands, Align, Table};
use crate::measure::{counted, time_of, timed, timed_header};
use crate::searches::{
    nodes_cell, percent_cell, position, runs_by_depth, Measured, Run, Runs, Searched, Searcher,
    B_DEPTH, POSITIONS, V09_CONFIGS,
};

/// The v0.09 chapter in the book.
pub const CHAPTER: Chapter = Chapter {
    page: "v09-alphabeta.md",
    krate: Some("lamosca-v09"),
    generated,
    measured: &[("v09", v09)],
};

/// Everything the v0.09 chapter shows beyond its included snapshots.
fn generated(sources: &Sources) -> Result<Vec<Generated>> {
    let mut files = v09_generated()?;
    files.extend(tree::v09_tree()?);
    files.extend(v09_stepper()?);
    files.extend(crate::draw::fan::v09_fans()?);
    files.push(Generated::new(
        "charts/nodes-v07-v09.svg",
        chart::generated_nodes_chart("Nodes searched per depth: NegaMax and alpha-beta", |v| {
            matches!(v.crate_name, "lamosca-v07" | "lamosca-v09")
        })?,
    ));
    files.push(exercises()?);
    files.extend(crate::sentences::v09(&files)?);
    files.extend(crate::sentences::v09_numbers(&sources.root)?);
    Ok(files)
}

/// How far the v0.09 tables go and how much v0.07 may spend.
#[derive(Clone, Copy, Debug)]
pub struct V09Limits {
    /// The first depth searched.
    pub first: u32,
    /// The deepest search.
    pub depth: u32,
    /// The node budget of v0.07; beyond it the table shows a dash.
    pub v07_budget: u64,
}

/// The limits of the generated (checked) v0.09 tables: quick enough for
/// the test profile.
pub const V09_GENERATED: V09Limits = V09Limits {
    first: 1,
    depth: 4,
    v07_budget: 300_000,
};

/// Every v0.09 search of one position, depth by depth: `runs[i][c]` is
/// configuration `c` of [`V09_CONFIGS`] at the `i`-th depth. Only v0.07
/// has a node budget: the others finish in seconds at every depth here.
pub fn v09_runs(
    fen: &str,
    limits: V09Limits,
    timed: impl FnMut(&dyn Fn() -> Run) -> Run,
) -> Result<Vec<Vec<Run>>> {
    runs_by_depth(
        fen,
        &V09_CONFIGS,
        limits.first..=limits.depth,
        |config| matches!(config.searcher, Searcher::V07).then_some(limits.v07_budget),
        timed,
    )
}

/// The branching factor of a uniform tree with as many leaves at depth
/// [`B_DEPTH`] as the position's: `perft(B_DEPTH)^(1 / B_DEPTH)`.
pub fn uniform_branching(fen: &str) -> Result<f64> {
    let leaves = perft(&mut position(fen)?, B_DEPTH);
    Ok((leaves as f64).powf(1.0 / B_DEPTH as f64))
}

/// The minimal tree: with perfect ordering, alpha-beta
/// evaluates `b^ceil(d/2) + b^floor(d/2) - 1` leaves of a uniform tree of
/// branching factor `b` and depth `d`.
pub fn minimal_leaves(b: f64, depth: u32) -> f64 {
    let up = depth.div_ceil(2) as i32;
    let down = (depth / 2) as i32;
    b.powi(up) + b.powi(down) - 1.0
}

/// The node table: one row per position and depth, one column per
/// configuration, each cell from `cell`.
pub fn v09_nodes_table(all: &[Searched], cell: impl Fn(&Run, usize) -> String) -> Table {
    let mut columns = vec![("position", Align::Left), ("depth", Align::Right)];
    columns.extend(V09_CONFIGS.iter().map(|c| (c.label, Align::Right)));
    let mut table = Table::new(&columns);
    for (name, runs) in all {
        for (i, row) in runs.iter().enumerate() {
            let mut cells = vec![first_only(name, i), row[0].depth.to_string()];
            cells.extend(row.iter().enumerate().map(|(c, run)| cell(run, c)));
            table.row(cells);
        }
    }
    table
}

/// The share of cut-offs made by the first move, for v0.09's searches (not
/// v0.07's, which makes none), from depth 2 on: at depth 1 nothing cuts.
pub fn v09_first_move_table(all: &[Searched]) -> Table {
    let mut columns = vec![("position", Align::Left), ("depth", Align::Right)];
    columns.extend(V09_CONFIGS[1..].iter().map(|c| (c.label, Align::Right)));
    let mut table = Table::new(&columns);
    for (name, runs) in all {
        let deeper = runs.iter().filter(|row| row[0].depth > 1);
        for (i, row) in deeper.enumerate() {
            let mut cells = vec![first_only(name, i), row[0].depth.to_string()];
            cells.extend(
                row[1..]
                    .iter()
                    .map(|run| percent_cell(run.first_move_share())),
            );
            table.row(cells);
        }
    }
    table
}

/// The leaves v0.09 evaluated against the minimal tree's, with `b` from
/// [`uniform_branching`].
pub fn v09_minimal_table(all: &[Measured]) -> Table {
    let mut table = Table::new(&[
        ("position", Align::Left),
        ("b", Align::Right),
        ("depth", Align::Right),
        ("minimal tree, leaves", Align::Right),
        ("MVV/LVA + history, leaves", Align::Right),
        ("× minimal", Align::Right),
        ("+ killers, leaves", Align::Right),
        ("× minimal", Align::Right),
    ]);
    for (name, b, runs) in all {
        for (i, row) in runs.iter().enumerate() {
            let depth = row[0].depth;
            let minimal = minimal_leaves(*b, depth);
            let leaves = |run: &Run| run.leaves.unwrap_or(0);
            let ratio = |run: &Run| format!("{:.1}", leaves(run) as f64 / minimal);
            table.row([
                first_only(name, i),
                if i == 0 {
                    format!("{b:.1}")
                } else {
                    String::new()
                },
                depth.to_string(),
                thousands(minimal.round() as u64),
                thousands(leaves(&row[3])),
                ratio(&row[3]),
                thousands(leaves(&row[4])),
                ratio(&row[4]),
            ]);
        }
    }
    table
}

/// `name` on a group's first row, nothing on the others.
fn first_only(name: &str, i: usize) -> String {
    if i == 0 {
        name.to_string()
    } else {
        String::new()
    }
}

/// Runs every v0.09 search of every position with `limits`, timing each
/// with `timed`, and computes each position's `b`.
pub fn v09_all(
    limits: V09Limits,
    mut timed: impl FnMut(&dyn Fn() -> Run) -> Run,
) -> Result<Vec<Measured>> {
    let mut all = Vec::new();
    for (name, fen) in POSITIONS {
        let runs = v09_runs(fen, limits, &mut timed)?;
        all.push((name, uniform_branching(fen)?, runs));
    }
    Ok(all)
}

/// The v0.09 chapter's generated tables.
pub fn v09_generated() -> Result<Vec<Generated>> {
    let all = v09_all(V09_GENERATED, |f| f())?;
    let plain: Vec<Searched> = all
        .iter()
        .map(|(name, _, runs)| (*name, runs.clone()))
        .collect();
    let nodes = v09_nodes_table(&plain, |run, _| nodes_cell(run));
    Ok(vec![
        md(
            "tables/v09-nodes.md",
            format!(
                "{}\nA dash: v0.07 did not finish within {} nodes.\n",
                nodes.render(),
                thousands(V09_GENERATED.v07_budget)
            ),
        ),
        md(
            "tables/v09-first-move-cuts.md",
            v09_first_move_table(&plain).render(),
        ),
        md(
            "tables/v09-minimal-tree.md",
            v09_minimal_table(&all).render(),
        ),
    ])
}

/// The depths of the measured v0.09 tables (depth 4 again, for the times
/// and for v0.07's counts beyond the generator's budget), and v0.07's
/// budget: enough for the middlegame at depth 5 (55 million nodes), not
/// for Kiwipete there (198 million).
const V09_MEASURED: V09Limits = V09Limits {
    first: 4,
    depth: 6,
    v07_budget: 60_000_000,
};

/// v0.07 against v0.09's orderings, depths 4 to 6: the nodes with their
/// times, the first-move cut-offs and the minimal tree, each in its own
/// file to follow the generated table of depths 1 to 4.
pub fn v09() -> Result<Vec<Generated>> {
    let all = v09_all(V09_MEASURED, timed)?;
    let plain: Vec<Searched> = all
        .iter()
        .map(|(name, _, runs)| (*name, runs.clone()))
        .collect();
    // v0.07's speed is timed once, by the v0.07 chapter's `speed`, so its
    // column here gives the counts alone.
    let nodes = v09_nodes_table(&plain, |run, column| {
        let time = time_of(run);
        if time.is_empty() || column == 0 {
            nodes_cell(run)
        } else {
            format!("{}<br>{time}", nodes_cell(run))
        }
    });
    let deep: Vec<Searched> = plain
        .iter()
        .map(|(name, runs)| (*name, deep_rows(runs)))
        .collect();
    let deep_measured: Vec<Measured> = all
        .iter()
        .map(|(name, b, runs)| (*name, *b, deep_rows(runs)))
        .collect();
    Ok(vec![
        Generated::new(
            "v09-nodes.md",
            format!(
                "{}{}\nA dash: v0.07 did not finish within {} nodes. v0.07's column gives \
                 nodes only: its speed is timed in one place, the v0.07 chapter's table.\n",
                timed_header(),
                nodes.render(),
                thousands(V09_MEASURED.v07_budget)
            ),
        ),
        Generated::new(
            "v09-first-move-cuts.md",
            format!("{}{}", counted(), v09_first_move_table(&deep).render()),
        ),
        Generated::new(
            "v09-minimal-tree.md",
            format!(
                "{}{}",
                counted(),
                v09_minimal_table(&deep_measured).render()
            ),
        ),
    ])
}

/// The depths the generated tables do not show: only the node table
/// repeats depth 4, for its times and v0.07's counts.
fn deep_rows(runs: &Runs) -> Runs {
    runs.iter()
        .filter(|row| row[0].depth > V09_GENERATED.depth)
        .cloned()
        .collect()
}

/// The stepper of the v0.09 chapter: alpha-beta and NegaMax on the drawn
/// tree's position in lockstep, alpha-beta leading, so that NegaMax's
/// panel greys the moves alpha-beta never tries.
pub fn v09_stepper() -> Result<Vec<Generated>> {
    stepper::stepper(
        "v09-stepper",
        &[
            stepper::Search {
                name: "v09-alphabeta",
                fen: tree::TREE_FEN,
                depth: tree::TREE_DEPTH,
                run: stepper::run::<lamosca_v09::AlphaBeta>,
                options: &[],
            },
            stepper::Search {
                name: "v09-negamax",
                fen: tree::TREE_FEN,
                depth: tree::TREE_DEPTH,
                run: stepper::run::<lamosca_v07::NegaMax>,
                options: &[],
            },
        ],
    )
}

/// The answers to the chapter's exercises, from the searches the reader
/// is asked to run.
fn exercises() -> Result<Generated> {
    use crate::markdown::{answers, bestmove};
    use crate::searches::fixed;
    use common::START_FEN;
    use lamosca_search::OptionValue;
    use lamosca_v09::AlphaBeta;
    let with = |options: &[(&str, OptionValue)]| fixed::<AlphaBeta>(START_FEN, 5, options);
    let default = with(&[])?;
    let no_history = with(&[("History", OptionValue::Check(false))])?;
    let no_ordering = with(&[("Ordering", OptionValue::Check(false))])?;
    let body = format!(
        "1. The default: {}. With `--no-history`: {}, {:.1} times as many \
         nodes. Without history only the captures are ordered, and from the \
         start there are almost none, so most nodes try their moves in the \
         order of generation.\n\
         2. With `--no-ordering`: {}. The value and the move are the \
         default's: alpha-beta with any move order returns NegaMax's value, \
         and the order only decides how many nodes it takes to prove it.\n",
        bestmove(&default),
        bestmove(&no_history),
        no_history.nodes as f64 / default.nodes.max(1) as f64,
        bestmove(&no_ordering),
    );
    Ok(md("exercises/v09.md", answers(&body)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_minimal_tree_of_a_uniform_tree() {
        // One ply: every move. Two: the first move's replies, and one
        // refutation for each other move.
        assert_eq!(minimal_leaves(20.0, 1), 20.0);
        assert_eq!(minimal_leaves(20.0, 2), 39.0);
        assert_eq!(minimal_leaves(20.0, 3), 419.0);
        assert_eq!(minimal_leaves(20.0, 4), 799.0);
    }
}
