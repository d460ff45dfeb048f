//! The transposition table from outside, as the driver and a GUI use it:
//! off by default and then nothing changes, the same values as without it
//! where the search is exhaustive, and forgotten at `ucinewgame`.

use crate::ideas;
use common::{Position, START_FEN};
use lamosca_search::events::Tracer;
use lamosca_search::log::{capture, Words};
use lamosca_search::{statistic, Engine, Figure, OptionValue, Report, SearchControl};
use lamosca_v11_lazy::LazySearch;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const MIDDLEGAME: &str = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8";

/// Positions, and the deepest depth a test searches each to.
const CASES: [(&str, u32); 8] = [
    (START_FEN, 4),
    (KIWIPETE, 3),
    (MIDDLEGAME, 4),
    ("3q2k1/5ppp/8/3p4/8/2N5/5PPP/3R2K1 w - - 0 1", 4),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4),
    (
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
        4,
    ),
    // Mate in one, and mate in two (1.Qd8+ Rxd8 2.Rxd8#... or the like).
    ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 4),
    ("3r2k1/5ppp/8/8/8/8/5PPP/3RR1K1 w - - 0 1", 4),
];

fn engine(options: &[(&str, OptionValue)]) -> LazySearch {
    let mut engine = LazySearch::new();
    for &(name, value) in options {
        engine.set_option(name, value).unwrap();
    }
    engine
}

fn search(engine: &mut LazySearch, fen: &str, depth: u32) -> Report {
    let mut position = Position::from_fen(fen).expect("valid FEN");
    engine.search(
        &mut position,
        depth,
        &SearchControl::unlimited(),
        &mut Tracer::off(),
    )
}

fn count(report: &Report, label: &str) -> u64 {
    statistic(&report.statistics, label)
        .and_then(Figure::count)
        .unwrap_or_else(|| panic!("no {label}"))
}

/// To depth 4 the search is exhaustive once the lazy cut is off: the
/// selective stand pat begins at ply 5, and nothing depends on the clock.
/// Alpha-beta then finds the same value whatever it knew beforehand, so
/// the table changes no value, though it cuts nodes off with what it
/// stored.
#[test]
fn the_table_changes_no_value_where_the_search_is_exhaustive() {
    let mut table_cuts = 0;
    for (fen, deepest) in CASES {
        for depth in 1..=deepest {
            let without = search(&mut engine(&[ideas("no-lazy")]), fen, depth);
            let hash = ("Hash", OptionValue::Spin(1));
            let mut hashed = engine(&[ideas("all,no-lazy"), hash]);
            let with = search(&mut hashed, fen, depth);
            assert_eq!(with.value, without.value, "{fen}, depth {depth}");
            assert!(count(&with, "hash probes") > 0, "{fen}, depth {depth}");
            table_cuts += count(&with, "hash cut-offs");
        }
    }
    assert!(table_cuts > 100, "only {table_cuts} cut-offs by the table");
}

/// The default keeps no table: an engine whose table was turned on and
/// then off again traces and reports exactly what a fresh one does, with
/// no figure of the table. (The trace snapshots, taken with the default,
/// hold the rest.)
#[test]
fn the_default_is_v011_without_a_table() {
    for (fen, deepest) in CASES {
        let mut fresh = LazySearch::new();
        let mut switched = engine(&[ideas("all"), ("Hash", OptionValue::Spin(4))]);
        // It searches once with the table, then without.
        search(&mut switched, fen, 2);
        let (name, default) = ideas("default");
        switched.set_option(name, default).unwrap();
        let traced = |engine: &mut LazySearch| {
            let mut position = Position::from_fen(fen).expect("valid FEN");
            capture(Words::English, 3, |tracer| {
                engine.search(&mut position, deepest, &SearchControl::unlimited(), tracer)
            })
        };
        let (old_trace, old) = traced(&mut fresh);
        let (new_trace, new) = traced(&mut switched);
        assert_eq!(new_trace, old_trace, "{fen}");
        assert_eq!(new, old, "{fen}");
        assert!(statistic(&new.statistics, "hash probes").is_none());
    }
}

/// The table outlives a search, so the same search again costs far fewer
/// nodes; `ucinewgame` empties it, and the engine searches as if fresh.
#[test]
fn ucinewgame_clears_the_table() {
    let options = [ideas("all"), ("Hash", OptionValue::Spin(1))];
    let mut engine = engine(&options);
    let first = search(&mut engine, MIDDLEGAME, 5);
    let again = search(&mut engine, MIDDLEGAME, 5);
    assert!(
        again.nodes < first.nodes / 2,
        "the second search finds the first's entries: {} nodes, then {}",
        first.nodes,
        again.nodes
    );
    engine.new_game();
    let cleared = search(&mut engine, MIDDLEGAME, 5);
    assert_eq!(cleared, first);
}
