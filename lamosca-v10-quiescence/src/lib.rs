//! LaMoSca v0.10: a quiescence search at the horizon.
//!
//! A search that stops at a fixed depth evaluates whatever position it
//! stops in, even one in the middle of an exchange: a queen that has just
//! taken a defended pawn counts as a pawn up, because the recapture lies one
//! ply beyond the horizon. That is the horizon effect. The cure is to go on
//! past the horizon with captures only, until the position is quiet.
//!
//! LaMoSca's own v0.10 did exactly that: captures, and nothing but captures,
//! down to a fixed level. This version's main quiescence comes from a forum
//! post instead (seed 000 in the sources), which is faster and sounder:
//!
//! - the side to move may **stand pat**: decline every capture and keep the
//!   static evaluation, so a node never has to make a losing capture;
//! - each capture gets an **estimated gain** ([`egain`](quiescence)): what it
//!   can win at most, from the victim alone or from a static exchange
//!   evaluation ([`swap_off`]), plus a margin `DELTA` for position;
//! - a capture that cannot raise alpha even if it wins all of that is not
//!   searched, and one that is searched gets a window no wider than what it
//!   can win;
//! - at the first node of the quiescence (`quiRoot`) every capture is
//!   searched, whatever its estimate.
//!
//! The alpha-beta search and its move ordering are v0.09's, taken from
//! [`lamosca_v09`] as a library; only the horizon changes.
//!
//! ```
//! use common::Position;
//! use lamosca_search::{Engine, SearchControl};
//! use lamosca_search::events::Tracer;
//! use lamosca_v10_quiescence::QuiescenceSearch;
//! // The queen may take a pawn on d5 that the pawn on e6 defends.
//! let mut position = Position::from_fen("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1").unwrap();
//! let report = QuiescenceSearch::new().search(&mut position, 1, &SearchControl::unlimited(), &mut Tracer::off());
//! assert_ne!(report.best.unwrap().to_string(), "d1d5"); // v0.09 at depth 1 takes it
//! ```

mod counts;
mod engine;
pub mod events;
pub mod original;
mod quiescence;
mod search;
mod see;

pub use engine::QuiescenceSearch;
pub use quiescence::{
    EGainForm, Quiescence, QuiescenceCounts, QuiescenceMode, QuiescenceSettings, BIG_VALUE,
    DEFAULT_DELTA, LAMOSCA_PLY_LIMIT,
};
pub use see::swap_off;
