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
//!   generated moves are exactly the pseudo-legal ones (the board's own
//!   pseudo-legal generator, which v0.10's original mode uses) kept when
//!   making them leaves the king unattacked.
//!
//! The legal generator finds checks and pins before it moves anything; the
//! oracle finds them by making each move and looking at the king, so the
//! two share the pieces' moves but not the reasoning about check, and the
//! oracle's counts are checked against published ones.

use std::collections::HashSet;

use common::{Color, Move, Piece, Position, Square, Wanted};
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

/// Every pseudo-legal move, from the board's own pseudo-legal generator
/// (the one v0.10's original mode uses): the pieces' moves without asking
/// whether the king is left in check, castling legal only. Filtered by
/// making each move, it is an oracle for the legal generator, which finds
/// checks and pins before it moves anything.
fn pseudo_legal_moves(position: &Position) -> Vec<Move> {
    let mut moves = Vec::new();
    position.pseudo_legal_moves(Wanted::All, &mut moves);
    moves.into_iter().map(|scored| scored.mv).collect()
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
    // The pseudo-legal moves filtered by king safety must be right for (d)
    // to mean anything: they give the published numbers of legal moves
    // (cpw_perft.epd, ;D1).
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
