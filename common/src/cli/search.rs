//! `search`: one position searched, with LaMoSca's log.
//!
//! The output is the log of the levels asked for (`--trace`, in English or
//! in the original's Italian with `--words it`), one line of statistics, one
//! line of time, and last the move:
//!
//! ```text
//! Mosse livello 1: a2a3=-11 a2a4=-10 ... g1h3=-7
//! Risultato livello 1: Trovata=1, Valore=0, Mossa=d2d4
//! Statistics: nodes 421, leaves evaluated 400
//! Time: 0.1 ms, nps 4210000
//! bestmove d2d4 value 0 nodes 421
//! ```
//!
//! Only the `Time:` line changes from run to run, so tests and the book
//! filter it out and keep the rest. With `--movetime` the driver deepens
//! ([`crate::deepen`]) and prints an `info` line per finished depth, as UCI
//! does; the nodes are then those of every depth, the other statistics
//! those of the deepest.

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Result;
use clap::{Args, ValueEnum};

use super::{depth_parser, trace_parser, PositionArgs};
use crate::deepen::{deepen, movetime_budget, nodes_per_second, Limits, DEFAULT_DEPTH, MAX_DEPTH};
use crate::engine::{Engine, SearchControl};
use crate::trace::{self, Tracer, Words};
use crate::uci::NULL_MOVE;

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
}

/// Searches and prints the log, the statistics and the move.
pub(super) fn run_search<E: Engine>(
    mut engine: E,
    args: &SearchArgs,
    out: &mut impl Write,
) -> Result<()> {
    let mut position = args.position.position()?;
    trace::install(args.words.into());
    let tracer = Tracer::new(args.trace);
    let started = Instant::now();
    let report = match args.movetime {
        None => {
            let depth = args.depth.unwrap_or(DEFAULT_DEPTH);
            engine.search(&mut position, depth, &SearchControl::unlimited(), &tracer)
        }
        Some(movetime) => {
            let limits = Limits {
                depth: args.depth.unwrap_or(MAX_DEPTH),
                deadline: started.checked_add(movetime_budget(Duration::from_millis(movetime))),
                nodes: None,
            };
            let mut printed = Ok(());
            let no_stop = Arc::new(AtomicBool::new(false));
            let report = deepen(
                &mut engine,
                &mut position,
                &limits,
                &no_stop,
                &tracer,
                |iteration| {
                    if printed.is_ok() {
                        printed = writeln!(out, "{iteration}");
                    }
                },
            );
            printed?;
            report
        }
    };
    let elapsed = started.elapsed();

    write!(out, "Statistics: nodes {}", report.nodes)?;
    for statistic in &report.statistics {
        write!(out, ", {} {}", statistic.label, statistic.value)?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "Time: {:.1} ms, nps {}",
        elapsed.as_secs_f64() * 1_000.0,
        nodes_per_second(report.nodes, elapsed)
    )?;
    let best = report
        .best
        .map_or_else(|| NULL_MOVE.to_string(), |mv| mv.to_string());
    writeln!(
        out,
        "bestmove {best} value {} nodes {}",
        report.value, report.nodes
    )?;
    Ok(())
}
