//! NegaMax is MiniMax written as one function: both must give the same
//! value. MiniMax is written out here the long way, with a maximising and a
//! minimising side and a score always seen from White, and set beside
//! v0.07's NegaMax on a range of positions and depths.

use common::{evaluate, Color, Position};
use lamosca_search::events::Tracer;
use lamosca_search::{Engine, SearchControl, MATE};
use lamosca_v07::NegaMax;

/// The value of `position` for White, `depth` plies deep: White picks the
/// largest child, Black the smallest.
fn minimax(position: &mut Position, depth: u32, ply: i32) -> i32 {
    let white_to_move = position.side_to_move() == Color::White;
    if depth == 0 {
        let for_mover = evaluate(position);
        return if white_to_move { for_mover } else { -for_mover };
    }
    let moves = position.legal_moves();
    if moves.is_empty() {
        // Mated (the side to move loses, sooner being worse) or stalemated.
        let mated = if position.in_check() { MATE - ply } else { 0 };
        return if white_to_move { -mated } else { mated };
    }
    let values = moves.into_iter().map(|mv| {
        position.make(mv);
        let value = minimax(position, depth - 1, ply + 1);
        position.unmake();
        value
    });
    if white_to_move {
        values.max().expect("there are moves")
    } else {
        values.min().expect("there are moves")
    }
}

const POSITIONS: [(&str, u32); 8] = [
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        3,
    ),
    (
        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
        3,
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        2,
    ),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4),
    // A back-rank mate in one.
    ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 3),
    // Taking the knight stalemates Black.
    ("8/4R3/8/3B4/8/8/p1K5/k6n w - - 0 1", 3),
    // The queen may take a pawn that is defended.
    ("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1", 3),
    // Promotions on both sides.
    ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 2),
];

#[test]
fn negamax_returns_minimax_value() {
    for (fen, max_depth) in POSITIONS {
        for depth in 1..=max_depth {
            let mut position = Position::from_fen(fen).expect("valid FEN");
            let sign = match position.side_to_move() {
                Color::White => 1,
                Color::Black => -1,
            };
            let expected = sign * minimax(&mut position, depth, 0);
            let report = NegaMax::new().search(
                &mut position,
                depth,
                &SearchControl::unlimited(),
                &mut Tracer::off(),
            );
            assert_eq!(report.value, expected, "{fen} at depth {depth}");
            assert_eq!(
                position.to_fen(),
                fen,
                "the search must leave the position as it was"
            );
        }
    }
}
