//! The search trace: what a search reports as it works, and the lines that
//! show it, in English or in the original program's Italian.
//!
//! LaMoSca wrote a log of every search: for each node, the value of each
//! move, then the node's result. Our searches report the same facts as
//! structured [`tracing`] events (a move and its value, a node's result, a
//! swap made by the move ordering, a cut-off), through a [`Tracer`] that
//! emits only for the levels asked for. A [`TraceLayer`], a
//! `tracing-subscriber` layer, collects the events and prints the lines:
//!
//! ```text
//! Mosse livello 2: b8a6=4 b8c6=9 g8f6=9 ... h7h6=0 h7h5=1
//! Risultato livello 2: Trovata=1, Valore=11
//! ```
//!
//! A node's moves arrive one by one, with the lines of deeper nodes in
//! between, so the layer keeps one line in the making per level and prints
//! it when the node's result arrives. A swap line is printed once the
//! swapped-in move has its value, so that ` // Cut` can be added when that
//! move cut the node off. The events go through `tracing`, so `RUST_LOG`
//! filters them (`RUST_LOG=off` silences the trace), and a search whose
//! tracer shows no level emits nothing at all: one comparison per event.
//!
//! ```
//! use common::trace::{capture, Tracer, Words};
//! use common::Position;
//! let position = Position::startpos();
//! let e2e4 = position.parse_move("e2e4").unwrap();
//! let (text, ()) = capture(Words::Italian, || {
//!     let tracer = Tracer::new(1);
//!     tracer.moved(1, e2e4, 0);
//!     tracer.result(1, true, 0, Some(e2e4), None);
//! });
//! assert_eq!(text, "Mosse livello 1: e2e4=0\nRisultato livello 1: Trovata=1, Valore=0, Mossa=e2e4\n");
//! ```

use std::fmt::{self, Write as _};
use std::io::{self, Write};
use std::sync::{Arc, Mutex};

use tracing::field::{Field, Visit};
use tracing::{Event, Subscriber};
use tracing_subscriber::layer::{Context, Layer};
use tracing_subscriber::prelude::*;

use crate::movegen::ScoredMove;
use crate::moves::Move;

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

/// The keywords of one language.
struct Vocabulary {
    moves: &'static str,
    result: &'static str,
    level: &'static str,
    found: &'static str,
    value: &'static str,
    best: &'static str,
    alpha: &'static str,
    beta: &'static str,
    swap: &'static str,
    with: &'static str,
    horizon: &'static str,
    captures: &'static str,
    quiescence: &'static str,
    deepening: &'static str,
    depth: &'static str,
    lazy_cut: &'static str,
    score: &'static str,
    margin: &'static str,
    gain: &'static str,
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
    horizon: "Horizon",
    captures: "Captures",
    quiescence: "Quiescence",
    deepening: "Deepening",
    depth: "depth",
    lazy_cut: "Lazy cut",
    score: "Score",
    margin: "Margin",
    gain: "gain",
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
    horizon: "Orizzonte",
    captures: "Catture",
    quiescence: "Quiescenza",
    deepening: "Approfondimento",
    depth: "profondità",
    lazy_cut: "Taglio pigro",
    score: "Punteggio",
    margin: "Margine",
    gain: "guadagno",
};

impl Words {
    fn vocabulary(self) -> &'static Vocabulary {
        match self {
            Words::English => &ENGLISH,
            Words::Italian => &ITALIAN,
        }
    }
}

/// The mark of a move that failed high, as the original wrote it.
const CUT_MARK: &str = " // Cut";

/// How a quiescence node's stand pat shows in its list of captures.
const STAND_PAT: &str = "stand-pat";

/// The alpha-beta window a node was searched with, for its result line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    /// The lower bound on entry.
    pub alpha: i32,
    /// The upper bound.
    pub beta: i32,
}

// ANCHOR: tracer
/// What a search calls to report its work. Levels count from 1 at the root,
/// as in LaMoSca's log; only levels up to the tracer's depth are reported,
/// and a tracer of depth 0 reports nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tracer {
    depth: u32,
}

impl Tracer {
    /// A tracer that reports nothing.
    pub const OFF: Tracer = Tracer { depth: 0 };

    /// A tracer that reports levels 1 to `depth`.
    pub const fn new(depth: u32) -> Tracer {
        Tracer { depth }
    }

    /// True when events of `level` are reported.
    #[inline(always)]
    pub fn shows(&self, level: u32) -> bool {
        level <= self.depth
    }

    /// A move of a node at `level` was searched and is worth `value`.
    #[inline]
    pub fn moved(&self, level: u32, mv: Move, value: i32) {
        if self.shows(level) {
            tracing::info!(target: TARGET, kind = "move", level, mv = %mv, value);
        }
    }

    /// A node at `level` is done: whether it had a legal move, its value,
    /// the move chosen (printed at the root only) and, for alpha-beta, the
    /// window it was searched with.
    #[inline]
    pub fn result(
        &self,
        level: u32,
        found: bool,
        value: i32,
        best: Option<Move>,
        window: Option<Window>,
    ) {
        if self.shows(level) {
            let best = best.filter(|_| level == 1).map(|mv| mv.to_string());
            tracing::info!(
                target: TARGET,
                kind = "result",
                level,
                found,
                value,
                best = best.as_deref(),
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

    // ANCHOR: tracer_quiescence
    /// The main search reached its horizon at `level`: the quiescence
    /// search starts here, with this window.
    #[inline]
    pub fn horizon(&self, level: u32, window: Window) {
        if self.shows(level) {
            tracing::info!(
                target: TARGET,
                kind = "horizon",
                level,
                alpha = window.alpha,
                beta = window.beta
            );
        }
    }

    /// A quiescence node at `level` may stand pat on its static value;
    /// `cut` when that value alone reaches beta.
    #[inline]
    pub fn stand_pat(&self, level: u32, value: i32, cut: bool) {
        if self.shows(level) {
            tracing::info!(target: TARGET, kind = "stand_pat", level, value, cut);
        }
    }

    /// A capture at `level` was not searched: the most it can win,
    /// `win_limit`, does not raise alpha.
    #[inline]
    pub fn skipped(&self, level: u32, mv: Move, win_limit: i32) {
        if self.shows(level) {
            tracing::info!(target: TARGET, kind = "skipped", level, mv = %mv, value = win_limit);
        }
    }

    /// A quiescence node at `level` is done: whether it had a capture to
    /// try, its value and the window it was searched with.
    #[inline]
    pub fn quiescence_result(&self, level: u32, found: bool, value: i32, window: Window) {
        if self.shows(level) {
            tracing::info!(
                target: TARGET,
                kind = "result",
                level,
                found,
                value,
                alpha = window.alpha,
                beta = window.beta,
                quiescence = true
            );
        }
    }
    // ANCHOR_END: tracer_quiescence

    // ANCHOR: tracer_lazy
    /// A node at `level` was searched `depth` plies deep before its own
    /// search (Kornilov's internal deepening): the move that search hands
    /// up to be tried first, if it found one, and its value.
    #[inline]
    pub fn deepened(&self, level: u32, depth: i32, mv: Option<Move>, value: i32) {
        if self.shows(level) {
            let mv = mv.map(|mv| mv.to_string());
            tracing::info!(
                target: TARGET,
                kind = "deepened",
                level,
                depth,
                mv = mv.as_deref(),
                value
            );
        }
    }

    /// A node at `level` was cut off unsearched (Kornilov's lazy cut): its
    /// own `score` and the `value` of its search `depth` plies deep both
    /// stand at least `margin` above `beta`.
    #[inline]
    pub fn lazy_cut(&self, level: u32, score: i32, value: i32, depth: i32, margin: i32, beta: i32) {
        if self.shows(level) {
            tracing::info!(
                target: TARGET,
                kind = "lazy_cut",
                level,
                score,
                value,
                depth,
                margin,
                beta
            );
        }
    }

    /// A node of the main search at `level` may stand pat on its `value`
    /// (Kornilov's selective search): the move that led to it gained
    /// `gain`, less than the ply's `limit`, and gave no check; `cut` when
    /// that value alone reaches beta.
    #[inline]
    pub fn selective_stand_pat(&self, level: u32, gain: i32, limit: i32, value: i32, cut: bool) {
        if self.shows(level) {
            tracing::info!(
                target: TARGET,
                kind = "selective_stand_pat",
                level,
                gain,
                limit,
                value,
                cut
            );
        }
    }
    // ANCHOR_END: tracer_lazy
}

/// The fields of one trace event.
#[derive(Default, Debug)]
struct Fields {
    kind: String,
    level: usize,
    mv: String,
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
    quiescence: bool,
    depth: i64,
    score: i64,
    margin: i64,
    gain: i64,
    limit: i64,
}

impl Visit for Fields {
    fn record_i64(&mut self, field: &Field, value: i64) {
        match field.name() {
            "value" => self.value = value,
            "alpha" => self.alpha = Some(value),
            "beta" => self.beta = Some(value),
            "out_score" => self.out_score = value,
            "into_score" => self.into_score = value,
            "level" => self.level = value.max(0) as usize,
            "depth" => self.depth = value,
            "score" => self.score = value,
            "margin" => self.margin = value,
            "gain" => self.gain = value,
            "limit" => self.limit = value,
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
            "quiescence" => self.quiescence = value,
            _ => {}
        }
    }

    fn record_str(&mut self, field: &Field, value: &str) {
        match field.name() {
            "kind" => self.kind = value.to_string(),
            "best" => self.best = Some(value.to_string()),
            "mv" => self.mv = value.to_string(),
            "out" => self.out = value.to_string(),
            "into" => self.into = value.to_string(),
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

/// Lines in the making, one per level.
#[derive(Default)]
struct State {
    moves: Vec<String>,
    swaps: Vec<Option<String>>,
}

impl State {
    fn level(&mut self, level: usize) -> (&mut String, &mut Option<String>) {
        if self.moves.len() <= level {
            self.moves.resize(level + 1, String::new());
            self.swaps.resize(level + 1, None);
        }
        (&mut self.moves[level], &mut self.swaps[level])
    }
}

/// The `tracing-subscriber` layer that prints trace events as lines.
pub struct TraceLayer {
    words: &'static Vocabulary,
    state: Mutex<State>,
    sink: Sink,
}

impl TraceLayer {
    /// A layer printing to standard output.
    pub fn stdout(words: Words) -> TraceLayer {
        TraceLayer::to_sink(words, Arc::new(Mutex::new(io::stdout())))
    }

    fn to_sink(words: Words, sink: Sink) -> TraceLayer {
        TraceLayer {
            words: words.vocabulary(),
            state: Mutex::new(State::default()),
            sink,
        }
    }

    /// The lines an event completes (none for most moves).
    fn lines(&self, fields: &Fields, state: &mut State) -> String {
        let w = self.words;
        let mut lines = String::new();
        let (moves, swap) = state.level(fields.level);
        match fields.kind.as_str() {
            "move" => {
                let cut = if fields.cut { CUT_MARK } else { "" };
                if let Some(swap_line) = swap.take() {
                    let _ = writeln!(lines, "{swap_line}{cut}");
                }
                let _ = write!(moves, " {}={}{cut}", fields.mv, fields.value);
            }
            "swap" => {
                *swap = Some(format!(
                    "{} {}={} {} {}={}",
                    w.swap, fields.out, fields.out_score, w.with, fields.into, fields.into_score
                ));
            }
            "stand_pat" => {
                let cut = if fields.cut { CUT_MARK } else { "" };
                let _ = write!(moves, " {STAND_PAT}={}{cut}", fields.value);
            }
            "skipped" => {
                let _ = write!(moves, " {}<={}", fields.mv, fields.value);
            }
            "horizon" => {
                let _ = writeln!(
                    lines,
                    "{} {} {}: {}={}, {}={}",
                    w.horizon,
                    w.level,
                    fields.level,
                    w.alpha,
                    fields.alpha.unwrap_or_default(),
                    w.beta,
                    fields.beta.unwrap_or_default()
                );
            }
            "deepened" => {
                let _ = write!(
                    lines,
                    "{} {} {}: {} {}",
                    w.deepening, w.level, fields.level, w.depth, fields.depth
                );
                if !fields.mv.is_empty() {
                    let _ = write!(lines, ", {}={}", w.best, fields.mv);
                }
                let _ = writeln!(lines, ", {}={}", w.value, fields.value);
            }
            "lazy_cut" => {
                // The node ends here: nothing of it is left to print.
                moves.clear();
                *swap = None;
                let _ = writeln!(
                    lines,
                    "{} {} {}: {}={}, {}={} ({} {}), {}={}, {}={}",
                    w.lazy_cut,
                    w.level,
                    fields.level,
                    w.score,
                    fields.score,
                    w.value,
                    fields.value,
                    w.depth,
                    fields.depth,
                    w.margin,
                    fields.margin,
                    w.beta,
                    fields.beta.unwrap_or_default()
                );
            }
            "selective_stand_pat" => {
                let cut = if fields.cut { CUT_MARK } else { "" };
                let _ = write!(
                    moves,
                    " {STAND_PAT}={} [{} {}<{}]{cut}",
                    fields.value, w.gain, fields.gain, fields.limit
                );
            }
            "result" => {
                let (list, result) = if fields.quiescence {
                    (w.captures, w.quiescence)
                } else {
                    (w.moves, w.result)
                };
                let _ = writeln!(lines, "{list} {} {}:{moves}", w.level, fields.level);
                moves.clear();
                *swap = None;
                let _ = write!(
                    lines,
                    "{} {} {}: {}={}, {}={}",
                    result,
                    w.level,
                    fields.level,
                    w.found,
                    u8::from(fields.found),
                    w.value,
                    fields.value
                );
                if let (Some(alpha), Some(beta)) = (fields.alpha, fields.beta) {
                    let _ = write!(lines, ", {}={alpha}, {}={beta}", w.alpha, w.beta);
                }
                if let Some(best) = &fields.best {
                    let _ = write!(lines, ", {}={best}", w.best);
                }
                lines.push('\n');
            }
            _ => {}
        }
        lines
    }
}

impl<S: Subscriber> Layer<S> for TraceLayer {
    fn on_event(&self, event: &Event<'_>, _ctx: Context<'_, S>) {
        if event.metadata().target() != TARGET {
            return;
        }
        let mut fields = Fields::default();
        event.record(&mut fields);
        let lines = {
            let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
            self.lines(&fields, &mut state)
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
mod lazy_events {
    use super::*;
    use crate::position::Position;

    #[test]
    fn deepening_lazy_cut_and_selective_stand_pat_lines() {
        let position = Position::startpos();
        let d2d4 = position.parse_move("d2d4").unwrap();
        let (text, ()) = capture(Words::English, || {
            let tracer = Tracer::new(3);
            tracer.deepened(2, 1, Some(d2d4), 12);
            tracer.deepened(2, 3, None, -5);
            tracer.lazy_cut(3, 130, 120, 1, 50, 60);
            tracer.selective_stand_pat(3, 8, 100, 35, false);
            tracer.moved(3, d2d4, 40);
            tracer.result(3, true, 40, Some(d2d4), None);
            tracer.selective_stand_pat(3, 0, 100, 90, true);
            tracer.result(3, true, 90, None, None);
        });
        assert_eq!(
            text,
            "Deepening level 2: depth 1, Move=d2d4, Value=12\n\
             Deepening level 2: depth 3, Value=-5\n\
             Lazy cut level 3: Score=130, Value=120 (depth 1), Margin=50, Beta=60\n\
             Moves level 3: stand-pat=35 [gain 8<100] d2d4=40\n\
             Result level 3: Found=1, Value=40\n\
             Moves level 3: stand-pat=90 [gain 0<100] // Cut\n\
             Result level 3: Found=1, Value=90\n"
        );
        let (italian, ()) = capture(Words::Italian, || {
            Tracer::new(2).deepened(2, 1, Some(d2d4), 12);
        });
        assert_eq!(
            italian,
            "Approfondimento livello 2: profondità 1, Mossa=d2d4, Valore=12\n"
        );
    }
}
