//! The next step's node: v0.11's `alpha_beta`, restated with one block
//! more, step 6b, the null move. Set beside v0.11's `search.rs`, the diff
//! is that block. The node is a method of v0.11's [`Search`], as v0.11's
//! own is; since `Search` is v0.11's type, the method comes through this
//! step's trait, [`NullMoveNode`]. Everything it calls is v0.11's.

use common::{Move, Position};
use lamosca_search::events::Window;
use lamosca_search::no_moves_score;
use lamosca_search::pv::Line;
use lamosca_search::INFINITY;
use lamosca_v11_lazy::draws::is_draw;
use lamosca_v11_lazy::events::{Deepened, Drawn, LazyCut, SelectiveStandPat, TableHit};
use lamosca_v11_lazy::ordering::score_moves;
use lamosca_v11_lazy::pruning::{ext, FULL_WIDTH_PLIES, PAWN};
use lamosca_v11_lazy::tt::{cuts_off, fifty_moves_out_of_reach, node_key};
use lamosca_v11_lazy::{Found, Hint, Node, Search};

use super::NullMove;

/// How many plies shallower the reply to a pass is searched, besides the
/// ply the pass takes: 2, the usual `R` since Donninger's 1993 article.
const NULL_R: i32 = 2;

/// The least depth at which a node passes: with less, the reply would be
/// searched at the horizon, where the quiescence stands pat anyway.
const NULL_MIN_DEPTH: i32 = 3;

/// The node function, as a method of v0.11's [`Search`].
pub trait NullMoveNode {
    /// The value of `position` for the side to move, as v0.11's node
    /// answers it, with the null move.
    fn alpha_beta(
        &mut self,
        position: &mut Position,
        node: Node,
        alpha: i32,
        beta: i32,
        pv: &mut Line,
    ) -> Found;
}

impl NullMoveNode for Search<'_, '_, NullMove> {
    // ANCHOR: alpha_beta
    /// The value of `position` for the side to move, searched `depth` plies
    /// deep within the window (`alpha`, `beta`), and the move that reaches
    /// it, with the depth it was found at. Fail-soft, as the article's, or
    /// fail-hard, as LaMoSca, by the switch. `pv` gets the line
    /// it expects, that move first. `node` holds the depth, the ply (from
    /// the root, 0 at the root) and what Kornilov's ideas read.
    fn alpha_beta(
        &mut self,
        position: &mut Position,
        mut node: Node,
        mut alpha: i32,
        beta: i32,
        pv: &mut Line,
    ) -> Found {
        let window = Window { alpha, beta };
        let Node { depth, ply, .. } = node;
        pv.clear();
        // ANCHOR: draws_step
        // Step 1. Draws by the rules end the line, worth 0, but at the root.
        if self.ideas.draws && ply > 0 && is_draw(position) {
            self.counts.draws += 1;
            if !self.enter(position, node, window) {
                self.tracer.step(Drawn { ply });
            }
            return Found::no_move(0);
        }
        // ANCHOR_END: draws_step
        // Step 2. Horizon: instead of the evaluation, the quiescence search, which
        // goes on with captures until the position is quiet.
        if depth <= 0 {
            self.counts.horizons += 1;
            // ANCHOR: incremental_horizon
            // Incremental scoring: a score passed down that reaches beta
            // stands pat at once, unevaluated, as the quiescence would.
            if self.ideas.incremental
                && node.score >= beta
                && !position.in_check()
                && !self.quiescence.stalemated(position, ply)
            {
                let value =
                    self.quiescence
                        .stand_pat_on(position, node.score, window, ply, self.tracer);
                self.stopped = self.time_over();
                return Found::no_move(if self.stopped { 0 } else { value });
            }
            // ANCHOR_END: incremental_horizon
            return Found::no_move(self.horizon(position, window, ply));
        }
        // Step 3. Stop when told to; the caller discards what follows.
        if self.enter(position, node, window) {
            return Found::no_move(0);
        }
        // ANCHOR: incremental_step
        // Step 4. The node's score: passed down (incremental), or evaluated.
        if !self.ideas.incremental {
            node.score = self.scoring.evaluate(position);
        }
        // ANCHOR_END: incremental_step
        // ANCHOR: selective_rule
        // The selective stand pat's rule, which the table's key reads too.
        let in_check = position.in_check();
        let may_stand_pat = self.ideas.selective
            && ply > FULL_WIDTH_PLIES
            && node.arrival.gain < ext(ply)
            && !in_check
            && position.has_pieces(position.side_to_move());
        // ANCHOR_END: selective_rule
        // ANCHOR: table_step
        // Step 5. Hash table: an entry deep enough settles the node, below
        // the root; any entry gives its move to the order.
        let key = (self.ideas.table && fifty_moves_out_of_reach(position, depth))
            .then(|| node_key(position, may_stand_pat, self.ideas.lazy && !node.reduced));
        let entry = key.and_then(|key| self.probe(key, ply));
        if let Some(entry) = entry {
            let cut = ply > 0 && cuts_off(&entry, depth, ply, alpha, beta);
            self.tracer.step(TableHit { ply, entry, cut });
            if cut {
                self.counts.table_cuts += 1;
                return entry.found();
            }
        }
        // ANCHOR_END: table_step
        // ANCHOR: selective_step
        // Step 6. Selective stand pat: keep the score rather than move.
        let mut res = -INFINITY;
        if may_stand_pat {
            let cut = alpha.max(node.score) >= beta;
            self.counts.stand_pats += 1;
            self.counts.stand_pat_cuts += u64::from(cut);
            self.tracer.step(SelectiveStandPat {
                ply,
                gain: node.arrival.gain,
                limit: ext(ply),
                value: node.score,
                cut,
            });
            res = node.score;
            alpha = alpha.max(res);
            if cut {
                self.tracer.result(ply, true, res, None, Some(window));
                return Found::no_move(self.bound(res, window));
            }
        }
        // ANCHOR_END: selective_step
        // ANCHOR: null_step
        // Step 6b. Null move: pass, and search the reply `R` plies
        // shallower in a null window at beta. When even a free move leaves
        // the opponent below beta, the node is cut off. Never in check,
        // nor twice in a row, nor for a side with only king and pawns,
        // where passing may be the best move (zugzwang).
        if self.step.null
            && ply > 0
            && depth >= NULL_MIN_DEPTH
            && !in_check
            && position.last_move() != Some(Move::NULL)
            && position.has_pieces(position.side_to_move())
        {
            self.step_counts.tries += 1;
            let child = Node {
                depth: depth - 1 - NULL_R,
                ..node.child(Move::NULL, 0)
            };
            position.make_null();
            let value = -self
                .alpha_beta(position, child, -beta, 1 - beta, &mut Line::default())
                .value;
            position.unmake_null();
            if self.stopped {
                return Found::no_move(res);
            }
            if value >= beta {
                self.step_counts.cuts += 1;
                self.tracer.cut(ply, Move::NULL, value);
                return self.end(key, node, window, true, Found::no_move(beta));
            }
            self.tracer.moved(ply, Move::NULL, value);
        }
        // ANCHOR_END: null_step
        // ANCHOR: deepening_step
        // Step 7. Internal deepening: a move to try first (`retMove`), from
        // the node searched two plies shallower; at the root, the last
        // iteration's.
        let (mut shallower, mut hint) = (alpha, None);
        if self.ideas.iid && depth > 2 {
            self.counts.deepenings += 1;
            // ANCHOR: hole_deepen
            let found = if ply == 0 {
                self.root(position, node.shallower(), pv)
            } else {
                self.alpha_beta(position, node.shallower(), alpha, beta, pv)
            };
            // ANCHOR_END: hole_deepen
            if self.stopped {
                return found;
            }
            let mv = found.best.map(|hint| hint.mv);
            self.tracer.step(Deepened {
                ply,
                depth: depth - 2,
                mv,
                value: found.value,
            });
            (shallower, hint) = (found.value, found.best);
        } else if ply == 0 && self.ideas.order {
            hint = self.root.answer.map(|answer| Hint {
                mv: answer.mv,
                depth: self.root.depth_reached as i32,
            });
        }
        // ANCHOR_END: deepening_step
        // ANCHOR: lazy_cut_step
        // Step 8. Lazy cut: the shallower search confirms the score.
        if self.ideas.lazy {
            // ANCHOR: hole_lazy_cut
            let cut = hint.is_some_and(|hint| hint.depth >= depth - 2)
                && ply != 0
                && !node.reduced
                && node.score - self.margin >= beta
                && shallower - self.margin >= beta
                && !node.arrival.capture
                && node.arrival.gain < PAWN
                && !in_check;
            // ANCHOR_END: hole_lazy_cut
            if cut {
                self.counts.lazy_cuts += 1;
                self.tracer.step(LazyCut {
                    ply,
                    score: node.score,
                    value: shallower,
                    depth: depth - 2,
                    margin: self.margin,
                    beta,
                });
                return Found::no_move(beta);
            }
        }
        // ANCHOR_END: lazy_cut_step
        // ANCHOR: order_step
        // Step 9. Moves: generate them and give each its ordering value.
        let count = self.stack.generate(position, ply).len();
        let moves = self.stack.moves_mut(ply);
        if self.ideas.order {
            let first = [entry.and_then(|entry| entry.mv), hint.map(|hint| hint.mv)];
            score_moves(moves, first, self.scoring, &self.order.killer_moves, ply);
        } else {
            self.order.score(moves, ply);
        }
        self.tracer.moves(ply, self.stack.moves(ply));
        // ANCHOR_END: order_step
        let mut best = hint;
        // The line each child fills, copied into `pv` behind a best move.
        let mut line = Line::default();
        for i in 0..count {
            // Step 10. Pick: bring the best remaining move forward (Kornilov's Pick).
            self.pick_move(ply, i);
            // Search: the child's window is ours turned round, its alpha
            // our -beta, its beta our -alpha.
            let mv = self.stack.moves(ply)[i].mv;
            let child = node.child(mv, self.scoring.gain(mv));
            position.make(mv);
            debug_assert_eq!(
                child.score,
                self.scoring.evaluate(position),
                "the score passed down differs from the evaluation"
            );
            let value = -self
                .alpha_beta(position, child, -beta, -alpha, &mut line)
                .value;
            position.unmake();
            if self.stopped {
                return Found { value: res, best };
            }
            // Step 11. Fail high: the opponent will not allow this position, since
            // it already has a way to keep us below beta elsewhere. The
            // moves left are not searched.
            if value >= beta {
                self.fail_high(mv, value, i, ply, hint);
                let best = Some(Hint { mv, depth });
                return self.end(key, node, window, true, Found { value, best });
            }
            self.tracer.moved(ply, mv, value);
            // Step 12. A later move must be strictly better: ties keep the first.
            res = res.max(value);
            if res > alpha {
                alpha = res;
                best = Some(Hint { mv, depth });
                pv.set(mv, &line);
            }
        }
        // Step 13. No legal move: mated or stalemated.
        if count == 0 {
            res = no_moves_score(position, ply);
        }
        pv.answer(best.map(|hint| hint.mv));
        self.end(key, node, window, count > 0, Found { value: res, best })
    }
    // ANCHOR_END: alpha_beta
}
