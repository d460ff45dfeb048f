//! The switches of a search, as it reads them: each of Kornilov's ideas can
//! be turned off to measure it.

use crate::pruning::GROWTH_MARGIN;
use crate::scoring::{to_centipawns, Evaluation};

/// The switches, as the search reads them.
#[derive(Clone, Copy, Debug)]
pub struct Switches {
    /// Internal iterative deepening.
    pub iid: bool,
    /// Lazy cuts (they need the internal deepening's result).
    pub lazy: bool,
    /// The selective stand pat.
    pub selective: bool,
    /// The growth margin, in centipawns.
    pub margin: i32,
    /// The tables behind the gains.
    pub evaluation: Evaluation,
    /// The transposition table's size in MB; 0 for none.
    pub hash: usize,
}

impl Default for Switches {
    fn default() -> Self {
        Switches {
            iid: true,
            lazy: true,
            selective: true,
            margin: to_centipawns(GROWTH_MARGIN),
            evaluation: Evaluation::Lamosca,
            hash: 0,
        }
    }
}
