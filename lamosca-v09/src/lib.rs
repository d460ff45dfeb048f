//! LaMoSca v0.09: alpha-beta with move ordering.
//!
//! NegaMax (v0.07) searches every move. Alpha-beta (LaMoSca v0.08) gives
//! each node a window, `alpha` to `beta`: `alpha` is what the side to move
//! is already sure of elsewhere, `beta` what the opponent is sure of. Once
//! a move reaches `beta` the opponent will never let the game come here, so
//! the node's other moves need not be searched: a cut-off. The value at the
//! root is NegaMax's, found with far fewer nodes, and the fewer the sooner
//! the refuting move is tried. So v0.09 orders the moves: a static value
//! for captures (MVV/LVA), a value learnt from cut-offs (the history
//! heuristic), and Kornilov's `Pick`, which brings the best remaining move
//! forward just before it is searched ([`ordering`]).
//!
//! ```
//! use common::Position;
//! use lamosca_search::{Engine, SearchControl};
//! use lamosca_search::events::Tracer;
//! use lamosca_v09::AlphaBeta;
//! let mut position = Position::startpos();
//! let control = SearchControl::unlimited();
//! let report = AlphaBeta::new().search(&mut position, 2, &control, &mut Tracer::off());
//! assert_eq!(report.value, 0); // NegaMax's value, as v0.07 found it
//! assert!(report.nodes < 421); // v0.07 visits 1 + 20 + 400 nodes
//! ```

mod counts;
mod engine;
pub mod ordering;
mod search;

pub use engine::AlphaBeta;
