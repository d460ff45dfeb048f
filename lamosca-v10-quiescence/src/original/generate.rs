//! The original's move generator: pseudo-legal moves, in LaMoSca's order.
//!
//! LaMoSca generated every move its pieces could make without asking
//! whether it left its own king in check; the search found that out one
//! level down, where the king could be captured (see [`super`]). The board
//! generates such moves itself ([`Position::pseudo_legal_moves`]), in its
//! legal generator's order, which is the original's: squares from a8 to
//! h1, each piece's directions in the tables' order, a pawn's captures
//! before its pushes. So the legal moves come out in the same order as the
//! legal generator gives them, with the illegal ones among them; the tests
//! below check exactly that. The moves the original lacked go where the
//! board puts them: en passant in place of its diagonal capture (tested for
//! legality by king capture like any other move), the under-promotions
//! after the queen's, and castling after the king's steps, generated only
//! when legal, since the original never generated it at all.

use common::{Move, PieceKind};
#[cfg(test)]
use common::{Position, Wanted};

/// True when `mv` takes the king: the move that led to its position was
/// illegal.
pub(crate) fn captures_king(mv: Move) -> bool {
    mv.captured.kind() == Some(PieceKind::King)
}

#[cfg(test)]
mod tests {
    use super::*;
    use common::MoveStack;

    /// The pseudo-legal moves that do not leave the mover's king attacked,
    /// in the order generated.
    fn legal_by_king_capture(position: &Position, wanted: Wanted) -> Vec<String> {
        let mut moves = Vec::new();
        position.pseudo_legal_moves(wanted, &mut moves);
        let mut position = position.clone();
        let us = position.side_to_move();
        let mut legal = Vec::new();
        for scored in moves {
            position.make(scored.mv);
            if !position.is_attacked(position.king_square(us), us.other()) {
                legal.push(scored.mv.to_string());
            }
            position.unmake();
        }
        legal
    }

    const POSITIONS: [&str; 6] = [
        common::START_FEN,
        // Kiwipete: castling both ways, pins, en passant after a double push.
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        // The third perft position: a rook pins along the king's rank.
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        // In check from a knight, with promotions on both sides.
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        // En passant that would expose the king along the rank.
        "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
        // Pinned pieces on a line and a diagonal.
        "4k3/4r3/8/1b6/8/3N4/4B3/4K3 w - - 0 1",
    ];

    #[test]
    fn the_legal_ones_come_in_the_legal_generators_order() {
        for fen in POSITIONS {
            let position = Position::from_fen(fen).unwrap();
            let mut stack = MoveStack::new();
            let legal: Vec<String> = stack
                .generate(&position, 0)
                .iter()
                .map(|s| s.mv.to_string())
                .collect();
            assert_eq!(
                legal_by_king_capture(&position, Wanted::All),
                legal,
                "{fen}"
            );
            let captures: Vec<String> = stack
                .generate_captures(&position, 0)
                .iter()
                .map(|s| s.mv.to_string())
                .collect();
            let found = legal_by_king_capture(&position, Wanted::Captures);
            assert_eq!(found, captures, "{fen}");
        }
    }

    #[test]
    fn a_pinned_piece_still_has_its_moves() {
        // The knight on d3 is not pinned, the bishop on e2 is: its moves
        // off the e-file are generated all the same.
        let position = Position::from_fen("4k3/4r3/8/1b6/8/3N4/4B3/4K3 w - - 0 1").unwrap();
        let mut moves = Vec::new();
        position.pseudo_legal_moves(Wanted::All, &mut moves);
        let names: Vec<String> = moves.iter().map(|s| s.mv.to_string()).collect();
        assert!(names.contains(&"e2f3".to_string()));
        assert!(!position
            .legal_moves()
            .iter()
            .any(|m| m.to_string() == "e2f3"));
    }
}
