//! A UCI session with a real engine, written down for the book.
//!
//! The chapter on GUIs shows what passes between a GUI and LaMoSca. Rather
//! than paste a session, `measure uci-session` runs one with the engine's
//! binary, as a GUI would, and writes the transcript: `>` for what the GUI
//! sends, `<` for what the engine answers.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context as _, Result};

/// How long any answer may take.
const WAIT: Duration = Duration::from_secs(30);

/// The answer a command waits for, if it waits for one.
pub(crate) fn awaited(command: &str) -> Option<&'static str> {
    match command.split_whitespace().next() {
        Some("uci") => Some("uciok"),
        Some("isready") => Some("readyok"),
        Some("go") => Some("bestmove"),
        _ => None,
    }
}

/// An engine's process, its output read line by line on a thread of its
/// own, so that a silent engine costs a timeout, not a hang.
struct Engine {
    child: Child,
    lines: Receiver<String>,
}

impl Engine {
    fn start(command: &[String]) -> Result<Engine> {
        let (program, arguments) = command.split_first().context("the command is empty")?;
        let mut child = Command::new(program)
            .args(arguments)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start {}", command.join(" ")))?;
        let stdout = child
            .stdout
            .take()
            .context("no pipe to the engine's output")?;
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line.trim_end().to_string()).is_err() {
                    break;
                }
            }
        });
        Ok(Engine { child, lines })
    }

    fn send(&mut self, line: &str) -> Result<()> {
        let stdin = self
            .child
            .stdin
            .as_mut()
            .context("the engine's input is closed")?;
        writeln!(stdin, "{line}")
            .and_then(|()| stdin.flush())
            .with_context(|| format!("the engine left before '{line}'"))
    }

    fn receive(&self, deadline: Instant) -> Result<String> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => bail!("no answer within {} s", WAIT.as_secs()),
            Err(RecvTimeoutError::Disconnected) => bail!("the engine left"),
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        // Closing its input ends a UCI engine; one that stays is killed.
        drop(self.child.stdin.take());
        let until = Instant::now() + Duration::from_millis(500);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs `script` with the engine `command` and returns the transcript.
pub fn run(command: &[String], script: &[&str]) -> Result<String> {
    let mut engine = Engine::start(command)?;
    let mut transcript = String::new();
    for line in script {
        transcript.push_str(&format!("> {line}\n"));
        engine.send(line)?;
        let Some(answer) = awaited(line) else {
            continue;
        };
        let deadline = Instant::now() + WAIT;
        loop {
            let received = engine
                .receive(deadline)
                .map_err(|error| anyhow!("after '{line}': {error}"))?;
            transcript.push_str(&format!("< {received}\n"));
            if received.split_whitespace().next() == Some(answer) {
                break;
            }
        }
    }
    Ok(transcript)
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
    fn a_command_that_does_not_start_is_an_error() {
        let error = run(&["/nonexistent/engine".to_string()], &["uci"]).unwrap_err();
        assert!(error
            .to_string()
            .starts_with("cannot start /nonexistent/engine"));
        assert!(run(&[], &["uci"]).is_err());
    }

    #[test]
    fn an_engine_that_leaves_is_an_error() {
        // `true` reads nothing and leaves at once: no `uciok` comes.
        let error = run(&["true".to_string()], &["uci"]).unwrap_err();
        assert!(format!("{error:#}").contains("'uci'"), "{error:#}");
    }
}
