//! Every link and picture of every chapter points at a file that exists.
//!
//! mdBook builds a page whose image or link target is missing without a
//! word; the reader sees a broken picture. This test reads each chapter
//! listed in `SUMMARY.md` (and the summary itself), includes expanded, and
//! checks every local target relative to the chapter's folder: it must
//! exist, and lie inside `book/chapters`, the only folder mdBook publishes.

use std::path::{Path, PathBuf};

use book::check::links::check_links;
use book::check::summary::{summary_links, SUMMARY};

#[test]
fn every_link_and_image_has_a_file() {
    let chapters = Path::new(env!("CARGO_MANIFEST_DIR")).join("chapters");
    let summary = std::fs::read_to_string(chapters.join(SUMMARY)).expect("SUMMARY.md");
    let mut files: Vec<PathBuf> = vec![chapters.join(SUMMARY)];
    files.extend(
        summary_links(&summary)
            .iter()
            .map(|link| chapters.join(link)),
    );
    let broken = check_links(&chapters, &files);
    let listing: Vec<String> = broken.iter().map(|b| format!("  {b}")).collect();
    assert!(
        broken.is_empty(),
        "{} link(s) or image(s) point at nothing:\n{}",
        broken.len(),
        listing.join("\n")
    );
}
