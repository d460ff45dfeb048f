//! The v0.10 chapter, quiescence: the boards of its examples, what the
//! quiescence search costs in nodes and what it changes in the answers,
//! its Win At Chess scores, and the charts of nodes per depth and of the
//! share searched past the horizon. The traces are the crate's snapshots,
//! which the pages include themselves.
//!
//! The small depths are generated and checked; the large ones, with
//! times, are measured (`measure v10`, `measure wac`) into `measured/`.

use std::path::Path;

use anyhow::{anyhow, Result};
use common::Square;

use lamosca_v10_quiescence::DEFAULT_DELTA;

use crate::chapter::{Chapter, Sources};
use crate::draw::chart;
use crate::draw::diagram::{self, Marks, Tint};
use crate::markdown::{folded_text, md, repeats, thousands, Align, Fold, Table};
use std::time::Duration;

use crate::files::{Generated, Workspace};
use crate::measure::{counted, duration, header, time_of, timed, timed_header, Stopwatch};
use crate::searches::{
    nodes_cell, position, runs_by_depth, Config, Run, Searched, POSITIONS, V10_CONFIGS,
};
use crate::snapshots::{self, Snapshot};
use crate::wac;
use crate::wac::{head_to_head_table, read_wac, run_suite, solved_table, SuiteRun};

/// The v0.10 chapter in the book.
pub const CHAPTER: Chapter = Chapter {
    page: "v10-quiescence.md",
    krate: Some("lamosca-v10-quiescence"),
    generated,
    measured: &[("v10", v10), ("wac", wac)],
};

/// Everything the v0.10 chapter shows beyond its included snapshots.
fn generated(sources: &Sources) -> Result<Vec<Generated>> {
    let mut files = v10_chapter(&sources.root, &sources.snapshots)?;
    files.extend(v10_stepper()?);
    files.push(Generated::new(
        "charts/nodes-per-depth.svg",
        chart::generated_nodes_chart("Nodes searched per depth, every version", |_| true)?,
    ));
    files.extend(
        chart::generated_quiescence_chart()?
            .map(|svg| Generated::new("charts/quiescence-share.svg", svg)),
    );
    files.push(exercises()?);
    files.extend(crate::sentences::v10(&files)?);
    files.extend(crate::sentences::v10_numbers(&sources.root)?);
    files.push(crate::replays::v09_horizon(&sources.root)?);
    Ok(files)
}

/// The position of the horizon-effect example: the knight on c3 and the
/// rook on d1 both attack the pawn on d5, which only the queen defends.
pub const RECAPTURE: &str = "3q2k1/5ppp/8/3p4/8/2N5/5PPP/3R2K1 w - - 0 1";

/// A static exchange evaluation example from `see.rs`'s tests: the knight
/// takes a pawn that a bishop defends, and the rook on d1 wins the bishop.
pub const SEE_EXAMPLE: &str = "4k3/8/2b5/3p4/5N2/8/8/3RK3 w - - 0 1";

fn square(name: &str) -> Square {
    Square::parse(name).expect("a square name written in the generator")
}

/// The move a snapshot's report chose: its `bestmove d1d5 ...` line.
fn best_move_of(snapshot: &Snapshot) -> Option<&str> {
    snapshot
        .body
        .lines()
        .find_map(|line| line.strip_prefix("bestmove "))
        .and_then(|rest| rest.split(' ').next())
}

/// Everything the v0.10 chapter shows beyond its included snapshots.
pub fn v10_chapter(root: &Path, snapshots: &[Snapshot]) -> Result<Vec<Generated>> {
    let find = |name| snapshots::find(snapshots, "lamosca-v10-quiescence", name);
    // The arrows are the two versions' answers, read from their traces.
    let recapture = position(RECAPTURE)?;
    let mut marks = Marks::none();
    for name in ["traces__recapture_d2_v09", "traces__recapture_d2_v10"] {
        let text = best_move_of(find(name)?).ok_or_else(|| anyhow!("{name} names no best move"))?;
        let mv = recapture
            .parse_move(text)
            .map_err(|error| anyhow!("{name}: {error}"))?;
        marks.tinted.push((mv.from, Tint::Move));
        marks.tinted.push((mv.to, Tint::Move));
        marks.arrows.push((mv.from, mv.to));
    }
    let see = position(SEE_EXAMPLE)?;
    let mut out = vec![
        Generated::new(
            "svg/v10-recapture.svg",
            diagram::board(
                &recapture,
                "The pawn on d5 is defended by the queen alone; the arrows are v0.09's and v0.10's answers",
                &marks,
            ),
        ),
        Generated::new(
            "svg/v10-see.svg",
            diagram::board(
                &see,
                "Nxd5 Bxd5 Rxd5: a pawn and a bishop for the knight",
                &Marks {
                    tinted: vec![(square("f4"), Tint::Move), (square("d5"), Tint::Move)],
                    arrows: vec![
                        (square("f4"), square("d5")),
                        (square("c6"), square("d5")),
                        (square("d1"), square("d5")),
                    ],
                },
            ),
        ),
    ];
    out.push(folded_horizon(find("traces__recapture_after_nxd5_d1")?)?);
    out.extend(missed_mate(snapshots)?);
    out.extend(v10_generated()?);
    out.extend(wac::generated(root)?);
    Ok(out)
}

/// The quiescence's first log with its repeated stand pat folded: many of
/// White's replies meet the same three lines (a horizon, a stand pat that
/// cuts, its result), which the page shows once.
fn folded_horizon(snapshot: &Snapshot) -> Result<Generated> {
    let text = &snapshot.body;
    let (lines, times) = repeats(text, 3)
        .ok_or_else(|| anyhow!("{}: no block of three lines repeats", snapshot.name))?;
    let folds = [Fold {
        lines,
        summary: format!(
            "The same three lines {times} times more, one for each reply that meets it"
        ),
    }];
    Ok(md("folded/v10-horizon.md", folded_text(text, &folds)?))
}

/// The back-rank mate that LaMoSca's own search misses: `Ra8` mates, and
/// two plies deep the original skips it as illegal.
pub const BACK_RANK: &str = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";

/// The root's moves and their values, from a snapshot's `Moves level 1`
/// line.
fn root_values(snapshot: &Snapshot) -> Result<Vec<(String, String)>> {
    let line = snapshot
        .body
        .lines()
        .find_map(|line| line.strip_prefix("Moves level 1: "))
        .ok_or_else(|| anyhow!("{} has no root line", snapshot.name))?;
    line.split(' ')
        .filter(|item| item.contains('='))
        .map(|item| {
            let (mv, value) = item.split_once('=').expect("an item with '='");
            Ok((mv.to_string(), value.to_string()))
        })
        .collect()
}

/// The missed mate's board, with both modes' answers, and both logs of
/// its root side by side: each move's value in the default mode and in
/// LaMoSca's own.
fn missed_mate(snapshots: &[Snapshot]) -> Result<Vec<Generated>> {
    let find = |name| snapshots::find(snapshots, "lamosca-v10-quiescence", name);
    let default = find("original__back_rank_d2_default")?;
    let original = find("original__back_rank_d2_lamosca")?;
    let (left, right) = (root_values(default)?, root_values(original)?);
    if left
        .iter()
        .map(|(mv, _)| mv)
        .ne(right.iter().map(|(mv, _)| mv))
    {
        return Err(anyhow!("the two modes list different root moves"));
    }
    let mut table = Table::new(&[
        ("move", Align::Left),
        ("default", Align::Right),
        ("`--quiescence lamosca`", Align::Right),
    ]);
    for ((mv, a), (_, b)) in left.iter().zip(&right) {
        table.row(vec![format!("`{mv}`"), a.clone(), b.clone()]);
    }
    let mut answers = Vec::new();
    for snapshot in [default, original] {
        answers.push(
            best_move_of(snapshot).ok_or_else(|| anyhow!("{} names no move", snapshot.name))?,
        );
    }
    table.row(vec![
        "chosen".to_string(),
        format!("`{}`", answers[0]),
        format!("`{}`", answers[1]),
    ]);
    let position = position(BACK_RANK)?;
    let mut marks = Marks::none();
    for text in &answers {
        let mv = position
            .parse_move(text)
            .map_err(|error| anyhow!("{text}: {error}"))?;
        marks.tinted.push((mv.from, Tint::Move));
        marks.tinted.push((mv.to, Tint::Move));
        marks.arrows.push((mv.from, mv.to));
    }
    Ok(vec![
        md(
            "tables/v10-missed-mate.md",
            format!(
                "`{BACK_RANK}`, depth 2: the value of each root move in both modes.\n\n{}",
                table.render()
            ),
        ),
        Generated::new(
            "svg/v10-missed-mate.svg",
            diagram::board(
                &position,
                "Ra8 mates; the arrows are the default mode's answer and LaMoSca v0.10's",
                &marks,
            ),
        ),
    ])
}

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

/// The depths of the measured v0.10 tables (the generated ones stop at
/// 3), and the budget of each search.
const V10_MEASURED: V10Limits = V10Limits {
    first: 4,
    depth: 5,
    budget: 40_000_000,
};

/// The depths Win At Chess is searched to.
pub const WAC_DEPTHS: [u32; 4] = [2, 3, 4, 5];

/// The node budget of each Win At Chess search: LaMoSca's own quiescence,
/// which may not stand pat, can spend far more than this on one position.
const WAC_BUDGET: u64 = 20_000_000;

/// v0.09 against v0.10 with each switch, depths 4 and 5, with times.
pub fn v10() -> Result<Vec<Generated>> {
    let all = v10_all(V10_MEASURED, timed)?;
    let mut files = Vec::new();
    for (name, runs) in &all {
        let table = v10_nodes_table(runs, |d, c| {
            Some(time_of(&runs[d][c])).filter(|t| !t.is_empty())
        });
        files.push(Generated::new(
            &format!("v10-nodes-{}.md", slug(name)),
            format!(
                "{}{}\nEach cell: the nodes, the share of them searched by the quiescence, \
                 the time. A dash: more than {} nodes.\n",
                timed_header(),
                table.render(),
                thousands(V10_MEASURED.budget)
            ),
        ));
    }
    files.push(Generated::new(
        "v10-answers.md",
        format!(
            "{}The move chosen and its value, depth {}:\n\n{}",
            counted(),
            V10_MEASURED.depth,
            v10_answers_table(&all).render()
        ),
    ));
    Ok(files)
}

/// The configurations Win At Chess is searched with: v0.09, and v0.10
/// with each `EGain` and `DELTA` and LaMoSca's quiescence.
fn wac_configs() -> Vec<Config> {
    V10_CONFIGS.to_vec()
}

/// The index in [`V10_CONFIGS`] of `EGain` `form` with the default `DELTA`.
fn default_delta_config(simple: bool) -> Option<usize> {
    let label = format!(
        "{}, Δ {DEFAULT_DELTA}",
        if simple { "simple" } else { "see" }
    );
    V10_CONFIGS.iter().position(|c| c.label == label)
}

/// Win At Chess at depths 2 to 5 with every configuration, with times.
pub fn wac() -> Result<Vec<Generated>> {
    let problems = read_wac(&Workspace::here().root)?;
    let configs = wac_configs();
    let mut results: Vec<Vec<SuiteRun>> = Vec::new();
    let mut times: Vec<Vec<Duration>> = Vec::new();
    for config in &configs {
        let mut row = Vec::new();
        let mut row_times = Vec::new();
        for depth in WAC_DEPTHS {
            let start = Stopwatch::start();
            row.push(run_suite(&problems, *config, depth, Some(WAC_BUDGET)));
            row_times.push(start.elapsed());
            eprintln!(
                "wac: {} depth {depth}: {} solved, {:.1} s",
                config.label,
                row.last().map_or(0, |r| r.solved),
                start.elapsed().as_secs_f64()
            );
        }
        results.push(row);
        times.push(row_times);
    }
    let solved = solved_table(&configs, &WAC_DEPTHS, &results, problems.len(), |c, d| {
        Some(duration(times[c][d]))
    });
    let mut body = format!(
        "{}Each search runs once over the {} positions; the time is the whole suite's. \
         A search that runs out of its budget of {} nodes counts as not solved.\n\n\
         ### Positions solved\n\n{}",
        header(),
        problems.len(),
        thousands(WAC_BUDGET),
        solved.render()
    );
    if let (Some(see), Some(simple)) = (default_delta_config(false), default_delta_config(true)) {
        let head = head_to_head_table(
            ("see", "simple"),
            &WAC_DEPTHS,
            &results[see],
            &results[simple],
        );
        body += &format!(
            "\n### `see` against `simple`, Δ {DEFAULT_DELTA}, position by position\n\n{}",
            head.render()
        );
    }
    Ok(vec![Generated::new("wac.md", body)])
}

/// The position of the v0.10 chapter's stepper: a pawn trade is on the
/// board, so the horizon falls in the middle of captures.
pub const STEPPER_FEN: &str = "4k3/8/3p4/4p3/3P4/2N5/8/4K3 w - - 0 1";

/// The stepper of the v0.10 chapter: v0.10 and v0.09 at the horizon,
/// v0.10 leading, so its quiescence nodes show where v0.09 stops.
pub fn v10_stepper() -> Result<Vec<Generated>> {
    crate::draw::stepper::stepper(
        "v10-stepper",
        &[
            crate::draw::stepper::Search {
                name: "v10-horizon",
                fen: STEPPER_FEN,
                depth: 2,
                run: crate::draw::stepper::run::<lamosca_v10_quiescence::QuiescenceSearch>,
                options: &[],
            },
            crate::draw::stepper::Search {
                name: "v09-horizon",
                fen: STEPPER_FEN,
                depth: 2,
                run: crate::draw::stepper::run::<lamosca_v09::AlphaBeta>,
                options: &[],
            },
        ],
    )
}

/// The answers to the chapter's exercises, from the searches the reader
/// is asked to run.
fn exercises() -> Result<Generated> {
    use crate::markdown::{answers, bestmove};
    use crate::searches::{fixed, KIWIPETE};
    use lamosca_search::OptionValue;
    use lamosca_v09::AlphaBeta;
    use lamosca_v10_quiescence::QuiescenceSearch;
    let v09 = fixed::<AlphaBeta>(KIWIPETE, 3, &[])?;
    let v10 = fixed::<QuiescenceSearch>(KIWIPETE, 3, &[])?;
    let delta_0 = fixed::<QuiescenceSearch>(KIWIPETE, 3, &[("Delta", OptionValue::Spin(0))])?;
    let body = format!(
        "1. v0.09: {}. v0.10: {}. The move is the same, the value is \
         not: v0.09 stops at the horizon while captures are still pending \
         and counts the material won so far; v0.10 plays the captures out \
         past the horizon, and the gain shrinks to what survives Black's \
         own captures.\n\
         2. With `--delta 0`: {}. With no margin for position, a capture \
         whose material alone cannot raise alpha is skipped, so there are \
         fewer quiescence nodes to search.\n",
        bestmove(&v09),
        bestmove(&v10),
        bestmove(&delta_0),
    );
    Ok(md("exercises/v10.md", answers(&body)))
}
