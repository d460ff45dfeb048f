//! Measures what the ordering saves: nodes of v0.07's NegaMax against
//! v0.09's alpha-beta with each switch, and the share of cut-offs made by
//! the first move tried.
//!
//! ```text
//! cargo run --release -p lamosca-v09 --example measure -- [DEPTH]
//! ```

use common::{Position, START_FEN};
use lamosca_search::events::Tracer;
use lamosca_search::{Engine, OptionValue, SearchControl};
use lamosca_v07::NegaMax;
use lamosca_v09::AlphaBeta;

/// The positions measured: the start and Kiwipete, the perft suites'
/// position 2, full of captures, pins and castling.
const POSITIONS: [(&str, &str); 2] = [
    ("start", START_FEN),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
];

/// Each configuration: a name and the options it changes from the default.
const CONFIGURATIONS: [(&str, &[(&str, bool)]); 6] = [
    ("default", &[]),
    ("--no-mvv-lva", &[("MvvLva", false)]),
    ("--no-history", &[("History", false)]),
    ("--killers", &[("Killers", true)]),
    ("--no-ordering", &[("Ordering", false)]),
    (
        "--no-history --killers",
        &[("History", false), ("Killers", true)],
    ),
];

fn main() {
    let depth = std::env::args()
        .nth(1)
        .and_then(|arg| arg.parse().ok())
        .unwrap_or(5);
    let control = SearchControl::unlimited();
    println!("depth {depth}");
    for (name, fen) in POSITIONS {
        let mut position = Position::from_fen(fen).expect("a valid FEN");
        let negamax = NegaMax::new().search(&mut position, depth, &control, &mut Tracer::off());
        println!(
            "\n{name}: v0.07 {} nodes, value {}",
            negamax.nodes, negamax.value
        );
        println!(
            "{:<24} {:>10} {:>9} {:>7}  statistics",
            "v0.09", "nodes", "of v0.07", "value"
        );
        for (label, options) in CONFIGURATIONS {
            let mut engine = AlphaBeta::new();
            for &(option, on) in options {
                engine.set_option(option, OptionValue::Check(on)).unwrap();
            }
            let report = engine.search(&mut position, depth, &control, &mut Tracer::off());
            let share = 100.0 * report.nodes as f64 / negamax.nodes as f64;
            let figures: Vec<String> = report
                .statistics
                .iter()
                .map(|s| format!("{}: {}", s.label, s.value))
                .collect();
            println!(
                "{label:<24} {:>10} {:>8.3}% {:>7}  {}",
                report.nodes,
                share,
                report.value,
                figures.join(", ")
            );
        }
    }
}
