//! Kornilov's search: the recursion, and what it calls. Set it beside
//! v0.10's `search.rs`: the recursion is the same alpha-beta, with one
//! numbered block for each of Kornilov's ideas under its switch ([`Ideas`]);
//! with none, it is v0.10's, node for node. Its root is `root.rs`.

use common::{Move, MoveStack, Position};
use lamosca_search::events::{Tracer, Window};
use lamosca_search::pv::Line;
use lamosca_search::{no_moves_score, SearchControl, INFINITY};
use lamosca_v09::ordering::MoveOrder;
use lamosca_v10_quiescence::Quiescence;

use crate::counts::Counts;
use crate::draws::is_draw;
use crate::events::{Deepened, Drawn, LazyCut, SelectiveStandPat, TableHit};
use crate::node::{Found, Hint, Node};
use crate::ordering::score_moves;
use crate::pruning::{ext, FULL_WIDTH_PLIES, PAWN};
use crate::root::Root;
use crate::scoring::Scoring;
use crate::step::{Kornilov, Step};
use crate::switches::Ideas;
use crate::tt::{self, cuts_off, fifty_moves_out_of_reach, node_key, Bound, Table};

/// One search: what the recursion shares.
pub struct Search<'a, 't, S: Step = Kornilov> {
    pub stack: &'a mut MoveStack,
    pub order: &'a mut MoveOrder,
    pub quiescence: &'a mut Quiescence,
    pub table: &'a mut Table,
    pub ideas: Ideas,
    /// The lazy cut's growth margin, in centipawns.
    pub margin: i32,
    pub scoring: Scoring,
    /// The control; the one given waits in `given` until the first
    /// iteration of a search that deepens by itself is done.
    pub control: SearchControl,
    pub given: Option<SearchControl>,
    pub tracer: &'a mut Tracer<'t>,
    pub counts: Counts,
    /// A step built on v0.11 ([`Step`]): its switches, and its counts.
    pub step: S,
    pub step_counts: S::Counts,
    /// Set once the control says stop; every node then returns at once,
    /// with the best of the moves it searched fully, which only the root's
    /// caller keeps.
    pub stopped: bool,
    pub root: Root,
}

impl Search<'_, '_> {
    // ANCHOR: alpha_beta
    /// The value of `position` for the side to move, searched `depth` plies
    /// deep within the window (`alpha`, `beta`), and the move that reaches
    /// it, with the depth it was found at. Fail-soft, as the article's, or
    /// fail-hard, as LaMoSca, by the switch. `pv` gets the line
    /// it expects, that move first. `node` holds the depth and the ply.
    pub fn alpha_beta(
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

/// What the node calls, shared with the steps built on v0.11.
impl<S: Step> Search<'_, '_, S> {
    // ANCHOR: horizon_step
    /// The horizon node's value: the quiescence search's, which counts its
    /// own nodes, the horizon node included; 0 when the control stopped it,
    /// with the search marked stopped.
    pub fn horizon(&mut self, position: &mut Position, window: Window, ply: usize) -> i32 {
        let counted = self.counted();
        let horizon =
            self.quiescence
                .horizon(position, window, ply, counted, &self.control, self.tracer);
        horizon.unwrap_or_else(|| {
            self.stopped = true;
            0
        })
    }

    /// The node is entered: counted and traced. True when the control says
    /// stop (the article's `TimeOver`), the search then marked stopped.
    pub fn enter(&mut self, position: &Position, node: Node, window: Window) -> bool {
        self.counts.nodes += 1;
        self.tracer
            .node(node.ply, node.kind(), position, Some(window));
        if self.time_over() {
            self.stopped = true;
        }
        self.stopped
    }
    // ANCHOR_END: horizon_step

    /// Looks `key` up in the table at `ply`, counting the probe and the
    /// hit.
    pub fn probe(&mut self, key: u64, ply: usize) -> Option<tt::Entry> {
        self.counts.probes += 1;
        let entry = self.table.probe(key, ply);
        self.counts.hits += u64::from(entry.is_some());
        entry
    }

    /// The article's `TimeOver`: true when the control says stop, asked
    /// with the nodes of both searches, the main one and the quiescence.
    pub fn time_over(&self) -> bool {
        self.control
            .poll(self.counted() + self.quiescence.counts.nodes)
    }

    /// The nodes counted outside the quiescence's own: the main search's,
    /// and the horizon nodes that stood pat on the score passed down.
    pub fn counted(&self) -> u64 {
        self.counts.nodes + self.quiescence.counts.given_stand_pats
    }

    /// The node's end, `moved` when it had a move: its value within its
    /// [bound](Self::bound) kept in the table under `key` with its best
    /// move, and traced.
    pub fn end(
        &mut self,
        key: Option<u64>,
        node: Node,
        window: Window,
        moved: bool,
        found: Found,
    ) -> Found {
        let value = self.bound(found.value, window);
        let mv = found.best.map(|hint| hint.mv);
        if let Some(key) = key {
            let bound = Bound::of(value, window);
            self.table
                .store(key, node.depth, node.ply, bound, value, mv);
        }
        self.tracer.result(node.ply, moved, value, mv, Some(window));
        Found { value, ..found }
    }

    // ANCHOR: fail_soft
    /// The node's value within its window: as it is with fail-soft bounds;
    /// with v0.10's fail-hard bounds, no lower than alpha and no higher
    /// than beta, all a bound can tell.
    pub fn bound(&self, res: i32, window: Window) -> i32 {
        if self.ideas.fail_soft {
            res
        } else {
            res.clamp(window.alpha, window.beta)
        }
    }
    // ANCHOR_END: fail_soft

    // ANCHOR: pick_step
    /// Brings the best of the moves from slot `i` on to slot `i`, and
    /// reports the swap before the move is searched.
    pub fn pick_move(&mut self, ply: usize, i: usize) {
        let moves = self.stack.moves_mut(ply);
        if let Some(from) = self.order.pick(moves, i) {
            self.tracer.swap(ply, moves[from], moves[i]);
        }
    }
    // ANCHOR_END: pick_step

    // ANCHOR: fail_high
    /// The move in slot `i`, worth `value`, cut the node off: count it,
    /// let the order learn from it (a killer of the ply when it is quiet,
    /// in Kornilov's order; its history in v0.10's), and trace the cut.
    pub fn fail_high(&mut self, mv: Move, value: i32, i: usize, ply: usize, hint: Option<Hint>) {
        self.tracer.cut(ply, mv, value);
        self.counts.cuts += 1;
        if i == 0 && hint.is_some_and(|hint| hint.mv == mv) {
            self.counts.hint_cuts += 1;
        }
        if !self.ideas.order {
            self.order.fail_high(mv, ply);
        } else if !mv.is_capture() {
            self.order.killer_moves.store(ply, mv);
        }
    }
    // ANCHOR_END: fail_high
}
