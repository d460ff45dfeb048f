// The lesson file of exercise-v11, made from lamosca-v11-lazy/src/pruning.rs by `cargo exercise v11 --reset`.
// Fill each `todo!()`, in the order of their numbers; `cd book/exercises && cargo test -p exercise-v11` checks them.
//! Kornilov's two rules of pruning (the article), as numbers and a test:
//! where a node of the main search may stand pat ([`EXT`], the structure of
//! the selective search), and when a node may be cut off unsearched (the
//! [`GROWTH_MARGIN`] and [`lazy_cut_allowed`]), and the two steps of the
//! search that apply them: its selective stand pat and its lazy cut.

use common::{piece_value, PieceKind, Position};
use lamosca_search::events::Window;
use lamosca_search::INFINITY;

use crate::events::{LazyCut, SelectiveStandPat};
use crate::node::{Hint, Node};
use crate::scoring::to_centipawns;
use crate::search::Search;

// ANCHOR: constants
/// The growth margin (Kornilov's "поле роста", the article) in the article's
/// units: "equal to the largest strategic gain, usually half a pawn". A
/// quiet move deep in the tree is not expected to win more than that, so a
/// node whose score stands that far above beta is expected to stay there.
/// The `Margin` switch takes it in these units; the search uses
/// [`to_centipawns`] of it: 64 becomes 50, half of our pawn.
pub const GROWTH_MARGIN: i32 = 64;

/// Kornilov's `ext` for plies 1 to 4: -64 in the article's units. No move
/// loses that much score (the largest strategic loss is 63, less than half
/// a pawn in either unit), so no node there stands pat: the first plies are
/// searched full width.
pub const FULL_WIDTH: i32 = to_centipawns(-64);

/// Kornilov's `ext[ply]` (the article), "the structure of the selective
/// search": a node `ply` plies from the root may stand pat unless the move
/// that led to it gained at least this much (the move "is extended") or
/// gave check. Full width for plies 1 to 4, then a pawn, a bishop, a rook
/// and a queen at plies 5 to 8, then [`INFINITY`]: the deeper the ply, the
/// larger the gain that is followed up without a stand pat. Material needs
/// no conversion: the article's `W_PAWN` .. `W_QUEEN` are our piece values.
pub const EXT: [i32; 9] = [
    FULL_WIDTH, // the root, which never stands pat
    FULL_WIDTH,
    FULL_WIDTH,
    FULL_WIDTH,
    FULL_WIDTH,
    piece_value(PieceKind::Pawn),
    piece_value(PieceKind::Bishop),
    piece_value(PieceKind::Rook),
    piece_value(PieceKind::Queen),
];

/// The article's test for "not a capture" in the lazy cut: a gain below a
/// pawn.
const PAWN: i32 = piece_value(PieceKind::Pawn);
// ANCHOR_END: constants

/// `ext[ply]`, [`INFINITY`] past the table.
pub(crate) fn ext(ply: usize) -> i32 {
    EXT.get(ply).copied().unwrap_or(INFINITY)
}

// ANCHOR: lazy_cut
/// Kornilov's conditions for cutting `node` off without searching it, once
/// its search two plies shallower returned `value` and the move `found`.
/// All must hold (the article):
pub fn lazy_cut_allowed(
    node: &Node,
    found: Option<Hint>,
    value: i32,
    beta: i32,
    in_check: bool,
    margin: i32,
) -> bool {
    todo!("hole 2 of 2, lazy_cut: Kornilov's conditions, all of them: a move found deep enough, not the root nor a reduced search, score and shallower value both beta plus the margin or more, a quiet move that gained less than a pawn, no check; see \"5. The lazy cut\" in book/chapters/v11-lazy.md");
}
// ANCHOR_END: lazy_cut

impl Search<'_, '_> {
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
}
