//! Writing a record: one event per line, through a buffer.
//!
//! A search of ten million nodes writes tens of millions of events, so the
//! writer keeps none of them: each is turned into its line straight into a
//! [`BufWriter`] and forgotten.
//!
//! ```
//! use lamosca_record::{Event, Header, RecordWriter, Summary, SCHEMA};
//! let mut writer = RecordWriter::new(Vec::new());
//! writer.write(&Event::Search(Header {
//!     schema: SCHEMA,
//!     version: "LaMoSca v0.09".into(),
//!     fen: common::START_FEN.into(),
//!     depth: 1,
//!     options: Default::default(),
//! })).unwrap();
//! writer.write(&Event::Report(Summary { best: None, value: 0, nodes: 0, statistics: vec![] })).unwrap();
//! let bytes = writer.finish().unwrap();
//! assert_eq!(String::from_utf8(bytes).unwrap().lines().count(), 2);
//! ```

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;

use crate::event::Event;

/// The name that stands for standard output, as in `--record -`.
pub const STDOUT: &str = "-";

/// Writes events as JSON Lines into `W`, buffered.
pub struct RecordWriter<W: Write> {
    out: BufWriter<W>,
    events: u64,
}

impl RecordWriter<Box<dyn Write + Send>> {
    /// A writer to the file at `path`, created or emptied, or to standard
    /// output when `path` is [`STDOUT`].
    pub fn create(path: &Path) -> io::Result<Self> {
        Ok(RecordWriter::new(output(path)?))
    }
}

/// The file at `path`, created or emptied, or standard output when `path`
/// is [`STDOUT`].
pub fn output(path: &Path) -> io::Result<Box<dyn Write + Send>> {
    Ok(if path.as_os_str() == STDOUT {
        Box::new(io::stdout())
    } else {
        Box::new(File::create(path)?)
    })
}

impl<W: Write> RecordWriter<W> {
    /// A writer into `out`.
    pub fn new(out: W) -> Self {
        RecordWriter {
            out: BufWriter::new(out),
            events: 0,
        }
    }

    /// Writes one event as one line.
    pub fn write(&mut self, event: &Event) -> io::Result<()> {
        event.write_json(&mut self.out).map_err(io::Error::from)?;
        self.out.write_all(b"\n")?;
        self.events += 1;
        Ok(())
    }

    /// The events written so far.
    pub fn events(&self) -> u64 {
        self.events
    }

    /// Flushes the buffer and hands back the destination.
    pub fn finish(self) -> io::Result<W> {
        self.out.into_inner().map_err(|error| error.into_error())
    }
}
