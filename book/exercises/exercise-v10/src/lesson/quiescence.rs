// The lesson file of exercise-v10, made from lamosca-v10-quiescence/src/quiescence.rs by `cargo exercise v10 --reset`.
// Fill each `todo!()`, in the order of their numbers; `cd book/exercises && cargo test -p exercise-v10` checks them.
//! The quiescence searches that take over at the horizon: the forum's
//! (the default) and LaMoSca v0.10's own (a switch, to compare).
//!
//! **The forum quiescence** (seed 000). The side to move first takes the
//! static evaluation, `pos_value`, as what it can have without capturing
//! (stand pat); if that already reaches beta the node is done. Then each
//! capture gets `win_limit = pos_value + egain`, the most it can bring. A
//! capture whose `win_limit` does not exceed alpha cannot matter and is not
//! searched: its value is taken to be `win_limit`. The others are searched
//! with the window narrowed from above to `min(win_limit, beta)`: the child
//! need not find out how much more than `win_limit` the capture is worth,
//! since the estimate says it is worth no more. At the horizon node itself
//! (`quiRoot`) every capture is searched, its gain taken as [`BIG_VALUE`].
//!
//! The forum's loop has no explicit beta cut: once alpha reaches beta, the
//! narrowed windows make the remaining captures cheap but not free. This
//! version stops as soon as the best value reaches beta, which returns the
//! same verdict to the parent (a fail high) with less work.
//!
//! **Promotions.** A pawn that reaches the last rank wins more than a
//! capture of a rook (the queen less the pawn, 900, against 500), so the
//! quiescence tries the pushes that make a queen as it tries the captures
//! (the post's loop looks at captures alone), and estimates a promotion's
//! gain, like a capture's, by the exchange on its square: the promotion,
//! plus the victim when the pawn takes as it promotes. Under-promotions are
//! left to the main search.
//!
//! **Checks.** A side in check may not stand pat (the evaluation of a
//! position where the king is attacked means nothing), and must answer the
//! check: every legal move is searched there, not only captures, so a mate
//! at the horizon is scored as a mate. A horizon node with no capture also
//! asks whether it has any legal move at all, so that a stalemate there
//! scores as a draw. Deeper in the quiescence, after a capture, a stalemate
//! is too rare to pay for that extra generation.
//!
//! **LaMoSca v0.10's quiescence.** Past the nominal depth the original
//! generated captures only, with no stand pat: a node that had a capture
//! had to take, and a line ended only when there was nothing left to take
//! or at level 11 ([`LAMOSCA_PLY_LIMIT`]). It was the same function as its
//! main search, with the same legality by king capture, so that mode is a
//! whole search of its own, in [`crate::original`]; the engine calls it
//! instead of the main search, and this module's horizon is the forum's.

use common::{evaluate, piece_value, Move, MoveStack, Position, MAX_PLY};
use lamosca_search::events::{NodeKind, Tracer, Window};
use lamosca_search::{no_moves_score, SearchControl, INFINITY};
use lamosca_v09::ordering::{mvv_lva, pick};

use crate::events::{Horizon, QuiescenceResult, Skipped, StandPat};
use crate::see::swap_off;

// ANCHOR: constants
/// The estimated gain of any capture at the horizon node, so that all of
/// them are searched there. `pos_value + BIG_VALUE` must not overflow: the
/// evaluation stays far below `i32::MAX - BIG_VALUE`.
pub const BIG_VALUE: i32 = 100_000;

/// The default `DELTA`: half a pawn. In LaMoSca's square tables a minor
/// piece's bonus runs from -5 to +10 and a pawn's up to +20, so a capture
/// changes the positional score by at most 35: 15 for the capturing
/// piece's new square, 20 for the victim's bonus, gone with it. Half a
/// pawn covers that. On Win At Chess (the chapter's tables) margins of 0,
/// 50, 100 and 200 solve within six positions of one another at depths 2
/// to 4, each larger one costing more nodes; at depth 5, 200 solves ten
/// more than 50 for 12% more nodes there, and 2.5 times as many on
/// Kiwipete.
pub const DEFAULT_DELTA: i32 = 50;

/// The ply at which LaMoSca v0.10 ended every line, whatever was left to
/// capture: its level 11, as its log counts from 1 at the root.
pub const LAMOSCA_PLY_LIMIT: usize = 10;
// ANCHOR_END: constants

/// Which quiescence runs past the horizon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuiescenceMode {
    /// The forum quiescence: stand pat, estimated gains, narrowed windows.
    Seed,
    /// LaMoSca v0.10's: every capture, no stand pat, a hard level limit,
    /// and legality by king capture: a search of its own
    /// ([`crate::original`]), which the engine runs instead of the main
    /// search.
    Lamosca,
}

/// How a capture's gain is estimated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EGainForm {
    /// The victim's value plus the promotion's: the simplest and most
    /// conservative estimate.
    Simple,
    /// The static exchange evaluation of the move, a promotion's gain
    /// included: sharper, since a capture that loses the exchange is
    /// estimated low.
    See,
}

/// The quiescence switches.
#[derive(Clone, Copy, Debug)]
pub struct QuiescenceSettings {
    /// Which quiescence runs.
    pub mode: QuiescenceMode,
    /// How a capture's gain is estimated.
    pub egain: EGainForm,
    /// The positional margin added to every estimated gain (`DELTA`).
    pub delta: i32,
    /// Search every capture at the horizon node (`quiRoot`).
    pub qui_root: bool,
    /// The static evaluation stand pat relies on, for the side to move.
    pub evaluate: fn(&Position) -> i32,
}

impl Default for QuiescenceSettings {
    /// The forum quiescence with SEE, `DELTA` half a pawn, `quiRoot` on,
    /// and LaMoSca's evaluation.
    fn default() -> Self {
        QuiescenceSettings {
            mode: QuiescenceMode::Seed,
            egain: EGainForm::See,
            delta: DEFAULT_DELTA,
            qui_root: true,
            evaluate,
        }
    }
}

// ANCHOR: counts
/// What the quiescence counts, for the statistics.
#[derive(Clone, Copy, Debug, Default)]
pub struct QuiescenceCounts {
    /// Quiescence nodes, the horizon nodes included.
    pub nodes: u64,
    /// Nodes whose static value alone reached beta.
    pub stand_pat_cuts: u64,
    /// Horizon nodes that stood pat on a score their caller passed down,
    /// without evaluating ([`Quiescence::stand_pat_on`]): quiescence nodes
    /// too, counted apart, by the caller, in the nodes it hands
    /// [`Quiescence::horizon`].
    pub given_stand_pats: u64,
    /// Captures not searched because their estimated gain could not raise
    /// alpha.
    pub skipped: u64,
}
// ANCHOR_END: counts

/// The quiescence search a main search calls at its horizon. It keeps its
/// own move buffer, so that a later version's search can call it as it is.
#[derive(Debug, Default)]
pub struct Quiescence {
    stack: MoveStack,
    /// The switches.
    pub settings: QuiescenceSettings,
    /// What the searches since the last [`Quiescence::reset_counts`] did.
    pub counts: QuiescenceCounts,
}

impl Quiescence {
    /// Forgets the counts, before a new search.
    pub fn reset_counts(&mut self) {
        self.counts = QuiescenceCounts::default();
    }

    // ANCHOR: horizon
    /// The main search reached its horizon at `ply`, with `window`, having
    /// counted `counted` nodes of its own: the value of `position` for the
    /// side to move, from the forum quiescence, or `None` when the control
    /// said stop. The control is asked with one count for the whole search,
    /// the caller's nodes and the quiescence's together.
    pub fn horizon(
        &mut self,
        position: &mut Position,
        window: Window,
        ply: usize,
        counted: u64,
        control: &SearchControl,
        tracer: &mut Tracer<'_>,
    ) -> Option<i32> {
        tracer.step(Horizon { ply, window });
        let mut run = Run {
            stack: &mut self.stack,
            settings: self.settings,
            counts: &mut self.counts,
            counted,
            control,
            tracer,
            stopped: false,
        };
        let value = run.quiescence(position, window.alpha, window.beta, ply, true);
        (!run.stopped).then_some(value)
    }
    // ANCHOR_END: horizon

    /// True when the side to move in `position`, a horizon node at
    /// `ply`, has no legal move: stalemated, when it is not in check.
    pub fn stalemated(&mut self, position: &Position, ply: usize) -> bool {
        self.stack.generate(position, ply + 1).is_empty()
    }

    // ANCHOR: stand_pat_on
    /// The horizon at `ply` where the caller already knows the static
    /// value, `score`, and it reaches beta with the side to move not in
    /// check: the quiescence would stand pat on it and return at once, so
    /// the horizon node is traced and counted as that stand pat without
    /// evaluating the position again. Returns `score`.
    pub fn stand_pat_on(
        &mut self,
        position: &Position,
        score: i32,
        window: Window,
        ply: usize,
        tracer: &mut Tracer<'_>,
    ) -> i32 {
        debug_assert!(score >= window.beta && !position.in_check());
        self.counts.given_stand_pats += 1;
        tracer.step(Horizon { ply, window });
        tracer.node(ply, NodeKind::Quiescence, position, Some(window));
        let stand_pat = StandPat {
            ply,
            value: score,
            cut: true,
        };
        tracer.step(stand_pat);
        tracer.step(QuiescenceResult {
            ply,
            found: true,
            value: score,
            window,
        });
        score
    }
    // ANCHOR_END: stand_pat_on
}

/// One quiescence search: what its recursion shares.
struct Run<'a, 't> {
    stack: &'a mut MoveStack,
    settings: QuiescenceSettings,
    counts: &'a mut QuiescenceCounts,
    /// The nodes the caller counted outside the quiescence.
    counted: u64,
    control: &'a SearchControl,
    tracer: &'a mut Tracer<'t>,
    /// Set once the control says stop; every node then returns at once.
    stopped: bool,
}

impl Run<'_, '_> {
    // ANCHOR: quiescence
    /// The forum quiescence: the value of `position` for the side to move,
    /// fail-soft, looking at captures and queen promotions only. `qui_root`
    /// is true at the horizon node.
    fn quiescence(
        &mut self,
        position: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qui_root: bool,
    ) -> i32 {
        let window = Window { alpha, beta };
        if self.enter(position, ply, window) {
            return 0;
        }
        let in_check = position.in_check();
        let pos_value = (self.settings.evaluate)(position);
        if let Some(value) = self.settled(position, ply, window, pos_value, qui_root) {
            return value;
        }

        // Step 1. Stand pat: the static value is ours unless we are in check.
        let mut best = -INFINITY;
        todo!("hole 1 of 3, stand_pat: out of check, the static value is ours: cut on it at beta, else it is the best so far and raises alpha; see \"The forum's quiescence, line by line\" in book/chapters/v10-quiescence.md");

        // Step 2. The moves: captures and queen promotions, or every legal
        // move in check; none is mate in check, stalemate at the horizon.
        let count = self.generate(position, ply, in_check);
        if count == 0 && (in_check || (qui_root && self.stalemated(position, ply))) {
            return self.no_move(position, ply, window);
        }
        self.order(ply);

        for i in 0..count {
            self.pick(ply, i);
            let mv = self.stack.moves(ply)[i].mv;
            // Step 3. The most this capture can win; a check must be
            // answered whatever it costs.
            let win_limit = if in_check {
                INFINITY
            } else {
                pos_value + self.egain(position, mv, qui_root)
            };
            // Step 4. Search it in a window narrowed to what it can win, or
            // skip it when even that cannot raise alpha.
            let worth_searching = win_limit > alpha;
            let value = if worth_searching {
                let Some(value) = self.capture(position, mv, win_limit, alpha, beta, ply) else {
                    return 0;
                };
                value
            } else {
                self.skip(ply, mv, win_limit)
            };
            best = best.max(value);
            alpha = alpha.max(best);
            // Step 5. Enough to fail high: the parent needs no more. (A
            // skipped capture never gets here: its value is at most alpha.)
            todo!("hole 3 of 3, fail_high: once the best reaches beta, trace the cut and stop trying captures; see \"The forum's quiescence, line by line\" in book/chapters/v10-quiescence.md");
            if worth_searching {
                self.tracer.moved(ply, mv, value);
            }
        }
        self.result(ply, count > 0, best, window);
        best
    }

    /// Step 2 of [`Run::quiescence`]: generates the node's moves, captures
    /// and queen promotions or, in check, every legal move; their count.
    fn generate(&mut self, position: &Position, ply: usize, in_check: bool) -> usize {
        if in_check {
            self.stack.generate(position, ply).len()
        } else {
            self.stack.generate_tactical(position, ply).len()
        }
    }

    /// Step 2 of [`Run::quiescence`] for a node that goes on to its moves:
    /// they are ordered by MVV/LVA, and traced, an empty list too (a node
    /// out of check with no capture that is not a stalemated horizon node).
    fn order(&mut self, ply: usize) {
        for scored in self.stack.moves_mut(ply) {
            scored.score = mvv_lva(scored.mv);
        }
        self.tracer.moves(ply, self.stack.moves(ply));
    }

    /// True when the side to move has no legal move at all. The moves are
    /// generated one ply up, a slot no node uses yet, so that the node's
    /// own list stays its captures.
    fn stalemated(&mut self, position: &Position, ply: usize) -> bool {
        self.stack.generate(position, ply + 1).is_empty()
    }

    /// The value of a node with no move to try, mated or stalemated, its
    /// result traced.
    fn no_move(&mut self, position: &Position, ply: usize, window: Window) -> i32 {
        let value = no_moves_score(position, ply);
        self.result(ply, false, value, window);
        value
    }

    /// The value of a node at `ply` that ends before its stand pat:
    /// at the deepest ply, its static value `pos_value`; at the horizon
    /// node (`qui_root`), out of check, when the stand pat would cut, a
    /// stalemate, worth 0 whatever its static value (below beta, step 2
    /// asks the same).
    fn settled(
        &mut self,
        position: &Position,
        ply: usize,
        window: Window,
        pos_value: i32,
        qui_root: bool,
    ) -> Option<i32> {
        if ply + 1 >= MAX_PLY {
            return Some(pos_value);
        }
        let cuts = qui_root && pos_value >= window.beta && !position.in_check();
        if !cuts || !self.stalemated(position, ply) {
            return None;
        }
        Some(self.no_move(position, ply, window))
    }

    /// The node is entered: counted and traced. True when the search must
    /// stop, the caller discarding what follows.
    fn enter(&mut self, position: &Position, ply: usize, window: Window) -> bool {
        self.counts.nodes += 1;
        self.tracer
            .node(ply, NodeKind::Quiescence, position, Some(window));
        if self.control.poll(self.counted + self.counts.nodes) {
            self.stopped = true;
        }
        self.stopped
    }

    /// Step 4 of [`Run::quiescence`] for a capture worth searching: made,
    /// searched one ply deeper in a window narrowed to what it can win
    /// (`win_limit`), and unmade; its value, or `None` once the search is
    /// told to stop.
    fn capture(
        &mut self,
        position: &mut Position,
        mv: Move,
        win_limit: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Option<i32> {
        position.make(mv);
        let value: i32 = todo!("hole 2 of 3, window: search the capture one level deeper, its window narrowed to what it can win; see \"The forum's quiescence, line by line\" in book/chapters/v10-quiescence.md");
        position.unmake();
        (!self.stopped).then_some(value)
    }

    /// Step 4 of [`Run::quiescence`] for a capture that cannot raise
    /// alpha: counted and traced, and worth at most `win_limit`.
    fn skip(&mut self, ply: usize, mv: Move, win_limit: i32) -> i32 {
        self.counts.skipped += 1;
        self.tracer.step(Skipped { ply, mv, win_limit });
        win_limit
    }
    // ANCHOR_END: quiescence

    // ANCHOR: egain
    /// The forum's `EGain`: the most a capture can add to the static value.
    fn egain(&self, position: &Position, mv: Move, qui_root: bool) -> i32 {
        let settings = self.settings;
        // At the horizon node every capture is searched.
        if qui_root && settings.qui_root {
            return BIG_VALUE;
        }
        let value = |piece: common::Piece| piece.kind().map_or(0, piece_value);
        let gain = match settings.egain {
            EGainForm::Simple => value(mv.captured) + value(mv.promotion),
            // The exchange on the move's square, which counts the victim
            // and the promotion both: a pawn that takes a rook as it
            // queens wins the rook too.
            EGainForm::See => swap_off(position, mv),
        };
        gain + settings.delta
    }
    // ANCHOR_END: egain

    // ANCHOR: trace_helpers
    /// Brings the best capture from slot `i` on to slot `i`, as the main
    /// search does with every move.
    fn pick(&mut self, ply: usize, i: usize) {
        let moves = self.stack.moves_mut(ply);
        if let Some(from) = pick(moves, i) {
            self.tracer.swap(ply, moves[from], moves[i]);
        }
    }

    /// Traces a stand pat on `value`: `cut` when it alone reaches beta.
    fn stand_pat(&mut self, ply: usize, value: i32, cut: bool) {
        self.tracer.step(StandPat { ply, value, cut });
    }

    /// Traces the end of a quiescence node.
    fn result(&mut self, ply: usize, found: bool, value: i32, window: Window) {
        self.tracer.step(QuiescenceResult {
            ply,
            found,
            value,
            window,
        });
    }
    // ANCHOR_END: trace_helpers
}
