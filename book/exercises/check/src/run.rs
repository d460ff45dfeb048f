//! The runner of an exercise's checks: its `tests/checks.rs` is a test
//! without libtest's harness whose `main` calls [`run`].
//!
//! The checks run one after the other in the order of the holes, in this
//! one thread, and the run stops at the first that fails: a learner sees
//! the first hole that is empty or wrong, and nothing else, whatever the
//! machine's threads. A `todo!()` a check reaches is told in a few lines
//! of its own, the backtrace (when `RUST_BACKTRACE` asks for one) after
//! them.
//!
//! Each check runs on a thread of its own, which the runner waits on for
//! [`CHECK_SECONDS`] at most: a hole whose lines never end (a loop whose
//! counter is never moved) is named then, and the run stops, rather than
//! hang. The thread is left to the process's end, which follows at once.
//! A check whose thread would hold more of the heap than
//! [`crate::memory`] allows is named the same way, before it takes the
//! machine's memory.

use std::backtrace::{Backtrace, BacktraceStatus};
use std::panic::{self, AssertUnwindSafe};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{mpsc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

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

/// How long one check may run, in seconds, unless `EXERCISE_CHECK_SECONDS`
/// says otherwise. The slowest check of the steps' own files, v0.11's
/// `every_margin`, took between 2 and 3 s on the 2-core machine of the
/// numbers pages under a load of 7 (`EXERCISE_CHECK_SECONDS=2` stops it,
/// `3` does not, with `--features solution`): thirty is ten times that, and
/// a learner whose hole never ends is told within half a minute.
pub const CHECK_SECONDS: u64 = 30;

/// The time a check may take: [`CHECK_SECONDS`], or `EXERCISE_CHECK_SECONDS`
/// when it holds a number of seconds above 0 (a slower machine's, or a
/// test's).
fn time_limit() -> Duration {
    let seconds = std::env::var("EXERCISE_CHECK_SECONDS").ok();
    let seconds = seconds.and_then(|s| s.trim().parse::<f64>().ok());
    match seconds.filter(|s| s.is_finite() && *s > 0.0 && *s < 1e6) {
        Some(seconds) => Duration::from_secs_f64(seconds),
        None => Duration::from_secs(CHECK_SECONDS),
    }
}

/// The stack of a check's thread: the main thread's, which the checks ran
/// on before they had a limit.
const CHECK_STACK: usize = 8 << 20;

/// What one check came to.
enum Verdict {
    Pass,
    Fail(String),
    Panic(Panicked),
    /// It was still running after the time limit.
    Endless(Duration),
    /// It asked for more memory than the cap, this many megabytes.
    Greedy(usize),
}

/// How often the runner looks whether a check went over the memory cap.
const LOOK: Duration = Duration::from_millis(50);

/// Runs `check` on a thread of its own, catching its panic, and waits for
/// it `limit` at most.
fn verdict_within(check: fn() -> Outcome, limit: Duration, megabytes: usize) -> Verdict {
    let (send, receive) = mpsc::channel();
    let (number, numbered) = mpsc::channel();
    let spawned = thread::Builder::new()
        .name("check".to_string())
        .stack_size(CHECK_STACK)
        .spawn(move || {
            let _ = number.send(crate::memory::enter_check(megabytes));
            let _ = send.send(verdict(check));
        });
    if spawned.is_err() {
        // No thread to be had: the check runs here, without a limit.
        return verdict(check);
    }
    let number = numbered.recv().ok();
    let deadline = Instant::now() + limit;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match receive.recv_timeout(left.min(LOOK)) {
            Ok(verdict) => return verdict,
            Err(mpsc::RecvTimeoutError::Timeout)
                if number.is_some() && crate::memory::over() == number =>
            {
                return Verdict::Greedy(megabytes)
            }
            Err(mpsc::RecvTimeoutError::Timeout) if left.is_zero() => {
                return Verdict::Endless(limit)
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Verdict::Panic(Panicked {
                    message: "the check's thread ended without a verdict".to_string(),
                    location: String::new(),
                    backtrace: None,
                })
            }
        }
    }
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

/// The hole a `todo!()`'s message names: `hole 2 of 4, fail_high`, or
/// the function of a whole step: `the whole step, alpha_beta`.
fn hole_of(message: &str) -> Option<&str> {
    let rest = message.strip_prefix("not yet implemented: ")?;
    let end = rest.find(':')?;
    (rest.starts_with("hole ") || rest.starts_with("the whole step, ")).then(|| &rest[..end])
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
        Some(hole) if hole.starts_with("the whole step") => {
            format!("next: write {hole} ({passed} of {total} checks pass)\n")
        }
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
    let limit = time_limit();
    let megabytes = crate::memory::megabytes();
    for (passed, (name, check)) in checks.iter().enumerate() {
        let verdict = verdict_within(*check, limit, megabytes);
        match verdict {
            Verdict::Pass => println!("  ok    {name}"),
            Verdict::Fail(message) => {
                println!("  FAIL  {name}\n\n{message}\n\n{passed} of {total} checks pass");
                return ExitCode::FAILURE;
            }
            Verdict::Panic(panicked) => {
                print!("{}", tell_panic(name, &panicked, passed, total));
                return ExitCode::FAILURE;
            }
            Verdict::Endless(_) | Verdict::Greedy(_) => {
                let empty = empty_holes(exercise, &crate::holes::lessons_of(exercise));
                let over = Over::of(&verdict).unwrap_or(Over::Time(limit));
                print!("{}", tell_over(name, &over, &empty, exercise));
                println!("\n{passed} of {total} checks pass");
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
    let limit = time_limit();
    let megabytes = crate::memory::megabytes();
    checks.iter().find_map(
        |(name, check)| match verdict_within(*check, limit, megabytes) {
            Verdict::Pass => None,
            Verdict::Fail(message) => Some(message),
            Verdict::Panic(panicked) => {
                Some(format!("{} at {}", panicked.message, panicked.location))
            }
            Verdict::Endless(limit) => {
                Some(format!("the check `{name}` {}", Over::Time(limit).what()))
            }
            Verdict::Greedy(megabytes) => Some(format!(
                "the check `{name}` {}",
                Over::Memory(megabytes).what()
            )),
        },
    )
}

/// `10 s`, `0.5 s`.
fn seconds(limit: Duration) -> String {
    format!("{} s", limit.as_secs_f64())
}

/// The numbers of the holes of `exercise` whose `todo!()` the lesson
/// files' texts `lessons` still hold.
fn empty_holes(exercise: &Exercise, lessons: &[String]) -> Vec<usize> {
    let total = exercise.holes().len();
    (1..=total)
        .filter(|number| {
            let todo = format!("not yet implemented: hole {number} of {total}, ");
            let todo_macro = format!("todo!(\"hole {number} of {total}, ");
            lessons
                .iter()
                .any(|text| text.contains(&todo) || text.contains(&todo_macro))
        })
        .collect()
}

/// A cap a check went over: its time, or its memory in megabytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Over {
    Time(Duration),
    Memory(usize),
}

impl Over {
    /// The cap of `verdict`, if it went over one.
    fn of(verdict: &Verdict) -> Option<Over> {
        match verdict {
            Verdict::Endless(limit) => Some(Over::Time(*limit)),
            Verdict::Greedy(megabytes) => Some(Over::Memory(*megabytes)),
            _ => None,
        }
    }

    /// What the check did: `did not finish within 30 s`.
    fn what(&self) -> String {
        match self {
            Over::Time(limit) => format!("did not finish within {}", seconds(*limit)),
            Over::Memory(mb) => format!("asked for more than {mb} MB of memory"),
        }
    }

    /// What a hole does that makes a check do that.
    fn guess(&self) -> &'static str {
        match self {
            Over::Time(_) => "a loop that never ends",
            Over::Memory(_) => "a loop that adds to a collection without end",
        }
    }

    /// The cap, what the step's own checks take and how to change it.
    fn cap(&self) -> String {
        match self {
            Over::Time(limit) => format!(
                "each check may take {}, the step's own take 3 s at most; \
                 EXERCISE_CHECK_SECONDS changes it",
                seconds(*limit)
            ),
            Over::Memory(mb) => format!(
                "each check may hold {mb} MB, the step's own hold {} MB at most; \
                 EXERCISE_CHECK_MEGABYTES changes it",
                crate::memory::STEPS_MEGABYTES
            ),
        }
    }
}

/// The lines that tell a check stopped as it went `over` a cap: it
/// stopped the run, and the hole to look at is the last one filled before
/// the first still empty, `empty` (a check of hole k runs holes 1 to k
/// only, and the checks before it finished).
fn tell_over(name: &str, over: &Over, empty: &[usize], exercise: &Exercise) -> String {
    let holes = exercise.holes();
    let last_filled = match empty.first() {
        Some(&first) => holes.iter().find(|hole| hole.number + 1 == first),
        None => None,
    };
    let (what, guess) = (over.what(), over.guess());
    let mut text = format!("  FAIL  {name}: it {what}\n\n");
    text += &match last_filled {
        Some(hole) => format!(
            "hole {} of {} ({}), the last filled: the check {what}; {guess}?\n  hint:     {}\n",
            hole.number,
            holes.len(),
            hole.name,
            crate::hint(exercise, &[hole.name.as_str()])
        ),
        None => format!(
            "the check {what}; {guess}, in a hole it runs through? (the comments above it in \
             tests/checks.rs name its holes)\n"
        ),
    };
    text += &format!("  ({})\n", over.cap());
    text
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
        assert_eq!(
            hole_of("not yet implemented: the whole step, pick: write its body ..."),
            Some("the whole step, pick")
        );
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

    const V09: Exercise = Exercise {
        step: "v09",
        chapter: "v09-alphabeta.md",
    };

    /// Set when the test is done with the endless check below, whose
    /// thread then ends.
    static DONE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

    /// A check that runs until the test has seen it given up on: to the
    /// runner, a loop that never ends.
    fn endless() -> Outcome {
        while !DONE.load(std::sync::atomic::Ordering::Relaxed) {
            std::hint::spin_loop();
        }
        Ok(())
    }

    #[test]
    fn a_check_that_never_ends_is_given_up_on_at_its_limit() {
        let started = std::time::Instant::now();
        let verdict = verdict_within(endless, Duration::from_millis(300), 64);
        let took = started.elapsed();
        DONE.store(true, std::sync::atomic::Ordering::Relaxed);
        assert!(matches!(verdict, Verdict::Endless(_)));
        assert!(took < Duration::from_secs(3), "{took:?}");
        fn pass() -> Outcome {
            Ok(())
        }
        assert!(matches!(
            verdict_within(pass, Duration::from_secs(10), 64),
            Verdict::Pass
        ));
    }

    /// A check that adds to a collection without end, as a hole can:
    /// without a cap it takes the machine's memory.
    fn greedy() -> Outcome {
        let mut seen: Vec<[u64; 64]> = Vec::new();
        loop {
            seen.push([0; 64]);
            std::hint::black_box(&seen);
        }
    }

    #[test]
    fn a_check_that_takes_memory_without_end_is_given_up_on_at_its_cap() {
        let started = std::time::Instant::now();
        let verdict = verdict_within(greedy, Duration::from_secs(60), 64);
        let took = started.elapsed();
        assert!(matches!(verdict, Verdict::Greedy(64)));
        assert!(took < Duration::from_secs(10), "{took:?}");
        let text = tell_over("pick_as_the_step", &Over::of(&verdict).unwrap(), &[4], &V09);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[2],
            "hole 3 of 4 (pick), the last filled: the check asked for more than 64 MB of \
             memory; a loop that adds to a collection without end?"
        );
        assert!(
            lines[4].contains("EXERCISE_CHECK_MEGABYTES changes it"),
            "{text}"
        );
    }

    #[test]
    fn an_endless_check_names_the_last_hole_filled() {
        let lessons = [
            "let value: i32 = -self.alpha_beta(...);".to_string(),
            "        panic!(\"not yet implemented: hole 4 of 4, history: ...\")".to_string(),
        ];
        assert_eq!(empty_holes(&V09, &lessons), [4]);
        let ten = Over::Time(Duration::from_secs(10));
        let text = tell_over("pick_as_the_step", &ten, &[4], &V09);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "  FAIL  pick_as_the_step: it did not finish within 10 s"
        );
        assert_eq!(
            lines[2],
            "hole 3 of 4 (pick), the last filled: the check did not finish within 10 s; \
             a loop that never ends?"
        );
        assert!(
            lines[3].starts_with("  hint:     hole 3 (pick); see \"Pick\""),
            "{text}"
        );
        let half = Over::Time(Duration::from_millis(500));
        let text = tell_over("startpos_d3", &half, &[], &V09);
        assert!(
            text.contains("did not finish within 0.5 s; a loop that never ends"),
            "{text}"
        );
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
