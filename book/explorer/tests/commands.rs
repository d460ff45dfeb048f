//! The two commands as processes: bad input is one line of standard error
//! and exit code 2, and `explore` with no terminal says what to do instead.

use std::process::{Command, Output, Stdio};

fn run(binary: &str, args: &[&str]) -> Output {
    Command::new(binary)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary starts")
}

#[test]
fn explore_without_a_terminal_points_to_search_record() {
    let explore = env!("CARGO_BIN_EXE_explore");
    let out = run(explore, &["v07", "--depth", "1"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("search --record FILE"), "{stderr}");
    let out = run(explore, &["--record", "x.jsonl", "v09"]);
    assert_eq!(out.status.code(), Some(2), "--record and a step together");
    let out = run(explore, &["v09", "--moves", "e2e5"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("'e2e5' is not a legal move"), "{stderr}");
}

#[test]
fn compare_names_a_missing_record() {
    let out = run(
        env!("CARGO_BIN_EXE_compare"),
        &["no-such-a.jsonl", "no-such-b.jsonl"],
    );
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("error: cannot read record A 'no-such-a.jsonl'"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}
