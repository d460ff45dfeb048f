//! Properties of make, unmake, hashing, FEN and move generation, checked
//! along random games.
//!
//! A game is a list of numbers: at each ply the move played is
//! `legal_moves()[choice % len]`, and the game stops early when the side to
//! move has no move. Games start from the start position and from
//! "Kiwipete", a position full of castling, en passant, pins and
//! promotions. At every position of every game:
//!
//! * (a) making and unmaking each legal move gives back exactly the same
//!   position: the same FEN, hash, board, kings and history;
//! * (b) after each move the incrementally kept hash equals the hash
//!   computed from scratch;
//! * (c) writing the position as FEN and reading it back is stable, and the
//!   position read has the same hash and the same legal moves, in the same
//!   order; the position passes its own consistency check,
//!   [`Position::validate`], so no test of what cannot occur refuses what
//!   play reaches;
//! * (d) every generated move leaves the mover's king unattacked, and the
//!   generated moves are exactly those of a brute force written here: every
//!   pseudo-legal move, kept when making it leaves the king unattacked.
//!
//! The brute force shares nothing with the generator but `make`, `unmake`
//! and `is_attacked`: it walks the board by file and rank, not by 0x88
//! steps, and tests legality by trying each move.

use std::collections::HashSet;

use common::{
    Color, Move, MoveKind, Piece, PieceKind, Position, Square, BLACK_KING_SIDE, BLACK_QUEEN_SIDE,
    WHITE_KING_SIDE, WHITE_QUEEN_SIDE,
};
use proptest::prelude::*;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Everything that describes a position, to compare two of them.
#[derive(Debug, PartialEq)]
struct Snapshot {
    fen: String,
    hash: u64,
    board: Vec<Piece>,
    kings: [Square; 2],
    moves_made: usize,
    last_move: Option<Move>,
}

fn snapshot(position: &Position) -> Snapshot {
    Snapshot {
        fen: position.to_fen(),
        hash: position.hash(),
        board: all_squares().map(|s| position.piece_at(s)).collect(),
        kings: [
            position.king_square(Color::White),
            position.king_square(Color::Black),
        ],
        moves_made: position.moves_made(),
        last_move: position.last_move(),
    }
}

fn all_squares() -> impl Iterator<Item = Square> {
    (0..8).flat_map(|rank| (0..8).map(move |file| Square::new(file, rank)))
}

/// The square `files` and `ranks` away from `square`, if on the board.
fn step(square: Square, files: i32, ranks: i32) -> Option<Square> {
    let file = square.file() as i32 + files;
    let rank = square.rank() as i32 + ranks;
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| Square::new(file as u8, rank as u8))
}

const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
const STRAIGHT: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// A move record, as the generator fills it in.
fn new_move(
    from: Square,
    to: Square,
    piece: Piece,
    captured: Piece,
    promotion: Piece,
    kind: MoveKind,
) -> Move {
    Move {
        from,
        to,
        piece,
        captured,
        promotion,
        kind,
    }
}

/// A pawn's move to `to`, or its four promotions on the last rank.
fn pawn_moves(moves: &mut Vec<Move>, from: Square, to: Square, pawn: Piece, captured: Piece) {
    let last_rank = if pawn.color() == Color::White { 7 } else { 0 };
    if to.rank() != last_rank {
        moves.push(new_move(
            from,
            to,
            pawn,
            captured,
            Piece::EMPTY,
            MoveKind::Normal,
        ));
        return;
    }
    for kind in [
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Knight,
    ] {
        let promotion = Piece::new(pawn.color(), kind);
        moves.push(new_move(
            from,
            to,
            pawn,
            captured,
            promotion,
            MoveKind::Normal,
        ));
    }
}

/// Every pseudo-legal move: the pieces' moves without asking whether the
/// king is left in check. Castling is fully checked here, since whether
/// the king crosses an attacked square cannot be seen after the move.
fn pseudo_legal_moves(position: &Position) -> Vec<Move> {
    let us = position.side_to_move();
    let them = us.other();
    let target = |to: Square| position.piece_at(to);
    let mut moves = Vec::new();
    for from in all_squares() {
        let piece = position.piece_at(from);
        if !piece.is(us) {
            continue;
        }
        let kind = piece.kind().unwrap();
        match kind {
            PieceKind::Pawn => {
                let up = if us == Color::White { 1 } else { -1 };
                let start_rank = if us == Color::White { 1 } else { 6 };
                if let Some(one) = step(from, 0, up).filter(|&s| target(s).is_empty()) {
                    pawn_moves(&mut moves, from, one, piece, Piece::EMPTY);
                    let two = step(one, 0, up).filter(|&s| target(s).is_empty());
                    if let Some(two) = two.filter(|_| from.rank() == start_rank) {
                        let kind = MoveKind::DoublePush;
                        moves.push(new_move(from, two, piece, Piece::EMPTY, Piece::EMPTY, kind));
                    }
                }
                for side in [-1, 1] {
                    let Some(to) = step(from, side, up) else {
                        continue;
                    };
                    if target(to).is(them) {
                        pawn_moves(&mut moves, from, to, piece, target(to));
                    } else if position.en_passant() == Some(to) {
                        let victim = Piece::new(them, PieceKind::Pawn);
                        let kind = MoveKind::EnPassant;
                        moves.push(new_move(from, to, piece, victim, Piece::EMPTY, kind));
                    }
                }
            }
            PieceKind::Knight | PieceKind::King => {
                let steps = if kind == PieceKind::Knight {
                    KNIGHT.to_vec()
                } else {
                    [DIAGONAL, STRAIGHT].concat()
                };
                for (files, ranks) in steps {
                    if let Some(to) = step(from, files, ranks).filter(|&s| !target(s).is(us)) {
                        let kind = MoveKind::Normal;
                        moves.push(new_move(from, to, piece, target(to), Piece::EMPTY, kind));
                    }
                }
            }
            PieceKind::Bishop | PieceKind::Rook | PieceKind::Queen => {
                let directions = match kind {
                    PieceKind::Bishop => DIAGONAL.to_vec(),
                    PieceKind::Rook => STRAIGHT.to_vec(),
                    _ => [DIAGONAL, STRAIGHT].concat(),
                };
                for (files, ranks) in directions {
                    let mut next = step(from, files, ranks);
                    while let Some(to) = next {
                        if target(to).is(us) {
                            break;
                        }
                        let kind = MoveKind::Normal;
                        moves.push(new_move(from, to, piece, target(to), Piece::EMPTY, kind));
                        if !target(to).is_empty() {
                            break;
                        }
                        next = step(to, files, ranks);
                    }
                }
            }
        }
    }

    // Castling: the right, empty squares between king and rook, and the
    // king neither in check nor crossing or landing on an attacked square.
    let (rank, king_side, queen_side) = match us {
        Color::White => (0, WHITE_KING_SIDE, WHITE_QUEEN_SIDE),
        Color::Black => (7, BLACK_KING_SIDE, BLACK_QUEEN_SIDE),
    };
    let at = |file: u8| Square::new(file, rank);
    let empty = |files: &[u8]| files.iter().all(|&f| target(at(f)).is_empty());
    let safe = |files: &[u8]| files.iter().all(|&f| !position.is_attacked(at(f), them));
    let king = Piece::new(us, PieceKind::King);
    let rights = position.castling_rights();
    let castle = |to: u8| {
        new_move(
            at(4),
            at(to),
            king,
            Piece::EMPTY,
            Piece::EMPTY,
            MoveKind::Castle,
        )
    };
    if rights & king_side != 0 && empty(&[5, 6]) && safe(&[4, 5, 6]) {
        moves.push(castle(6));
    }
    if rights & queen_side != 0 && empty(&[1, 2, 3]) && safe(&[4, 3, 2]) {
        moves.push(castle(2));
    }
    moves
}

/// True when making `mv` leaves the mover's king unattacked.
fn leaves_king_safe(position: &mut Position, mv: Move) -> bool {
    let mover = position.side_to_move();
    position.make(mv);
    let safe = !position.is_attacked(position.king_square(mover), mover.other());
    position.unmake();
    safe
}

/// Checks (a) to (d) at one position; `Err` describes the first failure.
fn check_position(position: &mut Position) -> Result<(), TestCaseError> {
    let before = snapshot(position);
    let legal = position.legal_moves();

    // (a) and (b): each move made and unmade.
    for &mv in &legal {
        position.make(mv);
        prop_assert_eq!(
            position.hash(),
            position.compute_hash(),
            "hash drifted after {} in {}",
            mv,
            before.fen
        );
        position.unmake();
        let after = snapshot(position);
        prop_assert!(after == before, "{} did not unmake in {}", mv, before.fen);
    }

    // (c): FEN out and in again.
    let fen = position.to_fen();
    if let Err(error) = position.validate() {
        return Err(TestCaseError::fail(format!(
            "{fen} fails validate: {error}"
        )));
    }
    let reread =
        Position::from_fen(&fen).map_err(|e| TestCaseError::fail(format!("{fen}: {e}")))?;
    prop_assert_eq!(reread.to_fen(), fen.clone());
    prop_assert_eq!(reread.hash(), position.hash(), "hash of {} read back", fen);
    prop_assert_eq!(
        reread.legal_moves(),
        legal.clone(),
        "moves of {} read back",
        fen
    );

    // (d): legal moves are safe, and are all the safe pseudo-legal moves.
    for &mv in &legal {
        prop_assert!(
            leaves_king_safe(position, mv),
            "{} leaves the king in check in {}",
            mv,
            fen
        );
    }
    let generated: HashSet<Move> = legal.iter().copied().collect();
    prop_assert_eq!(
        generated.len(),
        legal.len(),
        "a move generated twice in {}",
        fen
    );
    let brute: HashSet<Move> = pseudo_legal_moves(position)
        .into_iter()
        .filter(|&mv| leaves_king_safe(position, mv))
        .collect();
    let missing: Vec<String> = brute
        .difference(&generated)
        .map(|m| m.to_string())
        .collect();
    let extra: Vec<String> = generated
        .difference(&brute)
        .map(|m| m.to_string())
        .collect();
    prop_assert!(
        missing.is_empty() && extra.is_empty(),
        "{}: generator misses {:?} and has extra {:?}",
        fen,
        missing,
        extra
    );
    Ok(())
}

/// Plays a random game from `fen`, checking every position on the way.
fn random_game(fen: &str, choices: &[u16]) -> Result<(), TestCaseError> {
    let mut position = Position::from_fen(fen).unwrap();
    for &choice in choices {
        check_position(&mut position)?;
        let moves = position.legal_moves();
        if moves.is_empty() {
            return Ok(());
        }
        let mv = moves[choice as usize % moves.len()];
        position.make(mv);
        prop_assert_eq!(
            position.hash(),
            position.compute_hash(),
            "hash drifted after {}",
            mv
        );
    }
    check_position(&mut position)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn random_games_from_the_start_position(choices in prop::collection::vec(any::<u16>(), 0..60)) {
        random_game(common::START_FEN, &choices)?;
    }

    #[test]
    fn random_games_from_kiwipete(choices in prop::collection::vec(any::<u16>(), 0..60)) {
        random_game(KIWIPETE, &choices)?;
    }
}

#[test]
fn the_brute_force_agrees_with_published_move_counts() {
    // The brute force itself must be right for (d) to mean anything: it
    // finds the published numbers of legal moves (cpw_perft.epd, ;D1).
    for (fen, count) in [
        (common::START_FEN, 20),
        (KIWIPETE, 48),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 14),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            6,
        ),
        (
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            44,
        ),
    ] {
        let mut position = Position::from_fen(fen).unwrap();
        let legal = pseudo_legal_moves(&position)
            .into_iter()
            .filter(|&mv| leaves_king_safe(&mut position, mv))
            .count();
        assert_eq!(legal, count, "{fen}");
    }
}

#[test]
fn make_and_unmake_restore_the_clocks_at_their_limits() {
    // Both clocks at the largest value FEN reading accepts: make saturates
    // them, and unmake must still give back exactly what was there.
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 b - - 65535 65535",
        "4k3/8/8/8/8/8/8/4K3 w - - 65535 65535",
        "4k3/8/8/8/8/8/8/4K3 b - - 0 1",
    ] {
        let mut position = Position::from_fen(fen).unwrap();
        for mv in position.legal_moves() {
            position.make(mv);
            position.unmake();
            assert_eq!(position.to_fen(), fen, "after {mv}");
        }
    }
}
