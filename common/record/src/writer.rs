//! Writing a record: one event per line, through a buffer.
//!
//! A search of ten million nodes writes tens of millions of events, so the
//! writer keeps none of them: each is turned into its line, measured, and
//! handed to a [`BufWriter`]. A record stays within [`MAX_RECORD_BYTES`],
//! the most the book's readers open: the line that would pass it is not
//! written, and the writer says so ([`RecordFull`]). A file is replaced
//! only when it holds a record, so that `--record` given the name of a
//! learner's source by mistake loses nothing ([`output`]).
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

use std::fmt;
use std::fs::{self, File};
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::path::Path;

use crate::event::Event;

/// The name that stands for standard output, as in `--record -`.
pub const STDOUT: &str = "-";

// ANCHOR: max_record_bytes
/// The most bytes a record holds, 256 MiB: the book's explorer and
/// `compare` index every node of a record they open, and refuse a larger
/// file before reading a line of it. A step writes none they would refuse:
/// its writer stops at this bound ([`RecordFull`]).
pub const MAX_RECORD_BYTES: u64 = 256 << 20;
// ANCHOR_END: max_record_bytes

/// The longest first line looked at when deciding whether a file may be
/// replaced: a header (version, FEN, options) takes a few hundred bytes.
const MAX_HEADER_LINE: u64 = 64 << 10;

/// Why a writer stopped: one more event would have passed its bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecordFull {
    /// The bound, in bytes.
    pub limit: u64,
}

impl fmt::Display for RecordFull {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the record would pass {} bytes", self.limit)
    }
}

impl std::error::Error for RecordFull {}

impl RecordFull {
    /// The [`RecordFull`] behind `error`, if that is why it failed.
    pub fn of(error: &io::Error) -> Option<RecordFull> {
        error.get_ref()?.downcast_ref::<RecordFull>().copied()
    }
}

/// Why a file was not replaced: it holds something other than a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotARecord;

impl fmt::Display for NotARecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "the file exists and is not a search record (its first line is no record's \
             header), so it is left as it was: name another file, or remove it first",
        )
    }
}

impl std::error::Error for NotARecord {}

/// Writes events as JSON Lines into `W`, buffered, up to a bound.
pub struct RecordWriter<W: Write> {
    out: BufWriter<W>,
    /// The line being written, kept to be measured before it goes out.
    line: Vec<u8>,
    events: u64,
    bytes: u64,
    limit: u64,
}

impl RecordWriter<Box<dyn Write + Send>> {
    /// A writer to the file at `path`, created or replaced, or to standard
    /// output when `path` is [`STDOUT`]; see [`output`].
    pub fn create(path: &Path) -> io::Result<Self> {
        Ok(RecordWriter::new(output(path)?))
    }
}

/// The file at `path`, created, or replaced if it holds a record (or
/// nothing); or standard output when `path` is [`STDOUT`]. A file that
/// holds anything else (a learner's source, notes) is refused with
/// [`NotARecord`], unread beyond its first line and unchanged.
pub fn output(path: &Path) -> io::Result<Box<dyn Write + Send>> {
    if path.as_os_str() == STDOUT {
        return Ok(Box::new(io::stdout()));
    }
    if !replaceable(path)? {
        return Err(io::Error::new(io::ErrorKind::AlreadyExists, NotARecord));
    }
    Ok(Box::new(File::create(path)?))
}

/// True when writing a record at `path` loses nothing but a record: no
/// file is there, or an empty one, or one whose first line is a record's
/// header, or something that is no file at all (`/dev/null`, a pipe),
/// which is written to, not replaced.
fn replaceable(path: &Path) -> io::Result<bool> {
    let metadata = match fs::metadata(path) {
        Ok(metadata) => metadata,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(true),
        Err(error) => return Err(error),
    };
    if !metadata.is_file() || metadata.len() == 0 {
        return Ok(true);
    }
    let mut first = Vec::new();
    BufReader::new(File::open(path)?.take(MAX_HEADER_LINE)).read_until(b'\n', &mut first)?;
    let header = std::str::from_utf8(&first)
        .ok()
        .and_then(|line| Event::from_line(line.trim_end()).ok());
    Ok(matches!(header, Some(Event::Search(_))))
}

impl<W: Write> RecordWriter<W> {
    /// A writer into `out`, bounded by [`MAX_RECORD_BYTES`].
    pub fn new(out: W) -> Self {
        RecordWriter::with_limit(out, MAX_RECORD_BYTES)
    }

    /// A writer into `out` that writes no more than `limit` bytes.
    pub fn with_limit(out: W, limit: u64) -> Self {
        RecordWriter {
            out: BufWriter::new(out),
            line: Vec::new(),
            events: 0,
            bytes: 0,
            limit,
        }
    }

    /// Writes one event as one line; or, when the line would take the
    /// record past its bound, writes nothing and fails with [`RecordFull`].
    pub fn write(&mut self, event: &Event) -> io::Result<()> {
        self.line.clear();
        event.write_json(&mut self.line).map_err(io::Error::from)?;
        self.line.push(b'\n');
        let bytes = self.bytes + self.line.len() as u64;
        if bytes > self.limit {
            let full = RecordFull { limit: self.limit };
            return Err(io::Error::new(io::ErrorKind::FileTooLarge, full));
        }
        self.out.write_all(&self.line)?;
        self.bytes = bytes;
        self.events += 1;
        Ok(())
    }

    /// The events written so far.
    pub fn events(&self) -> u64 {
        self.events
    }

    /// The bytes written so far.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Flushes the buffer and hands back the destination.
    pub fn finish(self) -> io::Result<W> {
        self.out.into_inner().map_err(|error| error.into_error())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{Header, Summary, SCHEMA};
    use std::path::PathBuf;

    fn header() -> Event {
        Event::Search(Header {
            schema: SCHEMA,
            version: "LaMoSca v0.09".into(),
            fen: common::START_FEN.into(),
            depth: 1,
            options: Default::default(),
        })
    }

    fn report() -> Event {
        Event::Report(Summary {
            best: None,
            value: 0,
            nodes: 0,
            statistics: vec![],
        })
    }

    /// A file of the system's scratch folder, named after this process and
    /// `name`, so that parallel runs do not meet.
    fn scratch(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("lamosca-record-{}-{name}", std::process::id()))
    }

    #[test]
    fn a_record_stops_at_its_bound_and_never_passes_it() {
        let limit = 1_000;
        let mut writer = RecordWriter::with_limit(Vec::new(), limit);
        let error = loop {
            if let Err(error) = writer.write(&report()) {
                break error;
            }
        };
        assert_eq!(RecordFull::of(&error), Some(RecordFull { limit }));
        assert_eq!(error.to_string(), "the record would pass 1000 bytes");
        let written = writer.bytes();
        let bytes = writer.finish().unwrap();
        assert_eq!(bytes.len() as u64, written);
        assert!(written <= limit && written > limit - 100, "{written}");
        assert!(bytes.ends_with(b"\n"), "whole lines only");
    }

    #[test]
    fn the_bound_is_the_readers_256_mib() {
        assert_eq!(MAX_RECORD_BYTES, 268_435_456);
    }

    #[test]
    fn only_a_record_or_nothing_is_replaced() {
        // A learner's source is refused, and left as it was.
        let source = scratch("mywork.rs");
        fs::write(&source, "fn main() {}\n").unwrap();
        let error = output(&source).err().expect("refused");
        assert_eq!(error.kind(), io::ErrorKind::AlreadyExists);
        assert!(error
            .to_string()
            .starts_with("the file exists and is not a search record"));
        assert_eq!(fs::read_to_string(&source).unwrap(), "fn main() {}\n");
        fs::remove_file(&source).unwrap();

        // A record, an empty file or no file at all is written.
        let record = scratch("record.jsonl");
        for before in [None, Some(""), Some("{\"event\":\"report\"}\n")] {
            let _ = fs::remove_file(&record);
            if let Some(text) = before {
                fs::write(&record, text).unwrap();
            }
            let written = before.is_none() || before == Some("");
            assert_eq!(output(&record).is_ok(), written, "{before:?}");
        }
        fs::remove_file(&record).unwrap();
        let mut writer = RecordWriter::create(&record).unwrap();
        writer.write(&header()).unwrap();
        writer.write(&report()).unwrap();
        writer.finish().unwrap();
        let mut again = RecordWriter::create(&record).expect("a record is replaced");
        again.write(&header()).unwrap();
        again.finish().unwrap();
        assert_eq!(fs::read_to_string(&record).unwrap().lines().count(), 1);
        fs::remove_file(&record).unwrap();
    }

    #[test]
    fn a_file_with_no_end_of_line_is_looked_at_within_a_bound() {
        let path = scratch("one-long-line");
        fs::write(&path, vec![b'x'; 1 << 20]).unwrap();
        assert!(output(&path).is_err());
        assert_eq!(fs::metadata(&path).unwrap().len(), 1 << 20);
        fs::remove_file(&path).unwrap();
    }
}
