//! Perft through the ordered move list equals plain perft: scoring the moves
//! and picking them one by one reorders each node's moves but never loses,
//! repeats or corrupts one, even while the history table learns and the
//! buffer of one ply is reshuffled under the plies above it.

use common::{perft, MoveStack, Position};
use lamosca_v09::ordering::{pick, MoveOrder};

/// Counts the leaves `depth` plies below `position`, trying the moves of
/// each node in the order the search would: scored by `order`, then brought
/// forward by `pick` one at a time. Every move rewards the history table as
/// if it had cut off, so the values keep changing during the walk.
fn ordered_perft(
    position: &mut Position,
    stack: &mut MoveStack,
    order: &mut MoveOrder,
    depth: u32,
    ply: usize,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let count = stack.generate(position, ply).len();
    order.score(stack.moves_mut(ply), ply);
    let mut nodes = 0;
    for i in 0..count {
        pick(stack.moves_mut(ply), i);
        let mv = stack.moves(ply)[i].mv;
        position.make(mv);
        nodes += ordered_perft(position, stack, order, depth - 1, ply + 1);
        position.unmake();
        order.fail_high(mv, ply);
    }
    nodes
}

#[test]
fn perft_through_the_ordered_moves_equals_plain_perft() {
    let table = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            4,
        ),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            3,
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            3,
        ),
    ];
    for (fen, depth) in table {
        let mut position = Position::from_fen(fen).unwrap();
        let expected = perft(&mut position, depth as usize);
        for killers in [false, true] {
            let mut order = MoveOrder {
                killers,
                ..MoveOrder::default()
            };
            let mut stack = MoveStack::new();
            let counted = ordered_perft(&mut position, &mut stack, &mut order, depth, 0);
            assert_eq!(
                counted, expected,
                "{fen} at depth {depth}, killers {killers}"
            );
            assert_eq!(position.to_fen(), fen, "the position is left as found");
        }
    }
}
