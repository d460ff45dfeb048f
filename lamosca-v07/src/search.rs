//! The NegaMax search: the recursion, and what it shares from node to
//! node.

use common::{evaluate, Move, MoveStack, Position};
use lamosca_search::events::{NodeKind, Tracer};
use lamosca_search::pv::Line;
use lamosca_search::{no_moves_score, SearchControl, INFINITY};

use crate::counts::Counts;

/// One search: what the recursion shares.
pub(crate) struct Search<'a, 't> {
    pub(crate) stack: &'a mut MoveStack,
    pub(crate) control: &'a SearchControl,
    pub(crate) tracer: &'a mut Tracer<'t>,
    pub(crate) counts: Counts,
    /// Set once the control says stop; every node then returns at once,
    /// with the best of the moves it searched fully, which only the root's
    /// caller keeps.
    pub(crate) stopped: bool,
}

impl Search<'_, '_> {
    // ANCHOR: negamax
    /// The value of `position` for the side to move, searched `depth` plies
    /// deep, and the move that reaches it; `pv` gets the line it expects,
    /// that move first. `ply` counts the plies from the root, 0 at the
    /// root.
    pub(crate) fn negamax(
        &mut self,
        position: &mut Position,
        depth: u32,
        ply: usize,
        pv: &mut Line,
    ) -> (i32, Option<Move>) {
        pv.clear();
        // Enter the node, and stop when told to; the caller discards what
        // follows. Asked before the leaf test, so that leaves, most of the
        // nodes, count towards the next question too.
        if self.enter(position, ply) {
            return (0, None);
        }
        // Leaf: the evaluation is the value.
        // ANCHOR: hole_leaf
        if depth == 0 {
            self.counts.leaves += 1;
            return (evaluate(position), None);
        }
        // ANCHOR_END: hole_leaf
        // Moves: every move is searched; each level maximises the negation
        // of its children's values.
        let count = self.stack.generate(position, ply).len();
        let mut best_value = -INFINITY;
        let mut best_move = None;
        // The line each child fills, copied into `pv` behind a best move.
        let mut line = Line::default();
        for i in 0..count {
            // Search: make the move, search the position it leads to from
            // the other side, unmake it.
            let mv = self.stack.moves(ply)[i].mv;
            position.make(mv);
            // ANCHOR: hole_negate
            let value = -self.negamax(position, depth - 1, ply + 1, &mut line).0;
            // ANCHOR_END: hole_negate
            position.unmake();
            if self.stopped {
                return (best_value, best_move);
            }
            self.tracer.moved(ply, mv, value);
            // A later move must be strictly better: ties keep the first.
            // ANCHOR: hole_best
            if value > best_value {
                best_value = value;
                best_move = Some(mv);
                pv.set(mv, &line);
            }
            // ANCHOR_END: hole_best
        }
        // No legal move: mated or stalemated (the original could not tell
        // these apart).
        if count == 0 {
            best_value = no_moves_score(position, ply);
        }
        self.end(ply, count > 0, best_value, best_move)
    }

    /// The node is entered: counted and traced. True when the control says
    /// stop, the search then marked stopped.
    fn enter(&mut self, position: &Position, ply: usize) -> bool {
        self.counts.nodes += 1;
        self.tracer.node(ply, NodeKind::Main, position, None);
        let stop = self.control.poll(self.counts.nodes);
        if stop {
            self.stopped = true;
        }
        stop
    }

    /// The node's end, `moved` when it had a move: its value and best move,
    /// traced.
    fn end(
        &mut self,
        ply: usize,
        moved: bool,
        value: i32,
        best_move: Option<Move>,
    ) -> (i32, Option<Move>) {
        self.tracer.result(ply, moved, value, best_move, None);
        (value, best_move)
    }
    // ANCHOR_END: negamax
}
