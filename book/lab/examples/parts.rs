//! Where the lab's time goes for one request, natively: the search alone
//! (the log at trace 0), the search counted then written into pieces (as
//! `lamosca.keep` makes it), the record's index, a view and a key.
//!
//! ```sh
//! cd book && cargo run --release -p lamosca-lab --example parts -- '{"version": "v09", "depth": 5}'
//! ```

use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use lamosca_lab::run::record_into;
use lamosca_lab::steps::{Pieces, Steps};
use lamosca_lab::{log, Request};

/// The views and keys timed, spread over the record.
const SAMPLES: u32 = 50;

fn timed<T>(work: impl FnOnce() -> Result<T>) -> Result<(T, Duration)> {
    let started = Instant::now();
    let value = work()?;
    Ok((value, started.elapsed()))
}

fn parts(json: &str) -> Result<String> {
    let request = Request::from_json(json)?;
    let mut alone: serde_json::Value = serde_json::from_str(json).context("not JSON")?;
    alone["trace"] = 0.into();
    let alone = Request::from_json(&alone.to_string())?;
    let (_, searched) = timed(|| log(&alone))?;
    let ((pieces, outcome), recorded) = timed(|| record_into::<Pieces>(&request))?;
    let (steps, indexed) = timed(|| Steps::new(pieces))?;
    let every = (steps.len() / SAMPLES).max(1) as usize;
    let (_, viewed) = timed(|| {
        (0..steps.len())
            .step_by(every)
            .try_for_each(|step| steps.view(step, None).map(drop))
    })?;
    let (_, keyed) = timed(|| {
        (0..steps.len()).step_by(every).try_for_each(|step| {
            steps.next("cut", step)?;
            steps.next("swap", step)?;
            let _ = (steps.into_child(step), steps.out(step));
            Ok(())
        })
    })?;
    let samples = steps.len().div_ceil(every as u32);
    Ok(format!(
        "{} nodes, {} steps: search alone {searched:.1?}, counted and written {recorded:.1?}, \
         indexed {indexed:.1?}, a view {:.1?}, four keys {:.1?}",
        outcome.nodes,
        steps.len(),
        viewed / samples,
        keyed / samples,
    ))
}

fn main() -> ExitCode {
    let Some(json) = std::env::args().nth(1) else {
        eprintln!("usage: parts REQUEST (the JSON lamosca.keep takes)");
        return ExitCode::from(2);
    };
    match parts(&json) {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}
