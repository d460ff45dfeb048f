//! Stockfish's judgement of a move, as `book/ladder/analysis/blunders.py`
//! makes it: one thread, a 16 MB table, 20,000 nodes a position, the
//! position before the move and the one after it, each from the side that
//! moved. A move that loses two pawns or more of that judgement is a
//! blunder, one that loses a pawn or more a mistake, in a position not
//! already decided (within five pawns).

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};

/// Where Debian's package puts Stockfish.
pub const STOCKFISH: &str = "/usr/games/stockfish";

/// The nodes Stockfish searches a position, as blunders.py's default.
pub const NODES: u64 = 20_000;

/// blunders.py's lines: a blunder, a mistake, a decided position, in
/// centipawns.
pub const BLUNDER: i32 = 200;
/// A mistake loses this much or more.
pub const MISTAKE: i32 = 100;
/// A position this far from even is decided.
pub const DECIDED: i32 = 500;

/// How long Stockfish may take to answer: 20,000 nodes take it a fraction
/// of a second, so a program silent this long is no UCI engine (or hangs).
pub const ANSWER_TIME: Duration = Duration::from_secs(30);

/// What Stockfish says of one position: its move and its value, in
/// centipawns from the side to move (a mate as ±10,000 less its moves, as
/// python-chess's `score(mate_score=10000)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Its best move, in UCI.
    pub best: String,
    /// Its value from the side to move.
    pub value: i32,
}

/// Asks Stockfish at `path` about the position reached by `moves` (UCI)
/// from `fen`.
pub fn analyse(path: &Path, fen: &str, moves: &[String]) -> Result<Verdict> {
    analyse_within(path, fen, moves, ANSWER_TIME)
}

/// [`analyse`], waiting at most `limit` for the answer.
fn analyse_within(path: &Path, fen: &str, moves: &[String], limit: Duration) -> Result<Verdict> {
    let mut child = Command::new(path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .with_context(|| format!("cannot start Stockfish '{}'", path.display()))?;
    let mut input = child
        .stdin
        .take()
        .ok_or_else(|| anyhow!("no pipe to Stockfish"))?;
    let position = if moves.is_empty() {
        format!("position fen {fen}")
    } else {
        format!("position fen {fen} moves {}", moves.join(" "))
    };
    write!(
        input,
        "uci\nsetoption name Threads value 1\nsetoption name Hash value 16\nisready\n\
         {position}\ngo nodes {NODES}\n"
    )
    .and_then(|()| input.flush())
    .with_context(|| {
        format!(
            "'{}' ended before it was asked: is it a UCI engine?",
            path.display()
        )
    })?;
    let output = child
        .stdout
        .take()
        .ok_or_else(|| anyhow!("no pipe from Stockfish"))?;
    // Read on a thread of its own, so that a program that never answers
    // `bestmove` is stopped after ANSWER_TIME rather than waited for.
    let (send, receive) = mpsc::channel();
    thread::spawn(move || {
        let _ = send.send(read_verdict(BufReader::new(output)));
    });
    let named = path.display().to_string();
    let verdict = receive
        .recv_timeout(limit)
        .map(|read| read.with_context(|| format!("asking '{named}'")));
    let verdict = verdict.unwrap_or_else(|_| {
        let _ = child.kill();
        Err(anyhow!(
            "'{}' gave no bestmove within {} s: is it a UCI engine?",
            path.display(),
            limit.as_secs()
        ))
    });
    let _ = writeln!(input, "quit");
    drop(input);
    let _ = child.wait();
    verdict
}

/// Reads Stockfish's answer up to `bestmove`: the last score told, and the
/// move.
fn read_verdict(output: impl BufRead) -> Result<Verdict> {
    let mut value = None;
    for line in output.lines() {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        if let Some(at) = words.iter().position(|&w| w == "score") {
            let number: Option<i32> = words.get(at + 2).and_then(|n| n.parse().ok());
            value = match (words.get(at + 1), number) {
                (Some(&"cp"), Some(cp)) => Some(cp),
                (Some(&"mate"), Some(m)) if m > 0 => Some(10_000 - m),
                (Some(&"mate"), Some(m)) => Some(-10_000 - m),
                _ => value,
            };
        }
        if words.first() == Some(&"bestmove") {
            let best = words.get(1).unwrap_or(&"0000").to_string();
            return Ok(Verdict {
                best,
                value: value.unwrap_or(0),
            });
        }
    }
    bail!("it ended before it answered bestmove: is it a UCI engine?")
}

/// blunders.py's word for a move that took the mover from `was` to
/// `now` (both from its side): `a blunder`, `a mistake`, or none.
pub fn judgement(was: i32, now: i32) -> Option<&'static str> {
    if was.abs() >= DECIDED {
        return None;
    }
    if was - now >= BLUNDER {
        Some("a blunder")
    } else if was - now >= MISTAKE {
        Some("a mistake")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_score_and_the_move_are_read() {
        let text = "info depth 1 score cp 20 nodes 10 pv e2e4\n\
                    info depth 2 score mate 3 nodes 90 pv d1h5\nbestmove d1h5 ponder g7g6\n";
        let verdict = read_verdict(text.as_bytes()).unwrap();
        assert_eq!(
            verdict,
            Verdict {
                best: "d1h5".into(),
                value: 9_997
            }
        );
        assert!(read_verdict("info depth 1\n".as_bytes()).is_err());
    }

    /// A program that echoes and never answers is stopped after the limit;
    /// one that ends at once, or is not there, is named.
    #[test]
    fn a_program_that_does_not_answer_is_named() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let silent = analyse_within(Path::new("cat"), start, &[], Duration::from_secs(1));
        let message = silent.unwrap_err().to_string();
        assert!(
            message.contains("'cat' gave no bestmove within 1 s"),
            "{message}"
        );
        let ended = analyse(Path::new("true"), start, &[]).unwrap_err();
        let ended = format!("{ended:#}");
        assert!(
            ended.contains("'true' ended before it was asked")
                || ended.contains("asking 'true': it ended before it answered bestmove"),
            "{ended}"
        );
        let missing = analyse(Path::new("/nonexistent/stockfish"), start, &[]).unwrap_err();
        assert!(
            format!("{missing:#}").contains("cannot start"),
            "{missing:#}"
        );
    }

    #[test]
    fn losses_are_judged_as_blunders_py_judges_them() {
        assert_eq!(judgement(50, -150), Some("a blunder"));
        assert_eq!(judgement(50, -49), None);
        assert_eq!(judgement(50, -50), Some("a mistake"));
        assert_eq!(judgement(600, 0), None);
    }
}
