//! Moves, and their UCI long algebraic names (`e2e4`, `e7e8q`).
//!
//! A move carries what it needs to be made and unmade without looking at
//! the board again: the piece that moves, the piece it captures (for en
//! passant, the pawn beside it), the promotion and a kind for the special
//! moves. Searches read the captured piece to score captures, so a move is
//! a little more than two squares.

use std::fmt;

use crate::piece::{Piece, PieceKind};
use crate::square::Square;

// ANCHOR: move
/// The special cases of making a move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveKind {
    /// A plain move or capture, including promotions.
    Normal,
    /// A pawn's two-square advance, which may allow en passant.
    DoublePush,
    /// A pawn capturing en passant: the captured pawn is not on `to`.
    EnPassant,
    /// Castling: `from` and `to` are the king's squares.
    Castle,
}

/// A move of the current position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// The square the piece leaves.
    pub from: Square,
    /// The square the piece arrives on (the king's square when castling).
    pub to: Square,
    /// The piece that moves.
    pub piece: Piece,
    /// The piece captured, or [`Piece::EMPTY`].
    pub captured: Piece,
    /// The piece a pawn becomes, or [`Piece::EMPTY`].
    pub promotion: Piece,
    /// Which special rule applies.
    pub kind: MoveKind,
}
// ANCHOR_END: move

impl Move {
    /// The pass, or null move: no piece moves, only the turn changes hands.
    /// It is no move of chess; a search makes it with
    /// [`crate::Position::make_null`] to ask what the opponent could do if
    /// it were its turn again, and it is named `0000`, as UCI names no move.
    pub const NULL: Move = Move {
        from: Square::A1,
        to: Square::A1,
        piece: Piece::EMPTY,
        captured: Piece::EMPTY,
        promotion: Piece::EMPTY,
        kind: MoveKind::Normal,
    };

    /// True for the pass, [`Move::NULL`]: every other move moves a piece.
    #[inline(always)]
    pub const fn is_null(&self) -> bool {
        self.piece.is_empty()
    }

    /// True when the move takes a piece (en passant included).
    #[inline(always)]
    pub const fn is_capture(&self) -> bool {
        !self.captured.is_empty()
    }

    /// True for a promotion.
    #[inline(always)]
    pub const fn is_promotion(&self) -> bool {
        !self.promotion.is_empty()
    }

    /// Where the captured piece stands: on `to`, except en passant, where
    /// the captured pawn stands beside the capturing one.
    #[inline(always)]
    pub fn captured_square(&self) -> Square {
        if self.kind == MoveKind::EnPassant {
            Square::new(self.to.file(), self.from.rank())
        } else {
            self.to
        }
    }

    /// The rook's squares, from and to, when the move castles (the king's
    /// target square tells which side); `None` for any other move.
    pub fn castling_rook(&self) -> Option<(Square, Square)> {
        if self.kind != MoveKind::Castle {
            return None;
        }
        let rank = self.to.rank();
        Some(if self.to.file() == 6 {
            (Square::new(7, rank), Square::new(5, rank))
        } else {
            (Square::new(0, rank), Square::new(3, rank))
        })
    }

    /// The move's name in UCI long algebraic notation, as a value that
    /// formats without allocating. The pass has no squares to name: it
    /// prints as `0000` ([`NULL_MOVE`]), and its `UciMove` names none.
    pub fn uci(&self) -> UciMove {
        UciMove {
            from: self.from,
            to: self.to,
            promotion: self.promotion.kind(),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_null() {
            return f.write_str(NULL_MOVE);
        }
        self.uci().fmt(f)
    }
}

/// The move UCI prints when there is none to play (mate or stalemate), and
/// the name of the pass, [`Move::NULL`], wherever a move is written.
pub const NULL_MOVE: &str = "0000";

/// A move as UCI names it: two squares and perhaps a promotion letter. This
/// is what a user or a GUI types; [`crate::Position::parse_move`] finds the
/// legal move it names.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct UciMove {
    /// The square the piece leaves.
    pub from: Square,
    /// The square the piece arrives on.
    pub to: Square,
    /// The promotion, if any.
    pub promotion: Option<PieceKind>,
}

impl UciMove {
    /// Parses `e2e4` or `e7e8q`; `None` when the text is not of that form.
    pub fn parse(text: &str) -> Option<UciMove> {
        let from = Square::parse(text.get(0..2)?)?;
        let to = Square::parse(text.get(2..4)?)?;
        let promotion = match text.get(4..)? {
            "" => None,
            "q" => Some(PieceKind::Queen),
            "r" => Some(PieceKind::Rook),
            "b" => Some(PieceKind::Bishop),
            "n" => Some(PieceKind::Knight),
            _ => return None,
        };
        Some(UciMove {
            from,
            to,
            promotion,
        })
    }
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `e2e4`, or `e7e8q`, written at once: the record names millions.
        let mut name = [0u8; 5];
        name[..2].copy_from_slice(&self.from.ascii());
        name[2..4].copy_from_slice(&self.to.ascii());
        let length = match self.promotion {
            Some(kind) => {
                name[4] = kind.letter() as u8;
                5
            }
            None => 4,
        };
        f.write_str(std::str::from_utf8(&name[..length]).map_err(|_| fmt::Error)?)
    }
}
