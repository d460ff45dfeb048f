//! How large a record the terminal readers take on.
//!
//! The explorer and `compare` index a record before they show it: one
//! entry per node, about 115 bytes, kept in memory, and the events
//! themselves left in the file. Their memory grows with the nodes, so
//! both bound what they read, and say how to make a search smaller
//! instead of filling the machine: the explorer counts a search's nodes
//! before it records it, and both measure a record's file before they
//! index it.

use std::fs::File;
use std::io::{self, IsTerminal, Read, Write};
use std::path::Path;

use anyhow::{bail, Result};

use lamosca_reader::{Record, RecordError};
use lamosca_search::events::{Event, Listener};

/// The most nodes the explorer records from one search: v0.09 to depth 6
/// from the start (439,214 nodes) fits, v0.07 to depth 5 (5,072,213) does
/// not. A record takes 165 (v0.07) to 515 (v0.10) bytes a node on disk,
/// and its index about 115 bytes a node in memory.
pub const MOST_NODES: u64 = 1_000_000;

/// The largest record file the explorer and `compare` open, 256 MiB: an
/// index of some 180 MB at the most, for v0.07's records, the densest in
/// nodes. It is the record's own bound, which a step's `search --record`
/// never passes, so that every record a step writes can be opened here.
pub const MOST_BYTES: u64 = lamosca_record::MAX_RECORD_BYTES;

/// What makes a search or a record smaller, said with each refusal.
const SMALLER: &str = "search less deep (--depth), from a later position, or under a node \
                       budget (--nodes N); a step's `search --record FILE --record-levels L` \
                       records the first L levels only";

/// Refuses a search that visits more than [`MOST_NODES`] nodes (or is
/// given a budget of more), before its record is written: `what` names it
/// (`LaMoSca v0.07 to depth 5`).
pub fn refuse_nodes(what: &str, nodes: u64) -> Result<()> {
    if nodes > MOST_NODES {
        bail!("{what} visits more than {MOST_NODES} nodes, the most explore records: {SMALLER}");
    }
    Ok(())
}

/// Opens the record at `path`, after refusing a file larger than
/// [`MOST_BYTES`]. `-` is standard input; it, and a pipe
/// (`--record <(...)`, `/dev/fd/N`) or a device, is read once, in order,
/// into memory, and refused as soon as it runs past [`MOST_BYTES`] or its
/// first line is no header ([`Record::from_stream`]): a pipe has no size
/// to measure first, and cannot be read again to show a node.
pub fn open(path: &Path) -> Result<Record> {
    if path == Path::new("-") {
        if io::stdin().is_terminal() {
            bail!("it is a terminal: pipe a record in, as a step's `search --record - | ...` does");
        }
        return from_stream(io::stdin().lock());
    }
    let file = File::open(path)?;
    let metadata = file.metadata()?;
    if metadata.is_dir() {
        bail!("it is a folder, and a record is a file");
    }
    if !metadata.is_file() {
        return from_stream(file);
    }
    let bytes = metadata.len();
    if bytes > MOST_BYTES {
        bail!(
            "the record has {bytes} bytes, and explore and compare read {MOST_BYTES} at most: \
             {SMALLER}"
        );
    }
    Ok(Record::from_file(file)?)
}

/// How a message names the record at `path`: `'FILE'`, or `from
/// standard input` for `-`.
pub fn named(path: &Path) -> String {
    if path == Path::new("-") {
        "from standard input".to_string()
    } else {
        format!("'{}'", path.display())
    }
}

/// The record a pipe or standard input holds, within [`MOST_BYTES`].
fn from_stream(stream: impl Read) -> Result<Record> {
    match Record::from_stream(stream, MOST_BYTES) {
        Err(RecordError::TooLarge { most }) => bail!(
            "the record runs past {most} bytes, and explore and compare read {most} at most: \
             {SMALLER}"
        ),
        opened => Ok(opened?),
    }
}

/// A listener that shows on standard error, when it is a terminal, how
/// many of a search's nodes are recorded so far.
pub struct Progress {
    /// The nodes the search visits, counted before.
    total: u64,
    /// The nodes heard so far.
    heard: u64,
    /// Whether standard error is a terminal to write on.
    shown: bool,
}

/// How often the count is written: a few dozen times a second at most.
const EVERY: u64 = 1 << 16;

impl Progress {
    /// Progress over a search of `total` nodes.
    pub fn new(total: u64) -> Progress {
        Progress {
            total,
            heard: 0,
            shown: io::stderr().is_terminal() && total > EVERY,
        }
    }

    /// Clears the line the count was written on.
    pub fn done(&self) {
        if self.shown {
            let _ = write!(io::stderr(), "\r\x1b[2K");
        }
    }
}

impl Listener for Progress {
    fn hear(&mut self, event: &Event<'_>) {
        if let Event::Node { .. } = event {
            self.heard += 1;
            if self.shown && self.heard.is_multiple_of(EVERY) {
                let percent = self.heard * 100 / self.total.max(1);
                let _ = write!(
                    io::stderr(),
                    "\rrecording the search: {} of {} nodes ({percent}%)",
                    self.heard,
                    self.total
                );
            }
        }
    }
}
