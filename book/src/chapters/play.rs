//! The play page, `play.md`: it makes no file of its own. Its crate is the
//! lab's, `book/lab`, whose snapshots are the step chapters' worked "why
//! not this move?" answers; the generator copies them to
//! `generated/snapshots/book/lab/`, where `chapters/lab/vNN.md` include them.

use crate::chapter::{nothing, Chapter};

/// The chapter: the lab is the crate whose snapshots it brings.
pub const CHAPTER: Chapter = Chapter {
    page: "play.md",
    krate: Some("book/lab"),
    generated: nothing,
    measured: &[],
};
