//! The search record: every search as data, one event per line.
//!
//! A record is a file of [JSON Lines](https://jsonlines.org): one JSON
//! object per line, each an *event* named by its `"event"` field. The text
//! log shows what a search found; the record shows where: every node is
//! entered with the move that led to it, so a tool can rebuild the tree,
//! step through it (the book's explorer) or set two searches side by side
//! (the book's `compare`).
//!
//! # The contract, schema 1
//!
#![doc = include_str!("contract.md")]
//!
//! ```
//! use lamosca_record::{ChapterEvent, Event};
//! let stand_pat = Event::Chapter(ChapterEvent::new("stand_pat", Some(12)).with("value", -199));
//! assert_eq!(stand_pat.to_line().unwrap(), r#"{"event":"stand_pat","node":12,"value":-199}"#);
//! ```
//!
//! # Writing
//!
//! [`record_search`] records one search of an engine into any writer;
//! [`Recorder`], the listener it runs, writes the record from the search's
//! events beside the text log (`search --record FILE`).
//! [`RecordWriter`] writes events as they come, through a buffer, and keeps
//! none, and writes no record over [`MAX_RECORD_BYTES`]. The events are
//! read back by [`Event::from_line`].
//!
//! This crate is what a step's binary needs to write a record. Reading one
//! (its index, the facts each node shows, the checks, "why not this
//! move?") is the book's: the crate `lamosca-reader`, in `book/reader/`,
//! which the explorer, `compare` and the lab use.

mod event;
mod listener;
mod writer;

pub use event::{
    ChapterEvent, Cut, Event, Header, MoveList, NodeEntry, NodeKind, NodeResult, OrderedMove,
    Statistic, Summary, Swap, KNOWN_EVENTS, SCHEMA,
};
pub use listener::{default_options, option_json, record_search, Recorder};
pub use writer::{output, NotARecord, RecordFull, RecordWriter, MAX_RECORD_BYTES, STDOUT};
