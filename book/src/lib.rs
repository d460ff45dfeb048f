//! Tools that produce and check the book.
//!
//! The book in `book/chapters` never pastes code or output: it includes
//! code from the crates, and output from files that the code itself writes
//! into `book/chapters/generated` ([`generate`]). The other modules make
//! sure that those includes still point at something, that every link and
//! picture has a file behind it, and that the table of contents and the
//! chapter files agree.

pub mod bookkeeping;
pub mod chapter;
pub mod chapters;
pub mod check;
pub mod diff;
pub mod draw;
pub mod exercises;
pub mod files;
pub mod generate;
pub mod markdown;
pub mod measure;
pub mod output;
pub mod replays;
pub mod searches;
pub mod sentences;
pub mod session;
pub mod snapshots;
pub mod table;
pub mod wac;

#[cfg(test)]
mod scratch;
