//! The position: the 0x88 board and the state the rules need, with make and
//! unmake.
//!
//! Besides the 128 squares, a position knows the side to move, the castling
//! rights, the en-passant square, the two clocks, both kings' squares and
//! its Zobrist hash. Every move made is pushed on an undo stack together
//! with the state it destroys, so [`Position::unmake`] restores the position
//! and its hash exactly, and the stack doubles as the game's history for
//! finding repetitions.
//!
//! A search may also pass: [`Position::make_null`] hands the turn to the
//! other side without moving a piece, on the same stack, so that
//! [`Position::unmake`] takes a pass back as it takes back a move.

use crate::attacks::{bit, square_attacked};
use crate::moves::{Move, MoveKind};
use crate::piece::{Color, Piece, PieceKind};
use crate::square::Square;
use crate::zobrist::KEYS;

/// Castling right: White may castle king-side.
pub const WHITE_KING_SIDE: u8 = 1;
/// Castling right: White may castle queen-side.
pub const WHITE_QUEEN_SIDE: u8 = 2;
/// Castling right: Black may castle king-side.
pub const BLACK_KING_SIDE: u8 = 4;
/// Castling right: Black may castle queen-side.
pub const BLACK_QUEEN_SIDE: u8 = 8;

/// The rights that survive a move touching each square: moving the king or
/// a rook, or capturing a rook on its corner, clears the matching rights.
const CASTLING_KEPT: [u8; 128] = {
    let mut kept = [15u8; 128];
    kept[0x00] = 15 & !WHITE_QUEEN_SIDE;
    kept[0x07] = 15 & !WHITE_KING_SIDE;
    kept[0x04] = 15 & !(WHITE_KING_SIDE | WHITE_QUEEN_SIDE);
    kept[0x70] = 15 & !BLACK_QUEEN_SIDE;
    kept[0x77] = 15 & !BLACK_KING_SIDE;
    kept[0x74] = 15 & !(BLACK_KING_SIDE | BLACK_QUEEN_SIDE);
    kept
};

// ANCHOR: undo
/// What a move destroys, kept so that it can be unmade.
#[derive(Clone, Copy, Debug)]
struct Undo {
    mv: Move,
    castling: u8,
    en_passant: Option<Square>,
    halfmove_clock: u16,
    fullmove_number: u16,
    hash: u64,
}
// ANCHOR_END: undo

// ANCHOR: position
/// A chess position on the 0x88 board.
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) board: [Piece; 128],
    pub(crate) side: Color,
    pub(crate) castling: u8,
    pub(crate) en_passant: Option<Square>,
    pub(crate) halfmove_clock: u16,
    pub(crate) fullmove_number: u16,
    pub(crate) kings: [Square; 2],
    /// Each side's occupied squares, one bit per 0x88 index, so that move
    /// generation visits only the squares that hold its pieces.
    pub(crate) occupied: [u128; 2],
    pub(crate) hash: u64,
    history: Vec<Undo>,
}
// ANCHOR_END: position

/// Why a move given as text cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not of the form `e2e4` or `e7e8q`.
    Syntax(String),
    /// The text names a move that is not legal here.
    Illegal(String),
}

impl std::fmt::Display for MoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveError::Syntax(text) => {
                write!(
                    f,
                    "'{text}' is not a move in UCI notation (like e2e4 or e7e8q)"
                )
            }
            MoveError::Illegal(text) => write!(f, "'{text}' is not a legal move here"),
        }
    }
}

impl std::error::Error for MoveError {}

impl Position {
    /// An empty board, White to move, no rights: a start for FEN parsing.
    pub(crate) fn empty() -> Position {
        Position {
            board: [Piece::EMPTY; 128],
            side: Color::White,
            castling: 0,
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            kings: [Square::A1; 2],
            occupied: [0; 2],
            hash: 0,
            history: Vec::with_capacity(512),
        }
    }

    /// The piece on a square.
    #[inline(always)]
    pub fn piece_at(&self, square: Square) -> Piece {
        self.board[square.index()]
    }

    /// The 0x88 array itself: 128 entries, of which the off-board half is
    /// always empty. For code that walks the board square by square, such as
    /// a static exchange evaluation.
    #[inline(always)]
    pub fn board(&self) -> &[Piece; 128] {
        &self.board
    }

    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The castling rights, a set of the `*_SIDE` bits.
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    /// The square a pawn may capture en passant on, when one can.
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// Half-moves since the last capture or pawn move (the fifty-move rule).
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove_clock
    }

    /// The move number, starting at 1 and incremented after Black moves.
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove_number
    }

    /// The king's square of a side.
    #[inline(always)]
    pub fn king_square(&self, color: Color) -> Square {
        self.kings[color.index()]
    }

    /// The Zobrist hash, kept up to date by make and unmake.
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// How many moves have been made since the position was set up.
    pub fn moves_made(&self) -> usize {
        self.history.len()
    }

    /// The last move made, if any; [`Move::NULL`] after a pass.
    pub fn last_move(&self) -> Option<Move> {
        self.history.last().map(|undo| undo.mv)
    }

    // ANCHOR: compute_hash
    /// The hash computed from scratch; equal to [`Position::hash`] always.
    pub fn compute_hash(&self) -> u64 {
        let mut hash = 0;
        for square in Square::SCAN_ORDER {
            let piece = self.piece_at(square);
            if !piece.is_empty() {
                hash ^= KEYS.piece_square[piece.index()][square.index()];
            }
        }
        if self.side == Color::Black {
            hash ^= KEYS.black_to_move;
        }
        hash ^= KEYS.castling[self.castling as usize];
        if let Some(square) = self.en_passant {
            hash ^= KEYS.en_passant_file[square.file() as usize];
        }
        hash
    }
    // ANCHOR_END: compute_hash

    /// Each side's occupied squares computed from the board; always equal
    /// to the sets kept up to date by make and unmake.
    pub(crate) fn compute_occupied(&self) -> [u128; 2] {
        let mut occupied = [0; 2];
        for square in Square::SCAN_ORDER {
            let piece = self.piece_at(square);
            if !piece.is_empty() {
                occupied[piece.color().index()] |= bit(square);
            }
        }
        occupied
    }

    /// The squares holding `color`'s pieces in LaMoSca's scan order: rank 8
    /// first, a to h within a rank.
    #[inline]
    pub(crate) fn squares_in_scan_order(&self, color: Color) -> impl Iterator<Item = Square> {
        let occupied = self.occupied[color.index()];
        (0..8u32).rev().flat_map(move |rank| {
            let mut row = (occupied >> (rank * 16)) as u16 & 0xff;
            std::iter::from_fn(move || {
                (row != 0).then(|| {
                    let file = row.trailing_zeros();
                    row &= row - 1;
                    Square::new(file as u8, rank as u8)
                })
            })
        })
    }

    /// True when `color` has a piece besides its king and pawns: a knight,
    /// a bishop, a rook or a queen. A side with none is the side a pass
    /// most misleads: with few moves, each may make things worse
    /// (zugzwang), and a lone king's every move may walk into mate.
    pub fn has_pieces(&self, color: Color) -> bool {
        let mut occupied = self.occupied[color.index()];
        while occupied != 0 {
            let index = occupied.trailing_zeros() as usize;
            occupied &= occupied - 1;
            if !matches!(
                self.board[index].kind(),
                Some(PieceKind::King | PieceKind::Pawn)
            ) {
                return true;
            }
        }
        false
    }

    /// True when `square` is attacked by a piece of colour `by`.
    #[inline]
    pub fn is_attacked(&self, square: Square, by: Color) -> bool {
        square_attacked(&self.board, square, by, None)
    }

    /// True when the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.is_attacked(self.king_square(self.side), self.side.other())
    }

    // ANCHOR: make
    /// Makes a legal move (one from the move generator), or passes when
    /// `mv` is [`Move::NULL`].
    pub fn make(&mut self, mv: Move) {
        if mv.is_null() {
            return self.make_null();
        }
        debug_assert_eq!(self.piece_at(mv.from), mv.piece, "{mv} moves no such piece");
        self.history.push(Undo {
            mv,
            castling: self.castling,
            en_passant: self.en_passant,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
            hash: self.hash,
        });
        let us = self.side;
        let keys = &KEYS;
        let mut hash = self.hash ^ keys.black_to_move;
        if let Some(square) = self.en_passant.take() {
            hash ^= keys.en_passant_file[square.file() as usize];
        }

        // Lift the piece, remove the victim, put the piece (or its
        // promotion) down.
        self.board[mv.from.index()] = Piece::EMPTY;
        hash ^= keys.piece_square[mv.piece.index()][mv.from.index()];
        self.occupied[us.index()] ^= bit(mv.from) | bit(mv.to);
        if mv.is_capture() {
            let victim = mv.captured_square();
            self.board[victim.index()] = Piece::EMPTY;
            hash ^= keys.piece_square[mv.captured.index()][victim.index()];
            self.occupied[us.other().index()] ^= bit(victim);
        }
        let placed = if mv.is_promotion() {
            mv.promotion
        } else {
            mv.piece
        };
        self.board[mv.to.index()] = placed;
        hash ^= keys.piece_square[placed.index()][mv.to.index()];

        if let Some((rook_from, rook_to)) = mv.castling_rook() {
            let rook = self.board[rook_from.index()];
            self.board[rook_from.index()] = Piece::EMPTY;
            self.board[rook_to.index()] = rook;
            self.occupied[us.index()] ^= bit(rook_from) | bit(rook_to);
            hash ^= keys.piece_square[rook.index()][rook_from.index()]
                ^ keys.piece_square[rook.index()][rook_to.index()];
        }
        if let Some(square) = self.en_passant_after(mv) {
            self.en_passant = Some(square);
            hash ^= keys.en_passant_file[square.file() as usize];
        }
        if mv.piece.kind() == Some(PieceKind::King) {
            self.kings[us.index()] = mv.to;
        }

        let rights = self.castling & CASTLING_KEPT[mv.from.index()] & CASTLING_KEPT[mv.to.index()];
        hash ^= keys.castling[self.castling as usize] ^ keys.castling[rights as usize];
        self.castling = rights;

        if mv.is_capture() || mv.piece.kind() == Some(PieceKind::Pawn) {
            self.halfmove_clock = 0;
        } else {
            self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        }
        if us == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.side = us.other();
        self.hash = hash;
        debug_assert_eq!(self.hash, self.compute_hash(), "hash drifted after {mv}");
        debug_assert_eq!(
            self.occupied,
            self.compute_occupied(),
            "occupancy drifted after {mv}"
        );
    }

    /// The en-passant square a double push `mv` of the side to move
    /// leaves: the square it passed, only when an enemy pawn stands beside
    /// its arrival ready to take, so that equal positions hash equally.
    #[inline]
    fn en_passant_after(&self, mv: Move) -> Option<Square> {
        if mv.kind != MoveKind::DoublePush {
            return None;
        }
        let us = self.side;
        let enemy_pawn = Piece::new(us.other(), PieceKind::Pawn);
        let beside = |delta| {
            mv.to
                .offset(delta)
                .is_some_and(|s| self.board[s.index()] == enemy_pawn)
        };
        (beside(-1) || beside(1)).then(|| mv.from.offset(us.forward()).unwrap_or(mv.to))
    }
    // ANCHOR_END: make

    // ANCHOR: unmake
    /// Takes back the last move made, or the last pass. Does nothing when
    /// no move was made.
    pub fn unmake(&mut self) {
        let Some(undo) = self.history.pop() else {
            return;
        };
        let mv = undo.mv;
        let us = self.side.other();
        self.side = us;
        if !mv.is_null() {
            self.unmove_pieces(mv, us);
        }
        self.castling = undo.castling;
        self.en_passant = undo.en_passant;
        self.halfmove_clock = undo.halfmove_clock;
        // Restored, not decremented: make saturates at the largest number.
        self.fullmove_number = undo.fullmove_number;
        self.hash = undo.hash;
    }

    /// Puts back the pieces `mv`, a move of `us`, moved.
    fn unmove_pieces(&mut self, mv: Move, us: Color) {
        self.board[mv.to.index()] = Piece::EMPTY;
        self.board[mv.from.index()] = mv.piece;
        self.occupied[us.index()] ^= bit(mv.from) | bit(mv.to);
        if mv.is_capture() {
            let victim = mv.captured_square();
            self.board[victim.index()] = mv.captured;
            self.occupied[us.other().index()] ^= bit(victim);
        }
        if let Some((rook_from, rook_to)) = mv.castling_rook() {
            self.board[rook_from.index()] = self.board[rook_to.index()];
            self.board[rook_to.index()] = Piece::EMPTY;
            self.occupied[us.index()] ^= bit(rook_from) | bit(rook_to);
        }
        if mv.piece.kind() == Some(PieceKind::King) {
            self.kings[us.index()] = mv.from;
        }
    }
    // ANCHOR_END: unmake

    // ANCHOR: null
    /// Passes: the side to move hands the turn to the other side and moves
    /// nothing. This is no move of chess; null-move pruning uses it to ask
    /// whether the opponent, given two moves in a row, could still not
    /// reach beta. The en-passant square goes (the pawn that could take
    /// would be taking a move late), the clocks run as for a quiet move,
    /// the hash follows, and [`Position::is_repetition`] looks back no
    /// further than the pass. Take it back with [`Position::unmake_null`]
    /// (or [`Position::unmake`]).
    ///
    /// The side to move must not be in check: passing would leave its king
    /// to be taken. A search checks before it passes; debug builds assert.
    pub fn make_null(&mut self) {
        debug_assert!(!self.in_check(), "a side in check passed");
        self.history.push(Undo {
            mv: Move::NULL,
            castling: self.castling,
            en_passant: self.en_passant,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
            hash: self.hash,
        });
        let mut hash = self.hash ^ KEYS.black_to_move;
        if let Some(square) = self.en_passant.take() {
            hash ^= KEYS.en_passant_file[square.file() as usize];
        }
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        if self.side == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.side = self.side.other();
        self.hash = hash;
        debug_assert_eq!(self.hash, self.compute_hash(), "hash drifted after a pass");
    }

    /// Takes back the pass [`Position::make_null`] made, which must be the
    /// last thing made.
    pub fn unmake_null(&mut self) {
        debug_assert_eq!(
            self.last_move(),
            Some(Move::NULL),
            "the last move is no pass"
        );
        self.unmake();
    }
    // ANCHOR_END: null

    // ANCHOR: draws
    /// How many earlier positions, since the last capture or pawn move, are
    /// this one (same pieces, side, rights and en-passant square).
    pub fn repetitions(&self) -> usize {
        let reach = self.repetition_reach();
        let len = self.history.len();
        (2..=reach)
            .step_by(2)
            .filter(|&back| self.history[len - back].hash == self.hash)
            .count()
    }

    /// True when the position occurred before: a search scores the line as a
    /// draw, since the side that repeats could repeat again.
    pub fn is_repetition(&self) -> bool {
        let reach = self.repetition_reach();
        let len = self.history.len();
        (2..=reach)
            .step_by(2)
            .any(|back| self.history[len - back].hash == self.hash)
    }

    /// How many plies back a repetition may lie: no further than the last
    /// capture or pawn move, which no position before it can repeat, nor
    /// than the last pass, since a line with a pass is no game and what
    /// stood before it was not reached by moves.
    fn repetition_reach(&self) -> usize {
        let len = self.history.len();
        let reach = (self.halfmove_clock as usize).min(len);
        self.history[len - reach..]
            .iter()
            .rev()
            .position(|undo| undo.mv.is_null())
            .unwrap_or(reach)
    }

    /// True when fifty moves by each side passed without a capture or a
    /// pawn move.
    pub fn is_fifty_move_draw(&self) -> bool {
        self.halfmove_clock >= 100
    }

    /// True when neither side can ever mate: kings alone, a king and one
    /// minor piece against a king, or bishops all on squares of one colour.
    pub fn has_insufficient_material(&self) -> bool {
        let mut minors = 0;
        let mut knights = 0;
        let mut bishop_square_colors = [false; 2];
        for square in Square::SCAN_ORDER {
            match self.piece_at(square).kind() {
                None | Some(PieceKind::King) => {}
                Some(PieceKind::Knight) => {
                    minors += 1;
                    knights += 1;
                }
                Some(PieceKind::Bishop) => {
                    minors += 1;
                    bishop_square_colors[((square.rank() + square.file()) % 2) as usize] = true;
                }
                Some(_) => return false,
            }
        }
        minors <= 1 || (knights == 0 && !(bishop_square_colors[0] && bishop_square_colors[1]))
    }
    // ANCHOR_END: draws
}
