//! The mate suite every step's `tests/mates.rs` searches, written once:
//! each step's test file includes this one (`#[path]`).
//!
//! Each position is a forced mate, its distance the shortest Stockfish
//! finds: endings where a queen, a rook, or a rook and a bishop mate a
//! lone king, and short mates from Win At Chess (`common/suites/wac.epd`).
//! A search of depth `d` that looks at every move sees a mate in `m` moves
//! whenever `2m <= d` (the mated side's node, `2m - 1` plies down, must
//! be searched to find it has no move), and then scores it exactly
//! `MATE - (2m - 1)`.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use common::Position;
use lamosca_search::deepen::{deepen, Limits, Trace, MAX_DEPTH};
use lamosca_search::{Engine, MATE};

/// The name, the position and the moves to mate.
pub const MATES: [(&str, &str, u32); 20] = [
    ("KQK centre", "8/8/8/8/8/2k5/8/1K1Q4 w - - 0 1", 4),
    ("KQK edge", "8/7k/8/4Q1K1/8/8/8/8 w - - 0 1", 3),
    ("KQK corner", "8/8/8/5K2/6Q1/8/8/7k w - - 0 1", 3),
    ("KQK far", "6k1/8/8/3K4/8/8/8/2Q5 w - - 0 1", 4),
    ("KRK edge", "8/R7/8/8/8/K7/8/k7 w - - 0 1", 3),
    ("KRK file", "8/8/8/8/6K1/3R4/8/6k1 w - - 0 1", 3),
    ("KRK corner", "7k/8/5K2/8/8/8/8/R7 w - - 0 1", 2),
    ("KRK far", "8/7k/8/1R4K1/8/8/8/8 w - - 0 1", 3),
    ("KRBK", "6k1/8/5K2/8/8/8/8/1R5B w - - 0 1", 2),
    (
        "WAC.001",
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
        2,
    ),
    (
        "WAC.004",
        "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1",
        2,
    ),
    (
        "WAC.005",
        "5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - - 0 1",
        2,
    ),
    (
        "WAC.027",
        "7k/pp4np/2p3p1/3pN1q1/3P4/Q7/1r3rPP/2R2RK1 w - - 0 1",
        2,
    ),
    (
        "WAC.060",
        "rn1qr1k1/1p2np2/2p3p1/8/1pPb4/7Q/PB1P1PP1/2KR1B1R w - - 0 1",
        2,
    ),
    (
        "WAC.050",
        "k4r2/1R4pb/1pQp1n1p/3P4/5p1P/3P2P1/r1q1R2K/8 w - - 0 1",
        3,
    ),
    (
        "WAC.064",
        "8/6pp/3q1p2/3n1k2/1P6/3NQ2P/5PP1/6K1 w - - 0 1",
        3,
    ),
    (
        "WAC.097",
        "6k1/5p2/p5np/4B3/3P4/1PP1q3/P3r1QP/6RK w - - 0 1",
        3,
    ),
    (
        "WAC.219",
        "7k/p4q1p/1pb5/2p5/4B2Q/2P1B3/P6P/7K b - - 0 1",
        3,
    ),
    (
        "WAC.035",
        "r3r2k/2R3pp/pp1q1p2/8/3P3R/7P/PP3PP1/3Q2K1 w - - 0 1",
        4,
    ),
    (
        "WAC.298",
        "3Q4/p3b1k1/2p2rPp/2q5/4B3/P2P4/7P/6RK w - - 0 1",
        4,
    ),
];

/// What a search of one position found: the depth it finished and its
/// value.
#[derive(Clone, Copy, Debug)]
pub struct Found {
    pub name: &'static str,
    pub moves_to_mate: u32,
    pub depth: u32,
    pub value: i32,
}

impl Found {
    /// The value of the mate, seen from the side that mates.
    pub fn mate_value(&self) -> i32 {
        MATE - (2 * self.moves_to_mate as i32 - 1)
    }

    /// True when the search scored the mate.
    pub fn mated(&self) -> bool {
        self.value == self.mate_value()
    }

    /// True when the depth finished reaches the mate.
    pub fn within_depth(&self) -> bool {
        self.depth >= 2 * self.moves_to_mate
    }
}

/// Every position of [`MATES`] searched by a fresh `E`, deepening within
/// `nodes` nodes.
pub fn search_mates<E: Engine>(nodes: u64) -> Vec<Found> {
    MATES
        .iter()
        .map(|&(name, fen, moves_to_mate)| {
            let mut position = Position::from_fen(fen).unwrap();
            let limits = Limits {
                nodes: Some(nodes),
                ..Limits::depth(MAX_DEPTH)
            };
            let stop = Arc::new(AtomicBool::new(false));
            let report = deepen(
                &mut E::new(),
                &mut position,
                &limits,
                &stop,
                Trace::off(),
                |_| {},
            );
            Found {
                name,
                moves_to_mate,
                depth: report.depth,
                value: report.value,
            }
        })
        .collect()
}

/// Checks that every mate within the depth `found` reached was scored.
pub fn every_mate_within_depth_found(found: &[Found]) {
    for one in found {
        if one.within_depth() {
            let (name, moves) = (one.name, one.moves_to_mate);
            assert!(one.mated(), "{name}: mate in {moves} missed: {one:?}");
        }
    }
}
