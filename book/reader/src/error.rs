//! What can be wrong with a record, with the line where it was found.

use std::fmt;
use std::io;

/// Why a file could not be read as a record. Lines count from 1.
#[derive(Debug)]
pub enum RecordError {
    /// The file could not be read.
    Io(io::Error),
    /// The file is empty.
    Empty,
    /// The first line is not a search header: some other file.
    Foreign {
        /// The line, 1.
        line: u64,
    },
    /// The header names a schema this program does not know.
    UnknownSchema {
        /// The line, 1.
        line: u64,
        /// The schema named.
        schema: u64,
    },
    /// The file stops short: its last line is cut, or the search's report
    /// never came.
    Truncated {
        /// The last line there is.
        line: u64,
    },
    /// A stream (a pipe, standard input) runs past the most bytes it may
    /// hold.
    TooLarge {
        /// The most bytes read.
        most: u64,
    },
    /// A line read again after opening no longer reads as an event: the
    /// file changed since its index was built.
    Changed {
        /// The byte offset of the line.
        offset: u64,
    },
    /// A line breaks the contract: no JSON, a field missing, a node out of
    /// place.
    Malformed {
        /// The line.
        line: u64,
        /// What is wrong with it.
        reason: String,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Io(error) => write!(f, "{error}"),
            RecordError::Empty => write!(f, "the file is empty, not a search record"),
            RecordError::Foreign { line } => write!(
                f,
                "line {line}: not a search record (a record starts with {{\"event\":\"search\",\"schema\":1,...}})"
            ),
            RecordError::UnknownSchema { line, schema } => write!(
                f,
                "line {line}: the record has schema {schema}, and this program reads schema {}",
                lamosca_record::SCHEMA
            ),
            RecordError::Truncated { line } => write!(
                f,
                "line {line}: the record is truncated (it stops before the search's report)"
            ),
            RecordError::TooLarge { most } => write!(
                f,
                "the record runs past {most} bytes, the most read from a pipe"
            ),
            RecordError::Changed { offset } => write!(
                f,
                "the record changed since it was opened: byte {offset} no longer starts an event"
            ),
            RecordError::Malformed { line, reason } => write!(f, "line {line}: {reason}"),
        }
    }
}

impl std::error::Error for RecordError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        // An I/O error's text is already the message: naming it again as
        // the source would print it twice.
        None
    }
}

impl From<io::Error> for RecordError {
    fn from(error: io::Error) -> Self {
        RecordError::Io(error)
    }
}
