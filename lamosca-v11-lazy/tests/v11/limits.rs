//! Every limit is obeyed, whatever the ideas kept. With none of them,
//! v0.11 under a node budget, a deadline or a `stop` is v0.10 under the
//! same limit: the driver deepens both one depth at a time, and both
//! answer the same move, value and nodes. Every rung of the chapter's
//! ladder keeps a node budget and stops when told to.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use common::Position;
use lamosca_search::deepen::{deepen, Limits, Trace};
use lamosca_search::{Engine, Report};
use lamosca_v10_quiescence::QuiescenceSearch;
use lamosca_v11_lazy::{Ideas, LazySearch};

use crate::uci_child;

/// Positions of the suites: the perft suites' Kiwipete and rook endgame,
/// Win At Chess no. 1 and Bratko-Kopec no. 1, with a depth each far
/// deeper than the budgets below let a search finish.
const POSITIONS: [(&str, u32); 4] = [
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
    ),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 12),
    (
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
        6,
    ),
    ("1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1", 6),
];

/// v0.11 keeping the first `rung` ideas of the chapter's ladder.
fn rung(rung: usize) -> LazySearch {
    let mut engine = LazySearch::new();
    engine.switches.ideas = Ideas::first(rung);
    engine
}

/// The driver's search of `fen` under `limits`, as `search --nodes` and
/// UCI's `go` run it, with a `stop` flag of its own (a spent budget
/// raises it).
fn driven<E: Engine>(engine: &mut E, fen: &str, limits: &Limits) -> Report {
    let stop = Arc::new(AtomicBool::new(false));
    stopped(engine, fen, limits, &stop)
}

/// The same, with the `stop` flag given.
fn stopped<E: Engine>(
    engine: &mut E,
    fen: &str,
    limits: &Limits,
    stop: &Arc<AtomicBool>,
) -> Report {
    let mut position = Position::from_fen(fen).expect("valid FEN");
    deepen(engine, &mut position, limits, stop, Trace::off(), |_| {})
}

fn budget(depth: u32, nodes: u64) -> Limits {
    Limits {
        depth,
        deadline: None,
        nodes: Some(nodes),
    }
}

#[test]
fn with_no_idea_a_node_budget_gives_v10_s_search() {
    for (fen, depth) in POSITIONS {
        for nodes in [20_000, 55_555] {
            let limits = budget(depth, nodes);
            let v10 = driven(&mut QuiescenceSearch::new(), fen, &limits);
            let v11 = driven(&mut rung(0), fen, &limits);
            let facts = |r: &Report| (r.best, r.value, r.nodes, r.depth, r.interrupted);
            assert_eq!(facts(&v11), facts(&v10), "{fen}, {nodes} nodes");
            assert!(v11.nodes <= nodes, "{fen}: {} nodes", v11.nodes);
        }
    }
}

/// A deadline and a `stop` end the search at once, for every rung. Run
/// without either, each of these searches takes seconds.
#[test]
fn every_rung_keeps_a_node_budget_and_stops_when_told() {
    let (fen, depth) = POSITIONS[0];
    for n in 0..=Ideas::NAMES.len() {
        // The budget: a search that deepens by itself finishes its first
        // iteration whatever it costs, and no more than that after it.
        let report = driven(&mut rung(n), fen, &budget(depth, 3_000));
        let first = driven(&mut rung(n), fen, &budget(depth, 1));
        assert!(
            report.nodes <= 3_000.max(first.nodes),
            "rung {n}: {} nodes, its first iteration {}",
            report.nodes,
            first.nodes
        );
        // The deadline.
        let limits = Limits {
            depth: 64,
            deadline: Some(Instant::now() + Duration::from_millis(150)),
            nodes: None,
        };
        let started = Instant::now();
        let report = driven(&mut rung(n), fen, &limits);
        assert!(report.interrupted && report.best.is_some(), "rung {n}");
        let took = started.elapsed();
        assert!(took < Duration::from_millis(1_500), "rung {n}: {took:?}");
        // The flag, raised from another thread as UCI's `stop` raises it.
        let stop = Arc::new(AtomicBool::new(false));
        let raise = Arc::clone(&stop);
        let raiser = thread::spawn(move || {
            thread::sleep(Duration::from_millis(150));
            raise.store(true, Ordering::Relaxed);
        });
        let started = Instant::now();
        let report = stopped(&mut rung(n), fen, &Limits::depth(64), &stop);
        raiser.join().unwrap();
        let took = started.elapsed();
        assert!(report.interrupted && report.best.is_some(), "rung {n}");
        assert!(took < Duration::from_millis(1_500), "rung {n}: {took:?}");
    }
}

/// The case: UCI, every idea off, `go depth 6`, `stop` half a
/// second later. `bestmove` came 8.8 s later; now it comes at once, and
/// it is the last `info` line's first move.
#[test]
fn with_no_idea_uci_stop_ends_a_search_of_a_given_depth() {
    let mut engine = uci_child::Engine::start(env!("CARGO_BIN_EXE_lamosca-v11-lazy"));
    engine.send("setoption name Ideas value none");
    engine.send(&format!("position fen {}", POSITIONS[0].0));
    engine.send("go depth 7");
    thread::sleep(Duration::from_millis(300));
    let stopped = Instant::now();
    engine.send("stop");
    let lines = engine.until_bestmove("go depth 7, then stop");
    let took = stopped.elapsed();
    assert!(took < Duration::from_millis(1_500), "{took:?}: {lines:?}");
    let (played, last_pv) = uci_child::played_and_last_pv(&lines);
    assert!(played.is_some() && played == last_pv, "{lines:?}");
}
