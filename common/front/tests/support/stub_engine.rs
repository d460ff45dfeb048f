//! A small stand-in engine for the driver's tests: a one-ply search behind
//! the shared command line and UCI loop. It lets `common` test `search`,
//! `perft`, `perft-suite` and UCI through a real process without knowing
//! any version.

use common::{evaluate, Position};
use lamosca_search::events::{NodeKind, Tracer};
use lamosca_search::{
    no_moves_score, Engine, EngineOption, OptionKind, Report, SearchControl, Statistic,
    CHECK_EVERY, INFINITY,
};

/// Tries every move one ply deep, whatever the depth asked, and keeps the
/// first of the best by the evaluation. To test the clock, it can be made
/// to think until told to stop from a chosen depth on.
#[derive(Debug, Default)]
struct OnePly {
    /// From this depth on (0: never), the search waits for the stop,
    /// before its first move (`Stall`) or after its last (`Linger`).
    stall: u32,
    linger: u32,
}

impl Engine for OnePly {
    const NAME: &'static str = "LaMoSca stub";

    const OPTIONS: &'static [EngineOption<Self>] = &[
        EngineOption {
            name: "Stall",
            flag: "stall",
            help: "from this depth on, wait for the stop before the first move (0: never)",
            kind: OptionKind::Spin {
                default: 0,
                min: 0,
                max: 64,
                set: |engine, depth| engine.stall = depth as u32,
            },
        },
        EngineOption {
            name: "Linger",
            flag: "linger",
            help: "from this depth on, wait for the stop after the last move (0: never)",
            kind: OptionKind::Spin {
                default: 0,
                min: 0,
                max: 64,
                set: |engine, depth| engine.linger = depth as u32,
            },
        },
    ];

    fn new() -> Self {
        OnePly::default()
    }

    fn search(
        &mut self,
        position: &mut Position,
        depth: u32,
        control: &SearchControl,
        tracer: &mut Tracer<'_>,
    ) -> Report {
        tracer.node(0, NodeKind::Main, position, None);
        let waits = |from: u32| from > 0 && depth >= from;
        if waits(self.stall) && wait_for_stop(control) {
            return stopped(depth);
        }
        let moves = position.legal_moves();
        let (mut value, mut best) = (-INFINITY, None);
        for (i, &mv) in moves.iter().enumerate() {
            if control.poll(i as u64 + 1) {
                return stopped(depth);
            }
            position.make(mv);
            let tried = -evaluate(position);
            position.unmake();
            tracer.moved(0, mv, tried);
            if tried > value {
                (value, best) = (tried, Some(mv));
            }
        }
        if waits(self.linger) && wait_for_stop(control) {
            return stopped(depth);
        }
        if moves.is_empty() {
            value = no_moves_score(position, 0);
        }
        tracer.result(0, !moves.is_empty(), value, best, None);
        let tried = moves.len() as u64;
        Report {
            best,
            value,
            nodes: 1 + tried,
            depth,
            pv: best.into_iter().collect(),
            interrupted: false,
            statistics: vec![Statistic::count("moves tried", tried)],
        }
    }
}

/// Polls `control` until it says stop, as a long search would; true then.
fn wait_for_stop(control: &SearchControl) -> bool {
    let mut nodes = 0;
    while !control.poll(nodes) {
        nodes += 1;
        if nodes % CHECK_EVERY == 0 {
            std::thread::sleep(std::time::Duration::from_micros(100));
        }
    }
    true
}

/// The report of a search stopped before its depth was done: no move.
fn stopped(depth: u32) -> Report {
    Report {
        best: None,
        value: 0,
        nodes: 1,
        depth,
        pv: Vec::new(),
        interrupted: true,
        statistics: Vec::new(),
    }
}

fn main() -> std::process::ExitCode {
    lamosca_front::cli::run::<OnePly>()
}
