//! The board every LaMoSca version shares: an 0x88 board with fully legal
//! chess, FEN and its errors, the checks that a position can occur, Zobrist
//! keys, perft and LaMoSca's evaluation.
//!
//! The board knows nothing of search: no engine, no trace, no driver. It
//! has no dependency either, so it builds wherever Rust does, WebAssembly
//! included. What every search shares lives in `lamosca-search`, the record
//! in `lamosca-record` and the command line, UCI and the explorer in
//! `lamosca-front`, each in a folder of its own beside this crate's `src`.
#![deny(missing_docs)]

mod attacks;
mod eval;
mod fen;
mod fen_error;
mod movegen;
mod moves;
mod perft;
mod piece;
mod position;
mod reachable;
mod square;
mod zobrist;

pub use attacks::{BISHOP_DIRECTIONS, KNIGHT_STEPS, QUEEN_DIRECTIONS, ROOK_DIRECTIONS};
pub use eval::{evaluate, piece_value, square_bonus};
pub use fen::START_FEN;
pub use fen_error::FenError;
pub use movegen::{MoveStack, ScoredMove, Wanted, MAX_PLY};
pub use moves::{Move, MoveKind, UciMove, NULL_MOVE};
pub use perft::{divide, perft};
pub use piece::{Color, Piece, PieceKind};
pub use position::{
    MoveError, Position, BLACK_KING_SIDE, BLACK_QUEEN_SIDE, WHITE_KING_SIDE, WHITE_QUEEN_SIDE,
};
pub use square::Square;
