//! Facts about the search's parts that the driver cannot reach: the lazy
//! cut's conditions, the `ext` table, where a lazy cut may happen, and the
//! transposition table under collisions and with mates.

use common::Position;
use lamosca_search::events::Tracer;
use lamosca_search::pv::Line;
use lamosca_search::{Engine, SearchControl, INFINITY};

use crate::node::{Arrival, Hint, Node};
use crate::pruning::{ext, lazy_cut_allowed};
use crate::LazySearch;

/// A node that passes every condition of the lazy cut.
fn cuttable() -> (Node, Option<Hint>) {
    let position = Position::startpos();
    let mv = position.parse_move("e2e4").unwrap();
    let node = Node {
        depth: 5,
        ply: 3,
        score: 200,
        arrival: Arrival {
            gain: 10,
            capture: false,
        },
        reduced: false,
    };
    (node, Some(Hint { mv, depth: 3 }))
}

#[test]
fn the_lazy_cut_needs_every_condition() {
    let (node, found) = cuttable();
    let margin = 50;
    let allowed = |node: &Node, found, value, in_check| {
        lazy_cut_allowed(node, found, value, 100, in_check, margin)
    };
    assert!(allowed(&node, found, 180, false));
    // Never at the root, never inside a reduced search.
    assert!(!allowed(&Node { ply: 0, ..node }, found, 180, false));
    assert!(!allowed(
        &Node {
            reduced: true,
            ..node
        },
        found,
        180,
        false
    ));
    // Not without a move, nor with one from too shallow a search.
    assert!(!allowed(&node, None, 180, false));
    let stale = found.map(|hint| Hint { depth: 1, ..hint });
    assert!(!allowed(&node, stale, 180, false));
    // Both values must beat beta by the margin.
    assert!(!allowed(&Node { score: 149, ..node }, found, 180, false));
    assert!(!allowed(&node, found, 149, false));
    // Not after a capture or a check.
    let capture = Arrival {
        gain: 10,
        capture: true,
    };
    assert!(!allowed(
        &Node {
            arrival: capture,
            ..node
        },
        found,
        180,
        false
    ));
    let big_gain = Arrival {
        gain: 100,
        capture: false,
    };
    assert!(!allowed(
        &Node {
            arrival: big_gain,
            ..node
        },
        found,
        180,
        false
    ));
    assert!(!allowed(&node, found, 180, true));
}

#[test]
fn ext_follows_the_seed() {
    let limits: Vec<i32> = (0..11).map(ext).collect();
    assert_eq!(
        limits,
        [-50, -50, -50, -50, -50, 100, 300, 500, 1000, INFINITY, INFINITY]
    );
}

/// The lazy cuts made below a node one ply from the root, searched six
/// plies deep, as a main search or as a reduced one.
fn lazy_cuts_below(fen: &str, reduced: bool) -> u64 {
    let mut position = Position::from_fen(fen).expect("valid FEN");
    let mut engine = LazySearch::new();
    let control = SearchControl::unlimited();
    let mut tracer = Tracer::off();
    let mut search = engine.begin(&position, &control, &mut tracer);
    let node = Node {
        ply: 1,
        reduced,
        ..Node::root(6, search.scoring.evaluate(&position))
    };
    search.alpha_beta(
        &mut position,
        node,
        -INFINITY,
        INFINITY,
        &mut Line::default(),
    );
    search.counts.lazy_cuts
}

#[test]
fn no_lazy_cut_inside_a_reduced_search() {
    let positions = [
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
        "3q2k1/5ppp/8/3p4/8/2N5/5PPP/3R2K1 w - - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ];
    for fen in positions {
        // The same node, searched as a main search, does cut lazily.
        assert!(lazy_cuts_below(fen, false) > 0, "{fen}");
        assert_eq!(lazy_cuts_below(fen, true), 0, "{fen}");
    }
}

#[test]
fn the_root_deepening_is_not_a_reduced_search() {
    let root = Node::root(6, 0);
    assert!(!root.shallower().reduced);
    let (node, _) = cuttable();
    assert!(node.shallower().reduced);
    assert!(node.shallower().shallower().reduced);
}

/// A table that compares no bit of the key takes every position for the
/// one stored in its slot: each probe meets a collision, with another
/// position's value and move. Values may go wrong, but the move played is
/// always legal: a stored move only orders the moves generated, and the
/// root is never cut off by the table.
#[test]
fn collisions_in_a_tiny_table_never_give_an_illegal_move() {
    let positions = [
        common::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ];
    let mut engine = LazySearch::new();
    let mut collisions = 0;
    for fen in positions {
        for depth in 1..=5 {
            let mut position = Position::from_fen(fen).expect("valid FEN");
            // Four slots, no key compared: every probe of a filled slot is
            // a collision. (The size asked for stays 0 MB, so the search
            // keeps this table.)
            engine.table = crate::tt::Table::blind(4);
            let control = SearchControl::unlimited();
            let mut tracer = Tracer::off();
            let mut search = engine.begin(&position, &control, &mut tracer);
            let score = search.scoring.evaluate(&position);
            search.deepening(&mut position, depth, score);
            let best = search.root.answer.expect("a move").mv;
            collisions += search.counts.hits;
            assert!(
                position.legal_moves().contains(&best),
                "{fen}, depth {depth}: {best}"
            );
        }
    }
    assert!(collisions > 1000, "only {collisions} collisions");
}

/// A mate the search stored at the root reads back, from the same entry,
/// as a mate counted from wherever the position is met again.
#[test]
fn a_mate_stored_by_a_search_reads_back_at_another_ply() {
    let mut position = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").expect("valid FEN");
    let mut engine = LazySearch::new();
    engine.switches.hash = 1;
    let report = engine.search(
        &mut position,
        3,
        &SearchControl::unlimited(),
        &mut Tracer::off(),
    );
    assert_eq!(report.value, lamosca_search::MATE - 1);
    // The root's key: the position's, told apart by the root's rules.
    let control = SearchControl::unlimited();
    let mut tracer = Tracer::off();
    let key = engine
        .begin(&position, &control, &mut tracer)
        .table_key(&position, Node::root(3, 0), false)
        .expect("the table is on");
    let at_root = engine.table.probe(key, 0).expect("stored");
    assert_eq!(at_root.value, lamosca_search::MATE - 1);
    // Met three plies from the root, the same mate in one is four plies
    // from it.
    let deeper = engine.table.probe(key, 3).expect("stored");
    assert_eq!(deeper.value, lamosca_search::MATE - 4);
}

/// Seed 002 forbids a lazy cut inside a reduced search: a node there and
/// the same position in the main search, whose subtree may be cut lazily,
/// are kept apart in the table, so that no value found with lazy cuts
/// settles a reduced node. With the lazy cut off, nothing tells them apart.
#[test]
fn a_reduced_node_never_reads_an_entry_a_lazy_search_may_have_stored() {
    let position = Position::startpos();
    let mut engine = LazySearch::new();
    engine.switches.hash = 1;
    let control = SearchControl::unlimited();
    let mut tracer = Tracer::off();
    let (main, _) = cuttable();
    let reduced = Node {
        reduced: true,
        ..main
    };
    let keys = |search: crate::search::Search| {
        (
            search.table_key(&position, main, false),
            search.table_key(&position, reduced, false),
        )
    };
    let (main_key, reduced_key) = keys(engine.begin(&position, &control, &mut tracer));
    assert!(main_key.is_some());
    assert_ne!(main_key, reduced_key);
    engine.switches.lazy = false;
    let (main_key, reduced_key) = keys(engine.begin(&position, &control, &mut tracer));
    assert_eq!(main_key, reduced_key);
}

/// `setoption name Hash value 64` makes the table at once, before
/// `isready` is answered: the first `go` finds it made and spends none of
/// its clock on it.
#[test]
fn the_table_is_made_when_hash_is_set_not_at_the_first_search() {
    let mut engine = LazySearch::new();
    assert!(engine.table.is_off());
    let hash = LazySearch::OPTIONS
        .iter()
        .find(|option| option.name == "Hash")
        .expect("v0.11 offers Hash");
    hash.set(&mut engine, lamosca_search::OptionValue::Spin(64))
        .unwrap();
    assert_eq!(engine.table.megabytes(), 64);
    assert_eq!(
        engine.table.slots(),
        (64 << 20) / std::mem::size_of::<Option<crate::tt::Entry>>() as u64
    );
    hash.set(&mut engine, lamosca_search::OptionValue::Spin(0))
        .unwrap();
    assert!(engine.table.is_off());
}
