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
//! `--record FILE` writes the whole search as a record
//! ([`crate::record`]), every level unless `--record-levels L` bounds it;
//! with `--record -` the record goes to standard output and the rest to
//! standard error. With `--movetime` the driver deepens
//! ([`crate::deepen`]) and prints an `info` line per finished depth, as UCI
//! does; the nodes are then those of every depth, the other statistics
//! those of the deepest.

use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use clap::{Args, ValueEnum};

use serde_json::{Map, Value};
use tracing_subscriber::prelude::*;

use super::{depth_parser, trace_parser, PositionArgs};
use crate::deepen::{deepen, movetime_budget, nodes_per_second, Limits, DEFAULT_DEPTH, MAX_DEPTH};
use crate::engine::{Engine, Report, SearchControl};
use crate::position::Position;
use crate::record::{self, Header, RecordLayer, Recording, SCHEMA};
use crate::trace::{TraceLayer, Tracer, Words};

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
    /// --movetime as deep as the time allows]
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

    /// Write the search's record to FILE as JSON Lines, '-' for standard
    /// output (the log and the move then go to standard error)
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,

    /// Record levels 1 to L only [default: every level]
    #[arg(long, value_name = "L", value_parser = depth_parser(), requires = "record")]
    record_levels: Option<u32>,

    /// Start each log line with the moves from the root to its node
    #[arg(long)]
    paths: bool,
}

impl SearchArgs {
    /// The depth searched: `--depth`, or the default of one search or of
    /// a deepening search.
    fn depth(&self) -> u32 {
        let deepening = if self.movetime.is_some() {
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

    // Step 1. The layers: the text log, and the record when asked for.
    let header = Header {
        schema: SCHEMA,
        version: E::NAME.to_string(),
        fen: position.to_fen(),
        depth: args.depth(),
        options,
    };
    let (tracer, recording) = install_layers(args, &header, record_to_stdout)?;

    // Step 2. The search, once or deepening under `--movetime`.
    let started = Instant::now();
    let report = search(&mut engine, &mut position, args, &tracer, out)?;
    let elapsed = started.elapsed();
    if let Some(recording) = recording {
        recording
            .finish(&report)
            .context("cannot write the record")?;
    }

    // Step 3. The statistics and the move; the time aside, on standard
    // error, since it differs from run to run.
    writeln!(out, "{}", report.statistics_line())?;
    let _ = writeln!(
        io::stderr(),
        "Time: {:.1} ms, nps {}",
        elapsed.as_secs_f64() * 1_000.0,
        nodes_per_second(report.nodes, elapsed)
    );
    writeln!(out, "{}", report.bestmove_line())?;
    Ok(())
}

/// Where `--record` writes: a file, or standard output.
type RecordFile = Box<dyn Write + Send>;

/// Installs the text log (on standard error when `text_aside`) and, with
/// `--record`, the record, which begins with `header`. Returns the tracer
/// that feeds both, down to the deeper of their levels, and the record's
/// handle for its last line.
fn install_layers(
    args: &SearchArgs,
    header: &Header,
    text_aside: bool,
) -> Result<(Tracer, Option<Recording<RecordFile>>)> {
    let record_levels = args.record_levels.unwrap_or(u32::MAX);
    let recording = match &args.record {
        None => None,
        Some(path) => {
            let file = record::output(path)
                .with_context(|| format!("cannot write the record '{}'", path.display()))?;
            Some(RecordLayer::new(file, header, record_levels)?)
        }
    };
    let (record_layer, recording) = recording.unzip();
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let words = args.words.into();
    let text_layer = if text_aside {
        TraceLayer::stderr(words)
    } else {
        TraceLayer::stdout(words)
    };
    let text_layer = text_layer
        .levels(args.trace)
        .with_paths(args.paths)
        .with_filter(filter);
    let _ = tracing_subscriber::registry()
        .with(text_layer)
        .with(record_layer)
        .try_init();
    let shown = if args.record.is_some() {
        args.trace.max(record_levels)
    } else {
        args.trace
    };
    Ok((Tracer::new(shown), recording))
}

/// One search to `--depth`; or, with `--movetime`, a deepening search that
/// prints a line to `out` as each depth finishes.
fn search<E: Engine>(
    engine: &mut E,
    position: &mut Position,
    args: &SearchArgs,
    tracer: &Tracer,
    out: &mut dyn Write,
) -> Result<Report> {
    let Some(movetime) = args.movetime else {
        let control = SearchControl::unlimited();
        return Ok(engine.search(position, args.depth(), &control, tracer));
    };
    let limits = Limits {
        depth: args.depth(),
        deadline: Instant::now().checked_add(movetime_budget(Duration::from_millis(movetime))),
        nodes: None,
    };
    let mut printed = Ok(());
    let no_stop = Arc::new(AtomicBool::new(false));
    let report = deepen(engine, position, &limits, &no_stop, tracer, |iteration| {
        if printed.is_ok() {
            printed = writeln!(out, "{iteration}");
        }
    });
    printed?;
    Ok(report)
}
