//! The search's events: what a search reports as it works, as typed values
//! handed to whoever listens.
//!
//! LaMoSca wrote a log of every search: for each node, the value of each
//! move, then the node's result. Our searches report the same facts as
//! [`Event`]s, through a [`Tracer`]: a node entered, its ordered moves, a
//! move valued (or cut off), a swap made by the move ordering, a node's
//! result. A step that teaches something new brings its own events (a
//! horizon, a stand pat, a lazy cut...) as a type implementing
//! [`StepEvent`], in its own crate, with its own words and fields. What
//! this module knows of them is their kind: [`StepKind`] names every kind
//! of event the four steps report, a closed set as the steps are, so that a
//! reader of a record or a trace tells them apart by type, never by
//! spelling a name. A new step with a new event adds a variant here.
//!
//! A search counts a node's distance from the root in plies, from 0 at the
//! root, and hands the tracer that ply; the events carry the level LaMoSca's
//! log printed, one more, which the tracer works out itself, so that no
//! search counts the same distance twice.
//!
//! Whoever wants the events implements [`Listener`]: the text log
//! ([`crate::log::TextLog`]), the record (`lamosca-record`), the driver's
//! report of each iteration to a GUI. The tracer hands a listener the
//! events of levels 1 to its depth only, so that a search traced to no
//! level pays one comparison per event. Whatever the depth, the tracer
//! counts the nodes entered and the deepest level, for the report and a
//! GUI's `info` lines. The principal variation is the search's own: each
//! search keeps it in a [`crate::pv::Line`].
//!
//! ```
//! use common::Position;
//! use lamosca_search::events::{Event, Listener, NodeKind, Tracer};
//!
//! /// Counts the moves valued at the root.
//! #[derive(Default)]
//! struct RootMoves(u32);
//!
//! impl Listener for RootMoves {
//!     fn hear(&mut self, event: &Event<'_>) {
//!         if let Event::Move { level: 1, .. } = event {
//!             self.0 += 1;
//!         }
//!     }
//! }
//!
//! let position = Position::startpos();
//! let e2e4 = position.parse_move("e2e4").unwrap();
//! let mut counter = RootMoves::default();
//! let mut tracer = Tracer::new(1, &mut counter);
//! // The root is ply 0; its events are of level 1.
//! tracer.node(0, NodeKind::Main, &position, None);
//! tracer.moved(0, e2e4, 12);
//! tracer.result(0, true, 12, Some(e2e4), None);
//! assert_eq!(tracer.nodes_entered(), 1);
//! drop(tracer);
//! assert_eq!(counter.0, 1);
//! ```

use common::{Move, Position, ScoredMove};

pub use crate::words::Window;
use crate::words::Words;

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

// ANCHOR: event
/// One thing a search reports. Levels count from 1 at the root, as in
/// LaMoSca's log.
#[derive(Clone, Copy, Debug)]
pub enum Event<'a> {
    /// The search entered a node, reached by `mv` (none at the root), with
    /// the window it is searched with (none for NegaMax).
    Node {
        /// The node's level.
        level: u32,
        /// Main search, quiescence or reduced search.
        kind: NodeKind,
        /// The move that led to it; `None` at a root.
        mv: Option<Move>,
        /// Its window, when the search has one.
        window: Option<Window>,
    },
    /// A node's moves as generated, each with the value the ordering gave
    /// it, so that a reader sees what the ordering chose from.
    Moves {
        /// The node's level.
        level: u32,
        /// The moves, in generation order.
        moves: &'a [ScoredMove],
    },
    /// A move of a node was searched and is worth `value`; when `cut`, it
    /// reached beta and the node is cut off.
    Move {
        /// The level of the node the move was tried at.
        level: u32,
        /// The move.
        mv: Move,
        /// Its value, for the side to move at that node.
        value: i32,
        /// Whether it reached beta and cut the node off.
        cut: bool,
    },
    /// The move ordering brought `into` forward to the slot of `out`.
    Swap {
        /// The level of the node whose moves were swapped.
        level: u32,
        /// The move taken out of the slot.
        out: ScoredMove,
        /// The move brought forward into the slot.
        into: ScoredMove,
    },
    /// A node is done: whether it had a legal move, its value, the move
    /// chosen and, for alpha-beta, the window it was searched with.
    Result {
        /// The node's level.
        level: u32,
        /// Whether the node had a move to try.
        found: bool,
        /// The value it returns.
        value: i32,
        /// Its best move, if it has one.
        best: Option<Move>,
        /// The window it was searched with, when the search has one.
        window: Option<Window>,
    },
    /// A step's own event.
    Step(&'a dyn StepEvent),
    /// A search that deepens by itself finished an iteration at the root.
    /// Heard whatever the tracer's depth, since it is no node's event.
    Iteration {
        /// The depth just finished.
        depth: u32,
        /// Its value, for the side to move.
        value: i32,
        /// The deepest ply a node of it was entered at, from the root.
        seldepth: u32,
        /// The nodes entered since the search began.
        nodes: u64,
        /// Its principal variation.
        pv: &'a [Move],
    },
}
// ANCHOR_END: event

impl Event<'_> {
    /// The level of the node it belongs to; 1 for an iteration, which
    /// belongs to the root.
    pub fn level(&self) -> u32 {
        match *self {
            Event::Node { level, .. }
            | Event::Moves { level, .. }
            | Event::Move { level, .. }
            | Event::Swap { level, .. }
            | Event::Result { level, .. } => level,
            Event::Step(event) => event.level(),
            Event::Iteration { .. } => 1,
        }
    }
}

// ANCHOR: layout
/// A text log in a layout of a version's own. When the log is built with
/// one ([`Engine::layout`](crate::Engine::layout)), it hands it every event first and
/// writes what it returns instead of its own lines; `None` leaves the
/// event to the log. A version that retraces a program whose log read
/// otherwise writes that program's layout with it, and this crate knows
/// none of them.
pub trait Layout {
    /// The text `event` adds to the log in `words`, or `None`.
    fn text(&mut self, event: &Event<'_>, words: Words) -> Option<String>;
}
// ANCHOR_END: layout

// ANCHOR: listener
/// Hears a search's events. The text log, the record and the driver's
/// report to a GUI are listeners; a listener sees each event once, as a
/// typed value, and keeps what it needs.
pub trait Listener {
    /// One event of the search.
    fn hear(&mut self, event: &Event<'_>);
}
// ANCHOR_END: listener

/// The listener that hears nothing.
impl Listener for () {
    fn hear(&mut self, _event: &Event<'_>) {}
}

/// A listener that may be absent: a record asked for or not.
impl<L: Listener> Listener for Option<L> {
    fn hear(&mut self, event: &Event<'_>) {
        if let Some(listener) = self {
            listener.hear(event);
        }
    }
}

/// Two listeners, each hearing every event: the text log and the record of
/// one search, for example.
pub struct Both<'a>(pub &'a mut dyn Listener, pub &'a mut dyn Listener);

impl Listener for Both<'_> {
    fn hear(&mut self, event: &Event<'_>) {
        self.0.hear(event);
        self.1.hear(event);
    }
}

/// Every kind of event a step brings to the trace, by the step that
/// teaches it. The record writes a kind by its [`name`](StepKind::name);
/// [`StepKind::from_name`] is the one place that reads a name back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepKind {
    /// v0.10: the main search reached its horizon; the quiescence begins.
    Horizon,
    /// v0.10: the side to move stands pat on its static value.
    StandPat,
    /// v0.10: a capture whose estimated gain cannot raise alpha is skipped.
    Skipped,
    /// v0.10: what the quiescence search returns to the horizon.
    QuiescenceResult,
    /// v0.11: a node searched shallower first (internal deepening).
    Deepened,
    /// v0.11: a lazy cut, a node's score and shallow search beating beta.
    LazyCut,
    /// v0.11: a stand pat after a move that gained little.
    SelectiveStandPat,
    /// v0.11: a transposition table entry found for the node.
    TableHit,
    /// v0.11: a draw by the rules (repetition, fifty moves).
    Draw,
}

/// How a step's event ends its node early, other than by a move's cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// A stand pat at or above beta.
    StandPat,
    /// A lazy cut.
    Lazy,
    /// A transposition table entry that settles the node.
    Table,
}

impl StepKind {
    /// Every kind, in step order.
    pub const ALL: [StepKind; 9] = [
        StepKind::Horizon,
        StepKind::StandPat,
        StepKind::Skipped,
        StepKind::QuiescenceResult,
        StepKind::Deepened,
        StepKind::LazyCut,
        StepKind::SelectiveStandPat,
        StepKind::TableHit,
        StepKind::Draw,
    ];

    /// The kind's name in the record, in snake case (`stand_pat`).
    pub const fn name(self) -> &'static str {
        match self {
            StepKind::Horizon => "horizon",
            StepKind::StandPat => "stand_pat",
            StepKind::Skipped => "skipped",
            StepKind::QuiescenceResult => "quiescence_result",
            StepKind::Deepened => "deepened",
            StepKind::LazyCut => "lazy_cut",
            StepKind::SelectiveStandPat => "selective_stand_pat",
            StepKind::TableHit => "table_hit",
            StepKind::Draw => "draw",
        }
    }

    /// The kind a record's name stands for, if it is a step's.
    pub fn from_name(name: &str) -> Option<StepKind> {
        StepKind::ALL.into_iter().find(|kind| kind.name() == name)
    }

    /// True for the two stand pats, whose `value` is the node's static one.
    pub fn stands_pat(self) -> bool {
        matches!(self, StepKind::StandPat | StepKind::SelectiveStandPat)
    }

    /// How an event of this kind ends its node, given its field `cut`
    /// (`None` where the event has none): a stand pat or a table hit only
    /// when it cuts, a lazy cut always.
    pub fn ending(self, cut: Option<bool>) -> Option<Ending> {
        match (self, cut) {
            (StepKind::StandPat | StepKind::SelectiveStandPat, Some(true)) => {
                Some(Ending::StandPat)
            }
            (StepKind::LazyCut, _) => Some(Ending::Lazy),
            (StepKind::TableHit, Some(true)) => Some(Ending::Table),
            _ => None,
        }
    }
}

// ANCHOR: step_event
/// An event a step brings to the trace, declared in the crate that teaches
/// it. It describes itself, so that a listener can write any step's event
/// without knowing the step: its kind, its named values, and its line in
/// either language.
pub trait StepEvent {
    /// The event's kind; the record writes its name.
    fn kind(&self) -> StepKind;

    /// The ply of the node it belongs to, 0 at the root.
    fn ply(&self) -> usize;

    /// The level of the node it belongs to, as LaMoSca's log counts:
    /// 1 at the root.
    fn level(&self) -> u32 {
        level(self.ply())
    }

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

impl std::fmt::Debug for dyn StepEvent + '_ {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct(self.kind().name())
            .field("level", &self.level())
            .field("fields", &self.fields())
            .finish()
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

impl Text {
    /// Whether the event ends its node.
    pub fn ends_node(&self) -> bool {
        matches!(self, Text::Close { .. } | Text::Abandon(_))
    }
}
// ANCHOR_END: step_event

/// The level LaMoSca's log prints for a node at `ply`: it counted from 1
/// at the root.
#[inline(always)]
fn level(ply: usize) -> u32 {
    ply as u32 + 1
}

// ANCHOR: tracer
/// What a search calls to report its work: one call per event, with the
/// node's ply, 0 at the root. The tracer hands each event of levels 1 to
/// its depth (plies 0 to depth - 1) to its listener, and counts the nodes
/// entered and the deepest level, whatever its depth.
#[derive(Debug)]
pub struct Tracer<'a> {
    depth: u32,
    listener: Option<&'a mut dyn Listener>,
    /// The nodes entered since the tracer was made.
    nodes: u64,
    /// The deepest level entered since the search or its last iteration
    /// began.
    deepest: u32,
}

impl<'a> Tracer<'a> {
    /// A tracer that hands `listener` the events of levels 1 to `depth`.
    pub fn new(depth: u32, listener: &'a mut dyn Listener) -> Tracer<'a> {
        Tracer {
            depth,
            listener: Some(listener),
            nodes: 0,
            deepest: 0,
        }
    }

    /// A tracer with no listener: only the counts are kept.
    pub fn off() -> Tracer<'static> {
        Tracer {
            depth: 0,
            listener: None,
            nodes: 0,
            deepest: 0,
        }
    }

    /// True when the events of a node at `ply` reach the listener: its
    /// level, `ply + 1`, is at most the tracer's depth.
    #[inline(always)]
    pub fn shows(&self, ply: usize) -> bool {
        ply < self.depth as usize
    }

    /// Hands `event` to the listener.
    #[inline]
    fn tell(&mut self, event: &Event<'_>) {
        if let Some(listener) = self.listener.as_deref_mut() {
            listener.hear(event);
        }
    }

    /// The search enters a node at `ply` of `kind`, reached by the last
    /// move made on `position` (none at the root), with the window it is
    /// searched with (none for NegaMax). A node reached by a pass
    /// ([`Position::make_null`]) is reached by [`Move::NULL`], which the
    /// log and the record write `0000`.
    #[inline]
    pub fn node(
        &mut self,
        ply: usize,
        kind: NodeKind,
        position: &Position,
        window: Option<Window>,
    ) {
        self.nodes += 1;
        self.deepest = self.deepest.max(level(ply));
        if self.shows(ply) {
            let mv = position.last_move().filter(|_| ply > 0);
            self.tell(&Event::Node {
                level: level(ply),
                kind,
                mv,
                window,
            });
        }
    }

    /// A move of a node at `ply` was searched and is worth `value`.
    #[inline]
    pub fn moved(&mut self, ply: usize, mv: Move, value: i32) {
        if self.shows(ply) {
            self.tell(&Event::Move {
                level: level(ply),
                mv,
                value,
                cut: false,
            });
        }
    }

    /// A node at `ply` is done: whether it had a legal move, its value,
    /// the move chosen and, for alpha-beta, the window it was searched
    /// with.
    #[inline]
    pub fn result(
        &mut self,
        ply: usize,
        found: bool,
        value: i32,
        best: Option<Move>,
        window: Option<Window>,
    ) {
        if self.shows(ply) {
            self.tell(&Event::Result {
                level: level(ply),
                found,
                value,
                best,
                window,
            });
        }
    }
    // ANCHOR_END: tracer

    // ANCHOR: tracer_alpha_beta
    /// A move was worth `value`, at least beta: the node is cut off.
    #[inline]
    pub fn cut(&mut self, ply: usize, mv: Move, value: i32) {
        if self.shows(ply) {
            self.tell(&Event::Move {
                level: level(ply),
                mv,
                value,
                cut: true,
            });
        }
    }

    /// The move ordering brought `into` forward to the slot of `out`.
    #[inline]
    pub fn swap(&mut self, ply: usize, out: ScoredMove, into: ScoredMove) {
        if self.shows(ply) {
            let level = level(ply);
            self.tell(&Event::Swap { level, out, into });
        }
    }
    // ANCHOR_END: tracer_alpha_beta

    // ANCHOR: tracer_moves
    /// The moves of a node at `ply`, as generated, with the values the
    /// ordering gave them.
    #[inline]
    pub fn moves(&mut self, ply: usize, moves: &[ScoredMove]) {
        if self.shows(ply) {
            let level = level(ply);
            self.tell(&Event::Moves { level, moves });
        }
    }
    // ANCHOR_END: tracer_moves

    // ANCHOR: tracer_step
    /// A step's own event, when its ply is shown.
    #[inline]
    pub fn step(&mut self, event: impl StepEvent) {
        if self.shows(event.ply()) {
            self.tell(&Event::Step(&event));
        }
    }
    // ANCHOR_END: tracer_step

    // ANCHOR: tracer_lines
    /// A search that deepens by itself finished an iteration of `depth`
    /// plies at the root, worth `value`, with the line `pv` the search
    /// kept: the listener hears it with the selective depth, which is then
    /// counted again.
    pub fn iteration_done(&mut self, depth: u32, value: i32, pv: &[Move]) {
        let event = Event::Iteration {
            depth,
            value,
            seldepth: self.selective_depth().max(depth),
            nodes: self.nodes,
            pv,
        };
        self.tell(&event);
        self.deepest = 0;
    }

    /// The selective depth in plies: the deepest node entered since the
    /// search (or its last iteration) began, quiescence included, counted
    /// from the root.
    pub fn selective_depth(&self) -> u32 {
        self.deepest.saturating_sub(1)
    }

    /// The nodes entered since the tracer was made.
    pub fn nodes_entered(&self) -> u64 {
        self.nodes
    }
    // ANCHOR_END: tracer_lines
}

impl std::fmt::Debug for dyn Listener + '_ {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Listener")
    }
}
