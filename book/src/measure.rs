//! Timings for the book, measured on demand: the stopwatch and the headers
//! the chapters' measured parts share.
//!
//! A node count is the same on every machine; a time is not, and not even
//! from one run to the next. So timings are kept apart from the generated
//! files: `cargo run --release -p book -- measure` runs each chapter's
//! measured parts, which time their searches and write
//! `book/chapters/measured/*.md`. The tests never compare the times with a
//! fresh run; they count again only the node counts cheap enough
//! (`tests/measured_counts.rs`), and check that every sentence summing up
//! a table still says what it shows (`tests/claims.rs`). Each file says in
//! its first lines the command, the date and the machine it was measured
//! on. A debug build would time the debug assertions rather than the
//! engine, so measuring refuses to run in one.

use std::time::{Duration, Instant};

use crate::searches::Run;

/// A search is repeated while all its runs together took less than this,
/// and its fastest run kept: the machine may be busy with something else
/// during any one run.
const REPEAT_BELOW: Duration = Duration::from_secs(3);

/// How many times a quick search runs at most.
const RUNS: usize = 5;

/// The processor time the calling thread has used so far, from Linux's
/// scheduler statistics; `None` where they cannot be read.
fn thread_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

/// Below this, a time is read on the clock: the scheduler's count of
/// processor time moves in steps of a few milliseconds.
const CPU_TIME_FROM: Duration = Duration::from_millis(200);

/// Times a stretch of work. A long one is timed by the processor time of
/// this thread, when the system reports it, so that other programs sharing
/// the machine do not count; a short one by the clock on the wall, which is
/// finer, and which repeating the search (see [`timed`]) keeps honest.
pub(crate) struct Stopwatch {
    wall: Instant,
    cpu: Option<Duration>,
}

impl Stopwatch {
    pub(crate) fn start() -> Stopwatch {
        Stopwatch {
            cpu: thread_cpu_time(),
            wall: Instant::now(),
        }
    }

    pub(crate) fn elapsed(&self) -> Duration {
        let wall = self.wall.elapsed();
        match (self.cpu, thread_cpu_time()) {
            (Some(start), Some(now)) if now.saturating_sub(start) >= CPU_TIME_FROM => {
                now.saturating_sub(start)
            }
            _ => wall,
        }
    }
}

/// The command that is measuring, as a reader would type it again:
/// `cargo run --release -p book -- measure v09`.
pub(crate) fn command_line() -> String {
    let words: Vec<String> = std::env::args().skip(1).collect();
    format!("cargo run --release -p book -- {}", words.join(" "))
        .trim_end()
        .to_string()
}

/// Today's date in UTC, `2026-11-25`, from the system clock.
pub(crate) fn today() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    civil_date(seconds / 86_400)
}

/// The date `days` days after 1970-01-01, in the proleptic Gregorian
/// calendar (Howard Hinnant's `civil_from_days`).
fn civil_date(days: u64) -> String {
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// The processors this process may use, in words ("1 hardware thread",
/// "2 hardware threads"): all of the machine's, unless it was pinned to
/// fewer (`taskset`). The measured files say it.
pub fn hardware_threads() -> String {
    match std::thread::available_parallelism().map_or(1, |n| n.get()) {
        1 => "1 hardware thread".to_string(),
        n => format!("{n} hardware threads"),
    }
}

/// The first lines of every measured file: what it is, the command, the
/// date, the machine, and `how` its times were taken.
pub(crate) fn measured_header(how: &str) -> String {
    let threads = hardware_threads();
    format!(
        "<!-- Measured by `{}`. Times depend on the \
         machine and change from run to run, so the tests never compare them with a fresh \
         run; they count again only the node counts cheap enough. Measure again to update \
         this file. -->\n\
         Measured on {}, on {} {}, {threads}, release build, by `{}`. {how}\n\n",
        command_line(),
        today(),
        std::env::consts::ARCH,
        std::env::consts::OS,
        command_line(),
    )
}

/// The first lines of a file timed by [`Stopwatch`].
pub(crate) fn header() -> String {
    let how = if thread_cpu_time().is_some() {
        format!(
            "A time over {} ms is the processor time of the searching thread (from \
             `/proc/thread-self/schedstat`), so that other programs running meanwhile do \
             not count; a shorter one is read on the clock.",
            CPU_TIME_FROM.as_millis()
        )
    } else {
        "Times are read on the clock.".to_string()
    };
    measured_header(&how)
}

/// [`header`], and how the searches were timed.
pub(crate) fn timed_header() -> String {
    format!(
        "{}A search is repeated until it has run {RUNS} times or for {} s in all, and its \
         fastest time is kept.\n\n",
        header(),
        REPEAT_BELOW.as_secs()
    )
}

/// The first line of a measured file that holds counts only: they do not
/// vary, but take too long for the tests.
pub(crate) fn counted() -> String {
    format!(
        "<!-- Counted on {} by `{}`: too slow for the tests, so never compared with a \
         fresh run. -->\n",
        today(),
        command_line()
    )
}

/// Runs `f`, repeating it while it is quick, and keeps its fastest time.
pub(crate) fn timed(f: &dyn Fn() -> Run) -> Run {
    let start = Stopwatch::start();
    let mut run = f();
    let mut best = start.elapsed();
    let mut runs = 1;
    while runs < RUNS && start.elapsed() < REPEAT_BELOW {
        let again = Stopwatch::start();
        run = f();
        best = best.min(again.elapsed());
        runs += 1;
    }
    run.time = Some(best);
    run
}

/// A time, in milliseconds below a second.
pub fn duration(time: Duration) -> String {
    let secs = time.as_secs_f64();
    if secs < 1.0 {
        format!("{:.1} ms", secs * 1000.0)
    } else {
        format!("{secs:.2} s")
    }
}

pub(crate) fn time_of(run: &Run) -> String {
    match (run.finished, run.time) {
        (true, Some(time)) => duration(time),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_fall_on_the_calendar() {
        assert_eq!(civil_date(0), "1970-01-01");
        assert_eq!(civil_date(59), "1970-03-01");
        assert_eq!(civil_date(11_016), "2000-02-29");
        assert_eq!(civil_date(20_782), "2026-11-25");
    }
}
