//! Build LaMoSca v0.10 yourself. The lesson file, `src/lesson/quiescence.rs`,
//! is the step's own with three holes; every other module is the step's
//! file itself, read from `lamosca-v10-quiescence/src`, and v0.09's
//! ordering comes from `lamosca-v09`, as the step takes it.
//!
//! ```text
//! cd book/exercises && cargo test -p exercise-v10
//! ```
//!
//! With the feature `solution` the step's own file stands in the lesson's
//! place (the checks must pass); with `slip`, its quiescence with one slip
//! of a character (the checks must catch it).

// Until its holes are filled, a lesson file leaves variables unused and
// code unreachable after its `todo!()`s.
#![allow(unused, unreachable_code, clippy::diverging_sub_expression)]

#[path = "../../../../lamosca-v10-quiescence/src/counts.rs"]
mod counts;
#[path = "../../../../lamosca-v10-quiescence/src/engine.rs"]
mod engine;
#[path = "../../../../lamosca-v10-quiescence/src/events.rs"]
pub mod events;
#[path = "../../../../lamosca-v10-quiescence/src/search.rs"]
mod search;
#[path = "../../../../lamosca-v10-quiescence/src/see.rs"]
mod see;

/// The step's folder, so that `original.rs` finds its own modules
/// (`original/log.rs`) where the step keeps them.
#[path = "../../../../lamosca-v10-quiescence/src"]
mod step {
    pub mod original;
}
pub use step::original;

#[cfg_attr(
    feature = "solution",
    path = "../../../../lamosca-v10-quiescence/src/quiescence.rs"
)]
#[cfg_attr(
    not(any(feature = "solution", feature = "slip")),
    path = "lesson/quiescence.rs"
)]
#[cfg_attr(
    all(feature = "slip", not(feature = "solution")),
    path = "slip/quiescence.rs"
)]
mod quiescence;

pub use engine::QuiescenceSearch;
pub use quiescence::{
    EGainForm, Quiescence, QuiescenceCounts, QuiescenceMode, QuiescenceSettings, BIG_VALUE,
    DEFAULT_DELTA, LAMOSCA_PLY_LIMIT,
};
pub use see::swap_off;
