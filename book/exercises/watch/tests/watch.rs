//! The watch mode's parts: where it may run, the state it reads from the
//! checks, and a saved file waking it.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use exercise_watch::RunEnd;
use exercise_watch::{in_checkout, run_watched, standing, wait_for_change, without_cargo_close};

/// The exercises' folder of this checkout.
fn exercises() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

#[test]
fn the_exercises_folder_of_a_checkout_is_where_they_run() {
    assert_eq!(in_checkout(exercises()), Ok(()));
}

/// The exercises' folder copied out of the checkout, as a learner would
/// with `cp -r book/exercises <dir>`: every file, its `.cargo/` too.
fn copy_out(name: &str) -> PathBuf {
    fn copy(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                copy(&path, &to.join(entry.file_name()));
            } else {
                std::fs::copy(&path, to.join(entry.file_name())).unwrap();
            }
        }
    }
    let copy_dir = std::env::temp_dir()
        .join(format!("exercises-{name}-{}", std::process::id()))
        .join("exercises");
    let _ = std::fs::remove_dir_all(&copy_dir);
    copy(exercises(), &copy_dir);
    copy_dir
}

/// `command` run by cargo in the copied folder `copy`, building into a
/// folder of this checkout's `target`, offline.
fn cargo_in(copy: &Path, command: &[&str]) -> std::process::Output {
    let target = Path::new(env!("CARGO_BIN_EXE_exercise-watch"))
        .ancestors()
        .nth(2)
        .unwrap()
        .join("exercises-copied");
    Command::new(env!("CARGO"))
        .args(command)
        .current_dir(copy)
        .env("CARGO_TARGET_DIR", target)
        .env("CARGO_NET_OFFLINE", "true")
        .env_remove("RUST_BACKTRACE")
        .output()
        .unwrap()
}

/// Fails unless `output` is the refusal out of a checkout: exit code 2,
/// one line on standard error that says where to run, nothing on standard
/// output.
fn refused_in_one_line(output: &std::process::Output) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("error: run the exercises from book/exercises in a checkout"),
        "{stderr}"
    );
    assert!(output.stdout.is_empty());
}

/// Copied out of the checkout, `cargo exercise v09`, the documented
/// command, is refused at once in one line that says where to run it.
#[test]
fn copied_out_of_the_checkout_cargo_exercise_stops_with_one_line() {
    let copy = copy_out("exercise");
    let output = cargo_in(&copy, &["exercise", "v09"]);
    let _ = std::fs::remove_dir_all(copy.parent().unwrap());
    refused_in_one_line(&output);
}

/// Plain `cargo test` in the copy cannot say it in one line of ours:
/// cargo reads the members' path dependencies (`../../common`) while it
/// loads the workspace, before any build script, compiler wrapper or
/// check of ours runs, and stops there with its own error, which names
/// the missing board's manifest. README.md and the chapters say so; this
/// test fails if cargo ever stops reading them first.
#[test]
fn copied_out_plain_cargo_test_stops_at_cargos_error_on_the_missing_board() {
    let copy = copy_out("test");
    let output = cargo_in(&copy, &["test", "-p", "exercise-v09"]);
    let _ = std::fs::remove_dir_all(copy.parent().unwrap());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "{stderr}");
    assert!(
        stderr.starts_with("error: failed to load manifest for workspace member"),
        "{stderr}"
    );
    assert!(stderr.contains("common/Cargo.toml"), "{stderr}");
    assert!(!stderr.contains("Compiling"), "{stderr}");
}

/// The binary itself, in a folder that holds the exercises' manifest but
/// not the steps two folders up, is refused at once in the same one line.
#[test]
fn out_of_a_checkout_the_watch_stops_with_one_line() {
    let copy = std::env::temp_dir().join(format!("exercises-copy-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&copy);
    std::fs::create_dir_all(&copy).unwrap();
    for file in ["Cargo.toml", "holes.toml"] {
        std::fs::copy(exercises().join(file), copy.join(file)).unwrap();
    }
    let output = Command::new(env!("CARGO_BIN_EXE_exercise-watch"))
        .arg("v09")
        .current_dir(&copy)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&copy);
    refused_in_one_line(&output);
}

/// `cargo exercise v09 --holes` from the exercises' folder: each hole's
/// number, name, place in the lesson files and section, without building
/// any check; `--help` says what each option is for.
#[test]
fn the_holes_are_listed_from_the_exercises_folder() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_exercise-watch"))
            .args(args)
            .current_dir(exercises())
            .output()
            .unwrap()
    };
    let output = run(&["v09", "--holes"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        stdout.starts_with("exercise-v09: 4 holes, in the order to fill them\n"),
        "{stdout}"
    );
    for (number, name, file) in [
        (1, "window", "search.rs"),
        (2, "fail_high", "search.rs"),
        (3, "pick", "ordering.rs"),
        (4, "history", "ordering.rs"),
    ] {
        let line = format!("  hole {number} {name}: exercise-v09/src/lesson/{file}:");
        assert!(stdout.contains(&line), "{line} in\n{stdout}");
    }
    assert!(
        stdout.contains("read \"Pick\" in book/chapters/v09-alphabeta.md"),
        "{stdout}"
    );
    let help = run(&["--help"]);
    let text = String::from_utf8_lossy(&help.stdout);
    assert!(help.status.success());
    for option in [
        "--holes", "--reset", "--fill N", "--slip", ".ci/run", "kept/", "--hint",
    ] {
        assert!(text.contains(option), "{option} in\n{text}");
    }
}

/// A reader that went away (`cargo exercise v09 --holes | head -1`) ends
/// the command quietly: the write fails with a closed pipe, and it neither
/// panics nor says so. The pipe's reading end is closed before the command
/// starts, so its first write meets it, however fast it is.
#[test]
fn a_closed_pipe_ends_the_listing_without_a_panic() {
    for args in [&["v09", "--holes"][..], &["--help"][..]] {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let output = Command::new(env!("CARGO_BIN_EXE_exercise-watch"))
            .args(args)
            .current_dir(exercises())
            .stdout(writer)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
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
    let whole = "  stop  x: it reached a hole still empty\n\nnext: write the whole step, \
                 alpha_beta (0 of 16 checks pass)\n";
    assert_eq!(
        standing(whole),
        "stands at the whole step, alpha_beta (0 of 16 checks pass)"
    );
    assert!(standing("  ok    a\n  FAIL  b\n\ncheck `b` failed").contains("`b` fails"));
    assert!(standing("error[E0308]: mismatched types").contains("does not compile"));
    let endless = "  FAIL  pick_as_the_step: it did not finish within 30 s\n\nhole 3 of 4 (pick), \
                   the last filled: the check did not finish within 30 s; a loop that never ends?\n";
    assert_eq!(
        standing(endless),
        "stopped at hole 3 of 4 (pick), the last filled: the check did not finish within 30 s; \
         a loop that never ends?"
    );
    let greedy =
        "  FAIL  pick_as_the_step: it asked for more than 1024 MB of memory\n\nhole 3 of 4 \
                  (pick), the last filled: the check asked for more than 1024 MB of memory; a \
                  loop that adds to a collection without end?\n";
    assert!(
        standing(greedy)
            .starts_with("stopped at hole 3 of 4 (pick), the last filled: the check asked"),
        "{}",
        standing(greedy)
    );
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

/// An editor's own files (vim's swap file, written every few seconds
/// while you type, its test file and backup) do not wake the watcher;
/// only a save of a `.rs` file does.
#[test]
fn an_editors_swap_file_does_not_wake_the_watcher() {
    let dir = fresh_dir("swap");
    let writer = {
        let dir = dir.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            for name in [".search.rs.swp", "4913", "search.rs~", ".#search.rs"] {
                std::fs::write(dir.join(name), "swap").unwrap();
            }
        })
    };
    let woke = wait_for_change(&dir, Duration::from_millis(1500));
    writer.join().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(woke.is_none(), "{woke:?}");
}

/// A lesson folder that is missing (a branch switched, a folder moved
/// away) is waited for, not an error: its coming back is a change.
#[test]
fn a_missing_folder_is_waited_for() {
    let dir = fresh_dir("missing").join("lesson");
    let maker = {
        let dir = dir.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(700));
            std::fs::create_dir(&dir).unwrap();
        })
    };
    let woke = wait_for_change(&dir, Duration::from_secs(10));
    maker.join().unwrap();
    let _ = std::fs::remove_dir_all(dir.parent().unwrap());
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

/// A checkout of v0.09's exercise under the system's temporary folder, as
/// `cargo exercise` needs one: the exercises' manifest and `holes.toml`,
/// the manifests it looks for two folders up and the step's two files.
/// Returns its exercises' folder, whose lesson files `--reset` then made.
fn v09_checkout(name: &str) -> PathBuf {
    let root = std::env::temp_dir().join(format!("exercises-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let checkout = exercises().join("../..");
    for file in [
        "book/exercises/Cargo.toml",
        "book/exercises/holes.toml",
        "book/exercises/whole.toml",
        "book/exercises/hints.toml",
        "common/Cargo.toml",
        "lamosca-v07/Cargo.toml",
        "lamosca-v09/Cargo.toml",
        "lamosca-v09/src/search.rs",
        "lamosca-v09/src/ordering.rs",
    ] {
        std::fs::create_dir_all(root.join(file).parent().unwrap()).unwrap();
        std::fs::copy(checkout.join(file), root.join(file)).unwrap();
    }
    let dir = root.join("book/exercises");
    assert!(exercise(&dir, &["v09", "--reset"]).status.success());
    dir
}

/// `cargo exercise` with `args`, in the exercises' folder `dir`.
fn exercise(dir: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_exercise-watch"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

/// Writes `line` in the place of the `todo!()` of hole `number` in the
/// lesson file `file` of `dir`, as a learner does.
fn write_hole(dir: &Path, file: &str, number: usize, line: &str) -> String {
    let path = dir.join("exercise-v09/src/lesson").join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    let todo = text
        .lines()
        .find(|l| l.contains(&format!("todo!(\"hole {number} of 4, ")))
        .unwrap()
        .to_string();
    let text = text.replacen(&todo, line, 1);
    std::fs::write(&path, &text).unwrap();
    text
}

/// `--reset` on a lesson file holding the learner's own line keeps a copy,
/// says where, and prints the command that puts it back, which does.
#[test]
fn reset_keeps_the_learners_file_and_prints_the_command_that_puts_it_back() {
    let dir = v09_checkout("reset");
    let mine = write_hole(
        &dir,
        "search.rs",
        1,
        "            let value: i32 = 0; // mine",
    );
    let output = exercise(&dir, &["v09", "--reset"]);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let reset = std::fs::read_to_string(dir.join("exercise-v09/src/lesson/search.rs")).unwrap();
    let restore = stdout
        .lines()
        .find_map(|line| line.split_once("put it back, from book/exercises, with: "))
        .map(|(_, command)| command.to_string());
    let restored = restore.as_ref().map(|command| {
        let status = Command::new("sh")
            .args(["-c", command])
            .current_dir(&dir)
            .status();
        assert!(status.unwrap().success(), "{command}");
        std::fs::read_to_string(dir.join("exercise-v09/src/lesson/search.rs")).unwrap()
    });
    let _ = std::fs::remove_dir_all(dir.join("../.."));
    assert!(output.status.success(), "{stdout}");
    assert!(
        stdout.starts_with(
            "kept     exercise-v09/src/lesson/search.rs, your own lines in hole 1 (window), \
             as kept/exercise-v09/search.1.rs\n"
        ),
        "{stdout}"
    );
    assert!(!reset.contains("// mine"), "{reset}");
    assert_eq!(restored.as_deref(), Some(mine.as_str()), "{stdout}");
}

/// `--fill 1` fills hole 1 and leaves the learner's line in hole 2 as it
/// is; hole 1's own line, filled over, is kept first.
#[test]
fn fill_leaves_the_later_holes_alone_and_keeps_what_it_fills_over() {
    let dir = v09_checkout("fill");
    write_hole(&dir, "search.rs", 2, "            // my fail-high, to come");
    let output = exercise(&dir, &["v09", "--fill", "1"]);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let search = std::fs::read_to_string(dir.join("exercise-v09/src/lesson/search.rs")).unwrap();
    let kept_nothing = !dir.join("kept").exists();
    write_hole(&dir, "ordering.rs", 3, "    None // my pick");
    let path = dir.join("exercise-v09/src/lesson/ordering.rs");
    let text = std::fs::read_to_string(&path).unwrap();
    let mine = text.replacen("None // my pick", "None // my pick, again", 1);
    std::fs::write(&path, &mine).unwrap();
    let again = exercise(&dir, &["v09", "--fill", "3"]);
    let again = String::from_utf8_lossy(&again.stdout).into_owned();
    let copy = std::fs::read_to_string(dir.join("kept/exercise-v09/ordering.1.rs"));
    let _ = std::fs::remove_dir_all(dir.join("../.."));
    assert!(output.status.success(), "{stdout}");
    assert!(kept_nothing, "{stdout}");
    assert!(search.contains("-beta, -alpha,"), "{search}");
    assert!(search.contains("// my fail-high, to come"), "{search}");
    assert!(again.contains("your own lines in hole 3 (pick)"), "{again}");
    assert_eq!(copy.ok().as_deref(), Some(mine.as_str()));
}

/// A lesson file that is not UTF-8 text (a Latin-1 byte in a comment) is
/// kept byte for byte, with its `cp` line; `--fill 1` says that the later
/// holes of a file it could not read hole by hole went back to their
/// `todo!()`, and does not claim it left them as they were.
#[test]
fn a_file_that_is_not_utf8_is_kept_and_fill_says_what_it_did() {
    let dir = v09_checkout("latin1");
    write_hole(&dir, "search.rs", 2, "            // my fail-high, to come");
    let path = dir.join("exercise-v09/src/lesson/search.rs");
    let mut mine = std::fs::read(&path).unwrap();
    mine.extend_from_slice(b"// perch\xe9\n");
    std::fs::write(&path, &mine).unwrap();
    let output = exercise(&dir, &["v09", "--fill", "1"]);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let copy = std::fs::read(dir.join("kept/exercise-v09/search.1.rs"));
    let _ = std::fs::remove_dir_all(dir.join("../.."));
    assert!(output.status.success(), "{stdout}");
    assert!(
        stdout.starts_with(
            "kept     exercise-v09/src/lesson/search.rs, a file that is not UTF-8 text, \
             byte for byte, as kept/exercise-v09/search.1.rs\n         put it back, from \
             book/exercises, with: cp kept/exercise-v09/search.1.rs \
             exercise-v09/src/lesson/search.rs\n"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "filled   book/exercises/exercise-v09/src/lesson/search.rs (holes 1 to 1; its later \
             holes back to their todo!(): yours are in the copy kept above)"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("ordering.rs (holes 1 to 1; any later hole as it was)"),
        "{stdout}"
    );
    assert_eq!(copy.ok(), Some(mine));
}

/// The text `cargo exercise` prints with `args` in `dir`, after it
/// succeeded.
fn printed(dir: &Path, args: &[&str]) -> String {
    let output = exercise(dir, args);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{args:?}: {stdout}{stderr}");
    stdout
}

/// The level and the function of the hint `--hint` printed: `(2,
/// "alpha_beta")` for `hint 2 of 3 for alpha_beta (...`, `(3, ...)` for
/// the last given again.
fn level_of(printed: &str) -> (usize, String) {
    let first = printed.lines().next().unwrap_or_default();
    let (level, rest) = match first.strip_prefix("hint ") {
        Some(rest) => rest.split_once(" of ").unwrap(),
        None => first
            .strip_prefix("no hint after the last, ")
            .and_then(|rest| rest.split_once(" of "))
            .unwrap_or_else(|| panic!("{printed}")),
    };
    let function = rest.split_once(" for ").unwrap().1.split([' ', ',']).next();
    (level.parse().unwrap(), function.unwrap().to_string())
}

/// `--whole` writes each function under its contract, never a list of
/// the tracer's or the counters' calls; `--hint` then gives the first
/// function still a `todo!()` one level more each time, never past the
/// last, each function its own levels; `--reset` and `--whole` start them
/// over. None of this runs the checks: a body still a `todo!()` names
/// the function without them.
#[test]
fn hints_come_one_level_at_a_time_and_start_over_with_reset_or_whole() {
    let dir = v09_checkout("hints");
    printed(&dir, &["v09", "--whole"]);
    let search = std::fs::read_to_string(dir.join("exercise-v09/src/lesson/search.rs")).unwrap();
    let listed: Vec<&str> = search
        .lines()
        .filter(|line| line.trim_start().starts_with("///"))
        .filter(|line| line.contains("self.tracer.") || line.contains("self.counts."))
        .collect();
    let hints: Vec<String> = (0..4).map(|_| printed(&dir, &["v09", "--hint"])).collect();
    let levels: Vec<(usize, String)> = hints.iter().map(|text| level_of(text)).collect();
    let pick_text = printed(&dir, &["v09", "--hint", "pick"]);
    let pick = level_of(&pick_text);
    // The learner writes alpha_beta: the hints move on to Pick, still a todo!().
    let path = dir.join("exercise-v09/src/lesson/search.rs");
    let todo = search
        .lines()
        .find(|line| line.contains("todo!(\"the whole step, alpha_beta:"))
        .unwrap();
    std::fs::write(&path, search.replacen(todo, "        (0, None) // mine", 1)).unwrap();
    let next = level_of(&printed(&dir, &["v09", "--hint"]));
    printed(&dir, &["v09", "--reset"]);
    let state = dir.join("../../target/exercise-hints/exercise-v09.txt");
    let forgotten = !state.exists();
    printed(&dir, &["v09", "--whole"]);
    let again = level_of(&printed(&dir, &["v09", "--hint"]));
    printed(&dir, &["v09", "--hint"]);
    printed(&dir, &["v09", "--whole"]);
    let fresh = level_of(&printed(&dir, &["v09", "--hint"]));
    let _ = std::fs::remove_dir_all(dir.join("../.."));
    assert!(listed.is_empty(), "{listed:?}");
    let alpha_beta = |level| (level, "alpha_beta".to_string());
    assert_eq!(
        levels,
        [alpha_beta(1), alpha_beta(2), alpha_beta(3), alpha_beta(3)]
    );
    assert!(
        hints[0].contains("\"From NegaMax to alpha-beta\""),
        "{}",
        hints[0]
    );
    assert!(hints[0].contains("the next, hint 2 of 3: cargo exercise v09 --hint"));
    assert!(!hints[1].contains("self.tracer."), "{}", hints[1]);
    assert!(
        hints[2].contains("self.tracer.cut(ply, mv, value)"),
        "{}",
        hints[2]
    );
    assert!(hints[2].contains("that is the last hint for alpha_beta"));
    assert!(hints[3].starts_with("no hint after the last, 3 of 3, for alpha_beta"));
    assert_eq!(
        hints[3].lines().skip(1).collect::<Vec<_>>(),
        hints[2].lines().skip(1).collect::<Vec<_>>()
    );
    assert_eq!(pick, (1, "pick".to_string()));
    // Asked by name, the next is asked by name too.
    assert!(
        pick_text.contains("the next, hint 2 of 3: cargo exercise v09 --hint pick"),
        "{pick_text}"
    );
    assert_eq!(next, (2, "pick".to_string()));
    assert!(forgotten);
    assert_eq!(again, alpha_beta(1));
    assert_eq!(fresh, alpha_beta(1));
}

/// `--hint` where the lesson files hold the holes, for a function the
/// step does not have, or with another option, is refused in one line,
/// exit code 2.
#[test]
fn a_hint_that_cannot_be_given_is_refused_in_one_line() {
    let dir = v09_checkout("hint-refused");
    let holes = exercise(&dir, &["v09", "--hint"]);
    printed(&dir, &["v09", "--whole"]);
    let refused = [
        holes,
        exercise(&dir, &["v09", "--hint", "negamax"]),
        exercise(&dir, &["v09", "--hint", "--whole"]),
        exercise(&dir, &["v09", "--reset", "--hint"]),
    ];
    let _ = std::fs::remove_dir_all(dir.join("../.."));
    for output in &refused {
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.starts_with("error: "), "{stderr}");
        assert!(output.stdout.is_empty());
    }
    let said = |i: usize| String::from_utf8_lossy(&refused[i].stderr).into_owned();
    assert!(said(0).contains("hold its holes"), "{}", said(0));
    assert!(said(1).contains("no function `negamax`"), "{}", said(1));
}

/// A file that cannot be written stops `--reset` before any is written,
/// with exit code 2 and one line, and the learner's file is as it was.
#[test]
fn a_file_that_cannot_be_written_stops_reset_before_any_is_written() {
    let dir = v09_checkout("unwritable");
    let mine = write_hole(
        &dir,
        "search.rs",
        1,
        "            let value: i32 = 0; // mine",
    );
    let ordering = dir.join("exercise-v09/src/lesson/ordering.rs");
    write_hole(&dir, "ordering.rs", 3, "    None // my pick");
    // Root writes a file whatever its mode: a folder in place of the
    // slipped file, written last, cannot be written by anyone.
    let slip = dir.join("exercise-v09/src/slip/search.rs");
    std::fs::remove_file(&slip).unwrap();
    std::fs::create_dir(&slip).unwrap();
    let output = exercise(&dir, &["v09", "--reset"]);
    let search = std::fs::read_to_string(dir.join("exercise-v09/src/lesson/search.rs"));
    let ordering = std::fs::read_to_string(ordering).unwrap();
    let kept = dir.join("kept").exists();
    let _ = std::fs::remove_dir_all(dir.join("../.."));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.starts_with("error: cannot write "), "{stderr}");
    assert!(
        stderr.ends_with("is not a file; nothing was written\n"),
        "{stderr}"
    );
    assert!(output.stdout.is_empty() && !kept);
    assert_eq!(search.unwrap(), mine);
    assert!(ordering.contains("None // my pick"), "{ordering}");
}

/// A folder of its own under the system's temporary folder, empty.
fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("exercises-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `script` run by `sh`, as the watch runs the checks.
fn sh(script: &str) -> Command {
    let mut command = Command::new("sh");
    command.args(["-c", script]);
    command
}

/// Whether the process `pid` is gone (or a zombie nobody reaped yet).
fn gone(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(") ")
            .is_some_and(|(_, rest)| rest.starts_with('Z')),
    }
}

/// A save while the checks run stops them at once, the processes they
/// started too (here a `sleep` standing for the checks' binary under
/// cargo), and the watch is free to start another run.
#[cfg(unix)]
#[test]
fn a_save_stops_a_run_and_every_process_it_started() {
    let watched = fresh_dir("stop-watched");
    let pids = fresh_dir("stop-pids");
    let pid_file = pids.join("sleep.pid");
    let script = format!(
        "sleep 60 & echo $! > {}; echo 'exercise-vt: 2 checks, in the order of its holes'; wait",
        pid_file.display()
    );
    let file = watched.join("search.rs");
    let writer = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(700));
        std::fs::write(&file, "fn mine() {}\n").unwrap();
    });
    let started = Instant::now();
    let mut lines = Vec::new();
    let end = run_watched(
        sh(&script),
        &watched,
        Duration::from_secs(30),
        &mut |line| lines.push(line.to_string()),
    );
    let took = started.elapsed();
    writer.join().unwrap();
    let pid = std::fs::read_to_string(&pid_file).unwrap_or_default();
    let pid = pid.trim();
    let deadline = Instant::now() + Duration::from_secs(3);
    while !gone(pid) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    let sleep_gone = gone(pid);
    let _ = std::fs::remove_dir_all(&watched);
    let _ = std::fs::remove_dir_all(&pids);
    assert_eq!(end.unwrap(), RunEnd::Saved);
    assert!(took < Duration::from_secs(5), "{took:?}");
    assert_eq!(lines, ["exercise-vt: 2 checks, in the order of its holes"]);
    assert!(
        !pid.is_empty() && sleep_gone,
        "the run's `sleep` {pid} still runs"
    );
}

/// A swap file written while the checks run does not stop them.
#[cfg(unix)]
#[test]
fn a_swap_file_does_not_stop_a_run() {
    let watched = fresh_dir("swap-run");
    let swap = watched.join(".search.rs.swp");
    let writer = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        std::fs::write(&swap, "swap").unwrap();
    });
    let end = run_watched(
        sh("sleep 1; echo 'all 2 checks pass'"),
        &watched,
        Duration::from_secs(30),
        &mut |_| {},
    );
    writer.join().unwrap();
    let _ = std::fs::remove_dir_all(&watched);
    assert_eq!(
        end.unwrap(),
        RunEnd::Finished("all 2 checks pass\n".to_string())
    );
}

/// Ctrl-C on the watch ends the checks too: the terminal sends SIGINT to
/// its foreground group, the watch's, not to the checks' group of their
/// own. Here a `sleep` stands for the checks' binary under cargo.
#[cfg(unix)]
#[test]
fn ctrl_c_on_the_watch_ends_the_checks() {
    use std::os::unix::process::CommandExt;
    let dir = v09_checkout("ctrl-c");
    let pids = fresh_dir("ctrl-c-pids");
    let pid_file = pids.join("sleep.pid");
    let cargo = pids.join("cargo");
    let script = format!(
        "#!/bin/sh\nsleep 60 & echo $! > {}\nwait\n",
        pid_file.display()
    );
    std::fs::write(&cargo, script).unwrap();
    sh(&format!("chmod +x {}", cargo.display()))
        .status()
        .unwrap();
    // The watch in a group of its own, as a shell makes a foreground job.
    let mut watch = Command::new(env!("CARGO_BIN_EXE_exercise-watch"))
        .arg("v09")
        .current_dir(&dir)
        .env("CARGO", &cargo)
        .stdout(std::process::Stdio::null())
        .process_group(0)
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while !pid_file.exists() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_millis(200));
    let group = format!("-{}", watch.id());
    sh(&format!("kill -INT {group}")).status().unwrap();
    // A job started in the background of a script ignores SIGINT: there,
    // the watch is ended as a closed terminal would end it.
    let deadline = Instant::now() + Duration::from_secs(3);
    while watch.try_wait().unwrap().is_none() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    if watch.try_wait().unwrap().is_none() {
        sh(&format!("kill -HUP {group}")).status().unwrap();
    }
    let _ = watch.wait();
    let pid = std::fs::read_to_string(&pid_file).unwrap_or_default();
    let pid = pid.trim().to_string();
    let deadline = Instant::now() + Duration::from_secs(3);
    while !gone(&pid) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    let sleep_gone = gone(&pid);
    if !sleep_gone {
        let _ = sh(&format!("kill -KILL {pid}")).status();
    }
    let _ = std::fs::remove_dir_all(dir.join("../.."));
    let _ = std::fs::remove_dir_all(&pids);
    assert!(
        !pid.is_empty() && sleep_gone,
        "the checks' `sleep` {pid} still runs"
    );
}

/// Checks that print nothing for the silence limit once they have
/// started are stopped and said to be; the time a build takes before
/// them is not counted, and a run that ends is shown whole.
#[cfg(unix)]
#[test]
fn a_silent_run_is_stopped_and_a_build_is_not() {
    let watched = fresh_dir("silent");
    let started = Instant::now();
    let silent = run_watched(
        sh("echo 'exercise-vt: 2 checks, in the order of its holes'; echo '  ok    a'; sleep 60"),
        &watched,
        Duration::from_millis(500),
        &mut |_| {},
    );
    let took = started.elapsed();
    let built = run_watched(
        sh("sleep 1; echo 'all 2 checks pass'"),
        &watched,
        Duration::from_millis(200),
        &mut |_| {},
    );
    let _ = std::fs::remove_dir_all(&watched);
    assert_eq!(silent.unwrap(), RunEnd::Silent(Duration::from_millis(500)));
    assert!(took < Duration::from_secs(5), "{took:?}");
    assert_eq!(
        built.unwrap(),
        RunEnd::Finished("all 2 checks pass\n".to_string())
    );
}
