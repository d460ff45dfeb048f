//! The recorded searches the pictures and steppers are drawn from: a real
//! engine searches, and the events its [`Tracer`] emits become the events
//! of a search record (`common::record`'s contract), in memory.
//!
//! The book draws nothing it computes itself: every node, window, swap,
//! cut and value of a picture comes from one of these records. The record
//! is built by a `tracing` layer listening to the same events the text log
//! renders, so it holds what the log holds, placed in the tree: each node
//! gets an id and its parent, and a node whose search prints no result (a
//! leaf) gets, as its result, the value its parent reported for its move,
//! negated back to its own side.
//!
//! ```
//! use book::draw::recorded::record;
//! use common::record::Event;
//! let recorded = record::<lamosca_v09::AlphaBeta>("7k/8/8/8/8/8/8/K6R w - - 0 1", 2).unwrap();
//! assert!(matches!(recorded.events.first(), Some(Event::Search(_))));
//! assert!(matches!(recorded.events.last(), Some(Event::Report(_))));
//! ```

use std::sync::{Arc, Mutex};

use anyhow::{anyhow, Result};
use common::record::{
    ChapterEvent, Cut, Event, Figure, Header, NodeEntry, NodeKind, NodeResult, Summary, Swap,
    SCHEMA,
};
use common::trace::{with_step_event, FieldValue, Tracer, TARGET};
use common::{Engine, OptionValue, Position, Report, SearchControl, INFINITY};
use tracing::field::{Field, Visit};
use tracing::Subscriber;
use tracing_subscriber::layer::{Context, Layer};
use tracing_subscriber::prelude::*;

/// One real search, as a record.
#[derive(Clone, Debug)]
pub struct Recorded {
    /// The events, the header first and the report last.
    pub events: Vec<Event>,
    /// What the engine reported.
    pub report: Report,
}

impl Recorded {
    /// The record as JSON Lines text, one event per line.
    pub fn jsonl(&self) -> Result<String> {
        let mut text = String::new();
        for event in &self.events {
            text.push_str(&event.to_line()?);
            text.push('\n');
        }
        Ok(text)
    }
}

/// Searches `fen` to `depth` with a fresh engine `E`, recording every
/// level, and returns the record.
pub fn record<E: Engine>(fen: &str, depth: u32) -> Result<Recorded> {
    record_with::<E>(fen, depth, &[])
}

/// [`record`] with some of the engine's options set, by their UCI names.
pub fn record_with<E: Engine>(
    fen: &str,
    depth: u32,
    options: &[(&str, OptionValue)],
) -> Result<Recorded> {
    let mut engine = E::new();
    let mut named = serde_json::Map::new();
    for (name, value) in options {
        engine
            .set_option(name, *value)
            .map_err(|error| anyhow!("option {name}: {error}"))?;
        let json = match value {
            OptionValue::Check(on) => serde_json::Value::from(*on),
            OptionValue::Spin(n) => serde_json::Value::from(*n),
            OptionValue::Combo(word) => serde_json::Value::from(*word),
        };
        named.insert(name.to_string(), json);
    }
    let mut position =
        Position::from_fen(fen).map_err(|error| anyhow!("bad FEN `{fen}`: {error}"))?;
    let builder = Arc::new(Mutex::new(Builder::default()));
    let layer = RecordLayer {
        builder: builder.clone(),
    };
    let subscriber = tracing_subscriber::registry().with(layer);
    let control = SearchControl::unlimited();
    // A tracer deeper than any search here: every level is recorded.
    let tracer = Tracer::new(u32::MAX);
    let report = tracing::subscriber::with_default(subscriber, || {
        engine.search(&mut position, depth, &control, &tracer)
    });
    let mut builder = std::mem::take(&mut *builder.lock().unwrap_or_else(|e| e.into_inner()));
    builder.finish();
    let mut events = vec![Event::Search(Header {
        schema: SCHEMA,
        version: E::NAME.to_string(),
        fen: fen.to_string(),
        depth,
        options: named,
    })];
    events.append(&mut builder.events);
    events.push(Event::Report(Summary {
        best: report.best.map(|mv| mv.to_string()),
        value: report.value,
        nodes: report.nodes,
        statistics: report
            .statistics
            .iter()
            .map(|statistic| Figure {
                label: statistic.label.to_string(),
                value: statistic.value.to_string(),
            })
            .collect(),
    }));
    Ok(Recorded { events, report })
}

/// The fields of one trace event, by the names [`Tracer`] gives them.
#[derive(Default, Debug)]
struct Fields {
    kind: String,
    level: u32,
    node: String,
    mv: Option<String>,
    value: i64,
    cut: bool,
    best: Option<String>,
    alpha: Option<i64>,
    beta: Option<i64>,
    out: String,
    out_score: i64,
    into: String,
    into_score: i64,
}

impl Visit for Fields {
    fn record_i64(&mut self, field: &Field, value: i64) {
        match field.name() {
            "value" => self.value = value,
            "alpha" => self.alpha = Some(value),
            "beta" => self.beta = Some(value),
            "out_score" => self.out_score = value,
            "into_score" => self.into_score = value,
            "level" => self.level = value.clamp(0, i64::from(u32::MAX)) as u32,
            _ => {}
        }
    }

    fn record_u64(&mut self, field: &Field, value: u64) {
        self.record_i64(field, value.min(i64::MAX as u64) as i64);
    }

    fn record_bool(&mut self, field: &Field, value: bool) {
        if field.name() == "cut" {
            self.cut = value;
        }
    }

    fn record_str(&mut self, field: &Field, value: &str) {
        match field.name() {
            "kind" => self.kind = value.to_string(),
            "node" => self.node = value.to_string(),
            "best" => self.best = Some(value.to_string()),
            "mv" => self.mv = Some(value.to_string()),
            "out" => self.out = value.to_string(),
            "into" => self.into = value.to_string(),
            _ => {}
        }
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        // Moves arrive as `%mv`, whose Debug prints their Display.
        self.record_str(field, &format!("{value:?}"));
    }
}

/// A node entered and not yet returned.
#[derive(Debug)]
struct Open {
    id: u32,
    level: u32,
    mv: Option<String>,
}

/// The record in the making.
#[derive(Debug, Default)]
struct Builder {
    events: Vec<Event>,
    open: Vec<Open>,
    next_id: u32,
}

impl Builder {
    /// Step 1. A node entered: the nodes at its level or deeper still
    /// open have returned (unless it is the node at its level searched
    /// again inside itself, by the same move), and the innermost node left
    /// open is its parent.
    fn enter(&mut self, fields: &Fields) {
        while let Some(top) = self.open.last() {
            let again = top.level == fields.level && top.mv == fields.mv;
            if top.level < fields.level || again {
                break;
            }
            self.open.pop();
        }
        self.next_id += 1;
        let kind = match fields.node.as_str() {
            "quiescence" => NodeKind::Quiescence,
            "reduced" => NodeKind::Reduced,
            _ => NodeKind::Main,
        };
        // NegaMax searches without a window: the widest one stands for it.
        let window = |bound: Option<i64>, default: i32| bound.map_or(default, |b| b as i32);
        self.events.push(Event::Node(NodeEntry {
            id: self.next_id,
            parent: self.open.last().map(|open| open.id),
            level: fields.level,
            mv: fields.mv.clone(),
            alpha: window(fields.alpha, -INFINITY),
            beta: window(fields.beta, INFINITY),
            kind,
        }));
        self.open.push(Open {
            id: self.next_id,
            level: fields.level,
            mv: fields.mv.clone(),
        });
    }

    /// The innermost open node at `level`, or the innermost open node
    /// above it when none is open there yet.
    fn at(&self, level: u32) -> Option<u32> {
        self.open
            .iter()
            .rev()
            .find(|open| open.level <= level)
            .map(|open| open.id)
    }

    /// Step 2. A node at `level` reported a move's value: the child that
    /// move led to, if it is still open (a leaf prints no result), returns
    /// the value negated; then a cut is recorded at the node.
    fn moved(&mut self, fields: &Fields) {
        let mv = fields.mv.clone().unwrap_or_default();
        if let Some(top) = self.open.last() {
            if top.level == fields.level + 1 && top.mv.as_deref() == Some(mv.as_str()) {
                let id = top.id;
                self.open.pop();
                self.events.push(Event::Result(NodeResult {
                    node: id,
                    value: -(fields.value as i32),
                    best: None,
                }));
            }
        }
        self.open.retain(|open| open.level <= fields.level);
        if fields.cut {
            if let Some(node) = self.at(fields.level) {
                self.events.push(Event::Cut(Cut {
                    node,
                    mv,
                    value: fields.value as i32,
                }));
            }
        }
    }

    /// Step 3. A node reported its result: it returns, with every node
    /// inside it.
    fn result(&mut self, fields: &Fields) {
        let Some(i) = self
            .open
            .iter()
            .rposition(|open| open.level == fields.level)
        else {
            return;
        };
        let id = self.open[i].id;
        self.open.truncate(i);
        self.events.push(Event::Result(NodeResult {
            node: id,
            value: fields.value as i32,
            best: fields.best.clone(),
        }));
    }

    fn swap(&mut self, fields: &Fields) {
        if let Some(node) = self.at(fields.level) {
            self.events.push(Event::Swap(Swap {
                node,
                out: fields.out.clone(),
                out_value: fields.out_score as i32,
                into: fields.into.clone(),
                in_value: fields.into_score as i32,
            }));
        }
    }

    /// Step 4. A step's own event (a stand pat, a lazy cut...), with its
    /// fields as the step names them.
    fn step(&mut self, kind: &str, level: u32, values: Vec<(&'static str, FieldValue)>) {
        let node = self.at(level);
        let mut event = ChapterEvent::new(kind, node);
        for (name, value) in values {
            event = match value {
                FieldValue::Int(number) => event.with(name, number),
                FieldValue::Bool(yes) => event.with(name, yes),
                FieldValue::Move(mv) => event.with(name, mv.map(|mv| mv.to_string())),
            };
        }
        self.events.push(Event::Chapter(event));
    }

    /// The search is over: nodes left open (leaves whose parent stopped
    /// without reporting them) stay without a result.
    fn finish(&mut self) {
        self.open.clear();
    }
}

/// The layer that feeds a [`Builder`].
struct RecordLayer {
    builder: Arc<Mutex<Builder>>,
}

impl<S: Subscriber> Layer<S> for RecordLayer {
    fn on_event(&self, event: &tracing::Event<'_>, _: Context<'_, S>) {
        if event.metadata().target() != TARGET {
            return;
        }
        let mut fields = Fields::default();
        event.record(&mut fields);
        let mut builder = self.builder.lock().unwrap_or_else(|e| e.into_inner());
        match fields.kind.as_str() {
            "node" => builder.enter(&fields),
            "move" => builder.moved(&fields),
            "result" => builder.result(&fields),
            "swap" => builder.swap(&fields),
            "step" => {
                if let Some((kind, level, values)) =
                    with_step_event(|step| (step.kind(), step.level(), step.fields()))
                {
                    builder.step(kind, level, values);
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use common::record::Record;
    use std::io::Write as _;

    /// Writes `recorded` to a file and opens it with the record reader,
    /// which checks the contract's rules.
    fn reopen(recorded: &Recorded, name: &str) -> Record {
        let path =
            std::env::temp_dir().join(format!("lamosca-book-{name}-{}.jsonl", std::process::id()));
        let mut file = std::fs::File::create(&path).unwrap();
        file.write_all(recorded.jsonl().unwrap().as_bytes())
            .unwrap();
        drop(file);
        let record = Record::open(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        record
    }

    const FEN: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    #[test]
    fn a_record_has_a_node_per_reported_node_and_reads_back() {
        let v07 = record::<lamosca_v07::NegaMax>(FEN, 2).unwrap();
        let read = reopen(&v07, "v07");
        assert_eq!(u64::from(read.node_count()), v07.report.nodes);
        let v09 = record::<lamosca_v09::AlphaBeta>(FEN, 3).unwrap();
        let read = reopen(&v09, "v09");
        assert_eq!(u64::from(read.node_count()), v09.report.nodes);
        let cuts = v09
            .events
            .iter()
            .filter(|e| matches!(e, Event::Cut(_)))
            .count() as u64;
        let reported = common::statistic(&v09.report.statistics, "beta cut-offs")
            .and_then(|figure| figure.count());
        assert_eq!(Some(cuts), reported);
    }

    #[test]
    fn every_node_returns_the_value_its_parent_saw() {
        let v09 = record::<lamosca_v09::AlphaBeta>(FEN, 3).unwrap();
        let entered = v09
            .events
            .iter()
            .filter(|e| matches!(e, Event::Node(_)))
            .count();
        let returned = v09
            .events
            .iter()
            .filter(|e| matches!(e, Event::Result(_)))
            .count();
        assert_eq!(entered, returned);
        let Some(Event::Result(root)) = v09
            .events
            .iter()
            .rev()
            .find(|e| matches!(e, Event::Result(NodeResult { node: 1, .. })))
        else {
            panic!("the root returns")
        };
        assert_eq!(root.value, v09.report.value);
    }
}
