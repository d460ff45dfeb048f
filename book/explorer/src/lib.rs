//! The search record's two readers for a person at a terminal:
//! [`explorer`] steps through one search, key by key, and [`compare`] sets
//! two searches of one position side by side.
//!
//! They are the book's, not the steps': a step's binary writes a record
//! (`search --record FILE`), and these read it, with the reader of
//! `lamosca-reader`; [`limits`] bounds what they take on. Two commands run
//! them, from `book/`:
//!
//! ```text
//! cargo run --release --bin explore -- v09 --moves d2d4 --depth 4
//! cargo run --release --bin explore -- v09 --depth 4 --why e2e4
//! cargo run --release --bin explore -- --record search.jsonl
//! cargo run --release --bin compare -- v07.jsonl v09.jsonl
//! cargo run --release --bin replay -- GAMES.pgn --game 3 --move 23...
//! ```
//!
//! [`replay`] runs the search behind a move of a ladder game again, node
//! for node, from the game's PGN ([`pgn`]), and asks why not Stockfish's
//! move ([`stockfish`]).
#![deny(missing_docs)]

pub mod compare;
#[cfg(feature = "terminal")]
pub mod explore;
#[cfg(feature = "terminal")]
pub mod explorer;
#[cfg(feature = "terminal")]
pub mod limits;
pub mod pgn;
#[cfg(feature = "terminal")]
pub mod replay;
/// Standard algebraic notation, written and read: the replay's games, the
/// lab's moves and the book's suites.
pub mod san;
#[cfg(feature = "terminal")]
pub mod stockfish;
