//! UCI through the real binary: a `position fen` that describes a position
//! no game reaches is answered with an `info string` giving the FEN
//! reader's own message, as for every other bad FEN, and the `go` after
//! it plays no move of the last good position.
//!
//! The session is written in one go and the input closed: the engine
//! answers every command at once, refuses the search and ends. Every wait is bounded, so a hang fails the test instead of
//! blocking it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use common::Position;

/// The longest wait for the whole session; it should take milliseconds.
const SESSION: Duration = Duration::from_secs(10);

/// One FEN for each kind of position chess rules out.
const IMPOSSIBLE: [&str; 7] = [
    // Sixteen black pawns.
    "rnbqkbnr/pppppppp/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    // A seventeenth white piece.
    "rnbqkbnr/pppppppp/8/8/4N3/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
    // Three white queens beside eight white pawns.
    "QQQ1k3/8/8/8/8/8/PPPPPPPP/4K3 b - - 0 1",
    // An en-passant square with no pawn that could just have moved.
    "4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1",
    // Black in check from a bishop before White's e2-e4.
    "k7/8/8/8/4P3/8/8/4K2B b - e3 0 1",
    // Three pieces checking.
    "4k3/8/3N4/1B6/8/8/8/4R1K1 b - - 0 1",
    // Two knights checking.
    "4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1",
];

/// Runs the binary on `script` and returns every line it printed.
fn session(script: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_lamosca-v07"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(script.as_bytes()).unwrap();
    // Closing the input ends the session once the search is over.
    drop(stdin);
    let stdout = child.stdout.take().unwrap();
    let (sender, receiver) = mpsc::channel();
    thread::spawn(move || {
        let lines: Vec<String> = BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
            .collect();
        let _ = sender.send(lines);
    });
    let lines = receiver.recv_timeout(SESSION);
    let _ = child.kill();
    let _ = child.wait();
    lines.unwrap_or_else(|_| panic!("the session did not end within {SESSION:?}"))
}

#[test]
fn an_impossible_position_is_refused_and_go_plays_no_move() {
    let mut script = String::from("position startpos moves e2e4\n");
    for fen in IMPOSSIBLE {
        script.push_str(&format!("position fen {fen}\n"));
    }
    script.push_str("go depth 2\n");
    let lines = session(&script);

    // One answer per impossible FEN, in order, with the reader's message.
    for (line, fen) in lines.iter().zip(IMPOSSIBLE) {
        let error = Position::from_fen(fen).expect_err("the FEN is impossible");
        assert_eq!(
            *line,
            format!(
                "info string bad fen '{fen}': {error}; position refused, \
                 go answers 0000 until a valid position"
            )
        );
    }
    // The GUI believes in the last of them: a move of the position after
    // 1.e4 would be illegal there, so the search is refused.
    let last = IMPOSSIBLE[IMPOSSIBLE.len() - 1];
    assert_eq!(
        lines[IMPOSSIBLE.len()..],
        [
            format!("info string no position to search: 'position fen {last}' was refused"),
            "bestmove 0000".to_string(),
        ]
    );
}
