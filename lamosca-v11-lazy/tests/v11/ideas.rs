//! Each of Kornilov's ideas is one switch: with none, v0.11 searches
//! v0.10's tree, node for node; adding them one at a time, in the
//! chapter's order, each changes the tree, or the chapter says why not.

use common::{Position, START_FEN};
use lamosca_search::events::Tracer;
use lamosca_search::log::{capture, Words};
use lamosca_search::{Engine, OptionValue, Report, SearchControl};
use lamosca_v10_quiescence::QuiescenceSearch;
use lamosca_v11_lazy::{Ideas, LazySearch};

/// Positions of the suites (the perft suites' first four, Win At Chess
/// no. 1) and of the chapters, with the deepest depth each is searched to.
const CASES: [(&str, &str, u32); 7] = [
    ("start", START_FEN, 4),
    (
        "Kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
    ),
    (
        "rook endgame",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        4,
    ),
    (
        "promotions",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        4,
    ),
    (
        "WAC.001",
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
        4,
    ),
    (
        "Ruy Lopez",
        "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
        4,
    ),
    (
        "a pawn twice attacked",
        "3q2k1/5ppp/8/3p4/8/2N5/5PPP/3R2K1 w - - 0 1",
        4,
    ),
];

const ROOK_ENDGAME: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";

fn search<E: Engine>(engine: &mut E, fen: &str, depth: u32) -> Report {
    let mut position = Position::from_fen(fen).expect("valid FEN");
    let control = SearchControl::unlimited();
    engine.search(&mut position, depth, &control, &mut Tracer::off())
}

/// v0.11 with `ideas`, as `--ideas` sets them, with a table of `hash` MB
/// when they keep it; 0 drops the table from them.
fn with(ideas: Ideas, hash: i64) -> LazySearch {
    let mut engine = LazySearch::new();
    engine.switches.ideas = Ideas {
        table: ideas.table && hash > 0,
        ..ideas
    };
    if hash > 0 {
        engine.set_option("Hash", OptionValue::Spin(hash)).unwrap();
    }
    engine
}

#[test]
fn with_no_idea_v11_searches_v10s_tree() {
    for (name, fen, deepest) in CASES {
        for depth in 1..=deepest {
            let old = search(&mut QuiescenceSearch::new(), fen, depth);
            let new = search(&mut with(Ideas::NONE, 0), fen, depth);
            let seen = |report: &Report| (report.value, report.best, report.nodes);
            assert_eq!(seen(&new), seen(&old), "{name}, depth {depth}");
        }
    }
}

/// v0.11 with the ideas `list` names, as `--ideas LIST` keeps them.
fn keeping(list: &str, hash: i64) -> LazySearch {
    let mut engine = with(Ideas::ALL, hash);
    let ideas = LazySearch::OPTIONS[0].parse_value(list).unwrap();
    engine.set_option("Ideas", ideas).unwrap();
    engine
}

#[test]
fn the_switch_keeps_any_list_of_ideas() {
    assert_eq!(keeping("none", 0).switches.ideas, Ideas::NONE);
    assert_eq!(
        keeping("order,fail-soft", 0).switches.ideas,
        Ideas::first(2)
    );
    let lazy_alone = Ideas {
        lazy: true,
        ..Ideas::NONE
    };
    assert_eq!(keeping("lazy", 0).switches.ideas, lazy_alone);
    assert_eq!(LazySearch::new().switches.ideas, Ideas::DEFAULT);
    let unknown = LazySearch::OPTIONS[0].parse_value("order,null-move");
    assert_eq!(
        unknown,
        Err(
            "option Ideas takes all, none, or any of order, fail-soft, draws, iid, lazy, \
             selective, incremental, table separated by commas, each kept, or dropped with \
             no-, not 'order,null-move'"
                .to_string()
        )
    );
}

/// Each idea kept alone, on v0.10's search, against v0.10: the nodes of
/// the rook endgame six plies deep and, for fail-soft bounds, what the
/// nodes return.
#[test]
fn each_idea_alone_on_v10_changes_the_tree_or_says_why_not() {
    let alone = |list: &str, hash: i64| search(&mut keeping(list, hash), ROOK_ENDGAME, 6);
    let v10 = alone("none", 0);
    let (nodes, value) = (v10.nodes, v10.value);
    // Kornilov's order, the internal deepening, the selective stand pat
    // and the table (given a size) each change the tree alone.
    for (list, hash) in [("order", 0), ("iid", 0), ("selective", 0), ("table", 16)] {
        assert_ne!(alone(list, hash).nodes, nodes, "{list} alone");
    }
    // Fail-soft bounds search the same nodes; what changes is what they
    // return outside their window, which the trace's results show.
    assert_eq!(alone("fail-soft", 0).nodes, nodes);
    assert_ne!(
        results(keeping("fail-soft", 0), ROOK_ENDGAME, 4),
        results(keeping("none", 0), ROOK_ENDGAME, 4)
    );
    // Incremental scoring finds the same scores another way.
    let incremental = alone("incremental", 0);
    assert_eq!((incremental.nodes, incremental.value), (nodes, value));
    // The lazy cut reads what the internal deepening found: alone it
    // never fires.
    assert_eq!(alone("lazy", 0).nodes, nodes);
    // Draws only where one is in reach: a knight cannot mate.
    let knight = "8/8/4k3/8/8/3NK3/8/8 w - - 0 1";
    let draws = search(&mut keeping("draws", 0), knight, 4).nodes;
    assert!(draws < search(&mut keeping("none", 0), knight, 4).nodes);
}

/// The trace's `Result` lines of a search of `fen` to `depth`.
fn results(mut engine: LazySearch, fen: &str, depth: u32) -> Vec<String> {
    let mut position = Position::from_fen(fen).expect("valid FEN");
    let control = SearchControl::unlimited();
    let (trace, _) = capture(Words::English, depth, |tracer| {
        engine.search(&mut position, depth, &control, tracer)
    });
    trace
        .lines()
        .filter(|line| line.starts_with("Result"))
        .map(str::to_string)
        .collect()
}

/// The nodes of a search of `fen` to `depth` with the first `n` ideas.
fn rung(fen: &str, depth: u32, n: usize, hash: i64) -> u64 {
    search(&mut with(Ideas::first(n), hash), fen, depth).nodes
}

/// Each idea added to those before it changes the nodes searched, but two:
/// fail-soft bounds change what a node returns, not which nodes are
/// searched, until the lazy cut reads a value beyond beta; incremental
/// scoring changes how a score is found, not its value.
#[test]
fn each_idea_added_in_order_changes_the_tree_or_only_what_a_node_returns() {
    let nodes: Vec<u64> = (0..Ideas::NAMES.len())
        .map(|n| rung(ROOK_ENDGAME, 6, n, 0))
        .collect();
    let changes = |n: usize| nodes[n] != nodes[n - 1];
    assert!(changes(1), "order: {nodes:?}");
    assert!(!changes(2), "fail-soft: {nodes:?}");
    assert!(changes(4), "iid: {nodes:?}");
    assert!(changes(5), "lazy: {nodes:?}");
    assert!(changes(6), "selective: {nodes:?}");
    assert!(!changes(7), "incremental: {nodes:?}");
    // The table, with a size.
    assert_ne!(
        rung(ROOK_ENDGAME, 6, 8, 16),
        rung(ROOK_ENDGAME, 6, 7, 16),
        "table"
    );
}

/// Draws show where one is within reach: a knight and a king cannot mate,
/// so with draws every move of the root ends its line at once, in each of
/// the four iterations the root deepens through.
#[test]
fn draws_end_the_lines_a_draw_by_the_rules_ends() {
    let knight = "8/8/4k3/8/8/3NK3/8/8 w - - 0 1";
    let before = rung(knight, 4, 2, 0);
    let with_draws = rung(knight, 4, 3, 0);
    let moves = Position::from_fen(knight).unwrap().legal_moves().len() as u64;
    assert_eq!(with_draws, 4 * (1 + moves));
    assert!(before > with_draws);
}

/// Without the lazy cut's fail-soft bounds, a shallower search never
/// returns more than beta, and the cut never fires.
#[test]
fn the_lazy_cut_needs_fail_soft_bounds() {
    let lazy_without_fail_soft = Ideas {
        fail_soft: false,
        ..Ideas::first(5)
    };
    let iid_alone = Ideas {
        fail_soft: false,
        ..Ideas::first(4)
    };
    let nodes = |ideas| search(&mut with(ideas, 0), ROOK_ENDGAME, 6).nodes;
    assert_eq!(nodes(lazy_without_fail_soft), nodes(iid_alone));
    assert_ne!(nodes(Ideas::first(5)), nodes(Ideas::first(4)));
}
