//! Every include in the book expands to something, and every included
//! snapshot starts just after its header.
//!
//! mdBook includes nothing for a misspelt anchor and still builds, so this
//! test expands every `{{#include ...}}` of every chapter and fails on one
//! that points at a missing file or anchor, or that comes out empty.
//!
//! A page shows a trace by including the crate's insta snapshot itself,
//! from the line after its header: `{{#include ...NAME.snap:5:}}`. insta's
//! headers are not all the same length (the book's crates add an
//! `expression` line), and a wrong number shows a header line on the page
//! or drops the trace's first line without any error. The second test
//! reads each such file and checks the number.

use std::fs;
use std::path::{Path, PathBuf};

use book::check::includes::{check_chapters, find_directives, markdown_files, Selection};
use book::snapshots::split;

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

/// What is wrong with the snapshot includes of `page`, whose text is
/// `text`, one line each: a `.snap` that is missing or has no header, or
/// an include that does not start at the line after the header.
fn snapshot_include_problems(page: &Path, text: &str) -> Vec<String> {
    let folder = page.parent().expect("a page is in a folder");
    let mut problems = Vec::new();
    for directive in find_directives(text) {
        if directive.path.extension().is_none_or(|ext| ext != "snap") {
            continue;
        }
        let name = format!("{}: {}", page.display(), directive.path.display());
        let Ok(snap) = fs::read_to_string(folder.join(&directive.path)) else {
            problems.push(format!("{name} cannot be read"));
            continue;
        };
        let Some((header, _)) = split(&snap) else {
            problems.push(format!("{name} has no insta header"));
            continue;
        };
        // The two `---` lines and the header between them; lines count
        // from 1 in the directive.
        let first = header.lines().count() + 3;
        let start = match directive.selection {
            Selection::Lines { start, .. } => start.map(|from_0| from_0 + 1),
            Selection::Anchor(_) => None,
        };
        if start != Some(first) {
            problems.push(format!(
                "{name} must be included from line {first}, the line after its header \
                 (`.snap:{first}:`), not {start:?}"
            ));
        }
    }
    problems
}

#[test]
fn every_snapshot_is_included_from_the_line_after_its_header() {
    let mut problems = Vec::new();
    let mut seen = 0;
    for page in markdown_files(&chapters()).expect("the chapters can be listed") {
        let text = fs::read_to_string(&page).expect("a page can be read");
        seen += text.matches(".snap:").count();
        problems.extend(snapshot_include_problems(&page, &text));
    }
    assert!(seen > 30, "only {seen} snapshot includes in the book");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_wrong_line_or_a_missing_snapshot_is_caught() {
    // A page in `book/chapters`, including the v0.09 crate's snapshots.
    let page = chapters().join("v09-alphabeta.md");
    let snap = "../../lamosca-v09/tests/snapshots/traces__startpos_d3.snap";
    let right = format!("{{{{#include {snap}:5:}}}}\n");
    assert_eq!(
        snapshot_include_problems(&page, &right),
        Vec::<String>::new()
    );
    for wrong in [
        format!("{{{{#include {snap}:4:}}}}\n"),
        format!("{{{{#include {snap}:6:12}}}}\n"),
        format!("{{{{#include {snap}}}}}\n"),
        "{{#include ../../lamosca-v09/tests/snapshots/no_such.snap:5:}}\n".to_string(),
    ] {
        assert_eq!(
            snapshot_include_problems(&page, &wrong).len(),
            1,
            "not caught: {wrong}"
        );
    }
}
