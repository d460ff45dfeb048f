//! Matches between engines: how the book measures what each step is worth.
//!
//! A node count says how much a version searches, not how well it plays.
//! The only measure of playing strength is games: two engines play each
//! other from a set of openings, each opening twice with the colours
//! swapped, and the score says which is stronger and by how much.
//!
//! `cargo run --release -p ladder -- match --engine A --engine B ...`
//! plays such a match ([`cli`] lists its switches; the book's own program
//! passes `match` on to it). The pieces, in the order a game uses them:
//!
//! - [`openings`]: the built-in balanced openings, or a file of them;
//! - [`player`]: what the match needs of an engine, [`Player`], whatever
//!   protocol it speaks;
//! - [`process`], [`uci`] and [`xboard`]: engines in their own processes,
//!   spoken to in UCI (LaMoSca, Stockfish) or in the older xboard protocol,
//!   CECP (Fairy-Max); [`engine`] starts each game's process in its
//!   protocol;
//! - [`game`]: one game, with both clocks, every move checked for
//!   legality, and the end of the game judged by the rules (mate,
//!   stalemate, repetition, fifty moves, insufficient material);
//! - [`stats`]: the score, and the Elo difference it implies with its
//!   error bar;
//! - [`san`] and [`pgn`]: the moves in standard algebraic notation and
//!   the games in PGN, for a GUI to replay;
//! - [`runner`]: the match itself, game after game, and its reports.
//!
//! [`session`] drives one engine through a short UCI session and writes it
//! down, for the chapter on GUIs. [`table`] writes the reports' markdown
//! tables and [`say!`] their lines, quietly ending the program when the
//! reader of a pipe goes away.

pub mod cli;
pub mod engine;
pub mod game;
pub mod openings;
pub mod output;
pub mod pgn;
pub mod player;
pub mod process;
pub mod runner;
pub mod san;
pub mod session;
pub mod stats;
pub mod table;
pub mod uci;
pub mod xboard;

pub use player::{Control, Failure, Player, Reply, Request};
