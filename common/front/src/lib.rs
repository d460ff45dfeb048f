//! The front every LaMoSca binary shares: the command line ([`cli`]) and
//! the UCI loop a chess GUI talks to ([`uci`]).
//!
//! A version's `main.rs` hands its engine to [`cli::run`]; everything a
//! person or a GUI types reaches the engine through here, and nothing of
//! this crate reaches the search: the front knows the engine contract
//! (`lamosca-search`) and the record (`lamosca-record`), no version, and
//! it is the only crate of the driver that pulls in clap. The record
//! explorer and `compare` are the book's (`book/explorer`).
#![deny(missing_docs)]

pub mod cli;
mod diagnostics;
mod echo;
mod lines;
pub mod uci;
