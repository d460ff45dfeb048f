//! UCI through a real binary (the one-ply stand-in engine of `tests/support/stub_engine.rs`):
//! one scripted session per behaviour, as a GUI would drive it, reading the
//! answers as they come.
//!
//! Every wait is bounded, so a hang fails the test instead of blocking it.
//! The bounds are generous: they check that an answer comes, not how fast.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

use common::Position;

/// The longest wait for an answer that should come at once.
const PROMPT: Duration = Duration::from_secs(5);

/// A running engine, spoken to line by line.
struct Session {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far, to show when something is missing.
    seen: Vec<String>,
}

impl Session {
    /// Starts the binary with no arguments, as a GUI does.
    fn start() -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_lamosca-stub"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Session {
            stdin: child.stdin.take(),
            child,
            lines,
            seen: Vec::new(),
        }
    }

    fn send(&mut self, command: &str) {
        let stdin = self.stdin.as_mut().expect("the input is open");
        writeln!(stdin, "{command}").unwrap();
        stdin.flush().unwrap();
    }

    /// The lines up to and including the first that starts with `prefix`,
    /// which must come within `timeout`.
    fn until(&mut self, prefix: &str, timeout: Duration) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    let found = line.starts_with(prefix);
                    lines.push(line);
                    if found {
                        return lines;
                    }
                }
                Err(_) => panic!(
                    "no line starting {prefix:?} within {timeout:?}; read so far:\n{}",
                    self.seen.join("\n")
                ),
            }
        }
    }

    /// The move of the next `bestmove` line.
    fn bestmove(&mut self, timeout: Duration) -> String {
        let lines = self.until("bestmove", timeout);
        let last = lines.last().unwrap();
        last.split_whitespace().nth(1).unwrap().to_string()
    }

    /// The move of the `bestmove` line that ends `lines`.
    fn bestmove_of(&self, lines: &[String]) -> String {
        let last = lines.last().unwrap();
        last.split_whitespace().nth(1).unwrap().to_string()
    }

    /// Closes the input (or not, after `quit`) and waits for the end.
    fn wait(mut self, close_input: bool) -> ExitStatus {
        if close_input {
            self.stdin = None;
        }
        let deadline = Instant::now() + PROMPT;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(Instant::now() < deadline, "the engine did not end");
            thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Asserts that `mv` is a legal move of `position`.
fn assert_legal(position: &Position, mv: &str) {
    assert!(
        position.parse_move(mv).is_ok(),
        "{mv} is not legal in {}",
        position.to_fen()
    );
}

#[test]
fn handshake_names_the_engine() {
    let mut engine = Session::start();
    engine.send("uci");
    let lines = engine.until("uciok", PROMPT);
    assert_eq!(lines[0], "id name LaMoSca stub");
    assert!(lines[1].starts_with("id author "));
    engine.send("isready");
    assert_eq!(engine.until("readyok", PROMPT), ["readyok"]);
}

#[test]
fn go_depth_answers_a_legal_move() {
    let mut engine = Session::start();
    engine.send("ucinewgame");
    engine.send("position startpos moves e2e4");
    engine.send("go depth 3");
    let lines = engine.until("bestmove", PROMPT);
    assert!(
        lines[0].starts_with("info depth 1 seldepth 1 score cp "),
        "{lines:?}"
    );
    assert!(lines[2].starts_with("info depth 3 "), "{lines:?}");
    let mv = lines.last().unwrap().split_whitespace().nth(1).unwrap();
    let mut position = Position::startpos();
    position.play_moves(&["e2e4"]).unwrap();
    assert_legal(&position, mv);

    // A GUI sends the next `go` as soon as it reads `bestmove`: the
    // engine must be free again by then.
    let reply = mv.to_string();
    engine.send(&format!("position startpos moves e2e4 {reply}"));
    engine.send("go depth 2");
    let lines = engine.until("bestmove", PROMPT);
    assert!(
        lines.iter().all(|line| !line.starts_with("info string")),
        "{lines:?}"
    );
    position.play_moves(&[reply]).unwrap();
    assert_legal(
        &position,
        lines.last().unwrap().split_whitespace().nth(1).unwrap(),
    );
}

#[test]
fn go_movetime_returns() {
    let mut engine = Session::start();
    engine.send("position startpos");
    engine.send("go movetime 200");
    let mv = engine.bestmove(PROMPT);
    assert_legal(&Position::startpos(), &mv);
}

#[test]
fn a_low_clock_still_gets_a_legal_move() {
    let mut engine = Session::start();
    engine.send("position startpos moves d2d4");
    engine.send("go wtime 300 btime 300");
    let mv = engine.bestmove(Duration::from_secs(3));
    let mut position = Position::startpos();
    position.play_moves(&["d2d4"]).unwrap();
    assert_legal(&position, &mv);
}

#[test]
fn go_infinite_answers_isready_and_stops_on_stop() {
    let mut engine = Session::start();
    engine.send("position startpos");
    engine.send("go infinite");
    engine.until("info depth 1 ", PROMPT);
    engine.send("isready");
    engine.until("readyok", PROMPT);
    engine.send("go depth 1");
    engine.until("info string go ignored", PROMPT);
    engine.send("stop");
    let mv = engine.bestmove(PROMPT);
    assert_legal(&Position::startpos(), &mv);
}

#[test]
fn a_huge_depth_is_clamped() {
    let mut engine = Session::start();
    engine.send("go depth 10000");
    engine.until("info string depth 10000 is outside 1 to 64", PROMPT);
    engine.send("stop");
    let mv = engine.bestmove(PROMPT);
    assert_legal(&Position::startpos(), &mv);
}

#[test]
fn unknown_commands_are_answered_and_the_loop_goes_on() {
    let mut engine = Session::start();
    engine.send("castle please");
    assert_eq!(
        engine.until("info string", PROMPT),
        ["info string unknown command: castle please"]
    );
    engine.send("isready");
    engine.until("readyok", PROMPT);
}

#[test]
fn after_a_refused_position_go_plays_no_move_of_another() {
    let mut engine = Session::start();
    engine.send("position startpos moves e2e4");
    engine.send("position startpos moves e2e4 e2e4");
    let lines = engine.until("info string", PROMPT);
    assert!(lines[0].contains("'e2e4' is not a legal move"), "{lines:?}");
    assert!(!lines[0].contains("stays"), "{lines:?}");
    // The GUI believes in the refused position: a move of the position
    // after 1. e4 would be illegal there, so none is played.
    engine.send("go depth 1");
    let lines = engine.until("bestmove", PROMPT);
    assert_eq!(
        lines,
        [
            "info string no position to search: 'position startpos moves e2e4 e2e4' was refused",
            "bestmove 0000"
        ]
    );
    // Under a clock, or with no limit at all, the answer is the same, at
    // once.
    engine.send("go infinite");
    assert_eq!(engine.bestmove(PROMPT), "0000");
    // A valid position ends it.
    engine.send("position startpos moves e2e4");
    engine.send("go depth 1");
    let mv = engine.bestmove(PROMPT);
    let mut position = Position::startpos();
    position.play_moves(&["e2e4"]).unwrap();
    assert_legal(&position, &mv);
}

#[test]
fn a_malformed_fen_is_answered() {
    let mut engine = Session::start();
    engine.send("position fen rnbqkbnr/pppppppp/8/8 w KQkq - 0 1");
    let lines = engine.until("info string", PROMPT);
    assert!(lines[0].starts_with("info string bad fen "), "{lines:?}");
}

#[test]
fn an_unknown_option_is_answered() {
    let mut engine = Session::start();
    engine.send("setoption name Hash value 64");
    assert_eq!(
        engine.until("info string", PROMPT),
        ["info string unknown option: Hash"]
    );
}

#[test]
fn no_legal_move_answers_the_null_move() {
    let mut engine = Session::start();
    // Fool's mate: White is mated.
    engine.send("position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    engine.send("go depth 3");
    assert_eq!(engine.bestmove(PROMPT), "0000");
    // Stalemate, on a clock.
    engine.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    engine.send("go wtime 1000 btime 1000");
    assert_eq!(engine.bestmove(PROMPT), "0000");
}

#[test]
fn quit_ends_the_program() {
    let mut engine = Session::start();
    engine.send("go infinite");
    engine.until("info depth 1 ", PROMPT);
    engine.send("quit");
    assert!(engine.wait(false).success());
}

#[test]
fn the_end_of_the_input_ends_the_program() {
    let mut engine = Session::start();
    engine.send("isready");
    engine.until("readyok", PROMPT);
    assert!(engine.wait(true).success());
}

#[test]
fn a_stop_during_a_depth_answers_the_last_depth_told() {
    let mut engine = Session::start();
    // The stand-in thinks about depth 2 until told to stop; depth 1 is
    // searched whole whatever the flag.
    engine.send("setoption name Stall value 2");
    engine.send("position startpos moves e2e4");
    engine.send("go infinite");
    engine.send("isready");
    // Depth 1's line may come before `readyok` or after it.
    let mut lines = engine.until("readyok", PROMPT);
    engine.send("stop");
    lines.extend(engine.until("bestmove", PROMPT));
    let infos: Vec<&String> = lines
        .iter()
        .filter(|line| line.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 1, "{lines:?}");
    assert!(infos[0].starts_with("info depth 1 "), "{lines:?}");
    let mv = lines.last().unwrap().split_whitespace().nth(1).unwrap();
    let pv_first = infos[0]
        .split(" pv ")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next();
    assert_eq!(Some(mv), pv_first, "{lines:?}");
    let mut position = Position::startpos();
    position.play_moves(&["e2e4"]).unwrap();
    assert_legal(&position, mv);
}

#[test]
fn movetime_begins_the_next_depth_and_stops_it_at_the_deadline() {
    let mut engine = Session::start();
    // Depth 3 searches its moves, then thinks on until the deadline.
    engine.send("setoption name Linger value 3");
    engine.send("go movetime 300");
    let lines = engine.until("bestmove", PROMPT);
    let depths: Vec<&str> = lines
        .iter()
        .filter_map(|line| line.strip_prefix("info depth "))
        .map(|rest| rest.split_whitespace().next().unwrap())
        .collect();
    // Depth 3 was begun whatever its cost, and not reported unfinished.
    assert_eq!(depths, ["1", "2"], "{lines:?}");
    assert_legal(&Position::startpos(), &engine.bestmove_of(&lines));
}

#[test]
fn ponderhit_starts_the_clock_and_does_not_stop_the_search() {
    let mut engine = Session::start();
    // Depth 2 thinks until it is stopped: by `stop`, or by the clock.
    engine.send("setoption name Linger value 2");
    engine.send("go ponder wtime 600000 btime 600000");
    engine.until("info depth 1 ", PROMPT);
    engine.send("ponderhit");
    // Ten minutes on the clock give the move a budget of 20 seconds: the
    // search goes on after the ponder hit, and answers `isready` first.
    engine.send("isready");
    let lines = engine.until("readyok", PROMPT);
    assert!(
        !lines.iter().any(|line| line.starts_with("bestmove")),
        "{lines:?}"
    );
    engine.send("stop");
    assert_legal(&Position::startpos(), &engine.bestmove(PROMPT));
}

#[test]
fn after_ponderhit_the_clock_ends_the_search() {
    let mut engine = Session::start();
    engine.send("setoption name Linger value 2");
    engine.send("go ponder wtime 300 btime 300");
    engine.until("info depth 1 ", PROMPT);
    // Pondering waits for `stop` or `ponderhit`, whatever the clock says.
    engine.send("isready");
    let lines = engine.until("readyok", PROMPT);
    assert!(!lines.iter().any(|line| line.starts_with("bestmove")));
    // From the hit, a low clock's few milliseconds end the search, with
    // no `stop`.
    engine.send("ponderhit");
    assert_legal(&Position::startpos(), &engine.bestmove(PROMPT));
    engine.send("ponderhit");
    engine.until(
        "info string ponderhit ignored: no search is running",
        PROMPT,
    );
}

#[test]
fn input_out_of_proportion_is_refused_and_the_loop_goes_on() {
    let mut engine = Session::start();
    // An unknown command is echoed shortened, however long.
    engine.send(&"garbage".repeat(10_000));
    let lines = engine.until("info string unknown command", PROMPT);
    assert!(lines.last().unwrap().len() < 100, "{lines:?}");
    // So is a bad FEN of 100,000 characters, and a move as long.
    engine.send(&format!("position fen {}", "p".repeat(100_000)));
    let lines = engine.until("info string bad fen", PROMPT);
    assert!(lines.last().unwrap().len() < 400, "{lines:?}");
    // And the go that follows names it shortened.
    engine.send("go depth 1");
    let lines = engine.until("bestmove", PROMPT);
    let named = format!("'position fen {}...' was refused", "p".repeat(96));
    assert!(lines[0].ends_with(&named), "{lines:?}");
    assert_eq!(lines[1], "bestmove 0000");
    engine.send(&format!("position startpos moves {}", "e".repeat(100_000)));
    let lines = engine.until("info string move 1 of the list", PROMPT);
    assert!(lines.last().unwrap().len() < 400, "{lines:?}");
    engine.send(&format!(
        "setoption name Stall value {}",
        "9".repeat(100_000)
    ));
    let lines = engine.until("info string", PROMPT);
    assert!(lines.last().unwrap().len() < 400, "{lines:?}");
    // A line past the limit is refused unread.
    engine.send(&"x".repeat(lamosca_front::uci::MAX_LINE + 10));
    engine.until("info string a line of more than", PROMPT);
    // A refused go starts no search: isready, then no bestmove.
    engine.send("go nodes -5");
    engine.until("info string go: nodes -5 is below zero; go refused", PROMPT);
    engine.send("go movetime x");
    engine.until("info string go: movetime needs a whole number; go", PROMPT);
    engine.send("isready");
    let lines = engine.until("readyok", PROMPT);
    assert!(
        lines.iter().all(|line| !line.starts_with("bestmove")),
        "{lines:?}"
    );
    // A huge movetime is a number.
    engine.send("go movetime 18446744073709551615 depth 1");
    engine.until("bestmove", PROMPT);
    engine.send("quit");
    assert!(engine.wait(false).success());
}
