//! The v0.07 chapter, NegaMax: the boards and traces of its examples, the
//! log the original page printed set beside ours, the node counts of a
//! full search, and, measured, how fast it and perft run.
//!
//! Everything generated is deterministic: it counts, searches and draws,
//! but never reads a clock. The speed table is timed, so it is measured
//! (`measure speed`) and never checked.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Result};
use common::{perft, Position};
use lamosca_search::events::Tracer;
use lamosca_search::log::{capture, Words};
use lamosca_search::{Engine, SearchControl};
use lamosca_v07::NegaMax;

use crate::chapter::Chapter;
use crate::draw::diagram::{self, Marks};
use crate::draw::stepper;
use crate::files::Generated;
use crate::markdown::{code, folded_text, md, thousands, Align, Fold, Table};
use crate::measure::measured_header;
use crate::searches::position;
use crate::snapshots::{self, Snapshot};

/// The v0.07 chapter in the book.
pub const CHAPTER: Chapter = Chapter {
    page: "v07-negamax.md",
    krate: Some("lamosca-v07"),
    generated: |sources| {
        let mut files = v07_chapter(&sources.snapshots)?;
        files.extend(v07_stepper()?);
        files.push(exercises()?);
        files.extend(crate::sentences::v07(&files)?);
        Ok(files)
    },
    measured: &[("speed", || Ok(vec![speed()]))],
};

/// The four lines of the v0.07 log that the original page quotes: the
/// replies to a2a3, that node's result, the root's moves and its result
/// (LaMoSca v0.07 page, "L'esecuzione del programma").
pub const PUBLISHED_V07: [&str; 4] = [
    "Mosse livello 2: b8a6=4 b8c6=9 g8f6=9 g8h6=4 a7a6=0 a7a5=1 b7b6=1 b7b5=3 c7c6=2 c7c5=5 d7d6=7 d7d5=11 e7e6=7 e7e5=11 f7f6=2 f7f5=5 g7g6=1 g7g5=3 h7h6=0 h7h5=1",
    "Risultato livello 2: Trovata=1, Valore=11",
    "Mosse livello 1: a2a3=-11 a2a4=-10 b2b3=-10 b2b4=-8 c2c3=-9 c2c4=-6 d2d3=-4 d2d4=0 e2e3=-4 e2e4=0 f2f3=-9 f2f4=-6 g2g3=-10 g2g4=-8 h2h3=-11 h2h4=-10 b1a3=-7 b1c3=-2 g1f3=-2 g1h3=-7",
    "Risultato livello 1: Trovata=1, Valore=0, Mossa=d2d4",
];

/// The seed's two-level search from the start, as `search --depth 2`
/// prints it: in English, the statistics and the move after the log.
/// Figure for figure it is the crate's Italian snapshot, which the
/// published lines are compared with: only the words differ.
fn english_startpos(italian: &Snapshot) -> Result<String> {
    let (mut text, report) = capture(Words::English, 2, |tracer| {
        let mut position = Position::from_fen(common::START_FEN).expect("the start position");
        NegaMax::new().search(&mut position, 2, &SearchControl::unlimited(), tracer)
    });
    text.push_str(&report.closing_lines());
    let figures = |text: &str| -> Vec<Vec<String>> { text.lines().map(figures_of).collect() };
    if figures(&text) != figures(&italian.body) {
        bail!(
            "the English log of {} differs from its Italian snapshot",
            italian.name
        );
    }
    Ok(text)
}

/// A log line's moves and numbers, without its words.
fn figures_of(line: &str) -> Vec<String> {
    line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .filter(|token| {
            token.parse::<i64>().is_ok()
                || (token.len() >= 4 && token.chars().any(|c| c.is_ascii_digit()))
        })
        .map(str::to_string)
        .collect()
}

/// The two-level log of the start position with its twenty level-2 blocks
/// folded but the first (after 1.a3) and the eighth (after 1.d4), which
/// the chapter reads; the root's lines and the report stay in view.
fn folded_startpos(text: &str) -> Result<Generated> {
    let root_moves: Vec<&str> = text
        .lines()
        .find_map(|line| line.strip_prefix("Moves level 1: "))
        .ok_or_else(|| anyhow!("the start position's log: no root moves"))?
        .split(' ')
        .map(|entry| entry.split('=').next().unwrap_or(entry))
        .collect();
    // Each first move's node is two lines: its moves and its result.
    let d4 = root_moves
        .iter()
        .position(|&mv| mv == "d2d4")
        .ok_or_else(|| anyhow!("the start position's log: d2d4 is not a root move"))?;
    let blocks = |from: usize, to: usize| Fold {
        lines: 2 * from..2 * to,
        summary: format!(
            "The nodes after {} (blocks {} to {})",
            root_moves[from..to].join(", "),
            from + 1,
            to
        ),
    };
    let folds = [blocks(1, d4), blocks(d4 + 1, root_moves.len())];
    Ok(md("folded/v07-startpos-d2.md", folded_text(text, &folds)?))
}

/// The deepest v0.07 search of the node table.
const V07_TABLE_DEPTH: u32 = 4;

/// Everything the v0.07 chapter shows beyond its included snapshots.
pub fn v07_chapter(snapshots: &[Snapshot]) -> Result<Vec<Generated>> {
    let find = |name| snapshots::find(snapshots, "lamosca-v07", name);
    let italian = find("trace__startpos_d2")?;
    let english = english_startpos(italian)?;
    let mut out = vec![
        published_comparison(italian, &english)?,
        folded_startpos(&english)?,
    ];
    out.push(v07_nodes_table()?);
    for (name, path, title) in [
        (
            "trace__mate_in_one_d2",
            "svg/v07-mate-in-one.svg",
            "A mate in one on the back rank",
        ),
        (
            "trace__stalemate_trap_d2",
            "svg/v07-stalemate-trap.svg",
            "Taking the knight would stalemate Black",
        ),
        (
            "trace__defended_pawn_d2",
            "svg/v07-defended-pawn.svg",
            "The queen can take a pawn that another pawn defends",
        ),
    ] {
        out.push(snapshot_diagram(find(name)?, path, title)?);
    }
    Ok(out)
}

/// The board of a snapshot's position, with the move its search chose.
fn snapshot_diagram(snapshot: &Snapshot, path: &str, title: &str) -> Result<Generated> {
    let fen = snapshot.fen().ok_or_else(|| {
        anyhow!(
            "the description of {}/{} does not start with a FEN",
            snapshot.crate_name,
            snapshot.name
        )
    })?;
    let position = position(fen)?;
    let chosen = snapshot
        .body
        .lines()
        .find_map(|line| line.strip_prefix("bestmove "))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|text| position.parse_move(text).ok());
    let marks = chosen.map_or_else(Marks::none, |mv| Marks::one_move(mv.from, mv.to));
    Ok(Generated::new(
        path,
        diagram::board(&position, title, &marks),
    ))
}

/// The published v0.07 lines, the seed's, beside the same lines of our
/// trace in the original's words and in English.
fn published_comparison(snapshot: &Snapshot, english: &str) -> Result<Generated> {
    let first = |text: &str, prefix: &str| {
        text.lines()
            .find(|line| line.starts_with(prefix))
            .map(str::to_string)
            .ok_or_else(|| anyhow!("no line `{prefix}...` in {}", snapshot.name))
    };
    let ours = [
        first(&snapshot.body, "Mosse livello 2:")?,
        first(&snapshot.body, "Risultato livello 2:")?,
        first(&snapshot.body, "Mosse livello 1:")?,
        first(&snapshot.body, "Risultato livello 1:")?,
    ];
    let in_english = [
        first(english, "Moves level 2:")?,
        first(english, "Result level 2:")?,
        first(english, "Moves level 1:")?,
        first(english, "Result level 1:")?,
    ];
    let mut block = String::from("```text\n");
    let mut differ = Vec::new();
    for (i, ((published, ours), english)) in
        PUBLISHED_V07.iter().zip(ours).zip(in_english).enumerate()
    {
        if i > 0 {
            block.push('\n');
        }
        let _ = writeln!(block, "the seed's: {published}");
        let _ = writeln!(block, "this crate: {ours}");
        let _ = writeln!(block, "in English: {english}");
        if *published != ours {
            differ.push(i + 1);
        }
    }
    block.push_str("```\n");
    let verdict = if differ.is_empty() {
        "The seed's lines and this crate's in the original's words are identical, \
         character for character, in the four pairs.\n"
            .to_string()
    } else {
        let list: Vec<String> = differ.iter().map(ToString::to_string).collect();
        format!("**The pairs {} differ.**\n", list.join(", "))
    };
    Ok(md("tables/v07-published.md", format!("{block}\n{verdict}")))
}

/// The cost of NegaMax from the start position, depth by depth.
fn v07_nodes_table() -> Result<Generated> {
    let mut table = Table::new(&[
        ("depth", Align::Right),
        ("nodes visited", Align::Right),
        ("leaves evaluated", Align::Right),
        ("leaves / leaves one depth less", Align::Right),
        ("move chosen", Align::Left),
        ("value", Align::Right),
    ]);
    let mut previous: Option<u64> = None;
    for depth in 1..=V07_TABLE_DEPTH {
        let report = NegaMax::new().search(
            &mut Position::startpos(),
            depth,
            &SearchControl::unlimited(),
            &mut Tracer::off(),
        );
        let leaves = lamosca_search::statistic(&report.statistics, "leaves evaluated")
            .and_then(lamosca_search::Figure::count)
            .ok_or_else(|| anyhow!("v0.07 no longer reports the leaves it evaluated"))?;
        let Some(best) = report.best else {
            bail!("v0.07 found no move at depth {depth}");
        };
        let growth = previous.map_or("-".to_string(), |p| {
            format!("{:.1}", leaves as f64 / p as f64)
        });
        table.row([
            depth.to_string(),
            thousands(report.nodes),
            thousands(leaves),
            growth,
            code(best),
            report.value.to_string(),
        ]);
        previous = Some(leaves);
    }
    Ok(md("tables/v07-nodes.md", table.render()))
}

/// How many times each measurement is repeated; the fastest run is kept,
/// being the one least disturbed by the rest of the machine.
const RUNS: usize = 5;

/// The depths of the v0.07 search that are timed.
const V07_DEPTHS: [u32; 3] = [3, 4, 5];

/// The depth of the timed perft.
const PERFT_DEPTH: usize = 5;

/// The first lines of the file.
fn header() -> String {
    measured_header(&format!("Each time is the fastest of {RUNS} runs."))
}

/// The fastest of [`RUNS`] runs of `f`, with the last result.
fn fastest<R>(mut f: impl FnMut() -> R) -> (Duration, R) {
    let mut best = Duration::MAX;
    let mut result = None;
    for _ in 0..RUNS {
        let start = Instant::now();
        let r = f();
        best = best.min(start.elapsed());
        result = Some(r);
    }
    (best, result.expect("RUNS is not zero"))
}

fn seconds(time: Duration) -> String {
    format!("{:.3} s", time.as_secs_f64())
}

fn per_second(count: u64, time: Duration) -> String {
    let secs = time.as_secs_f64();
    if secs <= 0.0 {
        return "-".to_string();
    }
    thousands((count as f64 / secs) as u64)
}

/// Times v0.07 and perft from the start position.
pub fn speed() -> Generated {
    let mut table = Table::new(&[
        ("what", Align::Left),
        ("nodes", Align::Right),
        ("time", Align::Right),
        ("nodes per second", Align::Right),
    ]);
    for depth in V07_DEPTHS {
        let (time, report) = fastest(|| {
            NegaMax::new().search(
                &mut Position::startpos(),
                depth,
                &SearchControl::unlimited(),
                &mut Tracer::off(),
            )
        });
        table.row([
            format!("v0.07 NegaMax, depth {depth}"),
            thousands(report.nodes),
            seconds(time),
            per_second(report.nodes, time),
        ]);
    }
    let (time, leaves) = fastest(|| perft(&mut Position::startpos(), PERFT_DEPTH));
    table.row([
        format!("perft {PERFT_DEPTH} (leaves)"),
        thousands(leaves),
        seconds(time),
        per_second(leaves, time),
    ]);
    Generated::new("speed.md", format!("{}{}", header(), table.render()))
}

/// The stepper of the v0.07 chapter: NegaMax's search of the small
/// position whose tree the v0.09 chapter draws.
pub fn v07_stepper() -> Result<Vec<Generated>> {
    stepper::stepper(
        "v07-stepper",
        &[stepper::Search {
            name: "v07-tree",
            fen: crate::draw::tree::TREE_FEN,
            depth: crate::draw::tree::TREE_DEPTH,
            run: stepper::run::<lamosca_v07::NegaMax>,
            options: &[],
        }],
    )
}

/// The answers to the chapter's exercises, from the searches the reader
/// is asked to run.
fn exercises() -> Result<Generated> {
    use crate::markdown::{answers, bestmove};
    use crate::searches::fixed;
    use common::START_FEN;
    let at = |depth| fixed::<NegaMax>(START_FEN, depth, &[]);
    let (one, two, three) = (at(1)?, at(2)?, at(3)?);
    let body = format!(
        "1. Depth 1: {}. Depth 2: {}. Depth 3: {}. Every node is counted \
         once, the root included: at depth 2 that is 1 + 20 + 20 x 20, and \
         at depth 3 it is 1 + 20 + 400 + 8,902, the last being perft 3, \
         every position three plies deep: NegaMax prunes nothing.\n\
         2. At depth 1 the move is {} and the value {}: nobody answers, so a \
         central pawn's push counts its whole bonus. At depth 2 the value is \
         {}, because Black answers with the mirror move and takes the same \
         bonus back; the move stays {} by the order of generation, which \
         decides the tie.\n",
        bestmove(&one),
        bestmove(&two),
        bestmove(&three),
        code(best_of(&one)),
        one.value,
        two.value,
        code(best_of(&two)),
    );
    Ok(md("exercises/v07.md", answers(&body)))
}

/// A report's move as text, `0000` for none.
fn best_of(report: &lamosca_search::Report) -> String {
    report
        .best
        .map_or_else(|| "0000".to_string(), |mv| mv.to_string())
}
