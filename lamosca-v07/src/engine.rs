//! The engine the driver calls: a fresh search for each call, and the
//! figures it reports.

use common::{MoveStack, Position};
use lamosca_search::events::Tracer;
use lamosca_search::pv::{Answer, Line};
use lamosca_search::{Engine, Report, SearchControl, Statistic};

use crate::counts::Counts;
use crate::search::Search;

/// LaMoSca v0.07: a plain NegaMax to a fixed depth.
#[derive(Debug, Default)]
pub struct NegaMax {
    /// The moves of every ply, reused from one search to the next.
    stack: MoveStack,
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
        tracer: &mut Tracer<'_>,
    ) -> Report {
        let mut search = Search {
            stack: &mut self.stack,
            control,
            tracer,
            counts: Counts::default(),
            stopped: false,
        };
        let mut pv = Line::default();
        let (value, best) = search.negamax(position, depth, 0, &mut pv);
        let answer = Answer::new(value, best, pv, search.stopped);
        Report {
            best: answer.best,
            value: answer.value,
            nodes: search.counts.nodes,
            depth,
            pv: answer.pv,
            interrupted: search.stopped,
            statistics: vec![Statistic::count("leaves evaluated", search.counts.leaves)],
        }
    }
}
// ANCHOR_END: engine
