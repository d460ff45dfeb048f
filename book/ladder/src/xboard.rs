//! The match's side of the xboard protocol (CECP, version 2), enough for
//! Fairy-Max.
//!
//! xboard is older than UCI and keeps more state in the engine: the engine
//! holds the board and plays one side of it, answering each move with its
//! own. This runner keeps the engine in *force* mode, where it only
//! records moves, and asks for each move explicitly:
//!
//! ```text
//! > xboard                           (once, when the engine starts)
//! > protover 2
//! < feature myname="Fairy-Max 5.0b" ... done=1
//! > new                              (each game)
//! > force
//! > easy                             (no thinking on the opponent's time)
//! > post                             (thinking output, for the depth)
//! > level 0 0:10 0.1                 (or `st N`, or `sd N`)
//! > e2e4                             (the moves the engine has not seen)
//! > time 987                         (its clock, in centiseconds)
//! > otim 993                         (the opponent's)
//! > go
//! < 9 31 47 123456 e7e5 g1f3
//! < move e7e5
//! > force                            (so that it waits again)
//! ```
//!
//! The engine names moves in coordinates, as UCI does (`e7e8q`); an engine
//! that asks for SAN (`feature san=1`) is told no. Its own claims of a
//! result (`1-0 {White mates}`) are not taken: the match judges the end of
//! the game itself, by the same rules for every engine. `resign` loses.
//!
//! Fairy-Max reads whole seconds in `st` and whole seconds of increment in
//! `level` (`level 0 0:10 0.1` gives it no increment); the `time` sent
//! before every move keeps its clock right all the same.

use std::time::{Duration, Instant};

use crate::player::{seconds, Control, Failure, Player, Reply, Request};
use crate::process::{EngineSpec, Process};

/// How long an engine may take to send `feature ... done=1` after
/// `protover 2` once it said `done=0`. One that says nothing of `done` is
/// given [`FEATURE_TIMEOUT_SHORT`], as the protocol suggests.
const FEATURE_TIMEOUT: Duration = Duration::from_secs(10);

/// How long to wait for the features of an engine that did not say
/// `done=0`: the protocol's two seconds.
const FEATURE_TIMEOUT_SHORT: Duration = Duration::from_secs(2);

/// The depth mode's time per move: a day, so that only the depth ends the
/// search (the match's own timeout still applies).
const DEPTH_MODE_SECONDS: u64 = 86_400;

/// An xboard engine in its own process.
pub struct XboardEngine {
    process: Process,
    name: String,
    /// The engine wants `usermove e2e4` rather than `e2e4`.
    usermove: bool,
    /// How many moves of the game the engine has on its board.
    known: usize,
    control: Control,
}

/// What the engine's `feature` lines said.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Features {
    /// `myname="..."`.
    pub name: Option<String>,
    /// `usermove=1`.
    pub usermove: bool,
    /// `san=1`, which is refused.
    pub san: bool,
    /// `done=1` (true), `done=0` (false), or nothing yet.
    pub done: Option<bool>,
    /// Every feature named, in order, to be accepted or refused.
    pub names: Vec<String>,
}

impl Features {
    /// Adds what one line says: `feature name1=value1 name2="a value"`.
    pub fn read(&mut self, line: &str) {
        let Some(mut rest) = line.strip_prefix("feature ") else {
            return;
        };
        loop {
            rest = rest.trim_start();
            let Some(equals) = rest.find('=') else {
                return;
            };
            let name = rest[..equals].trim().to_string();
            rest = &rest[equals + 1..];
            let value = if let Some(quoted) = rest.strip_prefix('"') {
                let end = quoted.find('"').unwrap_or(quoted.len());
                let value = &quoted[..end];
                rest = quoted.get(end + 1..).unwrap_or("");
                value
            } else {
                let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
                let value = &rest[..end];
                rest = &rest[end..];
                value
            };
            match name.as_str() {
                "myname" => self.name = Some(value.to_string()),
                "usermove" => self.usermove = value == "1",
                "san" => self.san = value == "1",
                "done" => self.done = Some(value == "1"),
                _ => {}
            }
            self.names.push(name);
        }
    }
}

impl XboardEngine {
    /// Starts the engine, reads its features and sets the options.
    pub fn start(spec: &EngineSpec, game: usize) -> Result<XboardEngine, Failure> {
        let tag = format!("{game} {}", spec.program_name());
        let mut process = Process::spawn(&spec.command, spec.log.as_ref(), &tag)?;
        process.send("xboard")?;
        process.send("protover 2")?;
        let started = Instant::now();
        let mut features = Features::default();
        loop {
            let wait = if features.done == Some(false) {
                FEATURE_TIMEOUT
            } else {
                FEATURE_TIMEOUT_SHORT
            };
            match process.receive(started + wait) {
                Ok(line) => features.read(&line),
                // An engine of protocol 1 sends no features at all.
                Err(Failure::Silent) => break,
                Err(failure) => return Err(failure),
            }
            if features.done == Some(true) {
                break;
            }
        }
        for name in &features.names {
            let answer = if name == "san" && features.san {
                "rejected"
            } else {
                "accepted"
            };
            process.send(&format!("{answer} {name}"))?;
        }
        for (name, value) in &spec.options {
            process.send(&format!("option {name}={value}"))?;
        }
        Ok(XboardEngine {
            process,
            name: spec
                .name
                .clone()
                .or(features.name)
                .unwrap_or_else(|| spec.program_name()),
            usermove: features.usermove,
            known: 0,
            control: Control::Depth(1),
        })
    }
}

/// The command that sets the time control: `level 0 M:SS INC` for a clock,
/// `st N` for a time per move (whole seconds, at least one), `sd N` with a
/// day per move for a depth.
pub fn control_commands(control: &Control) -> Vec<String> {
    match control {
        Control::Clock { base, increment } => {
            let total = base.as_secs();
            vec![format!(
                "level 0 {}:{:02} {}",
                total / 60,
                total % 60,
                seconds(*increment)
            )]
        }
        Control::MoveTime(time) => vec![format!("st {}", time.as_secs().max(1))],
        Control::Depth(depth) => vec![format!("st {DEPTH_MODE_SECONDS}"), format!("sd {depth}")],
    }
}

/// Reads a thinking line, `ply score time nodes pv...`: its depth and
/// score (centipawns, from the engine's side).
pub fn thinking(line: &str) -> Option<(u32, String)> {
    let mut words = line.split_whitespace();
    let depth = words.next()?.trim_end_matches(['.', '&']).parse().ok()?;
    let score: i64 = words.next()?.parse().ok()?;
    Some((depth, format!("cp {score}")))
}

impl Player for XboardEngine {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self, control: &Control) -> Result<(), Failure> {
        self.control = *control;
        self.known = 0;
        for command in ["new", "force", "easy", "post"] {
            self.process.send(command)?;
        }
        for command in control_commands(control) {
            self.process.send(&command)?;
        }
        Ok(())
    }

    fn think(&mut self, request: &Request<'_>) -> Result<Reply, Failure> {
        for mv in request.moves.get(self.known..).unwrap_or(&[]) {
            if self.usermove {
                self.process.send(&format!("usermove {mv}"))?;
            } else {
                self.process.send(mv)?;
            }
        }
        if let Control::Clock { .. } = self.control {
            let own = request.clocks[request.side.index()];
            let other = request.clocks[request.side.other().index()];
            self.process
                .send(&format!("time {}", own.as_millis() / 10))?;
            self.process
                .send(&format!("otim {}", other.as_millis() / 10))?;
        }
        self.process.send("go")?;
        let mut last = None;
        let reply = self.process.receive_until(request.deadline, |line| {
            if let Some(found) = thinking(line) {
                last = Some(found);
                return None;
            }
            let mut words = line.split_whitespace();
            match words.next()? {
                "move" => Some(Ok(words.next().unwrap_or("").to_string())),
                "resign" => Some(Err(None)),
                "Illegal" => Some(Err(Some(format!("the engine refused a move: {line}")))),
                _ => None,
            }
        })?;
        match reply {
            Ok(text) => {
                // Back to force mode: the engine waits for the next `go`.
                self.process.send("force")?;
                self.known = request.moves.len() + 1;
                let (depth, score) = last.unzip();
                Ok(Reply::Move { text, depth, score })
            }
            Err(None) => Ok(Reply::Resign),
            Err(Some(message)) => Err(Failure::Protocol(message)),
        }
    }

    fn stop(self: Box<Self>) {
        self.process.stop("quit");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_are_read_with_quoted_values() {
        let mut features = Features::default();
        features.read("feature myname=\"Fairy-Max 5.0b\"");
        features.read("feature setboard=0 xedit=1 ping=1 done=0");
        assert_eq!(features.name.as_deref(), Some("Fairy-Max 5.0b"));
        assert_eq!(features.done, Some(false));
        features.read("feature option=\"Resign -check 0\" usermove=1 san=1");
        features.read("feature done=1");
        assert!(features.usermove && features.san);
        assert_eq!(features.done, Some(true));
        assert_eq!(
            features.names,
            ["myname", "setboard", "xedit", "ping", "done", "option", "usermove", "san", "done"]
        );
        features.read("tellics say     Fairy-Max 5.0b");
        assert_eq!(features.names.len(), 9);
    }

    #[test]
    fn controls_become_level_st_or_sd() {
        let clock = Control::Clock {
            base: Duration::from_secs(10),
            increment: Duration::from_millis(100),
        };
        assert_eq!(control_commands(&clock), ["level 0 0:10 0.1"]);
        let clock = Control::Clock {
            base: Duration::from_secs(125),
            increment: Duration::from_secs(2),
        };
        assert_eq!(control_commands(&clock), ["level 0 2:05 2"]);
        assert_eq!(
            control_commands(&Control::MoveTime(Duration::from_millis(100))),
            ["st 1"]
        );
        assert_eq!(control_commands(&Control::Depth(6)), ["st 86400", "sd 6"]);
    }

    /// An xboard engine written in shell: it answers every `go` with a
    /// thinking line and a move of Black's. The log shows what it was sent.
    #[cfg(unix)]
    #[test]
    fn a_process_gets_the_moves_and_the_clocks_before_go() {
        let script = "while read line; do case \"$line\" in \
             protover*) echo 'feature myname=\"Shell Max\" usermove=1 done=1';; \
             go) echo '7 25 10 900 e7e5'; echo 'move e7e5';; \
             quit) exit;; esac; done";
        let path = std::env::temp_dir().join(format!("xboard-test-{}.log", std::process::id()));
        let log = crate::process::Log::create(&path).unwrap();
        let spec = EngineSpec {
            protocol: crate::process::Protocol::Xboard,
            command: vec!["sh".to_string(), "-c".to_string(), script.to_string()],
            options: vec![("Resign".to_string(), "0".to_string())],
            name: None,
            log: Some(log.clone()),
        };
        let mut engine = XboardEngine::start(&spec, 1).unwrap();
        assert_eq!(engine.name(), "Shell Max");
        let clock = Control::Clock {
            base: Duration::from_secs(10),
            increment: Duration::from_millis(100),
        };
        engine.new_game(&clock).unwrap();
        let moves = ["e2e4".to_string()];
        let reply = engine
            .think(&Request {
                moves: &moves,
                side: common::Color::Black,
                clocks: [Duration::from_millis(9_870), Duration::from_secs(10)],
                deadline: Instant::now() + Duration::from_secs(10),
            })
            .unwrap();
        assert_eq!(
            reply,
            Reply::Move {
                text: "e7e5".to_string(),
                depth: Some(7),
                score: Some("cp 25".to_string()),
            }
        );
        Box::new(engine).stop();
        log.flush();
        let dialogue = std::fs::read_to_string(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        let lines: Vec<&str> = dialogue.lines().collect();
        assert_eq!(
            lines,
            [
                "1 sh > xboard",
                "1 sh > protover 2",
                "1 sh < feature myname=\"Shell Max\" usermove=1 done=1",
                "1 sh > accepted myname",
                "1 sh > accepted usermove",
                "1 sh > accepted done",
                "1 sh > option Resign=0",
                "1 sh > new",
                "1 sh > force",
                "1 sh > easy",
                "1 sh > post",
                "1 sh > level 0 0:10 0.1",
                "1 sh > usermove e2e4",
                "1 sh > time 1000",
                "1 sh > otim 987",
                "1 sh > go",
                "1 sh < 7 25 10 900 e7e5",
                "1 sh < move e7e5",
                "1 sh > force",
                "1 sh > quit",
            ]
        );
    }

    #[test]
    fn thinking_lines_give_depth_and_score() {
        assert_eq!(
            thinking("  9    31     47   123456 e7e5 g1f3"),
            Some((9, "cp 31".to_string()))
        );
        assert_eq!(
            thinking("10. -15 100 9999 d7d5"),
            Some((10, "cp -15".to_string()))
        );
        assert_eq!(thinking("move e7e5"), None);
        assert_eq!(thinking("# times @ 65190990"), None);
    }
}
