//! The `book` program when its reader goes away, as `| head` does.

use std::process::{Command, Stdio};

/// Runs the program with `args` and its standard output already closed.
fn with_closed_output(args: &[&str]) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_book"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the book program");
    // Close the reading end before the program has started to write.
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("wait for the book program");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "{args:?}: {:?}: {stderr}",
        output.status
    );
    assert_eq!(stderr, "", "{args:?}");
}

#[test]
fn a_closed_pipe_ends_the_program_quietly() {
    // The program's help and two commands'.
    for args in [
        &["--help"][..],
        &["generate", "--help"],
        &["measure", "--help"],
    ] {
        with_closed_output(args);
    }
}
