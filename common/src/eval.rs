//! LaMoSca's evaluation: material plus two small square tables.
//!
//! The score is the side to move's total minus the other side's, as NegaMax
//! needs. Each piece adds its material value and, for pawns, knights and
//! bishops, a bonus read from a table written from White's side of the
//! board; a black piece reads the square mirrored top to bottom (a black
//! pawn on a7 reads White's a2). The pawn table pushes pawns forward
//! (*sposta avanti*) and nudges the d- and e-pawns off their home squares;
//! the minor-piece table draws knights and bishops to the centre
//! (*al centro*) and out of their corners. Rooks, queens and kings have no
//! table. The figures are the original program's.
//!
//! ```
//! use common::{evaluate, Position};
//! // The start is symmetric, so the side to move is exactly even.
//! assert_eq!(evaluate(&Position::startpos()), 0);
//! ```

use crate::piece::{Color, PieceKind};
use crate::position::Position;
use crate::square::Square;

// ANCHOR: material
/// The material value of each kind, in centipawns: LaMoSca's figures.
pub const fn piece_value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Pawn => 100,
        PieceKind::Knight => 300,
        PieceKind::Bishop => 300,
        PieceKind::Rook => 500,
        PieceKind::Queen => 1000,
        PieceKind::King => 10000,
    }
}
// ANCHOR_END: material

// ANCHOR: tables
/// Pawn bonus by square, from White's side, rank 8 first ("push forward").
#[rustfmt::skip]
const PAWN_TABLE: [i32; 64] = [
    0,  0,  0,  0,  0,  0,  0,  0,
    5, 10, 15, 20, 20, 15, 10,  5,
    4,  8, 12, 16, 16, 12,  8,  4,
    3,  6,  9, 12, 12,  9,  6,  3,
    2,  4,  6,  8,  8,  6,  4,  2,
    1,  2,  3,  4,  4,  3,  2,  1,
    0,  0,  0, -4, -4,  0,  0,  0,
    0,  0,  0,  0,  0,  0,  0,  0,
];

/// Knight and bishop bonus by square, from White's side, rank 8 first
/// ("to the centre").
#[rustfmt::skip]
const MINOR_TABLE: [i32; 64] = [
    0,  0,  0,  0,  0,  0,  0,  0,
    0,  0,  0,  0,  0,  0,  0,  0,
    0,  0,  5,  5,  5,  5,  0,  0,
    0,  0,  5, 10, 10,  5,  0,  0,
    0,  0,  5, 10, 10,  5,  0,  0,
    0,  0,  5,  5,  5,  5,  0,  0,
    0,  0,  0,  0,  0,  0,  0,  0,
    0, -5, -4,  0,  0, -4, -5,  0,
];
// ANCHOR_END: tables

/// The table bonus of a piece of `color` and `kind` on `square`.
#[inline(always)]
pub fn square_bonus(color: Color, kind: PieceKind, square: Square) -> i32 {
    // The tables are written rank 8 first; White reads its own square, so
    // row = 7 - rank, while Black reads the mirrored square, row = rank.
    let row = match color {
        Color::White => 7 - square.rank() as usize,
        Color::Black => square.rank() as usize,
    };
    let index = row * 8 + square.file() as usize;
    match kind {
        PieceKind::Pawn => PAWN_TABLE[index],
        PieceKind::Knight | PieceKind::Bishop => MINOR_TABLE[index],
        PieceKind::Rook | PieceKind::Queen | PieceKind::King => 0,
    }
}

// ANCHOR: evaluate
/// The static evaluation from the side to move's point of view.
pub fn evaluate(position: &Position) -> i32 {
    let mut totals = [0i32; 2];
    for square in Square::SCAN_ORDER {
        let piece = position.piece_at(square);
        if let Some(kind) = piece.kind() {
            let color = piece.color();
            totals[color.index()] += piece_value(kind) + square_bonus(color, kind, square);
        }
    }
    let us = position.side_to_move();
    totals[us.index()] - totals[us.other().index()]
}
// ANCHOR_END: evaluate
