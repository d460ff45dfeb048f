//! The architecture's rule for the steps' events: outside the crate that
//! defines their names (`lamosca-search`, whose `StepKind` is the one place
//! a name is read back), no code matches an event by its name. Consumers
//! (the record's reader, the explorer, the lab, the book) match on
//! `StepKind` and `Ending`, so that a step's event is read by type
//! everywhere.
//!
//! The test reads every Rust file of both workspaces' crates outside their
//! tests (a `#[cfg(test)]` module ends what is read of a file) and fails on
//! a quoted event name beside a comparison: `== "lazy_cut"`,
//! `"stand_pat" =>`, `.ends_with("stand_pat")` and the like.

use std::fs;
use std::path::{Path, PathBuf};

use book::files::{all_members, Workspace};
use lamosca_search::events::StepKind;

/// The one file allowed to spell the names: where they are defined.
const DEFINED_IN: &str = "common/search/src/events.rs";

/// The Rust files under `dir`, recursively.
fn rust_files(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, files);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            files.push(path);
        }
    }
}

/// The places in `text` (code before any test module) where `name` is
/// matched as a string.
fn matches_by_name(text: &str, name: &str) -> Vec<usize> {
    let quoted = format!("\"{name}\"");
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    let mut found = Vec::new();
    for (number, line) in code.lines().enumerate() {
        let line = line.trim();
        if line.starts_with("//") {
            continue;
        }
        let Some(at) = line.find(&quoted) else {
            continue;
        };
        let before = line[..at].trim_end();
        let after = line[at + quoted.len()..].trim_start();
        let compared_before = ["==", "!=", "ends_with(", "starts_with(", "contains("]
            .iter()
            .any(|op| before.ends_with(op));
        let compared_after = ["=>", "|", "if "].iter().any(|op| after.starts_with(op));
        if compared_before || compared_after {
            found.push(number + 1);
        }
    }
    found
}

#[test]
fn no_step_event_is_matched_by_its_name() {
    let root = Workspace::here().root;
    let mut files = Vec::new();
    for member in all_members(&root).unwrap() {
        rust_files(&root.join(member).join("src"), &mut files);
    }
    assert!(files.len() > 50, "the crates' sources were not found");
    let mut problems = Vec::new();
    for file in &files {
        let relative = file
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .to_string();
        if relative == DEFINED_IN {
            continue;
        }
        let text = fs::read_to_string(file).unwrap();
        for kind in StepKind::ALL {
            for line in matches_by_name(&text, kind.name()) {
                problems.push(format!("{relative}:{line} matches {:?}", kind.name()));
            }
        }
    }
    assert_eq!(problems, Vec::<String>::new());
}

#[test]
fn finds_a_match_by_name() {
    let code = "fn f(kind: &str) {\n    match kind {\n        \"lazy_cut\" => {}\n    }\n    \
                if kind == \"stand_pat\" {}\n    // \"lazy_cut\" => in a comment\n}\n\
                #[cfg(test)]\nmod tests { const X: bool = \"a\" == \"lazy_cut\"; }\n";
    assert_eq!(matches_by_name(code, "lazy_cut"), [3]);
    assert_eq!(matches_by_name(code, "stand_pat"), [5]);
    assert_eq!(
        matches_by_name("let names = [\"stand_pat\", \"window\"];", "stand_pat"),
        Vec::<usize>::new()
    );
}
