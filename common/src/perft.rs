//! Perft: counting the leaves of the legal move tree.
//!
//! `perft(position, depth)` is the number of move sequences of exactly
//! `depth` plies that can be played from the position. Published counts for
//! standard positions are the accepted proof that a move generator is right:
//! one missing castling condition or en-passant case changes a count within
//! a few plies. `divide` gives the count below each first move, which is
//! how a wrong count is narrowed down to the move that breaks it, by setting
//! it beside the same output of another program (`go perft` in Stockfish
//! prints it in the same form).
//!
//! Like Stockfish, the last ply is counted without being made: at depth 1
//! the number of legal moves is the answer (bulk counting).
//!
//! ```
//! use common::{perft, Position};
//! assert_eq!(perft(&mut Position::startpos(), 3), 8_902);
//! ```

use crate::movegen::{MoveStack, MAX_PLY};
use crate::moves::Move;
use crate::position::Position;

/// The number of leaves `depth` plies below `position`. The position is
/// left as it was.
pub fn perft(position: &mut Position, depth: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut stack = MoveStack::new();
    count(position, &mut stack, depth.min(MAX_PLY), 0)
}

/// The count below each legal move of `position`, in generation order.
pub fn divide(position: &mut Position, depth: usize) -> Vec<(Move, u64)> {
    let moves = position.legal_moves();
    moves
        .into_iter()
        .map(|mv| {
            position.make(mv);
            let nodes = perft(position, depth.saturating_sub(1));
            position.unmake();
            (mv, nodes)
        })
        .collect()
}

// ANCHOR: count
fn count(position: &mut Position, stack: &mut MoveStack, depth: usize, ply: usize) -> u64 {
    let moves = stack.generate(position, ply).len();
    if depth == 1 {
        return moves as u64; // bulk counting: the last ply is not made
    }
    let mut nodes = 0;
    for i in 0..moves {
        let mv = stack.moves(ply)[i].mv;
        position.make(mv);
        nodes += count(position, stack, depth - 1, ply + 1);
        position.unmake();
    }
    nodes
}
// ANCHOR_END: count
