//! A step's binary run as a GUI runs it, for the process tests of every
//! step: its input stays open, its output is read line by line on a
//! thread of its own, and a wait for an answer has a limit.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::Duration;

/// The longest wait for one answer; every search asked here takes at most
/// a second or two.
const ANSWER: Duration = Duration::from_secs(60);

/// A running engine: its input, and its output line by line.
pub struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    pub fn start(binary: &str) -> Engine {
        let mut child = Command::new(binary)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in output.lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            input,
            lines,
        }
    }

    pub fn send(&mut self, command: &str) {
        writeln!(self.input, "{command}").expect("the engine reads");
    }

    /// The lines up to `bestmove`, that one included.
    pub fn until_bestmove(&self, asked: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(ANSWER)
                .unwrap_or_else(|_| panic!("{asked}: no bestmove within {ANSWER:?}: {lines:?}"));
            let done = line.starts_with("bestmove");
            lines.push(line);
            if done {
                return lines;
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The move `bestmove` played, and the first move of the last `info`
/// line's `pv`, in the lines up to `bestmove`; `None` for a missing one.
pub fn played_and_last_pv(lines: &[String]) -> (Option<&str>, Option<&str>) {
    let pv_first = lines
        .iter()
        .rev()
        .find(|line| line.starts_with("info depth") && line.contains(" pv "))
        .and_then(|line| line.split(" pv ").nth(1))
        .and_then(|pv| pv.split_whitespace().next());
    let played = lines
        .last()
        .filter(|line| line.starts_with("bestmove"))
        .and_then(|line| line.split_whitespace().nth(1));
    (played, pv_first)
}
