//! The `book` program when its reader goes away, as `| head` does.

use std::process::{Command, Stdio};

#[test]
fn a_closed_pipe_ends_the_program_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_book"))
        .args(["match", "--help"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the book program");
    // Close the reading end before the program has started to write.
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("wait for the book program");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{:?}: {stderr}", output.status);
    assert_eq!(stderr, "");
}
