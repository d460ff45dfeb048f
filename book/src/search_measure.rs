//! The deep searches of the v0.09 and v0.10 chapters, and Win At Chess,
//! with their times: `cargo run --release -p book -- measure v09` (or
//! `v10`, or `wac`) writes them into `book/chapters/measured/`.
//!
//! The node counts are as deterministic as the generated ones, only too
//! slow for the tests; the times are not, which is why these files are
//! never checked. The tables have the layout of [`crate::searches`]
//! and [`crate::wac`], with a time added to each cell.

use std::time::{Duration, Instant};

use anyhow::Result;
use lamosca_v10_quiescence::DEFAULT_DELTA;

use crate::generate::{Generated, Workspace};
use crate::markdown::thousands;
use crate::searches::{
    nodes_cell, slug, v09_all, v09_first_move_table, v09_minimal_table, v09_nodes_table, v10_all,
    v10_answers_table, v10_nodes_table, Config, Measured, Run, Runs, Searched, V09Limits,
    V10Limits, V09_GENERATED, V10_CONFIGS,
};
use crate::wac::{head_to_head_table, read_wac, run_suite, solved_table, SuiteRun};

/// The depths of the measured v0.09 tables (depth 4 again, for the times
/// and for v0.07's counts beyond the generator's budget), and v0.07's
/// budget: enough for the middlegame at depth 5 (55 million nodes), not
/// for Kiwipete there (198 million).
const V09_MEASURED: V09Limits = V09Limits {
    first: 4,
    depth: 6,
    v07_budget: 60_000_000,
};

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

/// A search is repeated while all its runs together took less than this,
/// and its fastest run kept: the machine may be busy with something else
/// during any one run.
const REPEAT_BELOW: Duration = Duration::from_secs(3);

/// How many times a quick search runs at most.
const RUNS: usize = 5;

/// The processor time the calling thread has used so far, from Linux's
/// scheduler statistics; `None` where they cannot be read.
fn thread_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

/// Below this, a time is read on the clock: the scheduler's count of
/// processor time moves in steps of a few milliseconds.
const CPU_TIME_FROM: Duration = Duration::from_millis(200);

/// Times a stretch of work. A long one is timed by the processor time of
/// this thread, when the system reports it, so that other programs sharing
/// the machine do not count; a short one by the clock on the wall, which is
/// finer, and which repeating the search (see [`timed`]) keeps honest.
pub(crate) struct Stopwatch {
    wall: Instant,
    cpu: Option<Duration>,
}

impl Stopwatch {
    pub(crate) fn start() -> Stopwatch {
        Stopwatch {
            cpu: thread_cpu_time(),
            wall: Instant::now(),
        }
    }

    pub(crate) fn elapsed(&self) -> Duration {
        let wall = self.wall.elapsed();
        match (self.cpu, thread_cpu_time()) {
            (Some(start), Some(now)) if now.saturating_sub(start) >= CPU_TIME_FROM => {
                now.saturating_sub(start)
            }
            _ => wall,
        }
    }
}

/// The first lines of every measured file: what it is, the machine, and
/// `how` its times were taken.
pub(crate) fn measured_header(how: &str) -> String {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    format!(
        "<!-- Measured by `cargo run --release -p book -- measure`. Times depend on the \
         machine and change from run to run, so the tests never compare this file with a \
         fresh run: measure again to update it. -->\n\
         Measured on {} {}, {threads} hardware threads, release build. {how}\n\n",
        std::env::consts::ARCH,
        std::env::consts::OS,
    )
}

/// The first lines of a file timed by [`Stopwatch`].
pub(crate) fn header() -> String {
    let how = if thread_cpu_time().is_some() {
        format!(
            "A time over {} ms is the processor time of the searching thread (from \
             `/proc/thread-self/schedstat`), so that other programs running meanwhile do \
             not count; a shorter one is read on the clock.",
            CPU_TIME_FROM.as_millis()
        )
    } else {
        "Times are read on the clock.".to_string()
    };
    measured_header(&how)
}

/// [`header`], and how the searches were timed.
fn timed_header() -> String {
    format!(
        "{}A search is repeated until it has run {RUNS} times or for {} s in all, and its \
         fastest time is kept.\n\n",
        header(),
        REPEAT_BELOW.as_secs()
    )
}

/// The first line of a measured file that holds counts only: they do not
/// vary, but take too long for the tests.
const COUNTED: &str = "<!-- Counted by `cargo run --release -p book -- measure`: too slow for \
    the tests, so never compared with a fresh run. -->\n";

/// Runs `f`, repeating it while it is quick, and keeps its fastest time.
fn timed(f: &dyn Fn() -> Run) -> Run {
    let start = Stopwatch::start();
    let mut run = f();
    let mut best = start.elapsed();
    let mut runs = 1;
    while runs < RUNS && start.elapsed() < REPEAT_BELOW {
        let again = Stopwatch::start();
        run = f();
        best = best.min(again.elapsed());
        runs += 1;
    }
    run.time = Some(best);
    run
}

/// A time, in milliseconds below a second.
pub fn duration(time: Duration) -> String {
    let secs = time.as_secs_f64();
    if secs < 1.0 {
        format!("{:.1} ms", secs * 1000.0)
    } else {
        format!("{secs:.2} s")
    }
}

fn time_of(run: &Run) -> String {
    match (run.finished, run.time) {
        (true, Some(time)) => duration(time),
        _ => String::new(),
    }
}

/// v0.07 against v0.09's orderings, depths 4 to 6: the nodes with their
/// times, the first-move cut-offs and the minimal tree, each in its own
/// file to follow the generated table of depths 1 to 4.
pub fn v09() -> Result<Vec<Generated>> {
    let all = v09_all(V09_MEASURED, timed)?;
    let plain: Vec<Searched> = all
        .iter()
        .map(|(name, _, runs)| (*name, runs.clone()))
        .collect();
    let nodes = v09_nodes_table(&plain, |run, _| {
        let time = time_of(run);
        if time.is_empty() {
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
                "{}{}\nA dash: v0.07 did not finish within {} nodes.\n",
                timed_header(),
                nodes.render(),
                thousands(V09_MEASURED.v07_budget)
            ),
        ),
        Generated::new(
            "v09-first-move-cuts.md",
            format!("{COUNTED}{}", v09_first_move_table(&deep).render()),
        ),
        Generated::new(
            "v09-minimal-tree.md",
            format!("{COUNTED}{}", v09_minimal_table(&deep_measured).render()),
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
            "{COUNTED}The move chosen and its value, depth {}:\n\n{}",
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
