//! The engine the driver calls: its switches, a search from the root, and
//! the figures it reports. It is v0.11's, [`LazySearch`], and that of any
//! step built on v0.11, which brings only its node and its ideas
//! ([`Step`]).

use common::{MoveStack, Position};
use lamosca_search::deepen::MAX_DEPTH;
use lamosca_search::events::Tracer;
use lamosca_search::pv::Answer;
use lamosca_search::{
    no_moves_score, Engine, EngineOption, OptionKind, Report, SearchControl, Statistic,
};
use lamosca_v09::ordering::MoveOrder;
use lamosca_v10_quiescence::Quiescence;

use crate::counts::Counts;
use crate::pruning::GROWTH_MARGIN;
use crate::root::Root;
use crate::scoring::{to_centipawns, Evaluation, Scoring};
use crate::search::Search;
use crate::step::{Kornilov, Step};
use crate::switches::{Ideas, Switches, DEFAULT_HASH_MB};
use crate::tt::Table;

/// The largest table offered, in MB: a GUI's usual ceiling, far above what
/// a game at a fast clock fills.
const MAX_HASH_MB: i64 = 1024;

/// LaMoSca v0.11: Kornilov's search with internal iterative deepening,
/// lazy cuts, a selective stand pat and incremental scoring, with v0.10's
/// quiescence at the horizon.
pub type LazySearch = StepEngine<Kornilov>;

/// The engine of v0.11 or of a step `S` built on it: v0.11's options,
/// root and figures, with the step's node and ideas.
#[derive(Debug)]
pub struct StepEngine<S: Step> {
    /// The moves of every ply, reused from one search to the next.
    stack: MoveStack,
    /// v0.09's move order: its history and MVV/LVA for v0.10's order, its
    /// killers, Kornilov's "best moves of the neighbouring node", for his.
    order: MoveOrder,
    /// v0.10's quiescence search, called at the horizon.
    quiescence: Quiescence,
    /// The transposition table, off (no slot) unless `Hash` gives it a
    /// size; made when the option is set.
    pub(crate) table: Table,
    /// The switches.
    pub switches: Switches,
    /// The step's own switches, beside v0.11's.
    pub step: S,
}

impl<S: Step> Default for StepEngine<S> {
    fn default() -> Self {
        StepEngine {
            stack: MoveStack::default(),
            order: MoveOrder::default(),
            quiescence: Quiescence::default(),
            table: Table::default(),
            switches: Switches::default(),
            step: S::kept(S::DEFAULT_IDEAS),
        }
    }
}

impl<S: Step> Engine for StepEngine<S> {
    const NAME: &'static str = S::NAME;

    // ANCHOR: options
    /// The switches of this version: each of Kornilov's ideas can be
    /// turned off to measure it, the growth margin set, and his strategic
    /// tables chosen instead of LaMoSca's evaluation. A step built on
    /// v0.11 adds its own ideas to the list.
    const OPTIONS: &'static [EngineOption<Self>] = &[
        EngineOption {
            name: "Ideas",
            flag: "ideas",
            help:
                "the ideas kept on v0.10's search (none is v0.10; the default keeps all but the table)",
            kind: OptionKind::List {
                default: S::DEFAULT_IDEAS,
                set: |engine, names| {
                    engine.switches.ideas = Ideas::kept(names);
                    engine.step = S::kept(names);
                    engine.make_table();
                },
            },
        },
        EngineOption {
            name: "Margin",
            flag: "margin",
            help: "the growth margin of the lazy cut, in the article's units (64 = half a pawn)",
            kind: OptionKind::Spin {
                default: GROWTH_MARGIN as i64,
                min: 0,
                max: 1280,
                set: |engine, margin| engine.switches.margin = to_centipawns(margin as i32),
            },
        },
        EngineOption {
            name: "Hash",
            flag: "hash",
            help: "the transposition table's size in MB, when the ideas keep `table`",
            kind: OptionKind::Spin {
                default: DEFAULT_HASH_MB as i64,
                min: 1,
                max: MAX_HASH_MB,
                set: |engine, megabytes| {
                    engine.switches.hash = megabytes as usize;
                    engine.make_table();
                },
            },
        },
        EngineOption {
            name: "Eval",
            flag: "eval",
            help: "the tables behind each move's gain: lamosca or kornilov (strategic)",
            kind: OptionKind::Combo {
                default: "lamosca",
                choices: &["lamosca", "kornilov"],
                set: |engine, name| {
                    engine.switches.evaluation = if name == "kornilov" {
                        Evaluation::Kornilov
                    } else {
                        Evaluation::Lamosca
                    };
                },
            },
        },
    ];
    // ANCHOR_END: options

    /// With internal deepening or Kornilov's order, the search deepens by
    /// itself until the deadline (the article's `TimeOver`), so the driver
    /// calls it once; without either, each depth is a search of its own,
    /// and the driver deepens it as it deepens v0.10.
    fn deepens_itself(&self) -> bool {
        Search::deepens_itself(self.switches.ideas)
    }

    fn new() -> Self {
        StepEngine::default()
    }

    fn new_game(&mut self) {
        self.order.clear();
        self.table.clear();
    }

    // ANCHOR: entry
    fn search(
        &mut self,
        position: &mut Position,
        depth: u32,
        control: &SearchControl,
        tracer: &mut Tracer<'_>,
    ) -> Report {
        // Step 1. The tables are chosen once, at the root. The root's score
        // is the only one the main search evaluates from scratch; every
        // other node receives its own from its parent.
        let mut search = self.begin(position, control, tracer);
        let deepens_itself = Search::deepens_itself(search.ideas);
        search.root.until_stopped = deepens_itself && depth >= MAX_DEPTH;
        let score = search.scoring.evaluate(position);

        // Step 2. The deepening loop, to the whole depth or until the time
        // is over.
        search.deepening(position, depth as i32, score);

        // Step 3. The answer is the move the root recorded while time was
        // not over (the driver answers the last finished iteration's, the
        // one its last `info` line told); in a search that deepens by
        // itself the first iteration is never stopped, so the first legal
        // move is answered only by a search stopped in its one iteration.
        let root = std::mem::take(&mut search.root);
        let (best, value) = match root.answer {
            Some(answer) => (Some(answer.mv), answer.value),
            None => match position.legal_moves().first() {
                Some(&first) => (Some(first), 0),
                None => (None, no_moves_score(position, 0)),
            },
        };
        let pv = Answer::new(value, best, root.line, false).pv;
        // A settled search stopped its nodes too, but it finished.
        let (counts, stopped) = (search.counts, search.stopped && !root.settled);
        let step_counts = search.step_counts;
        let (nodes, mut statistics) = self.figures(counts, root.depth_reached, deepens_itself);
        statistics.extend(S::statistics(&step_counts));
        Report {
            best,
            value,
            nodes,
            depth: root.depth_reached,
            pv,
            interrupted: stopped,
            statistics,
        }
    }
    // ANCHOR_END: entry
}

impl<S: Step> StepEngine<S> {
    /// Makes the table the switches ask for, unless it is made: at
    /// `setoption` (answered before `readyok`), so that no `go` spends its
    /// clock on it.
    fn make_table(&mut self) {
        let megabytes = self.switches.table_megabytes();
        if self.table.megabytes() != megabytes {
            self.table = Table::with_megabytes(megabytes);
        }
    }

    /// The nodes of both searches, and the figures printed after the
    /// trace.
    fn figures(
        &self,
        counts: Counts,
        depth_reached: u32,
        deepened_itself: bool,
    ) -> (u64, Vec<Statistic>) {
        let quiescence = self.quiescence.counts;
        let table = (!self.table.is_off()).then(|| (self.table.used(), self.table.slots()));
        // A horizon node that stood pat on the score passed down counts as
        // the quiescence node it replaces.
        let quiescence_nodes = quiescence.nodes + quiescence.given_stand_pats;
        let nodes = counts.nodes + quiescence_nodes;
        // The quiescence's stand pats that reached beta, v0.10's count,
        // and those given the score passed down, which stand pat at once.
        let quiescence_cuts = quiescence.stand_pat_cuts + quiescence.given_stand_pats;
        let statistics = counts.statistics(
            (quiescence_nodes, quiescence_cuts),
            nodes,
            depth_reached,
            deepened_itself,
            table,
        );
        (nodes, statistics)
    }

    /// A search from `position`: the tables chosen for it, the quiescence
    /// at the horizon standing pat on the same evaluation the incremental
    /// score adds up, and the killers of the last search forgotten. A
    /// search that deepens by itself holds the `control` given aside until
    /// its first iteration has finished; any other obeys it from its first
    /// node, as v0.10's does.
    pub fn begin<'a, 't>(
        &'a mut self,
        position: &Position,
        control: &SearchControl,
        tracer: &'a mut Tracer<'t>,
    ) -> Search<'a, 't, S> {
        let scoring = Scoring::for_position(self.switches.evaluation, position);
        self.quiescence.settings.evaluate = scoring.evaluator();
        self.quiescence.reset_counts();
        self.order.clear();
        self.make_table();
        self.table.new_search();
        let ideas = self.switches.ideas;
        let (control, given) = if Search::deepens_itself(ideas) {
            (SearchControl::unlimited(), Some(control.clone()))
        } else {
            (control.clone(), None)
        };
        Search {
            stack: &mut self.stack,
            order: &mut self.order,
            quiescence: &mut self.quiescence,
            table: &mut self.table,
            ideas,
            margin: self.switches.margin,
            scoring,
            control,
            given,
            tracer,
            counts: Counts::default(),
            step: self.step,
            step_counts: S::Counts::default(),
            stopped: false,
            root: Root::default(),
        }
    }
}
