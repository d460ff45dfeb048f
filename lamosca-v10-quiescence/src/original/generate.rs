//! The original's move generator: pseudo-legal moves, in LaMoSca's order.
//!
//! LaMoSca generated every move its pieces could make without asking
//! whether it left its own king in check; the search found that out one
//! level down, where the king could be captured (see [`super`]). The order
//! is `common`'s, which is the original's: squares from a8 to h1, each
//! piece's directions in the tables' order, a pawn's captures before its
//! pushes. So the legal moves come out in the same order as `common`'s
//! legal generator gives them, with the illegal ones among them; the tests
//! below check exactly that. The moves the original lacked go where
//! `common` puts them: en passant in place of its diagonal capture (tested
//! for legality by king capture like any other move), the under-promotions
//! after the queen's, and castling after the king's steps, generated only
//! when legal, since the original never generated it at all.

use common::{
    Color, Move, MoveKind, Piece, PieceKind, Position, ScoredMove, Square, BISHOP_DIRECTIONS,
    BLACK_KING_SIDE, BLACK_QUEEN_SIDE, KNIGHT_STEPS, QUEEN_DIRECTIONS, ROOK_DIRECTIONS,
    WHITE_KING_SIDE, WHITE_QUEEN_SIDE,
};

/// Which moves to generate: every pseudo-legal move in the main search,
/// captures only past the nominal depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Wanted {
    /// Every pseudo-legal move.
    All,
    /// Captures only (en passant and capturing promotions included).
    Captures,
}

/// Fills `out` with the pseudo-legal moves of `position` that `wanted`
/// asks for, in LaMoSca's order.
pub(crate) fn pseudo_legal(position: &Position, wanted: Wanted, out: &mut Vec<ScoredMove>) {
    out.clear();
    let mut generator = Generator {
        position,
        us: position.side_to_move(),
        wanted,
        out,
    };
    for square in Square::SCAN_ORDER {
        let piece = position.piece_at(square);
        if !piece.is(generator.us) {
            continue;
        }
        match piece.kind() {
            Some(PieceKind::Pawn) => generator.pawn(square, piece),
            Some(PieceKind::Knight) => generator.steps(square, piece, &KNIGHT_STEPS),
            Some(PieceKind::Bishop) => generator.rays(square, piece, &BISHOP_DIRECTIONS),
            Some(PieceKind::Rook) => generator.rays(square, piece, &ROOK_DIRECTIONS),
            Some(PieceKind::Queen) => generator.rays(square, piece, &QUEEN_DIRECTIONS),
            Some(PieceKind::King) => {
                generator.steps(square, piece, &QUEEN_DIRECTIONS);
                generator.castling(square, piece);
            }
            None => {}
        }
    }
}

/// True when `mv` takes the king: the move that led to its position was
/// illegal.
pub(crate) fn captures_king(mv: Move) -> bool {
    mv.captured.kind() == Some(PieceKind::King)
}

/// One generation.
struct Generator<'a> {
    position: &'a Position,
    us: Color,
    wanted: Wanted,
    out: &'a mut Vec<ScoredMove>,
}

impl Generator<'_> {
    fn push(&mut self, from: Square, to: Square, piece: Piece, captured: Piece, kind: MoveKind) {
        self.push_promoting(from, to, piece, captured, Piece::EMPTY, kind);
    }

    fn push_promoting(
        &mut self,
        from: Square,
        to: Square,
        piece: Piece,
        captured: Piece,
        promotion: Piece,
        kind: MoveKind,
    ) {
        let mv = Move {
            from,
            to,
            piece,
            captured,
            promotion,
            kind,
        };
        self.out.push(ScoredMove { mv, score: 0 });
    }

    /// May a piece of ours land on `target`?
    fn wants(&self, target: Piece) -> bool {
        !target.is(self.us) && (self.wanted == Wanted::All || !target.is_empty())
    }

    /// A knight's or a king's steps.
    fn steps(&mut self, from: Square, piece: Piece, steps: &[i32]) {
        for &step in steps {
            if let Some(to) = from.offset(step) {
                let target = self.position.piece_at(to);
                if self.wants(target) {
                    self.push(from, to, piece, target, MoveKind::Normal);
                }
            }
        }
    }

    /// A slider: one whole ray before the next direction.
    fn rays(&mut self, from: Square, piece: Piece, directions: &[i32]) {
        for &step in directions {
            let mut next = from.offset(step);
            while let Some(to) = next {
                let target = self.position.piece_at(to);
                if self.wants(target) {
                    self.push(from, to, piece, target, MoveKind::Normal);
                }
                if !target.is_empty() {
                    break;
                }
                next = to.offset(step);
            }
        }
    }

    /// Captures towards the a-file, then the h-file, then the pushes.
    fn pawn(&mut self, from: Square, piece: Piece) {
        let forward = self.us.forward();
        for side in [-1, 1] {
            let Some(to) = from.offset(forward + side) else {
                continue;
            };
            let target = self.position.piece_at(to);
            if target.is(self.us.other()) {
                self.pawn_move(from, to, piece, target, MoveKind::Normal);
            } else if Some(to) == self.position.en_passant() {
                let victim = self.position.piece_at(Square::new(to.file(), from.rank()));
                self.push(from, to, piece, victim, MoveKind::EnPassant);
            }
        }
        if self.wanted == Wanted::Captures {
            return;
        }
        let Some(one) = from.offset(forward) else {
            return;
        };
        if !self.position.piece_at(one).is_empty() {
            return;
        }
        self.pawn_move(from, one, piece, Piece::EMPTY, MoveKind::Normal);
        let start_rank = if self.us == Color::White { 1 } else { 6 };
        if from.rank() == start_rank {
            if let Some(two) = one.offset(forward) {
                if self.position.piece_at(two).is_empty() {
                    self.push(from, two, piece, Piece::EMPTY, MoveKind::DoublePush);
                }
            }
        }
    }

    /// A pawn move, or on the last rank its four promotions, queen first.
    fn pawn_move(
        &mut self,
        from: Square,
        to: Square,
        piece: Piece,
        captured: Piece,
        kind: MoveKind,
    ) {
        let last_rank = if self.us == Color::White { 7 } else { 0 };
        if to.rank() != last_rank {
            self.push(from, to, piece, captured, kind);
            return;
        }
        for promoted in PieceKind::PROMOTIONS {
            let promotion = Piece::new(self.us, promoted);
            self.push_promoting(from, to, piece, captured, promotion, kind);
        }
    }

    /// Castling, king-side then queen-side, only when legal: the original
    /// never generated it, so it has no illegal form to test.
    fn castling(&mut self, from: Square, piece: Piece) {
        if self.wanted == Wanted::Captures || self.position.in_check() {
            return;
        }
        let (king_side, queen_side) = match self.us {
            Color::White => (WHITE_KING_SIDE, WHITE_QUEEN_SIDE),
            Color::Black => (BLACK_KING_SIDE, BLACK_QUEEN_SIDE),
        };
        let rights = self.position.castling_rights();
        let rank = from.rank();
        let them = self.us.other();
        let empty = |file: u8| self.position.piece_at(Square::new(file, rank)).is_empty();
        let safe = |file: u8| !self.position.is_attacked(Square::new(file, rank), them);
        if rights & king_side != 0 && empty(5) && empty(6) && safe(5) && safe(6) {
            let to = Square::new(6, rank);
            self.push(from, to, piece, Piece::EMPTY, MoveKind::Castle);
        }
        if rights & queen_side != 0 && empty(3) && empty(2) && empty(1) && safe(3) && safe(2) {
            let to = Square::new(2, rank);
            self.push(from, to, piece, Piece::EMPTY, MoveKind::Castle);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use common::MoveStack;

    /// The pseudo-legal moves that do not leave the mover's king attacked,
    /// in the order generated.
    fn legal_by_king_capture(position: &Position, wanted: Wanted) -> Vec<String> {
        let mut moves = Vec::new();
        pseudo_legal(position, wanted, &mut moves);
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
        pseudo_legal(&position, Wanted::All, &mut moves);
        let names: Vec<String> = moves.iter().map(|s| s.mv.to_string()).collect();
        assert!(names.contains(&"e2f3".to_string()));
        assert!(!position
            .legal_moves()
            .iter()
            .any(|m| m.to_string() == "e2f3"));
    }
}
