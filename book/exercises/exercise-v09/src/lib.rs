//! Build LaMoSca v0.09 yourself. The lesson files, `src/lesson/search.rs`
//! and `src/lesson/ordering.rs`, are the step's own with four holes; every
//! other module is the step's file itself, read from `lamosca-v09/src`.
//!
//! ```text
//! cd book/exercises && cargo test -p exercise-v09
//! ```
//!
//! With the feature `solution` the step's own files stand in the holes'
//! place (the checks must pass); with `slip`, its search with one slip of a
//! character (the checks must catch it).

// Until its holes are filled, a lesson file leaves variables unused and
// code unreachable after its `todo!()`s.
#![allow(unused, unreachable_code, clippy::diverging_sub_expression)]

#[path = "../../../../lamosca-v09/src/counts.rs"]
mod counts;
#[path = "../../../../lamosca-v09/src/engine.rs"]
mod engine;
#[cfg_attr(feature = "solution", path = "../../../../lamosca-v09/src/ordering.rs")]
#[cfg_attr(
    not(any(feature = "solution", feature = "slip")),
    path = "lesson/ordering.rs"
)]
#[cfg_attr(
    all(feature = "slip", not(feature = "solution")),
    path = "../../../../lamosca-v09/src/ordering.rs"
)]
pub mod ordering;
#[cfg_attr(feature = "solution", path = "../../../../lamosca-v09/src/search.rs")]
#[cfg_attr(
    not(any(feature = "solution", feature = "slip")),
    path = "lesson/search.rs"
)]
#[cfg_attr(
    all(feature = "slip", not(feature = "solution")),
    path = "slip/search.rs"
)]
mod search;

pub use engine::AlphaBeta;
