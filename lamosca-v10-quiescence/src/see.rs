//! Static exchange evaluation: what a capture wins once every recapture on
//! its square has been played out (the forum post's `SwapOff`).
//!
//! A capture is followed, on the same square, by the opponent's cheapest
//! recapture, then ours, and so on. Either side may stop capturing whenever
//! going on would lose more, so the exchange is a small game of its own:
//! the list of gains is built forwards, capture by capture, then folded
//! backwards, each side choosing between standing and taking. No move is
//! made and no search is done, so the value is a cheap estimate: it ignores
//! pins, checks and anything that happens off the square.
//!
//! Sliders standing behind an attacker join in once the piece in front has
//! captured (an x-ray): the exchange is played on a copy of the board, and
//! the attackers are looked for anew at each step, so a rook behind a rook
//! is found as soon as the front one has left its file. A pawn that
//! captures onto its last rank becomes a queen, and the gain counts that.
//!
//! ```
//! use common::Position;
//! use lamosca_v10_quiescence::swap_off;
//! // The knight on e5 is defended by the pawn on d6: taking it with the
//! // rook wins 300 and loses 500.
//! let position = Position::from_fen("4k3/8/3p4/4n3/8/8/8/4R1K1 w - - 0 1").unwrap();
//! let rxe5 = position.parse_move("e1e5").unwrap();
//! assert_eq!(swap_off(&position, rxe5), 300 - 500);
//! ```

use common::{
    piece_value, Color, Move, MoveKind, Piece, PieceKind, Position, Square, BISHOP_DIRECTIONS,
    KNIGHT_STEPS, QUEEN_DIRECTIONS, ROOK_DIRECTIONS,
};

/// The longest exchange: every piece on the board taking in turn.
const MAX_EXCHANGE: usize = 32;

// ANCHOR: swap_off
/// The material that `capture` wins for the side making it, once both
/// sides have recaptured on its square for as long as it pays them.
pub fn swap_off(position: &Position, capture: Move) -> i32 {
    let mut board = *position.board();
    let target = capture.to;
    let mut gains = [0i32; MAX_EXCHANGE];

    // Step 1. The capture itself wins the victim (and a promotion).
    gains[0] = piece_value_of(capture.captured) + promotion_gain(capture.promotion);
    board[capture.from.index()] = Piece::EMPTY;
    if capture.kind == MoveKind::EnPassant {
        board[Square::new(target.file(), capture.from.rank()).index()] = Piece::EMPTY;
    }
    let first = if capture.is_promotion() {
        capture.promotion
    } else {
        capture.piece
    };
    board[target.index()] = first;
    let mut on_target = piece_value_of(first);

    // Step 2. The sides take turns recapturing with their cheapest piece;
    // each entry is what the exchange wins if it stops right after.
    let mut side = capture.piece.color().other();
    let mut depth = 0;
    while depth + 1 < MAX_EXCHANGE {
        let Some(from) = least_valuable_attacker(&board, target, side) else {
            break;
        };
        let mut piece = board[from.index()];
        let mut bonus = 0;
        if piece.kind() == Some(PieceKind::Pawn) && target.rank() == last_rank(side) {
            piece = Piece::new(side, PieceKind::Queen);
            bonus = promotion_gain(piece);
        }
        depth += 1;
        gains[depth] = on_target + bonus - gains[depth - 1];
        board[from.index()] = Piece::EMPTY;
        board[target.index()] = piece;
        on_target = piece_value_of(piece);
        side = side.other();
    }

    // Step 3. Fold back: at each step the side to capture may stand instead.
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}
// ANCHOR_END: swap_off

fn piece_value_of(piece: Piece) -> i32 {
    piece.kind().map_or(0, piece_value)
}

/// What a promotion adds: the new piece instead of the pawn.
fn promotion_gain(promotion: Piece) -> i32 {
    promotion
        .kind()
        .map_or(0, |kind| piece_value(kind) - piece_value(PieceKind::Pawn))
}

fn last_rank(color: Color) -> u8 {
    match color {
        Color::White => 7,
        Color::Black => 0,
    }
}

// ANCHOR: least_valuable_attacker
/// The square of `side`'s cheapest piece attacking `target` on `board`:
/// pawns first, then knights, bishops, rooks, queens and the king.
fn least_valuable_attacker(board: &[Piece; 128], target: Square, side: Color) -> Option<Square> {
    let holds = |square: Option<Square>, kind: PieceKind| {
        square.filter(|s| board[s.index()] == Piece::new(side, kind))
    };
    // A pawn attacks diagonally forward, so look diagonally backward.
    let back = -side.forward();
    let pawn = [back - 1, back + 1]
        .into_iter()
        .find_map(|step| holds(target.offset(step), PieceKind::Pawn));
    let knight = || {
        KNIGHT_STEPS
            .into_iter()
            .find_map(|step| holds(target.offset(step), PieceKind::Knight))
    };
    // The first piece met along each line, if it is of `kind`.
    let slider = |directions: &[i32], kind: PieceKind| {
        directions
            .iter()
            .find_map(|&step| holds(first_piece(board, target, step), kind))
    };
    let king = || {
        QUEEN_DIRECTIONS
            .into_iter()
            .find_map(|step| holds(target.offset(step), PieceKind::King))
    };
    pawn.or_else(knight)
        .or_else(|| slider(&BISHOP_DIRECTIONS, PieceKind::Bishop))
        .or_else(|| slider(&ROOK_DIRECTIONS, PieceKind::Rook))
        .or_else(|| slider(&QUEEN_DIRECTIONS, PieceKind::Queen))
        .or_else(king)
}
// ANCHOR_END: least_valuable_attacker

/// The first occupied square from `from` in direction `step`.
fn first_piece(board: &[Piece; 128], from: Square, step: i32) -> Option<Square> {
    let mut square = from.offset(step)?;
    while board[square.index()].is_empty() {
        square = square.offset(step)?;
    }
    Some(square)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The exchange value of the move `uci` in `fen`.
    fn see(fen: &str, uci: &str) -> i32 {
        let position = Position::from_fen(fen).expect("valid FEN");
        let capture = position.parse_move(uci).expect("legal move");
        swap_off(&position, capture)
    }

    #[test]
    fn an_undefended_piece_is_won_whole() {
        assert_eq!(see("4k3/8/8/4n3/8/8/8/4R1K1 w - - 0 1", "e1e5"), 300);
    }

    #[test]
    fn a_defended_piece_costs_the_attacker() {
        // Rook takes a knight that a pawn defends: +300 - 500.
        assert_eq!(see("4k3/8/3p4/4n3/8/8/8/4R1K1 w - - 0 1", "e1e5"), -200);
        // Pawn takes the same knight: the pawn is lost, the knight is not.
        assert_eq!(see("4k3/8/3p4/4n3/3P4/8/8/6K1 w - - 0 1", "d4e5"), 200);
    }

    #[test]
    fn the_capturer_may_stop_when_recapturing_loses() {
        // Queen takes a pawn defended by a pawn: Black recaptures, and
        // White, having nothing left, has lost the queen for a pawn.
        assert_eq!(
            see("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1", "d1d5"),
            100 - 1000
        );
        // Knight takes a pawn defended by a bishop and backed by a rook:
        // NxP BxN RxB wins 100 - 300 + 300 = 100 for White.
        assert_eq!(see("4k3/8/2b5/3p4/5N2/8/8/3RK3 w - - 0 1", "f4d5"), 100);
    }

    #[test]
    fn a_rook_behind_a_rook_joins_the_exchange() {
        // Doubled rooks against a rook defending a pawn: RxP RxR RxR.
        assert_eq!(see("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 100);
        // Without the second rook the same capture loses the exchange.
        assert_eq!(see("3rk3/8/8/3p4/8/8/3R4/4K3 w - - 0 1", "d2d5"), 100 - 500);
    }

    #[test]
    fn a_queen_behind_a_bishop_joins_the_exchange() {
        // BxP exd5 QxP: the bishop for two pawns, -100.
        assert_eq!(see("4k3/8/4p3/3p4/8/8/6B1/4K2Q w - - 0 1", "g2d5"), -100);
        // Without the queen behind it, the bishop goes for one pawn.
        assert_eq!(see("4k3/8/4p3/3p4/8/8/6B1/4K3 w - - 0 1", "g2d5"), -200);
    }

    #[test]
    fn en_passant_wins_a_pawn() {
        assert_eq!(see("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 100);
    }

    #[test]
    fn a_promotion_on_the_target_square_counts_the_new_queen() {
        // Pawn takes a rook on the last rank and becomes a queen; nothing
        // recaptures: the rook and the promotion are won.
        assert_eq!(see("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8q"), 500 + 900);
        // The king takes the new queen: a rook won for a pawn.
        assert_eq!(see("3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8q"), 500 - 100);
        // A pawn recapturing on its last rank becomes a queen too: RxR on
        // b1 is answered by a2xb1=Q, which wins the rook and the promotion.
        assert_eq!(
            see("4k3/8/8/8/8/8/p7/1r4RK w - - 0 1", "g1b1"),
            500 - 500 - 900
        );
    }

    #[test]
    fn a_king_does_not_take_a_defended_piece() {
        // Rook takes a pawn next to the black king, a second rook behind:
        // KxR would put the king en prise, so Black does not recapture.
        assert_eq!(see("3R4/3R4/8/8/8/3p4/2k5/7K w - - 0 1", "d7d3"), 100);
        // Without the second rook the king takes the rook.
        assert_eq!(see("8/3R4/8/8/8/3p4/2k5/7K w - - 0 1", "d7d3"), 100 - 500);
    }
}
