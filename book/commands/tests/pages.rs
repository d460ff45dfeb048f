//! Every command that README.md, book/README.md and the chapters print,
//! run as printed from the folder its page names (see the crate's doc
//! for the trailing comments a page uses). The pages one after the other
//! and each block in one shell, as a learner runs them: the commands share
//! the repository's files and its `target/`.
//!
//! `PAGES=v09 cargo test` runs only the pages whose path holds `v09`, and
//! `BLOCK_SECONDS=600` gives each block ten minutes rather than forty.
//! Files a block writes that git does not know (a record, a log) are
//! removed after it; files git knows must be as they were.

use std::path::{Path, PathBuf};
use std::process::Command as Process;
use std::time::Duration;

use page_commands::blocks::{blocks, commands_in_text_blocks, Command, Mode};
use page_commands::matching::{diff, matches};
use page_commands::pages;
use page_commands::shell::{installed, run, Outcome};

/// The longest a block may take, unless `BLOCK_SECONDS` says otherwise:
/// a cold release build of the book's program, with its fat link, is the
/// slowest thing a page asks for.
fn limit() -> Duration {
    let seconds = std::env::var("BLOCK_SECONDS").ok();
    Duration::from_secs(seconds.and_then(|s| s.parse().ok()).unwrap_or(40 * 60))
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the repository root")
}

/// A page's path from the root, as its failures name it.
fn name(root: &Path, page: &Path) -> String {
    page.strip_prefix(root)
        .unwrap_or(page)
        .display()
        .to_string()
}

/// Git's answer to `args`, in `root`.
fn git(root: &Path, args: &[&str]) -> String {
    let output = Process::new("git")
        .args(args)
        .current_dir(root)
        .output()
        .expect("git runs: the pages' commands are checked in a checkout");
    assert!(output.status.success(), "git {args:?} failed");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The files git does not track and does not ignore.
fn untracked(root: &Path) -> Vec<String> {
    git(root, &["ls-files", "--others", "--exclude-standard"])
        .lines()
        .map(str::to_string)
        .collect()
}

/// The line the shell runs for `command`: `--help` in the place of one
/// that cannot run unattended.
fn script_line(command: &Command) -> String {
    match &command.mode {
        Mode::HelpOnly(_) => format!("{} --help", command.text),
        _ => command.text.clone(),
    }
}

/// What is wrong with `command`'s `outcome`, if anything.
fn check(command: &Command, outcome: &Outcome) -> Result<(), String> {
    let lines: Vec<&str> = outcome.output.lines().collect();
    let tail = lines[lines.len().saturating_sub(30)..].join("\n");
    if outcome.status != command.status {
        return Err(format!(
            "exit code {}, the page expects {}; its last lines:\n{tail}",
            outcome.status, command.status
        ));
    }
    if command.mode == Mode::NoTerminal && !outcome.output.contains("terminal") {
        return Err(format!(
            "without a terminal it must say that it needs one:\n{tail}"
        ));
    }
    match &command.output {
        Some(expected) if !matches(expected, &outcome.output) => Err(format!(
            "its output is not the page's:\n{}",
            diff(expected, &outcome.output)
        )),
        _ => Ok(()),
    }
}

/// Runs the blocks of `page`; returns the failures, each with its place.
fn run_page(root: &Path, page: &Path) -> Vec<String> {
    let name = name(root, page);
    let text = std::fs::read_to_string(page).expect("a page reads");
    let mut failures = Vec::new();
    for block in blocks(&text) {
        let (runnable, skipped): (Vec<Command>, Vec<Command>) = block
            .commands
            .into_iter()
            .partition(|command| command.needs.as_deref().is_none_or(installed));
        for command in &skipped {
            let needs = command.needs.as_deref().unwrap_or_default();
            println!(
                "skip {name}:{}: needs {needs}, not installed here",
                command.line
            );
        }
        let before = untracked(root);
        let lines: Vec<String> = runnable.iter().map(script_line).collect();
        let outcomes = run(&lines, root, limit()).expect("bash starts");
        for (i, command) in runnable.iter().enumerate() {
            let place = format!("{name}:{}", command.line);
            let result = match outcomes.get(i) {
                Some(outcome) => check(command, outcome).map(|()| outcome.seconds),
                None => Err(format!("the block ran out of its {} s", limit().as_secs())),
            };
            match result {
                Ok(seconds) => println!("ok   {place} ({seconds:.1} s): {}", lines[i]),
                Err(error) => {
                    println!("FAIL {place}: {}", lines[i]);
                    failures.push(format!("{place}: `{}`: {error}", lines[i]));
                }
            }
        }
        for file in untracked(root).iter().filter(|file| !before.contains(file)) {
            let _ = std::fs::remove_file(root.join(file));
        }
    }
    failures
}

#[test]
fn every_command_the_pages_print_runs_as_printed() {
    let root = root();
    let tracked = git(&root, &["diff", "HEAD"]);
    let only = std::env::var("PAGES").unwrap_or_default();
    let mut failures = Vec::new();
    let mut ran = 0;
    for page in pages(&root).expect("the pages are there") {
        if name(&root, &page).contains(&only) {
            ran += 1;
            failures.extend(run_page(&root, &page));
        }
    }
    assert!(ran > 0, "no page's path holds `{only}`");
    assert_eq!(
        git(&root, &["diff", "HEAD"]),
        tracked,
        "the pages' commands changed files that git tracks"
    );
    assert!(
        failures.is_empty(),
        "{} command(s) do not run as their pages print them:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn every_command_a_page_prints_is_in_a_block_the_test_runs() {
    let root = root();
    let mut found = Vec::new();
    for page in pages(&root).expect("the pages are there") {
        let text = std::fs::read_to_string(&page).expect("a page reads");
        for line in commands_in_text_blocks(&text) {
            found.push(format!("{}:{line}", name(&root, &page)));
        }
    }
    assert!(
        found.is_empty(),
        "these plain blocks print a command, which only ```sh or ```console blocks do:\n{}",
        found.join("\n")
    );
}
