//! The match's side of UCI: a GUI's half of the dialogue that
//! `lamosca_front::uci` answers.
//!
//! ```text
//! > uci                              (once, when the engine starts)
//! < id name LaMoSca v0.10
//! < uciok
//! > setoption name Hash value 16     (each --option)
//! > isready
//! < readyok
//! > ucinewgame                       (each game)
//! > isready
//! < readyok
//! > position startpos moves e2e4 e7e5
//! > go wtime 9870 btime 9930 winc 100 binc 100
//! < info depth 5 score cp 20 nodes 12345 nps 900000 time 14 pv g1f3
//! < bestmove g1f3
//! ```
//!
//! The whole game goes in every `position` command, so the engine sees the
//! history its repetition rule needs. The last `info` line with a depth
//! and a score is kept, for the statistics of the match.

use std::time::{Duration, Instant};

use crate::player::{Control, Failure, Player, Reply, Request};
use crate::process::{EngineSpec, Process};

/// How long an engine may take to answer `uci` or `isready`. Stockfish
/// reads its network file on `isready`, which takes a moment.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// A UCI engine in its own process.
pub struct UciEngine {
    process: Process,
    name: String,
    control: Control,
}

impl UciEngine {
    /// Starts the engine, waits for `uciok`, sets the options and waits
    /// for `readyok`.
    pub fn start(spec: &EngineSpec, game: usize) -> Result<UciEngine, Failure> {
        let tag = format!("{game} {}", spec.program_name());
        let mut process = Process::spawn(&spec.command, spec.log.as_ref(), &tag)?;
        process.send("uci")?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        let mut id_name = None;
        process.receive_until(deadline, |line| {
            if let Some(name) = line.strip_prefix("id name ") {
                id_name = Some(name.trim().to_string());
            }
            (line.trim() == "uciok").then_some(())
        })?;
        for (name, value) in &spec.options {
            process.send(&format!("setoption name {name} value {value}"))?;
        }
        let mut engine = UciEngine {
            process,
            name: spec
                .name
                .clone()
                .or(id_name)
                .unwrap_or_else(|| spec.program_name()),
            control: Control::Depth(1),
        };
        engine.synchronise()?;
        Ok(engine)
    }

    /// `isready`, then waits for `readyok`.
    fn synchronise(&mut self) -> Result<(), Failure> {
        self.process.send("isready")?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        self.process
            .receive_until(deadline, |line| (line.trim() == "readyok").then_some(()))
    }
}

/// The `go` command for `control`, with both clocks in milliseconds.
pub fn go_command(control: &Control, clocks: [Duration; 2]) -> String {
    match control {
        Control::Clock { increment, .. } => format!(
            "go wtime {} btime {} winc {} binc {}",
            clocks[0].as_millis(),
            clocks[1].as_millis(),
            increment.as_millis(),
            increment.as_millis()
        ),
        Control::MoveTime(time) => format!("go movetime {}", time.as_millis()),
        Control::Depth(depth) => format!("go depth {depth}"),
    }
}

/// The `position` command for a game from the start position.
pub fn position_command(moves: &[String]) -> String {
    if moves.is_empty() {
        "position startpos".to_string()
    } else {
        format!("position startpos moves {}", moves.join(" "))
    }
}

/// The depth and score of an `info` line that has both:
/// `info depth 7 seldepth 9 score cp -23 nodes ...` gives `(7, "cp -23")`.
pub fn depth_and_score(line: &str) -> Option<(u32, String)> {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    let (mut depth, mut score) = (None, None);
    while let Some(word) = words.next() {
        match word {
            "depth" => depth = words.next().and_then(|text| text.parse().ok()),
            "score" => {
                let kind = words.next();
                let value = words.next();
                if let (Some(kind @ ("cp" | "mate")), Some(value)) = (kind, value) {
                    score = Some(format!("{kind} {value}"));
                }
            }
            // The principal variation ends the line.
            "pv" => break,
            _ => {}
        }
    }
    Some((depth?, score?))
}

impl Player for UciEngine {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self, control: &Control) -> Result<(), Failure> {
        self.control = *control;
        self.process.send("ucinewgame")?;
        self.synchronise()
    }

    fn think(&mut self, request: &Request<'_>) -> Result<Reply, Failure> {
        self.process.send(&position_command(request.moves))?;
        self.process
            .send(&go_command(&self.control, request.clocks))?;
        let mut last = None;
        self.process
            .receive_until(request.deadline, |line| {
                if let Some(found) = depth_and_score(line) {
                    last = Some(found);
                }
                let mut words = line.split_whitespace();
                (words.next() == Some("bestmove")).then(|| words.next().unwrap_or("").to_string())
            })
            .map(|text| {
                let (depth, score) = last.take().unzip();
                Reply::Move { text, depth, score }
            })
    }

    fn stop(self: Box<Self>) {
        self.process.stop("quit");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_carries_both_clocks_in_milliseconds() {
        let clock = Control::Clock {
            base: Duration::from_secs(10),
            increment: Duration::from_millis(100),
        };
        let clocks = [Duration::from_millis(9_870), Duration::from_millis(9_930)];
        assert_eq!(
            go_command(&clock, clocks),
            "go wtime 9870 btime 9930 winc 100 binc 100"
        );
        assert_eq!(
            go_command(&Control::MoveTime(Duration::from_millis(100)), clocks),
            "go movetime 100"
        );
        assert_eq!(go_command(&Control::Depth(5), clocks), "go depth 5");
    }

    #[test]
    fn the_whole_game_goes_in_the_position() {
        assert_eq!(position_command(&[]), "position startpos");
        let moves = ["e2e4".to_string(), "e7e5".to_string()];
        assert_eq!(
            position_command(&moves),
            "position startpos moves e2e4 e7e5"
        );
    }

    /// A UCI engine written in shell: it plays `reply` to every `go`.
    #[cfg(unix)]
    fn shell_engine(reply: &str) -> EngineSpec {
        let script = format!(
            "while read line; do case \"$line\" in \
             uci) echo 'id name Shell'; echo uciok;; \
             isready) echo readyok;; \
             go*) {reply};; \
             quit) exit;; esac; done"
        );
        EngineSpec {
            protocol: crate::process::Protocol::Uci,
            command: vec!["sh".to_string(), "-c".to_string(), script],
            options: Vec::new(),
            name: None,
            log: None,
        }
    }

    #[cfg(unix)]
    fn ask(spec: &EngineSpec, wait: Duration) -> Result<Reply, Failure> {
        let mut engine = UciEngine::start(spec, 1)?;
        assert_eq!(engine.name(), "Shell");
        engine.new_game(&Control::Depth(3))?;
        let moves = ["e2e4".to_string()];
        let reply = engine.think(&Request {
            moves: &moves,
            side: common::Color::Black,
            clocks: [Duration::ZERO; 2],
            deadline: Instant::now() + wait,
        });
        Box::new(engine).stop();
        reply
    }

    #[cfg(unix)]
    #[test]
    fn a_process_is_asked_for_its_move() {
        let spec = shell_engine("echo 'info depth 4 score cp 17 pv e7e5'; echo 'bestmove e7e5'");
        assert_eq!(
            ask(&spec, Duration::from_secs(10)),
            Ok(Reply::Move {
                text: "e7e5".to_string(),
                depth: Some(4),
                score: Some("cp 17".to_string()),
            })
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_process_that_dies_or_says_nothing_fails() {
        assert_eq!(
            ask(&shell_engine("exit 3"), Duration::from_secs(10)),
            Err(Failure::Closed)
        );
        let silent = shell_engine("true");
        assert_eq!(
            ask(&silent, Duration::from_millis(200)),
            Err(Failure::Silent)
        );
        let missing = EngineSpec {
            command: vec!["/nonexistent/engine".to_string()],
            ..silent
        };
        assert!(matches!(
            UciEngine::start(&missing, 1),
            Err(Failure::Start(_))
        ));
    }

    #[test]
    fn info_lines_give_their_depth_and_score() {
        assert_eq!(
            depth_and_score("info depth 7 seldepth 9 score cp -23 nodes 100 pv e2e4 e7e5"),
            Some((7, "cp -23".to_string()))
        );
        assert_eq!(
            depth_and_score("info depth 3 score mate 2 nodes 9 pv d1h5"),
            Some((3, "mate 2".to_string()))
        );
        // Stockfish's bound marks come after the value and are left out.
        assert_eq!(
            depth_and_score("info depth 12 score cp 40 lowerbound nodes 5"),
            Some((12, "cp 40".to_string()))
        );
        assert_eq!(depth_and_score("info string hello"), None);
        assert_eq!(depth_and_score("info depth 4 currmove e2e4"), None);
        assert_eq!(depth_and_score("bestmove e2e4"), None);
    }
}
