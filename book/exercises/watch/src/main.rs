//! `cargo exercise v09`, from book/exercises: the exercise's checks, run
//! again each time a lesson file is saved. Ctrl-C stops it.

use std::path::Path;
use std::process::{Command, ExitCode};
use std::time::Duration;

use exercise_watch::{in_checkout, standing, wait_for_change, without_cargo_close, STEPS};

const USAGE: &str = "usage: cargo exercise <step>, from book/exercises: one of v07, v09, v10, v11";

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

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [step] = args.as_slice() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    if !STEPS.contains(&step.as_str()) {
        eprintln!("error: no exercise `{step}`; {USAGE}");
        return ExitCode::from(2);
    }
    if let Err(line) = in_checkout(Path::new(".")) {
        eprintln!("{line}");
        return ExitCode::from(2);
    }
    let krate = format!("exercise-{step}");
    let lesson = Path::new(&krate).join("src/lesson");
    loop {
        check(&krate);
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
