//! Colours and pieces.
//!
//! A piece is one byte: its kind (1 = pawn .. 6 = king) plus 8 for Black,
//! and 0 for an empty square. A byte keeps the 128-square board small and a
//! piece cheap to copy, compare and use as a table index.

use std::fmt;

/// The side a piece belongs to, or the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    /// White, who moves up the board (towards rank 8).
    White = 0,
    /// Black, who moves down the board.
    Black = 1,
}

impl Color {
    /// The other side.
    #[inline(always)]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black, for indexing per-side tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction a pawn of this colour pushes on the 0x88 board.
    #[inline(always)]
    pub const fn forward(self) -> i32 {
        match self {
            Color::White => 16,
            Color::Black => -16,
        }
    }
}

// ANCHOR: piece_kind
/// What a piece is, whatever its colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum PieceKind {
    /// Pawn.
    Pawn = 1,
    /// Knight.
    Knight = 2,
    /// Bishop.
    Bishop = 3,
    /// Rook.
    Rook = 4,
    /// Queen.
    Queen = 5,
    /// King.
    King = 6,
}
// ANCHOR_END: piece_kind

impl PieceKind {
    /// Every kind, pawn first.
    pub const ALL: [PieceKind; 6] = [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
        PieceKind::King,
    ];

    /// The promotion choices, in the order they are generated: the queen
    /// first, where the original (which promoted only to a queen) had its one
    /// move.
    pub const PROMOTIONS: [PieceKind; 4] = [
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Knight,
    ];

    /// LaMoSca's piece code: pawn 0, knight 1, bishop 2, rook 3, queen 4,
    /// king 5 (used by MVV/LVA).
    #[inline(always)]
    pub const fn code(self) -> i32 {
        self as i32 - 1
    }

    /// The lower-case letter of the kind (`p n b r q k`).
    pub const fn letter(self) -> char {
        match self {
            PieceKind::Pawn => 'p',
            PieceKind::Knight => 'n',
            PieceKind::Bishop => 'b',
            PieceKind::Rook => 'r',
            PieceKind::Queen => 'q',
            PieceKind::King => 'k',
        }
    }

    /// The kind of a letter, either case.
    pub fn from_letter(letter: char) -> Option<PieceKind> {
        Some(match letter.to_ascii_lowercase() {
            'p' => PieceKind::Pawn,
            'n' => PieceKind::Knight,
            'b' => PieceKind::Bishop,
            'r' => PieceKind::Rook,
            'q' => PieceKind::Queen,
            'k' => PieceKind::King,
            _ => return None,
        })
    }
}

// ANCHOR: piece
/// A square's content: a coloured piece, or empty.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Piece(u8);

impl Piece {
    /// An empty square.
    pub const EMPTY: Piece = Piece(0);
    const BLACK_BIT: u8 = 8;

    /// The piece of this colour and kind.
    #[inline(always)]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece(kind as u8 | (color as u8 * Piece::BLACK_BIT))
    }
    // ANCHOR_END: piece

    /// True for an empty square.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The colour; meaningless for an empty square.
    #[inline(always)]
    pub const fn color(self) -> Color {
        if self.0 & Piece::BLACK_BIT == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// True when the square holds a piece of this colour.
    #[inline(always)]
    pub const fn is(self, color: Color) -> bool {
        self.0 != 0 && (self.0 & Piece::BLACK_BIT) == color as u8 * Piece::BLACK_BIT
    }

    /// The kind, or `None` for an empty square.
    #[inline(always)]
    pub const fn kind(self) -> Option<PieceKind> {
        match self.0 & 7 {
            1 => Some(PieceKind::Pawn),
            2 => Some(PieceKind::Knight),
            3 => Some(PieceKind::Bishop),
            4 => Some(PieceKind::Rook),
            5 => Some(PieceKind::Queen),
            6 => Some(PieceKind::King),
            _ => None,
        }
    }

    /// True when the square holds this colour's piece of this kind.
    #[inline(always)]
    pub const fn is_piece(self, color: Color, kind: PieceKind) -> bool {
        self.0 == Piece::new(color, kind).0
    }

    /// A 0..16 index for per-piece tables (Zobrist keys, piece-square tables).
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The FEN letter: upper case for White, lower case for Black.
    pub fn letter(self) -> char {
        match self.kind() {
            None => '.',
            Some(kind) if self.color() == Color::White => kind.letter().to_ascii_uppercase(),
            Some(kind) => kind.letter(),
        }
    }

    /// The piece of a FEN letter.
    pub fn from_letter(letter: char) -> Option<Piece> {
        let kind = PieceKind::from_letter(letter)?;
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece::new(color, kind))
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}
