//! Every include in the book expands to something.
//!
//! mdBook includes nothing for a misspelt anchor and still builds, so this
//! test expands every `{{#include ...}}` of every chapter and fails on one
//! that points at a missing file or anchor, or that comes out empty.

use std::path::{Path, PathBuf};

use book::check::includes::check_chapters;

fn chapters() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("chapters")
}

#[test]
fn every_include_expands_to_something() {
    let problems = check_chapters(&chapters());
    let listing: Vec<String> = problems.iter().map(|p| format!("  {p}")).collect();
    assert!(
        problems.is_empty(),
        "{} broken include(s) in the book:\n{}",
        problems.len(),
        listing.join("\n")
    );
}
