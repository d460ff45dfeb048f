//! What Kornilov's ideas buy, in time: `cargo run --release -p book --
//! measure v11` writes the time and nodes each version needs to reach
//! depths 4 to 8, and the depth each reaches in one second;
//! `measure v11-wac` writes how many Win At Chess positions each solves in
//! one second; `measure v11-hash` writes the same depths and second for
//! Kornilov's next step, internal deepening on or off times the hash table
//! on or off, and `measure v11-hash-wac` the suite at one second for those
//! four. All go into `book/chapters/measured/`.
//!
//! Both versions are searched as the command-line driver searches them,
//! through [`deepen`]: v0.10 is called once per depth, 1, 2, 3, ...;
//! v0.11 keeps its own clock and is called once, deepening by itself. So a
//! cell "depth 6" is the whole of the work a game would spend to finish
//! depth 6, the shallower iterations included.

mod driver;
mod ladder;

use std::time::{Duration, Instant};

use anyhow::{anyhow, Result};
use common::Move;
use lamosca_search::deepen::{Limits, MAX_DEPTH};
use lamosca_search::events::StepKind;
use lamosca_search::{Engine, Report};
use lamosca_v10_quiescence::QuiescenceSearch;
use lamosca_v11_lazy::LazySearch;

use self::driver::{drive, parse, HASH_MB};
use crate::chapter::Chapter;
use crate::draw::chart::measured_charts;
use crate::files::{Generated, Workspace};
use crate::markdown::{code, thousands, Align, Table};
use crate::measure::{duration, header, measured_header, Stopwatch};
use crate::searches::POSITIONS;
use crate::wac::read_wac;

/// The v0.11 chapter in the book: its traces and diff come from the crate,
/// its stepper and the exercises' answers are generated, the rest is
/// measured.
pub const CHAPTER: Chapter = Chapter {
    page: "v11-lazy.md",
    krate: Some("lamosca-v11-lazy"),
    generated: |sources| {
        let mut files = v11_stepper()?;
        files.extend(ladder::ladder(sources)?);
        files.extend(kornilov_stepper()?);
        files.extend(exercises(sources)?);
        files.extend(crate::sentences::v11(&files)?);
        files.extend(crate::sentences::v11_lazy(&sources.root)?);
        Ok(files)
    },
    measured: &[
        ("v11", depths),
        ("v11-wac", wac),
        ("v11-hash", hash),
        ("v11-hash-wac", hash_wac),
        ("v11-ladder", ladder::times),
        ("charts", measured_charts),
    ],
};

/// The depths the first tables reach for.
const DEPTHS: std::ops::RangeInclusive<u32> = 4..=8;

/// Once one depth of a row took longer than this, the deeper ones are not
/// tried.
const CAP: Duration = Duration::from_secs(10);

/// The time each version gets per position in the one-second tables.
const MOVE_TIME: Duration = Duration::from_secs(1);

/// How the one-second searches are timed: as a game times them.
const CLOCKED: &str = "Each search had its time on the clock on the wall, as in a game, \
    so a busy machine lets it reach less deep.";

/// v0.11's configurations: its defaults, then each idea dropped in turn,
/// then Kornilov's strategic tables in place of LaMoSca's; each with its
/// options, by UCI name and as typed.
const CONFIGURATIONS: [(&str, &[(&str, &str)]); 5] = [
    ("v0.11", &[]),
    ("v0.11 --ideas no-iid", &[("Ideas", "no-iid")]),
    ("v0.11 --ideas no-lazy", &[("Ideas", "no-lazy")]),
    ("v0.11 --ideas no-selective", &[("Ideas", "no-selective")]),
    ("v0.11 --eval kornilov", &[("Eval", "kornilov")]),
];

/// Kornilov's next step: internal deepening on or off, times the table on
/// or off. The first is v0.11 as it is; `--ideas all` keeps the table, of
/// 16 MB when no `--hash` is given.
const HASH_CONFIGURATIONS: [(&str, &[(&str, &str)]); 4] = [
    ("v0.11 (deepening, no table)", &[]),
    (
        "v0.11 --ideas all (deepening and table)",
        &[("Ideas", "all")],
    ),
    ("v0.11 --ideas no-iid (neither)", &[("Ideas", "no-iid")]),
    (
        "v0.11 --ideas all,no-iid (table, no deepening)",
        &[("Ideas", "all,no-iid")],
    ),
];

/// v0.11 with some of its switches set, as typed.
fn v11(options: &[(&str, &str)]) -> LazySearch {
    let mut engine = LazySearch::new();
    for &(name, text) in options {
        // The tables name declared options and values they take only.
        let option = LazySearch::OPTIONS
            .iter()
            .find(|option| option.name == name)
            .expect("a declared option");
        let value = option.parse_value(text).expect("a value it takes");
        engine.set_option(name, value).expect("a declared option");
    }
    engine
}

/// How long `search` takes to reach `depth`, and its report.
fn reach(search: &dyn Fn(&Limits) -> Report, depth: u32) -> (Report, Duration) {
    let stopwatch = Stopwatch::start();
    let report = search(&Limits::depth(depth));
    (report, stopwatch.elapsed())
}

/// What `search` finds with [`MOVE_TIME`] on the clock.
fn in_one_second(search: &dyn Fn(&Limits) -> Report) -> Report {
    search(&Limits {
        depth: MAX_DEPTH,
        deadline: Some(Instant::now() + MOVE_TIME),
        nodes: None,
    })
}

/// One search of a depth table, its nodes and its time; `None` for a
/// depth not tried.
type Cell = Option<(u64, Duration)>;

/// A row of a depth table: the version, and its cells from depth 4 to 8.
type Row = (&'static str, Vec<Cell>);

/// One row of a depth table: the nodes and time of `search` at depths 4
/// to 8, each depth searched afresh from the first; `None` for the depths
/// after one that took longer than [`CAP`].
fn depth_row(search: &dyn Fn(&Limits) -> Report) -> Vec<Cell> {
    let mut row = Vec::new();
    let mut over = false;
    for depth in DEPTHS {
        if over {
            row.push(None);
            continue;
        }
        let (report, time) = reach(search, depth);
        over = time > CAP;
        row.push(Some((report.nodes, time)));
    }
    row
}

/// The table of one position: a row per version, a column per depth.
fn depth_table(rows: &[Row]) -> Table {
    let titles: Vec<String> = DEPTHS.map(|depth| format!("depth {depth}")).collect();
    let mut columns = vec![("version", Align::Left)];
    columns.extend(titles.iter().map(|t| (t.as_str(), Align::Right)));
    let mut table = Table::new(&columns);
    for (label, cells) in rows {
        let mut row = vec![label.to_string()];
        row.extend(cells.iter().map(|cell| match cell {
            Some((nodes, time)) => format!("{}<br>{}", thousands(*nodes), duration(*time)),
            None => "-".to_string(),
        }));
        table.row(row);
    }
    table
}

/// What turning each idea off costs: at the deepest depth every v0.11
/// configuration finished, the nodes of each over those of the defaults.
fn cost_table(positions: &[(&str, Vec<Row>)]) -> Table {
    let mut columns = vec![("configuration", Align::Left)];
    columns.extend(positions.iter().map(|(name, _)| (*name, Align::Right)));
    let mut table = Table::new(&columns);
    // Row 0 of each position is v0.10, row 1 v0.11's defaults.
    for (index, (label, _)) in CONFIGURATIONS.iter().enumerate().skip(1) {
        let mut row = vec![label.to_string()];
        for (_, rows) in positions {
            let v11_rows = &rows[1..];
            let deepest = (0..DEPTHS.clone().count())
                .rev()
                .find(|&d| v11_rows.iter().all(|(_, cells)| cells[d].is_some()));
            row.push(match deepest {
                Some(d) => {
                    let nodes = |r: usize| v11_rows[r].1[d].map_or(0, |(n, _)| n);
                    format!(
                        "{:.1}× at depth {}",
                        nodes(index) as f64 / nodes(0).max(1) as f64,
                        DEPTHS.start() + d as u32
                    )
                }
                None => "-".to_string(),
            });
        }
        table.row(row);
    }
    table
}

/// The time and nodes to reach depths 4 to 8, a table per position, and
/// what each idea saves; then the depth each version reaches in one second.
pub fn depths() -> Result<Vec<Generated>> {
    Ok(vec![
        Generated::new("v11-depths.md", depth_tables()?),
        Generated::new("v11-one-second.md", one_second_table()?),
    ])
}

/// The depth tables of every position, and what each idea saves.
fn depth_tables() -> Result<String> {
    let mut body = format!(
        "{}Each cell: the nodes and the time to finish that depth, deepening from \
         the first (v0.10 by the driver, one depth after another; v0.11 by itself). \
         Each search runs once. A dash: not tried, because the depth before took more \
         than {} s.\n",
        header(),
        CAP.as_secs()
    );
    let mut measured = Vec::new();
    for (name, fen) in POSITIONS {
        let position = parse(fen)?;
        let mut rows = vec![(
            "v0.10",
            depth_row(&|limits| drive(QuiescenceSearch::new(), &position, limits)),
        )];
        for (label, options) in CONFIGURATIONS {
            rows.push((
                label,
                depth_row(&|limits| drive(v11(options), &position, limits)),
            ));
        }
        eprintln!("v11: depths of the {name} position measured");
        body += &format!(
            "\n**{name}** ({})\n\n{}",
            code(fen),
            depth_table(&rows).render()
        );
        measured.push((name, rows));
    }
    body += &format!(
        "\n**What each idea saves.** The nodes of each configuration over those of \
         v0.11's defaults, at the deepest depth all of them finished:\n\n{}",
        cost_table(&measured).render()
    );
    Ok(body)
}

/// The depth and nodes of each version with one second on the clock.
fn one_second_table() -> Result<String> {
    let mut table = Table::new(&[
        ("position", Align::Left),
        ("v0.10 depth", Align::Right),
        ("v0.10 nodes", Align::Right),
        ("v0.11 depth", Align::Right),
        ("v0.11 nodes", Align::Right),
        ("plies gained", Align::Right),
    ]);
    for (name, fen) in POSITIONS {
        let position = parse(fen)?;
        let old = in_one_second(&|limits| drive(QuiescenceSearch::new(), &position, limits));
        let new = in_one_second(&|limits| drive(LazySearch::new(), &position, limits));
        table.row([
            name.to_string(),
            old.depth.to_string(),
            thousands(old.nodes),
            new.depth.to_string(),
            thousands(new.nodes),
            format!("{:+}", i64::from(new.depth) - i64::from(old.depth)),
        ]);
    }
    Ok(format!(
        "{}The deepest depth each version finished in {} s on the clock, and the nodes \
         it searched meanwhile.\n\n{}",
        measured_header(CLOCKED),
        MOVE_TIME.as_secs(),
        table.render()
    ))
}

/// Win At Chess with one second a position, v0.10 against v0.11.
pub fn wac() -> Result<Vec<Generated>> {
    let problems = read_wac(&Workspace::here().root)?;
    let mut solved = [0usize; 2];
    for (number, problem) in problems.iter().enumerate() {
        let answers: [Option<Move>; 2] = [
            in_one_second(&|limits| drive(QuiescenceSearch::new(), &problem.position, limits)).best,
            in_one_second(&|limits| drive(LazySearch::new(), &problem.position, limits)).best,
        ];
        for (count, answer) in solved.iter_mut().zip(answers) {
            if problem.solved_with(answer) {
                *count += 1;
            }
        }
        if (number + 1) % 50 == 0 {
            eprintln!("v11-wac: {} of {} positions", number + 1, problems.len());
        }
    }
    let mut table = Table::new(&[("version", Align::Left), ("solved", Align::Right)]);
    let total = problems.len();
    table.row([
        "v0.10 (deepened by the driver)".to_string(),
        format!("{} of {total}", solved[0]),
    ]);
    table.row(["v0.11".to_string(), format!("{} of {total}", solved[1])]);
    Ok(vec![Generated::new(
        "v11-wac.md",
        format!(
            "{}Each version searched every position for {} s; a position is solved \
             when the move it played is one of the suite's best moves.\n\n{}",
            measured_header(CLOCKED),
            MOVE_TIME.as_secs(),
            table.render()
        ),
    )])
}

/// Kornilov's expectation, measured: the depth tables and the one-second
/// table of the four combinations of internal deepening and hash table.
pub fn hash() -> Result<Vec<Generated>> {
    let mut body = format!(
        "{}Each cell: the nodes and the time to finish that depth, the table ({HASH_MB} MB) \
         made afresh for each search and its making included. Each search runs once. A \
         dash: not tried, because the depth before took more than {} s.\n",
        header(),
        CAP.as_secs()
    );
    let mut deepest_rows = Vec::new();
    for (name, fen) in POSITIONS {
        let position = parse(fen)?;
        let rows: Vec<Row> = HASH_CONFIGURATIONS
            .iter()
            .map(|&(label, options)| {
                (
                    label,
                    depth_row(&|limits| drive(v11(options), &position, limits)),
                )
            })
            .collect();
        eprintln!("v11-hash: depths of the {name} position measured");
        body += &format!(
            "\n**{name}** ({})\n\n{}",
            code(fen),
            depth_table(&rows).render()
        );
        deepest_rows.push((name, rows));
    }
    body += &format!(
        "\n**Against v0.11 as it is.** The nodes of each combination over those of v0.11 \
         without a table, at the deepest depth all four finished:\n\n{}",
        ratio_table(&deepest_rows).render()
    );

    let mut table = Table::new(&[
        ("position", Align::Left),
        ("configuration", Align::Left),
        ("depth", Align::Right),
        ("nodes", Align::Right),
    ]);
    for (name, fen) in POSITIONS {
        let position = parse(fen)?;
        for (label, options) in HASH_CONFIGURATIONS {
            let report = in_one_second(&|limits| drive(v11(options), &position, limits));
            table.row([
                name.to_string(),
                label.to_string(),
                report.depth.to_string(),
                thousands(report.nodes),
            ]);
        }
    }
    let second = format!(
        "{}The deepest depth each combination finished in {} s on the clock, and the \
         nodes it searched meanwhile.\n\n{}",
        measured_header(CLOCKED),
        MOVE_TIME.as_secs(),
        table.render()
    );
    Ok(vec![
        Generated::new("v11-hash-depths.md", body),
        Generated::new("v11-hash-one-second.md", second),
    ])
}

/// Win At Chess with one second a position, for the four combinations of
/// internal deepening and hash table: does the table solve more in the
/// same time? (Twenty minutes of searching.)
pub fn hash_wac() -> Result<Vec<Generated>> {
    let problems = read_wac(&Workspace::here().root)?;
    let mut solved = [0usize; HASH_CONFIGURATIONS.len()];
    for (number, problem) in problems.iter().enumerate() {
        for (count, (_, options)) in solved.iter_mut().zip(HASH_CONFIGURATIONS) {
            let report = in_one_second(&|limits| drive(v11(options), &problem.position, limits));
            if problem.solved_with(report.best) {
                *count += 1;
            }
        }
        if (number + 1) % 50 == 0 {
            eprintln!(
                "v11-hash-wac: {} of {} positions",
                number + 1,
                problems.len()
            );
        }
    }
    let mut table = Table::new(&[("configuration", Align::Left), ("solved", Align::Right)]);
    for ((label, _), count) in HASH_CONFIGURATIONS.iter().zip(solved) {
        table.row([label.to_string(), format!("{count} of {}", problems.len())]);
    }
    Ok(vec![Generated::new(
        "v11-hash-wac.md",
        format!(
            "{}Each combination searched every position for {} s, the table ({HASH_MB} MB) \
             made afresh for each; a position is solved when the move it played is one of \
             the suite's best moves.\n\n{}",
            measured_header(CLOCKED),
            MOVE_TIME.as_secs(),
            table.render()
        ),
    )])
}

/// At the deepest depth every row of a position finished, the nodes of
/// each row over those of the first: a row per configuration, a column
/// per position.
fn ratio_table(positions: &[(&str, Vec<Row>)]) -> Table {
    let mut columns = vec![("configuration", Align::Left)];
    columns.extend(positions.iter().map(|(name, _)| (*name, Align::Right)));
    let mut table = Table::new(&columns);
    let labels: Vec<&str> = positions
        .first()
        .map(|(_, rows)| rows.iter().map(|(label, _)| *label).collect())
        .unwrap_or_default();
    for (index, label) in labels.iter().enumerate().skip(1) {
        let mut row = vec![label.to_string()];
        for (_, rows) in positions {
            let deepest = (0..DEPTHS.clone().count())
                .rev()
                .find(|&d| rows.iter().all(|(_, cells)| cells[d].is_some()));
            row.push(match deepest {
                Some(d) => {
                    let nodes = |r: usize| rows[r].1[d].map_or(0, |(n, _)| n);
                    format!(
                        "{:.2}× at depth {}",
                        nodes(index) as f64 / nodes(0).max(1) as f64,
                        DEPTHS.start() + d as u32
                    )
                }
                None => "-".to_string(),
            });
        }
        table.row(row);
    }
    table
}

/// The position of the v0.11 chapter's stepper: White is a knight and a
/// rook up, so many nodes stand far above beta and the lazy cut fires.
pub const STEPPER_FEN: &str = "6k1/5ppp/8/8/8/2N5/5PPP/3R2K1 w - - 0 1";

/// The stepper of the v0.11 chapter: v0.11's search four plies deep, its
/// internal deepenings and lazy cuts shown at their nodes.
pub fn v11_stepper() -> Result<Vec<Generated>> {
    crate::draw::stepper::stepper(
        "v11-stepper",
        &[crate::draw::stepper::Search {
            name: "v11-lazy",
            fen: STEPPER_FEN,
            depth: 4,
            run: crate::draw::stepper::run::<LazySearch>,
            options: &[],
        }],
    )
}

/// The second stepper of the chapter: v0.11 on the primer's position,
/// eight plies deep, where every idea of the chapter shows in a few hundred
/// nodes: the reduced searches of the internal deepening, lazy cuts,
/// selective stand pats past ply 4, and the scores passed down.
pub const KORNILOV_FEN: &str = crate::chapters::primer::PRIMER_FEN;

/// How deep the second stepper's search goes: the first depth at which the
/// primer's position has a selective stand pat.
pub const KORNILOV_DEPTH: u32 = 8;

/// The second stepper, and where in it each of Kornilov's ideas first shows
/// (`tables/v11-moments.md`), counted in the stepper's own steps.
pub fn kornilov_stepper() -> Result<Vec<Generated>> {
    let mut files = crate::draw::stepper::stepper(
        "v11-kornilov-stepper",
        &[crate::draw::stepper::Search {
            name: "v11-kornilov",
            fen: KORNILOV_FEN,
            depth: KORNILOV_DEPTH,
            run: crate::draw::stepper::run::<LazySearch>,
            options: &[],
        }],
    )?;
    let record = files
        .iter()
        .find(|file| file.path.ends_with("v11-kornilov.js"))
        .ok_or_else(|| anyhow!("no record for the Kornilov stepper"))?;
    let moments = first_moments(&record_events(&record.text)?)?;
    let mut table = Table::new(&[
        ("idea", Align::Left),
        ("first step", Align::Right),
        ("what the step says", Align::Left),
        ("in all", Align::Right),
    ]);
    for moment in &moments {
        table.row(vec![
            moment.idea.to_string(),
            moment.step.to_string(),
            moment.says.clone(),
            moment.count.to_string(),
        ]);
    }
    files.push(crate::markdown::md(
        "tables/v11-moments.md",
        format!(
            "Where each idea first shows in the stepper, `{KORNILOV_FEN}` searched \
             {KORNILOV_DEPTH} plies deep. The stepper shows its count of steps above the moves; \
             Play, or → held down, gets there:\n\n{}",
            table.render()
        ),
    ));
    Ok(files)
}

/// The events of a stepper's record script, header and report included.
fn record_events(script: &str) -> Result<Vec<serde_json::Value>> {
    let start = script
        .find("] = ")
        .ok_or_else(|| anyhow!("not a record script"))?;
    let literal = script[start + 4..].trim_end().trim_end_matches(';');
    let registered: serde_json::Value = serde_json::from_str(literal)?;
    let jsonl = registered["events"]
        .as_str()
        .ok_or_else(|| anyhow!("a record script without its events"))?;
    jsonl
        .lines()
        .map(|line| Ok(serde_json::from_str(line)?))
        .collect()
}

/// One of Kornilov's ideas, as the stepper first shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moment {
    /// The idea, as the chapter names it.
    pub idea: &'static str,
    /// The step, counted from 1 as the stepper counts them.
    pub step: usize,
    /// The event of that step, in words.
    pub says: String,
    /// How many steps of the record show the idea.
    pub count: usize,
}

/// The first step of each idea, in the chapter's order; the steps are the
/// record's events between its header and its report.
pub fn first_moments(events: &[serde_json::Value]) -> Result<Vec<Moment>> {
    let steps = &events[1..events.len().saturating_sub(1)];
    type Test = fn(&serde_json::Value) -> bool;
    type Says = fn(&serde_json::Value) -> String;
    let ideas: [(&str, Test, Says); 4] = [
        (
            "internal deepening: a move handed up",
            |e| e["event"] == StepKind::Deepened.name(),
            |e| {
                format!(
                    "node {}: its search {} plies deep hands up {} worth {}",
                    field(e, "node"),
                    field(e, "depth"),
                    field(e, "move"),
                    field(e, "value")
                )
            },
        ),
        (
            "internal deepening: a node of a reduced search",
            |e| e["event"] == "node" && e["kind"] == "reduced",
            |e| {
                format!(
                    "node {} entered, level {}, kind reduced",
                    field(e, "id"),
                    field(e, "level")
                )
            },
        ),
        (
            "lazy cut",
            |e| e["event"] == StepKind::LazyCut.name(),
            |e| {
                format!(
                    "node {}: score {}, shallow value {}, margin {}, beta {}",
                    field(e, "node"),
                    field(e, "score"),
                    field(e, "value"),
                    field(e, "margin"),
                    field(e, "beta")
                )
            },
        ),
        (
            "selective stand pat",
            |e| e["event"] == StepKind::SelectiveStandPat.name(),
            |e| format!("node {}: {}", field(e, "node"), compact(e)),
        ),
    ];
    let mut moments = Vec::new();
    for (idea, test, says) in ideas {
        let count = steps.iter().filter(|e| test(e)).count();
        let (index, event) = steps
            .iter()
            .enumerate()
            .find(|(_, e)| test(e))
            .ok_or_else(|| anyhow!("the Kornilov stepper shows no {idea}"))?;
        moments.push(Moment {
            idea,
            step: index + 1,
            says: says(event),
            count,
        });
    }
    Ok(moments)
}

/// A field of an event as the table writes it: a string without quotes,
/// `none` for a null.
fn field(event: &serde_json::Value, name: &str) -> String {
    match &event[name] {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Null => "none".to_string(),
        other => other.to_string(),
    }
}

/// An event's fields but its kind and node, as `name value` pairs.
fn compact(event: &serde_json::Value) -> String {
    event
        .as_object()
        .map(|fields| {
            fields
                .iter()
                .filter(|(name, _)| *name != "event" && *name != "node")
                .map(|(name, value)| format!("{name} {value}"))
                .collect::<Vec<_>>()
                .join(", ")
        })
        .unwrap_or_default()
}

/// The answers to the chapter's exercises, from the searches the reader
/// is asked to run.
fn exercises(_: &crate::chapter::Sources) -> Result<Vec<Generated>> {
    use crate::markdown::{answers, bestmove, md};
    use crate::searches::fixed;
    use common::START_FEN;
    /// WAC.001, the first position of Win At Chess.
    const WAC_001: &str = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1";
    let lazy = fixed::<LazySearch>(WAC_001, 4, &[])?;
    let ideas = |list| {
        LazySearch::OPTIONS[0]
            .parse_value(list)
            .map_err(anyhow::Error::msg)
    };
    let no_lazy = fixed::<LazySearch>(WAC_001, 4, &[("Ideas", ideas("no-lazy")?)])?;
    let default = fixed::<LazySearch>(START_FEN, 6, &[])?;
    let no_selective = fixed::<LazySearch>(START_FEN, 6, &[("Ideas", ideas("no-selective")?)])?;
    let body = format!(
        "1. WAC.001 at depth 4: {} with the lazy cuts, {} with `--ideas no-lazy`. \
         The winning queen move stands where a pawn can take it: its \
         shallow search sees only the loss, and the lazy cuts end the lines \
         that would show the mate behind it (the chapter's WAC.001 trace \
         shows them).\n\
         2. From the start at depth 6: {} by default, {} with \
         `--ideas no-selective`, {:.1} times as many nodes.\n",
        bestmove(&lazy),
        bestmove(&no_lazy),
        bestmove(&default),
        bestmove(&no_selective),
        no_selective.nodes as f64 / default.nodes.max(1) as f64,
    );
    Ok(vec![md("exercises/v11.md", answers(&body))])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A row whose depths up to `finished` took `nodes` times the depth.
    fn row(label: &'static str, nodes: u64, finished: u32) -> Row {
        let cells = DEPTHS
            .map(|depth| (depth <= finished).then_some((nodes * u64::from(depth), Duration::ZERO)))
            .collect();
        (label, cells)
    }

    #[test]
    fn compares_each_configuration_with_the_defaults_at_the_deepest_common_depth() {
        let mut rows = vec![row("v0.10", 1_000, 5), row("v0.11", 100, 8)];
        // no-iid doubles the nodes; no-lazy stops after depth 7.
        rows.push(row("v0.11 --ideas no-iid", 200, 8));
        rows.push(row("v0.11 --ideas no-lazy", 100, 7));
        rows.push(row("v0.11 --ideas no-selective", 800, 8));
        rows.push(row("v0.11 --eval kornilov", 50, 8));
        let table = cost_table(&[("start", rows)]).render();
        assert!(
            table.contains("| v0.11 --ideas no-iid | 2.0× at depth 7 |"),
            "{table}"
        );
        assert!(
            table.contains("| v0.11 --ideas no-lazy | 1.0× at depth 7 |"),
            "{table}"
        );
        assert!(
            table.contains("| v0.11 --eval kornilov | 0.5× at depth 7 |"),
            "{table}"
        );
    }

    #[test]
    fn a_position_no_configuration_finished_has_a_dash() {
        let mut rows = vec![row("v0.10", 1_000, 8)];
        rows.extend(CONFIGURATIONS.iter().map(|(label, _)| row(label, 100, 3)));
        let table = cost_table(&[("Kiwipete", rows)]).render();
        assert!(table.contains("| v0.11 --ideas no-iid | - |"), "{table}");
    }

    #[test]
    fn the_ratio_table_compares_each_row_with_the_first() {
        let rows = vec![
            row("no table", 1_000, 8),
            row("table", 500, 8),
            row("slow", 4_000, 6),
        ];
        let table = ratio_table(&[("start", rows)]).render();
        assert!(table.contains("| table | 0.50× at depth 6 |"), "{table}");
        assert!(table.contains("| slow | 4.00× at depth 6 |"), "{table}");
        assert!(!table.contains("| no table |"), "{table}");
    }

    #[test]
    fn a_depth_table_marks_the_depths_not_tried() {
        let table = depth_table(&[row("v0.10", 1_000, 5)]).render();
        assert!(
            table.contains("| v0.10 | 4,000<br>0.0 ms | 5,000<br>0.0 ms | - | - | - |"),
            "{table}"
        );
    }
}
