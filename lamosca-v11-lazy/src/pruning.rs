//! Kornilov's two rules of pruning (the article), as numbers and a test:
//! where a node of the main search may stand pat ([`EXT`], the structure of
//! the selective search), and when a node may be cut off unsearched (the
//! [`GROWTH_MARGIN`] and [`lazy_cut_allowed`]). The two steps of the
//! search that apply them, its selective stand pat and its lazy cut, are in
//! `search.rs`.

use common::{piece_value, PieceKind};
use lamosca_search::INFINITY;

use crate::node::{Hint, Node};
use crate::scoring::to_centipawns;

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
    // ANCHOR: hole_lazy_cut
    let Some(found) = found else {
        return false; // the shallower search found no best move
    };
    found.depth >= node.depth - 2 // found at a sufficient depth
        && node.ply != 0 // not the root
        && !node.reduced // not inside a reduced search
        && node.score - margin >= beta // the score beats beta by the growth margin
        && value - margin >= beta // and the shallower search confirms it
        && !node.arrival.capture // the move that led here was not a capture
        && node.arrival.gain < PAWN // (the article's test: it gained less than a pawn)
        // nor a check
        && !in_check
    // ANCHOR_END: hole_lazy_cut
}
// ANCHOR_END: lazy_cut
