//! The explorer: a record stepped through on one screen.
//!
//! [`Explorer`] holds where the reader is (an event of the record, and the
//! node it belongs to) and turns keys ([`Key`]) into moves through the
//! record; [`draw`] paints it with ratatui. The two are apart so that
//! tests can play a script of keys and look at the screen without a
//! terminal; the `explore` command ([`crate::explore`]) runs them on a real one.
//!
//! The screen, at 80 columns by 24 lines:
//! - the title: the version, the depth and the position searched;
//! - the board at the current node, the squares of the move that led there
//!   in brackets;
//! - beside it the node: its number, kind and level, the path from the
//!   root, the window it was searched with, the value found so far, the
//!   current event and the node's own chapter events;
//! - below, the node's moves in the order they were tried, with their
//!   ordering values, `>` on the moves `pick` swapped forward, the value
//!   each returned (for the side to move at the node, so minus the
//!   child's) with its bound ([`Bounded`]: `≤ v` for a move refuted, `≥ v`
//!   for one whose reply failed low), the reply that refuted or answered
//!   it, and `cut` on the move that failed high; moves not tried yet
//!   follow, without a number, in the order generated. A re-search of the
//!   node (v0.11's internal deepening) comes first, as `(re-search at
//!   depth N)`, with its value for the same side;
//! - the current event, in words;
//! - the status line: node N of the total, level, the swaps so far and
//!   the kind of cut once there is one, and how far through the file the
//!   current event is; or what the last key could not do.
//!
//! Everything shown is as it stands at the current event: a node's final
//! state shows only once it has returned.

mod draw;
mod state;

pub use draw::draw;
pub use lamosca_reader::Cutoff;
pub use lamosca_reader::{Bound, Bounded};
pub use state::{CutKind, Explorer, Key, Mode, MoveRow, HELP};
