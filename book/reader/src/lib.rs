//! The search record's reader: what the explorer, `compare` and the lab
//! read a record with.
//!
//! A step's binary writes a record ([`lamosca_record`], at the root, with
//! `search --record FILE`); this crate reads it back:
//!
//! - [`Record`] indexes a file in one pass and reads the events of a node
//!   when they are asked for; a file that is no record, or is cut short,
//!   is refused with the line where it breaks ([`RecordError`]). A pipe,
//!   which can be read only once, is read into memory within a bound
//!   ([`Record::from_stream`]).
//! - [`Record::depths`] tells the depths a deepening searched, and which
//!   finished; the answer is the deepest finished one's.
//! - [`Record::facts`] works out what every reader shows of each node
//!   (its path, position, bounded value, refuting reply), once for all of
//!   them; [`SoFar`] tells the best value so far and its cut, move by move.
//! - [`why`] says why a root move was not chosen, and [`why_value`] values
//!   it and the chosen move with the full window (the explorer's
//!   `--why MOVE` and `--why-value`).
//! - The report must agree with the events: no more node events than the
//!   nodes it counts, no main-search node deeper than the header's depth
//!   lets it go, and the value (and move, and depth reached) of the
//!   deepest finished depth ([`Record::open`] refuses a record that
//!   disagrees, with the line).
//! - [`check_record`] replays a record's moves on the board and checks
//!   each node's bounds, for the steps' tests.
//!
//! - [`STEPS`] and [`for_each_step!`] list the book's steps, once, for
//!   every tool that runs each of them.
//!
//! The reader never runs a search of its own; only [`check_record`] and
//! [`why_value`] do, through the engine contract.

mod answer;
mod bound;
mod check;
mod depths;
mod error;
mod facts;
mod reader;
mod so_far;
mod steps;
mod why;

pub use bound::{Bound, Bounded};
pub use check::{check_record, position_after_picks, Bounds};
pub use depths::Depth;
pub use error::RecordError;
pub use facts::{event_name, research_depth, NodeFacts};
pub use reader::{MoveName, NodeInfo, Place, Record};
pub use so_far::{Cutoff, Moment, SoFar};
pub use steps::{step, step_names, Step, STEPS};
pub use why::{why, why_not, why_value};
