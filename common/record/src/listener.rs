//! Recording a search: the [`Recorder`], a listener that writes the
//! record from the search's events, and [`record_search`], one search of
//! an engine recorded into any writer.
//!
//! The record is written from the same typed events the text log prints
//! ([`lamosca_search::log`]), so the two cannot tell different stories.
//! What the text log leaves implicit the recorder makes explicit:
//!
//! - ids: every `node` event gets the next id, and its parent is the
//!   innermost node entered and not yet returned;
//! - leaves: a leaf reports no result of its own (its value is its
//!   parent's move value, seen from the other side), so the recorder
//!   writes the leaf's `result` when the parent's move event arrives;
//! - a step event that ends its node (its text is a
//!   [`Text::Close`](lamosca_search::events::Text::Close) or a
//!   [`Text::Abandon`](lamosca_search::events::Text::Abandon)) writes the
//!   node's `result` with the value [`StepEvent::returns`] gives.
//!
//! ```
//! use common::Position;
//! use lamosca_record::{record_search, Event};
//! use lamosca_search::events::{NodeKind, Tracer};
//! use lamosca_search::{Engine, Report, SearchControl};
//! # struct Leaf;
//! # impl Engine for Leaf {
//! #     const NAME: &'static str = "Leaf";
//! #     fn new() -> Self { Leaf }
//! #     fn search(&mut self, position: &mut Position, depth: u32,
//! #               _: &SearchControl, tracer: &mut Tracer<'_>) -> Report {
//! #         tracer.node(0, NodeKind::Main, position, None);
//! #         tracer.result(0, false, 0, None, None);
//! #         Report { best: None, value: 0, nodes: 1, depth, pv: vec![],
//! #                  interrupted: false, statistics: vec![] }
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
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use common::{Move, Position};
use lamosca_search::events::{
    Event as SearchEvent, FieldValue, Listener, NodeKind, StepEvent, Tracer, Window,
};
use lamosca_search::log::Words;
use lamosca_search::{Engine, OptionValue, Report, SearchControl, INFINITY};
use serde_json::{Map, Value};

use crate::event::{
    ChapterEvent, Cut, Event, Header, MoveList, NodeEntry, NodeResult, OrderedMove, Statistic,
    Summary, Swap,
};
use crate::writer::RecordWriter;

// ANCHOR: record_search
/// Searches `position` to `depth` plies with `engine` and writes the
/// search's record into `out`: the header (with `options`, the engine's
/// options by UCI name, as the caller set them), every event of levels 1 to
/// `levels` (0 for every level), and the report. Hands back the engine's
/// report and `out`.
pub fn record_search<E: Engine, W: Write>(
    engine: &mut E,
    position: &Position,
    depth: u32,
    levels: u32,
    options: Map<String, Value>,
    out: W,
) -> anyhow::Result<(Report, W)> {
    let levels = if levels == 0 { u32::MAX } else { levels };
    let header = Header::of::<E>(position, depth, options);
    let mut recorder = Recorder::new(out, &header, levels)?;
    let mut position = position.clone();
    let control = SearchControl::unlimited();
    let report = engine.search(
        &mut position,
        depth,
        &control,
        &mut Tracer::new(levels, &mut recorder),
    );
    let out = recorder.finish(&report)?;
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
/// combo and a list as a string.
pub fn option_json(value: OptionValue) -> Value {
    match value {
        OptionValue::Check(on) => Value::from(on),
        OptionValue::Spin(n) => Value::from(n),
        OptionValue::Combo(word) => Value::from(word),
        OptionValue::List(names) => Value::from(names.to_string()),
    }
}

/// A node entered and not yet returned.
#[derive(Debug)]
struct Open {
    id: u32,
    level: u32,
    /// The move that led to it, to tell a node searched again inside
    /// itself (same level, same move) from a sibling.
    mv: Option<Move>,
}

// ANCHOR: recorder
/// The listener that writes a search's record into a writer: the header
/// when it is made, an event of the record for each event of levels 1 to
/// its `levels`, and the report when [`Recorder::finish`] is called.
pub struct Recorder<W: Write> {
    writer: RecordWriter<W>,
    levels: u32,
    /// The open nodes, the root first.
    open: Vec<Open>,
    /// The nodes entered so far: the last id given.
    entered: u32,
    /// The first write that failed; the record stops there.
    error: Option<io::Error>,
    /// Raised at the first write that failed, for a search that polls it.
    stop: Option<Arc<AtomicBool>>,
}

impl<W: Write> Recorder<W> {
    /// A recorder writing into `out` the events of levels 1 to `levels`,
    /// after `header`, which it writes at once.
    pub fn new(out: W, header: &Header, levels: u32) -> io::Result<Recorder<W>> {
        Recorder::with_writer(RecordWriter::new(out), header, levels)
    }

    /// A recorder writing through `writer` (one given a bound of its own,
    /// [`RecordWriter::with_limit`]), as [`Recorder::new`] does.
    pub fn with_writer(
        mut writer: RecordWriter<W>,
        header: &Header,
        levels: u32,
    ) -> io::Result<Recorder<W>> {
        writer.write(&Event::Search(header.clone()))?;
        Ok(Recorder {
            writer,
            levels,
            open: Vec::new(),
            entered: 0,
            error: None,
            stop: None,
        })
    }

    /// The same recorder, raising `flag` when a write fails (a full disk, a
    /// record at its bound): a search that polls it stops, rather than go
    /// on unrecorded. Without it the search goes on, and only the record
    /// stops.
    pub fn stopping(mut self, flag: Arc<AtomicBool>) -> Recorder<W> {
        self.stop = Some(flag);
        self
    }

    /// Writes the report (after a result for any node a stopped search
    /// left open), flushes the record and hands back the writer; the first
    /// error met while recording, if any.
    pub fn finish(mut self, report: &Report) -> io::Result<W> {
        self.close_deeper_than(0, None);
        self.emit(Event::Report(Summary {
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
        if let Some(error) = self.error {
            return Err(error);
        }
        self.writer.finish()
    }
}
// ANCHOR_END: recorder

impl<W: Write> Listener for Recorder<W> {
    fn hear(&mut self, event: &SearchEvent<'_>) {
        if event.level() > self.levels {
            return;
        }
        match *event {
            SearchEvent::Node {
                level,
                kind,
                mv,
                window,
            } => self.enter(level, kind, mv, window),
            SearchEvent::Move {
                level,
                mv,
                value,
                cut,
            } => {
                // The child the move led to, if it reported no result, is
                // a leaf: its value is the move's, seen from its side.
                self.close_deeper_than(level, Some(-value));
                if let (true, Some(node)) = (cut, self.innermost(level)) {
                    let mv = mv.to_string();
                    self.emit(Event::Cut(Cut { node, mv, value }));
                }
            }
            SearchEvent::Result {
                level, value, best, ..
            } => {
                self.close_deeper_than(level, None);
                if self.innermost(level).is_some() {
                    self.close_top(Some(value), best);
                }
            }
            SearchEvent::Swap { level, out, into } => {
                if let Some(node) = self.innermost(level) {
                    self.emit(Event::Swap(Swap {
                        node,
                        out: out.mv.to_string(),
                        out_value: out.score,
                        into: into.mv.to_string(),
                        in_value: into.score,
                    }));
                }
            }
            SearchEvent::Moves { level, moves } => {
                if let Some(node) = self.innermost(level) {
                    let moves = moves
                        .iter()
                        .map(|scored| OrderedMove {
                            mv: scored.mv.to_string(),
                            order: scored.score,
                        })
                        .collect();
                    self.emit(Event::Moves(MoveList { node, moves }));
                }
            }
            SearchEvent::Step(step) => self.step(step),
            SearchEvent::Iteration { .. } => {}
        }
    }
}

impl<W: Write> Recorder<W> {
    /// A node entered: its id is the next one, its parent the innermost
    /// node open at a lower level.
    fn enter(&mut self, level: u32, kind: NodeKind, mv: Option<Move>, window: Option<Window>) {
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
            mv: mv.map(|mv| mv.to_string()),
            alpha: window.map_or(-INFINITY, |w| w.alpha),
            beta: window.map_or(INFINITY, |w| w.beta),
            kind,
        }));
        self.open.push(Open { id, level, mv });
    }

    /// A step's own event: a chapter event at the innermost open node at
    /// its level or above (a horizon comes before its node is entered),
    /// and the node's result when the event ends it.
    fn step(&mut self, event: &dyn StepEvent) {
        let level = event.level();
        let node = self
            .open
            .iter()
            .rev()
            .find(|node| node.level <= level)
            .map(|node| node.id);
        let mut chapter = ChapterEvent::new(event.kind().name(), node);
        for (name, value) in event.fields() {
            chapter = chapter.with(name, json(value));
        }
        self.emit(Event::Chapter(chapter));
        if event.text(Words::English).ends_node() && self.innermost(level).is_some() {
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
    fn close_top(&mut self, value: Option<i32>, best: Option<Move>) {
        if let Some(node) = self.open.pop() {
            self.emit(Event::Result(NodeResult {
                node: node.id,
                value: value.unwrap_or(0),
                best: best.map(|mv| mv.to_string()),
            }));
        }
    }

    fn emit(&mut self, event: Event) {
        if self.error.is_none() {
            if let Err(error) = self.writer.write(&event) {
                self.error = Some(error);
                if let Some(stop) = &self.stop {
                    stop.store(true, Ordering::Relaxed);
                }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A record at its bound raises the stop flag, so that the search stops
    /// too, rather than go on unrecorded.
    #[test]
    fn a_full_record_asks_the_search_to_stop() {
        let header = Header::of::<Leaf>(&Position::startpos(), 1, Map::new());
        let limit = 400;
        let writer = RecordWriter::with_limit(Vec::new(), limit);
        let stop = Arc::new(AtomicBool::new(false));
        let mut recorder = Recorder::with_writer(writer, &header, u32::MAX)
            .unwrap()
            .stopping(Arc::clone(&stop));
        let node = SearchEvent::Node {
            level: 1,
            kind: NodeKind::Main,
            mv: None,
            window: None,
        };
        let mut heard = 0;
        while !stop.load(Ordering::Relaxed) {
            recorder.hear(&node);
            heard += 1;
            assert!(heard < 100, "the bound of {limit} bytes is never reached");
        }
        let report = Leaf.search(
            &mut Position::startpos(),
            1,
            &SearchControl::unlimited(),
            &mut Tracer::off(),
        );
        let error = recorder.finish(&report).expect_err("the record is full");
        assert_eq!(
            crate::RecordFull::of(&error),
            Some(crate::RecordFull { limit })
        );
    }

    /// A pass is written as UCI names no move, `0000`, in the field a
    /// move takes: the node it leads to, and its value at its parent.
    #[test]
    fn a_pass_is_written_0000() {
        let header = Header::of::<Leaf>(&Position::startpos(), 2, Map::new());
        let mut recorder = Recorder::new(Vec::new(), &header, u32::MAX).unwrap();
        let mut position = Position::startpos();
        let mut tracer = Tracer::new(u32::MAX, &mut recorder);
        tracer.node(0, NodeKind::Main, &position, None);
        position.make_null();
        tracer.node(1, NodeKind::Main, &position, None);
        position.unmake_null();
        tracer.cut(0, Move::NULL, 5);
        tracer.result(0, true, 5, Some(Move::NULL), None);
        let report = Leaf.search(
            &mut position,
            2,
            &SearchControl::unlimited(),
            &mut Tracer::off(),
        );
        let text = String::from_utf8(recorder.finish(&report).unwrap()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[2..5],
            [
                r#"{"event":"node","id":2,"parent":1,"level":2,"move":"0000","alpha":-32000,"beta":32000,"kind":"main"}"#,
                r#"{"event":"result","node":2,"value":-5,"best":null}"#,
                r#"{"event":"cut","node":1,"move":"0000","value":5}"#,
            ]
        );
        assert_eq!(
            lines[5],
            r#"{"event":"result","node":1,"value":5,"best":"0000"}"#
        );
    }

    /// An engine that searches nothing, for the report.
    struct Leaf;

    impl Engine for Leaf {
        const NAME: &'static str = "Leaf";
        fn new() -> Self {
            Leaf
        }
        fn search(
            &mut self,
            _: &mut Position,
            depth: u32,
            _: &SearchControl,
            _: &mut Tracer<'_>,
        ) -> Report {
            Report {
                best: None,
                value: 0,
                nodes: 0,
                depth,
                pv: vec![],
                interrupted: false,
                statistics: vec![],
            }
        }
    }
}
