//! The engine the driver calls: its switches, a fresh search for each call,
//! and the figures it reports.

use common::{MoveStack, Position, ScoredMove};
use lamosca_search::events::{Layout, Tracer};
use lamosca_search::pv::{Answer, Line};
use lamosca_search::{
    Engine, EngineOption, OptionKind, Report, SearchControl, Statistic, INFINITY,
};
use lamosca_v09::ordering::MoveOrder;

use crate::counts::Counts;
use crate::original::log::OriginalLog;
use crate::original::{OriginalSearch, INFINITO};
use crate::quiescence::{EGainForm, Quiescence, QuiescenceMode, DEFAULT_DELTA};
use crate::search::Search;

// ANCHOR: options
/// The switches of this version: the forum quiescence with its static
/// exchange evaluation by default, LaMoSca's own v0.10 quiescence to
/// compare.
const OPTIONS: &[EngineOption<QuiescenceSearch>] = &[
    EngineOption {
        name: "Quiescence",
        flag: "quiescence",
        help: "forum: the forum's quiescence; lamosca: LaMoSca v0.10's captures-only search",
        kind: OptionKind::Combo {
            default: "forum",
            choices: &["forum", "lamosca"],
            set: |engine, mode| {
                engine.quiescence.settings.mode = if mode == "lamosca" {
                    QuiescenceMode::Lamosca
                } else {
                    QuiescenceMode::Seed
                };
            },
        },
    },
    EngineOption {
        name: "EGain",
        flag: "egain",
        help: "a capture's estimated gain: simple (victim + promotion) or see (exchange)",
        kind: OptionKind::Combo {
            default: "see",
            choices: &["simple", "see"],
            set: |engine, form| {
                engine.quiescence.settings.egain = if form == "simple" {
                    EGainForm::Simple
                } else {
                    EGainForm::See
                };
            },
        },
    },
    EngineOption {
        name: "Delta",
        flag: "delta",
        help: "the positional margin added to every estimated gain, in centipawns",
        kind: OptionKind::Spin {
            default: DEFAULT_DELTA as i64,
            min: 0,
            max: 1000,
            set: |engine, delta| engine.quiescence.settings.delta = delta as i32,
        },
    },
    EngineOption {
        name: "QuiRoot",
        flag: "qui-root",
        help: "search every capture at the first quiescence node (quiRoot)",
        kind: OptionKind::Check {
            default: true,
            set: |engine, on| engine.quiescence.settings.qui_root = on,
        },
    },
];
// ANCHOR_END: options

/// LaMoSca v0.10: v0.09's alpha-beta with a quiescence search at the
/// horizon.
#[derive(Debug, Default)]
pub struct QuiescenceSearch {
    /// The moves of every ply, reused from one search to the next.
    stack: MoveStack,
    /// v0.09's move ordering, unchanged.
    order: MoveOrder,
    /// The quiescence search called at the horizon, with its switches.
    quiescence: Quiescence,
    /// The pseudo-legal moves of each level, for LaMoSca's own search.
    original_lists: Vec<Vec<ScoredMove>>,
}

impl Engine for QuiescenceSearch {
    const NAME: &'static str = "LaMoSca v0.10";

    const OPTIONS: &'static [EngineOption<Self>] = OPTIONS;

    fn new() -> Self {
        QuiescenceSearch::default()
    }

    /// LaMoSca's own search (`--quiescence lamosca`) writes the original
    /// program's log in Italian.
    fn layout(&self, depth: u32) -> Option<Box<dyn Layout>> {
        let original = self.quiescence.settings.mode == QuiescenceMode::Lamosca;
        original.then(|| Box::new(OriginalLog::new(depth)) as Box<dyn Layout>)
    }

    // ANCHOR: entry
    fn search(
        &mut self,
        position: &mut Position,
        depth: u32,
        control: &SearchControl,
        tracer: &mut Tracer<'_>,
    ) -> Report {
        // History starts empty, as in v0.09.
        self.order.clear();
        if self.quiescence.settings.mode == QuiescenceMode::Lamosca {
            return self.original(position, depth, control, tracer);
        }
        self.quiescence.reset_counts();
        let mut search = Search {
            stack: &mut self.stack,
            order: &mut self.order,
            quiescence: &mut self.quiescence,
            control,
            tracer,
            counts: Counts::default(),
            stopped: false,
        };
        let mut pv = Line::default();
        let (value, best) = search.alpha_beta(position, -INFINITY, INFINITY, depth, 0, &mut pv);
        let answer = Answer::new(value, best, pv, search.stopped);
        let (counts, stopped) = (search.counts, search.stopped);
        let quiescence = self.quiescence.counts;
        let nodes = counts.nodes + quiescence.nodes;
        Report {
            best: answer.best,
            value: answer.value,
            nodes,
            depth,
            pv: answer.pv,
            interrupted: stopped,
            statistics: vec![
                Statistic::share("quiescence nodes", quiescence.nodes, nodes),
                Statistic::count("beta cut-offs", counts.cuts),
                Statistic::share(
                    "cut-offs by the first move",
                    counts.first_move_cuts,
                    counts.cuts,
                ),
                Statistic::count("stand-pat cut-offs", quiescence.stand_pat_cuts),
                Statistic::count("captures skipped by their gain", quiescence.skipped),
                Statistic::branching_factor(nodes, depth),
            ],
        }
    }
    // ANCHOR_END: entry
}

impl QuiescenceSearch {
    // ANCHOR: original_entry
    /// LaMoSca v0.10's own search (`--quiescence lamosca`), from the
    /// original's window, with its own figures.
    fn original(
        &mut self,
        position: &mut Position,
        depth: u32,
        control: &SearchControl,
        tracer: &mut Tracer<'_>,
    ) -> Report {
        let mut search = OriginalSearch {
            lists: &mut self.original_lists,
            order: &mut self.order,
            control,
            tracer,
            depth,
            counts: Default::default(),
            stopped: false,
        };
        let mut pv = Line::default();
        let found = search.search(position, -INFINITO, INFINITO, 0, &mut pv);
        // With no legal move at the root the original found nothing: its
        // value is the window's floor.
        let (value, best) = found.unwrap_or((-INFINITO, None));
        let answer = Answer::new(value, best, pv, search.stopped);
        let counts = search.counts;
        let nodes = counts.nodes + counts.quiescence_nodes;
        Report {
            best: answer.best,
            value: answer.value,
            nodes,
            depth,
            pv: answer.pv,
            interrupted: search.stopped,
            statistics: vec![
                Statistic::share("quiescence nodes", counts.quiescence_nodes, nodes),
                Statistic::count("beta cut-offs", counts.cuts),
                Statistic::share(
                    "cut-offs by the first move",
                    counts.first_move_cuts,
                    counts.cuts,
                ),
                Statistic::count("nodes refused by king capture", counts.king_captures),
                Statistic::count("nodes with no legal move", counts.not_found),
                Statistic::branching_factor(nodes, depth),
            ],
        }
    }
    // ANCHOR_END: original_entry
}
