//! The alpha-beta search, read from the top: the engine the driver calls,
//! with its switches, then the recursive search. Set it beside v0.07's
//! `search.rs`: the recursion is the same NegaMax with a window added and
//! the moves picked in order.

use common::trace::{Tracer, Window};
use common::{
    evaluate, no_moves_score, Engine, EngineOption, Move, MoveStack, OptionKind, OptionValue,
    Position, Report, SearchControl, Statistic, INFINITY,
};

use crate::ordering::{pick, MoveOrder};

// ANCHOR: options
/// The switches of this version: LaMoSca v0.09's ordering is on by default,
/// killer moves are an addition to try.
const OPTIONS: &[EngineOption] = &[
    EngineOption {
        name: "MvvLva",
        flag: "mvv-lva",
        help: "score captures by most valuable victim, least valuable attacker",
        kind: OptionKind::Check { default: true },
    },
    EngineOption {
        name: "History",
        flag: "history",
        help: "add the history heuristic to each move's value",
        kind: OptionKind::Check { default: true },
    },
    EngineOption {
        name: "Killers",
        flag: "killers",
        help: "try two killer moves per ply after the captures",
        kind: OptionKind::Check { default: false },
    },
    EngineOption {
        name: "Ordering",
        flag: "ordering",
        help: "bring the best remaining move forward before each move (Kornilov's Pick)",
        kind: OptionKind::Check { default: true },
    },
];
// ANCHOR_END: options

/// LaMoSca v0.09: alpha-beta with move ordering.
pub struct AlphaBeta {
    /// The moves of every ply, reused from one search to the next.
    stack: MoveStack,
    /// The values moves are ordered by, and what the search learns.
    order: MoveOrder,
    /// Pick the best move first; off, moves are tried as generated.
    ordering: bool,
}

impl Default for AlphaBeta {
    fn default() -> Self {
        AlphaBeta {
            stack: MoveStack::new(),
            order: MoveOrder::default(),
            ordering: true,
        }
    }
}

impl Engine for AlphaBeta {
    const NAME: &'static str = "LaMoSca v0.09";

    const OPTIONS: &'static [EngineOption] = OPTIONS;

    fn new() -> Self {
        AlphaBeta::default()
    }

    fn set_option(&mut self, name: &str, value: OptionValue) {
        let OptionValue::Check(on) = value else {
            return;
        };
        match name {
            "MvvLva" => self.order.mvv_lva = on,
            "History" => self.order.history = on,
            "Killers" => self.order.killers = on,
            "Ordering" => self.ordering = on,
            _ => {}
        }
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
            ordering: self.ordering,
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
struct Counts {
    nodes: u64,
    leaves: u64,
    /// Nodes cut off by a move that reached beta.
    cuts: u64,
    /// Of those, the nodes cut off by the first move tried.
    first_move_cuts: u64,
    /// Moves [`pick`] brought forward.
    swaps: u64,
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
        let percent = |part: u64, whole: u64| {
            if whole == 0 {
                0.0
            } else {
                100.0 * part as f64 / whole as f64
            }
        };
        let branching = if depth == 0 {
            0.0
        } else {
            (self.nodes as f64).powf(1.0 / f64::from(depth))
        };
        let figure = |label, value: String| Statistic { label, value };
        vec![
            figure("leaves evaluated", self.leaves.to_string()),
            figure("beta cut-offs", self.cuts.to_string()),
            figure(
                "cut-offs by the first move",
                format!(
                    "{} ({:.1}%)",
                    self.first_move_cuts,
                    percent(self.first_move_cuts, self.cuts)
                ),
            ),
            figure("swaps by pick", self.swaps.to_string()),
            figure("effective branching factor", format!("{branching:.2}")),
        ]
    }
}

/// One search: what the recursion shares.
struct Search<'a> {
    stack: &'a mut MoveStack,
    order: &'a mut MoveOrder,
    ordering: bool,
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
    /// it. Fail-hard, as LaMoSca: a node that cannot reach `alpha` returns
    /// `alpha`, one that reaches `beta` returns `beta`. `level` counts from
    /// 1 at the root, as LaMoSca's log does.
    fn alpha_beta(
        &mut self,
        position: &mut Position,
        mut alpha: i32,
        beta: i32,
        depth: u32,
        level: u32,
    ) -> (i32, Option<Move>) {
        self.counts.nodes += 1;
        // Step 1. Stop when told to; the caller discards what follows.
        // Asked before the leaf test, so that leaves, most of the nodes,
        // count towards the next question too.
        if self.control.poll(self.counts.nodes) {
            self.stopped = true;
            return (0, None);
        }
        // Step 2. A leaf: the evaluation is the value.
        if depth == 0 {
            self.counts.leaves += 1;
            return (evaluate(position), None);
        }
        // Step 3. Generate the moves and give each its ordering value.
        let ply = level as usize - 1;
        let count = self.stack.generate(position, ply).len();
        if self.ordering {
            self.order.score(self.stack.moves_mut(ply), ply);
        }
        let window = Window { alpha, beta };
        let mut best_move = None;
        for i in 0..count {
            // Step 4. Bring the best remaining move forward (Kornilov's Pick).
            if self.ordering {
                self.pick_move(ply, i, level);
            }
            // Step 5. Search it with the window turned round: the child's
            // alpha is our -beta, its beta our -alpha.
            let mv = self.stack.moves(ply)[i].mv;
            position.make(mv);
            let value = -self
                .alpha_beta(position, -beta, -alpha, depth - 1, level + 1)
                .0;
            position.unmake();
            if self.stopped {
                return (0, None);
            }
            // Step 6. Fail high: the opponent will not allow this position,
            // since it already has a way to keep us below beta elsewhere.
            // The moves left are not searched.
            if value >= beta {
                self.fail_high(mv, i, level);
                self.tracer.cut(level, mv, value);
                self.tracer
                    .result(level, true, beta, Some(mv), Some(window));
                return (beta, Some(mv));
            }
            self.tracer.moved(level, mv, value);
            // A later move must be strictly better: ties keep the first.
            if value > alpha {
                alpha = value;
                best_move = Some(mv);
            }
        }
        // Step 7. No legal move: mated or stalemated, held within the
        // window like every other value of a fail-hard search.
        if count == 0 {
            alpha = no_moves_score(position, ply).clamp(alpha, beta);
        }
        self.tracer
            .result(level, count > 0, alpha, best_move, Some(window));
        (alpha, best_move)
    }
    // ANCHOR_END: alpha_beta

    // ANCHOR: pick_step
    /// Brings the best of the moves from slot `i` on to slot `i`, and
    /// reports the swap before the move is searched.
    fn pick_move(&mut self, ply: usize, i: usize, level: u32) {
        let moves = self.stack.moves_mut(ply);
        if let Some(from) = pick(moves, i) {
            self.counts.swaps += 1;
            self.tracer.swap(level, moves[from], moves[i]);
        }
    }
    // ANCHOR_END: pick_step

    // ANCHOR: fail_high
    /// The move in slot `i` cut the node off: count it, and let the
    /// ordering learn from it (history, killers).
    fn fail_high(&mut self, mv: Move, i: usize, level: u32) {
        self.counts.cuts += 1;
        if i == 0 {
            self.counts.first_move_cuts += 1;
        }
        if self.ordering {
            self.order.fail_high(mv, level);
        }
    }
    // ANCHOR_END: fail_high
}
