//! The searches the page asks for, done as `search` does them.
//!
//! [`record`] writes what `search --record -` writes on standard output;
//! [`log`] what `search` writes on standard output without `--record`: the
//! log of the levels asked for, the statistics line and the bestmove line.
//! Both set up the same listeners as `search` (`lamosca-front`'s
//! `cli/search.rs`), in the same order, so that the bytes are the same;
//! the browser test checks them against the binaries.
//!
//! One thing the binary does not have: a node cap. The page has no
//! `Ctrl-C`, so a search that would run for minutes is stopped at the cap,
//! and [`Outcome::stopped`] says where.

use std::io;

use anyhow::{Context, Result};
use serde::Serialize;
use serde_json::Value;

use common::{Move, Position};
use lamosca_explorer::compare::compare as compare_records;
use lamosca_record::{Header, Record, Recorder};
use lamosca_search::events::{Both, Event, Listener, Tracer};
use lamosca_search::log::TextLog;
use lamosca_search::{Engine, OptionKind, Report, SearchControl};

use crate::request::Request;

/// What a search hands back to the page.
#[derive(Debug, Serialize)]
pub struct Outcome {
    /// The record or the log, byte for byte as `search` writes it.
    pub text: String,
    /// The nodes visited.
    pub nodes: u64,
    /// When the node cap stopped the search: what it had done, and where.
    pub stopped: Option<String>,
}

/// The steps the lab runs, by the names the page uses.
pub const VERSIONS: [&str; 4] = ["v07", "v09", "v10", "v11"];

/// Runs `$body` with `$engine` the engine type of the step named `$name`.
macro_rules! with_engine {
    ($name:expr, $engine:ident => $body:expr) => {
        match $name {
            "v07" => {
                type $engine = lamosca_v07::NegaMax;
                $body
            }
            "v09" => {
                type $engine = lamosca_v09::AlphaBeta;
                $body
            }
            "v10" => {
                type $engine = lamosca_v10_quiescence::QuiescenceSearch;
                $body
            }
            "v11" => {
                type $engine = lamosca_v11_lazy::LazySearch;
                $body
            }
            other => Err(anyhow::anyhow!(
                "unknown version '{other}': the lab runs {}",
                VERSIONS.join(", ")
            )),
        }
    };
}

/// The record of the search `request` asks for, as `search --record -`
/// writes it.
pub fn record(request: &Request) -> Result<Outcome> {
    with_engine!(request.version.as_str(), E => record_with::<E>(request))
}

/// The text log of the search `request` asks for, with the statistics and
/// bestmove lines, as `search` prints it.
pub fn log(request: &Request) -> Result<Outcome> {
    with_engine!(request.version.as_str(), E => log_with::<E>(request))
}

/// `compare A B` on two records held as text.
pub fn compare(a: &str, b: &str) -> Result<String> {
    let read = |side: &str, text: &str| {
        Record::from_bytes(text.as_bytes().to_vec())
            .with_context(|| format!("cannot read record {side}"))
    };
    let a = read("A", a)?;
    let b = read("B", b)?;
    let mut out = Vec::new();
    compare_records(&a, &b, &mut out)?;
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// A step's move in a game, within the request's node budget.
pub fn think(request: &Request) -> Result<crate::game::Thought> {
    with_engine!(request.version.as_str(), E => crate::game::think::<E>(request))
}

/// `search --why MOVE`'s answer, read from a record held as text.
pub fn why(record: &str, mv: &str) -> Result<String> {
    let record =
        Record::from_bytes(record.as_bytes().to_vec()).context("cannot read the record")?;
    lamosca_record::why(&record, mv)
}

/// The step's switches, for the page's form and for a test that builds
/// the same command line: UCI name, command-line flag, help, kind, default
/// and range or choices.
pub fn options(version: &str) -> Result<Value> {
    with_engine!(version, E => Ok(options_of::<E>()))
}

fn options_of<E: Engine>() -> Value {
    let options = E::OPTIONS.iter().map(|option| {
        let mut fields = serde_json::json!({
            "name": option.name,
            "flag": option.flag,
            "help": option.help,
        });
        let kind = match option.kind {
            OptionKind::Check { default, .. } => {
                serde_json::json!({"kind": "check", "default": default})
            }
            OptionKind::Spin {
                default, min, max, ..
            } => serde_json::json!({"kind": "spin", "default": default, "min": min, "max": max}),
            OptionKind::Combo {
                default, choices, ..
            } => serde_json::json!({"kind": "combo", "default": default, "choices": choices}),
        };
        if let (Some(fields), Value::Object(kind)) = (fields.as_object_mut(), kind) {
            fields.extend(kind);
        }
        fields
    });
    serde_json::json!({"name": E::NAME, "options": options.collect::<Vec<_>>()})
}

fn record_with<E: Engine>(request: &Request) -> Result<Outcome> {
    let (mut engine, options) = request.engine::<E>()?;
    let depth = request.depth()?;
    let trace = request.trace()?;
    let levels = request.record_levels()?;
    let words = request.words()?;
    let mut position = request.position()?;

    // Step 1. The listeners, as `search --record -` sets them up: the text
    // log (on standard error there, nowhere here) and the recorder.
    let header = Header::of::<E>(&position, depth, options);
    let mut log = TextLog::new(words, io::sink())
        .levels(trace)
        .with_paths(request.paths)
        .with_layout(engine.layout(depth));
    let mut recorder = Recorder::new(Vec::new(), &header, levels)?;
    let mut line = Line::default();

    // Step 2. The search, under the node cap.
    let cap = request.node_cap();
    let (report, stopped) = {
        let mut others = Both(&mut recorder, &mut line);
        let mut listener = Both(&mut log, &mut others);
        let mut tracer = Tracer::new(trace.max(levels), &mut listener);
        capped(&mut engine, &mut position, depth, cap, &mut tracer)
    };
    let bytes = recorder
        .finish(&report)
        .context("cannot write the record")?;
    Ok(Outcome {
        // The recorder writes JSON, which is UTF-8: no copy is needed.
        text: String::from_utf8(bytes)
            .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned()),
        nodes: report.nodes,
        stopped: stopped.then(|| line.stopped_here(&report, cap)),
    })
}

fn log_with<E: Engine>(request: &Request) -> Result<Outcome> {
    let (mut engine, _) = request.engine::<E>()?;
    let depth = request.depth()?;
    let trace = request.trace()?;
    request.record_levels()?;
    let words = request.words()?;
    let mut position = request.position()?;

    let mut log = TextLog::new(words, Vec::new())
        .levels(trace)
        .with_paths(request.paths)
        .with_layout(engine.layout(depth));
    let mut line = Line::default();
    let cap = request.node_cap();
    let (report, stopped) = {
        let mut listener = Both(&mut log, &mut line);
        let mut tracer = Tracer::new(trace, &mut listener);
        capped(&mut engine, &mut position, depth, cap, &mut tracer)
    };
    let mut text = String::from_utf8_lossy(&log.into_inner()).into_owned();
    text.push_str(&report.closing_lines());
    Ok(Outcome {
        text,
        nodes: report.nodes,
        stopped: stopped.then(|| line.stopped_here(&report, cap)),
    })
}

/// Searches with a control that stops at `cap` nodes; and whether it did.
fn capped<E: Engine>(
    engine: &mut E,
    position: &mut Position,
    depth: u32,
    cap: u64,
    tracer: &mut Tracer<'_>,
) -> (Report, bool) {
    let control = SearchControl::unlimited().with_node_limit(cap);
    let report = engine.search(position, depth, &control, tracer);
    let stopped = report.interrupted || control.stopped();
    (report, stopped)
}

/// The listener that keeps the line from the root to the node being
/// searched, as far down as the tracer shows, to say where a capped search
/// stopped.
#[derive(Debug, Default)]
struct Line {
    /// Each open node's level and the move that led to it.
    open: Vec<(u32, Option<Move>)>,
}

impl Listener for Line {
    fn hear(&mut self, event: &Event<'_>) {
        if let Event::Node { level, mv, .. } = *event {
            // A node at a level already open is a sibling of that one, or
            // the same node searched again; either way it replaces it.
            while self.open.last().is_some_and(|&(open, _)| open >= level) {
                self.open.pop();
            }
            self.open.push((level, mv));
        }
    }
}

impl Line {
    /// The page's sentence for a search the cap stopped.
    fn stopped_here(&self, report: &Report, cap: u64) -> String {
        let moves: Vec<String> = self
            .open
            .iter()
            .filter_map(|&(_, mv)| mv.map(|mv| mv.to_string()))
            .collect();
        let line = if moves.is_empty() {
            "at the root".to_string()
        } else {
            format!("in the line {}", moves.join(" "))
        };
        format!(
            "stopped by the node cap of {cap} after {} nodes, {line}; its move and value are those of the root moves it had finished",
            report.nodes
        )
    }
}
