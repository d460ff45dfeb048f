//! The play page, `play.md`: it makes no file of its own. The step
//! chapters' worked "why not this move?" answers are the lab's insta
//! snapshots, which `chapters/lab/vNN.md` include straight from
//! `book/lab/tests/snapshots/`.

use crate::chapter::{nothing, Chapter};

/// The chapter: nothing to generate.
pub const CHAPTER: Chapter = Chapter {
    page: "play.md",
    krate: None,
    generated: nothing,
    measured: &[],
};
