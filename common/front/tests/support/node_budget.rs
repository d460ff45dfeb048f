//! A step's binary under `go nodes N`, through UCI as a GUI speaks it: the
//! input stays open until `bestmove` comes. Every step's tests include this
//! file and run [`check_node_budgets`] on their own binary.
//!
//! Each budget must be kept: the last `info` line counts at most N nodes,
//! unless it is the only one, the first iteration's (depth 1, or v0.11's
//! depth 2), which a budgeted search always finishes. The move played is
//! the first move of that line, the deepest finished depth's.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::Duration;

/// The longest wait for one answer; a budgeted search takes milliseconds.
const ANSWER: Duration = Duration::from_secs(60);

/// The positions, as `position` gives them, and the budgets tried on each.
const CASES: [(&str, &[u64]); 3] = [
    ("startpos", &[1, 30, 100, 442, 1_000, 5_000, 20_000]),
    ("startpos moves e2e4 e7e5", &[500, 895, 3_000]),
    (
        "fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
        &[50, 2_000, 10_000],
    ),
];

/// A running engine: its input, and its output line by line.
struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start(binary: &str) -> Engine {
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

    fn send(&mut self, command: &str) {
        writeln!(self.input, "{command}").expect("the engine reads");
    }

    /// The lines up to `bestmove`, that one included.
    fn until_bestmove(&self, asked: &str) -> Vec<String> {
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

/// The number after `name` in an `info` line.
fn field(line: &str, name: &str) -> u64 {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|&word| word == name).unwrap();
    words[at + 1].parse().unwrap()
}

/// Sends `go nodes N` for each case to `binary`, and checks each answer.
pub fn check_node_budgets(binary: &str) {
    let mut engine = Engine::start(binary);
    for (position, budgets) in CASES {
        for &budget in budgets {
            let asked = format!("position {position}, go nodes {budget}");
            engine.send(&format!("position {position}"));
            engine.send(&format!("go nodes {budget}"));
            let lines = engine.until_bestmove(&asked);
            let infos: Vec<&String> = lines
                .iter()
                .filter(|line| line.starts_with("info depth"))
                .collect();
            let last = infos
                .last()
                .unwrap_or_else(|| panic!("{asked}: no info line: {lines:?}"));
            let (depth, nodes) = (field(last, "depth"), field(last, "nodes"));
            assert!(
                nodes <= budget || (infos.len() == 1 && depth <= 2),
                "{asked}: depth {depth} finished at {nodes} nodes: {lines:?}"
            );
            let pv_first = last
                .split(" pv ")
                .nth(1)
                .and_then(|pv| pv.split_whitespace().next());
            let played = lines.last().unwrap().split_whitespace().nth(1);
            assert_eq!(played, pv_first, "{asked}: {lines:?}");
        }
    }
    engine.send("quit");
}
