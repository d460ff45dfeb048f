//! The NegaMax search, read from the top: the engine the driver calls, then
//! the recursive search.

use common::trace::Tracer;
use common::{
    evaluate, no_moves_score, Engine, Move, MoveStack, Position, Report, SearchControl, Statistic,
    INFINITY,
};

/// LaMoSca v0.07: a plain NegaMax to a fixed depth.
#[derive(Default)]
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
        tracer: &Tracer,
    ) -> Report {
        let mut search = Search {
            stack: &mut self.stack,
            control,
            tracer,
            nodes: 0,
            leaves: 0,
            stopped: false,
        };
        let (value, best) = search.negamax(position, depth, 1);
        Report {
            best,
            value,
            nodes: search.nodes,
            depth,
            pv: best.into_iter().collect(),
            interrupted: search.stopped,
            statistics: vec![Statistic {
                label: "leaves evaluated",
                value: search.leaves.to_string(),
            }],
        }
    }
}
// ANCHOR_END: engine

/// One search: what the recursion shares.
struct Search<'a> {
    stack: &'a mut MoveStack,
    control: &'a SearchControl,
    tracer: &'a Tracer,
    nodes: u64,
    leaves: u64,
    /// Set once the control says stop; every node then returns at once and
    /// the result is thrown away by the caller.
    stopped: bool,
}

impl Search<'_> {
    // ANCHOR: negamax
    /// The value of `position` for the side to move, searched `depth` plies
    /// deep, and the move that reaches it. `level` counts from 1 at the
    /// root, as LaMoSca's log does.
    fn negamax(&mut self, position: &mut Position, depth: u32, level: u32) -> (i32, Option<Move>) {
        self.nodes += 1;
        // Step 1. Stop when told to; the caller discards what follows.
        if self.control.poll(self.nodes) {
            self.stopped = true;
            return (0, None);
        }
        // Step 2. A leaf: the evaluation is the value.
        if depth == 0 {
            self.leaves += 1;
            return (evaluate(position), None);
        }
        // Step 3. Every move is searched; each level maximises the
        // negation of its children's values.
        let ply = level as usize - 1;
        let count = self.stack.generate(position, ply).len();
        let mut best_value = -INFINITY;
        let mut best_move = None;
        for i in 0..count {
            let mv = self.stack.moves(ply)[i].mv;
            position.make(mv);
            let value = -self.negamax(position, depth - 1, level + 1).0;
            position.unmake();
            if self.stopped {
                return (0, None);
            }
            self.tracer.moved(level, mv, value);
            // A later move must be strictly better: ties keep the first.
            if value > best_value {
                best_value = value;
                best_move = Some(mv);
            }
        }
        // Step 4. No legal move: mated or stalemated (the original could
        // not tell these apart).
        if count == 0 {
            best_value = no_moves_score(position, ply);
        }
        self.tracer
            .result(level, count > 0, best_value, best_move, None);
        (best_value, best_move)
    }
    // ANCHOR_END: negamax
}
