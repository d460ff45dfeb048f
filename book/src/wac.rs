//! Win At Chess: 300 tactical positions, each with the move (or moves)
//! that wins, as a score of how often a search finds the tactic.
//!
//! The suite, `common/suites/wac.epd`, gives each position as EPD: the
//! four fields of a FEN, then operations such as `bm Qg6; id "WAC.001";`.
//! `bm`, the best move, is in SAN and may list several moves, any of which
//! counts. A search solves a position when the move it chooses is one of
//! them ([`lamosca_explorer::san`] writes the move in SAN for the comparison).
//!
//! Each search here runs to a fixed depth with no clock, so which
//! positions it solves, and with how many nodes, is the same on every
//! machine.

use std::path::Path;

use anyhow::{anyhow, bail, ensure, Context as _, Result};
use common::{Move, Position};

use crate::files::Generated;
use crate::markdown::{thousands, Align, Table, GENERATED_NOTE};
use crate::searches::{run, Config, Run, Searcher};
use lamosca_explorer::san::{parse_san, same_move, san};

/// Where the suite lies, from the workspace root.
pub const WAC_PATH: &str = "common/suites/wac.epd";

/// One position of the suite.
#[derive(Clone, Debug)]
pub struct Problem {
    /// Its name, `WAC.001`.
    pub id: String,
    /// The position.
    pub position: Position,
    /// The moves that solve it, in SAN.
    pub best: Vec<String>,
}

impl Problem {
    /// True when `run` chose one of the solving moves.
    pub fn solved_by(&self, run: &Run) -> bool {
        self.solved_with(run.best)
    }

    /// True when `answer` is one of the solving moves.
    pub fn solved_with(&self, answer: Option<Move>) -> bool {
        answer.is_some_and(|mv| {
            let text = san(&self.position, mv);
            self.best.iter().any(|best| same_move(best, &text))
        })
    }
}

/// Reads an EPD suite with `bm` operations, checking that every best move
/// names a legal move of its position.
pub fn read_suite(text: &str) -> Result<Vec<Problem>> {
    let mut problems = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let context = || format!("line {}", number + 1);
        let fields: Vec<&str> = line.splitn(5, ' ').collect();
        ensure!(
            fields.len() == 5,
            "{}: no operations after the FEN",
            context()
        );
        let fen = fields[..4].join(" ");
        let position =
            Position::from_fen(&fen).map_err(|error| anyhow!("{}: bad FEN: {error}", context()))?;
        let mut best = Vec::new();
        let mut id = format!("line {}", number + 1);
        for operation in fields[4].split(';') {
            let operation = operation.trim();
            if let Some(moves) = operation.strip_prefix("bm ") {
                best.extend(moves.split_whitespace().map(str::to_string));
            } else if let Some(name) = operation.strip_prefix("id ") {
                id = name.trim_matches('"').to_string();
            }
        }
        if best.is_empty() {
            bail!("{}: no `bm` operation", context());
        }
        for text in &best {
            ensure!(
                parse_san(&position, text).is_some(),
                "{id}: the best move `{text}` is not a legal move of {fen}"
            );
        }
        problems.push(Problem { id, position, best });
    }
    Ok(problems)
}

/// Reads [`WAC_PATH`] under the workspace `root`.
pub fn read_wac(root: &Path) -> Result<Vec<Problem>> {
    let path = root.join(WAC_PATH);
    let text = std::fs::read_to_string(&path).context(format!("reading {}", path.display()))?;
    read_suite(&text).context(format!("reading {}", path.display()))
}

/// One configuration searched over the whole suite at one depth.
#[derive(Clone, Debug)]
pub struct SuiteRun {
    /// One search per problem, in the suite's order.
    pub runs: Vec<Run>,
    /// How many of them chose a solving move.
    pub solved: usize,
    /// How many ran out of their node budget (and count as not solved).
    pub unfinished: usize,
    /// Their nodes, added up.
    pub nodes: u64,
}

/// Searches every problem with `config` to `depth`, each search stopped
/// after about `budget` nodes if one is given.
pub fn run_suite(
    problems: &[Problem],
    config: Config,
    depth: u32,
    budget: Option<u64>,
) -> SuiteRun {
    let runs: Vec<Run> = problems
        .iter()
        .map(|problem| run(config.searcher, &problem.position, depth, budget))
        .collect();
    let solved = problems
        .iter()
        .zip(&runs)
        .filter(|(problem, run)| run.finished && problem.solved_by(run))
        .count();
    let unfinished = runs.iter().filter(|run| !run.finished).count();
    let nodes = runs.iter().map(|run| run.nodes).sum();
    SuiteRun {
        runs,
        solved,
        unfinished,
        nodes,
    }
}

/// The positions solved and the nodes spent: one row per configuration,
/// one column per depth; `extra` adds a line to each cell (the time, when
/// measured). `results[c][d]` is configuration `c` at the `d`-th depth of
/// `depths`.
pub fn solved_table(
    configs: &[Config],
    depths: &[u32],
    results: &[Vec<SuiteRun>],
    total: usize,
    extra: impl Fn(usize, usize) -> Option<String>,
) -> Table {
    let titles: Vec<String> = depths.iter().map(|d| format!("depth {d}")).collect();
    let mut columns = vec![("search", Align::Left)];
    columns.extend(titles.iter().map(|t| (t.as_str(), Align::Right)));
    let mut table = Table::new(&columns);
    for (c, config) in configs.iter().enumerate() {
        let mut cells = vec![config.label.to_string()];
        for (d, result) in results[c].iter().enumerate() {
            let mut cell = format!(
                "**{}** of {total}<br>{} nodes",
                result.solved,
                thousands(result.nodes)
            );
            if result.unfinished > 0 {
                cell += &format!("<br>{} ran out", result.unfinished);
            }
            if let Some(more) = extra(c, d) {
                cell += &format!("<br>{more}");
            }
            cells.push(cell);
        }
        table.row(cells);
    }
    table
}

/// Two configurations compared position by position at each depth: how
/// often they choose the same move, and which of them needs fewer nodes
/// for it. `a[d]` and `b[d]` are the runs at the `d`-th depth of `depths`.
pub fn head_to_head_table(
    names: (&str, &str),
    depths: &[u32],
    a: &[SuiteRun],
    b: &[SuiteRun],
) -> Table {
    let fewer_a = format!("{} fewer nodes", names.0);
    let fewer_b = format!("{} fewer nodes", names.1);
    let nodes_a = format!("{} nodes", names.0);
    let nodes_b = format!("{} nodes", names.1);
    let mut table = Table::new(&[
        ("depth", Align::Right),
        ("same move", Align::Right),
        (&fewer_a, Align::Right),
        ("as many", Align::Right),
        (&fewer_b, Align::Right),
        (&nodes_a, Align::Right),
        (&nodes_b, Align::Right),
    ]);
    for (d, depth) in depths.iter().enumerate() {
        let same: Vec<(&Run, &Run)> = a[d]
            .runs
            .iter()
            .zip(&b[d].runs)
            .filter(|(x, y)| x.finished && y.finished && x.best == y.best)
            .collect();
        let count = |keep: fn(u64, u64) -> bool| {
            same.iter().filter(|(x, y)| keep(x.nodes, y.nodes)).count()
        };
        let sum = |pick: fn(&(&Run, &Run)) -> u64| same.iter().map(pick).sum::<u64>();
        table.row([
            depth.to_string(),
            same.len().to_string(),
            count(|x, y| x < y).to_string(),
            count(|x, y| x == y).to_string(),
            count(|x, y| x > y).to_string(),
            thousands(sum(|(x, _)| x.nodes)),
            thousands(sum(|(_, y)| y.nodes)),
        ]);
    }
    table
}

/// The depths of the generated (checked) Win At Chess tables: the deeper
/// ones take too long for the tests and are measured instead.
pub const GENERATED_DEPTHS: [u32; 2] = [2, 3];

/// v0.09 and v0.10, each with its defaults.
pub const GENERATED_CONFIGS: [Config; 2] = [
    Config {
        label: "v0.09",
        searcher: Searcher::V09(&[]),
    },
    Config {
        label: "v0.10",
        searcher: Searcher::V10(&[]),
    },
];

/// The generated Win At Chess table: positions solved at depths 2 and 3.
pub fn generated(root: &Path) -> Result<Vec<Generated>> {
    let problems = read_wac(root)?;
    let results: Vec<Vec<SuiteRun>> = GENERATED_CONFIGS
        .iter()
        .map(|config| {
            GENERATED_DEPTHS
                .iter()
                .map(|&depth| run_suite(&problems, *config, depth, None))
                .collect()
        })
        .collect();
    let solved = solved_table(
        &GENERATED_CONFIGS,
        &GENERATED_DEPTHS,
        &results,
        problems.len(),
        |_, _| None,
    );
    Ok(vec![Generated::new(
        "tables/wac-solved.md",
        format!("{GENERATED_NOTE}{}", solved.render()),
    )])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_best_moves_in_san() {
        let suite = read_suite(
            "r1bqk2r/ppp1nppp/4p3/n5N1/2BPp3/P1P5/2P2PPP/R1BQK2R w KQkq - bm Ba2 Nxf7; id \"WAC.022\";\n",
        )
        .unwrap();
        assert_eq!(suite.len(), 1);
        assert_eq!(suite[0].id, "WAC.022");
        assert_eq!(suite[0].best, ["Ba2", "Nxf7"]);
        assert!(read_suite("8/8/8/8/8/8/8/K6k w - - bm Qd4; id \"x\";\n").is_err());
    }

    #[test]
    fn every_wac_best_move_is_legal() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let suite = read_wac(&root).expect("the suite reads");
        assert_eq!(suite.len(), 300);
    }
}
