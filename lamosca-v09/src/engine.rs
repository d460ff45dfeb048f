//! The engine the driver calls: its switches, a fresh search for each call,
//! and the figures it reports.

use common::{MoveStack, Position};
use lamosca_search::events::Tracer;
use lamosca_search::pv::{Answer, Line};
use lamosca_search::{Engine, EngineOption, OptionKind, Report, SearchControl, INFINITY};

use crate::counts::Counts;
use crate::ordering::MoveOrder;
use crate::search::Search;

// ANCHOR: options
/// The switches of this version: LaMoSca v0.09's ordering is on by default,
/// killer moves are an addition to try.
const OPTIONS: &[EngineOption<AlphaBeta>] = &[
    EngineOption {
        name: "MvvLva",
        flag: "mvv-lva",
        help: "score captures by most valuable victim, least valuable attacker",
        kind: OptionKind::Check {
            default: true,
            set: |engine, on| engine.order.mvv_lva = on,
        },
    },
    EngineOption {
        name: "History",
        flag: "history",
        help: "add the history heuristic to each move's value",
        kind: OptionKind::Check {
            default: true,
            set: |engine, on| engine.order.history = on,
        },
    },
    EngineOption {
        name: "Killers",
        flag: "killers",
        help: "try two killer moves per ply after the captures",
        kind: OptionKind::Check {
            default: false,
            set: |engine, on| engine.order.killers = on,
        },
    },
    EngineOption {
        name: "Ordering",
        flag: "ordering",
        help: "bring the best remaining move forward before each move (Kornilov's Pick)",
        kind: OptionKind::Check {
            default: true,
            set: |engine, on| engine.order.ordering = on,
        },
    },
];
// ANCHOR_END: options

/// LaMoSca v0.09: alpha-beta with move ordering.
#[derive(Debug, Default)]
pub struct AlphaBeta {
    /// The moves of every ply, reused from one search to the next.
    stack: MoveStack,
    /// The values moves are ordered by, and what the search learns.
    order: MoveOrder,
}

impl Engine for AlphaBeta {
    const NAME: &'static str = "LaMoSca v0.09";

    const OPTIONS: &'static [EngineOption<Self>] = OPTIONS;

    fn new() -> Self {
        AlphaBeta::default()
    }

    // ANCHOR: entry
    fn search(
        &mut self,
        position: &mut Position,
        depth: u32,
        control: &SearchControl,
        tracer: &mut Tracer<'_>,
    ) -> Report {
        // History and killers start empty: LaMoSca cleared its table before
        // each search.
        self.order.clear();
        let mut search = Search {
            stack: &mut self.stack,
            order: &mut self.order,
            control,
            tracer,
            counts: Counts::default(),
            stopped: false,
        };
        let mut pv = Line::default();
        let (value, best) = search.alpha_beta(position, -INFINITY, INFINITY, depth, 0, &mut pv);
        let answer = Answer::new(value, best, pv, search.stopped);
        Report {
            best: answer.best,
            value: answer.value,
            nodes: search.counts.nodes,
            depth,
            pv: answer.pv,
            interrupted: search.stopped,
            statistics: search.counts.statistics(depth),
        }
    }
    // ANCHOR_END: entry
}
