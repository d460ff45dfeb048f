//! The searches the page asks for, done as `search` does them.
//!
//! [`record`] writes what `search --record -` writes on standard output;
//! [`log`] what `search` writes on standard output without `--record`: the
//! log of the levels asked for, the statistics line and the bestmove line.
//! Both set up the same listeners as `search` (`lamosca-front`'s
//! `cli/search.rs`), in the same order, so that the bytes are the same;
//! the browser test checks them against the binaries.
//!
//! [`record_into`] writes the same record into [`Pieces`](crate::steps::Pieces)
//! for a record the module keeps.
//!
//! One thing the binary does not have: a node cap. The page has no
//! `Ctrl-C`, so a search that would run for minutes is stopped at the cap.
//! A search the cap stopped is never shown as a whole one: the page then
//! deepens, depth after depth from 1, each depth a search of its own under
//! the cap, and shows the deepest that finished, byte for byte what
//! `search --depth` writes at that depth; [`Outcome::stopped`] says which
//! depth stopped, after how many nodes, and where.

use std::io;

use anyhow::{Context, Result};
use serde::Serialize;
use serde_json::Value;

use common::{Move, Position};
use lamosca_explorer::compare::compare as compare_records;
use lamosca_reader::{NodeFacts, Record};
use lamosca_record::{Header, Recorder};
use lamosca_search::events::{Both, Event, Listener, Tracer};
use lamosca_search::log::TextLog;
use lamosca_search::{Engine, OptionKind, Report, SearchControl};

use crate::request::Request;

/// What a search hands back to the page: always a finished search.
#[derive(Debug, Serialize)]
pub struct Outcome {
    /// The record or the log of the deepest depth that finished, byte for
    /// byte as `search --depth` writes it at that depth.
    #[serde(skip)]
    pub text: String,
    /// The nodes of that depth's search.
    pub nodes: u64,
    /// The depth shown: the one asked for, or the deepest that finished
    /// within the cap.
    pub depth: u32,
    /// When the cap stopped the depth asked for: which depth finished,
    /// which stopped, after how many nodes and where. `None` when the
    /// depth asked for finished.
    pub stopped: Option<String>,
}

/// The steps the lab runs, by the names the page uses: the book's list
/// ([`lamosca_reader::STEPS`]), in step order.
pub fn versions() -> impl Iterator<Item = &'static str> {
    lamosca_reader::STEPS.iter().map(|step| step.name)
}

/// Runs `$body` with `$engine` the engine type of the step named `$name`,
/// one of the book's list ([`lamosca_reader::for_each_step!`]).
macro_rules! with_engine {
    ($name:expr, $engine:ident => $body:expr) => {{
        let name: &str = $name;
        let mut ran = None;
        lamosca_reader::for_each_step!(step, $engine => {
            if ran.is_none() && step.name == name {
                ran = Some($body);
            }
        });
        ran.unwrap_or_else(|| {
            Err(anyhow::anyhow!(
                "unknown version '{name}': the lab runs {}",
                lamosca_reader::step_names()
            ))
        })
    }};
}

/// The record of the search `request` asks for, as `search --record -`
/// writes it.
pub fn record(request: &Request) -> Result<Outcome> {
    let (bytes, mut outcome) = record_into::<Vec<u8>>(request)?;
    // The recorder writes JSON, which is UTF-8: no copy is needed.
    outcome.text = String::from_utf8(bytes)
        .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned());
    Ok(outcome)
}

/// The record of the search `request` asks for, written into `W` (the
/// outcome's `text` left empty): bytes, or [`Pieces`] for a record the
/// module keeps.
pub fn record_into<W: io::Write + Default>(request: &Request) -> Result<(W, Outcome)> {
    let (asked, cap) = (request.depth()?, request.node_cap()?);
    with_engine!(request.version.as_str(), E => {
        deepest(asked, cap, |depth, cap, keep| record_at::<E, W>(request, depth, cap, keep))
    })
}

/// The text log of the search `request` asks for, with the statistics and
/// bestmove lines, as `search` prints it.
pub fn log(request: &Request) -> Result<Outcome> {
    let (asked, cap) = (request.depth()?, request.node_cap()?);
    let (text, mut outcome) = with_engine!(request.version.as_str(), E => {
        deepest(asked, cap, |depth, cap, keep| log_at::<E>(request, depth, cap, keep))
    })?;
    outcome.text = text;
    Ok(outcome)
}

/// `compare A B` on two records held as text.
pub fn compare(a: &str, b: &str) -> Result<String> {
    compare_bytes(a.as_bytes(), b.as_bytes())
}

/// `compare A B` on two records' bytes.
pub fn compare_bytes(a: &[u8], b: &[u8]) -> Result<String> {
    let read = |side: &str, text: &[u8]| {
        Record::from_bytes(text.to_vec()).with_context(|| format!("cannot read record {side}"))
    };
    let a = read("A", a)?;
    let b = read("B", b)?;
    let mut out = Vec::new();
    compare_records(&a, &b, &mut out)?;
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// What the page's stepper shows of each node of a record's text, worked
/// out by the record's reader ([`Record::facts`]), as the book program
/// writes them beside the records it ships.
pub fn facts(record: &str) -> Result<Vec<NodeFacts>> {
    let record =
        Record::from_bytes(record.as_bytes().to_vec()).context("cannot read the record")?;
    record.facts()
}

/// A step's move in a game, within the request's node budget.
pub fn think(request: &Request) -> Result<crate::game::Thought> {
    with_engine!(request.version.as_str(), E => crate::game::think::<E>(request))
}

/// `explore --why MOVE`'s answer, read from a record held as text.
pub fn why(record: &str, mv: &str) -> Result<String> {
    why_bytes(record.as_bytes(), mv)
}

/// `explore --why MOVE`'s answer, read from a record's bytes, with the
/// page's words where the command line would name its flag: a move that
/// is not one of the root's is refused as the page asks for it.
pub fn why_bytes(record: &[u8], mv: &str) -> Result<String> {
    let record = Record::from_bytes(record.to_vec()).context("cannot read the record")?;
    let position = Position::from_fen(&record.header().fen).context("the record's position")?;
    root_move(&position, mv, record.summary().best.as_deref())?;
    lamosca_reader::why(&record, mv).map_err(|error| {
        let text = format!("{error:#}");
        anyhow::anyhow!("{}", text.strip_prefix("--why: ").unwrap_or(&text))
    })
}

/// The longest part of a typed move the page repeats in a message.
const ECHO_LIMIT: usize = 12;

/// `mv` as a move of the searched position, or the page's words for why
/// "Why not?" cannot ask about it: nothing typed, or no legal move there,
/// with the side to move and a move that is one (`best`, the move the
/// search chose).
fn root_move(position: &Position, mv: &str, best: Option<&str>) -> Result<Move> {
    if mv.is_empty() {
        anyhow::bail!(
            "type a move of the position searched first, such as {}",
            best.unwrap_or("e2e4")
        );
    }
    position.parse_move(mv).map_err(|_| {
        let shown: String = mv.chars().take(ECHO_LIMIT).collect();
        let cut = if shown.len() < mv.len() { "..." } else { "" };
        let side = if position.side_to_move() == common::Color::White {
            "White"
        } else {
            "Black"
        };
        let example = best
            .map(|best| format!(", such as {best}"))
            .unwrap_or_default();
        anyhow::anyhow!(
            "{shown}{cut} is not a legal move in the position searched, with {side} to move: \
             \"Why not this move?\" asks about one of its moves{example}"
        )
    })
}

/// `explore STEP ... --why MOVE --why-value`'s last line: the named move and the
/// move the record's search chose, each searched with the full window one
/// ply less deep than the record's depth, with the step and switches of
/// `request` from its position.
pub fn why_value(request: &Request, record: &str, mv: &str) -> Result<String> {
    why_value_bytes(request, record.as_bytes(), mv)
}

/// [`why_value`] on a record's bytes.
pub fn why_value_bytes(request: &Request, record: &[u8], mv: &str) -> Result<String> {
    let record = Record::from_bytes(record.to_vec()).context("cannot read the record")?;
    let position = request.position()?;
    root_move(&position, mv, record.summary().best.as_deref())?;
    let depth = record.header().depth;
    if depth < 2 {
        anyhow::bail!("\"Its own value\" searches each move one ply less deep than the search, so the search must reach depth 2 at least");
    }
    let best = match record.summary().best.as_deref() {
        Some(best) => Some(
            position
                .parse_move(best)
                .context("the record's best move")?,
        ),
        None => None,
    };
    with_engine!(request.version.as_str(), E => {
        let (mut engine, _) = request.engine::<E>()?;
        lamosca_reader::why_value(&mut engine, &position, mv, best, depth)
    })
}

/// The steps, for the page's menus, in step order: the name a request
/// takes and the one the page prints, `[{"version": "v07", "title":
/// "v0.07"}, ...]`.
pub fn steps() -> Value {
    lamosca_reader::STEPS
        .iter()
        .map(|step| serde_json::json!({"version": step.name, "title": step.title}))
        .collect()
}

/// The step's switches, for the page's form and for a test that builds
/// the same command line: UCI name, command-line flag, help, kind, default
/// and range, choices or names.
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
            OptionKind::List { default, .. } => serde_json::json!({
                "kind": "list",
                "default": default.to_string(),
                "names": default.of,
            }),
        };
        if let (Some(fields), Value::Object(kind)) = (fields.as_object_mut(), kind) {
            fields.extend(kind);
        }
        fields
    });
    serde_json::json!({"name": E::NAME, "options": options.collect::<Vec<_>>()})
}

/// One search at one depth, as `search --depth D` does it: its record or
/// log, its nodes, and where the cap stopped it, if it did.
struct Attempt<T> {
    text: T,
    nodes: u64,
    /// `None` when the search finished; else the line it was searching.
    stopped: Option<String>,
}

/// Deepens under the cap: the depth asked for first, and when the cap
/// stops it, depth after depth from 1, keeping the deepest that finished.
/// `search_at(depth, cap, keep)` searches one depth from scratch, a fresh
/// engine each time, so that each depth's text is the binary's at that
/// depth; with `keep` false it only counts, and writes no text at all.
///
/// Only the depth shown is written: every depth is first only counted,
/// and the depth shown is searched once more, written. A depth the cap
/// stops is never written, so the module never holds the record of a
/// search it drops (at the largest cap, 500,000 nodes of v0.09's record
/// are some 180 MB, and a module's memory never shrinks). The price is a
/// search that finishes, searched twice: counting costs a fifth to a third
/// of writing. Measured natively (release build, medians of 3), against
/// writing every depth and dropping those not shown: v0.09 depth 5 from
/// the start, uncapped, 170 ms against 125 ms; v0.07 depth 4, uncapped,
/// 227 ms against 215 ms; capped at 500,000 nodes, v0.07 depth 5 448 ms
/// against 835 ms, v0.09 depth 7 1219 ms against 2498 ms, v0.11 depth 9
/// 1792 ms against 4112 ms.
/// Depth 1 is searched whole whatever the cap, so a move is always found.
fn deepest<T>(
    asked: u32,
    cap: u64,
    mut search_at: impl FnMut(u32, Option<u64>, bool) -> Result<Attempt<T>>,
) -> Result<(T, Outcome)> {
    let capped_at = |depth: u32| (depth > 1).then_some(cap);
    let first = search_at(asked, capped_at(asked), false)?;
    let Some(mut line) = first.stopped else {
        let shown = search_at(asked, capped_at(asked), true)?;
        let outcome = Outcome {
            text: String::new(),
            nodes: shown.nodes,
            depth: asked,
            stopped: None,
        };
        return Ok((shown.text, outcome));
    };
    // The depth asked for did not finish: it is never written.
    let (mut cut_depth, mut cut_nodes) = (asked, first.nodes);
    let mut finished = 1;
    for depth in 2..asked {
        let attempt = search_at(depth, Some(cap), false)?;
        match attempt.stopped {
            None => finished = depth,
            Some(where_) => {
                (cut_depth, cut_nodes, line) = (depth, attempt.nodes, where_);
                break;
            }
        }
    }
    // The deepest depth that finished, written: the same search as the
    // one counted, so it finishes again, within the same nodes.
    let shown = search_at(finished, capped_at(finished), true)?;
    let outcome = Outcome {
        text: String::new(),
        nodes: shown.nodes,
        depth: finished,
        stopped: Some(format!(
            "depth {finished} finished, depth {cut_depth} stopped at the node cap of {cap} after {cut_nodes} nodes, {line}"
        )),
    };
    Ok((shown.text, outcome))
}

fn record_at<E: Engine, W: io::Write + Default>(
    request: &Request,
    depth: u32,
    cap: Option<u64>,
    keep: bool,
) -> Result<Attempt<W>> {
    let (mut engine, options) = request.engine::<E>()?;
    let trace = request.trace()?;
    let levels = request.record_levels()?;
    let words = request.words()?;
    let mut position = request.position()?;
    if !keep {
        return Ok(count_at(
            &mut engine,
            &mut position,
            depth,
            cap,
            trace.max(levels),
        ));
    }

    // Step 1. The listeners, as `search --record -` sets them up: the text
    // log (on standard error there, nowhere here) and the recorder.
    let header = Header::of::<E>(&position, depth, options);
    let mut log = TextLog::new(words, io::sink())
        .levels(trace)
        .with_paths(request.paths)
        .with_layout(engine.layout(depth));
    let mut recorder = Recorder::new(W::default(), &header, levels)?;
    let mut line = Line::default();

    // Step 2. The search, under the node cap.
    let (report, stopped) = {
        let mut others = Both(&mut recorder, &mut line);
        let mut listener = Both(&mut log, &mut others);
        let mut tracer = Tracer::new(trace.max(levels), &mut listener);
        capped(&mut engine, &mut position, depth, cap, &mut tracer)
    };
    let text = recorder
        .finish(&report)
        .context("cannot write the record")?;
    Ok(Attempt {
        text,
        nodes: report.nodes,
        stopped: stopped.then(|| line.where_stopped()),
    })
}

fn log_at<E: Engine>(
    request: &Request,
    depth: u32,
    cap: Option<u64>,
    keep: bool,
) -> Result<Attempt<String>> {
    let (mut engine, _) = request.engine::<E>()?;
    let trace = request.trace()?;
    request.record_levels()?;
    let words = request.words()?;
    let mut position = request.position()?;
    if !keep {
        return Ok(count_at(&mut engine, &mut position, depth, cap, trace));
    }

    let mut log = TextLog::new(words, Vec::new())
        .levels(trace)
        .with_paths(request.paths)
        .with_layout(engine.layout(depth));
    let mut line = Line::default();
    let (report, stopped) = {
        let mut listener = Both(&mut log, &mut line);
        let mut tracer = Tracer::new(trace, &mut listener);
        capped(&mut engine, &mut position, depth, cap, &mut tracer)
    };
    let mut text = String::from_utf8_lossy(&log.into_inner()).into_owned();
    text.push_str(&report.closing_lines());
    Ok(Attempt {
        text,
        nodes: report.nodes,
        stopped: stopped.then(|| line.where_stopped()),
    })
}

/// One depth searched and only counted: no text, only its nodes and, with
/// the tracer at `levels` as the written search has it, where the cap
/// stopped it.
fn count_at<E: Engine, T: Default>(
    engine: &mut E,
    position: &mut Position,
    depth: u32,
    cap: Option<u64>,
    levels: u32,
) -> Attempt<T> {
    let mut line = Line::default();
    let (report, stopped) = {
        let mut tracer = Tracer::new(levels, &mut line);
        capped(engine, position, depth, cap, &mut tracer)
    };
    Attempt {
        text: T::default(),
        nodes: report.nodes,
        stopped: stopped.then(|| line.where_stopped()),
    }
}

/// Searches, under `cap` nodes when there is one; and whether the cap
/// stopped it.
fn capped<E: Engine>(
    engine: &mut E,
    position: &mut Position,
    depth: u32,
    cap: Option<u64>,
    tracer: &mut Tracer<'_>,
) -> (Report, bool) {
    let control = match cap {
        Some(cap) => SearchControl::unlimited().with_node_limit(cap),
        None => SearchControl::unlimited(),
    };
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
    /// Where a search the cap stopped was: the line it was searching.
    fn where_stopped(&self) -> String {
        let moves: Vec<String> = self
            .open
            .iter()
            .filter_map(|&(_, mv)| mv.map(|mv| mv.to_string()))
            .collect();
        if moves.is_empty() {
            "at the root".to_string()
        } else {
            format!("in the line {}", moves.join(" "))
        }
    }
}
