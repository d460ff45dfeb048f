//! Matches between engines: how the book measures what each step is worth.
//!
//! A node count says how much a version searches, not how well it plays.
//! The only measure of playing strength is games: two engines play each
//! other from a set of openings, each opening twice with the colours
//! swapped, and the score says which is stronger and by how much.
//!
//! `cargo run --release -p book -- match --engine A --engine B ...` plays
//! such a match ([`cli`] lists its switches). The pieces, in the order a
//! game uses them:
//!
//! - [`openings`]: the built-in balanced openings, or a file of them;
//! - [`player`]: what the match needs of an engine, [`Player`], whatever
//!   protocol it speaks;
//! - [`process`], [`uci`] and [`xboard`]: engines in their own processes,
//!   spoken to in UCI (LaMoSca, Stockfish) or in the older xboard protocol,
//!   CECP (Fairy-Max);
//! - [`game`]: one game, with both clocks, every move checked for
//!   legality, and the end of the game judged by the rules (mate,
//!   stalemate, repetition, fifty moves, insufficient material);
//! - [`stats`]: the score, and the Elo difference it implies with its
//!   error bar;
//! - [`pgn`]: the games in PGN, for a GUI to replay;
//! - [`runner`]: the match itself, game after game, and its reports.
//!
//! [`session`] drives one engine through a short UCI session and writes it
//! down, for the chapter on GUIs.

pub mod cli;
pub mod game;
pub mod openings;
pub mod pgn;
pub mod player;
pub mod process;
pub mod runner;
pub mod session;
pub mod stats;
pub mod uci;
pub mod xboard;

pub use player::{Control, Failure, Player, Reply, Request};
