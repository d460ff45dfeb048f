//! Build LaMoSca v0.07 yourself. The lesson file, `src/lesson/search.rs`,
//! is the step's own with three holes; every other module is the step's
//! file itself, read from `lamosca-v07/src`.
//!
//! ```text
//! cd book/exercises && cargo test -p exercise-v07
//! ```
//!
//! With the feature `solution` the step's own file stands in the lesson's
//! place (the checks must pass); with `slip`, its search with one slip of
//! a character (the checks must catch it).

// Until its holes are filled, a lesson file leaves variables unused and
// code unreachable after its `todo!()`s.
#![allow(unused, unreachable_code, clippy::diverging_sub_expression)]

#[path = "../../../../lamosca-v07/src/counts.rs"]
mod counts;
#[path = "../../../../lamosca-v07/src/engine.rs"]
mod engine;
#[cfg_attr(feature = "solution", path = "../../../../lamosca-v07/src/search.rs")]
#[cfg_attr(
    not(any(feature = "solution", feature = "slip")),
    path = "lesson/search.rs"
)]
#[cfg_attr(
    all(feature = "slip", not(feature = "solution")),
    path = "slip/search.rs"
)]
mod search;

pub use engine::NegaMax;
