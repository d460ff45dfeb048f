//! How fast a record opens and the explorer answers, without a terminal:
//! opens the record (building its index) several times, then plays a
//! script of keys on the explorer, drawing each screen on ratatui's
//! `TestBackend` at 80x24, and prints the medians.
//!
//! ```text
//! cargo run --release -p lamosca-explorer --example big_record -- /tmp/big.jsonl
//! cargo run --release -p lamosca-explorer --example record_timing -- /tmp/big.jsonl ['KEYS']
//! ```
//!
//! The keys are those of `explore`, in [`Key::script`]'s notation; the
//! default script walks down and up the tree, across siblings, through
//! events and to the next cuts and swaps.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use lamosca_explorer::explorer::{draw, Explorer, Key};
use lamosca_reader::Record;
use ratatui::backend::TestBackend;
use ratatui::Terminal;

/// How many times the record is opened, for a median.
const OPENINGS: usize = 5;

/// The default key script: down the first line, out, across the root's
/// children and back, step through events, jump to cuts and swaps, and a
/// path from the root.
const SCRIPT: &str =
    "llllllhhhhhhnnnnnnnnnnppppppppppjjjjjjjjjjkkkkkkkkkkccccccccccsssssssssslllnnnnhhh\
                      ge2e4 e7e5<enter>jjjjjjjjjjcccccsssss";

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next().map(PathBuf::from) else {
        eprintln!("usage: record_timing FILE [KEYS]");
        return ExitCode::from(2);
    };
    let script = args.next().unwrap_or_else(|| SCRIPT.to_string());
    match measure(&path, &script) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(2)
        }
    }
}

fn measure(path: &std::path::Path, script: &str) -> Result<(), Box<dyn std::error::Error>> {
    let mut openings = Vec::new();
    let mut record = None;
    for _ in 0..OPENINGS {
        let started = Instant::now();
        record = Some(Record::open(path)?);
        openings.push(started.elapsed());
    }
    let record = record.ok_or("no opening")?;
    println!(
        "{}: {} events, {} nodes, {} bytes",
        path.display(),
        record.events(),
        record.node_count(),
        record.size()
    );
    println!(
        "open (index build), median of {OPENINGS}: {:.1} ms (min {:.1}, max {:.1})",
        millis(median(&mut openings)),
        millis(*openings.iter().min().unwrap_or(&Duration::ZERO)),
        millis(*openings.iter().max().unwrap_or(&Duration::ZERO)),
    );

    let mut terminal = Terminal::new(TestBackend::new(80, 24))?;
    let mut explorer = Explorer::new(&record)?;
    terminal.draw(|frame| draw(frame, &explorer))?;
    let mut keys = Vec::new();
    for key in Key::script(script) {
        let started = Instant::now();
        explorer.press(key)?;
        terminal.draw(|frame| draw(frame, &explorer))?;
        keys.push(started.elapsed());
    }
    let count = keys.len();
    let slowest = keys.iter().max().copied().unwrap_or(Duration::ZERO);
    println!(
        "keys (press and draw at 80x24), {count} keys: median {:.3} ms, max {:.3} ms",
        millis(median(&mut keys)),
        millis(slowest)
    );
    let landed = explorer.node().map_or(0, |node| node.id);
    println!(
        "the script ends at node {landed}, byte {}",
        explorer.cursor()
    );
    Ok(())
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times
        .get(times.len() / 2)
        .copied()
        .unwrap_or(Duration::ZERO)
}

fn millis(time: Duration) -> f64 {
    time.as_secs_f64() * 1_000.0
}
