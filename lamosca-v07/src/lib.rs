//! LaMoSca v0.07: NegaMax.
//!
//! MiniMax needs two functions, one for the side that maximises the score
//! and one for the side that minimises it. NegaMax needs one: every level
//! maximises, and a child's value changes sign on its way up, because what
//! is good for one side is bad, by the same amount, for the other. For that
//! the evaluation must score the position for the side to move, which
//! [`common::evaluate`] does. The search visits every move to a fixed depth;
//! it is the baseline the later versions prune.
//!
//! ```
//! use common::Position;
//! use lamosca_search::{Engine, SearchControl};
//! use lamosca_search::events::Tracer;
//! use lamosca_v07::NegaMax;
//! let mut position = Position::startpos();
//! let report = NegaMax::new().search(&mut position, 2, &SearchControl::unlimited(), &mut Tracer::off());
//! assert_eq!(report.best.unwrap().to_string(), "d2d4"); // as LaMoSca v0.07 chose
//! assert_eq!(report.value, 0);
//! ```

mod counts;
mod engine;
mod search;

pub use engine::NegaMax;
