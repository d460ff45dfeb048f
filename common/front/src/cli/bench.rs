//! `bench`: the same searches every time, to measure speed.
//!
//! Four positions, from the start to an endgame, are searched to a fixed
//! depth with no log. Each search starts from a fresh game
//! ([`Engine::new_game`]), so that runs repeat exactly: the nodes are the
//! same every time, and only the time varies. With `--repeat R` each
//! position is searched R times and the median time is kept, which a
//! stray slow run does not move.
//!
//! `--trace L` measures what the log costs: the events of levels 1 to L
//! go to a text log that writes its lines and throws them away, so what is
//! measured is making the lines, not printing them:
//!
//! ```text
//! lamosca-v07 bench --depth 4 --repeat 5
//! lamosca-v07 bench --depth 4 --repeat 5 --trace 64
//! ```

use std::io::{self, Write};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use clap::Args;

use super::{depth_parser, trace_parser};
use common::Position;
use common::NULL_MOVE;
use common::START_FEN;
use lamosca_search::deepen::{nodes_per_second, DEFAULT_DEPTH};
use lamosca_search::engine::{Engine, Report, SearchControl};
use lamosca_search::events::Tracer;
use lamosca_search::log::{TextLog, Words};

/// The positions searched, by name: the start; Kiwipete, full of castling,
/// pins and en passant; the Queen's Gambit Declined, Orthodox Defence,
/// after 7...c6, a quiet middlegame; and a rook endgame (the Chess
/// Programming Wiki's perft position 3).
const POSITIONS: [(&str, &str); 4] = [
    ("start", START_FEN),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    (
        "middlegame",
        "r1bq1rk1/pp1nbppp/2p1pn2/3p2B1/2PP4/2N1PN2/PP3PPP/2RQKB1R w K - 0 8",
    ),
    ("endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
];

/// The most runs `--repeat` accepts: enough for any measurement.
const MAX_REPEAT: i64 = 1_000;

/// The arguments of `bench`.
#[derive(Args, Debug)]
pub(super) struct BenchArgs {
    /// How many plies deep to search each position, 1 to 64
    #[arg(long, value_name = "N", default_value_t = DEFAULT_DEPTH, value_parser = depth_parser())]
    depth: u32,

    /// Search each position R times and keep the median time
    #[arg(long, value_name = "R", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=MAX_REPEAT))]
    repeat: u32,

    /// Write the log of levels 1 to L, and throw it away, to measure its cost
    #[arg(long, value_name = "L", default_value_t = 0, value_parser = trace_parser())]
    trace: u32,
}

/// Searches every position and prints a table of nodes, time, speed and
/// move, then the totals.
pub(super) fn run_bench<E: Engine>(
    mut engine: E,
    args: &BenchArgs,
    out: &mut impl Write,
) -> Result<()> {
    // The log of `--trace` is written and thrown away: what it costs is
    // what the bench measures.
    let mut log = TextLog::new(Words::English, io::sink());
    let runs = args.repeat.max(1);
    writeln!(
        out,
        "bench: {}, depth {}, median of {runs} run{}",
        E::NAME,
        args.depth,
        if runs == 1 { "" } else { "s" }
    )?;
    writeln!(
        out,
        "{:<12}{:>12}{:>10}{:>12}  bestmove",
        "position", "nodes", "ms", "nps"
    )?;
    let (mut total_nodes, mut total_time) = (0, Duration::ZERO);
    for (name, fen) in POSITIONS {
        let mut position =
            Position::from_fen(fen).with_context(|| format!("bench position {name}"))?;
        let mut times = Vec::new();
        let mut report = None;
        for _ in 0..runs {
            engine.new_game();
            let started = Instant::now();
            let found = engine.search(
                &mut position,
                args.depth,
                &SearchControl::unlimited(),
                &mut Tracer::new(args.trace, &mut log),
            );
            times.push(started.elapsed());
            report = Some(found);
        }
        let time = median(&mut times);
        let Some(Report { best, nodes, .. }) = report else {
            continue;
        };
        total_nodes += nodes;
        total_time += time;
        let best = best.map_or_else(|| NULL_MOVE.to_string(), |mv| mv.to_string());
        writeln!(
            out,
            "{name:<12}{nodes:>12}{:>10.1}{:>12}  {best}",
            millis(time),
            nodes_per_second(nodes, time)
        )?;
    }
    writeln!(
        out,
        "{:<12}{total_nodes:>12}{:>10.1}{:>12}",
        "total",
        millis(total_time),
        nodes_per_second(total_nodes, total_time)
    )?;
    Ok(())
}

/// The middle time (the upper middle one of an even number).
fn median(times: &mut [Duration]) -> Duration {
    times.sort_unstable();
    times.get(times.len() / 2).copied().unwrap_or_default()
}

/// A time in milliseconds, with fractions.
fn millis(time: Duration) -> f64 {
    time.as_secs_f64() * 1_000.0
}
