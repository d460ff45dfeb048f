//! `cargo exercise v09`, from book/exercises: the exercise's checks, run
//! again each time a lesson file is saved (Ctrl-C stops it); with
//! `--holes` the holes listed, with `--reset` the lesson files put back to
//! their holes, with `--fill N` holes 1 to N filled with the step's lines;
//! either keeps first a copy of a lesson file that holds the learner's own
//! lines, and prints the command that puts it back; with `--hint` the
//! next hint of the whole step.

use std::io::{self, Write};
use std::path::Path;
use std::process::{Command, ExitCode};
use std::time::Duration;

use exercise_holes::hints::{self, Lesson};
use exercise_holes::{files, Body, Exercise, Fill, EXERCISES_DIR};
use exercise_watch::{
    in_checkout, parse_args, run_watched, standing, wait_for_change, wait_for_folder,
};
use exercise_watch::{without_cargo_close, RunEnd};
use exercise_watch::{Action, HELP};

/// Writes to standard output. A reader that went away (`| head`) is no
/// mistake of the learner's: the program ends there, with success, rather
/// than panicking as `println!` would.
fn write_out(text: std::fmt::Arguments) {
    let mut out = io::stdout().lock();
    if let Err(error) = out.write_fmt(text).and_then(|()| out.flush()) {
        if error.kind() == io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
    }
}

/// `print!`, through [`write_out`].
macro_rules! show {
    ($($text:tt)*) => { write_out(format_args!($($text)*)) };
}

/// `println!`, through [`write_out`].
macro_rules! say {
    () => { write_out(format_args!("\n")) };
    ($($text:tt)*) => { write_out(format_args!("{}\n", format_args!($($text)*))) };
}

/// The repository's root, from the exercises' folder.
const ROOT: &str = "../..";

/// How long the checks may go on printing nothing once they have started
/// before the watch stops them: twice the time the checks' runner gives
/// one check (`CHECK_SECONDS` of `exercise-check`, 30 s; it caps their
/// memory too, `CHECK_MEGABYTES`), after which the
/// runner stops by itself and names the hole. Past this the runner did
/// not, and the watch does.
const SILENCE: Duration = Duration::from_secs(60);

/// Runs the checks of `krate` once, showing their lines as they come,
/// until they end, a lesson file in `lesson` is saved (then `false`: the
/// run is stopped, and another starts), or they print nothing for
/// [`SILENCE`]; then says where the learner stands.
fn check(krate: &str, lesson: &Path) -> Result<bool, String> {
    // Clear the screen, as a re-run shows one state, not a history.
    show!("\x1b[2J\x1b[H");
    say!(
        "{krate}: running its checks, `cargo test -q -p {krate}` (a save stops this run and starts another)"
    );
    let mut command = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string()));
    command
        .args(["test", "-q", "-p", krate])
        .env("RUST_BACKTRACE", "0");
    // Cargo's closing words on a failed test say nothing the checks did not.
    let mut closed = false;
    let mut show = |line: &str| {
        closed |= without_cargo_close(line).len() < line.len();
        if !closed {
            say!("{line}");
        }
    };
    let end = run_watched(command, lesson, SILENCE, &mut show)
        .map_err(|error| format!("cannot run the checks of {krate}: {error}"))?;
    match end {
        RunEnd::Finished(text) => say!("\n{krate}: {}", standing(&text)),
        RunEnd::Saved => return Ok(false),
        RunEnd::Silent(limit) => say!(
            "\n{krate}: the checks printed nothing for {} s, and were stopped: \
             a loop that never ends in the hole you last wrote?",
            limit.as_secs()
        ),
    }
    Ok(true)
}

/// Runs the checks of `krate`, then again each time a lesson file is
/// saved, until Ctrl-C. A lesson folder that goes missing for a while (a
/// branch switched, a folder moved away and back) is waited for.
fn watch(krate: &str) -> ExitCode {
    let lesson = Path::new(krate).join("src/lesson");
    loop {
        if !lesson.is_dir() {
            say!(
                "{} is missing: waiting for it to come back (Ctrl-C stops)",
                lesson.display()
            );
            wait_for_folder(&lesson);
        }
        match check(krate, &lesson) {
            Ok(true) => {}
            Ok(false) => continue,
            Err(_) if !lesson.is_dir() => continue,
            Err(line) => {
                eprintln!("error: {line}");
                return ExitCode::from(2);
            }
        }
        say!(
            "watching {} (save a file to run the checks again; Ctrl-C stops)",
            lesson.display()
        );
        match wait_for_change(&lesson, Duration::from_secs(24 * 3600)) {
            Some(Ok(())) | None => continue,
            Some(Err(_)) if !lesson.is_dir() => continue,
            Some(Err(error)) => {
                eprintln!("error: cannot watch {}: {error}", lesson.display());
                return ExitCode::from(2);
            }
        }
    }
}

/// Says where each lesson file that held the learner's own lines was
/// kept, and the command that puts it back.
fn say_kept(kept: &[files::Kept]) {
    for kept in kept {
        say!(
            "kept     {}, {}, as {}\n         put it back, from book/exercises, with: {}",
            kept.lesson,
            kept.what(),
            kept.copy,
            kept.restore()
        );
    }
}

/// What a command that writes lesson files did, once each copy it kept
/// is told: its copies are told even when it then stopped.
fn told(done: files::Done) -> Result<files::Written, String> {
    match done {
        Ok(done) => {
            say_kept(&done.kept);
            Ok(done)
        }
        Err(stopped) => {
            say_kept(&stopped.kept);
            Err(stopped.error)
        }
    }
}

/// Writes the lesson files of `exercise` as `fill` says (back to their
/// holes when nothing is filled), keeping first those that hold the
/// learner's own lines, and names them.
fn write(exercise: &exercise_holes::Exercise, fill: Fill) -> Result<(), String> {
    let root = Path::new(ROOT);
    if fill.filled == 0 {
        let done = told(files::reset(root, exercise))?;
        for path in &done.written {
            say!("reset    {}", path.display());
        }
        if done.written.is_empty() {
            say!(
                "{}: its files already hold their holes",
                exercise.crate_name()
            );
        }
    } else {
        let done = told(files::fill(root, exercise, fill))?;
        let slip = if fill.slip {
            ", the last with its slip"
        } else {
            ""
        };
        for path in done.written {
            // A file kept whole could not be read hole by hole: its later
            // holes are back to their todo!(), and its copy holds them.
            let later = if done.emptied.contains(&path) {
                "its later holes back to their todo!(): yours are in the copy kept above"
            } else {
                "any later hole as it was"
            };
            say!(
                "filled   {} (holes 1 to {}{slip}; {later})",
                path.display(),
                fill.filled
            );
        }
        // What the checks must say of the slip, for `.ci/run` to require.
        let holes = files::holes(root, exercise)?;
        let names = holes
            .iter()
            .filter(|hole| fill.slip && hole.number == fill.filled)
            .filter_map(|hole| hole.slip.as_ref()?.names.as_ref());
        for names in names {
            say!("names    the checks must say: {names}");
        }
    }
    Ok(())
}

/// Writes the lesson files of `exercise` as the whole step, the bodies as
/// `body` says, keeping first those that hold the learner's own lines,
/// and names them.
fn write_whole(exercise: &exercise_holes::Exercise, body: Body) -> Result<(), String> {
    let root = Path::new(ROOT);
    let done = told(files::whole(root, exercise, body))?;
    let bodies = match body {
        Body::Todo => "each function to write is a todo!() under its contract".to_string(),
        Body::Step => "the step's own bodies".to_string(),
        Body::Slip(n) => format!("the step's bodies with slip {n} of whole.toml"),
    };
    for path in &done.written {
        say!("whole    {} ({bodies}; every hole filled)", path.display());
    }
    if done.written.is_empty() {
        say!(
            "{}: its files already hold the whole step ({bodies})",
            exercise.crate_name()
        );
    }
    if let Body::Slip(n) = body {
        let entries = files::whole_entries(root, exercise)?;
        let slips = exercise_holes::whole::slips(&entries);
        if let Some(names) = slips.get(n - 1).and_then(|slip| slip.names.as_ref()) {
            say!("names    the checks must say: {names}");
        }
    }
    if body == Body::Todo {
        say!(
            "write each body to the contract in its doc comment, from the chapter; \
             check it, from book/exercises: cargo test -p {} (or cargo exercise {}, to watch); \
             cargo exercise {} --hint gives a hint, one level more each time; \
             cargo exercise {} --reset goes back to the holes",
            exercise.crate_name(),
            exercise.step,
            exercise.step,
            exercise.step
        );
    }
    Ok(())
}

/// The lesson files of `exercise` as the checkout holds them; `Err` when
/// they are not the whole step's, whose hints `--hint` gives.
fn whole_lessons(exercise: &Exercise) -> Result<Vec<Lesson>, String> {
    let mut lessons = Vec::new();
    for file in exercise.files {
        let path = exercise.lesson_path(file);
        let full = Path::new(ROOT).join(EXERCISES_DIR).join(&path);
        let text = std::fs::read_to_string(&full)
            .map_err(|error| format!("reading {}: {error}", full.display()))?;
        lessons.push(Lesson {
            path,
            file: file.to_string(),
            text,
        });
    }
    if !lessons
        .iter()
        .any(|lesson| exercise_holes::whole::is_whole(&lesson.text))
    {
        return Err(format!(
            "the lesson files of {} hold its holes, whose todo!()s say what each asks \
             (cargo exercise {} --holes); --hint is for the whole step: cargo exercise {} --whole",
            exercise.crate_name(),
            exercise.step,
            exercise.step
        ));
    }
    Ok(lessons)
}

/// The checks' output, standard output then standard error, with the
/// words `standing` reads.
fn run_checks(krate: &str) -> Result<String, String> {
    say!("{krate}: every body is written; running its checks to find the function to hint at, `cargo test -q -p {krate}`");
    let output = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string()))
        .args(["test", "-q", "-p", krate])
        .env("RUST_BACKTRACE", "0")
        .output()
        .map_err(|error| format!("cannot run the checks of {krate}: {error}"))?;
    Ok(String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr))
}

/// Prints the next hint of the whole step of `exercise`: for `function`,
/// or the first still a `todo!()`, or the one the checks' failure points
/// at ([`hints::function_of_failure`]).
fn hint(exercise: &Exercise, function: Option<&str>) -> Result<(), String> {
    let root = Path::new(ROOT);
    let entries = files::whole_entries(root, exercise)?;
    let lessons = whole_lessons(exercise)?;
    let (entry, why) = if let Some(function) = function {
        let named = entries.iter().find(|entry| entry.function == function);
        let names: Vec<&str> = entries.iter().map(|e| e.function.as_str()).collect();
        let entry = named.ok_or_else(|| {
            format!(
                "no function `{function}` in the whole step of {}: its functions are {}",
                exercise.step,
                names.join(", ")
            )
        })?;
        (entry, "the function asked for")
    } else if let Some(entry) = hints::first_to_write(&entries, &lessons) {
        (entry, "the first function still a todo!()")
    } else {
        let output = run_checks(&exercise.crate_name())?;
        let standing = exercise_watch::standing(without_cargo_close(&output));
        if standing.starts_with("all ") {
            say!("{}: {standing}; no hint needed", exercise.crate_name());
            return Ok(());
        }
        let hinted = hints::hint_entries(root, exercise)?;
        let entry = hints::function_of_failure(&output, &entries, &hinted, &lessons)
            .ok_or_else(|| format!("the whole step of {} has no function", exercise.step))?;
        (entry, "the function the checks' failure points at")
    };
    let given = hints::next_hint(root, exercise, &entry.function)?;
    let (level, of, name) = (given.level, given.of, &entry.function);
    let path = exercise.lesson_path(&entry.file);
    if given.again {
        say!("no hint after the last, {level} of {of}, for {name} ({why}, in {path}); here it is again:\n");
    } else {
        say!("hint {level} of {of} for {name} ({why}, in {path}):\n");
    }
    say!("{}\n", given.text);
    // Asked by name, the next hint is asked by name too: without it,
    // `--hint` may pick another function, or none once the checks pass.
    let asked = function.map_or(String::new(), |name| format!(" {name}"));
    if level < of {
        say!(
            "the next, hint {} of {of}: cargo exercise {} --hint{asked}",
            level + 1,
            exercise.step
        );
    } else {
        say!("that is the last hint for {name}: asked again, --hint prints it again");
    }
    Ok(())
}

/// Starts the hints of `exercise` over, as a command that writes its
/// lesson files does.
fn forget_hints(exercise: &Exercise) -> Result<(), String> {
    hints::forget(Path::new(ROOT), exercise).map_err(|error| {
        let state = hints::state_file(Path::new(ROOT), exercise);
        format!("removing {}: {error}", state.display())
    })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (exercise, action) = match parse_args(&args) {
        Ok(Some(parsed)) => parsed,
        Ok(None) => {
            show!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Err(line) => {
            eprintln!("{line}");
            return ExitCode::from(2);
        }
    };
    if let Err(line) = in_checkout(Path::new(".")) {
        eprintln!("{line}");
        return ExitCode::from(2);
    }
    let done = match action {
        Action::Watch => return watch(&exercise.crate_name()),
        Action::Holes => files::listing(Path::new(ROOT), exercise).map(|text| show!("{text}")),
        Action::Write(fill) => forget_hints(exercise).and_then(|()| write(exercise, fill)),
        Action::Whole(body) => forget_hints(exercise).and_then(|()| write_whole(exercise, body)),
        Action::Hint(function) => hint(exercise, function.as_deref()),
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(2)
        }
    }
}
