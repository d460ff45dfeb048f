//! The alpha-beta search: the recursion, and what it calls. Set it beside
//! v0.07's `search.rs`: the recursion is the same NegaMax with a window
//! added and the moves picked in order.

use common::{evaluate, Move, MoveStack, Position};
use lamosca_search::events::{NodeKind, Tracer, Window};
use lamosca_search::pv::Line;
use lamosca_search::{no_moves_score, SearchControl};

use crate::counts::Counts;
use crate::ordering::MoveOrder;

/// One search: what the recursion shares.
pub(crate) struct Search<'a, 't> {
    pub(crate) stack: &'a mut MoveStack,
    pub(crate) order: &'a mut MoveOrder,
    pub(crate) control: &'a SearchControl,
    pub(crate) tracer: &'a mut Tracer<'t>,
    pub(crate) counts: Counts,
    /// Set once the control says stop; every node then returns at once,
    /// with the best of the moves it searched fully, which only the root's
    /// caller keeps.
    pub(crate) stopped: bool,
}

impl Search<'_, '_> {
    // ANCHOR: alpha_beta
    /// The value of `position` for the side to move, searched `depth` plies
    /// deep within the window (`alpha`, `beta`), and the move that reaches
    /// it. Fail-hard, as LaMoSca: a node that cannot reach `alpha` returns
    /// `alpha`, one that reaches `beta` returns `beta`. `pv` gets the line
    /// it expects, that move first. `ply` counts the plies from the root,
    /// 0 at the root.
    pub(crate) fn alpha_beta(
        &mut self,
        position: &mut Position,
        mut alpha: i32,
        beta: i32,
        depth: u32,
        ply: usize,
        pv: &mut Line,
    ) -> (i32, Option<Move>) {
        let window = Window { alpha, beta };
        pv.clear();
        // Enter the node, and stop when told to; the caller discards what
        // follows. Asked before the leaf test, so that leaves, most of the
        // nodes, count towards the next question too.
        if self.enter(position, ply, window) {
            return (0, None);
        }
        // Leaf: the evaluation is the value.
        if depth == 0 {
            self.counts.leaves += 1;
            return (evaluate(position), None);
        }
        // Moves: generate them and give each its ordering value.
        let count = self.stack.generate(position, ply).len();
        self.order.score(self.stack.moves_mut(ply), ply);
        self.tracer.moves(ply, self.stack.moves(ply));
        let mut best_move = None;
        // The line each child fills, copied into `pv` behind a best move.
        let mut line = Line::default();
        for i in 0..count {
            // Pick: bring the best remaining move forward (Kornilov's Pick).
            self.pick_move(ply, i);
            // Search: the child's window is ours turned round, its alpha
            // our -beta, its beta our -alpha.
            let mv = self.stack.moves(ply)[i].mv;
            position.make(mv);
            // ANCHOR: hole_window
            let value = -self
                .alpha_beta(position, -beta, -alpha, depth - 1, ply + 1, &mut line)
                .0;
            // ANCHOR_END: hole_window
            position.unmake();
            if self.stopped {
                return (alpha, best_move);
            }
            // Fail high: the opponent will not allow this position, since
            // it already has a way to keep us below beta elsewhere. The
            // moves left are not searched.
            // ANCHOR: hole_fail_high
            if value >= beta {
                self.fail_high(mv, i, ply);
                self.tracer.cut(ply, mv, value);
                self.tracer.result(ply, true, beta, Some(mv), Some(window));
                return (beta, Some(mv));
            }
            // ANCHOR_END: hole_fail_high
            self.tracer.moved(ply, mv, value);
            // A later move must be strictly better: ties keep the first.
            if value > alpha {
                alpha = value;
                best_move = Some(mv);
                pv.set(mv, &line);
            }
        }
        // No legal move: mated or stalemated, held within the window like
        // every other value of a fail-hard search.
        if count == 0 {
            alpha = no_moves_score(position, ply).clamp(alpha, beta);
        }
        self.end(ply, count > 0, alpha, best_move, window)
    }

    /// The node is entered: counted and traced. True when the control says
    /// stop, the search then marked stopped.
    fn enter(&mut self, position: &Position, ply: usize, window: Window) -> bool {
        self.counts.nodes += 1;
        self.tracer
            .node(ply, NodeKind::Main, position, Some(window));
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
        window: Window,
    ) -> (i32, Option<Move>) {
        self.tracer
            .result(ply, moved, value, best_move, Some(window));
        (value, best_move)
    }
    // ANCHOR_END: alpha_beta

    // ANCHOR: pick_step
    /// Brings the best of the moves from slot `i` on to slot `i`, and
    /// reports the swap before the move is searched.
    fn pick_move(&mut self, ply: usize, i: usize) {
        let moves = self.stack.moves_mut(ply);
        if let Some(from) = self.order.pick(moves, i) {
            self.counts.swaps += 1;
            self.tracer.swap(ply, moves[from], moves[i]);
        }
    }
    // ANCHOR_END: pick_step

    // ANCHOR: fail_high
    /// The move in slot `i` cut the node off: count it, and let the
    /// ordering learn from it (history, killers).
    fn fail_high(&mut self, mv: Move, i: usize, ply: usize) {
        self.counts.cuts += 1;
        if i == 0 {
            self.counts.first_move_cuts += 1;
        }
        self.order.fail_high(mv, ply);
    }
    // ANCHOR_END: fail_high
}
