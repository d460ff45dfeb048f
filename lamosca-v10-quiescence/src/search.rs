//! The alpha-beta search with a quiescence search at its horizon, read
//! from the top: the engine the driver calls, with its switches, then the
//! recursive search. Set it beside v0.09's `search.rs`: the recursion is
//! the same but for its first step, where the horizon now calls the
//! quiescence search instead of the evaluation.

use common::trace::{Tracer, Window};
use common::{
    no_moves_score, Engine, EngineOption, Move, MoveStack, OptionKind, OptionValue, Position,
    Report, SearchControl, Statistic, INFINITY,
};
use lamosca_v09::ordering::MoveOrder;

use crate::quiescence::{pick_and_report, EGainForm, Quiescence, QuiescenceMode, DEFAULT_DELTA};

// ANCHOR: options
/// The switches of this version: the forum quiescence with its static
/// exchange evaluation by default, LaMoSca's own v0.10 quiescence to
/// compare.
const OPTIONS: &[EngineOption] = &[
    EngineOption {
        name: "Quiescence",
        flag: "quiescence",
        help: "seed: the forum quiescence; lamosca: LaMoSca v0.10's captures-only search",
        kind: OptionKind::Combo {
            default: "seed",
            choices: &["seed", "lamosca"],
        },
    },
    EngineOption {
        name: "EGain",
        flag: "egain",
        help: "a capture's estimated gain: simple (victim + promotion) or see (exchange)",
        kind: OptionKind::Combo {
            default: "see",
            choices: &["simple", "see"],
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
        },
    },
    EngineOption {
        name: "QuiRoot",
        flag: "qui-root",
        help: "search every capture at the first quiescence node (quiRoot)",
        kind: OptionKind::Check { default: true },
    },
];
// ANCHOR_END: options

/// LaMoSca v0.10: v0.09's alpha-beta with a quiescence search at the
/// horizon.
#[derive(Default)]
pub struct QuiescenceSearch {
    /// The moves of every ply, reused from one search to the next.
    stack: MoveStack,
    /// v0.09's move ordering, unchanged.
    order: MoveOrder,
    /// The quiescence search called at the horizon, with its switches.
    quiescence: Quiescence,
}

impl Engine for QuiescenceSearch {
    const NAME: &'static str = "LaMoSca v0.10";

    const OPTIONS: &'static [EngineOption] = OPTIONS;

    fn new() -> Self {
        QuiescenceSearch::default()
    }

    fn set_option(&mut self, name: &str, value: OptionValue) {
        let settings = &mut self.quiescence.settings;
        match (name, value) {
            ("Quiescence", OptionValue::Combo(mode)) => {
                settings.mode = if mode == "lamosca" {
                    QuiescenceMode::Lamosca
                } else {
                    QuiescenceMode::Seed
                };
            }
            ("EGain", OptionValue::Combo(form)) => {
                settings.egain = if form == "simple" {
                    EGainForm::Simple
                } else {
                    EGainForm::See
                };
            }
            ("Delta", OptionValue::Spin(delta)) => settings.delta = delta as i32,
            ("QuiRoot", OptionValue::Check(on)) => settings.qui_root = on,
            _ => {}
        }
    }

    fn search(
        &mut self,
        position: &mut Position,
        depth: u32,
        control: &SearchControl,
        tracer: &Tracer,
    ) -> Report {
        // History starts empty, as in v0.09.
        self.order.clear();
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
        let (value, best) = search.alpha_beta(position, -INFINITY, INFINITY, depth, 1);
        let counts = search.counts;
        let stopped = search.stopped;
        let quiescence = self.quiescence.counts;
        let nodes = counts.nodes + quiescence.nodes;
        Report {
            best,
            value,
            nodes,
            depth,
            pv: best.into_iter().collect(),
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
}

/// What the main search counts, for its statistics; the quiescence
/// counts its own nodes.
#[derive(Clone, Copy, Default, Debug)]
struct Counts {
    nodes: u64,
    /// Nodes cut off by a move that reached beta.
    cuts: u64,
    /// Of those, the nodes cut off by the first move tried.
    first_move_cuts: u64,
}

/// One search: what the recursion shares.
struct Search<'a> {
    stack: &'a mut MoveStack,
    order: &'a mut MoveOrder,
    quiescence: &'a mut Quiescence,
    control: &'a SearchControl,
    tracer: &'a Tracer,
    counts: Counts,
    /// Set once the control says stop; every node then returns at once and
    /// the result is thrown away by the caller.
    stopped: bool,
}

impl Search<'_> {
    // ANCHOR: alpha_beta
    /// The value of `position` for the side to move, searched `depth` plies
    /// deep within the window (`alpha`, `beta`), and the move that reaches
    /// it. Fail-hard, as v0.09; `level` counts from 1 at the root.
    fn alpha_beta(
        &mut self,
        position: &mut Position,
        mut alpha: i32,
        beta: i32,
        depth: u32,
        level: u32,
    ) -> (i32, Option<Move>) {
        // Step 1. The horizon: instead of the evaluation, the quiescence
        // search, which goes on with captures until the position is quiet.
        if depth == 0 {
            let horizon =
                self.quiescence
                    .horizon(position, alpha, beta, level, self.control, self.tracer);
            let Some(value) = horizon else {
                self.stopped = true;
                return (0, None);
            };
            return (value, None);
        }
        self.counts.nodes += 1;
        // Step 2. Stop when told to; the caller discards what follows.
        if self.control.poll(self.counts.nodes) {
            self.stopped = true;
            return (0, None);
        }
        // Step 3. Generate the moves and give each its ordering value.
        let ply = level as usize - 1;
        let count = self.stack.generate(position, ply).len();
        self.order.score(self.stack.moves_mut(ply), ply);
        let window = Window { alpha, beta };
        let mut best_move = None;
        for i in 0..count {
            // Step 4. Bring the best remaining move forward (Kornilov's Pick).
            self.pick(ply, i, level);
            // Step 5. Search it with the window turned round.
            let mv = self.stack.moves(ply)[i].mv;
            position.make(mv);
            let value = -self
                .alpha_beta(position, -beta, -alpha, depth - 1, level + 1)
                .0;
            position.unmake();
            if self.stopped {
                return (0, None);
            }
            // Step 6. Fail high: the moves left are not searched.
            if value >= beta {
                self.counts.cuts += 1;
                if i == 0 {
                    self.counts.first_move_cuts += 1;
                }
                self.order.fail_high(mv, level);
                self.tracer.cut(level, mv, value);
                self.tracer
                    .result(level, true, beta, Some(mv), Some(window));
                return (beta, Some(mv));
            }
            self.tracer.moved(level, mv, value);
            if value > alpha {
                alpha = value;
                best_move = Some(mv);
            }
        }
        // Step 7. No legal move: mated or stalemated.
        if count == 0 {
            alpha = no_moves_score(position, ply).clamp(alpha, beta);
        }
        self.tracer
            .result(level, count > 0, alpha, best_move, Some(window));
        (alpha, best_move)
    }
    // ANCHOR_END: alpha_beta

    /// Brings the best of the moves from slot `i` on to slot `i`, and
    /// reports the swap before the move is searched.
    fn pick(&mut self, ply: usize, i: usize, level: u32) {
        pick_and_report(self.stack.moves_mut(ply), i, level, self.tracer);
    }
}
