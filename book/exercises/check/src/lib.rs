//! What the exercises' checks share: a search's log with the path of each
//! line, a step's trace snapshots read back, and the message of a check
//! that fails.
//!
//! A check compares the learner's log with the reference line by line and
//! stops at the first line that differs. The log is written with paths
//! (`search --paths`), so the message can say which node the line belongs
//! to: the moves from the root, as the record names a node. The message
//! ends with the hint the check was given, which names the holes it runs
//! through and the chapter's section that teaches them.

use std::fmt::Write as _;
use std::path::PathBuf;

use common::Position;
use lamosca_search::events::Tracer;
use lamosca_search::log::{TextLog, Words};
use lamosca_search::Report;

/// One line of a log, with the moves from the root to its node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// `[d2d4 b8a6]`, the root's `[]`; empty for the lines after the log.
    pub path: String,
    /// The line as the log prints it.
    pub text: String,
}

/// What a check returns: nothing, or the message of its failure.
pub type Outcome = Result<(), String>;

/// A check, by its name.
pub type Check = (&'static str, fn() -> Outcome);

/// Runs `search` with a tracer that logs levels 1 to `levels` in `words`,
/// and returns the log's lines with their paths, and what `search`
/// returned.
pub fn logged<R>(
    words: Words,
    levels: u32,
    search: impl FnOnce(&mut Tracer<'_>) -> R,
) -> (Vec<Line>, R) {
    let mut log = TextLog::new(words, Vec::new()).with_paths(true);
    let result = search(&mut Tracer::new(levels, &mut log));
    let text = String::from_utf8_lossy(&log.into_inner()).into_owned();
    let lines = text
        .lines()
        .map(|line| {
            match line
                .strip_prefix('[')
                .and_then(|rest| rest.split_once("] "))
            {
                Some((path, text)) => Line {
                    path: format!("[{path}]"),
                    text: text.to_string(),
                },
                None => Line {
                    path: String::new(),
                    text: line.to_string(),
                },
            }
        })
        .collect();
    (lines, result)
}

/// The lines `search` prints after the log, as lines without a node.
pub fn closing(report: &Report) -> Vec<Line> {
    report
        .closing_lines()
        .lines()
        .map(|text| Line {
            path: String::new(),
            text: text.to_string(),
        })
        .collect()
}

/// A line without a node: `...` between a log's opening and its report.
pub fn plain(text: &str) -> Line {
    Line {
        path: String::new(),
        text: text.to_string(),
    }
}

/// The repository's root.
fn root() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../.."))
}

/// The lines of the snapshot `name` of the step crate `krate`
/// (`tests/snapshots/<name>.snap`), without insta's header.
pub fn snapshot(krate: &str, name: &str) -> Vec<String> {
    let path = root()
        .join(krate)
        .join("tests/snapshots")
        .join(format!("{name}.snap"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("reading {}: {error}", path.display()));
    let body = text
        .strip_prefix("---\n")
        .and_then(|rest| rest.split_once("\n---\n"))
        .map_or(text.as_str(), |(_, body)| body);
    body.trim_end().lines().map(str::to_string).collect()
}

/// Compares the learner's log, `actual`, with the `expected` lines (a
/// published log or a snapshot), and on the first line that differs
/// fails with where it is, both lines and the hint.
pub fn same_lines(check: &str, hint: &str, expected: &[String], actual: &[Line]) -> Outcome {
    let Some(at) = (0..expected.len().max(actual.len()))
        .find(|&i| expected.get(i) != actual.get(i).map(|line| &line.text))
    else {
        return Ok(());
    };
    let node = actual
        .get(at)
        .or(actual.last())
        .map_or("[]", |line| line.path.as_str());
    Err(failure(
        check,
        at,
        expected.len(),
        node,
        expected.get(at).map(String::as_str),
        actual.get(at).map(|line| line.text.as_str()),
        hint,
    ))
}

/// Compares the learner's log with the reference search's, both with
/// paths: the first line that differs in its text or its node.
pub fn same_log(check: &str, hint: &str, expected: &[Line], actual: &[Line]) -> Outcome {
    let Some(at) =
        (0..expected.len().max(actual.len())).find(|&i| expected.get(i) != actual.get(i))
    else {
        return Ok(());
    };
    let show = |line: Option<&Line>| line.map(|line| format!("{} {}", line.path, line.text));
    let node = expected
        .get(at)
        .or(actual.get(at))
        .map_or("[]", |line| line.path.as_str());
    Err(failure(
        check,
        at,
        expected.len(),
        node,
        show(expected.get(at)).as_deref(),
        show(actual.get(at)).as_deref(),
        hint,
    ))
}

/// The message of a log that differs at line `at` (from 0).
fn failure(
    check: &str,
    at: usize,
    lines: usize,
    node: &str,
    expected: Option<&str>,
    actual: Option<&str>,
    hint: &str,
) -> String {
    let mut message = format!(
        "check `{check}` failed: the log differs from the reference at line {} of {lines}\n",
        at + 1
    );
    let _ = writeln!(message, "  node:     {node}  (the moves from the root)");
    let _ = writeln!(
        message,
        "  expected: {}",
        expected.unwrap_or("(the log ends before this line)")
    );
    let _ = writeln!(
        message,
        "  actual:   {}",
        actual.unwrap_or("(the log ends before this line)")
    );
    let _ = write!(message, "  hint:     {hint}");
    message
}

/// Fails `check` with `what` and the hint unless `holds`.
pub fn holds(check: &str, hint: &str, holds: bool, what: impl FnOnce() -> String) -> Outcome {
    if holds {
        Ok(())
    } else {
        Err(format!(
            "check `{check}` failed: {}\n  hint:     {hint}",
            what()
        ))
    }
}

/// Fails `check` unless the search left `position` as it found it: the
/// same placement, side, rights and hash.
pub fn restored(check: &str, hint: &str, before: &Position, after: &Position) -> Outcome {
    holds(
        check,
        hint,
        before.to_fen() == after.to_fen() && before.hash() == after.hash(),
        || {
            format!(
                "the search did not leave the position as it found it\n  expected: {}\n  actual:   {}",
                before.to_fen(),
                after.to_fen()
            )
        },
    )
}

/// Panics with the message of a failed check, so that `cargo test` shows
/// it as the test's failure.
pub fn pass(outcome: Outcome) {
    if let Err(message) = outcome {
        panic!("\n{message}\n");
    }
}

/// The first failure among `checks`, run in order, with its name; used to
/// show what a slip does.
pub fn first_failure(checks: &[Check]) -> Option<String> {
    checks.iter().find_map(|(_, check)| check().err())
}

/// The checks run on a slipped step must fail, and the first failure's
/// message must be the one the chapter shows, `failure.txt` in the
/// exercise's folder `dir`. With `EXERCISE_BLESS=1` in the environment the
/// file is written instead.
pub fn shown_failure(dir: &str, checks: &[Check]) {
    let Some(failure) = first_failure(checks) else {
        panic!("the slip passed every check: the checks are too weak to catch it");
    };
    let text = format!("{failure}\n");
    let path = PathBuf::from(dir).join("failure.txt");
    if std::env::var_os("EXERCISE_BLESS").is_some() {
        std::fs::write(&path, &text)
            .unwrap_or_else(|error| panic!("writing {}: {error}", path.display()));
    }
    let shown = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        shown == text,
        "the chapter shows another failure than the slip makes now, in {}:\n{text}\n\
         run the test again with EXERCISE_BLESS=1 to write it",
        path.display()
    );
}
