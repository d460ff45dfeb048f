//! The engine the driver calls: a fresh search for each call, and the
//! figures it reports.

use common::trace::Tracer;
use common::{Engine, MoveStack, Position, Report, SearchControl, Statistic};

use crate::search::Search;

/// LaMoSca v0.07: a plain NegaMax to a fixed depth.
#[derive(Debug, Default)]
pub struct NegaMax {
    /// The moves of every ply, reused from one search to the next.
    stack: MoveStack,
}

/// What a search counts, for its statistics.
#[derive(Debug, Default)]
pub(crate) struct Counts {
    pub(crate) nodes: u64,
    pub(crate) leaves: u64,
}

// ANCHOR: engine
impl Engine for NegaMax {
    const NAME: &'static str = "LaMoSca v0.07";

    fn new() -> Self {
        NegaMax::default()
    }

    fn search(
        &mut self,
        position: &mut Position,
        depth: u32,
        control: &SearchControl,
        tracer: &Tracer,
    ) -> Report {
        let mut search = Search {
            stack: &mut self.stack,
            control,
            tracer,
            counts: Counts::default(),
            stopped: false,
        };
        let (value, best) = search.negamax(position, depth, 1);
        Report {
            best,
            value,
            nodes: search.counts.nodes,
            depth,
            pv: best.into_iter().collect(),
            interrupted: search.stopped,
            statistics: vec![Statistic::count("leaves evaluated", search.counts.leaves)],
        }
    }
}
// ANCHOR_END: engine
