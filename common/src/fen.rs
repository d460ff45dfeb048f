//! FEN, the one-line description of a position, read and written.
//!
//! A FEN has six fields separated by spaces: the pieces rank by rank from
//! rank 8 (digits count empty squares), the side to move, the castling
//! rights, the en-passant square, the half-move clock and the move number.
//! The last two may be left out, as EPD test suites do.
//!
//! Reading refuses anything that is not a position a game could reach in
//! the ways a program can check cheaply: first what is malformed, field by
//! field, then what chess itself rules out (too much material, impossible
//! checks: `reachable.rs`). A [`FenError`] names the field and says what is
//! wrong with it. Nothing here panics on user input.
//!
//! ```
//! use common::{FenError, Position};
//! let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
//! assert_eq!(Position::from_fen(fen).unwrap().to_fen(), fen);
//! assert!(matches!(
//!     Position::from_fen("8/8/8/8/8/8/8/8 w - - 0 1"),
//!     Err(FenError::KingCount { .. })
//! ));
//! ```

use crate::fen_error::FenError;
use crate::piece::{Color, Piece, PieceKind};
use crate::position::{
    Position, BLACK_KING_SIDE, BLACK_QUEEN_SIDE, WHITE_KING_SIDE, WHITE_QUEEN_SIDE,
};
use crate::reachable::{check_checks, check_material};
use crate::square::Square;

/// The FEN of the starting position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The castling rights in FEN order, with the king's and rook's squares
/// each one needs.
const CASTLING_FIELD: [(char, u8, Square, Square); 4] = [
    ('K', WHITE_KING_SIDE, Square::new(4, 0), Square::H1),
    ('Q', WHITE_QUEEN_SIDE, Square::new(4, 0), Square::A1),
    ('k', BLACK_KING_SIDE, Square::new(4, 7), Square::H8),
    ('q', BLACK_QUEEN_SIDE, Square::new(4, 7), Square::A8),
];

impl Position {
    /// The starting position.
    pub fn startpos() -> Position {
        Position::from_fen(START_FEN).expect("the start FEN is valid")
    }

    // ANCHOR: from_fen
    /// Reads a position from FEN. The two clock fields may be missing.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::FieldCount(fields.len()));
        }
        let mut position = Position::empty();
        read_placement(&mut position, fields[0])?;
        check_material(&position)?;
        position.side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::SideToMove(other.to_string())),
        };
        position.castling = read_castling(&position, fields[2])?;
        let double_step = read_en_passant(&position, fields[3])?;
        position.en_passant = double_step.filter(|&square| can_capture_on(&position, square));
        if let Some(text) = fields.get(4) {
            position.halfmove_clock = read_clock(text, "half-move clock", 0)?;
        }
        if let Some(text) = fields.get(5) {
            position.fullmove_number = read_clock(text, "move number", 1)?;
        }
        check_checks(&position, double_step)?;
        position.hash = position.compute_hash();
        position.occupied = position.compute_occupied();
        Ok(position)
    }
    // ANCHOR_END: from_fen

    /// Writes the position as FEN, with both clocks.
    pub fn to_fen(&self) -> String {
        let mut fen = String::with_capacity(90);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let piece = self.piece_at(Square::new(file, rank));
                if piece.is_empty() {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    fen.push(char::from(b'0' + empty));
                    empty = 0;
                }
                fen.push(piece.letter());
            }
            if empty > 0 {
                fen.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        fen.push_str(match self.side {
            Color::White => " w ",
            Color::Black => " b ",
        });
        let rights: String = CASTLING_FIELD
            .iter()
            .filter(|(_, right, _, _)| self.castling & right != 0)
            .map(|(letter, _, _, _)| *letter)
            .collect();
        fen.push_str(if rights.is_empty() { "-" } else { &rights });
        match self.en_passant {
            Some(square) => fen.push_str(&format!(" {square}")),
            None => fen.push_str(" -"),
        }
        fen.push_str(&format!(
            " {} {}",
            self.halfmove_clock, self.fullmove_number
        ));
        fen
    }
}

fn read_placement(position: &mut Position, field: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::RankCount(ranks.len()));
    }
    let mut kings = [0usize; 2];
    for (row, text) in ranks.iter().enumerate() {
        let rank = 7 - row as u8;
        let mut file = 0usize;
        for c in text.chars() {
            if let Some(run) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += run as usize;
                continue;
            }
            let piece = Piece::from_letter(c).ok_or(FenError::BadPlacementChar {
                rank: rank + 1,
                found: c,
            })?;
            if file < 8 {
                let square = Square::new(file as u8, rank);
                position.board[square.index()] = piece;
                if piece.kind() == Some(PieceKind::King) {
                    kings[piece.color().index()] += 1;
                    position.kings[piece.color().index()] = square;
                }
                if piece.kind() == Some(PieceKind::Pawn) && (rank == 0 || rank == 7) {
                    return Err(FenError::PawnOnBackRank(square));
                }
            }
            file += 1;
        }
        if file != 8 {
            return Err(FenError::RankLength {
                rank: rank + 1,
                squares: file,
            });
        }
    }
    for color in [Color::White, Color::Black] {
        if kings[color.index()] != 1 {
            return Err(FenError::KingCount {
                color,
                count: kings[color.index()],
            });
        }
    }
    Ok(())
}

fn read_castling(position: &Position, field: &str) -> Result<u8, FenError> {
    if field == "-" {
        return Ok(0);
    }
    let mut rights = 0u8;
    for c in field.chars() {
        let Some(&(letter, right, king, rook)) = CASTLING_FIELD.iter().find(|e| e.0 == c) else {
            return Err(FenError::BadCastling(field.to_string()));
        };
        if rights & right != 0 {
            return Err(FenError::BadCastling(field.to_string()));
        }
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        if !position.piece_at(king).is_piece(color, PieceKind::King)
            || !position.piece_at(rook).is_piece(color, PieceKind::Rook)
        {
            return Err(FenError::CastlingWithoutPieces(letter));
        }
        rights |= right;
    }
    Ok(rights)
}

/// Reads the en-passant field: the square a pawn of the side not to move
/// has just crossed with a double step, which must have left it and the
/// pawn's starting square empty.
fn read_en_passant(position: &Position, field: &str) -> Result<Option<Square>, FenError> {
    if field == "-" {
        return Ok(None);
    }
    let us = position.side;
    let them = us.other();
    // The square the double-stepping pawn crossed lies on rank 6 when White
    // is to move (rank 3 when Black is); the pawn stands one square further.
    let expected_rank = match us {
        Color::White => 5,
        Color::Black => 2,
    };
    let square = Square::parse(field)
        .filter(|square| square.rank() == expected_rank)
        .ok_or_else(|| FenError::BadEnPassant(field.to_string()))?;
    // On rank 3 or 6, both neighbours on the file exist.
    let (Some(pawn), Some(origin)) = (square.offset(-us.forward()), square.offset(us.forward()))
    else {
        return Err(FenError::BadEnPassant(field.to_string()));
    };
    if !position.piece_at(pawn).is_piece(them, PieceKind::Pawn) {
        return Err(FenError::EnPassantWithoutPawn { square, pawn });
    }
    if let Some(occupied) = [square, origin]
        .into_iter()
        .find(|&s| !position.piece_at(s).is_empty())
    {
        return Err(FenError::EnPassantBlocked { square, occupied });
    }
    Ok(Some(square))
}

/// True when a pawn of the side to move stands beside the pawn that crossed
/// `square`, so that it could capture there. A square no pawn can capture
/// on is dropped, as [`Position::make`] never records one: equal positions
/// must hash equally for repetitions to be found.
fn can_capture_on(position: &Position, square: Square) -> bool {
    let us = position.side;
    let our_pawn = Piece::new(us, PieceKind::Pawn);
    square.offset(-us.forward()).is_some_and(|pawn| {
        [-1, 1]
            .iter()
            .filter_map(|&side| pawn.offset(side))
            .any(|s| position.piece_at(s) == our_pawn)
    })
}

fn read_clock(text: &str, field: &'static str, min: u16) -> Result<u16, FenError> {
    text.parse::<u16>()
        .ok()
        .filter(|&n| n >= min)
        .ok_or_else(|| FenError::BadClock {
            field,
            found: text.to_string(),
        })
}
