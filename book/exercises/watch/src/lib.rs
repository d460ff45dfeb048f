//! The exercises' watch mode: run an exercise's checks, show the hole it
//! stands at, wait until a lesson file is saved, and again.
//!
//! The checks are the exercise's own, `cargo test -q -p exercise-v09`, run
//! in the exercises' folder; their last lines say where the learner
//! stands ([`standing`]). The waiting is the `notify` crate's: the
//! system's own file events, no polling.

use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

use notify::{RecursiveMode, Watcher};

/// The steps that have an exercise.
pub const STEPS: [&str; 4] = ["v07", "v09", "v10", "v11"];

/// Where the exercises' checks must run: `book/exercises` of a checkout,
/// which holds their workspace, and two folders up the crates they read.
/// `Err` holds the one line to print when `dir` is not that.
pub fn in_checkout(dir: &Path) -> Result<(), String> {
    let root = dir.join("../..");
    let here = dir.join("Cargo.toml").is_file() && dir.join("holes.toml").is_file();
    let crates = ["common", "lamosca-v07", "lamosca-v09"]
        .iter()
        .all(|krate| root.join(krate).join("Cargo.toml").is_file());
    if here && crates {
        Ok(())
    } else {
        Err(format!(
            "error: run the exercises from book/exercises in a checkout of the repository, \
             not from {}: they build the steps' crates two folders up",
            dir.display()
        ))
    }
}

/// Where the learner stands, from the checks' output: the hole to fill
/// next, the check that fails, or done.
pub fn standing(output: &str) -> String {
    let line = |prefix: &str| output.lines().rev().find(|line| line.starts_with(prefix));
    if let Some(line) = line("next: fill ") {
        return format!("stands at {}", &line["next: fill ".len()..]);
    }
    if let Some(line) = line("all ") {
        return line.to_string();
    }
    if let Some(line) = line("  FAIL  ") {
        let check = line["  FAIL  ".len()..]
            .split(':')
            .next()
            .unwrap_or_default();
        return format!("the check `{check}` fails: its hint above names the holes to look at");
    }
    if output.contains("error[E") || output.contains("error: could not compile") {
        return "the lesson does not compile: the errors are above".to_string();
    }
    "the checks did not run to their end: see above".to_string()
}

/// The checks' output without cargo's closing words on a failed test,
/// which say nothing the checks did not.
pub fn without_cargo_close(output: &str) -> &str {
    output
        .find("error: test failed, to rerun")
        .map_or(output, |at| &output[..at])
}

/// Waits until a file under `dir` changes, then for the burst of events a
/// save makes to end; `None` after `timeout` without a change, or when
/// the folder cannot be watched.
pub fn wait_for_change(dir: &Path, timeout: Duration) -> Option<notify::Result<()>> {
    let (send, receive) = mpsc::channel();
    let mut watcher =
        match notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
            let changed = event.map(|event| !matches!(event.kind, notify::EventKind::Access(_)));
            let _ = send.send(changed);
        }) {
            Ok(watcher) => watcher,
            Err(error) => return Some(Err(error)),
        };
    if let Err(error) = watcher.watch(dir, RecursiveMode::Recursive) {
        return Some(Err(error));
    }
    loop {
        match receive.recv_timeout(timeout) {
            Ok(Ok(true)) => break,
            Ok(Ok(false)) => continue,
            Ok(Err(error)) => return Some(Err(error)),
            Err(_) => return None,
        }
    }
    // An editor's save is several events (write, rename, chmod): let them
    // pass before the checks run.
    while receive.recv_timeout(Duration::from_millis(200)).is_ok() {}
    Some(Ok(()))
}
