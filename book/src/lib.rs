//! Tools that produce and check the book.
//!
//! The book in `book/chapters` never pastes code or output: it includes
//! code from the crates, and output from files that the code itself writes
//! into `book/chapters/generated` ([`generate`]). The other modules make
//! sure that those includes still point at something, that every link and
//! picture has a file behind it, and that the table of contents and the
//! chapter files agree.

pub mod chart;
pub mod content;
pub mod crates;
pub mod diagram;
pub mod diff;
pub mod generate;
pub mod html_check;
pub mod includes;
pub mod links;
pub mod markdown;
pub mod measure;
pub mod search_measure;
pub mod search_tables;
pub mod snapshots;
pub mod summary;
pub mod tree;
pub mod v10_chapter;
pub mod v11_measure;
pub mod wac;

#[cfg(test)]
mod scratch;
