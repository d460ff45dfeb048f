//! The pass, or null move: [`Position::make_null`] hands the turn over and
//! moves nothing, so the position after it is the same FEN with the other
//! side to move and no en-passant square, and taking it back gives the
//! position before, hash and all. A search that passes must not take the
//! position before the pass for one its moves repeat.

use common::{perft, Move, MoveError, Position, NULL_MOVE};

/// The position of a FEN that must be valid.
fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The FEN of `position` with the other side to move and no en-passant
/// square: what a pass leaves, but for the clocks.
fn passed_fen(position: &Position) -> String {
    let fen = position.to_fen();
    let mut fields: Vec<&str> = fen.split(' ').collect();
    fields[1] = if fields[1] == "w" { "b" } else { "w" };
    fields[3] = "-";
    fields.join(" ")
}

/// Positions to pass in, none in check: the start, Kiwipete (castling and
/// pins on both sides), one with an en-passant square, and an ending.
fn positions() -> Vec<Position> {
    let mut en_passant = Position::startpos();
    en_passant
        .play_moves(&["e2e4", "a7a6", "e4e5", "d7d5"])
        .unwrap();
    assert!(en_passant.en_passant().is_some());
    vec![
        Position::startpos(),
        position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        en_passant,
        position("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    ]
}

#[test]
fn a_pass_leaves_the_same_position_with_the_other_side_to_move() {
    for mut before in positions() {
        let fen = before.to_fen();
        let hash = before.hash();
        let made = before.moves_made();
        let nodes = perft(&mut before, 3);
        let mut passed = position(&passed_fen(&before));

        before.make_null();
        assert_eq!(before.last_move(), Some(Move::NULL), "{fen}");
        assert_eq!(before.side_to_move(), passed.side_to_move(), "{fen}");
        assert_eq!(before.en_passant(), None, "{fen}");
        assert_eq!(before.hash(), before.compute_hash(), "{fen}");
        assert_eq!(before.hash(), passed.hash(), "{fen}");
        assert_eq!(perft(&mut before, 3), perft(&mut passed, 3), "{fen}");

        before.unmake_null();
        assert_eq!(before.to_fen(), fen);
        assert_eq!(before.hash(), hash, "{fen}");
        assert_eq!(before.moves_made(), made, "{fen}");
        assert_eq!(perft(&mut before, 3), nodes, "{fen}");
    }
}

#[test]
fn the_clocks_run_through_a_pass_as_through_a_quiet_move() {
    let mut position = position("4k3/8/8/8/8/8/8/4K3 b - - 7 30");
    position.make_null();
    assert_eq!(position.to_fen(), "4k3/8/8/8/8/8/8/4K3 w - - 8 31");
    position.make_null();
    assert_eq!(position.to_fen(), "4k3/8/8/8/8/8/8/4K3 b - - 9 31");
    position.unmake();
    position.unmake();
    assert_eq!(position.to_fen(), "4k3/8/8/8/8/8/8/4K3 b - - 7 30");
}

#[test]
fn a_pass_is_named_0000_and_made_like_a_move() {
    assert_eq!(Move::NULL.to_string(), NULL_MOVE);
    assert!(Move::NULL.is_null());
    let mut start = Position::startpos();
    assert!(start.legal_moves().iter().all(|mv| !mv.is_null()));
    // A game has no pass; a record's line may.
    assert_eq!(
        start.parse_move(NULL_MOVE),
        Err(MoveError::Syntax(NULL_MOVE.to_string()))
    );
    let pass = start.parse_move_or_pass(NULL_MOVE).unwrap();
    assert_eq!(pass, Move::NULL);
    assert_eq!(start.parse_move_or_pass("e2e4"), start.parse_move("e2e4"));
    start.make(pass);
    assert_eq!(
        start.hash(),
        position(&passed_fen(&Position::startpos())).hash()
    );
    start.unmake();
    assert_eq!(start.hash(), Position::startpos().hash());
}

#[test]
fn a_side_in_check_may_not_pass() {
    // 4k3/8/8/8/8/8/8/4R1K1 b - - 0 1: the rook on e1 checks the king.
    let checked = position("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1");
    assert_eq!(
        checked.parse_move_or_pass(NULL_MOVE),
        Err(MoveError::Illegal(NULL_MOVE.to_string()))
    );
}

#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "a side in check passed")]
fn passing_in_check_fails_a_debug_assertion() {
    position("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1").make_null();
}

#[test]
fn no_repetition_is_found_across_a_pass() {
    // Without passes, the knights going out and back repeat the start.
    let mut moved = Position::startpos();
    moved.play_moves(&["g1f3", "g8f6", "f3g1", "f6g8"]).unwrap();
    assert!(moved.is_repetition());

    // With Black passing twice, White's knight going out and back brings
    // back the start's pieces, side and hash, but across a pass.
    let mut passed = Position::startpos();
    passed.make(passed.parse_move("g1f3").unwrap());
    passed.make_null();
    passed.make(passed.parse_move("f3g1").unwrap());
    passed.make_null();
    assert_eq!(passed.hash(), Position::startpos().hash());
    assert!(!passed.is_repetition());
    assert_eq!(passed.repetitions(), 0);

    // After the pass, moves repeat as in any game.
    passed
        .play_moves(&["g1f3", "g8f6", "f3g1", "f6g8"])
        .unwrap();
    assert!(passed.is_repetition());
    assert_eq!(passed.repetitions(), 1);
    // Taking the passes back leaves the history as it was.
    for _ in 0..4 {
        passed.unmake();
    }
    passed.unmake_null();
    assert!(!passed.is_repetition());
}
