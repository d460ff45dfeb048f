// The lesson file of exercise-v11, made from lamosca-v11-lazy/src/search.rs by `cargo exercise v11 --reset`.
// Fill each `todo!()`, in the order of their numbers; `cd book/exercises && cargo test -p exercise-v11` checks them.
//! Kornilov's search: the deepening loop, the root, the recursion, and
//! what they call, in that order. Set it beside v0.10's `search.rs`: the
//! recursion is the same alpha-beta, with a node passed down instead of a
//! depth and a ply ([`Node`]), and one numbered block for each of
//! Kornilov's ideas, each guarded by its switch ([`Ideas`]). With every
//! switch off, the search is v0.10's, node for node.

use common::{Move, MoveStack, Position};
use lamosca_search::events::{Tracer, Window};
use lamosca_search::pv::Line;
use lamosca_search::{no_moves_score, SearchControl, INFINITY, MATE_BOUND};
use lamosca_v09::ordering::{pick, MoveOrder};
use lamosca_v10_quiescence::Quiescence;

use crate::counts::{Answer, Counts};
use crate::events::{Deepened, Drawn, LazyCut, SelectiveStandPat, TableHit};
use crate::node::{Hint, Node};
use crate::ordering::score_moves;
use crate::pruning::{ext, lazy_cut_allowed};
use crate::scoring::Scoring;
use crate::switches::Ideas;
use crate::tt::{cuts_off, fifty_moves_out_of_reach, node_key, Bound, Table};

/// One search: what the recursion shares.
pub(crate) struct Search<'a, 't> {
    pub(crate) stack: &'a mut MoveStack,
    /// v0.09's move order: its history for v0.10's order, its killers for
    /// Kornilov's.
    pub(crate) order: &'a mut MoveOrder,
    pub(crate) quiescence: &'a mut Quiescence,
    pub(crate) table: &'a mut Table,
    /// The ideas kept, each read by its own block.
    pub(crate) ideas: Ideas,
    /// The lazy cut's growth margin, in centipawns.
    pub(crate) margin: i32,
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
    /// `TimeOver()`: set once the control says stop, or once an iteration
    /// settled the search ([`Root::settled`]); every node then returns at
    /// once, and nothing it found is recorded.
    pub(crate) stopped: bool,
    /// What the root keeps from one iteration to the next.
    pub(crate) root: Root,
}

/// What the root keeps from one iteration to the next.
#[derive(Debug, Default)]
pub(crate) struct Root {
    /// The move played: the root's best so far (the article's `glMove`).
    pub(crate) answer: Option<Answer>,
    /// The line the root expected when that move was recorded.
    pub(crate) line: Line,
    /// The deepest iteration that finished.
    pub(crate) depth_reached: u32,
    /// Set when the search was asked for no depth
    /// ([`lamosca_search::deepen::MAX_DEPTH`]) and an iteration left
    /// nothing for a deeper one to learn: it proved a mate, or it ended
    /// every line before the horizon, by a mate or a draw, with no estimate
    /// (no horizon, table cut, lazy cut or stand pat). The deepening ends
    /// there: the search is marked stopped, though it was not cut short.
    pub(crate) settled: bool,
    /// The estimates made before the current iteration began: horizons,
    /// table cuts, lazy cuts and stand pats ([`Counts::estimates`]).
    pub(crate) estimates_before: u64,
    /// True when asked for the driver's deepest depth, that is for no
    /// depth at all.
    pub(crate) until_stopped: bool,
}

/// A node the table settled: the stored value, and the stored move with
/// the depth it was found at.
type Settled = (i32, Option<Hint>);

impl Search<'_, '_> {
    // ANCHOR: deepening
    /// The deepening loop, from `position` (worth `score`) to `depth`.
    /// With internal deepening the root is called once, with the whole
    /// depth: it first searches itself two plies shallower, which first
    /// searches itself two plies shallower again, so the root deepens 2,
    /// 4, 6, ... by itself (step 7). Without it, one ply at a time when
    /// Kornilov's order can try the last iteration's move first, or when
    /// asked for no depth (under a clock), as the driver deepens v0.10:
    /// then v0.10's history starts empty at every depth, as the driver's
    /// searches start afresh, while Kornilov's killers stay. Otherwise the
    /// root searches the depth asked at once, as v0.10 does.
    pub(crate) fn deepening(&mut self, position: &mut Position, depth: i32, score: i32) {
        let mut line = Line::default();
        if self.ideas.iid {
            self.root(position, Node::root(depth, score), &mut line);
            return;
        }
        let deepens = self.ideas.order || self.root.until_stopped;
        for iteration in if deepens { 1 } else { depth }..=depth {
            if !self.ideas.order {
                self.order.clear();
            }
            self.root(position, Node::root(iteration, score), &mut line);
            if self.stopped {
                break;
            }
        }
    }
    // ANCHOR_END: deepening

    // ANCHOR: root
    /// One iteration at the root: the node searched in the widest window,
    /// then the one place that says which move is played. The best move
    /// answers, worth its value, with its line (the article's `glMove`):
    /// a move searched whole, even in an iteration cut short, and never
    /// a move no value was found for. A finished iteration is reported.
    fn root(&mut self, position: &mut Position, node: Node, pv: &mut Line) -> (i32, Option<Hint>) {
        let (value, best) = self.alpha_beta(position, node, -INFINITY, INFINITY, pv);
        if let Some(Hint { mv, .. }) = best.filter(|_| value > -INFINITY) {
            self.root.answer = Some(Answer { mv, value });
            self.root.line.clone_from(pv);
        }
        if !self.stopped {
            self.iteration_done(node.depth as u32, value, pv);
        }
        (value, best)
    }

    /// The root finished an iteration of `depth`, worth `value`, expecting
    /// `pv`: it is reported, and from here the control given counts.
    fn iteration_done(&mut self, depth: u32, value: i32, pv: &Line) {
        let root = &mut self.root;
        root.depth_reached = root.depth_reached.max(depth);
        let estimates = self.counts.estimates();
        let exact = estimates == root.estimates_before;
        root.estimates_before = estimates;
        root.settled = root.until_stopped && (exact || value.saturating_abs() >= MATE_BOUND);
        // A settled search ends as a stopped one does, every node
        // returning at once, its answer whole.
        self.stopped = root.settled;
        self.tracer.iteration_done(depth, value, pv.moves());
        if let Some(given) = self.given.take() {
            self.control = given;
            // A budget the first iteration spent already ends the search
            // here, before a node of the next is counted.
            if self.time_over() {
                self.stopped = true;
            }
        }
    }
    // ANCHOR_END: root

    // ANCHOR: alpha_beta
    /// The value of `position` for the side to move, searched `node.depth`
    /// plies deep within the window (`alpha`, `beta`), and the best move
    /// found with the depth it was found at. Fail-soft, as the article's,
    /// or fail-hard, as v0.10, by the switch. `pv` gets the line it
    /// expects. Every step that ends the node early returns there.
    pub(crate) fn alpha_beta(
        &mut self,
        position: &mut Position,
        mut node: Node,
        mut alpha: i32,
        beta: i32,
        pv: &mut Line,
    ) -> (i32, Option<Hint>) {
        let (window, Node { depth, ply, .. }) = (Window { alpha, beta }, node);
        pv.clear();
        // Step 1. Draws by the rules end the line, worth 0, but at the root.
        if ply > 0 && self.drawn(position, node, window) {
            return (0, None);
        }
        // Step 2. Horizon: v0.10's quiescence search.
        if depth <= 0 {
            return (self.horizon(position, node, window), None);
        }
        // Step 3. Enter the node; stop when told to (`TimeOver`).
        if self.enter(position, node, window) {
            return (0, None);
        }
        // Step 4. The node's score: passed down, or evaluated.
        node.score = self.score(position, node);
        // Step 5. Hash table: settle the node, or hand up its best move.
        let in_check = position.in_check();
        let (key, stored, hash_move) = self.probe(position, node, in_check, window);
        if let Some(stored) = stored {
            return stored;
        }
        // Step 6. Selective stand pat: keep the score rather than move.
        let mut res = self.selective_stand_pat(position, node, in_check, window);
        alpha = alpha.max(res);
        if alpha >= beta {
            return (self.bound(res, window), None);
        }
        // Step 7. Internal deepening: a move to try first (`retMove`).
        let (value, found) = self.deepen(position, node, alpha, beta, pv);
        if self.stopped {
            return (value, found);
        }
        // Step 8. Lazy cut: the shallower search confirms the score.
        if self.lazy_cut(node, found, value, beta, in_check) {
            return (beta, None);
        }
        // Step 9. The moves, in Kornilov's order or v0.10's.
        let count = self.generate_moves(position, ply, [hash_move, found.map(|h| h.mv)]);
        let (mut best, mut line) = (found, Line::default());
        for i in 0..count {
            // Step 10. Pick the best remaining move, and search it.
            let mv = self.pick_move(ply, i);
            let value = self.child(position, node, mv, alpha, beta, &mut line);
            if self.stopped {
                return (res, best);
            }
            // Step 11. Better move: kept with this depth, and its line.
            res = res.max(value);
            if res > alpha {
                (alpha, best) = (res, Some(Hint { mv, depth }));
                pv.set(mv, &line);
            }
            // Step 12. Fail high: the moves left are not searched.
            if alpha >= beta {
                self.fail_high(mv, value, i, ply, found);
                return self.end(key, node, window, true, (res, best));
            }
            self.tracer.moved(ply, mv, value);
        }
        // Step 13. The value (with no legal move, mate or stalemate), kept.
        if count == 0 {
            res = no_moves_score(position, ply);
        }
        pv.answer(best.map(|hint| hint.mv));
        self.end(key, node, window, count > 0, (res, best))
    }
    // ANCHOR_END: alpha_beta

    /// The node's end, `found` when it had a move: its value within its
    /// [bound](Self::bound) kept in the table with its best move, and
    /// traced.
    fn end(
        &mut self,
        key: Option<u64>,
        node: Node,
        window: Window,
        found: bool,
        (res, best): (i32, Option<Hint>),
    ) -> (i32, Option<Hint>) {
        let (value, mv) = (self.bound(res, window), best.map(|hint| hint.mv));
        self.store(key, node, window, value, best);
        self.tracer.result(node.ply, found, value, mv, Some(window));
        (value, best)
    }

    // ANCHOR: fail_soft
    /// The node's value within its window: as it is with fail-soft bounds;
    /// with v0.10's fail-hard bounds, no lower than alpha and no higher
    /// than beta, all a bound can tell.
    fn bound(&self, res: i32, window: Window) -> i32 {
        if self.ideas.fail_soft {
            res
        } else {
            res.clamp(window.alpha, window.beta)
        }
    }
    // ANCHOR_END: fail_soft

    // ANCHOR: draws_step
    /// True when the position is a draw by the rules and the switch is on:
    /// the line ends there, worth 0, and the node counts, as it is entered.
    fn drawn(&mut self, position: &Position, node: Node, window: Window) -> bool {
        if !self.ideas.draws || !is_draw(position) {
            return false;
        }
        self.counts.draws += 1;
        if !self.enter(position, node, window) {
            self.tracer.step(Drawn { ply: node.ply });
        }
        true
    }
    // ANCHOR_END: draws_step

    // ANCHOR: incremental_step
    /// The node's score for the side to move: with incremental scoring the
    /// score its parent passed down, `-(score + gain)`, so that no position
    /// is evaluated; without it, the evaluation.
    fn score(&self, position: &Position, node: Node) -> i32 {
        if self.ideas.incremental {
            node.score
        } else {
            self.scoring.evaluate(position)
        }
    }
    // ANCHOR_END: incremental_step

    // ANCHOR: horizon_step

    /// The horizon: v0.10's quiescence search. With incremental scoring, a
    /// score passed down that already reaches beta, out of check and with
    /// a legal move, is stood pat on at once, without evaluating, as the
    /// quiescence would.
    fn horizon(&mut self, position: &mut Position, node: Node, window: Window) -> i32 {
        let ply = node.ply;
        self.counts.horizons += 1;
        if self.ideas.incremental
            && node.score >= window.beta
            && !position.in_check()
            && !self.quiescence.stalemated(position, ply)
        {
            let value =
                self.quiescence
                    .stand_pat_on(position, node.score, window, ply, self.tracer);
            // The node counts, and asks the control as every node does.
            if self.time_over() {
                self.stopped = true;
                return 0;
            }
            return value;
        }
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
    fn enter(&mut self, position: &Position, node: Node, window: Window) -> bool {
        self.counts.nodes += 1;
        self.tracer
            .node(node.ply, node.kind(), position, Some(window));
        if self.time_over() {
            self.stopped = true;
        }
        self.stopped
    }
    // ANCHOR_END: horizon_step

    /// The article's `TimeOver`: true when the control says stop, asked
    /// with the nodes of both searches, the main one and the quiescence.
    pub(crate) fn time_over(&self) -> bool {
        self.control
            .poll(self.counted() + self.quiescence.counts.nodes)
    }

    /// The nodes counted outside the quiescence's own: the main search's,
    /// and the horizon nodes that stood pat on the score passed down.
    fn counted(&self) -> u64 {
        self.counts.nodes + self.quiescence.counts.given_stand_pats
    }

    // ANCHOR: table_steps
    /// Looks the position up in the table (Kornilov's "big hash table")
    /// under its key ([`Self::table_key`]): the key, the stored value and
    /// move when an entry deep enough settles the window, below the root
    /// only, and the stored best move in any case.
    pub(crate) fn probe(
        &mut self,
        position: &Position,
        node: Node,
        in_check: bool,
        Window { alpha, beta }: Window,
    ) -> (Option<u64>, Option<Settled>, Option<Move>) {
        let key = self.table_key(position, node, in_check);
        let Some(key) = key else {
            return (None, None, None);
        };
        self.counts.probes += 1;
        let Some(entry) = self.table.probe(key, node.ply) else {
            return (Some(key), None, None);
        };
        self.counts.hits += 1;
        let cut = node.ply > 0 && cuts_off(&entry, node.depth, node.ply, alpha, beta);
        self.tracer.step(TableHit {
            ply: node.ply,
            entry,
            cut,
        });
        if !cut {
            return (Some(key), None, entry.mv);
        }
        self.counts.table_cuts += 1;
        let hint = entry.mv.map(|mv| Hint {
            mv,
            depth: entry.depth,
        });
        (Some(key), Some((entry.value, hint)), entry.mv)
    }

    /// Keeps what the node's search found, and what kind of bound its
    /// value is within the `window` it was searched with.
    pub(crate) fn store(
        &mut self,
        key: Option<u64>,
        node: Node,
        window: Window,
        value: i32,
        best: Option<Hint>,
    ) {
        let Some(key) = key else {
            return;
        };
        let (bound, mv) = (Bound::of(value, window), best.map(|hint| hint.mv));
        self.table
            .store(key, node.depth, node.ply, bound, value, mv);
    }

    /// The key the node is kept under in the table ([`node_key`]), or
    /// `None` when the table is off or the node's search could reach the
    /// fifty-move rule. Its subtree may be cut lazily outside every reduced
    /// search, with the lazy cut on.
    pub(crate) fn table_key(&self, position: &Position, node: Node, in_check: bool) -> Option<u64> {
        if !self.ideas.table
            || self.table.is_off()
            || !fifty_moves_out_of_reach(position, node.depth)
        {
            return None;
        }
        let may_cut_lazily = self.ideas.lazy && !node.reduced;
        Some(node_key(
            position,
            self.may_stand_pat(position, node, in_check),
            may_cut_lazily,
        ))
    }
    // ANCHOR_END: table_steps

    // ANCHOR: selective_step
    /// True when the node may keep its score rather than move: past the
    /// root, after a move that gained less than `ext[ply]` and gave no
    /// check, with the switch on, and for a side with a piece besides its
    /// king and pawns. The last is the guard engines put on the null move:
    /// a lone king that may pass never walks into the mate that awaits
    /// every move it has (the v0.11 chapter measures it).
    pub(crate) fn may_stand_pat(&self, position: &Position, node: Node, in_check: bool) -> bool {
        self.ideas.selective
            && node.ply > 0
            && node.arrival.gain < ext(node.ply)
            && !in_check
            && position.has_pieces(position.side_to_move())
    }

    /// Kornilov's selective stand pat: past the root, after a move that
    /// gained less than `ext[ply]` and gave no check, the side to move may
    /// keep its score rather than move. Returns that score, counted and
    /// traced, the node's result traced too when it reaches beta alone;
    /// `-INFINITY` when the node must move.
    pub(crate) fn selective_stand_pat(
        &mut self,
        position: &Position,
        node: Node,
        in_check: bool,
        window: Window,
    ) -> i32 {
        let Node {
            ply,
            score,
            arrival,
            ..
        } = node;
        if !self.may_stand_pat(position, node, in_check) {
            return -INFINITY;
        }
        let limit = ext(ply);
        self.counts.stand_pats += 1;
        let cut = window.alpha.max(score) >= window.beta;
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
        if cut {
            self.tracer.result(ply, true, score, None, Some(window));
        }
        score
    }
    // ANCHOR_END: selective_step

    // ANCHOR: deepening_step
    /// Kornilov's internal deepening: the node searched two plies
    /// shallower, for a best move to try first. Returns that search's value
    /// and move, its line in `pv`; at the root, the shallower search is the
    /// previous iteration, a full one. When the node is too shallow or the
    /// switch is off, no move, but at the root [`Self::last_answer`].
    fn deepen(
        &mut self,
        position: &mut Position,
        node: Node,
        alpha: i32,
        beta: i32,
        pv: &mut Line,
    ) -> (i32, Option<Hint>) {
        let (value, found): (i32, Option<Hint>) = todo!("hole 1 of 2, deepen: unless the switch is off or the node too shallow, count a deepening and search this node two plies shallower in the same window; see \"4. Internal iterative deepening\" in book/chapters/v11-lazy.md");
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

    /// At the root, with Kornilov's order, the last finished iteration's
    /// answer. Searched first, it keeps an iteration cut short honest when
    /// the root deepens one ply at a time: only a better move replaces it.
    /// (With the deepening on, only the innermost root gets here, before
    /// there is an answer.)
    fn last_answer(&self, node: Node) -> Option<Hint> {
        let answer = self
            .root
            .answer
            .filter(|_| node.ply == 0 && self.ideas.order)?;
        Some(Hint {
            mv: answer.mv,
            depth: self.root.depth_reached as i32,
        })
    }
    // ANCHOR_END: deepening_step

    // ANCHOR: lazy_cut_step
    /// Kornilov's lazy cut: true, counted and traced, when the node may be
    /// cut off unsearched, its shallower search having returned `value` and
    /// the move `found` ([`lazy_cut_allowed`]).
    pub(crate) fn lazy_cut(
        &mut self,
        node: Node,
        found: Option<Hint>,
        value: i32,
        beta: i32,
        in_check: bool,
    ) -> bool {
        let margin = self.margin;
        if !self.ideas.lazy || !lazy_cut_allowed(&node, found, value, beta, in_check, margin) {
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

    // ANCHOR: order_step
    /// Generates the moves of the node at `ply`, gives each its value, and
    /// traces them; their count. With Kornilov's order, `first` (the hash
    /// move, the move handed up) come before the rest; without it, v0.10's
    /// order: MVV/LVA and history.
    pub(crate) fn generate_moves(
        &mut self,
        position: &Position,
        ply: usize,
        first: [Option<Move>; 2],
    ) -> usize {
        let count = self.stack.generate(position, ply).len();
        let moves = self.stack.moves_mut(ply);
        if self.ideas.order {
            score_moves(moves, first, self.scoring, &self.order.killer_moves, ply);
        } else {
            self.order.score(moves, ply);
        }
        self.tracer.moves(ply, self.stack.moves(ply));
        count
    }
    // ANCHOR_END: order_step

    /// Brings the best of the moves from slot `i` on to slot `i`, reports
    /// the swap before the move is searched, and returns the move.
    pub(crate) fn pick_move(&mut self, ply: usize, i: usize) -> Move {
        let moves = self.stack.moves_mut(ply);
        if let Some(from) = pick(moves, i) {
            self.tracer.swap(ply, moves[from], moves[i]);
        }
        moves[i].mv
    }

    // ANCHOR: child
    /// Makes `mv`, searches the node it leads to with the window turned
    /// round, and unmakes it; `line` gets the child's line. The child's
    /// score is `-(score + gain)`, Kornilov's incremental score.
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

    // ANCHOR: fail_high
    /// The move in slot `i`, worth `value`, cut the node off: count it,
    /// let the order learn from it (a killer of the ply when it is quiet,
    /// in Kornilov's order; its history in v0.10's), and trace the cut.
    pub(crate) fn fail_high(
        &mut self,
        mv: Move,
        value: i32,
        i: usize,
        ply: usize,
        hint: Option<Hint>,
    ) {
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
