//! Kornilov's search: the recursion, and what it calls. Set it beside
//! v0.10's `search.rs`: the recursion is the same alpha-beta, fail-soft as
//! the article's (a node returns the best value it saw, which may lie outside
//! its window), with a node passed down instead of a depth and a ply
//! ([`Node`]). Around the moves come the article's steps: draws, the selective
//! stand pat, the internal deepening and the lazy cut, each a method that
//! returns early, and, when it is on, the transposition table.

use std::ops::ControlFlow;

use common::{Move, MoveStack, Position};
use lamosca_search::events::{Tracer, Window};
use lamosca_search::pv::Line;
use lamosca_search::{no_moves_score, SearchControl, INFINITY, MATE_BOUND};
use lamosca_v09::ordering::{pick, Killers};
use lamosca_v10_quiescence::Quiescence;

use crate::counts::{Answer, Counts};
use crate::events::{Deepened, Drawn, LazyCut, SelectiveStandPat};
use crate::node::{Hint, Node};
use crate::ordering::score_moves;
use crate::pruning::{ext, lazy_cut_allowed};
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

/// What a node hands on to the search of its moves
/// ([`Search::search_moves`]): its window, alpha and best value as the
/// stand pat left them, its table key, the moves to try first (the hash
/// move, the move handed up) and the move handed up with its depth.
pub(crate) struct Moves {
    node: Node,
    window: Window,
    alpha: i32,
    res: i32,
    key: Option<u64>,
    first: [Option<Move>; 2],
    hint: Option<Hint>,
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
        let window = Window { alpha, beta };
        pv.clear();
        let Node { depth, ply, .. } = node;
        debug_assert_eq!(
            node.score,
            self.scoring.evaluate(position),
            "the score passed down differs from the evaluation"
        );
        // Draw: a repetition of a position of the game or of the line, the
        // fifty-move rule unless the position is mate, or too little
        // material to mate end the line. Not at the root, which must
        // choose a move.
        if ply > 0 && is_draw(position) {
            return self.drawn(position, node, window);
        }
        // Horizon: v0.10's quiescence search, standing pat on the same
        // evaluation the score adds up.
        if depth <= 0 {
            self.counts.horizons += 1;
            return self.horizon(position, node, window);
        }
        self.counts.nodes += 1;
        self.tracer.node(ply, node.kind(), position, Some(window));
        // Stop when told to (the article's `TimeOver`); the caller
        // discards what follows.
        if self.time_over() {
            self.stopped = true;
            return (0, None);
        }
        // Hash table: a position searched before may be settled at once,
        // or at least hand up the move it found best.
        let in_check = position.in_check();
        let key = self.table_key(position, node, in_check);
        let hash_move = match self.probe(key, node, alpha, beta) {
            ControlFlow::Break(stored) => return stored,
            ControlFlow::Continue(mv) => mv,
        };
        // Selective stand pat: the side to move may keep its score rather
        // than move; that alone may reach beta.
        let mut res = -INFINITY;
        if let Some(score) = self.selective_stand_pat(position, node, in_check, alpha, beta) {
            res = score;
            alpha = alpha.max(res);
            if alpha >= beta {
                self.tracer.result(ply, true, res, None, Some(window));
                return (res, None);
            }
        }
        // Internal deepening: this node searched two plies shallower hands
        // up a move to try first.
        let (value, hint) = self.deepen(position, node, alpha, beta, pv);
        if self.stopped {
            return (0, hint);
        }
        if self.settled && node.ply == 0 {
            return (value, hint);
        }
        // Lazy cut: the shallower search confirms what the score says, so
        // the whole branch is pruned unsearched.
        if self.lazy_cut(node, hint, value, beta, in_check) {
            return (beta, None);
        }
        // Moves: searched one after another, from the value the stand pat
        // gave and the move handed up.
        let moves = Moves {
            node,
            window,
            alpha,
            res,
            key,
            first: [hash_move, hint.map(|h| h.mv)],
            hint,
        };
        self.search_moves(position, moves, pv)
    }
    // ANCHOR_END: alpha_beta

    // ANCHOR: horizon_step
    /// The horizon: v0.10's quiescence search. A score passed down that
    /// already reaches beta, out of check and with a legal move, is stood
    /// pat on at once, without evaluating, as the quiescence would.
    fn horizon(
        &mut self,
        position: &mut Position,
        node: Node,
        window: Window,
    ) -> (i32, Option<Hint>) {
        let ply = node.ply;
        if node.score >= window.beta
            && !position.in_check()
            && !self.quiescence.stalemated(position, ply)
        {
            let value =
                self.quiescence
                    .stand_pat_on(position, node.score, window, ply, self.tracer);
            return (value, None);
        }
        let counted = self.counted();
        let horizon =
            self.quiescence
                .horizon(position, window, ply, counted, &self.control, self.tracer);
        let Some(value) = horizon else {
            self.stopped = true;
            return (0, None);
        };
        (value, None)
    }

    /// A draw by the rules ends the line: the node counts, and is worth 0.
    fn drawn(&mut self, position: &Position, node: Node, window: Window) -> (i32, Option<Hint>) {
        self.counts.nodes += 1;
        self.counts.draws += 1;
        self.tracer
            .node(node.ply, node.kind(), position, Some(window));
        self.tracer.step(Drawn { ply: node.ply });
        (0, None)
    }
    // ANCHOR_END: horizon_step

    // ANCHOR: search_moves
    /// The moves of a node that goes on to search them: generated in
    /// Kornilov's order, the hash move and the move handed up first, each
    /// searched in turn until one fails high. Returns the node's value and
    /// best move, and keeps them in the table.
    fn search_moves(
        &mut self,
        position: &mut Position,
        at: Moves,
        pv: &mut Line,
    ) -> (i32, Option<Hint>) {
        let Moves {
            node,
            window,
            mut alpha,
            mut res,
            key,
            first,
            hint,
        } = at;
        let Node { depth, ply, .. } = node;
        let beta = window.beta;
        let count = self.stack.generate(position, ply).len();
        let moves = self.stack.moves_mut(ply);
        score_moves(moves, first, self.scoring, self.killers, ply);
        self.tracer.moves(ply, self.stack.moves(ply));
        // Until a move raises alpha, the best move is the one handed up, at
        // the depth it was found at (the article keeps it in `retMove`).
        let mut best = hint;
        // The line each child fills, copied into `pv` behind the move of
        // the best value so far, the first move's to begin with.
        let mut line = Line::default();
        let mut line_value = None;
        pv.clear();
        for i in 0..count {
            // Pick: bring the best remaining move forward (Kornilov's Pick).
            self.pick_move(ply, i);
            // Search: the child's window is ours turned round, and its
            // score ours plus the gain, seen from the other side.
            let mv = self.stack.moves(ply)[i].mv;
            let value = self.child(position, node, mv, alpha, beta, &mut line);
            if self.stopped {
                return (0, best);
            }
            if line_value.is_none_or(|best_value| value > best_value) {
                line_value = Some(value);
                pv.set(mv, &line);
            }
            res = res.max(value);
            // Better move: recorded with this depth. The time is not over
            // here, or the search would have returned: an iteration cut
            // short never replaces a finished answer.
            if res > alpha {
                alpha = res;
                best = Some(Hint { mv, depth });
                if ply == 0 {
                    self.answer = Some(Answer { mv, value: res });
                    self.line.clone_from(pv);
                }
            }
            // Fail high: the moves left are not searched.
            if alpha >= beta {
                self.fail_high(mv, i, ply, hint);
                self.store(key, node, window, res, best);
                self.tracer.cut(ply, mv, value);
                self.tracer.result(ply, true, res, Some(mv), Some(window));
                return (res, best);
            }
            self.tracer.moved(ply, mv, value);
        }
        // No legal move: mated or stalemated, whatever the stand pat said.
        if count == 0 {
            res = no_moves_score(position, ply);
        }
        if ply == 0 {
            self.iteration_done(depth as u32, res, pv);
        }
        self.store(key, node, window, res, best);
        // A move handed up that no move beat answers with itself alone.
        let best_move = best.map(|hint| hint.mv);
        pv.answer(best_move);
        self.tracer
            .result(ply, count > 0, res, best_move, Some(window));
        (res, best)
    }
    // ANCHOR_END: search_moves

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
        }
    }

    // ANCHOR: selective_step
    /// True when the node may keep its score rather than move: past the
    /// root, after a move that gained less than `ext[ply]` and gave no
    /// check, with the switch on, and for a side with a piece besides its
    /// king and pawns. The last is the guard engines put on the null move:
    /// a lone king that may pass never walks into the mate that awaits
    /// every move it has (the v0.11 chapter measures it).
    pub(crate) fn may_stand_pat(&self, position: &Position, node: Node, in_check: bool) -> bool {
        self.switches.selective
            && node.ply > 0
            && node.arrival.gain < ext(node.ply)
            && !in_check
            && position.has_pieces(position.side_to_move())
    }

    /// Kornilov's selective stand pat: past the root, after a move that
    /// gained less than `ext[ply]` and gave no check, the side to move may
    /// keep its score rather than move. Returns that score, counted and
    /// traced, or `None` when the node must move.
    fn selective_stand_pat(
        &mut self,
        position: &Position,
        node: Node,
        in_check: bool,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        let Node {
            ply,
            score,
            arrival,
            ..
        } = node;
        if !self.may_stand_pat(position, node, in_check) {
            return None;
        }
        let limit = ext(ply);
        self.counts.stand_pats += 1;
        let cut = alpha.max(score) >= beta;
        if cut {
            self.counts.stand_pat_cuts += 1;
        }
        let event = SelectiveStandPat {
            ply,
            gain: arrival.gain,
            limit,
            value: score,
            cut,
        };
        self.tracer.step(event);
        Some(score)
    }
    // ANCHOR_END: selective_step

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

    // ANCHOR: lazy_cut_step
    /// Kornilov's lazy cut: true, counted and traced, when the node may be
    /// cut off unsearched, its shallower search having returned `value` and
    /// the move `found` ([`lazy_cut_allowed`]).
    fn lazy_cut(
        &mut self,
        node: Node,
        found: Option<Hint>,
        value: i32,
        beta: i32,
        in_check: bool,
    ) -> bool {
        let margin = self.switches.margin;
        if !self.switches.lazy || !lazy_cut_allowed(&node, found, value, beta, in_check, margin) {
            return false;
        }
        self.counts.lazy_cuts += 1;
        self.tracer.step(LazyCut {
            ply: node.ply,
            score: node.score,
            value,
            depth: node.depth - 2,
            margin,
            beta,
        });
        true
    }
    // ANCHOR_END: lazy_cut_step

    /// The article's `TimeOver`: true when the control says stop, asked
    /// with the nodes of both searches, the main one and the quiescence.
    fn time_over(&self) -> bool {
        self.control
            .poll(self.counted() + self.quiescence.counts.nodes)
    }

    /// The nodes counted outside the quiescence's own: the main search's,
    /// and the horizon nodes that stood pat on the score passed down.
    fn counted(&self) -> u64 {
        self.counts.nodes + self.quiescence.counts.given_stand_pats
    }

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
        let gain = self.scoring.gain(mv);
        position.make(mv);
        let value = -self
            .alpha_beta(position, node.child(mv, gain), -beta, -alpha, line)
            .0;
        position.unmake();
        value
    }
    // ANCHOR_END: child

    /// Brings the best of the moves from slot `i` on to slot `i`, and
    /// reports the swap before the move is searched.
    fn pick_move(&mut self, ply: usize, i: usize) {
        let moves = self.stack.moves_mut(ply);
        if let Some(from) = pick(moves, i) {
            self.tracer.swap(ply, moves[from], moves[i]);
        }
    }

    /// The move in slot `i` cut the node off: count it, and keep it as a
    /// killer of the ply when it is quiet.
    fn fail_high(&mut self, mv: Move, i: usize, ply: usize, hint: Option<Hint>) {
        self.counts.cuts += 1;
        if i == 0 && hint.is_some_and(|hint| hint.mv == mv) {
            self.counts.hint_cuts += 1;
        }
        if !mv.is_capture() {
            self.killers.store(ply, mv);
        }
    }
}

// ANCHOR: draws
/// True when the rules make the position a draw, whatever follows: it
/// repeats a position of the game or of the line, fifty moves passed
/// without a capture or a pawn move, or neither side can mate. A mate
/// delivered on the hundredth half-move is still a mate: the rule draws
/// only a position that is not. The other two never meet a mate: a mated
/// position ends the game, so it cannot have occurred before, and with too
/// little material no mate exists.
fn is_draw(position: &Position) -> bool {
    position.is_repetition()
        || position.has_insufficient_material()
        || (position.is_fifty_move_draw() && !is_checkmate(position))
}

/// True when the side to move is in check and has no legal move.
fn is_checkmate(position: &Position) -> bool {
    position.in_check() && position.legal_moves().is_empty()
}
// ANCHOR_END: draws
