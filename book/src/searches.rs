//! The fixed-depth searches whose node counts the v0.09, v0.10 and v0.11
//! chapters tabulate: which version with which switches, on which
//! positions, and what each run counted.
//!
//! Every search here runs to a fixed depth with no clock, so its count of
//! nodes is the same on every machine. The small depths are written by the
//! generator into `generated/` and checked by the tests; the large ones,
//! with times, are written by the chapters' measured parts into `measured/`.
//! Both use the searches and positions of this module, so the two files of
//! a chapter agree wherever they overlap.

use std::time::Duration;

use anyhow::{anyhow, Result};
use common::{Move, Position, START_FEN};
use lamosca_search::events::Tracer;
use lamosca_search::{percent, Engine, OptionValue, Report, SearchControl};
use lamosca_v07::NegaMax;
use lamosca_v09::AlphaBeta;
use lamosca_v10_quiescence::QuiescenceSearch;

use crate::markdown::thousands;

/// Kiwipete, the second position of the Chess Programming Wiki's perft
/// page: castling both ways, en passant, pins and promotions in few plies.
pub const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

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
    lamosca_search::statistic(&report.statistics, label)?.count()
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
        Searcher::V07 => NegaMax::new().search(&mut position, depth, &control, &mut Tracer::off()),
        Searcher::V09(options) => with_options::<AlphaBeta>(options).search(
            &mut position,
            depth,
            &control,
            &mut Tracer::off(),
        ),
        Searcher::V10(options) => with_options::<QuiescenceSearch>(options).search(
            &mut position,
            depth,
            &control,
            &mut Tracer::off(),
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

/// Every search of one position with `configs`, depth by depth:
/// `runs[i][c]` is configuration `c` at the `i`-th of `depths`, each
/// search stopped after `budget(config)` nodes if that is some. A
/// configuration that ran out of budget would at a greater depth too, so
/// it is not searched again: its last run stands in the deeper rows.
pub(crate) fn runs_by_depth(
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

/// One search of `E` from `fen` to exactly `depth`, with `options` set,
/// as `search --depth` runs it: what the book's exercises and closing page
/// ask the reader to reproduce.
pub fn fixed<E: Engine>(fen: &str, depth: u32, options: &[(&str, OptionValue)]) -> Result<Report> {
    let mut engine: E = with_options(options);
    Ok(engine.search(
        &mut position(fen)?,
        depth,
        &SearchControl::unlimited(),
        &mut Tracer::off(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

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
