//! The rules of chess, one small position at a time.
//!
//! Each test sets up a position (its FEN is in the code, to paste into any
//! board viewer) or plays moves from the start, and checks one rule: the
//! order moves are generated in, castling, en passant, promotion, mate and
//! stalemate, the draws by the fifty-move rule, repetition and insufficient
//! material, and the errors of [`Position::parse_move`].

use common::{
    Color, MoveError, MoveKind, Piece, PieceKind, Position, Square, BLACK_KING_SIDE,
    BLACK_QUEEN_SIDE, WHITE_KING_SIDE, WHITE_QUEEN_SIDE,
};

/// The position of a FEN that must be valid.
fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves of a position, in UCI notation and generation order.
fn moves(position: &Position) -> Vec<String> {
    position
        .legal_moves()
        .iter()
        .map(|mv| mv.to_string())
        .collect()
}

fn square(name: &str) -> Square {
    Square::parse(name).unwrap()
}

// ---------------------------------------------------------------------------
// Generation order
// ---------------------------------------------------------------------------

#[test]
fn start_position_moves_come_in_lamosca_order() {
    // rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
    // Rank 2 is scanned before rank 1; a pawn pushes one square before two;
    // a knight jumps (2 up, 1 left) before (2 up, 1 right).
    let expected = [
        "a2a3", "a2a4", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4", "e2e3", "e2e4", "f2f3",
        "f2f4", "g2g3", "g2g4", "h2h3", "h2h4", "b1a3", "b1c3", "g1f3", "g1h3",
    ];
    assert_eq!(moves(&Position::startpos()), expected);
}

#[test]
fn promotions_are_generated_queen_first_then_rook_bishop_knight() {
    // 1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1
    // The pawn on a7 can take the rook on b8 or advance to a8. Captures come
    // before the push, and each lands in four promotions: q r b n.
    let position = position("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let generated = moves(&position);
    assert_eq!(
        generated[..8],
        ["a7b8q", "a7b8r", "a7b8b", "a7b8n", "a7a8q", "a7a8r", "a7a8b", "a7a8n"]
    );
    let promotion = position.parse_move("a7a8n").unwrap().promotion;
    assert_eq!(promotion, Piece::new(Color::White, PieceKind::Knight));
    let capture = position.parse_move("a7b8r").unwrap();
    assert_eq!(capture.captured, Piece::new(Color::Black, PieceKind::Rook));
}

#[test]
fn the_tactical_moves_are_the_captures_and_the_queen_promotions() {
    // 1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1: the captures of the rook on b8 in
    // all four promotions, then the push to a8 as a queen only.
    let pawn = position("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let mut stack = common::MoveStack::new();
    let tactical: Vec<String> = stack
        .generate_tactical(&pawn, 0)
        .iter()
        .map(|scored| scored.mv.to_string())
        .collect();
    assert_eq!(tactical, ["a7b8q", "a7b8r", "a7b8b", "a7b8n", "a7a8q"]);
    let captures = stack.generate_captures(&pawn, 0).len();
    assert_eq!(captures, 4);
    // A blocked pawn, and a pinned one, make no queen.
    for fen in [
        "n3k3/P7/8/8/8/8/8/4K3 w - - 0 1",
        "2b4k/1P6/K7/8/8/8/8/8 w - - 0 1",
    ] {
        let moves = stack.generate_tactical(&position(fen), 0);
        assert!(moves.iter().all(|scored| scored.mv.is_capture()), "{fen}");
    }
}

#[test]
fn black_promotes_to_black_pieces() {
    // 4k3/8/8/8/8/8/p7/4K3 b - - 0 1
    let mut position = position("4k3/8/8/8/8/8/p7/4K3 b - - 0 1");
    let promotions: Vec<String> = moves(&position)
        .into_iter()
        .filter(|mv| mv.starts_with("a2"))
        .collect();
    assert_eq!(promotions, ["a2a1q", "a2a1r", "a2a1b", "a2a1n"]);
    position.play_moves(&["a2a1q"]).unwrap();
    assert_eq!(
        position.piece_at(Square::A1),
        Piece::new(Color::Black, PieceKind::Queen)
    );
    assert_eq!(position.to_fen(), "4k3/8/8/8/8/8/8/q3K3 w - - 0 2");
}

// ---------------------------------------------------------------------------
// Castling
// ---------------------------------------------------------------------------

#[test]
fn castling_king_side_moves_king_and_rook() {
    // k7/8/8/8/8/8/8/4K2R w K - 0 1
    let mut position = position("k7/8/8/8/8/8/8/4K2R w K - 0 1");
    let castle = position.parse_move("e1g1").unwrap();
    assert_eq!(castle.kind, MoveKind::Castle);
    position.make(castle);
    assert_eq!(position.to_fen(), "k7/8/8/8/8/8/8/5RK1 b - - 1 1");
    position.unmake();
    assert_eq!(position.to_fen(), "k7/8/8/8/8/8/8/4K2R w K - 0 1");
}

#[test]
fn castling_queen_side_moves_king_and_rook() {
    // 7k/8/8/8/8/8/8/R3K3 w Q - 0 1
    let mut position = position("7k/8/8/8/8/8/8/R3K3 w Q - 0 1");
    position.play_moves(&["e1c1"]).unwrap();
    assert_eq!(position.to_fen(), "7k/8/8/8/8/8/8/2KR4 b - - 1 1");
}

#[test]
fn castling_through_check_is_refused() {
    // k4r2/8/8/8/8/8/8/4K2R w K - 0 1: the rook on f8 guards f1, which the
    // king crosses.
    let position = position("k4r2/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(!position.in_check());
    assert!(!moves(&position).contains(&"e1g1".to_string()));
    assert_eq!(
        position.parse_move("e1g1"),
        Err(MoveError::Illegal("e1g1".to_string()))
    );
}

#[test]
fn castling_out_of_check_is_refused() {
    // k3r3/8/8/8/8/8/8/4K2R w K - 0 1: the rook on e8 gives check.
    let position = position("k3r3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(position.in_check());
    assert!(!moves(&position).contains(&"e1g1".to_string()));
    // The king may still step aside.
    assert!(moves(&position).contains(&"e1f1".to_string()));
}

#[test]
fn castling_into_check_is_refused() {
    // k5r1/8/8/8/8/8/8/4K2R w K - 0 1: the rook on g8 guards g1.
    let position = position("k5r1/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(!position.in_check());
    assert!(!moves(&position).contains(&"e1g1".to_string()));
}

#[test]
fn castling_with_a_piece_between_is_refused() {
    // k7/8/8/8/8/8/8/4KB1R w K - 0 1: the bishop on f1 is in the way.
    let blocked = position("k7/8/8/8/8/8/8/4KB1R w K - 0 1");
    assert!(!moves(&blocked).contains(&"e1g1".to_string()));
    // 7k/8/8/8/8/8/8/RN2K3 w Q - 0 1: on the queen side, even b1 (which the
    // king does not cross) must be empty.
    let blocked = position("7k/8/8/8/8/8/8/RN2K3 w Q - 0 1");
    assert!(!moves(&blocked).contains(&"e1c1".to_string()));
}

#[test]
fn queen_side_castling_is_allowed_when_only_b1_is_attacked() {
    // 1r5k/8/8/8/8/8/8/R3K3 w Q - 0 1: the rook on b8 guards b1, which the
    // rook crosses but the king does not.
    let position = position("1r5k/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert!(moves(&position).contains(&"e1c1".to_string()));
}

#[test]
fn castling_rights_are_lost_when_a_rook_is_captured_on_its_corner() {
    // r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1: the rook on a1 takes the rook on
    // a8. White loses the queen side (its rook left a1), Black the queen
    // side (its rook is gone).
    let mut position = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    position.play_moves(&["a1a8"]).unwrap();
    assert_eq!(
        position.castling_rights(),
        WHITE_KING_SIDE | BLACK_KING_SIDE
    );
    assert!(position.to_fen().contains(" Kk "));

    // r3k2r/8/8/8/8/8/6p1/R3K2R b KQkq - 0 1: a black pawn takes the rook on
    // h1 and promotes; only White's king side is lost.
    let mut position = self::position("r3k2r/8/8/8/8/8/6p1/R3K2R b KQkq - 0 1");
    position.play_moves(&["g2h1q"]).unwrap();
    assert_eq!(
        position.castling_rights(),
        WHITE_QUEEN_SIDE | BLACK_KING_SIDE | BLACK_QUEEN_SIDE
    );
    assert!(!moves(&position).contains(&"e1g1".to_string()));
}

#[test]
fn castling_rights_are_lost_when_king_or_rook_moves() {
    // r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1
    let mut position = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    position.play_moves(&["h1h2"]).unwrap();
    assert_eq!(
        position.castling_rights(),
        WHITE_QUEEN_SIDE | BLACK_KING_SIDE | BLACK_QUEEN_SIDE
    );
    position.play_moves(&["e8d8"]).unwrap();
    assert_eq!(position.castling_rights(), WHITE_QUEEN_SIDE);
    // Moving the rook back does not bring the right back.
    position.play_moves(&["h2h1", "d8e8"]).unwrap();
    assert_eq!(position.castling_rights(), WHITE_QUEEN_SIDE);
    assert!(!moves(&position).contains(&"e1g1".to_string()));
}

// ---------------------------------------------------------------------------
// En passant
// ---------------------------------------------------------------------------

#[test]
fn en_passant_capture_is_legal_right_after_the_double_step() {
    // After 1.e4 a6 2.e5 d5: rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3
    let mut position = Position::startpos();
    position
        .play_moves(&["e2e4", "a7a6", "e4e5", "d7d5"])
        .unwrap();
    assert_eq!(position.en_passant(), Some(square("d6")));
    assert_eq!(
        position.to_fen(),
        "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"
    );
    let capture = position.parse_move("e5d6").unwrap();
    assert_eq!(capture.kind, MoveKind::EnPassant);
    assert_eq!(capture.captured, Piece::new(Color::Black, PieceKind::Pawn));
    position.make(capture);
    // The pawn on d5 is gone, though nothing moved to d5.
    assert!(position.piece_at(square("d5")).is_empty());
    assert_eq!(
        position.to_fen(),
        "rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"
    );
}

#[test]
fn en_passant_is_gone_one_move_later() {
    // After 1.e4 a6 2.e5 d5 3.h3 h6 the chance to take on d6 has passed.
    let mut position = Position::startpos();
    position
        .play_moves(&["e2e4", "a7a6", "e4e5", "d7d5", "h2h3", "h7h6"])
        .unwrap();
    assert_eq!(position.en_passant(), None);
    assert!(matches!(
        position.parse_move("e5d6"),
        Err(MoveError::Illegal(_))
    ));
}

#[test]
fn en_passant_is_refused_when_it_exposes_the_king_along_the_rank() {
    // 8/8/8/K2pP2r/8/8/8/7k w - d6 0 1: taking d5 en passant would empty
    // both d5 and e5, and the rook on h5 would attack the king on a5.
    let fen = "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1";
    let pinned = position(fen);
    // A white pawn stands beside d5, so reading keeps the square...
    assert_eq!(pinned.en_passant(), Some(square("d6")));
    assert_eq!(pinned.to_fen(), fen);
    // ...but the capture is not legal.
    assert!(!moves(&pinned).contains(&"e5d6".to_string()));
    assert!(moves(&pinned).contains(&"e5e6".to_string()));

    // Without the rook the same capture is legal.
    let free = position("8/8/8/K2pP3/8/8/8/7k w - d6 0 1");
    assert!(moves(&free).contains(&"e5d6".to_string()));

    // Reaching the position by the double step gives the same position.
    let mut played = position("8/3p4/8/K3P2r/8/8/8/7k b - - 0 1");
    played.play_moves(&["d7d5"]).unwrap();
    assert_eq!(played.to_fen(), "8/8/8/K2pP2r/8/8/8/7k w - d6 0 2");
    assert!(!moves(&played).contains(&"e5d6".to_string()));
}

// ---------------------------------------------------------------------------
// Mate, stalemate and draws
// ---------------------------------------------------------------------------

#[test]
fn fools_mate_is_checkmate() {
    // 1.f3 e5 2.g4 Qh4#: rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3
    let mut position = Position::startpos();
    position
        .play_moves(&["f2f3", "e7e5", "g2g4", "d8h4"])
        .unwrap();
    assert!(position.in_check());
    assert!(position.legal_moves().is_empty());
    assert_eq!(
        position.to_fen(),
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
    );
}

#[test]
fn a_king_with_no_move_and_not_in_check_is_stalemated() {
    // 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1: every square next to h8 is guarded.
    let position = position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(!position.in_check());
    assert!(position.legal_moves().is_empty());
}

#[test]
fn the_fifty_move_rule_starts_at_a_clock_of_one_hundred() {
    // k7/8/8/8/8/8/8/KR6 w - - 99 80: one more quiet move makes 100.
    let mut position = position("k7/8/8/8/8/8/8/KR6 w - - 99 80");
    assert!(!position.is_fifty_move_draw());
    position.play_moves(&["b1b2"]).unwrap();
    assert_eq!(position.halfmove_clock(), 100);
    assert!(position.is_fifty_move_draw());
    position.unmake();
    assert!(!position.is_fifty_move_draw());

    // k7/8/8/8/8/8/8/KR6 w - - 100 80 is a draw as read.
    assert!(self::position("k7/8/8/8/8/8/8/KR6 w - - 100 80").is_fifty_move_draw());

    // A pawn move resets the clock. k7/8/8/8/8/8/P7/1R5K w - - 99 80
    let mut position = self::position("k7/8/8/8/8/8/P7/1R5K w - - 99 80");
    position.play_moves(&["a2a3"]).unwrap();
    assert_eq!(position.halfmove_clock(), 0);
    assert!(!position.is_fifty_move_draw());
}

#[test]
fn knights_going_out_and_back_repeat_the_position() {
    let mut position = Position::startpos();
    position.play_moves(&["g1f3", "g8f6", "f3g1"]).unwrap();
    assert!(!position.is_repetition());
    assert_eq!(position.repetitions(), 0);
    position.play_moves(&["f6g8"]).unwrap();
    // The start position, seen for the second time.
    assert!(position.is_repetition());
    assert_eq!(position.repetitions(), 1);
    assert_eq!(position.hash(), Position::startpos().hash());
    position
        .play_moves(&["g1f3", "g8f6", "f3g1", "f6g8"])
        .unwrap();
    // The third time: threefold repetition.
    assert_eq!(position.repetitions(), 2);
    // A pawn move makes every earlier position unreachable.
    position.play_moves(&["e2e4"]).unwrap();
    assert!(!position.is_repetition());
    assert_eq!(position.repetitions(), 0);
}

#[test]
fn the_same_squares_with_the_other_side_to_move_is_no_repetition() {
    // k7/8/8/8/8/8/8/K6R w - - 0 1: the rook loses a tempo (h1 h2 h1 takes
    // three moves), so the pieces stand as before with Black to move.
    let mut position = position("k7/8/8/8/8/8/8/K6R w - - 0 1");
    position
        .play_moves(&["h1h2", "a8b8", "h2h3", "b8a8", "h3h1"])
        .unwrap();
    assert_eq!(position.to_fen(), "k7/8/8/8/8/8/8/K6R b - - 5 3");
    assert!(!position.is_repetition());
    position
        .play_moves(&["a8b8", "h1h2", "b8a8", "h2h1"])
        .unwrap();
    // Now White has moved back to the start, with Black to move again.
    assert!(position.is_repetition());
}

#[test]
fn insufficient_material() {
    let cases = [
        ("k7/8/8/8/8/8/8/K7 w - - 0 1", true),        // K v K
        ("k7/8/8/8/8/8/8/KB6 w - - 0 1", true),       // KB v K
        ("k7/8/8/8/8/8/8/KN6 w - - 0 1", true),       // KN v K
        ("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true),   // KB v KB, both on dark squares
        ("2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", false), // KB v KB, opposite colours
        ("4kn2/8/8/8/8/8/8/2N1K3 w - - 0 1", false),  // KN v KN: a mate can be set up
        ("k7/8/8/8/8/8/8/KBN5 w - - 0 1", false),     // KBN v K: a forced mate
        ("k7/8/8/8/8/8/8/KNN5 w - - 0 1", false),     // KNN v K: a mate can be set up
        ("k7/8/8/8/8/8/P7/K7 w - - 0 1", false),      // any pawn
        ("k7/8/8/8/8/8/8/KR6 w - - 0 1", false),      // a rook
        ("k7/8/8/8/8/8/8/KQ6 w - - 0 1", false),      // a queen
    ];
    for (fen, expected) in cases {
        assert_eq!(position(fen).has_insufficient_material(), expected, "{fen}");
    }
}

#[test]
fn has_pieces_looks_past_kings_and_pawns() {
    let cases = [
        ("k7/8/8/8/8/8/8/K7 w - - 0 1", false, false),
        ("k7/pp6/8/8/8/8/PPPP4/K7 w - - 0 1", false, false),
        ("k7/8/8/8/8/8/8/KQ6 w - - 0 1", true, false),
        ("kn6/8/8/8/8/8/P7/K7 w - - 0 1", false, true),
        ("kb6/8/8/8/8/8/8/KR6 b - - 0 1", true, true),
    ];
    for (fen, white, black) in cases {
        let position = position(fen);
        assert_eq!(position.has_pieces(Color::White), white, "{fen}");
        assert_eq!(position.has_pieces(Color::Black), black, "{fen}");
    }
    assert!(Position::startpos().has_pieces(Color::Black));
}

// ---------------------------------------------------------------------------
// Reading moves
// ---------------------------------------------------------------------------

#[test]
fn text_that_is_not_a_move_is_a_syntax_error() {
    let position = Position::startpos();
    for text in ["e2e", "zz99", "", "e2e4x", "e2e4k", "E2E4", "e2-e4"] {
        assert_eq!(
            position.parse_move(text),
            Err(MoveError::Syntax(text.to_string())),
            "{text:?}"
        );
    }
}

#[test]
fn a_well_formed_move_that_cannot_be_played_is_illegal() {
    let position = Position::startpos();
    for text in ["e2e5", "e7e5", "e1g1", "a1a1", "e2e4q"] {
        assert_eq!(
            position.parse_move(text),
            Err(MoveError::Illegal(text.to_string())),
            "{text:?}"
        );
    }
    let message = MoveError::Illegal("e2e5".to_string()).to_string();
    assert!(message.contains("e2e5"), "{message}");
}

#[test]
fn play_moves_stops_at_the_first_bad_move() {
    let mut position = Position::startpos();
    let result = position.play_moves(&["e2e4", "e7e5", "e4e5", "g1f3"]);
    assert_eq!(result, Err(MoveError::Illegal("e4e5".to_string())));
    // The moves before it were played.
    assert_eq!(position.moves_made(), 2);
    assert_eq!(position.side_to_move(), Color::White);
}
