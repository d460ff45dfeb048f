//! A UCI session with a real engine, written down for the book.
//!
//! The chapter on GUIs shows what passes between a GUI and LaMoSca. Rather
//! than paste a session, `cargo run --release -p book -- session` runs one
//! with the engine binary, as a GUI would, and writes the transcript: `>`
//! for what the GUI sends, `<` for what the engine answers. Its times and
//! speeds differ from run to run, so the file goes to `measured/`, which
//! the tests never compare.

use std::time::{Duration, Instant};

use anyhow::{anyhow, Result};

use crate::process::Process;

/// What a GUI says in the sample session: the handshake, a game's second
/// move at ten seconds a side, and a position with a mate in one.
pub const SCRIPT: [&str; 8] = [
    "uci",
    "isready",
    "ucinewgame",
    "position startpos moves e2e4 e7e5",
    "go wtime 10000 btime 10000 winc 100 binc 100",
    "position fen r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    "go depth 3",
    "quit",
];

/// How long any answer may take.
const WAIT: Duration = Duration::from_secs(30);

/// The answer a command waits for, if it waits for one.
fn awaited(command: &str) -> Option<&'static str> {
    match command.split_whitespace().next() {
        Some("uci") => Some("uciok"),
        Some("isready") => Some("readyok"),
        Some("go") => Some("bestmove"),
        _ => None,
    }
}

/// Runs `script` with the engine `command` and returns the transcript.
pub fn run(command: &[String], script: &[&str]) -> Result<String> {
    let mut process = Process::spawn(command, None, "session")?;
    let mut transcript = String::new();
    for line in script {
        transcript.push_str(&format!("> {line}\n"));
        process.send(line)?;
        let Some(answer) = awaited(line) else {
            continue;
        };
        let deadline = Instant::now() + WAIT;
        loop {
            let received = process
                .receive(deadline)
                .map_err(|failure| anyhow!("after '{line}': {failure}"))?;
            transcript.push_str(&format!("< {received}\n"));
            if received.split_whitespace().next() == Some(answer) {
                break;
            }
        }
    }
    process.stop("quit");
    Ok(transcript)
}

/// The transcript as a markdown fragment, with a note of where it comes
/// from.
pub fn fragment(transcript: &str, engine: &str) -> String {
    format!(
        "<!-- Written by `cargo run --release -p book -- session --engine {engine}`. Times \
         differ from run to run, so the tests never compare this file with a fresh run. -->\n\
         ```text\n{transcript}```\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commands_that_wait_for_an_answer() {
        assert_eq!(awaited("uci"), Some("uciok"));
        assert_eq!(awaited("go depth 3"), Some("bestmove"));
        assert_eq!(awaited("position startpos"), None);
        assert_eq!(awaited("quit"), None);
    }

    #[test]
    fn the_mate_in_one_is_legal() {
        let fen = SCRIPT[5].strip_prefix("position fen ").unwrap();
        let position = common::Position::from_fen(fen).unwrap();
        assert!(position.parse_move("h5f7").is_ok());
    }
}
