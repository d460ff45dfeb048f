//! What a match needs of an engine, whatever protocol it speaks.
//!
//! A [`Player`] is told a new game begins and is asked for moves; it
//! answers with a move in UCI notation, or fails. The match never trusts
//! the answer: [`crate::game`] times it and checks that the move
//! is legal. A [`Spawn`] starts a fresh player for every game, so that a
//! crash costs one game and nothing carries over from one game to the
//! next.
//!
//! The engines of a real match are processes
//! ([`EngineSpec`](crate::process::EngineSpec), started by
//! [`crate::engine`]); the tests
//! use players that live in the test itself.

use std::fmt;
use std::time::{Duration, Instant};

use common::Color;

/// How long each side may think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// A clock: `base` for the whole game, `increment` added after every
    /// move.
    Clock {
        /// The time on each clock at the start.
        base: Duration,
        /// The time added after each move.
        increment: Duration,
    },
    /// The same time for every move.
    MoveTime(Duration),
    /// A fixed depth, and no clock.
    Depth(u32),
}

impl fmt::Display for Control {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Control::Clock { base, increment } => {
                write!(f, "{}+{} s", seconds(*base), seconds(*increment))
            }
            Control::MoveTime(time) => write!(f, "{} ms a move", time.as_millis()),
            Control::Depth(depth) => write!(f, "depth {depth}"),
        }
    }
}

/// Seconds with no trailing zeros: `10`, `0.1`, `2.05`.
pub fn seconds(time: Duration) -> String {
    let text = format!("{:.3}", time.as_secs_f64());
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// One request for a move.
#[derive(Clone, Copy, Debug)]
pub struct Request<'a> {
    /// The moves played since the start position, in UCI notation.
    pub moves: &'a [String],
    /// The side to move.
    pub side: Color,
    /// The time on White's clock and on Black's, for [`Control::Clock`].
    pub clocks: [Duration; 2],
    /// When the player gives up waiting for an answer: the time allowed,
    /// grace included.
    pub deadline: Instant,
}

/// A player's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// A move in UCI notation, not yet checked, with the depth and score
    /// the engine last reported, if it did.
    Move {
        /// The move as the engine wrote it.
        text: String,
        /// The depth of the engine's last report.
        depth: Option<u32>,
        /// The score of the engine's last report, as it wrote it
        /// (`cp 35`, `mate 3`).
        score: Option<String>,
    },
    /// The engine gives the game up (xboard's `resign`).
    Resign,
}

/// Why a player gave no move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// Nothing came before the deadline.
    Silent,
    /// The engine's output closed: it crashed or quit.
    Closed,
    /// The engine said something the protocol does not allow here.
    Protocol(String),
    /// The engine could not be started.
    Start(String),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Silent => f.write_str("no answer in time"),
            Failure::Closed => f.write_str("the engine crashed or quit"),
            Failure::Protocol(message) => write!(f, "protocol error: {message}"),
            Failure::Start(message) => write!(f, "cannot start: {message}"),
        }
    }
}

impl std::error::Error for Failure {}

/// An engine, as the match sees it.
pub trait Player {
    /// The engine's name, for the tables and the PGN.
    fn name(&self) -> &str;

    /// Gets ready for a new game from the start position, at `control`.
    fn new_game(&mut self, control: &Control) -> Result<(), Failure>;

    /// The engine's answer to `request`, or why there is none.
    fn think(&mut self, request: &Request<'_>) -> Result<Reply, Failure>;

    /// Ends the engine (for a process: `quit`, then a kill if it lingers).
    fn stop(self: Box<Self>);
}

/// Starts a fresh [`Player`] for each game.
pub trait Spawn: Sync {
    /// A new player for game `game` (counted from 1, for the logs).
    fn spawn(&self, game: usize) -> Result<Box<dyn Player>, Failure>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_print_in_seconds() {
        let clock = Control::Clock {
            base: Duration::from_secs(10),
            increment: Duration::from_millis(100),
        };
        assert_eq!(clock.to_string(), "10+0.1 s");
        assert_eq!(
            Control::MoveTime(Duration::from_millis(100)).to_string(),
            "100 ms a move"
        );
        assert_eq!(seconds(Duration::from_millis(2050)), "2.05");
        assert_eq!(seconds(Duration::ZERO), "0");
    }
}
