//! The runner of an exercise's checks: its `tests/checks.rs` is a test
//! without libtest's harness whose `main` calls [`run`].
//!
//! The checks run one after the other in the order of the holes, in this
//! one thread, and the run stops at the first that fails: a learner sees
//! the first hole that is empty or wrong, and nothing else, whatever the
//! machine's threads. A `todo!()` a check reaches is told in a few lines
//! of its own, the backtrace (when `RUST_BACKTRACE` asks for one) after
//! them.

use std::backtrace::{Backtrace, BacktraceStatus};
use std::panic::{self, AssertUnwindSafe};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;

use crate::holes::Exercise;
use crate::{Check, Outcome};

/// A check's panic, as the hook saw it.
#[derive(Clone, Debug)]
struct Panicked {
    message: String,
    location: String,
    backtrace: Option<String>,
}

/// The last panic's, written by the hook and read after `catch_unwind`.
static LAST_PANIC: Mutex<Option<Panicked>> = Mutex::new(None);

/// Keeps each panic's message, place and backtrace for the report
/// instead of printing them.
fn keep_panics() {
    panic::set_hook(Box::new(|info| {
        let message = info
            .payload_as_str()
            .unwrap_or("a panic without a message")
            .to_string();
        let location = info.location().map_or(String::new(), |location| {
            format!("{}:{}", location.file(), location.line())
        });
        let backtrace = Backtrace::capture();
        let backtrace =
            (backtrace.status() == BacktraceStatus::Captured).then(|| backtrace.to_string());
        *LAST_PANIC.lock().unwrap_or_else(|e| e.into_inner()) = Some(Panicked {
            message,
            location,
            backtrace,
        });
    }));
}

/// What one check came to.
enum Verdict {
    Pass,
    Fail(String),
    Panic(Panicked),
}

/// Runs `check`, catching its panic.
fn verdict(check: fn() -> Outcome) -> Verdict {
    match panic::catch_unwind(AssertUnwindSafe(check)) {
        Ok(Ok(())) => Verdict::Pass,
        Ok(Err(message)) => Verdict::Fail(message),
        Err(_) => Verdict::Panic(
            LAST_PANIC
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .take()
                .unwrap_or(Panicked {
                    message: "a panic the hook did not hear".to_string(),
                    location: String::new(),
                    backtrace: None,
                }),
        ),
    }
}

/// The hole a `todo!()`'s message names: `hole 2 of 4, fail_high`.
fn hole_of(message: &str) -> Option<&str> {
    let rest = message.strip_prefix("not yet implemented: ")?;
    let end = rest.find(':')?;
    rest.starts_with("hole ").then(|| &rest[..end])
}

/// The lines that tell a panic: the message and its place, a closing
/// line that names the hole when it is a `todo!()`, then the backtrace.
fn tell_panic(name: &str, panicked: &Panicked, passed: usize, total: usize) -> String {
    let mut text = match hole_of(&panicked.message) {
        Some(_) => format!("  stop  {name}: it reached a hole still empty\n\n"),
        None => format!("  FAIL  {name}: it panicked\n\n"),
    };
    text += &format!("{}\n  at {}\n\n", panicked.message, panicked.location);
    text += &match hole_of(&panicked.message) {
        Some(hole) => format!("next: fill {hole} ({passed} of {total} checks pass)\n"),
        None => format!(
            "{passed} of {total} checks pass; the holes before this check are numbered first\n"
        ),
    };
    if let Some(backtrace) = &panicked.backtrace {
        text += &format!("\nbacktrace (RUST_BACKTRACE is set):\n{backtrace}");
    }
    text
}

/// Runs `checks` of `exercise` in order and reports as the module says;
/// with `slip`, instead requires that they fail as the chapter shows
/// ([`shown_failure`]).
pub fn run(exercise: &Exercise, checks: &[Check], slip: bool) -> ExitCode {
    keep_panics();
    if slip {
        return shown_failure(&exercise.crate_name(), checks);
    }
    let total = checks.len();
    println!(
        "{}: {total} checks, in the order of its holes",
        exercise.crate_name()
    );
    for (passed, (name, check)) in checks.iter().enumerate() {
        match verdict(*check) {
            Verdict::Pass => println!("  ok    {name}"),
            Verdict::Fail(message) => {
                println!("  FAIL  {name}\n\n{message}\n\n{passed} of {total} checks pass");
                return ExitCode::FAILURE;
            }
            Verdict::Panic(panicked) => {
                print!("{}", tell_panic(name, &panicked, passed, total));
                return ExitCode::FAILURE;
            }
        }
    }
    println!(
        "all {total} checks pass: {} is built",
        exercise.crate_name()
    );
    ExitCode::SUCCESS
}

/// The first failure among `checks`, run in order: a failed check's
/// message, or a panic's.
fn first_failure(checks: &[Check]) -> Option<String> {
    checks.iter().find_map(|(_, check)| match verdict(*check) {
        Verdict::Pass => None,
        Verdict::Fail(message) => Some(message),
        Verdict::Panic(panicked) => Some(format!("{} at {}", panicked.message, panicked.location)),
    })
}

/// The checks run on a slipped step must fail, and the first failure's
/// message must be the one the chapter shows, `failure.txt` in the
/// exercise's folder. With `EXERCISE_BLESS=1` in the environment the file
/// is written instead.
fn shown_failure(krate: &str, checks: &[Check]) -> ExitCode {
    let Some(failure) = first_failure(checks) else {
        eprintln!("the slip passed every check: the checks are too weak to catch it");
        return ExitCode::FAILURE;
    };
    let text = format!("{failure}\n");
    let path = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .join(krate)
        .join("failure.txt");
    if std::env::var_os("EXERCISE_BLESS").is_some() {
        if let Err(error) = std::fs::write(&path, &text) {
            eprintln!("writing {}: {error}", path.display());
            return ExitCode::FAILURE;
        }
    }
    let shown = std::fs::read_to_string(&path).unwrap_or_default();
    if shown != text {
        eprintln!(
            "the chapter shows another failure than the slip makes now, in {}:\n{text}\n\
             run the test again with EXERCISE_BLESS=1 to write it",
            path.display()
        );
        return ExitCode::FAILURE;
    }
    println!("the slip is caught, with the message the chapter shows:\n{text}");
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_todo_names_its_hole() {
        assert_eq!(
            hole_of("not yet implemented: hole 2 of 4, fail_high: when ..."),
            Some("hole 2 of 4, fail_high")
        );
        assert_eq!(hole_of("attempt to subtract with overflow"), None);
        assert_eq!(hole_of("not yet implemented"), None);
    }

    #[test]
    fn a_todo_is_told_in_a_few_lines_before_its_backtrace() {
        let panicked = Panicked {
            message: "not yet implemented: hole 1 of 3, leaf: at depth 0 ...".to_string(),
            location: "exercise-v07/src/lesson/search.rs:44".to_string(),
            backtrace: Some("   0: std::backtrace\n".repeat(60)),
        };
        let text = tell_panic("startpos_d2", &panicked, 0, 5);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[2], panicked.message);
        assert_eq!(
            lines[5],
            "next: fill hole 1 of 3, leaf (0 of 5 checks pass)"
        );
        assert!(lines[7].starts_with("backtrace"));
    }

    #[test]
    fn checks_stop_at_the_first_failure_in_order() {
        fn pass() -> Outcome {
            Ok(())
        }
        fn second() -> Outcome {
            Err("second".to_string())
        }
        fn third() -> Outcome {
            todo!("hole 1 of 2, x: y")
        }
        keep_panics();
        let checks: &[Check] = &[("a", pass), ("b", second), ("c", third)];
        assert_eq!(first_failure(checks).as_deref(), Some("second"));
        let message = first_failure(&checks[2..]).unwrap();
        assert!(
            message.starts_with("not yet implemented: hole 1 of 2, x: y at "),
            "{message}"
        );
    }
}
