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
//! # Writing and reading
//!
//! [`record_search`] records one search of an engine into any writer;
//! [`Recorder`], the listener it runs, writes the record from the search's
//! events beside the text log (`search --record FILE`).
//! [`RecordWriter`] writes events as they come, through a buffer, and keeps
//! none; [`Record`] indexes a file and reads the events of a node when they
//! are asked for. [`why`] says why a root move was not chosen, and
//! [`Record::facts`] works out what every reader shows of each node
//! (its path, position, bounded value, refuting reply), once for all of
//! them.
//!
//! The record reader never runs a search; only [`record_search`] and
//! [`check_record`] do, through the engine contract.

mod bound;
mod check;
mod depths;
mod error;
mod event;
mod facts;
mod listener;
mod reader;
mod so_far;
mod why;
mod writer;

pub use bound::{Bound, Bounded};
pub use check::{check_record, position_after_picks, Bounds};
pub use depths::Depth;
pub use error::RecordError;
pub use event::{
    ChapterEvent, Cut, Event, Header, MoveList, NodeEntry, NodeKind, NodeResult, OrderedMove,
    Statistic, Summary, Swap, KNOWN_EVENTS, SCHEMA,
};
pub use facts::{research_depth, NodeFacts};
pub use listener::{default_options, option_json, record_search, Recorder};
pub use reader::{MoveName, NodeInfo, Place, Record};
pub use so_far::{Cutoff, Moment, SoFar};
pub use why::{why, why_not, why_value};
pub use writer::{output, RecordWriter, STDOUT};
