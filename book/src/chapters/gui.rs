//! The GUI chapter, "Playing against LaMoSca in a GUI": what passes
//! between a GUI and the engine in a UCI session.
//!
//! Two transcripts of one script, the handshake then two searches. The
//! generated one runs v0.10's UCI loop in this process, with each search
//! given a depth instead of a clock: the depth, value, nodes and line of
//! every iteration are the same on every machine, so the tests keep them
//! true. Only the two fields that read a clock, `nps` and `time`, are left
//! out of it. The measured one (`measure uci-session`) runs the release
//! binary as a GUI would, with ten seconds on each clock for the first
//! search; how deep it gets depends on the machine, but every iteration it
//! finishes must print the same figures as the generated transcript, and
//! `tests/claims.rs` checks that it does.

use std::io::{self, Read, Write};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;
use std::time::Duration;

use anyhow::{anyhow, bail, Context as _, Result};
use lamosca_v10_quiescence::QuiescenceSearch;

use crate::chapter::{Chapter, Sources};
use crate::files::{Generated, Workspace};
use crate::markdown::md;
use crate::measure::measured_header;
use crate::session::awaited;

/// The GUI chapter.
pub const CHAPTER: Chapter = Chapter {
    page: "gui.md",
    krate: None,
    generated,
    measured: &[("uci-session", measured)],
};

/// The position of the game's second move, after 1.e4 e5.
const GAME: &str = "position startpos moves e2e4 e7e5";

/// The Scholar's Mate position, where White mates in one (`h5f7`).
const MATE: &str =
    "position fen r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";

/// The depth the generated transcript gives the game's move: at least as
/// deep as the release binary gets with ten seconds on its clock.
pub const GAME_DEPTH: u32 = 5;

/// The script of the generated transcript: the handshake, the game's move
/// to [`GAME_DEPTH`], the mate to depth 3.
fn generated_script() -> Vec<String> {
    vec![
        "uci".into(),
        "isready".into(),
        "ucinewgame".into(),
        GAME.into(),
        format!("go depth {GAME_DEPTH}"),
        MATE.into(),
        "go depth 3".into(),
        "quit".into(),
    ]
}

/// The script of the measured transcript: the same, with the game's move
/// searched under a clock, ten seconds a side and a tenth of increment.
pub const MEASURED_SCRIPT: [&str; 8] = [
    "uci",
    "isready",
    "ucinewgame",
    GAME,
    "go wtime 10000 btime 10000 winc 100 binc 100",
    MATE,
    "go depth 3",
    "quit",
];

/// Where the generated transcript goes, under `generated/`.
pub const GENERATED_PATH: &str = "tables/uci-session.md";

/// Where the measured transcript goes, under `measured/`.
pub const MEASURED_PATH: &str = "uci-session.md";

/// The engine binary the measured transcript runs, from the root.
const BINARY: &str = "target/release/lamosca-v10-quiescence";

/// How long the in-process session may take in all, in a debug build.
const WITHIN: Duration = Duration::from_secs(300);

fn generated(_: &Sources) -> Result<Vec<Generated>> {
    let script = generated_script();
    let transcript = in_process(&script)?;
    let body = format!(
        "```text\n{}```\n",
        transcript
            .lines()
            .map(|line| format!("{line}\n"))
            .collect::<String>()
    );
    Ok(vec![md(GENERATED_PATH, body)])
}

/// The session with v0.10's UCI loop run on a thread of this process: each
/// line of `script` is sent once the previous one has been answered, as a
/// GUI does. The lines that read a clock are made timeless by
/// [`timeless`].
fn in_process(script: &[String]) -> Result<String> {
    let (to_engine, commands) = mpsc::channel::<String>();
    let (answers, from_engine) = mpsc::channel::<String>();
    let engine = thread::spawn(move || {
        lamosca_front::uci::run::<QuiescenceSearch>(
            io::BufReader::new(Lines::new(commands)),
            LineWriter {
                pending: Vec::new(),
                to: answers,
            },
        )
    });
    let mut transcript = String::new();
    for line in script {
        transcript.push_str(&format!("> {line}\n"));
        to_engine
            .send(line.clone())
            .map_err(|_| anyhow!("the UCI loop ended before '{line}'"))?;
        let Some(awaited) = awaited(line) else {
            continue;
        };
        loop {
            let answer = from_engine
                .recv_timeout(WITHIN)
                .with_context(|| format!("no '{awaited}' after '{line}'"))?;
            if let Some(kept) = timeless(&answer) {
                transcript.push_str(&format!("< {kept}\n"));
            }
            if answer.split_whitespace().next() == Some(awaited) {
                break;
            }
        }
    }
    drop(to_engine);
    engine
        .join()
        .map_err(|_| anyhow!("the UCI loop panicked"))?;
    Ok(transcript)
}

/// An answer without what reads a clock: an `info depth` line loses its
/// `nps` and `time` fields, and any other `info` line but `info string`
/// is dropped. Everything else is kept as it is.
pub fn timeless(answer: &str) -> Option<String> {
    let words: Vec<&str> = answer.split_whitespace().collect();
    if words.first() != Some(&"info") {
        return Some(answer.to_string());
    }
    if words.get(1) != Some(&"depth") {
        return (words.get(1) == Some(&"string")).then(|| answer.to_string());
    }
    let mut kept = Vec::new();
    let mut i = 0;
    while i < words.len() {
        if matches!(words[i], "nps" | "time") && i + 1 < words.len() {
            i += 2;
            continue;
        }
        kept.push(words[i]);
        i += 1;
    }
    Some(kept.join(" "))
}

/// Commands handed over a channel, read as the lines of an input.
struct Lines {
    commands: Receiver<String>,
    buffer: Vec<u8>,
    at: usize,
}

impl Lines {
    fn new(commands: Receiver<String>) -> Lines {
        Lines {
            commands,
            buffer: Vec::new(),
            at: 0,
        }
    }
}

impl Read for Lines {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.at == self.buffer.len() {
            // A closed channel is the end of the input.
            let Ok(line) = self.commands.recv() else {
                return Ok(0);
            };
            self.buffer = format!("{line}\n").into_bytes();
            self.at = 0;
        }
        let n = out.len().min(self.buffer.len() - self.at);
        out[..n].copy_from_slice(&self.buffer[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// The engine's output, handed back a whole line at a time.
struct LineWriter {
    pending: Vec<u8>,
    to: Sender<String>,
}

impl Write for LineWriter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(bytes);
        while let Some(end) = self.pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.pending.drain(..=end).collect();
            let text = String::from_utf8_lossy(&line).trim_end().to_string();
            // Whoever reads may have stopped listening; the loop goes on.
            let _ = self.to.send(text);
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The measured transcript: the release binary run as a GUI runs it.
fn measured() -> Result<Vec<Generated>> {
    let root = Workspace::here().root;
    let binary = root.join(BINARY);
    if !binary.is_file() {
        bail!("no {BINARY}: run `cargo build --release -p lamosca-v10-quiescence` first");
    }
    let transcript = crate::session::run(&[binary.display().to_string()], &MEASURED_SCRIPT)?;
    let how = format!(
        "The engine is `{BINARY}`, run as a GUI runs it, reading the script on its standard \
         input: `>` is what the script sends, `<` what the engine answers. The first search \
         has a clock, so how deep it gets depends on the machine; the nodes, values and lines \
         of every depth it finishes are those of the generated transcript."
    );
    let body = format!("{}```text\n{transcript}```\n", measured_header(&how));
    Ok(vec![Generated::new(MEASURED_PATH, body)])
}

/// The lines of a transcript answered to each `go`, in order: one list of
/// answers per search.
pub fn searches(transcript: &str) -> Vec<Vec<String>> {
    let mut searches = Vec::new();
    let mut current: Option<Vec<String>> = None;
    for line in transcript.lines() {
        if let Some(command) = line.strip_prefix("> ") {
            if command.starts_with("go") {
                current = Some(Vec::new());
            }
        } else if let Some(answer) = line.strip_prefix("< ") {
            if let Some(search) = current.as_mut() {
                search.push(answer.to_string());
                if answer.starts_with("bestmove") {
                    searches.extend(current.take());
                }
            }
        }
    }
    searches
}

/// The measured transcript of `workspace`, as committed.
pub fn read_measured(workspace: &Workspace) -> Result<String> {
    let path = workspace.measured().join(MEASURED_PATH);
    std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timeless_lines_lose_the_clock_only() {
        assert_eq!(
            timeless(
                "info depth 3 seldepth 11 score cp 10 nodes 3307 nps 2060436 time 1 pv d2d4 d7d5"
            )
            .as_deref(),
            Some("info depth 3 seldepth 11 score cp 10 nodes 3307 pv d2d4 d7d5")
        );
        assert_eq!(timeless("info nodes 1000 nps 5000 time 200"), None);
        assert_eq!(timeless("bestmove g1f3").as_deref(), Some("bestmove g1f3"));
        assert_eq!(
            timeless("info string unknown command: x").as_deref(),
            Some("info string unknown command: x")
        );
    }

    #[test]
    fn a_transcript_splits_into_its_searches() {
        let text = "> uci\n< uciok\n> go depth 1\n< info depth 1 nodes 3 pv a\n< bestmove a\n\
                    > go depth 2\n< bestmove b\n";
        assert_eq!(
            searches(text),
            [
                vec!["info depth 1 nodes 3 pv a".to_string(), "bestmove a".into()],
                vec!["bestmove b".to_string()]
            ]
        );
    }

    #[test]
    fn both_scripts_search_the_same_positions() {
        let generated = generated_script();
        assert_eq!(generated.len(), MEASURED_SCRIPT.len());
        for (g, m) in generated.iter().zip(MEASURED_SCRIPT) {
            assert_eq!(g.starts_with("go"), m.starts_with("go"), "{g} / {m}");
            if !g.starts_with("go") {
                assert_eq!(g, m);
            }
        }
    }
}
