//! The watch mode's parts: where it may run, the state it reads from the
//! checks, and a saved file waking it.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use exercise_watch::{in_checkout, standing, wait_for_change, without_cargo_close};

/// The exercises' folder of this checkout.
fn exercises() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

#[test]
fn the_exercises_folder_of_a_checkout_is_where_they_run() {
    assert_eq!(in_checkout(exercises()), Ok(()));
}

/// Copied out of the checkout, the exercises' folder is refused at once,
/// in one line that says where to run them.
#[test]
fn copied_out_of_the_checkout_it_stops_with_one_line() {
    let copy = std::env::temp_dir().join(format!("exercises-copy-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&copy);
    std::fs::create_dir_all(&copy).unwrap();
    for file in ["Cargo.toml", "holes.toml"] {
        std::fs::copy(exercises().join(file), copy.join(file)).unwrap();
    }
    let started = Instant::now();
    let output = Command::new(env!("CARGO_BIN_EXE_exercise-watch"))
        .arg("v09")
        .current_dir(&copy)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&copy);
    assert_eq!(output.status.code(), Some(2));
    assert!(started.elapsed() < Duration::from_secs(5));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("error: run the exercises from book/exercises in a checkout"),
        "{stderr}"
    );
    assert!(output.stdout.is_empty());
}

#[test]
fn an_unknown_step_is_refused() {
    let output = Command::new(env!("CARGO_BIN_EXE_exercise-watch"))
        .arg("v08")
        .current_dir(exercises())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("no exercise `v08`"));
}

#[test]
fn the_state_is_read_from_the_checks_last_lines() {
    let todo = "exercise-v09: 10 checks\n  stop  x: it reached a hole still empty\n\n\
                not yet implemented: hole 2 of 4, fail_high: ...\n\nnext: fill hole 2 of 4, fail_high (0 of 10 checks pass)\n";
    assert_eq!(
        standing(todo),
        "stands at hole 2 of 4, fail_high (0 of 10 checks pass)"
    );
    assert_eq!(
        standing("  ok    a\nall 10 checks pass: exercise-v09 is built\n"),
        "all 10 checks pass: exercise-v09 is built"
    );
    assert!(standing("  ok    a\n  FAIL  b\n\ncheck `b` failed").contains("`b` fails"));
    assert!(standing("error[E0308]: mismatched types").contains("does not compile"));
}

/// A file saved in the watched folder wakes the watcher; nothing saved,
/// it waits its time out.
#[test]
fn a_saved_file_wakes_the_watcher() {
    let dir = std::env::temp_dir().join(format!("exercises-watch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("search.rs");
    std::fs::write(&file, "fn a() {}\n").unwrap();
    assert!(wait_for_change(&dir, Duration::from_millis(300)).is_none());
    let writer = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        std::fs::write(&file, "fn b() {}\n").unwrap();
    });
    let woke = wait_for_change(&dir, Duration::from_secs(10));
    writer.join().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(matches!(woke, Some(Ok(()))), "{woke:?}");
}

#[test]
fn cargos_closing_words_are_left_out() {
    let text = "next: fill hole 1 of 4, window (0 of 10 checks pass)\nerror: test failed, to rerun pass `-p x`\n\nCaused by:\n  ...\n";
    assert_eq!(
        without_cargo_close(text),
        "next: fill hole 1 of 4, window (0 of 10 checks pass)\n"
    );
    assert_eq!(without_cargo_close("all pass\n"), "all pass\n");
}
