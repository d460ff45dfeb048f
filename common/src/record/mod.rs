//! The search record: every search as data, one event per line.
//!
//! A record is a file of [JSON Lines](https://jsonlines.org): one JSON
//! object per line, each an *event* named by its `"event"` field. The text
//! log shows what a search found; the record shows where: every node is
//! entered with the move that led to it, so a tool can rebuild the tree,
//! step through it ([`crate::cli`]'s `explore`) or set two searches side by
//! side (`compare`).
//!
//! # The contract, schema 1
//!
//! The first line is the header, the last the report; in between, the
//! events of the search in the order they happened.
//!
//! | event | fields | when |
//! |---|---|---|
//! | `search` | `schema` (1), `version` (`"LaMoSca v0.09"`), `fen`, `depth`, `options` (an object: UCI name to value) | first line |
//! | `node` | `id`, `parent` (an id or `null`), `level`, `move` (UCI, or `null` at a root), `alpha`, `beta`, `kind` (`main`, `quiescence` or `reduced`) | a node is entered |
//! | `moves` | `node`, `moves`: `[{"move":"e2e4","order":12}, ...]` | a node's moves are generated, with their ordering values, in generation order |
//! | `swap` | `node`, `out`, `out_value`, `in`, `in_value` | `pick` brings move `in` forward in place of `out` |
//! | `cut` | `node`, `move`, `value` | a move fails high |
//! | `result` | `node`, `value`, `best` (UCI or `null`) | a node returns |
//! | `report` | `best`, `value`, `nodes`, `statistics`: `[{"label":...,"value":...}]` | last line |
//! | any other name | `node` (optional), any fields | what a chapter teaches |
//!
//! For example, the first lines of a search of the start position:
//!
//! ```text
//! {"event":"search","schema":1,"version":"LaMoSca v0.09","fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","depth":4,"options":{"History":true}}
//! {"event":"node","id":1,"parent":null,"level":1,"move":null,"alpha":-32000,"beta":32000,"kind":"main"}
//! {"event":"moves","node":1,"moves":[{"move":"a2a3","order":0},{"move":"d2d4","order":0}]}
//! {"event":"node","id":2,"parent":1,"level":2,"move":"a2a3","alpha":-32000,"beta":32000,"kind":"main"}
//! ```
//!
//! The rules a reader checks ([`Record::open`]):
//! - node ids count from 1 in the order the nodes are entered, so a
//!   parent's id is below its children's;
//! - a node's `parent` is the innermost node entered and not yet returned
//!   (`null` for a root: a deepening search has one root per depth);
//! - an event that names a node comes while that node is the innermost open
//!   one: a node's swaps, cuts and chapter events sit between its children,
//!   its `result` after the last of them;
//! - values are from the point of view of the side to move at the node, so
//!   a move's value at its parent is minus its child's `value`;
//! - the `report` comes last, when every node has returned.
//!
//! A chapter's own events take a name of their own, in snake case, with
//! the node they belong to and named fields; the explorer shows them as
//! they are. The names in use: `stand_pat` (`value`), `skipped_capture`
//! (`move`, `gain`), `lazy_cut` (`score`, `margin`), `selective_stand_pat`
//! (`value`), `iteration` (`depth`, `value`, `best`, `nodes`; no node).
//!
//! ```
//! use common::record::{ChapterEvent, Event};
//! let stand_pat = Event::Chapter(ChapterEvent::new("stand_pat", Some(12)).with("value", -199));
//! assert_eq!(stand_pat.to_line().unwrap(), r#"{"event":"stand_pat","node":12,"value":-199}"#);
//! ```
//!
//! # Writing and reading
//!
//! [`RecordWriter`] writes events as they come, through a buffer, and keeps
//! none; [`Record`] indexes a file and reads the events of a node when they
//! are asked for. [`compare`] sets two records side by side, and
//! [`explorer`] is the state and the screen of `explore`.

pub mod compare;
mod error;
mod event;
pub mod explorer;
mod reader;
mod writer;

pub use error::RecordError;
pub use event::{
    ChapterEvent, Cut, Event, Figure, Header, MoveList, NodeEntry, NodeKind, NodeResult,
    OrderedMove, Summary, Swap, KNOWN_EVENTS, SCHEMA,
};
pub use reader::{MoveName, NodeInfo, Place, Record};
pub use writer::{RecordWriter, STDOUT};
