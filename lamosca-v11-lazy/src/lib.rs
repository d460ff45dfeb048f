//! LaMoSca v0.11: Kornilov's lazy search.
//!
//! LaMoSca's line ends at v0.10. This version continues it with the ideas
//! of E. N. Kornilov's "the simplest program" (the article), a program with no
//! evaluation function of its own, whose search looks a few plies ahead in
//! full and then, selectively, far enough to serve as its evaluation:
//!
//! - **Internal iterative deepening.** Before a node is searched `N` plies
//!   deep it is searched `N - 2` plies deep, and the best move found there
//!   is tried first. The root is called once, with a large depth, and
//!   deepens 2, 4, 6, ... by itself until the time is over; a best move is
//!   recorded only while it is not, so an iteration cut short never
//!   replaces a finished answer with a worse move (the driver plays the
//!   last finished iteration's move in any case).
//! - **The lazy cut.** When a node's score and its `N - 2` value both beat
//!   beta by the *growth margin* (half a pawn), and the move that led to it
//!   was neither a capture nor a check, the node is cut off unsearched.
//! - **The selective stand pat.** From ply 5 on, after a move that gained
//!   less than the ply's limit (`ext[ply]`: a pawn, a bishop, a rook, a
//!   queen, then anything), the side to move may keep its score instead of
//!   moving.
//! - **Incremental scoring.** Each move carries its gain (`delRes`), and
//!   the score is passed down the recursion instead of evaluated
//!   ([`scoring`]).
//!
//! Moves are ordered as Kornilov recommends (the article on move ordering, [`ordering`]), the
//! horizon calls v0.10's quiescence search, and draws by the rules score 0.
//! Each of these ideas is one switch ([`Ideas`]) and one block of the
//! search: with none of them, the search is v0.10's, node for node.
//!
//! A next step builds on v0.11 as v0.11 builds on v0.10: it restates the
//! node function and names its own ideas and counts ([`Step`]), and
//! reuses the rest, engine, options and root included ([`StepEngine`]).
//!
//! ```
//! use std::time::{Duration, Instant};
//! use common::Position;
//! use lamosca_search::{Engine, SearchControl};
//! use lamosca_search::events::Tracer;
//! use lamosca_v11_lazy::LazySearch;
//! // Called as the driver calls it under a clock: once, very deep, with a
//! // deadline; it answers with the move of the deepest finished iteration.
//! let mut position = Position::startpos();
//! let control = SearchControl::unlimited().with_deadline(Instant::now() + Duration::from_millis(100));
//! let report = LazySearch::new().search(&mut position, 64, &control, &mut Tracer::off());
//! assert!(position.legal_moves().contains(&report.best.unwrap()));
//! assert!(report.depth >= 2 && report.depth % 2 == 0); // 2, 4, 6, ...
//! ```

pub mod counts;
pub mod draws;
mod engine;
pub mod events;
mod node;
pub mod ordering;
pub mod pruning;
pub mod root;
pub mod scoring;
pub mod search;
mod step;
mod switches;
#[cfg(test)]
mod tests;
pub mod tt;

pub use engine::{LazySearch, StepEngine};
pub use node::{Arrival, Found, Hint, Node};
pub use pruning::{EXT, FULL_WIDTH_PLIES, GROWTH_MARGIN};
pub use root::Root;
pub use search::Search;
pub use step::{Kornilov, Step};
pub use switches::{Ideas, Switches, DEFAULT_HASH_MB};
