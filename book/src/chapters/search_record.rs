//! The chapter "Reading, exploring and comparing searches": the explorer's
//! screens, copied from `common`'s insta snapshots, and the worked
//! comparison of two versions' records.

use anyhow::Result;

use crate::chapter::{Chapter, Sources};
use crate::files::Generated;

/// The chapter's own files; its screens come from `common`'s snapshots.
fn generated(_sources: &Sources) -> Result<Vec<Generated>> {
    Ok(Vec::new())
}

/// The chapter: `common` is the crate whose snapshots it shows.
pub const CHAPTER: Chapter = Chapter {
    page: "search-record.md",
    krate: Some("common"),
    generated,
    measured: &[],
};
