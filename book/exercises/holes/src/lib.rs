//! The holes' data, `book/exercises/holes.toml`: one entry per hole, by
//! step. Two programs read it through this crate, so that they read the
//! same thing: the exercises' checks (their hints) and the book's
//! generator (the lesson files' `todo!()`s, the holes tables, the book's
//! exercise mode). Its only dependencies are serde and toml; it knows
//! neither of them.

use std::collections::BTreeMap;

use serde::Deserialize;

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
