//! Facts about the search's parts that the driver cannot reach: the lazy
//! cut's conditions, the `ext` table, where a lazy cut may happen, and the
//! transposition table under collisions and with mates.

use common::Position;
use lamosca_search::events::Tracer;
use lamosca_search::pv::Line;
use lamosca_search::{Engine, OptionValue, SearchControl, INFINITY};

use crate::node::{Arrival, Node};
use crate::pruning::{ext, FULL_WIDTH_PLIES};
use crate::tt::node_key;
use crate::{Ideas, LazySearch};

/// A node two plies above the horizon's reach, three from the root.
fn cuttable() -> Node {
    Node {
        depth: 5,
        ply: 3,
        score: 200,
        arrival: Arrival {
            gain: 10,
            capture: false,
        },
        reduced: false,
    }
}

#[test]
fn ext_follows_the_seed() {
    // Plies 1 to 4 are searched full width; from ply 5 on, a pawn, a
    // bishop, a rook and a queen, then anything.
    assert_eq!(FULL_WIDTH_PLIES, 4);
    let limits: Vec<i32> = (5..11).map(ext).collect();
    assert_eq!(limits, [100, 300, 500, 1000, INFINITY, INFINITY]);
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
    let node = cuttable();
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
    engine.switches.ideas = Ideas::ALL;
    // A size of 0 MB: the search keeps the table it is given below.
    engine.switches.hash = 0;
    let mut collisions = 0;
    for fen in positions {
        for depth in 1..=5 {
            let mut position = Position::from_fen(fen).expect("valid FEN");
            // Four slots, no key compared: every probe of a filled slot is
            // a collision.
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
    engine.switches.ideas = Ideas::ALL;
    engine.switches.hash = 1;
    let report = engine.search(
        &mut position,
        3,
        &SearchControl::unlimited(),
        &mut Tracer::off(),
    );
    assert_eq!(report.value, lamosca_search::MATE - 1);
    // The root's key: the position's, told apart by the root's rules (it
    // never stands pat; its subtree may be cut lazily).
    let key = node_key(&position, false, true);
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
/// settles a reduced node; and a node that may stand pat apart from one
/// that must move.
#[test]
fn the_kinds_of_node_are_kept_apart_in_the_table() {
    let position = Position::startpos();
    let keys = [
        node_key(&position, false, false),
        node_key(&position, false, true),
        node_key(&position, true, false),
        node_key(&position, true, true),
    ];
    assert_eq!(keys[0], position.hash());
    for (i, key) in keys.iter().enumerate() {
        assert!(!keys[i + 1..].contains(key), "{keys:x?}");
    }
}

/// `setoption name Hash value 64` makes the table at once when the ideas
/// keep it, before `isready` is answered, and so does keeping it: the
/// first `go` finds it made and spends none of its clock on it. Without
/// the table among the ideas, no memory is taken.
#[test]
fn the_table_is_made_when_an_option_asks_for_it_not_at_the_first_search() {
    let option = |name: &str| {
        LazySearch::OPTIONS
            .iter()
            .find(|option| option.name == name)
            .expect("v0.11 offers it")
    };
    let mut engine = LazySearch::new();
    assert!(engine.table.is_off(), "the default keeps no table");
    option("Hash")
        .set(&mut engine, OptionValue::Spin(64))
        .unwrap();
    assert!(engine.table.is_off(), "the ideas do not keep it");
    let all = option("Ideas").parse_value("all").unwrap();
    option("Ideas").set(&mut engine, all).unwrap();
    assert_eq!(engine.table.megabytes(), 64);
    assert_eq!(
        engine.table.slots(),
        (64 << 20) / std::mem::size_of::<Option<crate::tt::Entry>>() as u64
    );
    let none = option("Ideas").parse_value("none").unwrap();
    option("Ideas").set(&mut engine, none).unwrap();
    assert!(engine.table.is_off());
}
