//! The search trace: what a search reports as it works, and the lines that
//! show it, in English or in the original program's Italian.
//!
//! LaMoSca wrote a log of every search: for each node, the value of each
//! move, then the node's result. Our searches report the same facts as
//! structured [`tracing`] events, through a [`Tracer`] that emits only for
//! the levels asked for. Every step shares a few events: a node entered, a
//! move and its value, a node's result, a swap made by the move ordering, a
//! cut-off. A step that teaches something new brings its own events (a
//! horizon, a stand pat, a lazy cut...) as a type implementing
//! [`StepEvent`], in its own crate, with its own words: this module knows
//! none of them. A [`TraceLayer`], a `tracing-subscriber` layer, collects
//! the events and prints the lines:
//!
//! ```text
//! Mosse livello 2: b8a6=4 b8c6=9 g8f6=9 ... h7h6=0 h7h5=1
//! Risultato livello 2: Trovata=1, Valore=11
//! ```
//!
//! A node's moves arrive one by one, with the lines of deeper nodes in
//! between, so the layer keeps the line in the making of every open node
//! and prints it when the node's result arrives. A node searched again
//! inside itself (v0.11's internal deepening) gets a line of its own, so a
//! search never has to hold an event back to keep the log in order. A swap
//! line is printed once the swapped-in move has its value, so that ` // Cut`
//! can be added when that move cut the node off. The events go through
//! `tracing`, so `RUST_LOG` filters them (`RUST_LOG=off` silences the
//! trace), and a search whose tracer shows no level emits nothing at all:
//! one comparison per event.
//!
//! Both layers that read the events, this text layer and the record's
//! ([`crate::record::RecordLayer`]), parse a `tracing` event once, into a
//! `TraceEvent`, so the log and the record cannot tell different
//! stories. Two events print nothing in the log and feed the record: a
//! node entered ([`Tracer::node`]) and a node's ordered moves
//! ([`Tracer::moves`]).
//!
//! ```
//! use common::trace::{capture, NodeKind, Tracer, Words};
//! use common::Position;
//! let position = Position::startpos();
//! let e2e4 = position.parse_move("e2e4").unwrap();
//! let (text, ()) = capture(Words::Italian, || {
//!     let tracer = Tracer::new(1);
//!     tracer.node(1, NodeKind::Main, &position, None);
//!     tracer.moved(1, e2e4, 0);
//!     tracer.result(1, true, 0, Some(e2e4), None);
//! });
//! assert_eq!(text, "Mosse livello 1: e2e4=0\nRisultato livello 1: Trovata=1, Valore=0, Mossa=e2e4\n");
//! ```

use std::cell::RefCell;
use std::fmt::{self, Write as _};
use std::io::{self, Write};
use std::sync::{Arc, Mutex};

use tracing::field::{Field, Visit};
use tracing::{Event, Subscriber};
use tracing_subscriber::layer::{Context, Layer};
use tracing_subscriber::prelude::*;

use crate::movegen::ScoredMove;
use crate::moves::Move;
use crate::position::Position;
use crate::pv;

/// The `tracing` target of every trace event.
pub const TARGET: &str = "lamosca::trace";

/// The language of the trace's keywords.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Words {
    /// `Moves level 2: ...`, `Result level 2: Found=1, Value=11`.
    #[default]
    English,
    /// The original program's words: `Mosse livello 2: ...`,
    /// `Risultato livello 2: Trovata=1, Valore=11`.
    Italian,
}

/// The keywords every step's lines share, in one language. A step's own
/// events bring their own words and use these for the rest.
#[derive(Debug)]
pub struct Vocabulary {
    /// The heading of a node's list of moves (`Moves`).
    pub moves: &'static str,
    /// The heading of a node's result (`Result`).
    pub result: &'static str,
    /// `level`.
    pub level: &'static str,
    /// Whether the node had a move (`Found`).
    pub found: &'static str,
    /// `Value`.
    pub value: &'static str,
    /// The move chosen (`Move`).
    pub best: &'static str,
    /// `Alpha`.
    pub alpha: &'static str,
    /// `Beta`.
    pub beta: &'static str,
    /// A swap made by the move ordering (`Swap`).
    pub swap: &'static str,
    /// `with`, between the two moves of a swap.
    pub with: &'static str,
}

const ENGLISH: Vocabulary = Vocabulary {
    moves: "Moves",
    result: "Result",
    level: "level",
    found: "Found",
    value: "Value",
    best: "Move",
    alpha: "Alpha",
    beta: "Beta",
    swap: "Swap",
    with: "with",
};

const ITALIAN: Vocabulary = Vocabulary {
    moves: "Mosse",
    result: "Risultato",
    level: "livello",
    found: "Trovata",
    value: "Valore",
    best: "Mossa",
    alpha: "Alfa",
    beta: "Beta",
    swap: "Scambia",
    with: "con",
};

impl Words {
    /// The shared keywords in this language.
    pub fn vocabulary(self) -> &'static Vocabulary {
        match self {
            Words::English => &ENGLISH,
            Words::Italian => &ITALIAN,
        }
    }

    /// A result line: `Result level 2: Found=1, Value=11`, with the window
    /// when there is one, under the heading `result` (a step may name its
    /// results otherwise, as the quiescence does).
    pub fn result_line(
        self,
        result: &str,
        level: u32,
        found: bool,
        value: i32,
        window: Option<Window>,
    ) -> String {
        let w = self.vocabulary();
        let mut line = format!(
            "{result} {} {level}: {}={}, {}={value}",
            w.level,
            w.found,
            u8::from(found),
            w.value
        );
        if let Some(Window { alpha, beta }) = window {
            let _ = write!(line, ", {}={alpha}, {}={beta}", w.alpha, w.beta);
        }
        line
    }
}

/// The mark of a move that failed high, as the original wrote it.
pub const CUT_MARK: &str = " // Cut";

/// The alpha-beta window a node was searched with, for its result line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    /// The lower bound on entry.
    pub alpha: i32,
    /// The upper bound.
    pub beta: i32,
}

/// What kind of node a search enters; the record names it in snake case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NodeKind {
    /// A node of the main search.
    Main,
    /// A node of the quiescence search, the horizon node included.
    Quiescence,
    /// A node of a reduced search: a node below the root searched two
    /// plies shallower first to find a move to try first (v0.11's internal
    /// deepening), and every node below it.
    Reduced,
}

impl NodeKind {
    /// The kind's name in the record (`main`, `quiescence`, `reduced`).
    pub fn name(self) -> &'static str {
        match self {
            NodeKind::Main => "main",
            NodeKind::Quiescence => "quiescence",
            NodeKind::Reduced => "reduced",
        }
    }

    /// The kind called `name`, as [`NodeKind::name`] writes it.
    pub fn from_name(name: &str) -> Option<NodeKind> {
        [NodeKind::Main, NodeKind::Quiescence, NodeKind::Reduced]
            .into_iter()
            .find(|kind| kind.name() == name)
    }
}

// ANCHOR: step_event
/// An event a step brings to the trace, declared in the crate that teaches
/// it. It describes itself, so that a layer can write any step's event
/// without knowing the step: its kind, its named values, and its line in
/// either language.
pub trait StepEvent: 'static {
    /// The event's name in the record, in snake case (`stand_pat`).
    fn kind(&self) -> &'static str;

    /// The level of the node it belongs to, 1 at the root.
    fn level(&self) -> u32;

    /// Its values by name, in the order a reader expects them.
    fn fields(&self) -> Vec<(&'static str, FieldValue)>;

    /// How it shows in the text log.
    fn text(&self, words: Words) -> Text;

    /// The value its node returns, for an event that ends the node
    /// ([`Text::Close`], [`Text::Abandon`]), as the record writes it in the
    /// node's `result`: by default its field `value`.
    fn returns(&self) -> Option<i32> {
        self.fields()
            .into_iter()
            .find_map(|(name, value)| match value {
                FieldValue::Int(value) if name == "value" => i32::try_from(value).ok(),
                _ => None,
            })
    }
}

/// One value of a [`StepEvent`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldValue {
    /// A whole number: a value, a depth, a margin.
    Int(i64),
    /// A move, or none.
    Move(Option<Move>),
    /// A yes or no: whether a stand pat cut the node off.
    Bool(bool),
}

/// Where a [`StepEvent`]'s text goes in the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Text {
    /// Added to the node's list of moves, as a move is (` stand-pat=35`).
    Item(String),
    /// A line of its own, printed at once.
    Line(String),
    /// Ends the node: its list of moves under `heading` (`Captures`), then
    /// `line`.
    Close {
        /// The heading of the node's list of moves.
        heading: &'static str,
        /// The result line.
        line: String,
    },
    /// Ends the node with nothing of it printed but this line.
    Abandon(String),
}
// ANCHOR_END: step_event

// ANCHOR: tracer
/// What a search calls to report its work. Levels count from 1 at the root,
/// as in LaMoSca's log; only levels up to the tracer's depth are reported,
/// and a tracer of depth 0 reports nothing. A tracer may also collect the
/// principal variation from the same calls, whatever its depth
/// ([`Tracer::with_lines`], [`crate::pv`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Tracer {
    depth: u32,
    lines: bool,
}

impl Tracer {
    /// A tracer that reports nothing.
    pub const OFF: Tracer = Tracer {
        depth: 0,
        lines: false,
    };

    /// A tracer that reports levels 1 to `depth`.
    pub const fn new(depth: u32) -> Tracer {
        Tracer {
            depth,
            lines: false,
        }
    }

    /// True when events of `level` are reported.
    #[inline(always)]
    pub fn shows(&self, level: u32) -> bool {
        level <= self.depth
    }

    /// The search enters a node at `level` of `kind`, reached by the last
    /// move made on `position` (none at the root), with the window it is
    /// searched with (none for NegaMax). The text log prints nothing for
    /// it; a record keeps it, to place every later line in the tree.
    #[inline]
    pub fn node(&self, level: u32, kind: NodeKind, position: &Position, window: Option<Window>) {
        if self.lines {
            pv::with_lines(|lines| lines.enter(level));
        }
        if self.shows(level) {
            let mv = position.last_move().filter(|_| level > 1);
            let mv = mv.map(|mv| mv.to_string());
            tracing::info!(
                target: TARGET,
                kind = "node",
                level,
                node = kind.name(),
                mv = mv.as_deref(),
                alpha = window.map(|w| w.alpha),
                beta = window.map(|w| w.beta)
            );
        }
    }

    /// A move of a node at `level` was searched and is worth `value`.
    #[inline]
    pub fn moved(&self, level: u32, mv: Move, value: i32) {
        if self.lines {
            pv::with_lines(|lines| lines.searched(level, mv, value));
        }
        if self.shows(level) {
            tracing::info!(target: TARGET, kind = "move", level, mv = %mv, value);
        }
    }

    /// A node at `level` is done: whether it had a legal move, its value,
    /// the move chosen (the text log prints it at the root only, the record
    /// keeps it at every node) and, for alpha-beta, the window it was
    /// searched with.
    #[inline]
    pub fn result(
        &self,
        level: u32,
        found: bool,
        value: i32,
        best: Option<Move>,
        window: Option<Window>,
    ) {
        if self.lines {
            pv::with_lines(|lines| lines.close(level, value, best));
        }
        if self.shows(level) {
            tracing::info!(
                target: TARGET,
                kind = "result",
                level,
                found,
                value,
                best = best.map(tracing::field::display),
                alpha = window.map(|w| w.alpha),
                beta = window.map(|w| w.beta)
            );
        }
    }
    // ANCHOR_END: tracer

    // ANCHOR: tracer_alpha_beta
    /// A move was worth `value`, at least beta: the node is cut off.
    #[inline]
    pub fn cut(&self, level: u32, mv: Move, value: i32) {
        if self.lines {
            pv::with_lines(|lines| lines.searched(level, mv, value));
        }
        if self.shows(level) {
            tracing::info!(target: TARGET, kind = "move", level, mv = %mv, value, cut = true);
        }
    }

    /// The move ordering brought `into` forward to the slot of `out`.
    #[inline]
    pub fn swap(&self, level: u32, out: ScoredMove, into: ScoredMove) {
        if self.shows(level) {
            tracing::info!(
                target: TARGET,
                kind = "swap",
                level,
                out = %out.mv,
                out_score = out.score,
                into = %into.mv,
                into_score = into.score
            );
        }
    }
    // ANCHOR_END: tracer_alpha_beta

    // ANCHOR: tracer_moves
    /// The moves of a node at `level`, as generated, with the values the
    /// ordering gave them. The text log prints nothing for it; a record
    /// keeps the list, so that a reader sees what `pick` chose from.
    #[inline]
    pub fn moves(&self, level: u32, moves: &[ScoredMove]) {
        if self.shows(level) {
            tracing::info!(target: TARGET, kind = "moves", level, moves = %MoveValues(moves));
        }
    }
    // ANCHOR_END: tracer_moves

    // ANCHOR: tracer_step
    /// A step's own event, when its level is shown.
    #[inline]
    pub fn step(&self, event: impl StepEvent) {
        if self.shows(event.level()) {
            emit_step(Box::new(event));
        }
    }
    // ANCHOR_END: tracer_step

    // ANCHOR: tracer_lines
    /// The same tracer, collecting the principal variation too.
    pub const fn with_lines(self) -> Tracer {
        Tracer {
            lines: true,
            ..self
        }
    }

    /// Forgets the lines and the node count of the last search on this
    /// thread, before a new one.
    pub fn start_lines(&self) {
        pv::with_lines(|lines| lines.start());
    }

    /// Forgets the lines and the deepest level, keeping the node count:
    /// the driver begins the next depth.
    pub fn next_iteration(&self) {
        pv::with_lines(|lines| lines.next_iteration());
    }

    /// The root's value and principal variation: the best so far of the
    /// root being searched, once one of its moves has a value, or else of
    /// the last root done.
    pub fn principal_variation(&self) -> Option<(i32, Vec<Move>)> {
        pv::with_lines(|lines| lines.root_line())
    }

    /// The value and line of the root still being searched, once one of
    /// its moves has been searched fully: what an unfinished depth found.
    pub fn unfinished_root(&self) -> Option<(i32, Vec<Move>)> {
        pv::with_lines(|lines| lines.unfinished_root())
    }

    /// The selective depth in plies: the deepest node entered since the
    /// iteration began, quiescence included, counted from the root.
    pub fn selective_depth(&self) -> u32 {
        pv::with_lines(|lines| lines.deepest().saturating_sub(1))
    }

    /// The selective depth is counted again from here.
    pub fn restart_selective_depth(&self) {
        pv::with_lines(|lines| lines.restart_deepest());
    }

    /// The nodes entered since [`Tracer::start_lines`].
    pub fn nodes_entered(&self) -> u64 {
        pv::with_lines(|lines| lines.nodes())
    }
    // ANCHOR_END: tracer_lines
}

thread_local! {
    /// The step event being dispatched on this thread. `tracing` records
    /// only numbers and strings, so a step event travels beside its
    /// `tracing` event, and a layer reads it with [`with_step_event`].
    static STEP: RefCell<Option<Box<dyn StepEvent>>> = const { RefCell::new(None) };
}

/// Dispatches a step event: kept aside for the layers while its `tracing`
/// event, which carries its kind and level, goes through.
#[cold]
fn emit_step(event: Box<dyn StepEvent>) {
    let (step, level) = (event.kind(), event.level());
    STEP.with(|slot| *slot.borrow_mut() = Some(event));
    tracing::info!(target: TARGET, kind = "step", step, level);
    STEP.with(|slot| slot.borrow_mut().take());
}

/// Calls `f` with the step event being dispatched, from a layer's
/// `on_event`; `None` outside the dispatch of a `step` event.
pub fn with_step_event<R>(f: impl FnOnce(&dyn StepEvent) -> R) -> Option<R> {
    STEP.with(|slot| slot.borrow().as_deref().map(f))
}

/// A node's moves as one field: `e2e4=12 d2d4=8`, written only when a
/// layer reads it.
struct MoveValues<'a>(&'a [ScoredMove]);

impl fmt::Display for MoveValues<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, scored) in self.0.iter().enumerate() {
            let space = if i == 0 { "" } else { " " };
            write!(f, "{space}{}={}", scored.mv, scored.score)?;
        }
        Ok(())
    }
}

/// One shared trace event as a layer reads it: what the [`Tracer`]'s
/// methods emit, parsed once for the text layer, the record's layer and a
/// version's own [`Layout`] alike. Moves are in UCI notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TraceEvent {
    /// [`Tracer::node`].
    Node {
        /// The node's level, 1 at the root.
        level: u32,
        /// Main search, quiescence or reduced search.
        kind: NodeKind,
        /// The move that led to it; `None` at a root.
        mv: Option<String>,
        /// Its window, when the search has one.
        window: Option<Window>,
    },
    /// [`Tracer::moved`], or [`Tracer::cut`] when `cut`.
    Move {
        /// The level of the node the move was tried at.
        level: u32,
        /// The move.
        mv: String,
        /// Its value, for the side to move at that node.
        value: i32,
        /// Whether it reached beta and cut the node off.
        cut: bool,
    },
    /// [`Tracer::result`].
    Result {
        /// The node's level.
        level: u32,
        /// Whether the node had a move to try.
        found: bool,
        /// The value it returns.
        value: i32,
        /// Its best move, if it has one.
        best: Option<String>,
        /// The window it was searched with, when the search has one.
        window: Option<Window>,
    },
    /// [`Tracer::swap`].
    Swap {
        /// The level of the node whose moves were swapped.
        level: u32,
        /// The move taken out of the slot.
        out: String,
        /// Its ordering value.
        out_score: i32,
        /// The move brought forward into the slot.
        into: String,
        /// Its ordering value.
        into_score: i32,
    },
    /// [`Tracer::moves`]: each move and its ordering value.
    Moves {
        /// The node's level.
        level: u32,
        /// The moves in generation order, each with its ordering value.
        moves: Vec<(String, i32)>,
    },
    /// [`Tracer::step`]: the step's event itself is read with
    /// [`with_step_event`].
    Step {
        /// The level of the node the step belongs to.
        level: u32,
    },
}

impl TraceEvent {
    /// The trace event a `tracing` event carries; `None` for an event of
    /// another target or kind.
    pub(crate) fn read(event: &Event<'_>) -> Option<TraceEvent> {
        if event.metadata().target() != TARGET {
            return None;
        }
        let mut fields = Fields::default();
        event.record(&mut fields);
        fields.into_event()
    }

    /// The level of the node it belongs to.
    pub fn level(&self) -> u32 {
        match *self {
            TraceEvent::Node { level, .. }
            | TraceEvent::Move { level, .. }
            | TraceEvent::Result { level, .. }
            | TraceEvent::Swap { level, .. }
            | TraceEvent::Moves { level, .. }
            | TraceEvent::Step { level } => level,
        }
    }
}

// ANCHOR: layout
/// A text log in a layout of a version's own. While one is set with
/// [`with_layout`], the text layer hands it every trace event first and
/// writes what it returns instead of its own lines; `None` leaves the event
/// to the layer. A version that retraces a program whose log read otherwise
/// writes that program's layout with it, and `common` knows none of them.
pub trait Layout {
    /// The text `event` adds to the log in `words`, or `None`.
    fn text(&mut self, event: &TraceEvent, words: Words) -> Option<String>;
}

thread_local! {
    /// The layout set on this thread by [`with_layout`].
    static LAYOUT: RefCell<Option<Box<dyn Layout>>> = const { RefCell::new(None) };
}

/// Runs `f` with `layout` writing the text log of the events `f` emits on
/// this thread, and sets back the layout there was before.
pub fn with_layout<R>(layout: impl Layout + 'static, f: impl FnOnce() -> R) -> R {
    /// Sets the previous layout back, even if `f` panics.
    struct Restore(Option<Box<dyn Layout>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            LAYOUT.with(|slot| *slot.borrow_mut() = self.0.take());
        }
    }
    let _restore = Restore(LAYOUT.with(|slot| slot.replace(Some(Box::new(layout)))));
    f()
}

/// The text the layout set on this thread gives `event`, if one is set
/// and takes it.
fn layout_text(event: &TraceEvent, words: Words) -> Option<String> {
    LAYOUT.with(|slot| slot.borrow_mut().as_mut()?.text(event, words))
}
// ANCHOR_END: layout

/// The fields of one shared trace event, as `tracing` hands them over.
#[derive(Default, Debug)]
struct Fields {
    kind: String,
    level: u32,
    node: String,
    mv: Option<String>,
    value: i64,
    cut: bool,
    found: bool,
    best: Option<String>,
    alpha: Option<i64>,
    beta: Option<i64>,
    out: String,
    out_score: i64,
    into: String,
    into_score: i64,
    moves: String,
}

impl Fields {
    /// The event the fields make up.
    fn into_event(self) -> Option<TraceEvent> {
        let level = self.level;
        let window = self.alpha.zip(self.beta).map(|(alpha, beta)| Window {
            alpha: alpha as i32,
            beta: beta as i32,
        });
        Some(match self.kind.as_str() {
            "node" => TraceEvent::Node {
                level,
                kind: NodeKind::from_name(&self.node)?,
                mv: self.mv,
                window,
            },
            "move" => TraceEvent::Move {
                level,
                mv: self.mv.unwrap_or_default(),
                value: self.value as i32,
                cut: self.cut,
            },
            "result" => TraceEvent::Result {
                level,
                found: self.found,
                value: self.value as i32,
                best: self.best,
                window,
            },
            "swap" => TraceEvent::Swap {
                level,
                out: self.out,
                out_score: self.out_score as i32,
                into: self.into,
                into_score: self.into_score as i32,
            },
            "moves" => TraceEvent::Moves {
                level,
                moves: self
                    .moves
                    .split_whitespace()
                    .filter_map(|item| {
                        let (mv, score) = item.split_once('=')?;
                        Some((mv.to_string(), score.parse().ok()?))
                    })
                    .collect(),
            },
            "step" => TraceEvent::Step { level },
            _ => return None,
        })
    }
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
        match field.name() {
            "cut" => self.cut = value,
            "found" => self.found = value,
            _ => {}
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
            "moves" => self.moves = value.to_string(),
            _ => {}
        }
    }

    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        // Moves arrive as `%mv`, whose Debug prints their Display.
        self.record_str(field, &format!("{value:?}"));
    }
}

/// Where the trace lines go.
type Sink = Arc<Mutex<dyn Write + Send>>;

/// A node whose lines are still in the making.
#[derive(Debug)]
struct OpenNode {
    level: u32,
    /// The move that led to it, to tell a node searched again inside
    /// itself from a sibling.
    mv: Option<String>,
    /// Its list of moves so far.
    moves: String,
    /// A swap line waiting for the value of the move swapped in.
    swap: Option<String>,
}

/// The open nodes, the root first.
#[derive(Default)]
struct State {
    open: Vec<OpenNode>,
}

impl State {
    /// A node entered: it closes every node at its level or deeper that is
    /// still open (a leaf prints no result), unless it is the node at its
    /// level searched again inside itself, reached by the same move.
    fn enter(&mut self, level: u32, mv: Option<String>) {
        while let Some(top) = self.open.last() {
            let again = top.level == level && top.mv == mv;
            if top.level < level || again {
                break;
            }
            self.open.pop();
        }
        self.open.push(OpenNode {
            level,
            mv,
            moves: String::new(),
            swap: None,
        });
    }

    /// The innermost open node at `level`; one is opened for events that
    /// arrive without a node entry.
    fn at(&mut self, level: u32) -> &mut OpenNode {
        match self.open.iter().rposition(|node| node.level == level) {
            Some(i) => &mut self.open[i],
            None => {
                self.enter(level, None);
                self.open.last_mut().expect("a node was just opened")
            }
        }
    }

    /// The moves from the root to the innermost open node at `level` or
    /// above, as `search --paths` prefixes a line with them: `[d2d4 d7d5]`.
    /// A node searched again inside itself adds no move.
    fn path(&self, level: u32) -> String {
        let mut path = String::from("[");
        let mut last_level = 0;
        for node in self.open.iter().filter(|node| node.level <= level) {
            if let (Some(mv), true) = (&node.mv, node.level > last_level) {
                if path.len() > 1 {
                    path.push(' ');
                }
                path.push_str(mv);
            }
            last_level = node.level;
        }
        path.push_str("] ");
        path
    }

    /// Ends the innermost open node at `level` and those inside it, and
    /// hands back its list of moves.
    fn close(&mut self, level: u32) -> String {
        let moves = std::mem::take(&mut self.at(level).moves);
        if let Some(i) = self.open.iter().rposition(|node| node.level == level) {
            self.open.truncate(i);
        }
        moves
    }
}

/// The `tracing-subscriber` layer that prints trace events as lines.
pub struct TraceLayer {
    words: Words,
    /// The deepest level printed; a record may be asked for deeper ones.
    depth: u32,
    /// Whether each line starts with the path from the root.
    paths: bool,
    state: Mutex<State>,
    sink: Sink,
}

impl TraceLayer {
    /// A layer printing to standard output.
    pub fn stdout(words: Words) -> TraceLayer {
        TraceLayer::to_sink(words, Arc::new(Mutex::new(io::stdout())))
    }

    /// A layer printing to standard error, for when standard output
    /// carries something else (`search --record -`).
    pub fn stderr(words: Words) -> TraceLayer {
        TraceLayer::to_sink(words, Arc::new(Mutex::new(io::stderr())))
    }

    fn to_sink(words: Words, sink: Sink) -> TraceLayer {
        TraceLayer {
            words,
            depth: u32::MAX,
            paths: false,
            state: Mutex::new(State::default()),
            sink,
        }
    }

    /// The same layer, printing levels 1 to `depth` only (the tracer may
    /// show deeper levels to a record).
    pub fn levels(mut self, depth: u32) -> TraceLayer {
        self.depth = depth;
        self
    }

    /// The same layer, starting each line with the moves from the root to
    /// the node it belongs to (`search --paths`).
    pub fn with_paths(mut self, paths: bool) -> TraceLayer {
        self.paths = paths;
        self
    }

    /// The lines of `event`, each after its path when paths are asked for.
    fn text(&self, event: &TraceEvent, state: &mut State) -> String {
        if !self.paths {
            return self.lines(event, state);
        }
        let path = state.path(event.level());
        let lines = self.lines(event, state);
        lines
            .lines()
            .map(|line| format!("{path}{line}\n"))
            .collect()
    }

    /// The lines a shared event completes (none for most moves).
    fn lines(&self, event: &TraceEvent, state: &mut State) -> String {
        let w = self.words.vocabulary();
        let mut lines = String::new();
        match event {
            TraceEvent::Node { level, mv, .. } => state.enter(*level, mv.clone()),
            TraceEvent::Move {
                level,
                mv,
                value,
                cut,
            } => {
                let node = state.at(*level);
                let cut = if *cut { CUT_MARK } else { "" };
                if let Some(swap_line) = node.swap.take() {
                    let _ = writeln!(lines, "{swap_line}{cut}");
                }
                let _ = write!(node.moves, " {mv}={value}{cut}");
            }
            TraceEvent::Swap {
                level,
                out,
                out_score,
                into,
                into_score,
            } => {
                state.at(*level).swap = Some(format!(
                    "{} {out}={out_score} {} {into}={into_score}",
                    w.swap, w.with
                ));
            }
            TraceEvent::Result {
                level,
                found,
                value,
                best,
                window,
            } => {
                let level = *level;
                let moves = state.close(level);
                let _ = writeln!(lines, "{} {} {level}:{moves}", w.moves, w.level);
                lines += &self
                    .words
                    .result_line(w.result, level, *found, *value, *window);
                // The log names the move chosen at the root only.
                if let Some(best) = best.as_ref().filter(|_| level == 1) {
                    let _ = write!(lines, ", {}={best}", w.best);
                }
                lines.push('\n');
            }
            TraceEvent::Moves { .. } => {}
            TraceEvent::Step { level } => {
                if let Some(text) = with_step_event(|event| event.text(self.words)) {
                    self.step_lines(text, *level, state, &mut lines);
                }
            }
        }
        lines
    }

    /// The lines of a step's own event.
    fn step_lines(&self, text: Text, level: u32, state: &mut State, lines: &mut String) {
        match text {
            Text::Item(item) => state.at(level).moves.push_str(&item),
            Text::Line(line) => {
                let _ = writeln!(lines, "{line}");
            }
            Text::Close { heading, line } => {
                let moves = state.close(level);
                let level_word = self.words.vocabulary().level;
                let _ = writeln!(lines, "{heading} {level_word} {level}:{moves}\n{line}");
            }
            Text::Abandon(line) => {
                state.close(level);
                let _ = writeln!(lines, "{line}");
            }
        }
    }
}

impl<S: Subscriber> Layer<S> for TraceLayer {
    fn on_event(&self, event: &Event<'_>, _ctx: Context<'_, S>) {
        let Some(parsed) = TraceEvent::read(event).filter(|parsed| parsed.level() <= self.depth)
        else {
            return;
        };
        // A version's own layout, when one is set, writes the whole log.
        if let Some(text) = layout_text(&parsed, self.words) {
            let mut sink = self.sink.lock().unwrap_or_else(|e| e.into_inner());
            let _ = sink.write_all(text.as_bytes());
            return;
        }
        let lines = {
            let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
            self.text(&parsed, &mut state)
        };
        if !lines.is_empty() {
            let mut sink = self.sink.lock().unwrap_or_else(|e| e.into_inner());
            // A closed pipe (`| head`) must not stop the search.
            let _ = sink.write_all(lines.as_bytes());
        }
    }
}

/// Installs the trace layer on standard output as the global subscriber,
/// filtered by `RUST_LOG` (everything when unset). Does nothing if a
/// subscriber is already installed.
pub fn install(words: Words) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::registry()
        .with(TraceLayer::stdout(words).with_filter(filter))
        .try_init();
}

/// A `Write` that appends to a shared buffer.
struct Buffer(Arc<Mutex<Vec<u8>>>);

impl Write for Buffer {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Runs `f` with the trace going to a string instead of standard output,
/// on this thread only, and returns the trace with `f`'s result. Tests and
/// the book use it to keep traces as snapshots.
pub fn capture<R>(words: Words, f: impl FnOnce() -> R) -> (String, R) {
    let buffer = Arc::new(Mutex::new(Vec::new()));
    let sink: Sink = Arc::new(Mutex::new(Buffer(buffer.clone())));
    let subscriber = tracing_subscriber::registry().with(TraceLayer::to_sink(words, sink));
    let result = tracing::subscriber::with_default(subscriber, f);
    let bytes = buffer.lock().unwrap_or_else(|e| e.into_inner()).clone();
    (String::from_utf8_lossy(&bytes).into_owned(), result)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A step's event for the tests: a note added to the node's moves, or
    /// a line of its own.
    struct Note {
        level: u32,
        value: i32,
        line: bool,
    }

    impl StepEvent for Note {
        fn kind(&self) -> &'static str {
            "note"
        }

        fn level(&self) -> u32 {
            self.level
        }

        fn fields(&self) -> Vec<(&'static str, FieldValue)> {
            vec![("value", FieldValue::Int(i64::from(self.value)))]
        }

        fn text(&self, words: Words) -> Text {
            let word = match words {
                Words::English => "note",
                Words::Italian => "nota",
            };
            if self.line {
                Text::Line(format!("{word} {}", self.value))
            } else {
                Text::Item(format!(" {word}={}", self.value))
            }
        }
    }

    #[test]
    fn a_node_searched_again_inside_itself_keeps_its_own_line() {
        let mut position = Position::startpos();
        let d2d4 = position.parse_move("d2d4").unwrap();
        position.make(d2d4);
        let e7e5 = position.parse_move("e7e5").unwrap();
        let (text, ()) = capture(Words::English, || {
            let tracer = Tracer::new(2);
            tracer.node(2, NodeKind::Main, &position, None);
            // Added before the node searches itself again, printed with
            // the node's own moves, after the inner search's lines.
            tracer.step(Note {
                level: 2,
                value: 7,
                line: false,
            });
            tracer.node(2, NodeKind::Reduced, &position, None);
            tracer.moved(2, e7e5, 1);
            tracer.result(2, true, 1, None, None);
            tracer.step(Note {
                level: 2,
                value: 8,
                line: true,
            });
            tracer.moved(2, e7e5, 3);
            tracer.result(2, true, 3, None, None);
            // Too deep for this tracer: nothing.
            tracer.step(Note {
                level: 3,
                value: 9,
                line: true,
            });
        });
        assert_eq!(
            text,
            "Moves level 2: e7e5=1\n\
             Result level 2: Found=1, Value=1\n\
             note 8\n\
             Moves level 2: note=7 e7e5=3\n\
             Result level 2: Found=1, Value=3\n"
        );
    }

    /// A layout that writes each move as `<move>` and leaves the rest, and
    /// English, to the text layer.
    struct Bracketed;

    impl Layout for Bracketed {
        fn text(&mut self, event: &TraceEvent, words: Words) -> Option<String> {
            match event {
                TraceEvent::Move { mv, .. } if words == Words::Italian => Some(format!("<{mv}>")),
                _ => None,
            }
        }
    }

    #[test]
    fn a_layout_writes_what_it_takes_while_it_is_set() {
        let position = Position::startpos();
        let e2e4 = position.parse_move("e2e4").unwrap();
        let run = || {
            let tracer = Tracer::new(1);
            with_layout(Bracketed, || tracer.moved(1, e2e4, 0));
            tracer.result(1, true, 0, None, None);
        };
        assert_eq!(
            capture(Words::Italian, run).0,
            "<e2e4>Mosse livello 1:\nRisultato livello 1: Trovata=1, Valore=0\n"
        );
        assert_eq!(
            capture(Words::English, run).0,
            "Moves level 1: e2e4=0\nResult level 1: Found=1, Value=0\n"
        );
    }

    #[test]
    fn a_step_event_describes_itself_to_a_layer() {
        let note = Note {
            level: 1,
            value: -4,
            line: true,
        };
        assert_eq!(note.fields(), [("value", FieldValue::Int(-4))]);
        assert_eq!(note.text(Words::Italian), Text::Line("nota -4".into()));
        assert!(with_step_event(|event| event.kind()).is_none());
    }
}
