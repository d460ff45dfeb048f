//! Writes a synthetic record of about a million events, to measure how fast
//! `explore` opens a big record and answers its keys:
//!
//! ```text
//! cargo run --release -p lamosca-explorer --example big_record -- /tmp/big.jsonl [EVENTS]
//! cargo run --release -p lamosca-explorer --example record_timing -- /tmp/big.jsonl
//! ```
//!
//! The search is a plain fail-hard alpha-beta over legal moves from the
//! start position, captures first, deep enough to need the budget: it stops
//! entering nodes when the events would pass `EVENTS` (1,000,000 unless
//! given), then returns from the nodes still open. Every line follows the
//! record's contract, so the record is as a version would write it, if not
//! a search any version makes.

use std::path::PathBuf;
use std::process::ExitCode;

use common::{evaluate, Move, Position, START_FEN};
use lamosca_record::{
    Cut, Event, Header, MoveList, NodeEntry, NodeKind, NodeResult, OrderedMove, RecordWriter,
    Summary, Swap, SCHEMA,
};
use lamosca_search::{no_moves_score, INFINITY};

/// The events written when no count is given.
const DEFAULT_EVENTS: u64 = 1_000_000;

/// Deeper than the budget lets the search finish, so the budget decides.
const DEPTH: u32 = 8;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next().map(PathBuf::from) else {
        eprintln!("usage: big_record FILE [EVENTS]");
        return ExitCode::from(2);
    };
    let budget = match args.next().map(|text| text.parse::<u64>()) {
        None => DEFAULT_EVENTS,
        Some(Ok(events)) => events,
        Some(Err(error)) => {
            eprintln!("error: bad event count: {error}");
            return ExitCode::from(2);
        }
    };
    match write(&path, budget) {
        Ok(events) => {
            println!("{events} events written to {}", path.display());
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(2)
        }
    }
}

fn write(path: &std::path::Path, budget: u64) -> std::io::Result<u64> {
    let mut search = Search {
        writer: RecordWriter::create(path)?,
        budget,
        nodes: 0,
        open: 0,
    };
    search.writer.write(&Event::Search(Header {
        schema: SCHEMA,
        version: "synthetic alpha-beta".into(),
        fen: START_FEN.into(),
        depth: DEPTH,
        options: Default::default(),
    }))?;
    let mut position = Position::startpos();
    let (value, best) = search.node(&mut position, DEPTH, None, None, -INFINITY, INFINITY)?;
    let nodes = search.nodes;
    search.writer.write(&Event::Report(Summary {
        best: best.map(|mv| mv.to_string()),
        value,
        nodes: u64::from(nodes),
        statistics: Vec::new(),
    }))?;
    let events = search.writer.events();
    search.writer.finish()?;
    Ok(events)
}

struct Search {
    writer: RecordWriter<Box<dyn std::io::Write + Send>>,
    budget: u64,
    nodes: u32,
    open: u64,
}

impl Search {
    /// True when entering one more node could leave too few events to
    /// return from every open node and write the report.
    fn over_budget(&self) -> bool {
        // A node at most: its line, moves, a swap, a cut, its result.
        self.writer.events() + 5 * (self.open + 2) >= self.budget
    }

    fn node(
        &mut self,
        position: &mut Position,
        depth: u32,
        parent: Option<u32>,
        mv: Option<Move>,
        mut alpha: i32,
        beta: i32,
    ) -> std::io::Result<(i32, Option<Move>)> {
        self.nodes += 1;
        self.open += 1;
        let id = self.nodes;
        self.writer.write(&Event::Node(NodeEntry {
            id,
            parent,
            level: DEPTH - depth + 1,
            mv: mv.map(|mv| mv.to_string()),
            alpha,
            beta,
            kind: NodeKind::Main,
        }))?;
        let mut moves: Vec<(Move, i32)> = position
            .legal_moves()
            .into_iter()
            .map(|mv| (mv, order(mv)))
            .collect();
        let mut best = None;
        let value = if depth == 0 {
            evaluate(position)
        } else if moves.is_empty() {
            no_moves_score(position, (DEPTH - depth) as usize)
        } else {
            self.writer.write(&Event::Moves(MoveList {
                node: id,
                moves: moves
                    .iter()
                    .map(|(mv, order)| OrderedMove {
                        mv: mv.to_string(),
                        order: *order,
                    })
                    .collect(),
            }))?;
            let mut value = alpha;
            for next in 0..moves.len() {
                if self.over_budget() {
                    break;
                }
                self.pick(&mut moves, next, id)?;
                let mv = moves[next].0;
                position.make(mv);
                let (child, _) =
                    self.node(position, depth - 1, Some(id), Some(mv), -beta, -alpha)?;
                position.unmake();
                if -child >= beta {
                    self.writer.write(&Event::Cut(Cut {
                        node: id,
                        mv: mv.to_string(),
                        value: -child,
                    }))?;
                    best = Some(mv);
                    value = beta;
                    break;
                }
                if -child > alpha {
                    alpha = -child;
                    value = alpha;
                    best = Some(mv);
                }
            }
            value
        };
        self.writer.write(&Event::Result(NodeResult {
            node: id,
            value,
            best: best.map(|mv| mv.to_string()),
        }))?;
        self.open -= 1;
        Ok((value, best))
    }

    /// Selection sort, one step: the best remaining move to `next`.
    fn pick(&mut self, moves: &mut [(Move, i32)], next: usize, node: u32) -> std::io::Result<()> {
        let best = (next..moves.len())
            .max_by_key(|&index| (moves[index].1, std::cmp::Reverse(index)))
            .unwrap_or(next);
        if moves[best].1 > moves[next].1 {
            self.writer.write(&Event::Swap(Swap {
                node,
                out: moves[next].0.to_string(),
                out_value: moves[next].1,
                into: moves[best].0.to_string(),
                in_value: moves[best].1,
            }))?;
            moves.swap(next, best);
        }
        Ok(())
    }
}

/// Captures first, the most valuable victim first (MVV/LVA); quiet moves 0.
fn order(mv: Move) -> i32 {
    match (mv.captured.kind(), mv.piece.kind()) {
        (Some(victim), Some(attacker)) => 10 * victim as i32 - attacker as i32,
        _ => 0,
    }
}
