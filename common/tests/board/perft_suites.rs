//! Perft against the published suites: proof that move generation, make and
//! unmake are right.
//!
//! Every position of `suites/cpw_perft.epd` (the Chess Programming Wiki
//! positions) and `suites/perftsuite.epd` (the classic suite, 126 of its
//! 127 positions: one no game reaches is commented out)
//! is read with the crate's own FEN code and counted with [`perft`] at every
//! depth whose published count is below [`NODE_LIMIT`]. The counts were
//! checked with Stockfish (see `suites/SOURCES.md`), so a wrong castling,
//! en-passant, promotion or pin rule shows up as a wrong number here.
//!
//! Choosing depths by their node count, not by a fixed depth, keeps the run
//! time predictable: the time is about proportional to the leaves counted.
//! With a limit of 5 million, 732 of the 795 published counts are checked
//! (every position at least to depth 4), about 115 million leaves, in a few
//! seconds under `cargo test` (opt-level 2 with debug assertions, which
//! make `make` recompute the hash after every move). The deeper counts are
//! a command, not a test: `cargo run --release -p lamosca-v07 --
//! perft-suite common/suites/perftsuite.epd` checks every one of them (a
//! limit of 50 million would check 35 more counts in the test, for some
//! fifteen seconds more of every learner's first `cargo test`).
//!
//! A failure lists every wrong count with its FEN, depth, expected and found
//! numbers, not just the first; run `divide` on the FEN to find the move.

use std::time::Instant;

use crate::support::read_suite;
use common::{divide, perft, Position, START_FEN};

/// Depths whose published count is below this many leaves are checked.
const NODE_LIMIT: u64 = 5_000_000;

/// What checking one suite found.
struct Outcome {
    positions: usize,
    checks: usize,
    nodes: u64,
    failures: Vec<String>,
}

/// Counts every position of a suite at every depth below [`NODE_LIMIT`].
fn check_suite(name: &str) -> Outcome {
    let started = Instant::now();
    let lines = read_suite(name);
    let mut outcome = Outcome {
        positions: lines.len(),
        checks: 0,
        nodes: 0,
        failures: Vec::new(),
    };
    for line in &lines {
        let mut position = match Position::from_fen(&line.fen) {
            Ok(position) => position,
            Err(error) => {
                outcome.failures.push(format!(
                    "{}: {}: cannot read: {error}",
                    line.origin, line.fen
                ));
                continue;
            }
        };
        let before = position.to_fen();
        let mut checked_here = 0;
        for &(depth, expected) in &line.counts {
            if expected >= NODE_LIMIT {
                continue;
            }
            let got = perft(&mut position, depth);
            outcome.checks += 1;
            outcome.nodes += expected;
            checked_here += 1;
            if got != expected {
                outcome.failures.push(format!(
                    "{}: {}: depth {depth}: expected {expected}, got {got}",
                    line.origin, line.fen
                ));
            }
        }
        if checked_here == 0 {
            outcome.failures.push(format!(
                "{}: {}: no count below {NODE_LIMIT} nodes, nothing checked",
                line.origin, line.fen
            ));
        }
        if position.to_fen() != before {
            outcome.failures.push(format!(
                "{}: {}: perft left the position changed: {}",
                line.origin,
                line.fen,
                position.to_fen()
            ));
        }
    }
    println!(
        "{name}: {} positions, {} counts checked, {} leaves, {:.1} s",
        outcome.positions,
        outcome.checks,
        outcome.nodes,
        started.elapsed().as_secs_f64()
    );
    outcome
}

/// Fails with every failure of the suite listed.
fn assert_suite(name: &str, expected_positions: usize) {
    let outcome = check_suite(name);
    assert_eq!(
        outcome.positions, expected_positions,
        "{name}: the suite should hold {expected_positions} positions"
    );
    assert!(
        outcome.failures.is_empty(),
        "{name}: {} of {} checks failed:\n{}",
        outcome.failures.len(),
        outcome.checks,
        outcome.failures.join("\n")
    );
}

#[test]
fn cpw_perft_positions_match_published_counts() {
    assert_suite("cpw_perft.epd", 7);
}

#[test]
fn perftsuite_positions_match_published_counts() {
    // 127 as distributed, less line 51, which no game reaches.
    assert_suite("perftsuite.epd", 126);
}

#[test]
fn perft_depth_zero_is_one_leaf() {
    // Zero plies from any position is one sequence: the empty one.
    assert_eq!(perft(&mut Position::startpos(), 0), 1);
}

#[test]
fn divide_of_start_position_at_depth_two() {
    let mut position = Position::startpos();
    let entries = divide(&mut position, 2);

    // White has 20 first moves, listed in generation order.
    assert_eq!(entries.len(), 20);
    assert_eq!(entries[0].0.to_string(), "a2a3");
    let divided: Vec<_> = entries.iter().map(|(mv, _)| *mv).collect();
    assert_eq!(divided, position.legal_moves());

    // No first move of White touches Black's 20 replies.
    for (mv, nodes) in &entries {
        assert_eq!(*nodes, 20, "Black's replies after {mv}");
    }

    // The sum is the published depth-2 count of the start position.
    let start = read_suite("cpw_perft.epd")
        .into_iter()
        .find(|line| line.fen == START_FEN)
        .expect("cpw_perft.epd holds the start position");
    let depth_two = start
        .counts
        .iter()
        .find(|&&(depth, _)| depth == 2)
        .map(|&(_, leaves)| leaves)
        .expect("the start position has a depth-2 count");
    assert_eq!(
        entries.iter().map(|(_, nodes)| nodes).sum::<u64>(),
        depth_two
    );

    // Divide leaves the position as it found it.
    assert_eq!(position.to_fen(), START_FEN);
}
