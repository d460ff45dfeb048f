//! What attacks what on the 0x88 board: the steps of the knight and the
//! directions of the sliders in LaMoSca's order, the table of the line
//! joining two squares, and the test of whether a square is attacked. The
//! position asks it whether a king is in check; the move generator uses
//! the same steps to move the pieces and the line table to find pins.
//!
//! ```
//! use common::{Color, Position, Square};
//! let position = Position::startpos();
//! let e3 = Square::from_index(0x24).unwrap();
//! assert!(position.is_attacked(e3, Color::White)); // by the pawns on d2 and f2
//! assert!(!position.is_attacked(e3, Color::Black));
//! ```

use crate::piece::{Color, Piece, PieceKind};
use crate::square::Square;

// ANCHOR: directions
/// Knight steps in LaMoSca's order: (2 up, 1 left), (2 up, 1 right),
/// (1 up, 2 left), (1 up, 2 right), then the same downwards.
pub const KNIGHT_STEPS: [i32; 8] = [31, 33, 14, 18, -18, -14, -33, -31];
/// Bishop directions in LaMoSca's order: up-left, up-right, down-left,
/// down-right.
pub const BISHOP_DIRECTIONS: [i32; 4] = [15, 17, -17, -15];
/// Rook directions in LaMoSca's order: up, left, right, down.
pub const ROOK_DIRECTIONS: [i32; 4] = [16, -1, 1, -16];
/// Queen and king directions in LaMoSca's order.
pub const QUEEN_DIRECTIONS: [i32; 8] = [15, 16, 17, -1, 1, -17, -16, -15];
// ANCHOR_END: directions

// ANCHOR: line_step
/// For two squares `a` and `b`, `LINE_STEP[b - a + 119]` is the unit step
/// that leads from `a` to `b` along a rank, file or diagonal, or 0 when no
/// such line joins them. In 0x88 each difference of two squares names one
/// (file, rank) offset, so a 239-entry table covers every pair.
pub(crate) const LINE_STEP: [i8; 239] = {
    let mut table = [0i8; 239];
    let mut d = 0;
    while d < 8 {
        let step = QUEEN_DIRECTIONS[d];
        let mut k = 1;
        while k < 8 {
            table[(step * k + 119) as usize] = step as i8;
            k += 1;
        }
        d += 1;
    }
    table
};
// ANCHOR_END: line_step

/// The set holding one square, one bit per 0x88 index.
#[inline(always)]
pub(crate) fn bit(square: Square) -> u128 {
    1u128 << square.index()
}

/// True when `square` is attacked by colour `by` on `board`. The square
/// `ignore`, when given, counts as empty: a king testing where it may step
/// must not hide behind itself from a slider.
#[inline]
pub(crate) fn square_attacked(
    board: &[Piece; 128],
    square: Square,
    by: Color,
    ignore: Option<Square>,
) -> bool {
    let at = square.index() as i32;
    let holds = |delta: i32, piece: Piece| {
        Square::from_index(at + delta).is_some_and(|s| board[s.index()] == piece)
    };
    // A pawn attacks diagonally forward, so look diagonally backward.
    let pawn = Piece::new(by, PieceKind::Pawn);
    let back = -by.forward();
    if holds(back - 1, pawn) || holds(back + 1, pawn) {
        return true;
    }
    let knight = Piece::new(by, PieceKind::Knight);
    if KNIGHT_STEPS.iter().any(|&step| holds(step, knight)) {
        return true;
    }
    let king = Piece::new(by, PieceKind::King);
    if QUEEN_DIRECTIONS.iter().any(|&step| holds(step, king)) {
        return true;
    }
    let ignored = ignore.map_or(-1, |s| s.index() as i32);
    let queen = Piece::new(by, PieceKind::Queen);
    let slider_hits = |directions: &[i32], slider: Piece| {
        directions.iter().any(|&step| {
            let mut s = at + step;
            while !Square::is_off_board(s) {
                let piece = board[s as usize];
                if !piece.is_empty() && s != ignored {
                    return piece == slider || piece == queen;
                }
                s += step;
            }
            false
        })
    };
    slider_hits(&BISHOP_DIRECTIONS, Piece::new(by, PieceKind::Bishop))
        || slider_hits(&ROOK_DIRECTIONS, Piece::new(by, PieceKind::Rook))
}
