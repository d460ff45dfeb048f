//! FEN reading and writing: what is read is written back unchanged, and what
//! cannot be a position is refused with the [`FenError`] that names the
//! field at fault.
//!
//! Round trips: every position of every suite in `common/suites/` is read
//! and written back. The text written is the text read, normalised in two
//! ways the crate documents:
//!
//! * it always has six fields: a four-field EPD position gets the clocks
//!   `0 1`;
//! * the en-passant square is kept only when a pawn of the side to move
//!   stands beside the pawn that just made its double step, so that it could
//!   capture. Otherwise the square changes nothing about the position, and
//!   [`Position::make`] does not record it either: equal positions must have
//!   equal hashes for repetitions to be found. The test works that out on
//!   its own, from the FEN text.
//!
//! Errors: one test per [`FenError`] variant, with malformed and impossible
//! FENs, checks the variant and that its message is lower case, names the
//! field and ends without a period (it is printed after other text, as in
//! `error: castling: ...`). Nothing may panic, whatever the input: a
//! property test feeds arbitrary and mangled text.

use crate::support::read_suite;
use common::{Color, FenError, Position, Square, START_FEN};
use proptest::prelude::*;

const SUITES: [&str; 5] = [
    "cpw_perft.epd",
    "perftsuite.epd",
    "wac.epd",
    "bk.epd",
    "ecm.epd",
];

/// The placement field as a grid: `grid[rank][file]`, rank 0 being rank 1,
/// `' '` for an empty square. Only for well-formed placements.
fn grid(placement: &str) -> [[char; 8]; 8] {
    let mut grid = [[' '; 8]; 8];
    for (row, text) in placement.split('/').enumerate() {
        let mut file = 0;
        for c in text.chars() {
            match c.to_digit(10) {
                Some(run) => file += run as usize,
                None => {
                    grid[7 - row][file] = c;
                    file += 1;
                }
            }
        }
    }
    grid
}

/// The FEN as [`Position::to_fen`] should write it back: six fields, and
/// `-` for an en-passant square no pawn can capture on.
fn normalised(fen: &str) -> String {
    let mut fields: Vec<String> = fen.split_whitespace().map(String::from).collect();
    if fields.len() == 4 {
        fields.extend(["0".to_string(), "1".to_string()]);
    }
    if fields[3] != "-" {
        let grid = grid(&fields[0]);
        let file = (fields[3].as_bytes()[0] - b'a') as usize;
        // The pawn that moved two squares stands on rank 5 when White is to
        // move (rank 4 when Black is); a capturer stands beside it.
        let (rank, our_pawn) = if fields[1] == "w" { (4, 'P') } else { (3, 'p') };
        let capturer = [file.wrapping_sub(1), file + 1]
            .into_iter()
            .any(|f| f < 8 && grid[rank][f] == our_pawn);
        if !capturer {
            fields[3] = "-".to_string();
        }
    }
    fields.join(" ")
}

#[test]
fn every_suite_position_round_trips() {
    let mut failures = Vec::new();
    let mut read = 0;
    for suite in SUITES {
        for line in read_suite(suite) {
            let position = match Position::from_fen(&line.fen) {
                Ok(position) => position,
                Err(error) => {
                    failures.push(format!("{}: {}: refused: {error}", line.origin, line.fen));
                    continue;
                }
            };
            read += 1;
            let written = position.to_fen();
            let expected = normalised(&line.fen);
            if written != expected {
                failures.push(format!(
                    "{}: read {}\n  wrote    {written}\n  expected {expected}",
                    line.origin, line.fen
                ));
                continue;
            }
            // Reading what was written gives the same position again.
            let again = Position::from_fen(&written).expect("a written FEN reads back");
            if again.to_fen() != written || again.hash() != position.hash() {
                failures.push(format!("{}: {written} does not read back", line.origin));
            }
            // Where the suite gives the number of legal moves (`;D1`), the
            // position read has them: castling and en passant were kept.
            if let Some(&(_, moves)) = line.counts.iter().find(|&&(depth, _)| depth == 1) {
                let found = again.legal_moves().len() as u64;
                if found != moves {
                    failures.push(format!(
                        "{}: {written} has {found} legal moves, the suite says {moves}",
                        line.origin
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // 7 + 126 + 300 + 24 + 879 positions.
    assert_eq!(read, 1336, "every suite position was read");
}

#[test]
fn the_start_position_round_trips() {
    let position = Position::startpos();
    assert_eq!(position.to_fen(), START_FEN);
    assert_eq!(position.side_to_move(), Color::White);
    assert_eq!(position.castling_rights(), 15);
    assert_eq!(position.en_passant(), None);
    assert_eq!(
        (position.halfmove_clock(), position.fullmove_number()),
        (0, 1)
    );
}

#[test]
fn missing_clocks_default_to_zero_and_one() {
    let four = "4k3/8/8/8/8/8/8/4K3 b - -";
    assert_eq!(
        Position::from_fen(four).unwrap().to_fen(),
        "4k3/8/8/8/8/8/8/4K3 b - - 0 1"
    );
    // Five fields: the half-move clock without the move number.
    let five = "4k3/8/8/8/8/8/8/4K3 b - - 7";
    assert_eq!(
        Position::from_fen(five).unwrap().to_fen(),
        "4k3/8/8/8/8/8/8/4K3 b - - 7 1"
    );
}

#[test]
fn en_passant_square_is_kept_when_a_pawn_can_capture() {
    // After 1.e4 d5 2.e5 f5: the pawn on e5 may take f5 en passant.
    let fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    let position = Position::from_fen(fen).unwrap();
    assert_eq!(position.en_passant(), Square::parse("f6"));
    assert_eq!(position.to_fen(), fen);
}

#[test]
fn en_passant_square_is_dropped_when_no_pawn_can_capture() {
    // After 1.e4: no black pawn stands on d4 or f4, so e3 changes nothing.
    let with_square = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    let without = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let position = Position::from_fen(with_square).unwrap();
    assert_eq!(position.en_passant(), None);
    assert_eq!(position.to_fen(), without);
    // It is the position 1.e4 reaches, hash included.
    let mut played = Position::startpos();
    played.play_moves(&["e2e4"]).unwrap();
    assert_eq!(played.to_fen(), without);
    assert_eq!(played.hash(), position.hash());
}

fn square(name: &str) -> Square {
    Square::parse(name).unwrap()
}

/// Reads a FEN that must be refused and returns why.
fn refused(fen: &str) -> FenError {
    match Position::from_fen(fen) {
        Ok(position) => panic!("{fen:?} was accepted as {}", position.to_fen()),
        Err(error) => error,
    }
}

/// The message of an error is lower case, names `field` and ends without a
/// period.
fn assert_message(error: &FenError, field: &str) {
    let message = error.to_string();
    assert!(
        message.chars().next().is_some_and(char::is_lowercase),
        "{message:?} does not start in lower case"
    );
    assert!(
        message.contains(field),
        "{message:?} does not name {field:?}"
    );
    assert!(!message.ends_with('.'), "{message:?} ends with a period");
}

#[test]
fn wrong_field_count_is_refused() {
    let cases = [
        ("", 0),
        ("   ", 0),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 1),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", 3),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
            7,
        ),
    ];
    for (fen, count) in cases {
        let error = refused(fen);
        assert_eq!(error, FenError::FieldCount(count), "{fen:?}");
        assert_message(&error, "fields");
    }
}

#[test]
fn seven_or_nine_ranks_are_refused() {
    let seven = "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let error = refused(seven);
    assert_eq!(error, FenError::RankCount(7));
    assert_message(&error, "placement");
    let nine = "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(refused(nine), FenError::RankCount(9));
}

#[test]
fn bad_placement_characters_are_refused() {
    let cases = [
        (
            "rnbqkbnr/pppppppp/8/8/4X3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            4,
            'X',
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            6,
            '9',
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/08/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            3,
            '0',
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN♖ w KQkq - 0 1",
            1,
            '♖',
        ),
    ];
    for (fen, rank, found) in cases {
        let error = refused(fen);
        assert_eq!(error, FenError::BadPlacementChar { rank, found }, "{fen}");
        assert_message(&error, "placement");
    }
}

#[test]
fn ranks_of_the_wrong_length_are_refused() {
    let nine = "rnbqkbnr1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let error = refused(nine);
    assert_eq!(
        error,
        FenError::RankLength {
            rank: 8,
            squares: 9
        }
    );
    assert_message(&error, "placement");
    let seven = "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(
        refused(seven),
        FenError::RankLength {
            rank: 7,
            squares: 7
        }
    );
    let far = "rnbqkbnr/pppppppp/8/8/88888888/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(
        refused(far),
        FenError::RankLength {
            rank: 4,
            squares: 64
        }
    );
}

#[test]
fn a_missing_or_extra_king_is_refused() {
    let no_white_king = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1";
    let error = refused(no_white_king);
    assert_eq!(
        error,
        FenError::KingCount {
            color: Color::White,
            count: 0
        }
    );
    assert_message(&error, "placement");
    assert!(error.to_string().contains("white"), "{error}");

    let two_black_kings = "rnbqkbnr/pppppppp/8/3k4/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let error = refused(two_black_kings);
    assert_eq!(
        error,
        FenError::KingCount {
            color: Color::Black,
            count: 2
        }
    );
    assert_message(&error, "placement");
    assert!(error.to_string().contains("black"), "{error}");
}

#[test]
fn a_pawn_on_the_first_or_last_rank_is_refused() {
    let rank_eight = "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1";
    let error = refused(rank_eight);
    assert_eq!(
        error,
        FenError::PawnOnBackRank(Square::parse("h8").unwrap())
    );
    assert_message(&error, "placement");
    let rank_one = "4k3/8/8/8/8/8/8/p3K3 w - - 0 1";
    let error = refused(rank_one);
    assert_eq!(error, FenError::PawnOnBackRank(Square::A1));
    assert_message(&error, "placement");
}

#[test]
fn a_side_other_than_w_or_b_is_refused() {
    for side in ["x", "W", "white"] {
        let fen = format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR {side} KQkq - 0 1");
        let error = refused(&fen);
        assert_eq!(error, FenError::SideToMove(side.to_string()));
        assert_message(&error, "side to move");
    }
}

#[test]
fn a_malformed_castling_field_is_refused() {
    for castling in ["KK", "KX", "-K", "kqKQx"] {
        let fen = format!("r3k2r/8/8/8/8/8/8/R3K2R w {castling} - 0 1");
        let error = refused(&fen);
        assert_eq!(error, FenError::BadCastling(castling.to_string()));
        assert_message(&error, "castling");
    }
}

#[test]
fn a_castling_right_without_its_king_and_rook_is_refused() {
    // No rook on h1.
    let error = refused("r3k2r/8/8/8/8/8/8/R3K3 w KQkq - 0 1");
    assert_eq!(error, FenError::CastlingWithoutPieces('K'));
    assert_message(&error, "castling");
    // The black king is not on e8.
    let error = refused("r4k1r/8/8/8/8/8/8/R3K2R w KQq - 0 1");
    assert_eq!(error, FenError::CastlingWithoutPieces('q'));
    // A knight, not a rook, on a1.
    let error = refused("r3k2r/8/8/8/8/8/8/N3K2R w Q - 0 1");
    assert_eq!(error, FenError::CastlingWithoutPieces('Q'));
}

#[test]
fn an_en_passant_field_that_is_no_square_of_rank_3_or_6_is_refused() {
    let cases = [
        // Rank 4, while Black is to move: a white pawn crossing would be on rank 3.
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e4 0 1",
        // Rank 3 while White is to move.
        "rnbqkbnr/pppp1ppp/8/8/4p3/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
        // Not a square at all.
        "4k3/8/8/3pP3/8/8/8/4K3 w - d9 0 1",
        "4k3/8/8/3pP3/8/8/8/4K3 w - e 0 1",
    ];
    for fen in cases {
        let error = refused(fen);
        let field = fen.split_whitespace().nth(3).unwrap();
        assert_eq!(error, FenError::BadEnPassant(field.to_string()), "{fen}");
        assert_message(&error, "en passant");
    }
}

#[test]
fn an_en_passant_square_without_the_pawn_that_moved_is_refused() {
    // No black pawn in front of d6, on d5.
    let error = refused("4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1");
    assert_eq!(
        error,
        FenError::EnPassantWithoutPawn {
            square: square("d6"),
            pawn: square("d5")
        }
    );
    assert_message(&error, "en passant");
    // A black pawn, not a white one, on e4: White cannot have just moved it.
    let error = refused("4k3/8/8/8/3Pp3/8/8/4K3 b - e3 0 1");
    assert_eq!(
        error,
        FenError::EnPassantWithoutPawn {
            square: square("e3"),
            pawn: square("e4")
        }
    );
}

#[test]
fn an_en_passant_square_on_an_occupied_path_is_refused() {
    // A knight stands on d6, the square the pawn crossed.
    let error = refused("4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1");
    assert_eq!(
        error,
        FenError::EnPassantBlocked {
            square: square("d6"),
            occupied: square("d6")
        }
    );
    assert_message(&error, "en passant");
    // A pawn still on d7: the pawn on d5 did not come from there.
    let error = refused("4k3/3p4/8/3pP3/8/8/8/4K3 w - d6 0 1");
    assert_eq!(
        error,
        FenError::EnPassantBlocked {
            square: square("d6"),
            occupied: square("d7")
        }
    );
}

#[test]
fn the_side_not_to_move_in_check_is_refused() {
    // White to move, and White's rook on e1 already attacks the king on e8.
    let error = refused("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1");
    assert_eq!(error, FenError::OpponentInCheck);
    assert_message(&error, "side not to move");
    // The side to move may be in check, of course.
    assert!(Position::from_fen("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1").is_ok());
}

#[test]
fn more_than_eight_pawns_of_a_side_are_refused() {
    // The board a new user tried: sixteen black pawns.
    let error = refused("rnbqkbnr/pppppppp/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(
        error,
        FenError::TooManyPawns {
            color: Color::Black,
            count: 16
        }
    );
    assert_message(&error, "placement");
    assert!(error.to_string().contains("16 black pawns"), "{error}");
    let error = refused("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1");
    assert_eq!(
        error,
        FenError::TooManyPawns {
            color: Color::White,
            count: 9
        }
    );
    // Eight are fine.
    assert!(Position::from_fen("4k3/8/8/8/8/8/PPPPPPPP/4K3 w - - 0 1").is_ok());
}

#[test]
fn more_than_sixteen_pieces_of_a_side_are_refused() {
    // The start position with a seventeenth white piece, a knight on e4.
    let error = refused("rnbqkbnr/pppppppp/8/8/4N3/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
    assert_eq!(
        error,
        FenError::TooManyPieces {
            color: Color::White,
            count: 17
        }
    );
    assert_message(&error, "placement");
    assert!(error.to_string().contains("17 white pieces"), "{error}");
}

#[test]
fn more_promoted_pieces_than_missing_pawns_are_refused() {
    // Three white queens beside eight white pawns: two queens too many.
    let error = refused("QQQ1k3/8/8/8/8/8/PPPPPPPP/4K3 b - - 0 1");
    assert_eq!(
        error,
        FenError::TooManyPromoted {
            color: Color::White,
            promoted: 2,
            missing_pawns: 0
        }
    );
    assert_message(&error, "placement");
    // With two pawns gone, the two extra queens are explained.
    assert!(Position::from_fen("QQQ1k3/8/8/8/8/8/PPPPPP2/4K3 b - - 0 1").is_ok());
    // Two bishops on dark squares (a1 and c1): one of them was promoted,
    // although White has no other bishop, since a bishop never changes the
    // colour of its squares.
    let error = refused("4k3/8/8/8/8/P7/1PPPPPPP/B1B1K3 w - - 0 1");
    assert_eq!(
        error,
        FenError::TooManyPromoted {
            color: Color::White,
            promoted: 1,
            missing_pawns: 0
        }
    );
    // A third black knight with seven black pawns is fine.
    assert!(Position::from_fen("1n2k1n1/1ppppppp/8/8/3n4/8/8/4K3 w - - 0 1").is_ok());
}

#[test]
fn a_check_that_was_there_before_the_double_step_is_refused() {
    // Black to move after e2-e4, but with the pawn back on e2 the bishop
    // on h1 checks the king on a8, and it was White's move: impossible.
    let error = refused("k7/8/8/8/4P3/8/8/4K2B b - e3 0 1");
    assert_eq!(error, FenError::CheckBeforeDoubleStep(square("e3")));
    assert_message(&error, "en passant");
    // The same board without the en-passant square: the bishop's check
    // was blocked by some earlier move, nothing says which.
    assert!(Position::from_fen("k7/8/8/8/4P3/8/8/4K2B b - - 0 1").is_ok());
    // In check from a knight that e2-e4 cannot have uncovered.
    let error = refused("4k3/8/3N4/8/4P3/8/8/K7 b - e3 0 1");
    assert_eq!(error, FenError::CheckBeforeDoubleStep(square("e3")));
    // Checks the double step gave are fine: f2-f4 opened the diagonal of
    // the bishop on g1 to the king on a7, and e2-e4 put its pawn next to
    // the king on d5.
    assert!(Position::from_fen("8/k7/8/8/5P2/8/8/4K1B1 b - f3 0 1").is_ok());
    assert!(Position::from_fen("8/8/8/3k4/4P3/8/8/4K3 b - e3 0 1").is_ok());
}

#[test]
fn more_than_two_checkers_are_refused() {
    // A rook on e1, a knight on d6 and a bishop on b5 all check e8.
    let error = refused("4k3/8/3N4/1B6/8/8/8/4R1K1 b - - 0 1");
    assert_eq!(error, FenError::TooManyCheckers { count: 3 });
    assert_message(&error, "check");
}

#[test]
fn a_double_check_no_move_can_give_is_refused() {
    // Two knights: a knight's check is never uncovered.
    let error = refused("4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(
        error,
        FenError::ImpossibleDoubleCheck {
            first: square("d6"),
            second: square("f6")
        }
    );
    assert_message(&error, "check");
    // Two rooks on one rank, from both sides of the king.
    let error = refused("8/8/8/8/R3k2R/8/8/4K3 b - - 0 1");
    assert_eq!(
        error,
        FenError::ImpossibleDoubleCheck {
            first: square("a4"),
            second: square("h4")
        }
    );
    // Two bishops, from both ends of one diagonal: the classic perft
    // suite holds this board (commented out in `perftsuite.epd`, line 51).
    let error = refused("B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1");
    assert_eq!(
        error,
        FenError::ImpossibleDoubleCheck {
            first: Square::A8,
            second: Square::H1
        }
    );
    // A knight that has just left the rook's file: a discovered check.
    assert!(Position::from_fen("4k3/8/3N4/8/8/8/8/4R1K1 b - - 0 1").is_ok());
    // exd6 en passant empties d5 and e5: the bishop on a8 and the rook on
    // e8 both check the king on e4.
    assert!(Position::from_fen("B3R3/8/3P4/8/4k3/8/8/7K b - - 0 1").is_ok());
}

#[test]
fn bad_clocks_are_refused() {
    let cases = [
        ("-1", "1", "half-move clock", "-1"),
        ("abc", "1", "half-move clock", "abc"),
        ("70000", "1", "half-move clock", "70000"),
        ("0", "0", "move number", "0"),
        ("0", "x", "move number", "x"),
        ("0", "+", "move number", "+"),
    ];
    for (halfmove, fullmove, field, found) in cases {
        let fen = format!("4k3/8/8/8/8/8/8/4K3 w - - {halfmove} {fullmove}");
        let error = refused(&fen);
        assert_eq!(
            error,
            FenError::BadClock {
                field,
                found: found.to_string()
            },
            "{fen}"
        );
        assert_message(&error, field);
    }
}

#[test]
fn long_garbage_is_refused_without_panicking() {
    let long_word = "x".repeat(100_000);
    assert_eq!(refused(&long_word), FenError::FieldCount(1));
    let many_words = "w ".repeat(10_000);
    assert_eq!(refused(&many_words), FenError::FieldCount(10_000));
    let long_rank = format!("{}/8/8/8/8/8/8/8 w - - 0 1", "8".repeat(10_000));
    assert!(matches!(
        refused(&long_rank),
        FenError::RankLength { rank: 8, .. }
    ));
    let slashes = format!("{} w - - 0 1", "/".repeat(10_000));
    assert_eq!(refused(&slashes), FenError::RankCount(10_001));
    for fen in [
        "ünïcødé ♔ ♚ / / w - - 0 1",
        "k7/8/8/8/8/8/8/K7 w - - 99999999999999999999 1",
        "k7/8/8/8/8/8/8/K7 w - \u{0} 0 1",
        "k7/8/8/8/8/8/8/K7 w - é6 0 1",
        "k7/8/8/8/8/8/8/K7 w é - 0 1",
    ] {
        let error = refused(fen);
        assert_message(&error, "");
    }
}

proptest! {
    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,120}") {
        let _ = Position::from_fen(&text);
    }

    #[test]
    fn mangled_fens_never_panic(
        fen in proptest::sample::select(vec![
            START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ]),
        cut in 0usize..100,
        insert in "[ -~]{0,4}",
    ) {
        // Insert a few printable characters somewhere in a good FEN.
        let at = cut.min(fen.len());
        let mangled = format!("{}{}{}", &fen[..at], insert, &fen[at..]);
        if let Ok(position) = Position::from_fen(&mangled) {
            // Whatever is accepted writes out and reads back the same.
            let written = position.to_fen();
            let again = Position::from_fen(&written).expect("a written FEN reads back");
            prop_assert_eq!(again.to_fen(), written);
        }
    }
}
