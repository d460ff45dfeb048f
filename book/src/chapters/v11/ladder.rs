//! The v0.11 chapter's ladder: v0.10, then one of Kornilov's ideas more a
//! row, in the order of `--ideas` (`tables/v11-ladder.md`); and for each
//! idea's section its own two rows, the rung before and its own, with the
//! first lines where the log of the rung before and its own part
//! (`tables/v11-idea-NAME.md`). Its times are measured apart, `measure
//! v11-ladder` (`measured/v11-ladder-times.md`).

use anyhow::Result;
use lamosca_search::deepen::{Limits, MAX_DEPTH};
use lamosca_search::events::Tracer;
use lamosca_search::log::{TextLog, Words};
use lamosca_search::{Engine, SearchControl};
use lamosca_v11_lazy::{Ideas, LazySearch};
use similar::TextDiff;

use super::driver::{drive, parse, HASH_MB};
use crate::files::Generated;
use crate::markdown::{md, thousands, Align, Table};
use crate::measure::{duration, header, Stopwatch};
use crate::wac::read_wac;

/// The ladder's positions: the start, the perft suites' rook endgame and
/// v0.10's pawn that a knight and a rook attack twice (the sentences of
/// [`rung_sentence`] name them in this order).
const LADDER_POSITIONS: [(&str, &str); 3] = [
    ("start", common::START_FEN),
    ("rook endgame", ROOK_ENDGAME),
    (
        "pawn attacked twice",
        "3q2k1/5ppp/8/3p4/8/2N5/5PPP/3R2K1 w - - 0 1",
    ),
];

/// The perft suites' rook endgame: few moves, so its logs stay short.
const ROOK_ENDGAME: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";

/// A knight and a king against a lone king: no mate, so a draw by the
/// rules at every node.
const KNIGHT: &str = "8/8/4k3/8/8/3NK3/8/8 w - - 0 1";

/// The ladder's depth: the first at which the selective stand pat, from
/// ply 5 on, can show.
const LADDER_DEPTH: u32 = 6;

/// The node budget of each Win At Chess position in the ladder: enough for
/// v0.10 to finish depth 3 on most, small enough for the book's tests to
/// search the suite once a row.
const LADDER_BUDGET: u64 = 5_000;

/// Where each idea's section compares the logs: the idea, the position's
/// name and FEN, and the depth, the least at which the idea shows there
/// (the selective stand pat from ply 5, a draw at once).
const IDEA_LOGS: [(&str, &str, &str, u32); 8] = [
    ("order", "the rook endgame", ROOK_ENDGAME, 4),
    ("fail-soft", "the rook endgame", ROOK_ENDGAME, 4),
    ("draws", "a knight against a lone king", KNIGHT, 2),
    ("iid", "the rook endgame", ROOK_ENDGAME, 4),
    ("lazy", "the rook endgame", ROOK_ENDGAME, 4),
    ("selective", "the rook endgame", ROOK_ENDGAME, 6),
    ("incremental", "the rook endgame", ROOK_ENDGAME, 6),
    ("table", "the rook endgame", ROOK_ENDGAME, 4),
];

/// Lines of the logs kept before the first that differs.
const LOG_CONTEXT: usize = 2;

/// Lines of each log compared from the first that differs: enough to see
/// the change begin, few enough to read.
const LOG_WINDOW: usize = 8;

/// The ladder (`tables/v11-ladder.md`), with the nodes of a search to
/// [`LADDER_DEPTH`] as `search --depth 6` runs it, and the Win At Chess
/// positions solved with [`LADDER_BUDGET`] nodes each, as `search --nodes
/// 5000` runs them; the table with a size, [`HASH_MB`]. Then each idea's
/// rows and log (`tables/v11-idea-NAME.md`).
pub fn ladder(sources: &crate::chapter::Sources) -> Result<Vec<Generated>> {
    let rows = ladder_rows(sources)?;
    let mut whole = ladder_table();
    for row in &rows {
        whole.row(row.clone());
    }
    let mut files = vec![md("tables/v11-ladder.md", whole.render())];
    for (n, &(idea, place, fen, depth)) in IDEA_LOGS.iter().enumerate() {
        debug_assert_eq!(idea, Ideas::NAMES[n]);
        let mut own = ladder_table();
        for rung in [n, n + 1] {
            own.row(std::iter::once(rung_label(rung)).chain(rows[rung][1..].iter().cloned()));
        }
        let text = format!(
            "{}\n\n{}\n{}",
            rung_sentence(idea, &rows[n], &rows[n + 1]),
            own.render(),
            idea_log(n + 1, place, fen, depth)?
        );
        files.push(md(&format!("tables/v11-idea-{idea}.md"), text));
    }
    Ok(files)
}

/// What `idea` buys on the ladder, from its row and the row before: the
/// share of the nodes it leaves in each position, or that it changes none.
fn rung_sentence(idea: &str, before: &[String], after: &[String]) -> String {
    let lead = format!("**Its rung of the ladder.** `{idea}` added to the ideas before it");
    let nodes = |cell: &String| cell.replace(',', "").parse::<f64>().unwrap_or(f64::NAN);
    let positions = LADDER_POSITIONS.len();
    if before[1..=positions] == after[1..=positions] {
        return format!("{lead} changes no node count in the ladder's positions:");
    }
    let share = |i: usize| 100.0 * nodes(&after[i]) / nodes(&before[i]);
    format!(
        "{lead} leaves, six plies deep, {:.0}% of the nodes from the start, {:.0}% in the \
         rook endgame and {:.0}% in the position with a pawn attacked twice:",
        share(1),
        share(2),
        share(3)
    )
}

/// The ladder's columns: the ideas, each position's nodes, the suite.
fn ladder_table() -> Table {
    let budget = format!("Win At Chess, {} nodes", thousands(LADDER_BUDGET));
    let mut columns = vec![("ideas", Align::Left)];
    columns.extend(
        LADDER_POSITIONS
            .iter()
            .map(|(name, _)| (*name, Align::Right)),
    );
    columns.push((&budget, Align::Right));
    Table::new(&columns)
}

/// The ladder's rows, v0.10's first.
fn ladder_rows(sources: &crate::chapter::Sources) -> Result<Vec<Vec<String>>> {
    let problems = read_wac(&sources.root)?;
    let names = Ideas::NAMES;
    let mut rows = Vec::new();
    for n in 0..=names.len() {
        let label = match n {
            0 => "v0.10 (`--ideas none`)".to_string(),
            n if n == names.len() => format!("+ `{}` ({HASH_MB} MB)", names[n - 1]),
            n => format!("+ `{}`", names[n - 1]),
        };
        let mut row = vec![label];
        for (_, fen) in LADDER_POSITIONS {
            let control = SearchControl::unlimited();
            let mut position = parse(fen)?;
            let report = rung(n)?.search(&mut position, LADDER_DEPTH, &control, &mut Tracer::off());
            row.push(thousands(report.nodes));
        }
        let limits = Limits {
            depth: MAX_DEPTH,
            deadline: None,
            nodes: Some(LADDER_BUDGET),
        };
        let mut solved = 0;
        for problem in &problems {
            let report = drive(rung(n)?, &problem.position, &limits);
            solved += usize::from(problem.solved_with(report.best));
        }
        row.push(format!("{solved} of {}", problems.len()));
        rows.push(row);
    }
    Ok(rows)
}

/// v0.11 with the first `n` of Kornilov's ideas, the table, the last, of
/// its default size.
fn rung(n: usize) -> Result<LazySearch> {
    let mut engine = LazySearch::new();
    engine.switches.ideas = Ideas::first(n);
    Ok(engine)
}

/// The `--ideas` list of the first `n` ideas: `none`, `order`,
/// `order,fail-soft`, ...
fn list(n: usize) -> String {
    match n {
        0 => "none".to_string(),
        n => Ideas::NAMES[..n].join(","),
    }
}

/// Rung `n` as its switch: `--ideas order,fail-soft`.
fn rung_label(n: usize) -> String {
    format!("`--ideas {}`", list(n))
}

/// The log of rung `n - 1` against rung `n`, searching `fen` to `depth`
/// with every level traced: the command that prints each, and the first
/// lines where they part as a diff, or that they never do.
fn idea_log(n: usize, place: &str, fen: &str, depth: u32) -> Result<String> {
    let command = |list: &str| {
        format!(
            "cargo run --release -p lamosca-v11-lazy -- search --ideas {list} \
             --depth {depth} --trace {depth} --paths --fen \"{fen}\""
        )
    };
    let (before, after) = (log(n - 1, fen, depth)?, log(n, fen, depth)?);
    let mut text = format!(
        "The log of {place}, {depth} plies deep, without the idea and with it:\n\n\
         ```sh\n{}\n{}\n```\n\n",
        command(&list(n - 1)),
        command(&list(n)),
    );
    text += &match first_parting(&before, &after) {
        None => "The two logs are the same, line for line.\n".to_string(),
        Some(diff) => format!(
            "Where they first part (`-` without the idea, `+` with it):\n\n```diff\n{diff}```\n"
        ),
    };
    Ok(text)
}

/// The log, every level and each line's path, of rung `n` searching `fen`
/// to `depth`, as the command prints it.
fn log(n: usize, fen: &str, depth: u32) -> Result<String> {
    let mut engine = rung(n)?;
    let mut position = parse(fen)?;
    let layout = engine.layout(depth);
    let mut log = TextLog::new(Words::English, Vec::new())
        .with_layout(layout)
        .with_paths(true);
    let control = SearchControl::unlimited();
    engine.search(
        &mut position,
        depth,
        &control,
        &mut Tracer::new(depth, &mut log),
    );
    Ok(String::from_utf8(log.into_inner())?)
}

/// The first change between two logs, as a unified diff of the
/// [`LOG_WINDOW`] lines of each from there, with [`LOG_CONTEXT`] lines
/// before it; `None` when they are the same.
fn first_parting(before: &str, after: &str) -> Option<String> {
    let (old, new): (Vec<&str>, Vec<&str>) = (before.lines().collect(), after.lines().collect());
    let first = old.iter().zip(&new).position(|(a, b)| a != b);
    let first = first.or((old.len() != new.len()).then(|| old.len().min(new.len())))?;
    let from = first.saturating_sub(LOG_CONTEXT);
    let window = |lines: &[&str]| -> String {
        let end = (first + LOG_WINDOW).min(lines.len());
        lines[from..end]
            .iter()
            .map(|line| format!("{line}\n"))
            .collect()
    };
    let (old, new) = (window(&old), window(&new));
    let diff = TextDiff::from_lines(&old, &new);
    let hunk = diff
        .unified_diff()
        .context_radius(LOG_CONTEXT)
        .iter_hunks()
        .next()?;
    // The hunk's lines, without its `@@` header, whose numbers count from
    // the window rather than from the log; `...` where the logs go on.
    let mut text: String = hunk
        .to_string()
        .lines()
        .skip(1)
        .map(|line| format!("{line}\n"))
        .collect();
    text += "...\n";
    Some(text)
}

/// Runs of each search whose median [`times`] keeps.
const RUNS: usize = 3;

/// The ladder's time column (`measure v11-ladder`, into
/// `measured/v11-ladder-times.md`): the time each rung takes to search
/// each of the ladder's positions to [`LADDER_DEPTH`], the median of
/// [`RUNS`] runs. Times only: the ladder's node counts are generated.
pub fn times() -> Result<Vec<Generated>> {
    let mut columns = vec![("ideas", Align::Left)];
    columns.extend(
        LADDER_POSITIONS
            .iter()
            .map(|(name, _)| (*name, Align::Right)),
    );
    let mut table = Table::new(&columns);
    for n in 0..=Ideas::NAMES.len() {
        let mut row = vec![rung_label(n)];
        for (_, fen) in LADDER_POSITIONS {
            let mut runs = Vec::new();
            for _ in 0..RUNS {
                let (mut engine, mut position) = (rung(n)?, parse(fen)?);
                let stopwatch = Stopwatch::start();
                let control = SearchControl::unlimited();
                engine.search(&mut position, LADDER_DEPTH, &control, &mut Tracer::off());
                runs.push(stopwatch.elapsed());
            }
            runs.sort();
            row.push(duration(runs[RUNS / 2]));
        }
        table.row(row);
    }
    let body = format!(
        "{}The time of each rung of the chapter's ladder to search each position \
         {LADDER_DEPTH} plies deep, as `search --depth {LADDER_DEPTH}` does, the median \
         of {RUNS} runs; the table's rung with its default {HASH_MB} MB.\n\n{}",
        header(),
        table.render()
    );
    Ok(vec![Generated::new("v11-ladder-times.md", body)])
}
