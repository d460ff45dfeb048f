//! The mutants of the whole steps' functions that no search can tell
//! from the step: `book/exercises/mutants/equivalent.toml`, one entry per
//! mutant, with why.
//!
//! `python3 mutants/run.py` (from `book/exercises`) writes each mutant
//! cargo-mutants makes of a function of `whole.toml` into the lesson file
//! and runs the checks; a mutant they miss either changes a search, and
//! then a check must be added, or changes none, and then it is listed
//! here. The book's generator makes the page of the list, and
//! [`check`] holds each entry to the checkout without cargo-mutants: its
//! name's line and column must still hold the code it says it replaces,
//! so that a step's file that changes under a listed mutant fails the
//! test until the list is read again.

use std::path::Path;

use serde::Deserialize;

use crate::lesson::Result;

/// The list, from the repository's root.
pub const EQUIVALENT_FILE: &str = "book/exercises/mutants/equivalent.toml";

/// One mutant that no search can tell from the step.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Equivalent {
    /// The step, `v09`.
    pub step: String,
    /// Its name as `cargo mutants --list` prints it:
    /// `lamosca-v09/src/ordering.rs:282:20: replace + with * in pick`.
    pub mutant: String,
    /// Why no search can tell it from the step.
    pub why: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct List {
    equivalent: Vec<Equivalent>,
}

/// The entries of `text`, an `equivalent.toml`.
pub fn parse_equivalent(text: &str) -> Result<Vec<Equivalent>> {
    let list: List = toml::from_str(text).map_err(|error| format!("{EQUIVALENT_FILE}: {error}"))?;
    Ok(list.equivalent)
}

/// Where a mutant's name says it changes the code: the file from the
/// root, the line and column (from 1) and the code it replaces there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The step's file, from the repository's root.
    pub file: String,
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
    /// The code the mutant replaces or deletes there: `+`, `&&`, `!`.
    pub code: String,
}

/// The place of `name`: `file:line:column: replace <code> with ...` or
/// `file:line:column: delete <code> in ...`.
pub fn place(name: &str) -> Result<Place> {
    let bad = || format!("{EQUIVALENT_FILE}: `{name}` is no mutant's name cargo-mutants prints");
    let (file, rest) = name.split_once(".rs:").ok_or_else(bad)?;
    let mut parts = rest.splitn(3, ':');
    let line = parts.next().and_then(|n| n.parse().ok()).ok_or_else(bad)?;
    let column = parts.next().and_then(|n| n.parse().ok()).ok_or_else(bad)?;
    let what = parts.next().ok_or_else(bad)?.trim_start();
    let code = if let Some(rest) = what.strip_prefix("replace ") {
        rest.split_once(" with ").ok_or_else(bad)?.0
    } else if let Some(rest) = what.strip_prefix("delete ") {
        rest.split_once(" in ").ok_or_else(bad)?.0
    } else {
        return Err(bad());
    };
    Ok(Place {
        file: format!("{file}.rs"),
        line,
        column,
        code: code.to_string(),
    })
}

/// Fails unless the checkout at `root` still holds, at the place each
/// entry's name gives, the code it says the mutant replaces.
pub fn check(root: &Path, entries: &[Equivalent]) -> Result<()> {
    for entry in entries {
        let at = place(&entry.mutant)?;
        let text = std::fs::read_to_string(root.join(&at.file))
            .map_err(|error| format!("{}: {error}", at.file))?;
        let line = text.lines().nth(at.line.saturating_sub(1)).unwrap_or("");
        let from: String = line.chars().skip(at.column.saturating_sub(1)).collect();
        if !from.starts_with(&at.code) {
            return Err(format!(
                "{EQUIVALENT_FILE}: `{}` no longer points at `{}` in {} (line {}: `{}`); \
                 the step's file changed: run `python3 mutants/run.py {}` from book/exercises \
                 and list again the mutants it misses",
                entry.mutant,
                at.code,
                at.file,
                at.line,
                line.trim(),
                entry.step
            ));
        }
    }
    Ok(())
}

/// The page of `entries`: a table of each mutant, where it changes the
/// code, and why no search can tell it from the step.
pub fn page(entries: &[Equivalent]) -> String {
    let mut text = String::from(
        "| step | the mutant, as cargo-mutants names it | why no search can tell it from the step |\n\
         | :--- | :--- | :--- |\n",
    );
    for entry in entries {
        text += &format!(
            "| {} | `{}` | {} |\n",
            entry.step,
            entry.mutant.replace('|', "\\|"),
            entry.why.replace('|', "\\|")
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_gives_its_place() {
        assert_eq!(
            place("lamosca-v09/src/ordering.rs:282:20: replace + with * in pick").unwrap(),
            Place {
                file: "lamosca-v09/src/ordering.rs".to_string(),
                line: 282,
                column: 20,
                code: "+".to_string()
            }
        );
        let delete = place("lamosca-v07/src/search.rs:66:25: delete - in Search<'_, '_>::negamax");
        assert_eq!(delete.unwrap().code, "-");
        assert!(place("lamosca-v07/src/search.rs: something").is_err());
    }

    #[test]
    fn every_equivalent_mutant_still_stands_where_its_name_says() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..");
        let text = std::fs::read_to_string(root.join(EQUIVALENT_FILE)).unwrap();
        let entries = parse_equivalent(&text).unwrap();
        assert!(!entries.is_empty());
        check(&root, &entries).unwrap();
        let moved = Equivalent {
            mutant: entries[0].mutant.replacen(".rs:", ".rs:1", 1),
            ..entries[0].clone()
        };
        assert!(check(&root, &[moved]).is_err());
    }
}
