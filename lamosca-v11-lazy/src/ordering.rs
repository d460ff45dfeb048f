//! Kornilov's move order (the article on move ordering), on top of v0.09's tools.
//!
//! Kornilov lists the order he recommends: the move from the hash table,
//! the captures by MVV/LVA, "one or two best moves of the neighbouring
//! node" (killers), then the quiet moves by their gain or their history.
//! The article adds what to do with the quiet moves: "the best can be searched
//! at once, the average and the worst (a negative gain) left for later".
//! The move the internal deepening hands up comes before the table's: a
//! search of this very node has just found it best, where the table's
//! move may be older. So:
//!
//! 1. the move handed up by the search two plies shallower;
//! 2. the move stored in the transposition table ([`crate::tt`]);
//! 3. captures, by v0.09's [`mvv_lva`];
//! 4. the two killers of the ply, v0.09's [`Killers`];
//! 5. the quiet moves by their gain (`delRes`, [`Scoring::gain`]), so that
//!    moves that lose score (a negative gain) come last.
//!
//! Each group is lifted above the next by a base value, and v0.09's
//! [`pick`](lamosca_v09::ordering::pick) brings the best remaining move forward before each move is
//! searched. A promotion that captures nothing is a quiet move whose gain
//! (a queen less a pawn) puts it first among them.

use common::{Move, ScoredMove};
use lamosca_v09::ordering::{mvv_lva, Killers};

use crate::scoring::Scoring;

// ANCHOR: order
/// The value of the move handed up by the internal deepening (or, at the
/// root without it, by the last iteration): first of all, since a search
/// of this very node has just found it best.
pub const HINT_VALUE: i32 = 3_000;

/// The value of the hash move, the table's best move, which the article
/// on move ordering puts first: here second, after the move handed up,
/// which is newer where the two differ, and above every capture.
pub const HASH_VALUE: i32 = 2_500;

/// The base of a capture's value: above every killer and every quiet move.
/// MVV/LVA adds -5 (a king takes a pawn) to 40 (a pawn takes a queen).
pub const CAPTURE_BASE: i32 = 2_000;

/// The base of a killer's value: above every quiet move's gain, the largest
/// of which, a queen promotion, is 900 and a table step.
pub const KILLER_BASE: i32 = 1_000;

/// Gives each of the moves just generated for `ply` its place in
/// Kornilov's order: the hash move and the move handed up (`first`, either
/// may be missing), captures, killers, then quiet moves by their gain. A
/// move that is not among the moves generated, as a stored move of another
/// position sharing the key could be, gets no place at all.
pub fn score_moves(
    moves: &mut [ScoredMove],
    [hash_move, hint]: [Option<Move>; 2],
    scoring: Scoring,
    killers: &Killers,
    ply: usize,
) {
    for scored in moves.iter_mut() {
        let mv = scored.mv;
        scored.score = if hint == Some(mv) {
            HINT_VALUE
        } else if hash_move == Some(mv) {
            HASH_VALUE
        } else if mv.is_capture() {
            CAPTURE_BASE + mvv_lva(mv)
        } else {
            match killers.score(ply, mv) {
                0 => scoring.gain(mv),
                killer => KILLER_BASE + killer,
            }
        };
    }
}
// ANCHOR_END: order

#[cfg(test)]
mod tests {
    use super::*;
    use common::{MoveStack, Position};
    use lamosca_v09::ordering::pick;

    #[test]
    fn captures_then_killers_then_quiet_moves_by_gain() {
        // White can take the pawn on d5 with the e-pawn or the knight, or
        // play quietly; a2a3 is a killer, the king's step e1f2 the move a
        // shallower search handed up, and the knight's retreat c3e2 the
        // table's move.
        let position =
            Position::from_fen("4k3/8/8/3p4/4P3/2N5/P7/4K3 w - - 0 1").expect("valid FEN");
        let mut killers = Killers::default();
        killers.store(0, position.parse_move("a2a3").unwrap());
        let mut stack = MoveStack::new();
        let moves = stack.generate(&position, 0);
        let hint = position.parse_move("e1f2").unwrap();
        let hash_move = position.parse_move("c3e2").unwrap();
        let first = [Some(hash_move), Some(hint)];
        score_moves(moves, first, Scoring::Lamosca, &killers, 0);
        for i in 0..moves.len() {
            pick(moves, i);
        }
        let order: Vec<String> = moves.iter().map(|m| m.mv.to_string()).collect();
        assert_eq!(&order[..5], ["e1f2", "c3e2", "e4d5", "c3d5", "a2a3"]);
        // The quiet moves that follow never gain more than the one before.
        let gains: Vec<i32> = moves[5..].iter().map(|m| m.score).collect();
        assert!(gains.windows(2).all(|pair| pair[0] >= pair[1]), "{gains:?}");
        assert!(
            gains.last() < Some(&0),
            "a losing move comes last: {gains:?}"
        );
    }
}
