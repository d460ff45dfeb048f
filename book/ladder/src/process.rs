//! An engine in its own process, spoken to in lines of text.
//!
//! Both protocols are lines on the engine's standard input and output. A
//! thread reads the output and hands each line over a channel, so that the
//! match can wait for an answer with a deadline: an engine that hangs
//! costs its game, not the match. When the output closes (the engine
//! crashed or quit) the channel closes with it.
//!
//! The engine's standard error is thrown away: neither protocol uses it.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use crate::player::Failure;

/// The protocol an engine process speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// UCI, as LaMoSca and Stockfish speak it.
    Uci,
    /// xboard (CECP) version 2, as Fairy-Max speaks it.
    Xboard,
}

/// An engine process: what to run and how to talk to it.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    /// The protocol it speaks.
    pub protocol: Protocol,
    /// The program and its arguments.
    pub command: Vec<String>,
    /// Options set after the handshake: `setoption name N value V` in UCI,
    /// `option N=V` in xboard.
    pub options: Vec<(String, String)>,
    /// A name to use instead of the one the engine gives.
    pub name: Option<String>,
    /// Where to copy the dialogue, if anywhere.
    pub log: Option<Log>,
}

impl EngineSpec {
    /// Reads `[uci:|xboard:]COMMAND ARGS...`: UCI unless told otherwise.
    /// The words are split at spaces; there is no quoting.
    pub fn parse(text: &str) -> Result<EngineSpec, String> {
        let (protocol, command) = if let Some(rest) = text.strip_prefix("uci:") {
            (Protocol::Uci, rest)
        } else if let Some(rest) = text.strip_prefix("xboard:") {
            (Protocol::Xboard, rest)
        } else {
            (Protocol::Uci, text)
        };
        let command: Vec<String> = command.split_whitespace().map(str::to_string).collect();
        if command.is_empty() {
            return Err(format!("engine '{text}' has no command"));
        }
        Ok(EngineSpec {
            protocol,
            command,
            options: Vec::new(),
            name: None,
            log: None,
        })
    }

    /// The program's file name, the name of last resort.
    pub fn program_name(&self) -> String {
        let program = self.command.first().map(String::as_str).unwrap_or("engine");
        program.rsplit('/').next().unwrap_or(program).to_string()
    }
}

/// How long an engine is given to leave after `quit` before it is killed.
const QUIT_WAIT: Duration = Duration::from_millis(500);

/// A running engine.
pub struct Process {
    child: Child,
    /// `None` once closed, so that the engine sees the end of its input.
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    log: Option<Tagged>,
}

impl Process {
    /// Starts `command` (the program, then its arguments), copying the
    /// dialogue to `log`, its lines tagged with `tag`.
    pub fn spawn(command: &[String], log: Option<&Log>, tag: &str) -> Result<Process, Failure> {
        let Some((program, arguments)) = command.split_first() else {
            return Err(Failure::Start("the command is empty".to_string()));
        };
        let mut child = Command::new(program)
            .args(arguments)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|error| Failure::Start(format!("{}: {error}", command.join(" "))))?;
        let stdin = child.stdin.take();
        let Some(stdout) = child.stdout.take() else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(Failure::Start("no pipe to the engine's output".to_string()));
        };
        let (sender, lines) = mpsc::channel();
        let reader = thread::Builder::new()
            .name("engine output".to_string())
            .spawn(move || {
                let mut stdout = BufReader::new(stdout);
                let mut bytes = Vec::new();
                loop {
                    bytes.clear();
                    match stdout.read_until(b'\n', &mut bytes) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {}
                    }
                    let line = String::from_utf8_lossy(&bytes).trim_end().to_string();
                    if sender.send(line).is_err() {
                        break;
                    }
                }
            });
        if let Err(error) = reader {
            let _ = child.kill();
            let _ = child.wait();
            return Err(Failure::Start(format!("cannot read the engine: {error}")));
        }
        Ok(Process {
            child,
            stdin,
            lines,
            log: log.map(|log| Tagged {
                log: log.clone(),
                tag: tag.to_string(),
            }),
        })
    }

    /// Writes one line to the engine. A closed pipe fails as
    /// [`Failure::Closed`]: the engine is gone.
    pub fn send(&mut self, line: &str) -> Result<(), Failure> {
        if let Some(log) = &self.log {
            log.line('>', line);
        }
        let stdin = self.stdin.as_mut().ok_or(Failure::Closed)?;
        writeln!(stdin, "{line}")
            .and_then(|()| stdin.flush())
            .map_err(|_| Failure::Closed)
    }

    /// The engine's next line, waiting until `deadline` at the latest.
    pub fn receive(&mut self, deadline: Instant) -> Result<String, Failure> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                if let Some(log) = &self.log {
                    log.line('<', &line);
                }
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => Err(Failure::Silent),
            Err(RecvTimeoutError::Disconnected) => Err(Failure::Closed),
        }
    }

    /// Reads lines until `wanted` accepts one, and returns what it made
    /// of it; other lines are skipped.
    pub fn receive_until<T>(
        &mut self,
        deadline: Instant,
        mut wanted: impl FnMut(&str) -> Option<T>,
    ) -> Result<T, Failure> {
        loop {
            let line = self.receive(deadline)?;
            if let Some(found) = wanted(&line) {
                return Ok(found);
            }
        }
    }

    /// Says `quit` (the word of the protocol), closes the engine's input
    /// and gives it half a second to leave; then kills it.
    pub fn stop(mut self, quit: &str) {
        let _ = self.send(quit);
        self.stdin = None;
        let until = Instant::now() + QUIT_WAIT;
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(5));
        }
        // Drop kills it.
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// A file that receives the dialogue of every engine of a match, one line
/// per line sent (`>`) or received (`<`), tagged with the game and the
/// engine: `12 v0.10 > go wtime 9870 btime 9930 winc 100 binc 100`.
#[derive(Clone)]
pub struct Log(Arc<Mutex<BufWriter<File>>>);

impl Log {
    /// A log written to `path`, which is created or emptied.
    pub fn create(path: &Path) -> io::Result<Log> {
        Ok(Log(Arc::new(Mutex::new(BufWriter::new(File::create(
            path,
        )?)))))
    }

    /// Writes out what is buffered.
    pub fn flush(&self) {
        let mut file = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let _ = file.flush();
    }
}

impl std::fmt::Debug for Log {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Log")
    }
}

/// A log with the tag of one engine in one game.
struct Tagged {
    log: Log,
    tag: String,
}

impl Tagged {
    fn line(&self, direction: char, line: &str) {
        let mut file = self.log.0.lock().unwrap_or_else(PoisonError::into_inner);
        // A log that cannot be written must not stop the match.
        let _ = writeln!(file, "{} {direction} {line}", self.tag);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engines_are_uci_unless_told_otherwise() {
        let spec = EngineSpec::parse("target/release/lamosca-v09").unwrap();
        assert_eq!(spec.protocol, Protocol::Uci);
        assert_eq!(spec.program_name(), "lamosca-v09");
        let spec = EngineSpec::parse("xboard:/usr/games/fairymax 22").unwrap();
        assert_eq!(spec.protocol, Protocol::Xboard);
        assert_eq!(spec.command, ["/usr/games/fairymax", "22"]);
        assert!(EngineSpec::parse("uci:").is_err());
    }
}
