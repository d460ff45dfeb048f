//! `cargo exercise v09`, from book/exercises: the exercise's checks, run
//! again each time a lesson file is saved (Ctrl-C stops it); with
//! `--holes` the holes listed, with `--reset` the lesson files put back to
//! their holes, with `--fill N` holes 1 to N filled with the step's lines;
//! either keeps first a copy of a lesson file that holds the learner's own
//! lines, and prints the command that puts it back.

use std::path::Path;
use std::process::{Command, ExitCode};
use std::time::Duration;

use exercise_holes::{files, Fill};
use exercise_watch::{in_checkout, parse_args, standing, wait_for_change, without_cargo_close};
use exercise_watch::{Action, HELP};

/// The repository's root, from the exercises' folder.
const ROOT: &str = "../..";

/// Runs the checks of `krate` once, shows their output and where the
/// learner stands.
fn check(krate: &str) {
    // Clear the screen, as a re-run shows one state, not a history.
    print!("\x1b[2J\x1b[H");
    let output = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string()))
        .args(["test", "-q", "-p", krate])
        .env("RUST_BACKTRACE", "0")
        .output();
    match output {
        Ok(output) => {
            let text = format!(
                "{}{}",
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr)
            );
            print!("{}", without_cargo_close(&text));
            println!("\n{krate}: {}", standing(&text));
        }
        Err(error) => println!("{krate}: cargo did not start: {error}"),
    }
}

/// Runs the checks of `krate`, then again each time a lesson file is
/// saved, until Ctrl-C.
fn watch(krate: &str) -> ExitCode {
    let lesson = Path::new(krate).join("src/lesson");
    loop {
        check(krate);
        println!(
            "watching {} (save a file to run the checks again; Ctrl-C stops)",
            lesson.display()
        );
        match wait_for_change(&lesson, Duration::from_secs(24 * 3600)) {
            Some(Ok(())) | None => continue,
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
        println!(
            "kept     {}, {}, as {}\n         put it back, from book/exercises, with: {}",
            kept.lesson,
            kept.what(),
            kept.copy,
            kept.restore()
        );
    }
}

/// Writes the lesson files of `exercise` as `fill` says (back to their
/// holes when nothing is filled), keeping first those that hold the
/// learner's own lines, and names them.
fn write(exercise: &exercise_holes::Exercise, fill: Fill) -> Result<(), String> {
    let root = Path::new(ROOT);
    if fill.filled == 0 {
        let done = files::reset(root, exercise)?;
        say_kept(&done.kept);
        for path in &done.written {
            println!("reset    {}", path.display());
        }
        if done.written.is_empty() {
            println!(
                "{}: its files already hold their holes",
                exercise.crate_name()
            );
        }
    } else {
        let done = files::fill(root, exercise, fill)?;
        say_kept(&done.kept);
        let slip = if fill.slip {
            ", the last with its slip"
        } else {
            ""
        };
        for path in done.written {
            println!(
                "filled   {} (holes 1 to {}{slip}; any later hole as it was)",
                path.display(),
                fill.filled
            );
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (exercise, action) = match parse_args(&args) {
        Ok(Some(parsed)) => parsed,
        Ok(None) => {
            print!("{HELP}");
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
        Action::Holes => files::listing(Path::new(ROOT), exercise).map(|text| print!("{text}")),
        Action::Write(fill) => write(exercise, fill),
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(2)
        }
    }
}
