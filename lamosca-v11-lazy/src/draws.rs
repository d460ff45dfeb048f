//! Kornilov's third idea, draws by the rules: which positions end a line,
//! worth 0, whatever follows. The search asks it at its step 1.

use common::Position;

// ANCHOR: draws
/// True when the rules make the position a draw, whatever follows: it
/// repeats a position of the game or of the line, fifty moves passed
/// without a capture or a pawn move, or neither side can mate. A mate
/// delivered on the hundredth half-move is still a mate: the rule draws
/// only a position that is not. The other two never meet a mate: a mated
/// position ends the game, so it cannot have occurred before, and with too
/// little material no mate exists.
pub fn is_draw(position: &Position) -> bool {
    position.is_repetition()
        || position.has_insufficient_material()
        || (position.is_fifty_move_draw() && !is_checkmate(position))
}

/// True when the side to move is in check and has no legal move.
fn is_checkmate(position: &Position) -> bool {
    position.in_check() && position.legal_moves().is_empty()
}
// ANCHOR_END: draws
