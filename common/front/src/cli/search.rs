//! `search`: one position searched, with LaMoSca's log.
//!
//! The output is the log of the levels asked for (`--trace`, in English or
//! in the original's Italian with `--words it`), one line of statistics,
//! and last the move:
//!
//! ```text
//! Mosse livello 1: a2a3=-11 a2a4=-10 ... g1h3=-7
//! Risultato livello 1: Trovata=1, Valore=0, Mossa=d2d4
//! Statistics: nodes 421, leaves evaluated 400
//! bestmove d2d4 value 0 nodes 421
//! ```
//!
//! The time and the speed, `Time: 0.1 ms, nps 4210000`, go to standard
//! error: two runs of one search print the same bytes on standard output,
//! so `diff` between two versions' outputs shows only what differs.
//! `--paths` starts each log line with the moves from the root to its node
//! (`[d2d4 d7d5] Moves level 3: ...`), so that a line can be found in the
//! tree.
//!
//! Why a root move was not chosen is a question for the record, and the
//! book's explorer answers it: `explore v09 --depth 4 --why e2e4`.
//!
//! `--record FILE` writes the whole search as a record
//! ([`lamosca_record`]), every level unless `--record-levels L` bounds it;
//! with `--record -` the record goes to standard output and the rest to
//! standard error. A record stays within
//! [`MAX_RECORD_BYTES`](lamosca_record::MAX_RECORD_BYTES), the most the
//! book's readers open: a search whose record would pass it is stopped,
//! its unfinished record removed, and the error says how to make the
//! search smaller. `FILE` is replaced only if it holds a record: any other
//! file is left as it was, and the search refused. With `--movetime` or `--nodes` the driver deepens
//! ([`lamosca_search::deepen`]) and prints an `info` line per finished
//! depth, as UCI does; the nodes are then those of every depth, the other
//! statistics those of the deepest.

use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{anyhow, Context, Result};
use clap::{Args, ValueEnum};

use common::Position;
use lamosca_record::{self as record, Header, RecordFull, RecordWriter, Recorder};
use lamosca_search::deepen::{
    deepen, movetime_budget, nodes_per_second, Limits, Trace, DEFAULT_DEPTH, MAX_DEPTH,
};
use lamosca_search::engine::{Engine, Report, SearchControl};
use lamosca_search::events::{Both, Tracer};
use lamosca_search::log::{TextLog, Words};
use serde_json::{Map, Value};

use super::{depth_parser, trace_parser, PositionArgs};
use crate::diagnostics::Diagnostics;

/// The level the log goes down to when `--trace` is not given: the root's
/// moves and their replies, as in the original's logs.
const DEFAULT_TRACE: u32 = 2;

/// The language of the log, as the command line names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum Language {
    /// English: `Moves level 1: ...`
    #[value(name = "en", alias = "english")]
    English,
    /// The original's Italian: `Mosse livello 1: ...`
    #[value(name = "it", alias = "italian")]
    Italian,
}

impl From<Language> for Words {
    fn from(language: Language) -> Words {
        match language {
            Language::English => Words::English,
            Language::Italian => Words::Italian,
        }
    }
}

/// The arguments of `search`.
#[derive(Args, Debug)]
pub(super) struct SearchArgs {
    /// How many plies deep to search, 1 to 64 [default: 4, or with
    /// --movetime or --nodes as deep as the time or the nodes allow]
    #[arg(long, value_name = "N", value_parser = depth_parser())]
    depth: Option<u32>,

    #[command(flatten)]
    position: PositionArgs,

    /// Print the log of levels 1 to L, 0 for none
    #[arg(long, value_name = "L", default_value_t = DEFAULT_TRACE, value_parser = trace_parser())]
    trace: u32,

    /// The language of the log
    #[arg(long, value_enum, default_value = "en")]
    words: Language,

    /// Think for MS milliseconds, deepening one depth at a time
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    movetime: Option<u64>,

    /// Visit at most N nodes, deepening one depth at a time; depth 1 is
    /// always finished, and the move is the deepest finished depth's
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,

    /// Write the search's record to FILE as JSON Lines, '-' for standard
    /// output (the log and the move then go to standard error); at most
    /// 256 MiB, and over no file that holds something other than a record
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,

    /// Record levels 1 to L only [default: every level]
    #[arg(long, value_name = "L", value_parser = depth_parser(), requires = "record")]
    record_levels: Option<u32>,

    /// The most bytes the record may take, at most the readers' bound: a
    /// lower one lets a test reach it in a small search
    #[arg(long, value_name = "BYTES", hide = true, default_value_t = record::MAX_RECORD_BYTES,
          value_parser = clap::value_parser!(u64).range(1..=record::MAX_RECORD_BYTES))]
    record_limit: u64,

    /// Start each log line with the moves from the root to its node
    #[arg(long)]
    paths: bool,
}

impl SearchArgs {
    /// The depth searched: `--depth`, or the default of one search or of
    /// a deepening search.
    fn depth(&self) -> u32 {
        let deepening = if self.movetime.is_some() || self.nodes.is_some() {
            MAX_DEPTH
        } else {
            DEFAULT_DEPTH
        };
        self.depth.unwrap_or(deepening)
    }
}

/// Searches and prints the log, the statistics and the move, and writes
/// the record when asked; `options` are the engine's options by UCI name,
/// for the record's header.
pub(super) fn run_search<E: Engine>(
    mut engine: E,
    args: &SearchArgs,
    options: Map<String, Value>,
    out: &mut impl Write,
) -> Result<()> {
    let mut position = args.position.position()?;
    // With the record on standard output, everything else goes aside.
    let record_to_stdout = args
        .record
        .as_ref()
        .is_some_and(|path| path.as_os_str() == record::STDOUT);
    let mut stderr = io::stderr();
    let out: &mut dyn Write = if record_to_stdout { &mut stderr } else { out };

    // Step 1. The listeners: the text log, the record when asked for, and
    // diagnostics when RUST_LOG asks for them.
    let header = Header::of::<E>(&position, args.depth(), options);
    let mut log = text_log(args, record_to_stdout).with_layout(engine.layout(args.depth()));
    // Raised by the recorder when the record is full, to stop the search.
    let stop = Arc::new(AtomicBool::new(false));
    let mut recorder = recorder(args, &header)?.map(|recorder| recorder.stopping(stop.clone()));
    let mut diagnostics = Diagnostics::from_env();

    // Step 2. The search, once or deepening under `--movetime`.
    let started = Instant::now();
    // The tracer shows the deepest level any of them asks for.
    let levels = match (&recorder, &diagnostics) {
        (_, Some(_)) => u32::MAX,
        (Some(_), None) => args.trace.max(args.record_levels.unwrap_or(u32::MAX)),
        (None, None) => args.trace,
    };
    let report = {
        let mut others = Both(&mut recorder, &mut diagnostics);
        let mut listener = Both(&mut log, &mut others);
        let trace = Trace {
            levels,
            listener: Some(&mut listener),
        };
        search(&mut engine, &mut position, args, &stop, trace, out)?
    };
    let elapsed = started.elapsed();
    if let Some(recorder) = recorder {
        if let Err(error) = recorder.finish(&report) {
            return Err(record_error(args, &error));
        }
    }

    // Step 3. The statistics and the move; the time aside, on standard
    // error, since it differs from run to run.
    writeln!(out, "{}", report.statistics_line())?;
    let nps = nodes_per_second(report.nodes, elapsed);
    let ms = elapsed.as_secs_f64() * 1_000.0;
    let _ = writeln!(io::stderr(), "Time: {ms:.1} ms, nps {nps}");
    writeln!(out, "{}", report.bestmove_line())?;
    Ok(())
}

/// The text log `args` ask for, on standard output, or on standard error
/// when the record goes to standard output.
fn text_log(args: &SearchArgs, record_to_stdout: bool) -> TextLog<Box<dyn Write>> {
    let text_out: Box<dyn Write> = if record_to_stdout {
        Box::new(io::stderr())
    } else {
        Box::new(io::stdout())
    };
    TextLog::new(args.words.into(), text_out)
        .levels(args.trace)
        .with_paths(args.paths)
}

/// Where `--record` writes: a file, or standard output.
type RecordFile = Box<dyn Write + Send>;

/// The recorder of `--record`, which has written `header`; none without it.
fn recorder(args: &SearchArgs, header: &Header) -> Result<Option<Recorder<RecordFile>>> {
    let Some(path) = &args.record else {
        return Ok(None);
    };
    let file = record::output(path)
        .with_context(|| format!("cannot write the record '{}'", path.display()))?;
    let levels = args.record_levels.unwrap_or(u32::MAX);
    let writer = RecordWriter::with_limit(file, args.record_limit);
    Ok(Some(Recorder::with_writer(writer, header, levels)?))
}

/// What to say when the record could not be written. A record that
/// reached its bound is removed (a reader would refuse it unfinished), and
/// the message says how to make the search smaller.
fn record_error(args: &SearchArgs, error: &io::Error) -> anyhow::Error {
    let Some(path) = &args.record else {
        return anyhow!("cannot write the record: {error}");
    };
    let name = path.display();
    let Some(RecordFull { limit }) = RecordFull::of(error) else {
        return anyhow!("cannot write the record '{name}': {error}");
    };
    // Only a plain file is removed: never `/dev/null`, a pipe or a link.
    let plain_file = std::fs::symlink_metadata(path).is_ok_and(|metadata| metadata.is_file());
    let left = if path.as_os_str() == record::STDOUT {
        "the record on standard output ends unfinished".to_string()
    } else if plain_file && std::fs::remove_file(path).is_ok() {
        format!("'{name}' was removed")
    } else {
        format!("'{name}' ends unfinished")
    };
    // The readers' bound is the usual one; a lower one is a test's.
    let why = if limit == record::MAX_RECORD_BYTES {
        " (256 MiB), the most the book's explorer and compare open"
    } else {
        ""
    };
    let depth = args.depth();
    let shallower = if depth > 1 {
        format!("less deep (a --depth below {depth}) or ")
    } else {
        String::new()
    };
    anyhow!(
        "the record would pass {limit} bytes{why}, so the search was stopped and {left}: \
         search {shallower}under a node budget (--nodes N), or record fewer levels \
         (--record-levels L)"
    )
}

/// One search to `--depth`; or, with `--movetime` or `--nodes`, a
/// deepening search that prints a line to `out` as each depth finishes.
/// Either stops when `stop` is raised.
fn search<E: Engine>(
    engine: &mut E,
    position: &mut Position,
    args: &SearchArgs,
    stop: &Arc<AtomicBool>,
    trace: Trace<'_>,
    out: &mut dyn Write,
) -> Result<Report> {
    if args.movetime.is_none() && args.nodes.is_none() {
        let control = SearchControl::unlimited().with_stop_flag(Arc::clone(stop));
        let mut nothing = ();
        let listener = trace.listener.unwrap_or(&mut nothing);
        let mut tracer = Tracer::new(trace.levels, listener);
        return Ok(engine.search(position, args.depth(), &control, &mut tracer));
    }
    let budget = |movetime| movetime_budget(Duration::from_millis(movetime));
    let limits = Limits {
        depth: args.depth(),
        deadline: args
            .movetime
            .and_then(|movetime| Instant::now().checked_add(budget(movetime))),
        nodes: args.nodes,
    };
    let mut printed = Ok(());
    let report = deepen(engine, position, &limits, stop, trace, |iteration| {
        if printed.is_ok() {
            printed = writeln!(out, "{iteration}");
        }
    });
    printed?;
    Ok(report)
}
