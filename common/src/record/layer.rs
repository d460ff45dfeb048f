//! Recording a search: the `tracing-subscriber` layer that writes the
//! record from the trace's events, and [`record_search`], one search of an
//! engine recorded into any writer.
//!
//! The record is written from the same events the text log prints
//! ([`crate::trace`]), read by the same parser, so the two cannot tell
//! different stories. What the text log leaves implicit the layer makes
//! explicit:
//!
//! - ids: every `node` event gets the next id, and its parent is the
//!   innermost node entered and not yet returned;
//! - leaves: a leaf reports no result of its own (its value is its
//!   parent's move value, seen from the other side), so the layer writes the
//!   leaf's `result` when the parent's move event arrives;
//! - a step event that ends its node ([`Text::Close`], [`Text::Abandon`])
//!   writes the node's `result` with the value [`StepEvent::returns`] gives.
//!
//! ```
//! use common::record::{record_search, Event};
//! use common::{Engine, Position};
//! # struct Leaf;
//! # impl Engine for Leaf {
//! #     const NAME: &'static str = "Leaf";
//! #     fn new() -> Self { Leaf }
//! #     fn search(&mut self, position: &mut Position, depth: u32,
//! #               _: &common::SearchControl, tracer: &common::trace::Tracer) -> common::Report {
//! #         tracer.node(1, common::trace::NodeKind::Main, position, None);
//! #         tracer.result(1, false, 0, None, None);
//! #         common::Report { best: None, value: 0, nodes: 1, depth, pv: vec![],
//! #                          interrupted: false, statistics: vec![] }
//! #     }
//! # }
//! let position = Position::startpos();
//! let options = serde_json::Map::new();
//! let (report, bytes) = record_search(&mut Leaf, &position, 1, 0, options, Vec::new()).unwrap();
//! let lines: Vec<Event> = String::from_utf8(bytes).unwrap().lines()
//!     .map(|line| Event::from_line(line).unwrap())
//!     .collect();
//! let nodes = lines.iter().filter(|event| matches!(event, Event::Node(_))).count();
//! assert_eq!(nodes as u64, report.nodes);
//! assert_eq!(lines.last().unwrap().name(), "report");
//! ```

use std::io::{self, Write};
use std::sync::{Arc, Mutex, MutexGuard};

use serde_json::{Map, Value};
use tracing::{Event as TracingEvent, Subscriber};
use tracing_subscriber::layer::{Context, Layer};
use tracing_subscriber::prelude::*;

use super::event::{
    ChapterEvent, Cut, Event, Header, MoveList, NodeEntry, NodeResult, OrderedMove, Statistic,
    Summary, Swap, SCHEMA,
};
use super::writer::RecordWriter;
use crate::engine::{Engine, OptionValue, Report, SearchControl, INFINITY};
use crate::position::Position;
use crate::trace::{with_step_event, FieldValue, StepEvent, Text, TraceEvent, Tracer, Words};

// ANCHOR: record_search
/// Searches `position` to `depth` plies with `engine` and writes the
/// search's record into `out`: the header (with `options`, the engine's
/// options by UCI name, as the caller set them), every event of levels 1 to
/// `levels` (0 for every level), and the report. Hands back the engine's
/// report and `out`.
///
/// The search runs under a subscriber of its own, on this thread only, so
/// a text log installed elsewhere sees nothing of it.
pub fn record_search<E: Engine, W: Write + Send + 'static>(
    engine: &mut E,
    position: &Position,
    depth: u32,
    levels: u32,
    options: Map<String, Value>,
    out: W,
) -> anyhow::Result<(Report, W)> {
    let levels = if levels == 0 { u32::MAX } else { levels };
    let header = Header {
        schema: SCHEMA,
        version: E::NAME.to_string(),
        fen: position.to_fen(),
        depth,
        options,
    };
    let (layer, recording) = RecordLayer::new(out, &header, levels)?;
    let subscriber = tracing_subscriber::registry().with(layer);
    let mut position = position.clone();
    let report = tracing::subscriber::with_default(subscriber, || {
        engine.search(
            &mut position,
            depth,
            &SearchControl::unlimited(),
            &Tracer::new(levels),
        )
    });
    let out = recording.finish(&report)?;
    Ok((report, out))
}
// ANCHOR_END: record_search

/// Every option of `E` at its default, by UCI name, as a record's header
/// keeps them.
pub fn default_options<E: Engine>() -> Map<String, Value> {
    E::OPTIONS
        .iter()
        .map(|option| (option.name.to_string(), option_json(option.default_value())))
        .collect()
}

/// An option's value as JSON: a check as a boolean, a spin as a number, a
/// combo as a string.
pub fn option_json(value: OptionValue) -> Value {
    match value {
        OptionValue::Check(on) => Value::from(on),
        OptionValue::Spin(n) => Value::from(n),
        OptionValue::Combo(word) => Value::from(word),
    }
}

/// The layer that writes a record from the trace's events. Made with
/// [`RecordLayer::new`], which also hands back the [`Recording`] that writes
/// the report and closes the record once the search is done.
pub struct RecordLayer<W: Write> {
    recorder: Arc<Mutex<Option<Recorder<W>>>>,
}

/// The end of a record being written: [`Recording::finish`] writes the
/// report.
pub struct Recording<W: Write> {
    recorder: Arc<Mutex<Option<Recorder<W>>>>,
}

impl<W: Write> RecordLayer<W> {
    /// A layer writing into `out` the events of levels 1 to `levels`,
    /// after `header`, which it writes at once.
    pub fn new(out: W, header: &Header, levels: u32) -> io::Result<(Self, Recording<W>)> {
        let mut writer = RecordWriter::new(out);
        writer.write(&Event::Search(header.clone()))?;
        let recorder = Arc::new(Mutex::new(Some(Recorder {
            writer,
            levels,
            open: Vec::new(),
            entered: 0,
            error: None,
        })));
        let recording = Recording {
            recorder: recorder.clone(),
        };
        Ok((RecordLayer { recorder }, recording))
    }
}

impl<W: Write> Recording<W> {
    /// Writes the report (after a result for any node a stopped search
    /// left open), flushes the record and hands back the writer; the first
    /// error met while recording, if any.
    pub fn finish(self, report: &Report) -> io::Result<W> {
        let recorder = lock(&self.recorder).take();
        let Some(mut recorder) = recorder else {
            return Err(io::Error::other("the record was already finished"));
        };
        recorder.close_deeper_than(0, None);
        recorder.emit(Event::Report(Summary {
            best: report.best.map(|mv| mv.to_string()),
            value: report.value,
            nodes: report.nodes,
            statistics: report
                .statistics
                .iter()
                .map(|statistic| Statistic {
                    label: statistic.label.to_string(),
                    value: statistic.value,
                })
                .collect(),
        }));
        if let Some(error) = recorder.error {
            return Err(error);
        }
        recorder.writer.finish()
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

impl<S: Subscriber, W: Write + Send + 'static> Layer<S> for RecordLayer<W> {
    fn on_event(&self, event: &TracingEvent<'_>, _ctx: Context<'_, S>) {
        let Some(event) = TraceEvent::read(event) else {
            return;
        };
        if let Some(recorder) = lock(&self.recorder).as_mut() {
            recorder.record(event);
        }
    }
}

/// A node entered and not yet returned.
#[derive(Debug)]
struct Open {
    id: u32,
    level: u32,
    /// The move that led to it, to tell a node searched again inside
    /// itself (same level, same move) from a sibling.
    mv: Option<String>,
}

/// The state of a record being written.
struct Recorder<W: Write> {
    writer: RecordWriter<W>,
    levels: u32,
    /// The open nodes, the root first.
    open: Vec<Open>,
    /// The nodes entered so far: the last id given.
    entered: u32,
    /// The first write that failed; the search goes on, the record stops.
    error: Option<io::Error>,
}

impl<W: Write> Recorder<W> {
    /// Writes the record's events for one trace event.
    fn record(&mut self, event: TraceEvent) {
        if event.level() > self.levels {
            return;
        }
        match event {
            TraceEvent::Node {
                level,
                kind,
                mv,
                window,
            } => {
                // A sibling left open is a leaf whose value never came.
                while let Some(top) = self.open.last() {
                    let again = top.level == level && top.mv == mv;
                    if top.level < level || again {
                        break;
                    }
                    self.close_top(None, None);
                }
                self.entered += 1;
                let id = self.entered;
                self.emit(Event::Node(NodeEntry {
                    id,
                    parent: self.open.last().map(|node| node.id),
                    level,
                    mv: mv.clone(),
                    alpha: window.map_or(-INFINITY, |w| w.alpha),
                    beta: window.map_or(INFINITY, |w| w.beta),
                    kind,
                }));
                self.open.push(Open { id, level, mv });
            }
            TraceEvent::Move {
                level,
                mv,
                value,
                cut,
            } => {
                // The child the move led to, if it reported no result, is
                // a leaf: its value is the move's, seen from its side.
                self.close_deeper_than(level, Some(-value));
                if let (true, Some(node)) = (cut, self.innermost(level)) {
                    self.emit(Event::Cut(Cut { node, mv, value }));
                }
            }
            TraceEvent::Result {
                level, value, best, ..
            } => {
                self.close_deeper_than(level, None);
                if self.innermost(level).is_some() {
                    self.close_top(Some(value), best);
                }
            }
            TraceEvent::Swap {
                level,
                out,
                out_score,
                into,
                into_score,
            } => {
                if let Some(node) = self.innermost(level) {
                    self.emit(Event::Swap(Swap {
                        node,
                        out,
                        out_value: out_score,
                        into,
                        in_value: into_score,
                    }));
                }
            }
            TraceEvent::Moves { level, moves } => {
                if let Some(node) = self.innermost(level) {
                    let moves = moves
                        .into_iter()
                        .map(|(mv, order)| OrderedMove { mv, order })
                        .collect();
                    self.emit(Event::Moves(MoveList { node, moves }));
                }
            }
            TraceEvent::Step { level } => {
                with_step_event(|event| self.step(level, event));
            }
        }
    }

    /// A step's own event: a chapter event at the innermost open node at
    /// its level or above (a horizon comes before its node is entered),
    /// and the node's result when the event ends it.
    fn step(&mut self, level: u32, event: &dyn StepEvent) {
        let node = self
            .open
            .iter()
            .rev()
            .find(|node| node.level <= level)
            .map(|node| node.id);
        let mut chapter = ChapterEvent::new(event.kind(), node);
        for (name, value) in event.fields() {
            chapter = chapter.with(name, json(value));
        }
        self.emit(Event::Chapter(chapter));
        let ends = matches!(
            event.text(Words::English),
            Text::Close { .. } | Text::Abandon(_)
        );
        if ends && self.innermost(level).is_some() {
            self.close_deeper_than(level, None);
            self.close_top(event.returns(), None);
        }
    }

    /// The innermost open node at `level`, if it is the innermost of all
    /// once deeper nodes are set aside.
    fn innermost(&self, level: u32) -> Option<u32> {
        self.open
            .iter()
            .rev()
            .find(|node| node.level <= level)
            .filter(|node| node.level == level)
            .map(|node| node.id)
    }

    /// Returns every open node deeper than `level`; the first of them
    /// (the innermost node's child) with `leaf_value`, when known.
    fn close_deeper_than(&mut self, level: u32, leaf_value: Option<i32>) {
        while self.open.last().is_some_and(|node| node.level > level) {
            let child = self.open.len() >= 2 && self.open[self.open.len() - 2].level <= level;
            self.close_top(if child { leaf_value } else { None }, None);
        }
    }

    /// Writes the result of the innermost open node and forgets it. A node
    /// whose value never came (a search stopped) returns 0, as a stopped
    /// search's node does.
    fn close_top(&mut self, value: Option<i32>, best: Option<String>) {
        if let Some(node) = self.open.pop() {
            self.emit(Event::Result(NodeResult {
                node: node.id,
                value: value.unwrap_or(0),
                best,
            }));
        }
    }

    fn emit(&mut self, event: Event) {
        if self.error.is_none() {
            if let Err(error) = self.writer.write(&event) {
                self.error = Some(error);
            }
        }
    }
}

/// A step event's field as JSON.
fn json(value: FieldValue) -> Value {
    match value {
        FieldValue::Int(n) => Value::from(n),
        FieldValue::Bool(b) => Value::from(b),
        FieldValue::Move(mv) => mv.map_or(Value::Null, |mv| Value::from(mv.to_string())),
    }
}
