//! A small stand-in engine for the driver's tests: a one-ply search behind
//! the shared command line and UCI loop. It lets `common` test `search`,
//! `perft`, `perft-suite` and UCI through a real process without knowing
//! any version.

use common::trace::{NodeKind, Tracer};
use common::{
    evaluate, no_moves_score, Engine, Position, Report, SearchControl, Statistic, INFINITY,
};

/// Tries every move one ply deep, whatever the depth asked, and keeps the
/// first of the best by the evaluation.
#[derive(Debug, Default)]
struct OnePly;

impl Engine for OnePly {
    const NAME: &'static str = "LaMoSca stub";

    fn new() -> Self {
        OnePly
    }

    fn search(
        &mut self,
        position: &mut Position,
        depth: u32,
        control: &SearchControl,
        tracer: &Tracer,
    ) -> Report {
        tracer.node(1, NodeKind::Main, position, None);
        let moves = position.legal_moves();
        let (mut value, mut best) = (-INFINITY, None);
        for (i, &mv) in moves.iter().enumerate() {
            if control.poll(i as u64 + 1) {
                break;
            }
            position.make(mv);
            let tried = -evaluate(position);
            position.unmake();
            tracer.moved(1, mv, tried);
            if tried > value {
                (value, best) = (tried, Some(mv));
            }
        }
        if moves.is_empty() {
            value = no_moves_score(position, 0);
        }
        tracer.result(1, !moves.is_empty(), value, best, None);
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

fn main() -> std::process::ExitCode {
    common::cli::run::<OnePly>()
}
