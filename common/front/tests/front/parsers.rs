//! Every parser a user or a GUI can reach, fed random input: the FEN
//! reader, the move parser and the UCI command loop.
//!
//! The inputs are random text, random edits of the suites' positions
//! (pieces added, removed or swapped on the board, the side, castling and
//! en-passant fields changed, characters inserted and deleted) and random
//! UCI lines built from the protocol's words. Counts and lengths are
//! bounded so that the whole file runs in a few seconds.
//!
//! What must hold:
//!
//! * nothing panics, and every UCI session ends;
//! * an accepted FEN writes out and reads back as the same position, passes
//!   [`Position::validate`] (with the invariants `make` keeps asserted in
//!   debug builds), holds at most 8 pawns and 16 pieces a side, counted here
//!   on the written FEN, and every legal move from it makes, unmakes and
//!   leads to a position that passes `validate` too: a position one legal
//!   move away from an accepted one is never refused, so the reader's tests
//!   of what cannot occur never refuse what play reaches;
//! * the move parser accepts exactly the legal moves, written as it writes
//!   them, and says "syntax" or "illegal" as the text deserves;
//! * in UCI, a `position` command is refused exactly when its FEN or one of
//!   its moves is, with an `info string`, and the next `go` searches the
//!   position last accepted.

use crate::first_move;
// Only the positions of the suites are used here, not their counts.
use crate::support;

use std::sync::LazyLock;
use std::time::Duration;

use common::{MoveError, Position, UciMove, START_FEN};
use proptest::prelude::*;
use support::read_suite;

/// Every position of the suites, as the starting point of the edits.
static SUITE_FENS: LazyLock<Vec<String>> = LazyLock::new(|| {
    [
        "cpw_perft.epd",
        "perftsuite.epd",
        "wac.epd",
        "bk.epd",
        "ecm.epd",
    ]
    .into_iter()
    .flat_map(read_suite)
    .map(|line| line.fen)
    .collect()
});

/// The longest a UCI session of a few lines may take; it should take
/// milliseconds.
const SESSION: Duration = Duration::from_secs(10);

// Step 1. Edits of a FEN.

/// One change to a FEN.
#[derive(Clone, Debug)]
enum Edit {
    /// Puts a piece letter, or `.` for empty, on a square (0 = a8 .. 63 = h1).
    Put(usize, char),
    /// Swaps the contents of two squares.
    Swap(usize, usize),
    /// Gives the move to the other side.
    FlipSide,
    /// Names an en-passant square on this file, on the rank the side to
    /// move could capture on.
    EnPassant(u8),
    /// Sets the castling field to a subset of `KQkq`, as four bits.
    Castling(u8),
    /// Inserts text at a character position.
    Insert(usize, String),
    /// Deletes a few characters from a position.
    Delete(usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        4 => (0..64usize, prop::sample::select(".PNBRQKpnbrqk".chars().collect::<Vec<_>>()))
            .prop_map(|(square, c)| Edit::Put(square, c)),
        2 => (0..64usize, 0..64usize).prop_map(|(a, b)| Edit::Swap(a, b)),
        1 => Just(Edit::FlipSide),
        1 => (0..8u8).prop_map(Edit::EnPassant),
        1 => (0..16u8).prop_map(Edit::Castling),
        1 => (0..90usize, "[ -~]{1,3}").prop_map(|(at, text)| Edit::Insert(at, text)),
        1 => (0..90usize, 1..4usize).prop_map(|(at, len)| Edit::Delete(at, len)),
    ]
}

/// The FEN's fields, with the placement spelt out square by square (`.`
/// for empty), so that board edits stay well formed.
fn apply(fen: &str, edits: &[Edit]) -> String {
    let mut fields: Vec<String> = fen.split_whitespace().map(String::from).collect();
    let mut board: Vec<char> = fields[0]
        .chars()
        .filter(|&c| c != '/')
        .flat_map(|c| match c.to_digit(10) {
            Some(run) => vec!['.'; run as usize],
            None => vec![c],
        })
        .collect();
    let mut text_edits = Vec::new();
    for edit in edits {
        match edit {
            Edit::Put(square, c) => board[*square] = *c,
            Edit::Swap(a, b) => board.swap(*a, *b),
            Edit::FlipSide => fields[1] = if fields[1] == "w" { "b" } else { "w" }.to_string(),
            Edit::EnPassant(file) => {
                let rank = if fields[1] == "w" { '6' } else { '3' };
                fields[3] = format!("{}{rank}", char::from(b'a' + file));
            }
            Edit::Castling(bits) => {
                let rights: String = "KQkq"
                    .chars()
                    .enumerate()
                    .filter(|(i, _)| bits & (1 << i) != 0)
                    .map(|(_, c)| c)
                    .collect();
                fields[2] = if rights.is_empty() {
                    "-".to_string()
                } else {
                    rights
                };
            }
            Edit::Insert(..) | Edit::Delete(..) => text_edits.push(edit),
        }
    }
    fields[0] = board
        .chunks(8)
        .map(|rank| rank.iter().collect::<String>().replace('.', "1"))
        .collect::<Vec<_>>()
        .join("/");
    let mut text: Vec<char> = fields.join(" ").chars().collect();
    for edit in text_edits {
        match *edit {
            Edit::Insert(at, ref inserted) => {
                let at = at.min(text.len());
                text.splice(at..at, inserted.chars());
            }
            Edit::Delete(at, len) => {
                let at = at.min(text.len());
                text.drain(at..(at + len).min(text.len()));
            }
            _ => {}
        }
    }
    text.into_iter().collect()
}

fn mutated_fen() -> impl Strategy<Value = String> {
    (0..SUITE_FENS.len(), prop::collection::vec(edit(), 1..5))
        .prop_map(|(index, edits)| apply(&SUITE_FENS[index], &edits))
}

/// A sparse board: two kings and a few random pieces, a random side to
/// move, perhaps an en-passant square. Few are positions, but the ones
/// accepted are full of checks, and their moves give many more.
fn sparse_fen() -> impl Strategy<Value = String> {
    (
        prop::sample::subsequence((0..64usize).collect::<Vec<_>>(), 3..9),
        prop::collection::vec(
            prop::sample::select("PNBRQpnbrq".chars().collect::<Vec<_>>()),
            7,
        ),
        prop::bool::ANY,
        prop::option::of(0..8u8),
    )
        .prop_map(|(squares, pieces, white, en_passant)| {
            let mut squares = squares;
            // The subsequence comes sorted; the kings go anywhere in it.
            let (white_king, black_king) = (squares.remove(0), squares.remove(squares.len() / 2));
            let mut edits = vec![Edit::Put(white_king, 'K'), Edit::Put(black_king, 'k')];
            edits.extend(
                squares
                    .into_iter()
                    .zip(pieces)
                    .map(|(s, c)| Edit::Put(s, c)),
            );
            if !white {
                edits.push(Edit::FlipSide);
            }
            edits.extend(en_passant.map(Edit::EnPassant));
            apply("8/8/8/8/8/8/8/8 w - - 0 1", &edits)
        })
}

/// A battery aimed at the black king: a white bishop, rook or queen on a
/// line to it, one white piece between them, White to move. Moving the
/// piece in between uncovers a check, and often gives a second one: the
/// double checks that the reader's tests must never refuse after a real
/// move.
fn battery_fen() -> impl Strategy<Value = String> {
    const DIRECTIONS: [(i32, i32); 8] = [
        (0, 1),
        (1, 0),
        (0, -1),
        (-1, 0),
        (1, 1),
        (1, -1),
        (-1, -1),
        (-1, 1),
    ];
    (
        (0..8i32, 0..8i32),
        0..8usize,
        2..8i32,
        1..7i32,
        prop::sample::select("PNBRQ".chars().collect::<Vec<_>>()),
        prop::bool::ANY,
        0..64usize,
        prop::collection::vec(
            (
                0..64usize,
                prop::sample::select("pnbrq".chars().collect::<Vec<_>>()),
            ),
            0..4,
        ),
    )
        .prop_filter_map(
            "the battery must fit on the board",
            |((file, rank), direction, distance, between, blocker, queen, white_king, extras)| {
                let (df, dr) = DIRECTIONS[direction];
                let at = |steps: i32| {
                    let (f, r) = (file + df * steps, rank + dr * steps);
                    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| ((7 - r) * 8 + f) as usize)
                };
                let slider = match (queen, df == 0 || dr == 0) {
                    (true, _) => 'Q',
                    (false, true) => 'R',
                    (false, false) => 'B',
                };
                let (king, far, near) = (at(0)?, at(distance)?, at(between.min(distance - 1))?);
                let mut edits = vec![
                    Edit::Put(king, 'k'),
                    Edit::Put(far, slider),
                    Edit::Put(near, blocker),
                ];
                edits.extend(extras.into_iter().map(|(s, c)| Edit::Put(s, c)));
                // Last, so that nothing overwrites it.
                edits.push(Edit::Put(white_king, 'K'));
                Some(apply("8/8/8/8/8/8/8/8 w - - 0 1", &edits))
            },
        )
}

// Step 2. What an accepted FEN must satisfy.

/// Checks an accepted position; `Err` says what failed.
fn check_accepted(fen: &str, position: &Position) -> Result<(), TestCaseError> {
    let written = position.to_fen();
    let again = Position::from_fen(&written)
        .map_err(|e| TestCaseError::fail(format!("{fen}: wrote {written}, which reads as: {e}")))?;
    prop_assert_eq!(&again.to_fen(), &written, "{} does not read back", fen);
    prop_assert_eq!(
        again.hash(),
        position.hash(),
        "{} reads back with another hash",
        fen
    );
    prop_assert!(position.validate().is_ok(), "{} fails validate", fen);

    // Counted on the text, independently of the reader.
    let placement = written.split(' ').next().unwrap();
    for (side, pieces) in [("white", 'A'..='Z'), ("black", 'a'..='z')] {
        let count =
            |wanted: &dyn Fn(char) -> bool| placement.chars().filter(|&c| wanted(c)).count();
        let pawn = if side == "white" { 'P' } else { 'p' };
        let king = if side == "white" { 'K' } else { 'k' };
        prop_assert!(
            count(&|c| c == pawn) <= 8,
            "{}: more than 8 {} pawns",
            fen,
            side
        );
        prop_assert!(
            count(&|c| pieces.contains(&c)) <= 16,
            "{}: more than 16 {} pieces",
            fen,
            side
        );
        prop_assert_eq!(count(&|c| c == king), 1, "{}: {} kings", fen, side);
    }

    // Every legal move makes, leads to a position that passes validate,
    // and unmakes.
    let mut position = position.clone();
    for mv in position.legal_moves() {
        position.make(mv);
        let child = position.validate();
        prop_assert!(
            child.is_ok(),
            "{} after {}: {} is refused: {}",
            written,
            mv,
            position.to_fen(),
            child.unwrap_err()
        );
        position.unmake();
        prop_assert_eq!(&position.to_fen(), &written, "{} does not unmake", mv);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn the_fen_reader_survives_random_text(text in "\\PC{0,100}") {
        if let Ok(position) = Position::from_fen(&text) {
            check_accepted(&text, &position)?;
        }
    }

    #[test]
    fn the_fen_reader_survives_edited_positions(fen in mutated_fen()) {
        if let Ok(position) = Position::from_fen(&fen) {
            check_accepted(&fen, &position)?;
        }
    }

    #[test]
    fn the_fen_reader_survives_batteries(fen in battery_fen()) {
        if let Ok(position) = Position::from_fen(&fen) {
            check_accepted(&fen, &position)?;
        }
    }

    #[test]
    fn the_fen_reader_survives_sparse_boards(fen in sparse_fen()) {
        if let Ok(position) = Position::from_fen(&fen) {
            check_accepted(&fen, &position)?;
        }
    }

    #[test]
    fn the_move_parser_accepts_exactly_the_legal_moves(
        index in 0..SUITE_FENS.len(),
        text in prop_oneof!["[a-i][0-9][a-i][0-9][qrbnkx]?", "\\PC{0,8}"],
    ) {
        let position = Position::from_fen(&SUITE_FENS[index]).unwrap();
        let legal = position.legal_moves();
        match position.parse_move(&text) {
            Ok(mv) => {
                prop_assert!(legal.contains(&mv), "{} is not legal", text);
                prop_assert_eq!(mv.uci().to_string(), text);
            }
            Err(MoveError::Syntax(_)) => prop_assert!(UciMove::parse(&text).is_none()),
            Err(MoveError::Illegal(_)) => {
                let wanted = UciMove::parse(&text);
                prop_assert!(wanted.is_some(), "{} is no move at all", text);
                prop_assert!(legal.iter().all(|mv| Some(mv.uci()) != wanted));
            }
        }
    }
}

// Step 3. UCI.

/// The lines the UCI loop answers to `script`, which must end within
/// [`SESSION`].
fn session(script: String) -> Result<Vec<String>, TestCaseError> {
    first_move::session(&script, SESSION)
        .ok_or_else(|| TestCaseError::fail(format!("no end within {SESSION:?}:\n{script}")))
}

/// Words a GUI might send, and some it should not.
const WORDS: [&str; 40] = [
    "uci",
    "isready",
    "ucinewgame",
    "setoption",
    "name",
    "value",
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "infinite",
    "ponder",
    "searchmoves",
    "mate",
    "stop",
    "ponderhit",
    "debug",
    "register",
    "0",
    "1",
    "-5",
    "64",
    "99999999999999999999",
    "e2e4",
    "e7e5",
    "a7a8q",
    "0000",
    "w",
    "-",
    "KQkq",
    "8/8/8/8/8/8/8/8",
];

fn uci_line() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::collection::vec(prop::sample::select(WORDS.to_vec()), 0..8)
            .prop_map(|words| words.join(" ")),
        1 => "\\PC{0,60}",
        1 => mutated_fen().prop_map(|fen| format!("position fen {fen}")),
    ]
}

/// What `position WORDS` should do, worked out with the public parsers:
/// the position it sets up, or `None` when it must be refused.
fn expected_position(words: &[String]) -> Option<Position> {
    let moves_at = words
        .iter()
        .position(|w| w == "moves")
        .unwrap_or(words.len());
    let mut position = match words[..moves_at].split_first() {
        Some((first, [])) if first == "startpos" => Position::startpos(),
        Some((first, fields)) if first == "fen" => Position::from_fen(&fields.join(" ")).ok()?,
        _ => return None,
    };
    let moves = words.get(moves_at + 1..).unwrap_or(&[]);
    position.play_moves(moves).ok()?;
    Some(position)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn uci_survives_random_sessions(lines in prop::collection::vec(uci_line(), 1..8)) {
        let mut script = lines.join("\n");
        script.push('\n');
        let answers = session(script.clone())?;
        for answer in &answers {
            prop_assert!(
                ["info ", "bestmove ", "readyok", "id ", "uciok", "option "]
                    .iter()
                    .any(|start| answer.starts_with(start)),
                "unexpected answer {:?} to\n{}", answer, script
            );
            prop_assert!(!answer.contains("search failed"), "{}", script);
        }
    }

    #[test]
    fn uci_position_is_searched_or_refused(
        fen in prop_oneof![Just(START_FEN.to_string()), mutated_fen()],
        moves in prop::collection::vec(
            prop::sample::select(vec!["e2e4", "e7e5", "g1f3", "a7a5", "e1g1", "d7d5", "x"]),
            0..4,
        ),
    ) {
        // A good position first, then the one tried, then a search, which
        // plays no move of the good position when the one tried is refused.
        let mut words: Vec<String> = vec!["fen".to_string()];
        words.extend(fen.split_whitespace().map(String::from));
        if !moves.is_empty() {
            words.push("moves".to_string());
            words.extend(moves.iter().map(|m| m.to_string()));
        }
        let script = format!(
            "position startpos moves d2d4\nposition {}\ngo depth 1\n",
            words.join(" ")
        );
        let answers = session(script.clone())?;
        let expected = expected_position(&words);
        let refusals = answers.iter().filter(|a| a.starts_with("info string ")).count();
        // The position refused, then the go refused for it.
        prop_assert_eq!(refusals, 2 * usize::from(expected.is_none()), "{:?} to\n{}", answers, script);
        let best = expected
            .and_then(|searched| searched.legal_moves().first().map(|mv| mv.to_string()))
            .unwrap_or_else(|| "0000".to_string());
        prop_assert_eq!(answers.last().cloned(), Some(format!("bestmove {best}")), "{}", script);
    }
}
