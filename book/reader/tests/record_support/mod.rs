//! Records made for the tests, since no version writes one yet: a small
//! search over common's legal moves, recorded event by event through
//! [`RecordWriter`]. It is NegaMax, or alpha-beta (fail-hard) with the
//! captures ordered first and `pick`'s swaps recorded, so that two records
//! of one position differ as v0.07's and v0.09's do.

#![allow(dead_code)]

pub mod passing;
pub mod tamper;

use std::path::PathBuf;

use common::{evaluate, Move, Position};
use lamosca_record::{
    ChapterEvent, Cut, Event, Header, MoveList, NodeEntry, NodeKind, NodeResult, OrderedMove,
    RecordWriter, Statistic, Summary, Swap, SCHEMA,
};
use lamosca_search::{no_moves_score, INFINITY};

/// How a recorded search chooses and cuts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// Every move, in generation order, no window.
    NegaMax,
    /// Captures first (most valuable victim), fail-hard cuts.
    AlphaBeta,
}

/// The position after 1. e4 d5: White can take on d5, so alpha-beta's
/// ordering swaps a capture forward at the root.
pub const SCANDINAVIAN: &str = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";

/// A file in the tests' scratch directory.
pub fn scratch(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name)
}

/// Searches `fen` to `depth` and records it in the file `name`; the
/// events are also handed back, in order.
pub fn record_search(
    fen: &str,
    depth: u32,
    algorithm: Algorithm,
    name: &str,
) -> (PathBuf, Vec<Event>) {
    let mut position = Position::from_fen(fen).expect("the tests' FEN is good");
    let mut recorder = Recorder {
        events: Vec::new(),
        nodes: 0,
        algorithm,
    };
    recorder.events.push(Event::Search(Header {
        schema: SCHEMA,
        version: match algorithm {
            Algorithm::NegaMax => "test NegaMax".into(),
            Algorithm::AlphaBeta => "test alpha-beta".into(),
        },
        fen: fen.to_string(),
        depth,
        options: serde_json::Map::from_iter([(
            "Ordering".to_string(),
            serde_json::Value::Bool(algorithm == Algorithm::AlphaBeta),
        )]),
    }));
    let (value, best) = recorder.search(&mut position, depth, 1, None, None, -INFINITY, INFINITY);
    let nodes = recorder.nodes;
    recorder.events.push(Event::Report(Summary {
        best: best.map(|mv| mv.to_string()),
        value,
        nodes: u64::from(nodes),
        statistics: vec![Statistic {
            label: "leaves evaluated".into(),
            value: lamosca_search::Figure::Count(recorder.leaves() as u64),
        }],
    }));
    let path = write(&recorder.events, name);
    (path, recorder.events)
}

/// Writes `events` to the file `name` through the record writer.
pub fn write(events: &[Event], name: &str) -> PathBuf {
    let path = scratch(name);
    let mut writer = RecordWriter::create(&path).expect("the scratch file opens");
    for event in events {
        writer
            .write(event)
            .expect("the scratch file takes the event");
    }
    writer.finish().expect("the scratch file flushes");
    path
}

struct Recorder {
    events: Vec<Event>,
    nodes: u32,
    algorithm: Algorithm,
}

impl Recorder {
    /// The leaves evaluated: one `leaf` event each.
    fn leaves(&self) -> usize {
        self.events
            .iter()
            .filter(|event| event.name() == "leaf")
            .count()
    }

    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        position: &mut Position,
        depth: u32,
        level: u32,
        parent: Option<u32>,
        mv: Option<Move>,
        alpha: i32,
        beta: i32,
    ) -> (i32, Option<Move>) {
        self.nodes += 1;
        let id = self.nodes;
        self.events.push(Event::Node(NodeEntry {
            id,
            parent,
            level,
            mv: mv.map(|mv| mv.to_string()),
            alpha,
            beta,
            kind: NodeKind::Main,
        }));
        let (value, best) = if depth == 0 {
            let value = evaluate(position);
            self.events.push(Event::Chapter(
                ChapterEvent::new("leaf", Some(id)).with("eval", value),
            ));
            (value, None)
        } else {
            self.interior(position, depth, level, id, alpha, beta)
        };
        self.events.push(Event::Result(NodeResult {
            node: id,
            value,
            best: best.map(|mv| mv.to_string()),
        }));
        (value, best)
    }

    fn interior(
        &mut self,
        position: &mut Position,
        depth: u32,
        level: u32,
        id: u32,
        mut alpha: i32,
        beta: i32,
    ) -> (i32, Option<Move>) {
        let mut moves: Vec<(Move, i32)> = position
            .legal_moves()
            .into_iter()
            .map(|mv| (mv, order(self.algorithm, mv)))
            .collect();
        if moves.is_empty() {
            return (no_moves_score(position, level as usize - 1), None);
        }
        self.events.push(Event::Moves(MoveList {
            node: id,
            moves: moves
                .iter()
                .map(|(mv, order)| OrderedMove {
                    mv: mv.to_string(),
                    order: *order,
                })
                .collect(),
        }));
        let mut best_value = -INFINITY;
        let mut best = None;
        for next in 0..moves.len() {
            if self.algorithm == Algorithm::AlphaBeta {
                pick(&mut moves, next, id, &mut self.events);
            }
            let mv = moves[next].0;
            position.make(mv);
            let (value, _) = self.search(
                position,
                depth - 1,
                level + 1,
                Some(id),
                Some(mv),
                -beta,
                -alpha,
            );
            position.unmake();
            let value = -value;
            if value > best_value {
                best_value = value;
                best = Some(mv);
            }
            if self.algorithm == Algorithm::AlphaBeta {
                if value >= beta {
                    self.events.push(Event::Cut(Cut {
                        node: id,
                        mv: mv.to_string(),
                        value,
                    }));
                    return (beta, Some(mv));
                }
                alpha = alpha.max(value);
            }
        }
        match self.algorithm {
            Algorithm::NegaMax => (best_value, best),
            // Fail-hard: a node that raised nothing returns alpha.
            Algorithm::AlphaBeta => (alpha.max(best_value).min(beta), best),
        }
    }
}

/// The ordering value under alpha-beta: a capture 10 plus ten times the
/// victim less the attacker, as MVV/LVA does; a quiet move 3 when it lands
/// in the centre, down to 0 on the edge. NegaMax orders nothing: 0.
fn order(algorithm: Algorithm, mv: Move) -> i32 {
    if algorithm == Algorithm::NegaMax {
        return 0;
    }
    match (mv.captured.kind(), mv.piece.kind()) {
        (Some(victim), Some(attacker)) => 10 + 10 * (victim as i32) - attacker as i32,
        _ => {
            let from_centre = |coordinate: u8| (2 * i32::from(coordinate) - 7).abs() / 2;
            3 - from_centre(mv.to.file()).max(from_centre(mv.to.rank()))
        }
    }
}

/// Brings the best remaining move to `next`, recording the swap.
fn pick(moves: &mut [(Move, i32)], next: usize, node: u32, events: &mut Vec<Event>) {
    let mut best = next;
    for index in next + 1..moves.len() {
        if moves[index].1 > moves[best].1 {
            best = index;
        }
    }
    if best != next {
        events.push(Event::Swap(Swap {
            node,
            out: moves[next].0.to_string(),
            out_value: moves[next].1,
            into: moves[best].0.to_string(),
            in_value: moves[best].1,
        }));
        moves.swap(next, best);
    }
}

/// A deepening search: one alpha-beta search per depth from 1 to `depth`,
/// each a root of its own, with an `iteration` event after each, in one
/// record, as a version that deepens would write it.
pub fn deepening_record(fen: &str, depth: u32, name: &str) -> (PathBuf, Vec<Event>) {
    let mut events = Vec::new();
    let mut offset = 0;
    let mut last = None;
    for iteration in 1..=depth {
        let (_, search) = record_search(fen, iteration, Algorithm::AlphaBeta, name);
        let Some(Event::Search(header)) = search.first().cloned() else {
            unreachable!("a record starts with its header");
        };
        if events.is_empty() {
            events.push(Event::Search(Header { depth, ..header }));
        }
        let mut nodes = 0;
        for event in &search[1..search.len() - 1] {
            events.push(shifted(event.clone(), offset));
            nodes += u32::from(matches!(event, Event::Node(_)));
        }
        let Some(Event::Report(summary)) = search.last().cloned() else {
            unreachable!("a record ends with its report");
        };
        events.push(Event::Chapter(
            ChapterEvent::new("iteration", None)
                .with("depth", iteration)
                .with("value", summary.value)
                .with("best", summary.best.clone()),
        ));
        offset += nodes;
        last = Some(summary);
    }
    let mut summary = last.expect("at least one depth");
    summary.nodes = u64::from(offset);
    events.push(Event::Report(summary));
    (write(&events, name), events)
}

/// The event with its node ids moved up by `offset`.
fn shifted(event: Event, offset: u32) -> Event {
    match event {
        Event::Node(entry) => Event::Node(NodeEntry {
            id: entry.id + offset,
            parent: entry.parent.map(|parent| parent + offset),
            ..entry
        }),
        Event::Moves(list) => Event::Moves(MoveList {
            node: list.node + offset,
            ..list
        }),
        Event::Swap(swap) => Event::Swap(Swap {
            node: swap.node + offset,
            ..swap
        }),
        Event::Cut(cut) => Event::Cut(Cut {
            node: cut.node + offset,
            ..cut
        }),
        Event::Result(result) => Event::Result(NodeResult {
            node: result.node + offset,
            ..result
        }),
        Event::Chapter(chapter) => Event::Chapter(ChapterEvent {
            node: chapter.node.map(|node| node + offset),
            ..chapter
        }),
        other => other,
    }
}
