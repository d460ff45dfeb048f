//! Positions no game can reach, refused once a FEN's fields are well formed.
//!
//! A FEN can describe boards that chess itself rules out: sixteen pawns of
//! one colour, three white queens beside eight white pawns, a king checked
//! by three pieces at once. A program that accepts them counts their moves
//! and searches them as if they were positions, and whatever it answers is
//! meaningless. FEN reading therefore asks two more questions, each cheap
//! and certain (a position refused here cannot arise from the start
//! position by legal moves; the converse does not hold, since proving that a
//! position *can* arise is a search of its own):
//!
//! * **the material**: at most 8 pawns and 16 pieces a side, and no more
//!   pieces beyond the starting set than pawns are missing to have been
//!   promoted ([`check_material`]);
//! * **the checks**: the side not to move is not in check, the side to move
//!   is checked by at most two pieces, two checks are ones a single move can
//!   give, and a claimed double step did not start from a position where the
//!   king was already in check ([`check_checks`]).
//!
//! python-chess's `Board.status()` is the reference for what "cannot occur"
//! covers; the board chapter says where these tests go further.
//!
//! [`Position::validate`] runs the same tests on a position however it was
//! made, together with the invariants `make` keeps.
//!
//! ```
//! use common::{FenError, Position};
//! // Three white queens and eight white pawns: two queens too many.
//! let fen = "QQQQk3/8/8/8/8/8/PPPPPPPP/4K3 b - - 0 1";
//! assert!(matches!(
//!     Position::from_fen(fen),
//!     Err(FenError::TooManyPromoted { promoted: 3, missing_pawns: 0, .. })
//! ));
//! ```

use crate::fen_error::FenError;
use crate::piece::{Color, Piece, PieceKind};
use crate::position::Position;
use crate::square::Square;

/// Pawns a side starts with, and so the most it can ever have.
const MAX_PAWNS: usize = 8;

/// Pieces, pawns and king included, a side starts with: the most it can
/// ever have, since a promotion only changes what a pawn is.
const MAX_PIECES: usize = 16;

/// How many of each kind a side starts with, bishops counted by the colour
/// of their squares: what a side may have without a promotion.
const START_QUEENS: usize = 1;
const START_ROOKS: usize = 2;
const START_KNIGHTS: usize = 2;
const START_BISHOPS_PER_SQUARE_COLOR: usize = 1;

/// What one side has on the board.
#[derive(Default)]
struct Material {
    pawns: usize,
    knights: usize,
    /// Bishops on light squares, then bishops on dark squares.
    bishops: [usize; 2],
    rooks: usize,
    queens: usize,
    /// Every piece, pawns and king included.
    pieces: usize,
}

impl Material {
    fn count(position: &Position, color: Color) -> Material {
        let mut material = Material::default();
        for square in Square::SCAN_ORDER {
            let piece = position.piece_at(square);
            if piece.is_empty() || piece.color() != color {
                continue;
            }
            material.pieces += 1;
            match piece.kind() {
                Some(PieceKind::Pawn) => material.pawns += 1,
                Some(PieceKind::Knight) => material.knights += 1,
                Some(PieceKind::Bishop) => material.bishops[square_color(square)] += 1,
                Some(PieceKind::Rook) => material.rooks += 1,
                Some(PieceKind::Queen) => material.queens += 1,
                Some(PieceKind::King) | None => {}
            }
        }
        material
    }

    /// The fewest promotions that explain the material: every piece beyond
    /// the starting set was once a pawn. A side starts with one bishop on
    /// each colour of square, and a bishop never changes colour, so a second
    /// bishop on light squares is a promoted one, even if the dark-squared
    /// bishop is gone.
    fn promoted(&self) -> usize {
        let beyond = |count: usize, start: usize| count.saturating_sub(start);
        beyond(self.queens, START_QUEENS)
            + beyond(self.rooks, START_ROOKS)
            + beyond(self.knights, START_KNIGHTS)
            + beyond(self.bishops[0], START_BISHOPS_PER_SQUARE_COLOR)
            + beyond(self.bishops[1], START_BISHOPS_PER_SQUARE_COLOR)
    }
}

/// 0 for a light square, 1 for a dark one (a1 is dark).
fn square_color(square: Square) -> usize {
    usize::from((square.file() + square.rank()).is_multiple_of(2))
}

// ANCHOR: material
/// Refuses material no game can reach: more than 8 pawns or 16 pieces of a
/// side, or more promoted pieces than missing pawns.
pub(crate) fn check_material(position: &Position) -> Result<(), FenError> {
    for color in [Color::White, Color::Black] {
        let material = Material::count(position, color);
        if material.pawns > MAX_PAWNS {
            return Err(FenError::TooManyPawns {
                color,
                count: material.pawns,
            });
        }
        if material.pieces > MAX_PIECES {
            return Err(FenError::TooManyPieces {
                color,
                count: material.pieces,
            });
        }
        let missing_pawns = MAX_PAWNS - material.pawns;
        if material.promoted() > missing_pawns {
            return Err(FenError::TooManyPromoted {
                color,
                promoted: material.promoted(),
                missing_pawns,
            });
        }
    }
    Ok(())
}
// ANCHOR_END: material

// ANCHOR: checks
/// Refuses checks no game can reach. `double_step` is the en-passant square
/// the FEN names, once read: it says the last move was a pawn's double step
/// across it, whether or not a pawn can capture there.
pub(crate) fn check_checks(
    position: &Position,
    double_step: Option<Square>,
) -> Result<(), FenError> {
    let us = position.side_to_move();
    let them = us.other();
    // Step 1. The side that just moved cannot have left its king in check.
    if king_attacked(position, them) {
        return Err(FenError::OpponentInCheck);
    }
    // Step 2. Nor could it move while its opponent was in check: with the
    // pawn of the double step put back, our king must be safe.
    if let Some(square) = double_step {
        if king_attacked(&before_double_step(position, square), us) {
            return Err(FenError::CheckBeforeDoubleStep(square));
        }
    }
    if !position.in_check() {
        return Ok(());
    }
    // Step 3. One move gives at most two checks: its piece's own, and one
    // uncovered behind the square it left. (An en-passant capture empties
    // two squares and may uncover two checks, but its pawn then gives none.)
    let checkers = checkers(position);
    if checkers.len() > 2 {
        return Err(FenError::TooManyCheckers {
            count: checkers.len(),
        });
    }
    // Step 4. Of two checks, one was uncovered, so it comes from a bishop,
    // rook or queen, and the piece that moved left that line: it cannot now
    // stand on the same line through the king, on the other side.
    if let [first, second] = checkers[..] {
        let king = position.king_square(us);
        let uncovered = [first, second].iter().any(|&s| is_slider(position, s));
        if !uncovered || opposite_on_one_line(king, first, second) {
            return Err(FenError::ImpossibleDoubleCheck { first, second });
        }
    }
    Ok(())
}
// ANCHOR_END: checks

/// True when the king of `color` is attacked.
fn king_attacked(position: &Position, color: Color) -> bool {
    position.is_attacked(position.king_square(color), color.other())
}

/// The board before the double step across `square`: the pawn back on its
/// starting square.
fn before_double_step(position: &Position, square: Square) -> Position {
    let us = position.side_to_move();
    let mut before = position.clone();
    // FEN reading has checked that both squares exist and that the pawn
    // stands in front of `square`.
    let (Some(pawn), Some(origin)) = (square.offset(-us.forward()), square.offset(us.forward()))
    else {
        return before;
    };
    before.board[origin.index()] = before.board[pawn.index()];
    before.board[pawn.index()] = Piece::EMPTY;
    before
}

/// The squares of the pieces that check the side to move.
///
/// Each enemy piece is asked on its own with the board's attack test: on a
/// copy of the board, every other enemy piece changes colour, so that it
/// still blocks lines but attacks nothing. One attack test, proven by
/// perft, then answers every question about checks.
fn checkers(position: &Position) -> Vec<Square> {
    let us = position.side_to_move();
    let them = us.other();
    let king = position.king_square(us);
    let theirs: Vec<Square> = Square::SCAN_ORDER
        .into_iter()
        .filter(|&s| position.piece_at(s).is(them))
        .collect();
    theirs
        .iter()
        .copied()
        .filter(|&candidate| {
            let mut alone = position.clone();
            for &other in theirs.iter().filter(|&&s| s != candidate) {
                let piece = position.piece_at(other);
                if let Some(kind) = piece.kind() {
                    alone.board[other.index()] = Piece::new(us, kind);
                }
            }
            alone.is_attacked(king, them)
        })
        .collect()
}

/// True when a bishop, rook or queen stands on `square`.
fn is_slider(position: &Position, square: Square) -> bool {
    matches!(
        position.piece_at(square).kind(),
        Some(PieceKind::Bishop | PieceKind::Rook | PieceKind::Queen)
    )
}

/// True when `a` and `b` lie on one line (rank, file or diagonal) through
/// `king`, on opposite sides of it.
fn opposite_on_one_line(king: Square, a: Square, b: Square) -> bool {
    let direction = |s: Square| {
        let files = i32::from(s.file()) - i32::from(king.file());
        let ranks = i32::from(s.rank()) - i32::from(king.rank());
        let on_line = files == 0 || ranks == 0 || files.abs() == ranks.abs();
        on_line.then(|| (files.signum(), ranks.signum()))
    };
    match (direction(a), direction(b)) {
        (Some((fa, ra)), Some((fb, rb))) => (fa, ra) == (-fb, -rb),
        _ => false,
    }
}

impl Position {
    /// The position's consistency check, for a position however it was
    /// made: what `make` keeps up to date agrees with the board (asserted in
    /// debug builds, as after every move), and the position passes every
    /// test of FEN reading, since what it writes reads back as itself.
    pub fn validate(&self) -> Result<(), FenError> {
        debug_assert_eq!(self.hash, self.compute_hash(), "the hash drifted");
        debug_assert_eq!(self.occupied, self.compute_occupied(), "occupancy drifted");
        for color in [Color::White, Color::Black] {
            debug_assert!(
                self.piece_at(self.king_square(color))
                    .is_piece(color, PieceKind::King),
                "the {color:?} king is not where the position says"
            );
        }
        let fen = self.to_fen();
        let again = Position::from_fen(&fen)?;
        debug_assert_eq!(again.to_fen(), fen, "the FEN does not read back");
        debug_assert_eq!(again.hash, self.hash, "{fen} reads back with another hash");
        Ok(())
    }
}
