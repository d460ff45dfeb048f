//! The exercises' holes: their data, `book/exercises/holes.toml`, one
//! entry per hole by step, and the lesson files made from it and from the
//! markers in the steps' files ([`lesson`]), read and written from a
//! checkout ([`files`]); and the whole step as an exercise, the step's
//! search functions taken out whole, from `book/exercises/whole.toml`
//! ([`whole`]), with its hints in levels, from `book/exercises/hints.toml`
//! ([`hints`]).
//!
//! Three programs use this crate, so that they do the same thing: the
//! exercises' checks (their hints), the watch mode, `cargo exercise v09`
//! (the holes listed, the lesson files put back or filled) and the book's
//! generator (the lesson files, the holes tables, the book's exercise
//! mode). Its only dependencies are serde and toml: it builds in seconds,
//! and knows none of them.

use std::collections::BTreeMap;

use serde::Deserialize;

pub mod exercises;
pub mod files;
pub mod hints;
pub mod lesson;
pub mod mutants;
pub mod whole;

pub use exercises::{find, Exercise, Slip, EXERCISES, EXERCISES_DIR, HOLES_FILE};
pub use lesson::{Fill, Found, Held, Hole, Marker};
pub use whole::{Body, WholeEntry, WHOLE, WHOLE_FILE};

/// The holes' data of this checkout, compiled in: a change to it
/// rebuilds whatever reads it this way.
pub const HOLES: &str = include_str!("../../holes.toml");

/// One hole's entry in `holes.toml`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct HoleEntry {
    /// Its number, from 1: the order to fill the holes in.
    pub number: usize,
    /// Its name, after `hole_` in the marker.
    pub name: String,
    /// The step's file that holds the marker, relative to the step's crate.
    pub file: String,
    /// The binding the hole gives a value to (`value: i32`), if any.
    pub binding: Option<String>,
    /// What to write, in one sentence.
    pub asks: String,
    /// The chapter's section that teaches it.
    pub section: String,
    /// A slip of the hole's lines, text the step's lines hold once and
    /// what it becomes: `.ci/run` fills the holes before it, writes this
    /// one with its slip, and requires the checks to name this hole.
    pub slip: Option<HoleSlip>,
}

/// A slip of a hole's lines: `from`, which they hold once, becomes `to`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct HoleSlip {
    /// The step's text.
    pub from: String,
    /// The slip.
    pub to: String,
    /// What the checks' message must say when the hole holds the slip:
    /// the node where it first shows, or the chapter's words.
    pub names: Option<String>,
}

/// Every step's entries, by step, read from `text` (a `holes.toml`). Each
/// step's entries must be numbered 1, 2, ... in the file's order; `Err`
/// says which is not, or why the text does not read.
pub fn parse(text: &str) -> Result<BTreeMap<String, Vec<HoleEntry>>, String> {
    let entries: BTreeMap<String, Vec<HoleEntry>> =
        toml::from_str(text).map_err(|error| error.to_string())?;
    for (step, holes) in &entries {
        for (i, entry) in holes.iter().enumerate() {
            if entry.number != i + 1 {
                return Err(format!(
                    "hole `{}` of {step} is number {}, its place says {}",
                    entry.name,
                    entry.number,
                    i + 1
                ));
            }
        }
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_checkouts_holes_read_every_step_numbered_in_order() {
        let entries = parse(HOLES).unwrap();
        let steps: Vec<&str> = entries.keys().map(String::as_str).collect();
        assert_eq!(steps, ["v07", "v09", "v10", "v11"]);
        assert_eq!(entries["v09"][0].name, "window");
    }

    #[test]
    fn a_number_out_of_its_place_or_an_unknown_key_is_refused() {
        let one = "[[vt]]\nnumber = 1\nname = \"a\"\nfile = \"f\"\nasks = \"x\"\nsection = \"S\"\n";
        assert!(parse(one).is_ok());
        let error = parse(&one.replace("number = 1", "number = 2")).unwrap_err();
        assert!(error.contains("is number 2, its place says 1"), "{error}");
        assert!(parse(&one.replace("asks", "hint")).is_err());
    }
}
