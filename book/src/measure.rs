//! Timings for the book, measured on demand and never checked.
//!
//! A node count is the same on every machine; a time is not, and not even
//! from one run to the next. So timings are kept apart from the generated
//! files: `cargo run --release -p book -- measure` runs the searches,
//! times them and writes `book/chapters/measured/*.md`. The tests never
//! compare these files with a fresh run; each says so in its first lines,
//! with the machine it was measured on. A debug build would time the
//! debug assertions rather than the engine, so measuring refuses to run
//! in one.

use std::time::{Duration, Instant};

use common::trace::Tracer;
use common::{perft, Engine, Position, SearchControl};
use lamosca_v07::NegaMax;

use crate::generate::Generated;
use crate::markdown::{thousands, Align, Table};
use crate::search_measure::measured_header;

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
                &Tracer::OFF,
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

/// A measurement that can run alone, `measure wac`: its name and what
/// writes its files.
pub type Part = (&'static str, fn() -> anyhow::Result<Vec<Generated>>);

/// Every measurement, in the order a full run takes them.
pub const PARTS: &[Part] = &[
    ("speed", || Ok(vec![speed()])),
    ("v09", crate::search_measure::v09),
    ("v10", crate::search_measure::v10),
    ("wac", crate::search_measure::wac),
    ("v11", crate::chapters::v11::depths),
    ("v11-wac", crate::chapters::v11::wac),
    ("charts", crate::draw::chart::measured_charts),
];

/// Every measured file.
pub fn measure_all() -> anyhow::Result<Vec<Generated>> {
    let mut files = Vec::new();
    for (_, part) in PARTS {
        files.extend(part()?);
    }
    Ok(files)
}
