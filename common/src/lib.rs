//! The board every LaMoSca version shares: an 0x88 board with fully legal
//! chess, FEN, perft, LaMoSca's evaluation and move order, the search trace
//! and the command-line and UCI driver.
#![deny(missing_docs)]

mod attacks;
pub mod cli;
pub mod deepen;
mod engine;
mod eval;
mod fen;
mod movegen;
mod moves;
mod perft;
mod piece;
mod position;
pub mod pv;
mod reachable;
pub mod record;
mod square;
pub mod trace;
pub mod uci;
mod zobrist;

pub use attacks::{BISHOP_DIRECTIONS, KNIGHT_STEPS, QUEEN_DIRECTIONS, ROOK_DIRECTIONS};
pub use engine::{
    check_options, no_moves_score, percent, statistic, Engine, EngineOption, Figure, Listener,
    OptionKind, OptionValue, Report, SearchControl, Statistic, CHECK_EVERY, INFINITY, MATE,
    MATE_BOUND,
};
pub use eval::{evaluate, piece_value, square_bonus};
pub use fen::{FenError, START_FEN};
pub use movegen::{MoveStack, ScoredMove, MAX_PLY};
pub use moves::{Move, MoveKind, UciMove};
pub use perft::{divide, perft};
pub use piece::{Color, Piece, PieceKind};
pub use position::{
    MoveError, Position, BLACK_KING_SIDE, BLACK_QUEEN_SIDE, WHITE_KING_SIDE, WHITE_QUEEN_SIDE,
};
pub use square::Square;
