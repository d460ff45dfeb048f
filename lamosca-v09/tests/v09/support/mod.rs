//! What the tests share: the positions they search and the engine's
//! switches.

use common::START_FEN;
use lamosca_search::{Engine, OptionValue};
use lamosca_v09::AlphaBeta;

/// A position to search, its name, and the deepest depth a test of every
/// switch combination searches it to while staying quick.
pub struct Case {
    pub name: &'static str,
    pub fen: &'static str,
    pub max_depth: u32,
}

/// The positions: the opening, the perft suites' tactical and endgame
/// positions, a mate in one and a stalemate.
pub const CASES: &[Case] = &[
    Case {
        name: "start",
        fen: START_FEN,
        max_depth: 4,
    },
    Case {
        name: "kiwipete",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        max_depth: 3,
    },
    Case {
        name: "rook endgame",
        fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        max_depth: 4,
    },
    Case {
        name: "promotions",
        fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        max_depth: 3,
    },
    Case {
        name: "back-rank mate in one",
        fen: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        max_depth: 4,
    },
    Case {
        name: "stalemate",
        fen: "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        max_depth: 4,
    },
];

/// The four switches, by their UCI names.
pub const SWITCHES: [&str; 4] = ["MvvLva", "History", "Killers", "Ordering"];

/// An engine with the switches of `mask` on (bit `i` for `SWITCHES[i]`).
pub fn engine_with(mask: u32) -> AlphaBeta {
    let mut engine = AlphaBeta::new();
    for (i, name) in SWITCHES.iter().enumerate() {
        engine
            .set_option(name, OptionValue::Check(mask & (1 << i) != 0))
            .unwrap();
    }
    engine
}

/// The switches of `mask`, for messages.
pub fn describe(mask: u32) -> String {
    let on: Vec<&str> = SWITCHES
        .iter()
        .enumerate()
        .filter(|(i, _)| mask & (1 << i) != 0)
        .map(|(_, name)| *name)
        .collect();
    if on.is_empty() {
        "no switch".to_string()
    } else {
        on.join("+")
    }
}
