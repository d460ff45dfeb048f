//! The node counts of the v0.09 and v0.10 chapters: what alpha-beta and
//! its ordering save over NegaMax, how close they come to the smallest
//! tree alpha-beta can search, and what the quiescence search costs.
//!
//! Every search here runs to a fixed depth with no clock, so its count of
//! nodes is the same on every machine. The small depths are written by the
//! generator into `generated/` and checked by the tests; the large ones,
//! with times, are written by [`crate::search_measure`] into `measured/`.
//! Both use the searches, positions and table layouts of this module, so
//! the two files of a chapter agree wherever they overlap.

use std::time::Duration;

use anyhow::{anyhow, Result};
use common::trace::Tracer;
use common::{
    percent, perft, Engine, Move, OptionValue, Position, Report, SearchControl, START_FEN,
};
use lamosca_v07::NegaMax;
use lamosca_v09::AlphaBeta;
use lamosca_v10_quiescence::QuiescenceSearch;

use crate::content::KIWIPETE;
use crate::generate::Generated;
use crate::markdown::{thousands, Align, Table, GENERATED_NOTE};

/// A middlegame from the Queen's Gambit Declined, White to play its
/// eighth move: every piece still on, few captures yet.
pub const MIDDLEGAME: &str = "r1bq1rk1/pp1nbppp/2p1pn2/3p2B1/2PP4/2N1PN2/PP3PPP/2RQKB1R w K - 0 8";

/// A rook-and-pawns ending, the third perft position of the Chess
/// Programming Wiki: few pieces and a narrow tree, so it goes deep.
pub const ENDGAME: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";

/// The four positions every table measures, with their names.
pub const POSITIONS: [(&str, &str); 4] = [
    ("start", START_FEN),
    ("Kiwipete", KIWIPETE),
    ("middlegame", MIDDLEGAME),
    ("endgame", ENDGAME),
];

/// The depth of the perft whose leaves fix the branching factor `b` of the
/// minimal tree: `b = perft(B_DEPTH)^(1 / B_DEPTH)`.
pub const B_DEPTH: usize = 3;

/// A version's search with some of its switches set.
#[derive(Clone, Copy, Debug)]
pub enum Searcher {
    /// v0.07's NegaMax.
    V07,
    /// v0.09's alpha-beta with these options changed from the default.
    V09(&'static [(&'static str, OptionValue)]),
    /// v0.10's search with these options changed from the default.
    V10(&'static [(&'static str, OptionValue)]),
}

/// A searcher and the name a table gives it.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// The column or row title.
    pub label: &'static str,
    /// What runs.
    pub searcher: Searcher,
}

const fn config(label: &'static str, searcher: Searcher) -> Config {
    Config { label, searcher }
}

/// v0.07 and v0.09's orderings, from none to all, as the v0.09 chapter
/// compares them.
pub const V09_CONFIGS: [Config; 5] = [
    config("v0.07", Searcher::V07),
    config(
        "no ordering",
        Searcher::V09(&[("Ordering", OptionValue::Check(false))]),
    ),
    config(
        "MVV/LVA",
        Searcher::V09(&[("History", OptionValue::Check(false))]),
    ),
    config("MVV/LVA + history", Searcher::V09(&[])),
    config(
        "+ killers",
        Searcher::V09(&[("Killers", OptionValue::Check(true))]),
    ),
];

/// v0.09 against v0.10 with each form of `EGain`, each `DELTA`, without
/// `quiRoot`, and with LaMoSca's own quiescence.
pub const V10_CONFIGS: [Config; 11] = [
    config("v0.09", Searcher::V09(&[])),
    config(
        "see, Δ 0",
        Searcher::V10(&[("Delta", OptionValue::Spin(0))]),
    ),
    config(
        "see, Δ 50",
        Searcher::V10(&[("Delta", OptionValue::Spin(50))]),
    ),
    config(
        "see, Δ 100",
        Searcher::V10(&[("Delta", OptionValue::Spin(100))]),
    ),
    config(
        "see, Δ 200",
        Searcher::V10(&[("Delta", OptionValue::Spin(200))]),
    ),
    config(
        "simple, Δ 0",
        Searcher::V10(&[SIMPLE, ("Delta", OptionValue::Spin(0))]),
    ),
    config(
        "simple, Δ 50",
        Searcher::V10(&[SIMPLE, ("Delta", OptionValue::Spin(50))]),
    ),
    config(
        "simple, Δ 100",
        Searcher::V10(&[SIMPLE, ("Delta", OptionValue::Spin(100))]),
    ),
    config(
        "simple, Δ 200",
        Searcher::V10(&[SIMPLE, ("Delta", OptionValue::Spin(200))]),
    ),
    config(
        "see, Δ 50, no quiRoot",
        Searcher::V10(&[
            ("Delta", OptionValue::Spin(50)),
            ("QuiRoot", OptionValue::Check(false)),
        ]),
    ),
    config(
        "LaMoSca v0.10",
        Searcher::V10(&[("Quiescence", OptionValue::Combo("lamosca"))]),
    ),
];

const SIMPLE: (&str, OptionValue) = ("EGain", OptionValue::Combo("simple"));

/// What one search did.
#[derive(Clone, Debug)]
pub struct Run {
    /// The depth searched.
    pub depth: u32,
    /// Every node, quiescence nodes included.
    pub nodes: u64,
    /// The leaves v0.07 and v0.09 evaluated.
    pub leaves: Option<u64>,
    /// v0.10's quiescence nodes (the horizon nodes among them).
    pub quiescence: Option<u64>,
    /// The beta cut-offs and those made by the first move tried.
    pub cuts: Option<(u64, u64)>,
    /// The move chosen.
    pub best: Option<Move>,
    /// Its value.
    pub value: i32,
    /// False when the node budget ran out first.
    pub finished: bool,
    /// How long it took, when it was timed (never in `generated/`).
    pub time: Option<Duration>,
}

impl Run {
    /// The share of the nodes spent in the quiescence search, in percent.
    pub fn quiescence_share(&self) -> Option<f64> {
        self.quiescence.map(|q| percent(q, self.nodes))
    }

    /// The share of the cut-offs made by the first move tried, in percent.
    pub fn first_move_share(&self) -> Option<f64> {
        self.cuts.map(|(cuts, first)| percent(first, cuts))
    }
}

/// The searches of one position: `runs[i][c]` is configuration `c` at the
/// `i`-th depth searched.
pub type Runs = Vec<Vec<Run>>;

/// A position's name and its searches.
pub type Searched = (&'static str, Runs);

/// A position's name, its branching factor `b` and its searches.
pub type Measured = (&'static str, f64, Runs);

/// The count of the statistic called `label`.
fn statistic(report: &Report, label: &str) -> Option<u64> {
    common::statistic(&report.statistics, label)?.count()
}

fn with_options<E: Engine>(options: &[(&str, OptionValue)]) -> E {
    let mut engine = E::new();
    for &(name, value) in options {
        // The tables name declared options only.
        engine.set_option(name, value).expect("a declared option");
    }
    engine
}

/// Searches `position` to `depth` with `searcher`, stopping after about
/// `budget` nodes if one is given.
pub fn run(searcher: Searcher, position: &Position, depth: u32, budget: Option<u64>) -> Run {
    let mut position = position.clone();
    let control = match budget {
        Some(nodes) => SearchControl::unlimited().with_node_limit(nodes),
        None => SearchControl::unlimited(),
    };
    let report = match searcher {
        Searcher::V07 => NegaMax::new().search(&mut position, depth, &control, &Tracer::OFF),
        Searcher::V09(options) => {
            with_options::<AlphaBeta>(options).search(&mut position, depth, &control, &Tracer::OFF)
        }
        Searcher::V10(options) => with_options::<QuiescenceSearch>(options).search(
            &mut position,
            depth,
            &control,
            &Tracer::OFF,
        ),
    };
    let cuts =
        statistic(&report, "beta cut-offs").zip(statistic(&report, "cut-offs by the first move"));
    Run {
        depth,
        nodes: report.nodes,
        leaves: statistic(&report, "leaves evaluated"),
        quiescence: statistic(&report, "quiescence nodes"),
        cuts,
        best: report.best,
        value: report.value,
        finished: !report.interrupted,
        time: None,
    }
}

/// The position of a FEN written in this crate.
pub fn position(fen: &str) -> Result<Position> {
    Position::from_fen(fen).map_err(|error| anyhow!("bad FEN `{fen}`: {error}"))
}

/// A node count, or a dash for a search that ran out of budget.
pub fn nodes_cell(run: &Run) -> String {
    if run.finished {
        thousands(run.nodes)
    } else {
        "—".to_string()
    }
}

/// A percentage with one decimal, or a dash.
pub fn percent_cell(share: Option<f64>) -> String {
    share.map_or("—".to_string(), |p| format!("{p:.1}%"))
}

// ---------------------------------------------------------------------------
// v0.09: nodes, first-move cut-offs, the minimal tree
// ---------------------------------------------------------------------------

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

/// Every search of one position with `configs`, depth by depth:
/// `runs[i][c]` is configuration `c` at the `i`-th of `depths`, each
/// search stopped after `budget(config)` nodes if that is some. A
/// configuration that ran out of budget would at a greater depth too, so
/// it is not searched again: its last run stands in the deeper rows.
fn runs_by_depth(
    fen: &str,
    configs: &[Config],
    depths: std::ops::RangeInclusive<u32>,
    budget: impl Fn(&Config) -> Option<u64>,
    mut timed: impl FnMut(&dyn Fn() -> Run) -> Run,
) -> Result<Vec<Vec<Run>>> {
    let position = position(fen)?;
    let mut all: Vec<Vec<Run>> = Vec::new();
    for depth in depths {
        let mut row = Vec::new();
        for (c, config) in configs.iter().enumerate() {
            let gave_up = all.last().is_some_and(|previous| !previous[c].finished);
            row.push(if gave_up {
                Run {
                    depth,
                    ..all.last().expect("a previous depth")[c].clone()
                }
            } else {
                timed(&|| run(config.searcher, &position, depth, budget(config)))
            });
        }
        all.push(row);
    }
    Ok(all)
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

fn md(path: &str, body: String) -> Generated {
    Generated::new(path, format!("{GENERATED_NOTE}{body}"))
}

// ---------------------------------------------------------------------------
// v0.10: what the quiescence search costs
// ---------------------------------------------------------------------------

/// How far the v0.10 tables go and how much one search may spend.
#[derive(Clone, Copy, Debug)]
pub struct V10Limits {
    /// The first depth searched.
    pub first: u32,
    /// The deepest search.
    pub depth: u32,
    /// The node budget of every search; beyond it the table shows a dash.
    pub budget: u64,
}

/// The limits of the generated (checked) v0.10 tables.
pub const V10_GENERATED: V10Limits = V10Limits {
    first: 1,
    depth: 3,
    budget: 200_000,
};

/// Every v0.10 search of one position: `runs[i][c]` is configuration `c`
/// of [`V10_CONFIGS`] at the `i`-th depth, each within the same budget.
pub fn v10_runs(
    fen: &str,
    limits: V10Limits,
    timed: impl FnMut(&dyn Fn() -> Run) -> Run,
) -> Result<Vec<Vec<Run>>> {
    runs_by_depth(
        fen,
        &V10_CONFIGS,
        limits.first..=limits.depth,
        |_| Some(limits.budget),
        timed,
    )
}

/// Nodes and the quiescence share, one row per configuration, one column
/// per depth; `extra` adds a line to each cell (the time, when measured).
pub fn v10_nodes_table(runs: &[Vec<Run>], extra: impl Fn(usize, usize) -> Option<String>) -> Table {
    let titles: Vec<String> = runs
        .iter()
        .map(|row| format!("depth {}", row[0].depth))
        .collect();
    let mut columns = vec![("search", Align::Left)];
    columns.extend(titles.iter().map(|t| (t.as_str(), Align::Right)));
    let mut table = Table::new(&columns);
    for (c, config) in V10_CONFIGS.iter().enumerate() {
        let mut cells = vec![config.label.to_string()];
        for (d, row) in runs.iter().enumerate() {
            let run = &row[c];
            let mut cell = nodes_cell(run);
            if run.finished {
                if let Some(share) = run.quiescence_share() {
                    cell += &format!("<br>{share:.1}% q.");
                }
            }
            if let Some(more) = extra(d, c) {
                cell += &format!("<br>{more}");
            }
            cells.push(cell);
        }
        table.row(cells);
    }
    table
}

/// The move and value each configuration chose on each position at the
/// deepest depth of `all`.
pub fn v10_answers_table(all: &[Searched]) -> Table {
    let mut columns = vec![("search", Align::Left)];
    columns.extend(all.iter().map(|(name, _)| (*name, Align::Right)));
    let mut table = Table::new(&columns);
    for (c, config) in V10_CONFIGS.iter().enumerate() {
        let mut cells = vec![config.label.to_string()];
        for (_, runs) in all {
            let run = &runs.last().expect("at least depth 1")[c];
            cells.push(match (run.finished, run.best) {
                (true, Some(mv)) => format!("`{mv}` {}", run.value),
                (true, None) => format!("none {}", run.value),
                (false, _) => "—".to_string(),
            });
        }
        table.row(cells);
    }
    table
}

/// Every v0.10 search of every position with `limits`.
pub fn v10_all(
    limits: V10Limits,
    mut timed: impl FnMut(&dyn Fn() -> Run) -> Run,
) -> Result<Vec<Searched>> {
    POSITIONS
        .iter()
        .map(|&(name, fen)| Ok((name, v10_runs(fen, limits, &mut timed)?)))
        .collect()
}

/// The file name of a position's table: `kiwipete`.
pub fn slug(name: &str) -> String {
    name.to_ascii_lowercase().replace(' ', "-")
}

/// The v0.10 chapter's generated tables: one per position, and the
/// answers.
pub fn v10_generated() -> Result<Vec<Generated>> {
    let all = v10_all(V10_GENERATED, |f| f())?;
    let mut out = Vec::new();
    for (name, runs) in &all {
        out.push(md(
            &format!("tables/v10-nodes-{}.md", slug(name)),
            format!(
                "{}\nEach cell: the nodes, then the share of them searched by the quiescence. \
                 A dash: more than {} nodes.\n",
                v10_nodes_table(runs, |_, _| None).render(),
                thousands(V10_GENERATED.budget)
            ),
        ));
    }
    out.push(md(
        "tables/v10-answers.md",
        format!(
            "The move chosen and its value, depth {}:\n\n{}",
            V10_GENERATED.depth,
            v10_answers_table(&all).render()
        ),
    ));
    Ok(out)
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

    #[test]
    fn reads_the_counts_of_a_report() {
        let start = position(START_FEN).unwrap();
        let v09 = run(Searcher::V09(&[]), &start, 2, None);
        assert!(v09.finished);
        assert_eq!(v09.leaves.map(|l| l < v09.nodes), Some(true));
        assert!(v09.cuts.is_some_and(|(cuts, first)| first <= cuts));
        assert_eq!(v09.quiescence, None);
        let v10 = run(Searcher::V10(&[]), &start, 2, None);
        assert!(v10.quiescence.is_some_and(|q| q < v10.nodes));
        // v0.07 visits every node: 1 + 20 + 400.
        let v07 = run(Searcher::V07, &start, 2, None);
        assert_eq!(v07.nodes, 421);
        let stopped = run(Searcher::V07, &start, 4, Some(10_000));
        assert!(!stopped.finished);
        assert_eq!(nodes_cell(&stopped), "—");
    }
}
