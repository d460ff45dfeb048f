//! Kornilov's search: the recursion, and what it calls. Set it beside
//! v0.10's `search.rs`: the recursion is the same alpha-beta, fail-soft as
//! the article's (a node returns the best value it saw, which may lie outside
//! its window), with a node passed down instead of a depth and a ply
//! ([`Node`]). Around the moves come the article's steps, numbered in
//! [`Search::alpha_beta`]: draws and the horizon (`ends.rs`), the
//! transposition table (`table_steps.rs`), the selective stand pat, the
//! internal deepening and the lazy cut (`pruning.rs`, the deepening here),
//! each a method that may end the node early.

use std::ops::ControlFlow;

use common::{Move, MoveStack, Position};
use lamosca_search::events::{Tracer, Window};
use lamosca_search::pv::Line;
use lamosca_search::{no_moves_score, SearchControl, MATE_BOUND};
use lamosca_v09::ordering::Killers;
use lamosca_v10_quiescence::Quiescence;

use crate::counts::{Answer, Counts};
use crate::events::Deepened;
use crate::node::{Hint, Node};
use crate::scoring::Scoring;
use crate::switches::Switches;
use crate::tt::Table;

/// One search: what the recursion shares.
pub(crate) struct Search<'a, 't> {
    pub(crate) stack: &'a mut MoveStack,
    pub(crate) killers: &'a mut Killers,
    pub(crate) quiescence: &'a mut Quiescence,
    pub(crate) table: &'a mut Table,
    pub(crate) switches: Switches,
    pub(crate) scoring: Scoring,
    /// The control asked at every node. Until the first iteration has
    /// finished it holds no limit at all, neither the flag nor the clock
    /// nor the node budget, so that a search always answers a move it has
    /// searched whole; the control given, kept aside in `given`, takes
    /// over then.
    pub(crate) control: SearchControl,
    pub(crate) given: Option<SearchControl>,
    pub(crate) tracer: &'a mut Tracer<'t>,
    pub(crate) counts: Counts,
    /// `TimeOver()`: set once the control says stop; every node then
    /// returns at once, and nothing it found is recorded.
    pub(crate) stopped: bool,
    /// The root's best move so far (the article's `glMove`).
    pub(crate) answer: Option<Answer>,
    /// The line the root expected when that move was recorded.
    pub(crate) line: Line,
    /// The deepest root iteration that finished.
    pub(crate) depth_reached: u32,
    /// Set when the search was asked for no depth
    /// ([`lamosca_search::deepen::MAX_DEPTH`]) and an iteration left
    /// nothing for a deeper one to learn: it proved a mate, or it ended
    /// every line before the horizon, by a mate or a draw, with no estimate
    /// (no horizon, table cut, lazy cut or stand pat). The deepening ends
    /// there.
    pub(crate) settled: bool,
    /// The estimates made before the current iteration began: horizons,
    /// table cuts, lazy cuts and stand pats ([`Counts::estimates`]).
    pub(crate) estimates_before: u64,
    /// True when asked for the driver's deepest depth, that is for no
    /// depth at all.
    pub(crate) until_stopped: bool,
}

impl Search<'_, '_> {
    // ANCHOR: alpha_beta
    /// The value of `position` for the side to move, searched `node.depth`
    /// plies deep within the window (`alpha`, `beta`), and the best move
    /// found with the depth it was found at. Fail-soft, as the article's.
    /// `pv` gets the line it expects: the line of the move it answers, or
    /// of its shallower search when that cuts it lazily; none when the node
    /// ends otherwise.
    pub(crate) fn alpha_beta(
        &mut self,
        position: &mut Position,
        node: Node,
        mut alpha: i32,
        beta: i32,
        pv: &mut Line,
    ) -> (i32, Option<Hint>) {
        let (window, Node { depth, ply, .. }) = (Window { alpha, beta }, node);
        pv.clear();
        // Steps 1 to 3. A draw by the rules, the horizon, or a stop as the
        // node is entered ends it at once (`ended`, in ends.rs).
        if let Some(ended) = self.ended(position, node, window) {
            return ended;
        }
        // Step 4. Hash table: settle the node, or hand up its best move.
        let in_check = position.in_check();
        let key = self.table_key(position, node, in_check);
        let hash_move = match self.probe(key, node, alpha, beta) {
            ControlFlow::Break(stored) => return stored,
            ControlFlow::Continue(mv) => mv,
        };
        // Step 5. Selective stand pat: keep the score rather than move.
        let mut res = self.selective_stand_pat(position, node, in_check, window);
        alpha = alpha.max(res);
        if alpha >= beta {
            return (res, None);
        }
        // Step 6. Internal deepening: a move to try first (`retMove`).
        let (value, hint) = self.deepen(position, node, alpha, beta, pv);
        if self.stopped || (self.settled && ply == 0) {
            return (if self.stopped { 0 } else { value }, hint);
        }
        // Step 7. Lazy cut: the shallower search confirms the score.
        if self.lazy_cut(node, hint, value, beta, in_check) {
            return (beta, None);
        }
        // Step 8. Moves in Kornilov's order; the best, the one handed up.
        let count = self.generate_moves(position, ply, [hash_move, hint.map(|h| h.mv)]);
        let (mut best, mut line, mut line_value) = (hint, Line::default(), None);
        pv.clear();
        for i in 0..count {
            // Step 9. Pick the best remaining move, and search it.
            let mv = self.pick_move(ply, i);
            let value = self.child(position, node, mv, alpha, beta, &mut line);
            if self.stopped {
                break;
            }
            if line_value.is_none_or(|best_value| value > best_value) {
                line_value = Some(value);
                pv.set(mv, &line);
            }
            // Step 10. Better move: kept with this depth.
            res = res.max(value);
            if res > alpha {
                (alpha, best) = (res, Some(Hint { mv, depth }));
            }
            // Step 11. Fail high: the moves left are not searched.
            if alpha >= beta {
                self.fail_high(mv, value, i, ply, hint);
                self.store(key, node, window, res, best);
                self.tracer.result(ply, true, res, Some(mv), Some(window));
                return (res, best);
            }
            self.tracer.moved(ply, mv, value);
        }
        // Step 12. The root: its answer, and its iteration if finished.
        if self.root_done(node, alpha > window.alpha, (res, best), pv) {
            return (0, best);
        }
        // Step 13. The value (with no legal move, mate or stalemate), kept.
        if count == 0 {
            res = no_moves_score(position, ply);
        }
        self.store(key, node, window, res, best);
        let mv = best.map(|hint| hint.mv);
        pv.answer(mv);
        self.tracer.result(ply, count > 0, res, mv, Some(window));
        (res, best)
    }
    // ANCHOR_END: alpha_beta

    /// At the root, its moves done or cut short when the search stopped:
    /// when a move raised alpha (`raised`), the best, worth `res`, answers
    /// with its line `pv` (the article's `glMove`), a move searched whole
    /// even in an iteration cut short; a finished iteration is reported.
    /// True, at any node, when the search was stopped.
    fn root_done(
        &mut self,
        node: Node,
        raised: bool,
        (res, best): (i32, Option<Hint>),
        pv: &Line,
    ) -> bool {
        if node.ply > 0 {
            return self.stopped;
        }
        if let Some(Hint { mv, .. }) = best.filter(|_| raised) {
            self.answer = Some(Answer { mv, value: res });
            self.line.clone_from(pv);
        }
        if !self.stopped {
            self.iteration_done(node.depth as u32, res, pv);
        }
        self.stopped
    }

    /// The root finished an iteration of `depth`, worth `res`, expecting
    /// `pv`: it is reported, and from here the control given counts.
    fn iteration_done(&mut self, depth: u32, res: i32, pv: &Line) {
        self.depth_reached = self.depth_reached.max(depth);
        let estimates = self.counts.estimates();
        let exact = estimates == self.estimates_before;
        self.estimates_before = estimates;
        self.settled = self.until_stopped && (exact || res.saturating_abs() >= MATE_BOUND);
        self.tracer.iteration_done(depth, res, pv.moves());
        if let Some(given) = self.given.take() {
            self.control = given;
            // A budget the first iteration spent already ends the search
            // here, before a node of the next is counted.
            if self.time_over() {
                self.stopped = true;
            }
        }
    }

    // ANCHOR: deepening_step
    /// Kornilov's internal deepening: the node searched two plies
    /// shallower, for a best move to try first. Returns that search's value
    /// and move, its line in `pv`; when the node is too shallow or the
    /// switch is off, no move, but at the root [`Self::last_answer`].
    fn deepen(
        &mut self,
        position: &mut Position,
        node: Node,
        alpha: i32,
        beta: i32,
        pv: &mut Line,
    ) -> (i32, Option<Hint>) {
        // ANCHOR: hole_deepen
        if !self.switches.iid || node.depth <= 2 {
            return (alpha, self.last_answer(node));
        }
        self.counts.deepenings += 1;
        let (value, found) = self.alpha_beta(position, node.shallower(), alpha, beta, pv);
        // ANCHOR_END: hole_deepen
        if !self.stopped {
            self.tracer.step(Deepened {
                ply: node.ply,
                depth: node.depth - 2,
                mv: found.map(|hint| hint.mv),
                value,
            });
        }
        (value, found)
    }

    /// At the root, the last finished iteration's answer. Searched first,
    /// it keeps an iteration cut short honest when the root deepens one ply
    /// at a time: only a better move replaces it. (With the deepening on,
    /// only the innermost root gets here, before there is an answer.)
    fn last_answer(&self, node: Node) -> Option<Hint> {
        let answer = self.answer.filter(|_| node.ply == 0)?;
        Some(Hint {
            mv: answer.mv,
            depth: self.depth_reached as i32,
        })
    }
    // ANCHOR_END: deepening_step

    // ANCHOR: child
    /// Makes `mv`, searches the node it leads to with the window turned
    /// round, and unmakes it; `line` gets the child's line. The child's
    /// score is not evaluated: it is `-(score + gain)`, Kornilov's
    /// incremental score.
    fn child(
        &mut self,
        position: &mut Position,
        node: Node,
        mv: Move,
        alpha: i32,
        beta: i32,
        line: &mut Line,
    ) -> i32 {
        let child = node.child(mv, self.scoring.gain(mv));
        position.make(mv);
        debug_assert_eq!(
            child.score,
            self.scoring.evaluate(position),
            "the score passed down differs from the evaluation"
        );
        let value = -self.alpha_beta(position, child, -beta, -alpha, line).0;
        position.unmake();
        value
    }
    // ANCHOR_END: child
}

// ANCHOR: draws
/// True when the rules make the position a draw, whatever follows: it
/// repeats a position of the game or of the line, fifty moves passed
/// without a capture or a pawn move, or neither side can mate. A mate
/// delivered on the hundredth half-move is still a mate: the rule draws
/// only a position that is not. The other two never meet a mate: a mated
/// position ends the game, so it cannot have occurred before, and with too
/// little material no mate exists.
pub(crate) fn is_draw(position: &Position) -> bool {
    position.is_repetition()
        || position.has_insufficient_material()
        || (position.is_fifty_move_draw() && !is_checkmate(position))
}

/// True when the side to move is in check and has no legal move.
fn is_checkmate(position: &Position) -> bool {
    position.in_check() && position.legal_moves().is_empty()
}
// ANCHOR_END: draws
