//! Why a FEN was refused: [`FenError`], one variant per fault, each saying
//! which field is wrong and how. Reading a FEN (`fen.rs`) refuses what is
//! malformed; the checks of what chess rules out (`reachable.rs`) refuse
//! the rest, with the same type.

use std::fmt;

use crate::piece::Color;
use crate::square::Square;

/// Why a FEN was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Not 4 to 6 fields separated by spaces.
    FieldCount(usize),
    /// The placement field does not have 8 ranks separated by `/`.
    RankCount(usize),
    /// A character in the placement field that is neither a piece letter
    /// nor a digit from 1 to 8.
    BadPlacementChar {
        /// The rank (1 to 8) where it stands.
        rank: u8,
        /// The character.
        found: char,
    },
    /// A rank that does not describe exactly 8 squares.
    RankLength {
        /// The rank, 1 to 8.
        rank: u8,
        /// How many squares it describes.
        squares: usize,
    },
    /// Not exactly one king of a colour.
    KingCount {
        /// The colour.
        color: Color,
        /// How many kings of that colour the board holds.
        count: usize,
    },
    /// A pawn on the first or last rank.
    PawnOnBackRank(Square),
    /// More pawns of a colour than the 8 it starts with.
    TooManyPawns {
        /// The colour.
        color: Color,
        /// How many pawns of that colour the board holds.
        count: usize,
    },
    /// More pieces of a colour, pawns and king included, than the 16 it
    /// starts with.
    TooManyPieces {
        /// The colour.
        color: Color,
        /// How many pieces of that colour the board holds.
        count: usize,
    },
    /// More pieces beyond the starting set (one queen, two rooks, two
    /// knights, one bishop on each colour of square) than missing pawns
    /// could have become by promotion.
    TooManyPromoted {
        /// The colour.
        color: Color,
        /// The fewest promotions that explain its pieces.
        promoted: usize,
        /// How many of its 8 pawns are missing.
        missing_pawns: usize,
    },
    /// The side-to-move field is not `w` or `b`.
    SideToMove(String),
    /// The castling field is not `-` or a set of `KQkq`, each at most once.
    BadCastling(String),
    /// A castling right whose king or rook is not on its starting square.
    CastlingWithoutPieces(char),
    /// The en-passant field is not `-` or a square of the right rank: rank
    /// 6 when White is to move, rank 3 when Black is.
    BadEnPassant(String),
    /// An en-passant square with no pawn of the side that just moved in
    /// front of it, where the double step would have left it.
    EnPassantWithoutPawn {
        /// The en-passant square.
        square: Square,
        /// Where the pawn should stand.
        pawn: Square,
    },
    /// An en-passant square that is occupied, or whose pawn's starting
    /// square is: a double step has just left both empty.
    EnPassantBlocked {
        /// The en-passant square.
        square: Square,
        /// The square that should be empty and is not.
        occupied: Square,
    },
    /// The side that is not to move is in check: its king could be taken.
    OpponentInCheck,
    /// The en-passant square says the last move was a pawn's double step,
    /// but before it the side now to move was in check, with the other side
    /// to move: that position could not have been reached either.
    CheckBeforeDoubleStep(Square),
    /// The side to move is checked by more than two pieces, and no move
    /// gives more than two checks.
    TooManyCheckers {
        /// How many pieces give check.
        count: usize,
    },
    /// The side to move is checked by two pieces that no single move could
    /// have made check together: one check must have been uncovered from a
    /// bishop, rook or queen by the other piece leaving its line.
    ImpossibleDoubleCheck {
        /// The first checker, in scan order.
        first: Square,
        /// The second checker.
        second: Square,
    },
    /// A clock field that is not a number in range.
    BadClock {
        /// Which clock: "half-move clock" or "move number".
        field: &'static str,
        /// The text found.
        found: String,
    },
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::FieldCount(n) => write!(
                f,
                "a fen has 6 fields separated by spaces (4 without the clocks), found {n}"
            ),
            FenError::RankCount(n) => {
                write!(f, "the placement field needs 8 ranks separated by '/', found {n}")
            }
            FenError::BadPlacementChar { rank, found } => write!(
                f,
                "placement, rank {rank}: '{found}' is neither a piece letter (PNBRQK, pnbrqk) nor a digit 1-8"
            ),
            FenError::RankLength { rank, squares } => {
                write!(f, "placement, rank {rank}: describes {squares} squares instead of 8")
            }
            FenError::KingCount { color, count } => {
                write!(f, "placement: {count} {} kings, there must be exactly one", color_name(*color))
            }
            FenError::PawnOnBackRank(square) => {
                write!(f, "placement: a pawn on {square}, pawns never stand on rank 1 or 8")
            }
            FenError::TooManyPawns { color, count } => write!(
                f,
                "placement: {count} {} pawns, a side has at most 8",
                color_name(*color)
            ),
            FenError::TooManyPieces { color, count } => write!(
                f,
                "placement: {count} {} pieces, a side has at most 16",
                color_name(*color)
            ),
            FenError::TooManyPromoted {
                color,
                promoted,
                missing_pawns,
            } => write!(
                f,
                "placement: {} has {} than it starts with (1 queen, 2 rooks, 2 knights, \
                 a bishop on each colour of square), each a promoted pawn, but only \
                 {missing_pawns} of its pawns {} missing",
                color_name(*color),
                match promoted {
                    1 => "1 more piece".to_string(),
                    n => format!("{n} more pieces"),
                },
                if *missing_pawns == 1 { "is" } else { "are" }
            ),
            FenError::SideToMove(text) => {
                write!(f, "side to move: '{text}' is neither 'w' nor 'b'")
            }
            FenError::BadCastling(text) => {
                write!(f, "castling: '{text}' is neither '-' nor a set of K, Q, k, q")
            }
            FenError::CastlingWithoutPieces(right) => write!(
                f,
                "castling: right '{right}' needs its king and rook on their starting squares"
            ),
            FenError::BadEnPassant(text) => write!(
                f,
                "en passant: '{text}' is neither '-' nor a square on rank 6 (white to move) or 3 (black to move)"
            ),
            FenError::EnPassantWithoutPawn { square, pawn } => write!(
                f,
                "en passant: {square} says a pawn just moved two squares, but no pawn of the side that moved stands on {pawn}"
            ),
            FenError::EnPassantBlocked { square, occupied } => write!(
                f,
                "en passant: {square} says a pawn just moved two squares, but {occupied}, which that move left empty, is occupied"
            ),
            FenError::OpponentInCheck => {
                write!(f, "the side not to move is in check, so its king could be taken")
            }
            FenError::CheckBeforeDoubleStep(square) => write!(
                f,
                "en passant: {square} says a pawn just moved two squares, but before that move the side now to move was already in check"
            ),
            FenError::TooManyCheckers { count } => write!(
                f,
                "check: {count} pieces give check, and no move gives more than two checks"
            ),
            FenError::ImpossibleDoubleCheck { first, second } => write!(
                f,
                "check: the pieces on {first} and {second} both give check, and no single move does that \
                 (one check must be uncovered from a bishop, rook or queen whose line the other piece just left)"
            ),
            FenError::BadClock { field, found } => {
                write!(f, "{field}: '{found}' is not a number in range")
            }
        }
    }
}

impl std::error::Error for FenError {}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}
