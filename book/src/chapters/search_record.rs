//! The chapter "Reading, exploring and comparing searches": the explorer's
//! screens, included from the explorer's insta snapshots, and the worked
//! comparison of two versions' records, made from real searches.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::{Context, Result};
use common::Position;
use lamosca_explorer::compare::compare;
use lamosca_reader::Record;
use lamosca_record::{default_options, record_search};
use lamosca_search::Engine;
use lamosca_v07::NegaMax;
use lamosca_v09::AlphaBeta;
use lamosca_v10_quiescence::QuiescenceSearch;

use crate::chapter::{Chapter, Sources};
use crate::files::Generated;

/// The worked example's position: the Scandinavian, 1.e4 d5, White to
/// move, with a capture and a recapture at once.
pub const SCANDINAVIAN: &str = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";

/// The worked example's depth: three plies, small enough for NegaMax.
pub const DEPTH: u32 = 3;

/// The chapter's own files: `compare`'s output for v0.07 against v0.09 and
/// for v0.09 against v0.10; its screens come from the explorer's snapshots.
fn generated(_sources: &Sources) -> Result<Vec<Generated>> {
    let position = Position::from_fen(SCANDINAVIAN)?;
    let v07 = Scratch::record::<NegaMax>(&position, "v07")?;
    let v09 = Scratch::record::<AlphaBeta>(&position, "v09")?;
    let v10 = Scratch::record::<QuiescenceSearch>(&position, "v10")?;
    Ok(vec![
        Generated::new("compare/v07-v09.txt", compared(&v07, &v09)?),
        Generated::new("compare/v09-v10.txt", compared(&v09, &v10)?),
    ])
}

/// What `compare A B` prints for two records.
fn compared(a: &Scratch, b: &Scratch) -> Result<String> {
    let open = |scratch: &Scratch| Record::open(&scratch.0).context("a record made here opens");
    let mut out = Vec::new();
    compare(&open(a)?, &open(b)?, &mut out)?;
    Ok(String::from_utf8(out)?)
}

/// A record in the system's scratch folder, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    /// Records `E`'s search of `position`, at the example's depth, with its
    /// default options, as `search --record` would.
    fn record<E: Engine>(position: &Position, name: &str) -> Result<Scratch> {
        // Named after the process and a count, so that two generators
        // running at once (the tests run two) never share a file.
        static COUNT: AtomicU64 = AtomicU64::new(0);
        let count = COUNT.fetch_add(1, Ordering::Relaxed);
        let file = format!("lamosca-book-{}-{count}-{name}.jsonl", std::process::id());
        let scratch = Scratch(std::env::temp_dir().join(file));
        let out = std::fs::File::create(&scratch.0)?;
        record_search(
            &mut E::new(),
            position,
            DEPTH,
            0,
            default_options::<E>(),
            out,
        )?;
        Ok(scratch)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(Path::new(&self.0));
    }
}

/// The chapter: the worked comparison; its screens are the explorer's own
/// snapshots, included by the page.
pub const CHAPTER: Chapter = Chapter {
    page: "search-record.md",
    krate: None,
    generated,
    measured: &[],
};
