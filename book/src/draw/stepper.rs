//! The recorded searches the chapters' steppers show (`book/stepper/`):
//! each a real engine's small search, written as a script that registers
//! its record (`window.LaMoScaRecords[NAME]`, since a page opened as a file
//! cannot fetch another file), and the Markdown that places the stepper,
//! with the same search's text log inside as what a reader without
//! JavaScript sees.
//!
//! The record travels with its facts ([`lamosca_reader::Record::facts`]:
//! each node's path, position, bounded value, reply), so that the page
//! reads them rather than working them out again:
//! `{"events": "...the JSON Lines...", "nodes": [{"path": "", ...}, ...]}`.
//!
//! ```
//! use book::draw::stepper::script;
//! let jsonl = concat!(
//!     r#"{"event":"search","schema":1,"version":"v","fen":"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1","depth":1}"#, "\n",
//!     r#"{"event":"node","id":1,"parent":null,"level":1,"move":null,"alpha":-50,"beta":50,"kind":"main"}"#, "\n",
//!     r#"{"event":"result","node":1,"value":0,"best":null}"#, "\n",
//!     r#"{"event":"report","best":null,"value":0,"nodes":1}"#, "\n",
//! );
//! let js = script("tiny", jsonl).unwrap();
//! assert!(js.contains(r#"window.LaMoScaRecords["tiny"] = {"events":"{\"event\":\"search\""#));
//! assert!(js.contains(r#""nodes":[{"path":"","fen":"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1","value":"0","worth":"0"}]}"#));
//! ```

use std::fmt::Write as _;
use std::fs;
use std::path::Path;

use anyhow::{ensure, Context as _, Result};
use common::Position;
use lamosca_reader::{NodeFacts, Record};
use lamosca_search::log::{capture, Words};
use lamosca_search::{Engine, OptionValue, SearchControl};
use serde::Serialize;

use crate::draw::recorded::record_with;
use crate::files::Generated;
use crate::markdown::GENERATED_NOTE;

/// The most a stepper's record may weigh, so that a page stays light
/// (issue "The search on the page": aim under 200 KB).
pub const MAX_RECORD_BYTES: usize = 200 * 1024;

/// One search a stepper shows.
pub struct Search {
    /// The record's name: its file is `records/NAME.js`.
    pub name: &'static str,
    /// The position, as FEN.
    pub fen: &'static str,
    /// How deep the search goes.
    pub depth: u32,
    /// Records the search, and captures its text log.
    pub run: fn(&Search) -> Result<(String, String)>,
    /// Options set on the engine, by their UCI names.
    pub options: &'static [(&'static str, OptionValue)],
}

/// Records `search` with engine `E`: its JSON Lines and its text log.
pub fn run<E: Engine>(search: &Search) -> Result<(String, String)> {
    let recorded = record_with::<E>(search.fen, search.depth, search.options)?;
    let mut engine = E::new();
    for (name, value) in search.options {
        engine
            .set_option(name, *value)
            .map_err(|error| anyhow::anyhow!("option {name}: {error}"))?;
    }
    let mut position = Position::from_fen(search.fen)
        .map_err(|error| anyhow::anyhow!("bad FEN `{}`: {error}", search.fen))?;
    let control = SearchControl::unlimited();
    let (log, _) = capture(Words::English, search.depth, |tracer| {
        engine.search(&mut position, search.depth, &control, tracer)
    });
    Ok((recorded.jsonl()?, log))
}

/// A record as the page reads it: its events, and its nodes' facts.
#[derive(Serialize)]
struct Registered<'a> {
    events: &'a str,
    nodes: Vec<NodeFacts>,
}

/// The script that registers a record, and its facts, under `name`.
pub fn script(name: &str, jsonl: &str) -> Result<String> {
    let record = Record::from_bytes(jsonl.as_bytes().to_vec())
        .with_context(|| format!("the record {name}"))?;
    let registered = Registered {
        events: jsonl,
        nodes: record
            .facts()
            .with_context(|| format!("the record {name}"))?,
    };
    Ok(format!(
        "// {}\nwindow.LaMoScaRecords = window.LaMoScaRecords || {{}};\n\
         window.LaMoScaRecords[{}] = {};\n",
        GENERATED_NOTE
            .trim()
            .trim_start_matches("<!--")
            .trim_end_matches("-->")
            .trim(),
        serde_json::to_string(name)?,
        serde_json::to_string(&registered)?
    ))
}

/// Where the stepper's test records are: JSON Lines files, not shown in
/// the book, relative to the repository root.
pub const TEST_RECORDS: &str = "book/stepper/test/records";

/// Where their script goes, for the stepper's tests in Node.js and in
/// the browser.
pub const TEST_SCRIPT: &str = "book/stepper/test/fixture-records.js";

/// The script that registers every test record of `root`'s
/// [`TEST_RECORDS`] with its facts, by file name, in name order:
/// `generate` writes it to [`TEST_SCRIPT`], and the tests check it is up
/// to date.
pub fn test_script(root: &Path) -> Result<String> {
    let mut paths: Vec<_> = fs::read_dir(root.join(TEST_RECORDS))?
        .map(|entry| entry.map(|entry| entry.path()))
        .collect::<Result<_, _>>()?;
    paths.retain(|path| path.extension().is_some_and(|ext| ext == "jsonl"));
    paths.sort();
    let mut text = String::new();
    for path in paths {
        let name = path
            .file_stem()
            .and_then(|stem| stem.to_str())
            .unwrap_or("");
        text += &script(name, &fs::read_to_string(&path)?)?;
    }
    Ok(text)
}

/// A stepper of `searches` side by side (the first leads, the others
/// follow it by path): their records' scripts and the Markdown that
/// places them, saved as `tables/PAGE.md`, with the first search's log
/// as the static excerpt.
pub fn stepper(page: &str, searches: &[Search]) -> Result<Vec<Generated>> {
    let mut files = Vec::new();
    let mut scripts = String::new();
    let mut names = Vec::new();
    let mut excerpt = String::new();
    for search in searches {
        let (jsonl, log) = (search.run)(search)?;
        let js = script(search.name, &jsonl)?;
        ensure!(
            js.len() <= MAX_RECORD_BYTES,
            "the record {} weighs {} bytes, more than {MAX_RECORD_BYTES}",
            search.name,
            js.len()
        );
        files.push(Generated::new(&format!("records/{}.js", search.name), js));
        let _ = writeln!(
            scripts,
            "<script src=\"generated/records/{}.js\"></script>",
            search.name
        );
        names.push(search.name);
        if excerpt.is_empty() {
            excerpt = log;
        }
    }
    let markdown = format!(
        "{GENERATED_NOTE}{scripts}\n<div class=\"lamosca-stepper\" data-record=\"{}\">\n\n\
         ```text\n{}\n```\n\n</div>\n",
        names.join(" "),
        excerpt.trim_end()
    );
    files.push(Generated::new(&format!("tables/{page}.md"), markdown));
    Ok(files)
}

#[cfg(test)]
mod tests {
    use crate::chapters::{v07, v09, v10, v11};
    use crate::files::Generated;

    /// The text of the generated record `name`.
    fn record<'a>(files: &'a [Generated], name: &str) -> &'a str {
        let path = format!("records/{name}.js");
        &files
            .iter()
            .find(|file| file.path.to_str() == Some(path.as_str()))
            .unwrap_or_else(|| panic!("no {path}"))
            .text
    }

    fn count(record: &str, event: &str) -> usize {
        record
            .matches(&format!("{{\\\"event\\\":\\\"{event}\\\""))
            .count()
    }

    #[test]
    fn each_chapters_record_shows_its_story() {
        let v07 = v07::v07_stepper().unwrap();
        assert!(count(record(&v07, "v07-tree"), "node") > 10);
        assert_eq!(count(record(&v07, "v07-tree"), "cut"), 0);

        let v09 = v09::v09_stepper().unwrap();
        let alpha_beta = record(&v09, "v09-alphabeta");
        assert!(count(alpha_beta, "cut") >= 2, "a few cuts");
        assert!(count(alpha_beta, "swap") >= 1, "a swap");
        assert!(count(alpha_beta, "node") < count(record(&v09, "v09-negamax"), "node"));

        let v10 = v10::v10_stepper().unwrap();
        assert!(count(record(&v10, "v10-horizon"), "stand_pat") >= 1);
        assert_eq!(count(record(&v10, "v09-horizon"), "stand_pat"), 0);

        let v11 = v11::v11_stepper().unwrap();
        assert!(
            count(record(&v11, "v11-lazy"), "lazy_cut") >= 2,
            "a few lazy cuts"
        );
    }

    #[test]
    fn a_stepper_page_places_its_records_and_the_log() {
        let files = v09::v09_stepper().unwrap();
        let page = &files.last().unwrap().text;
        assert!(page.contains("<script src=\"generated/records/v09-alphabeta.js\"></script>"));
        assert!(page.contains("data-record=\"v09-alphabeta v09-negamax\""));
        assert!(
            page.contains("Result level 1:"),
            "the static excerpt is the log"
        );
    }
}
