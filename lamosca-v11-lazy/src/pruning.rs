//! Kornilov's two rules of pruning (the article), as numbers: where a node
//! of the main search may stand pat ([`FULL_WIDTH_PLIES`] and [`EXT`], the
//! structure of the selective search), and by how much a node must beat
//! beta to be cut off unsearched ([`GROWTH_MARGIN`]). The search applies
//! both where it acts, in its steps 6 and 8 (`search.rs`).

use common::{piece_value, PieceKind};
use lamosca_search::INFINITY;

// ANCHOR: constants
/// The growth margin (Kornilov's "поле роста", the article) in the article's
/// units: "equal to the largest strategic gain, usually half a pawn". A
/// quiet move deep in the tree is not expected to win more than that, so a
/// node whose score stands that far above beta is expected to stay there.
/// The `Margin` switch takes it in these units; the search uses
/// [`to_centipawns`](crate::scoring::to_centipawns) of it: 64 becomes 50, half of our pawn.
pub const GROWTH_MARGIN: i32 = 64;

/// The plies next to the root, 1 to 4, where no node stands pat: the
/// first plies are searched full width. (The article writes it into
/// `ext` as -64 for those plies, a loss no move makes: the largest
/// strategic loss is 63.)
pub const FULL_WIDTH_PLIES: usize = 4;

/// Kornilov's `ext[ply]` (the article), "the structure of the selective
/// search", for plies 5 to 8: past the full-width plies, a node may stand
/// pat unless the move that led to it gained at least this much (the move
/// "is extended") or gave check. A pawn, a bishop, a rook and a queen,
/// then [`INFINITY`]: the deeper the ply, the larger the gain that is
/// followed up without a stand pat. Material needs no conversion: the
/// article's `W_PAWN` .. `W_QUEEN` are our piece values.
pub const EXT: [i32; 4] = [
    piece_value(PieceKind::Pawn),
    piece_value(PieceKind::Bishop),
    piece_value(PieceKind::Rook),
    piece_value(PieceKind::Queen),
];

/// The article's test for "not a capture" in the lazy cut: a gain below a
/// pawn.
pub const PAWN: i32 = piece_value(PieceKind::Pawn);
// ANCHOR_END: constants

/// `ext[ply]` for a ply past the [full-width plies](FULL_WIDTH_PLIES),
/// [`INFINITY`] past the table.
pub fn ext(ply: usize) -> i32 {
    let past_full_width = ply.saturating_sub(FULL_WIDTH_PLIES + 1);
    EXT.get(past_full_width).copied().unwrap_or(INFINITY)
}
