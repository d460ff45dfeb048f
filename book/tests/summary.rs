//! The table of contents and the chapter files agree: every link of
//! `SUMMARY.md` names a file, and every chapter file is linked (mdBook would
//! quietly leave an unlisted one out of the book).

use std::path::Path;

use book::check::summary::check_summary;

#[test]
fn summary_and_chapter_files_agree() {
    let chapters = Path::new(env!("CARGO_MANIFEST_DIR")).join("chapters");
    let problems = check_summary(&chapters);
    let listing: Vec<String> = problems.iter().map(|p| format!("  {p}")).collect();
    assert!(
        problems.is_empty(),
        "SUMMARY.md and the chapter files disagree:\n{}",
        listing.join("\n")
    );
}
