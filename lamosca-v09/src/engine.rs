//! The engine the driver calls: its switches, a fresh search for each call,
//! and the figures it reports.

use common::trace::Tracer;
use common::{
    Engine, EngineOption, MoveStack, OptionKind, Position, Report, SearchControl, Statistic,
    INFINITY,
};

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
        tracer: &Tracer,
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
        let (value, best) = search.alpha_beta(position, -INFINITY, INFINITY, depth, 1);
        Report {
            best,
            value,
            nodes: search.counts.nodes,
            depth,
            pv: best.into_iter().collect(),
            interrupted: search.stopped,
            statistics: search.counts.statistics(depth),
        }
    }
    // ANCHOR_END: entry
}

/// What a search counts, for its statistics.
#[derive(Default, Debug)]
pub(crate) struct Counts {
    pub(crate) nodes: u64,
    pub(crate) leaves: u64,
    /// Nodes cut off by a move that reached beta.
    pub(crate) cuts: u64,
    /// Of those, the nodes cut off by the first move tried.
    pub(crate) first_move_cuts: u64,
    /// Moves [`pick`](crate::ordering::pick) brought forward.
    pub(crate) swaps: u64,
}

impl Counts {
    /// The figures printed after the trace.
    ///
    /// The *effective branching factor* is `nodes^(1 / depth)`: the number
    /// of moves per node of a uniform tree, `depth` plies deep, with about
    /// as many nodes as this search visited. v0.07's NegaMax, which visits
    /// every node, comes out near 22 from the start position at depth 5.
    /// Alpha-beta with perfect ordering visits roughly the square root of
    /// NegaMax's tree, so the figure would fall towards the square root of
    /// the real branching factor; how far it stays above that says how good
    /// the ordering is.
    fn statistics(&self, depth: u32) -> Vec<Statistic> {
        vec![
            Statistic::count("leaves evaluated", self.leaves),
            Statistic::count("beta cut-offs", self.cuts),
            Statistic::share(
                "cut-offs by the first move",
                self.first_move_cuts,
                self.cuts,
            ),
            Statistic::count("swaps by pick", self.swaps),
            Statistic::branching_factor(self.nodes, depth),
        ]
    }
}
