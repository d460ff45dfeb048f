//! LaMoSca v0.10's own search, quirk for quirk: `--quiescence lamosca`.
//!
//! The original program had one search function for the main search and
//! the quiescence. Up to the nominal depth it generated every move, past
//! it captures only, down to [`LAMOSCA_PLY_LIMIT`] (level 11), with no stand
//! pat: a node that had a capture had to take. What sets it apart from
//! every other search in this workspace is how it knew a move was legal:
//!
//! - **Legality by king capture.** Moves are generated pseudo-legally
//!   ([`generate`]). On entering a node, before anything else, the search
//!   looks through the moves it generated: if one takes the king, the move
//!   that led here left its own king in check, and the node returns "not
//!   found" without a value. The parent skips that move: its running value
//!   stays as it was, and the log shows the move with that value.
//! - **A node with no legal move is not scored.** When every move of a
//!   node turns out illegal, its loop finds nothing and it returns "not
//!   found" too, so its parent treats the move into it as illegal. A
//!   checkmate and a stalemate look alike, and neither is ever scored: the
//!   side that could mate skips the mating move. In the quiescence the same
//!   happens to a position whose only captures are illegal: the capture
//!   that led to it vanishes from its parent's choices.
//! - **Evaluation** only when no move was generated at all (in the
//!   quiescence: no capture), or at level 11, where nothing is generated,
//!   so an illegal capture at level 10 is scored like any other.
//! - **The window** starts at plus and minus `INFINITO`, the C program's
//!   largest `int`; the search is fail-hard and orders its moves with
//!   v0.09's MVV/LVA, history and `Pick`, in the quiescence too.
//!
//! The default modes keep `common`'s legal moves and score mate and
//! stalemate. The log of this mode, in Italian, is the original's own
//! ([`log`]).
//!
//! ```
//! use common::Position;
//! use lamosca_search::{Engine, OptionValue, SearchControl};
//! use lamosca_search::events::Tracer;
//! use lamosca_v10_quiescence::QuiescenceSearch;
//! // White mates with Ra8. Two plies deep, the original sees that every
//! // Black reply leaves the king to be taken, and skips Ra8 as illegal.
//! let mut position = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
//! let mut engine = QuiescenceSearch::new();
//! engine.set_option("Quiescence", OptionValue::Combo("lamosca")).unwrap();
//! let report = engine.search(&mut position, 2, &SearchControl::unlimited(), &mut Tracer::off());
//! assert_ne!(report.best.unwrap().to_string(), "a1a8");
//! ```

mod generate;
pub mod log;

use common::{evaluate, Move, Position, ScoredMove};
use lamosca_search::events::{NodeKind, Tracer, Window};
use lamosca_search::pv::Line;
use lamosca_search::SearchControl;
use lamosca_v09::ordering::MoveOrder;

use crate::events::{Horizon, QuiescenceResult};
use crate::quiescence::LAMOSCA_PLY_LIMIT;
use common::Wanted;
use generate::captures_king;

/// The original's `INFINITO`, `0x7FFFFFFF`: the root is searched with the
/// window (-`INFINITO`, `INFINITO`).
pub const INFINITO: i32 = i32::MAX;

/// What the original's search counts, for the statistics.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct OriginalCounts {
    /// Nodes up to the nominal depth.
    pub(crate) nodes: u64,
    /// Nodes past it, where only captures are generated.
    pub(crate) quiescence_nodes: u64,
    /// Nodes cut off by a move that reached beta.
    pub(crate) cuts: u64,
    /// Of those, the nodes cut off by the first move tried.
    pub(crate) first_move_cuts: u64,
    /// Nodes that found a move taking the king: the move into them was
    /// illegal.
    pub(crate) king_captures: u64,
    /// Nodes with moves none of which was legal: mated, stalemated, or in
    /// the quiescence left with illegal captures only.
    pub(crate) not_found: u64,
}

/// One search of the original's: what its recursion shares.
pub(crate) struct OriginalSearch<'a, 't> {
    /// The pseudo-legal moves of each ply, reused from search to search.
    pub(crate) lists: &'a mut Vec<Vec<ScoredMove>>,
    pub(crate) order: &'a mut MoveOrder,
    pub(crate) control: &'a SearchControl,
    pub(crate) tracer: &'a mut Tracer<'t>,
    /// The nominal depth: past it, captures only.
    pub(crate) depth: u32,
    pub(crate) counts: OriginalCounts,
    /// Set once the control says stop; every node then returns at once.
    pub(crate) stopped: bool,
}

/// What a node tells its parent: a value and the move reaching it, or
/// `None`, "not found" (`Trovata = FALSE`): the move into it was illegal,
/// or none of its own was legal.
type Found = Option<(i32, Option<Move>)>;

impl OriginalSearch<'_, '_> {
    // ANCHOR: original_search
    /// The value of `position` for the side to move at `ply` (0 at the
    /// root) within (`alpha`, `beta`), fail-hard, and the move reaching it;
    /// or "not found". A main node fills `pv` with the line it expects, that
    /// move first; a quiescence node leaves it empty.
    pub(crate) fn search(
        &mut self,
        position: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        pv: &mut Line,
    ) -> Found {
        // Step 1. Enter the node: past the nominal depth, a quiescence node.
        let window = Window { alpha, beta };
        let quiescence = ply >= self.depth as usize;
        pv.clear();
        self.enter(position, ply, quiescence, window);
        if self
            .control
            .poll(self.counts.nodes + self.counts.quiescence_nodes)
        {
            self.stopped = true;
            return None;
        }
        // Step 2. Generate: every pseudo-legal move, or captures only; at
        // level 11 nothing. A node with nothing generated is evaluated.
        let count = self.generate(position, ply, quiescence);
        if count == 0 {
            return Some((evaluate(position), None));
        }
        // Step 3. Legality by king capture: a move taking the king means
        // the move into this node left its own king in check.
        if self.king_can_be_taken(ply) {
            return None;
        }
        // Step 4. The moves, best first by v0.09's ordering, while the
        // running value is below beta.
        self.order.score(&mut self.lists[ply], ply);
        let (mut found, mut best_move) = (false, None);
        let mut line = Line::default();
        for i in 0..count {
            self.pick_move(ply, i);
            let mv = self.lists[ply][i].mv;
            position.make(mv);
            let child = self.search(position, -beta, -alpha, ply + 1, &mut line);
            position.unmake();
            if self.stopped {
                return best_move.map(|mv| (alpha, Some(mv)));
            }
            // Not found: the move was illegal. It is logged with the
            // running value as it stood, and changes nothing.
            let Some((child_value, _)) = child else {
                self.tracer.moved(ply, mv, alpha);
                continue;
            };
            found = true;
            let value = -child_value;
            if value >= beta {
                self.fail_high(mv, i, ply);
                self.tracer.cut(ply, mv, value);
                self.result(ply, quiescence, true, beta, Some(mv), window);
                return Some((beta, Some(mv)));
            }
            self.tracer.moved(ply, mv, value);
            if value > alpha {
                alpha = value;
                best_move = Some(mv);
                if !quiescence {
                    pv.set(mv, &line);
                }
            }
        }
        // Step 5. Leave the node. With no legal move it is not scored: its
        // parent will take the move into it for an illegal one.
        self.result(ply, quiescence, found, alpha, best_move, window);
        if !found {
            self.counts.not_found += 1;
            return None;
        }
        Some((alpha, best_move))
    }
    // ANCHOR_END: original_search

    /// True when a move of the node at `ply` takes the king, counted: the
    /// move into the node left its own king in check.
    fn king_can_be_taken(&mut self, ply: usize) -> bool {
        let taken = self.lists[ply]
            .iter()
            .any(|scored| captures_king(scored.mv));
        if taken {
            self.counts.king_captures += 1;
        }
        taken
    }

    /// Counts and reports a node entered, a horizon's first.
    fn enter(&mut self, position: &Position, ply: usize, quiescence: bool, window: Window) {
        // The first node past the nominal depth is announced first.
        if ply == self.depth as usize {
            self.tracer.step(Horizon { ply, window });
        }
        let kind = if quiescence {
            self.counts.quiescence_nodes += 1;
            NodeKind::Quiescence
        } else {
            self.counts.nodes += 1;
            NodeKind::Main
        };
        self.tracer.node(ply, kind, position, Some(window));
    }

    /// Generates the moves of `ply` into its list, and returns how many.
    fn generate(&mut self, position: &Position, ply: usize, quiescence: bool) -> usize {
        if self.lists.len() <= ply {
            self.lists.resize_with(ply + 1, Vec::new);
        }
        let list = &mut self.lists[ply];
        if quiescence && ply >= LAMOSCA_PLY_LIMIT {
            list.clear();
        } else {
            let wanted = if quiescence {
                Wanted::Captures
            } else {
                Wanted::All
            };
            position.pseudo_legal_moves(wanted, list);
        }
        list.len()
    }

    /// Brings the best of the moves from slot `i` on to slot `i`, and
    /// reports the swap, as v0.09 does.
    fn pick_move(&mut self, ply: usize, i: usize) {
        let moves = &mut self.lists[ply];
        if let Some(from) = self.order.pick(moves, i) {
            self.tracer.swap(ply, moves[from], moves[i]);
        }
    }

    /// The move in slot `i` cut the node off: count it, and teach the
    /// history table, in the quiescence too, since the original had one
    /// search function for both.
    fn fail_high(&mut self, mv: Move, i: usize, ply: usize) {
        self.counts.cuts += 1;
        if i == 0 {
            self.counts.first_move_cuts += 1;
        }
        self.order.fail_high(mv, ply);
    }

    /// Reports a node's result: a main node's, or a quiescence node's.
    fn result(
        &mut self,
        ply: usize,
        quiescence: bool,
        found: bool,
        value: i32,
        best: Option<Move>,
        window: Window,
    ) {
        if quiescence {
            self.tracer.step(QuiescenceResult {
                ply,
                found,
                value,
                window,
            });
        } else {
            self.tracer.result(ply, found, value, best, Some(window));
        }
    }
}
