//! The text log: the lines LaMoSca printed for a search, in English or
//! in the original program's Italian, written by a [`Listener`] of the
//! search's events.
//!
//! ```text
//! Mosse livello 2: b8a6=4 b8c6=9 g8f6=9 ... h7h6=0 h7h5=1
//! Risultato livello 2: Trovata=1, Valore=11
//! ```
//!
//! A node's moves arrive one by one, with the lines of deeper nodes in
//! between, so the log keeps the line in the making of every open node
//! and prints it when the node's result arrives. A node searched again
//! inside itself (v0.11's internal deepening) gets a line of its own, so a
//! search never has to hold an event back to keep the log in order. A swap
//! line is printed once the swapped-in move has its value, so that
//! ` // Cut` can be added when that move cut the node off. Two events print
//! nothing in the log: a node entered and a node's ordered moves; the
//! record keeps them.
//!
//! ```
//! use lamosca_search::events::NodeKind;
//! use lamosca_search::log::{capture, Words};
//! use common::Position;
//! let position = Position::startpos();
//! let e2e4 = position.parse_move("e2e4").unwrap();
//! let (text, ()) = capture(Words::Italian, 1, |tracer| {
//!     tracer.node(0, NodeKind::Main, &position, None);
//!     tracer.moved(0, e2e4, 0);
//!     tracer.result(0, true, 0, Some(e2e4), None);
//! });
//! assert_eq!(text, "Mosse livello 1: e2e4=0\nRisultato livello 1: Trovata=1, Valore=0, Mossa=e2e4\n");
//! ```

use std::fmt::Write as _;
use std::io::{self, Write};

use common::Move;

use crate::events::{Event, Layout, Listener, Text, Tracer};
pub use crate::words::{Vocabulary, Words, CUT_MARK};

/// The listener that writes the text log into `out`.
pub struct TextLog<W: Write> {
    words: Words,
    /// The deepest level printed; a record may be asked for deeper ones.
    depth: u32,
    /// Whether each line starts with the path from the root.
    paths: bool,
    state: State,
    layout: Option<Box<dyn Layout>>,
    out: W,
}

impl<W: Write> TextLog<W> {
    /// A log in `words`, written into `out`.
    pub fn new(words: Words, out: W) -> TextLog<W> {
        TextLog {
            words,
            depth: u32::MAX,
            paths: false,
            state: State::default(),
            layout: None,
            out,
        }
    }

    /// The same log, printing levels 1 to `depth` only (the tracer may
    /// show deeper levels to a record).
    pub fn levels(mut self, depth: u32) -> TextLog<W> {
        self.depth = depth;
        self
    }

    /// The same log, starting each line with the moves from the root to
    /// the node it belongs to (`search --paths`).
    pub fn with_paths(mut self, paths: bool) -> TextLog<W> {
        self.paths = paths;
        self
    }

    /// The same log, written in `layout` where it takes an event: a
    /// version whose log reads otherwise
    /// ([`Engine::layout`](crate::Engine::layout)).
    pub fn with_layout(mut self, layout: Option<Box<dyn Layout>>) -> TextLog<W> {
        self.layout = layout;
        self
    }

    /// Hands back what the log was written into.
    pub fn into_inner(self) -> W {
        self.out
    }

    /// The lines of `event`, each after its path when paths are asked for.
    fn text(&mut self, event: &Event<'_>) -> String {
        if !self.paths {
            return self.lines(event);
        }
        let path = self.state.path(event.level());
        let lines = self.lines(event);
        lines
            .lines()
            .map(|line| format!("{path}{line}\n"))
            .collect()
    }

    /// The lines an event completes (none for most moves).
    fn lines(&mut self, event: &Event<'_>) -> String {
        let w = self.words.vocabulary();
        let state = &mut self.state;
        let mut lines = String::new();
        match *event {
            Event::Node { level, mv, .. } => state.enter(level, mv),
            Event::Move {
                level,
                mv,
                value,
                cut,
            } => {
                let node = state.at(level);
                let cut = if cut { CUT_MARK } else { "" };
                if let Some(swap_line) = node.swap.take() {
                    let _ = writeln!(lines, "{swap_line}{cut}");
                }
                let _ = write!(node.moves, " {mv}={value}{cut}");
            }
            Event::Swap { level, out, into } => {
                state.at(level).swap = Some(
                    self.words
                        .swap_line((out.mv, out.score), (into.mv, into.score)),
                );
            }
            Event::Result {
                level,
                found,
                value,
                best,
                window,
            } => {
                let moves = state.close(level);
                let _ = writeln!(lines, "{} {} {level}:{moves}", w.moves, w.level);
                lines += &self
                    .words
                    .result_line(w.result, level, found, value, window);
                // The log names the move chosen at the root only.
                if let Some(best) = best.filter(|_| level == 1) {
                    let _ = write!(lines, ", {}={best}", w.best);
                }
                lines.push('\n');
            }
            Event::Moves { .. } | Event::Iteration { .. } => {}
            Event::Step(step) => {
                let text = step.text(self.words);
                self.step_lines(text, step.level(), &mut lines);
            }
        }
        lines
    }

    /// The lines of a step's own event.
    fn step_lines(&mut self, text: Text, level: u32, lines: &mut String) {
        let state = &mut self.state;
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

impl<W: Write> Listener for TextLog<W> {
    fn hear(&mut self, event: &Event<'_>) {
        if event.level() > self.depth {
            return;
        }
        // A version's own layout, when one is set, writes the whole log.
        let text = match self.layout.as_mut() {
            Some(layout) => layout.text(event, self.words),
            None => None,
        };
        let text = text.unwrap_or_else(|| self.text(event));
        if !text.is_empty() {
            // A closed pipe (`| head`) must not stop the search.
            let _ = self.out.write_all(text.as_bytes());
        }
    }
}

impl TextLog<io::Stdout> {
    /// A log printed on standard output.
    pub fn stdout(words: Words) -> TextLog<io::Stdout> {
        TextLog::new(words, io::stdout())
    }
}

// ANCHOR: capture
/// Runs `f` with a tracer that logs levels 1 to `levels` in `words` into
/// a string, and returns the log with `f`'s result. Tests and the book use
/// it to keep logs as snapshots.
pub fn capture<R>(words: Words, levels: u32, f: impl FnOnce(&mut Tracer<'_>) -> R) -> (String, R) {
    capture_in(words, None, levels, f)
}

/// [`capture`], the log written in `layout` when there is one
/// ([`Engine::layout`](crate::Engine::layout)).
pub fn capture_in<R>(
    words: Words,
    layout: Option<Box<dyn Layout>>,
    levels: u32,
    f: impl FnOnce(&mut Tracer<'_>) -> R,
) -> (String, R) {
    let mut log = TextLog::new(words, Vec::new()).with_layout(layout);
    let result = f(&mut Tracer::new(levels, &mut log));
    let text = String::from_utf8_lossy(&log.into_inner()).into_owned();
    (text, result)
}
// ANCHOR_END: capture

/// A node whose lines are still in the making.
#[derive(Debug)]
struct OpenNode {
    level: u32,
    /// The move that led to it, to tell a node searched again inside
    /// itself from a sibling.
    mv: Option<Move>,
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
    fn enter(&mut self, level: u32, mv: Option<Move>) {
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
            if let (Some(mv), true) = (node.mv, node.level > last_level) {
                if path.len() > 1 {
                    path.push(' ');
                }
                let _ = write!(path, "{mv}");
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::{FieldValue, NodeKind, StepEvent, StepKind};
    use common::Position;

    /// A step's event for the tests: a note added to the node's moves, or
    /// a line of its own.
    struct Note {
        ply: usize,
        value: i32,
        line: bool,
    }

    impl StepEvent for Note {
        fn kind(&self) -> StepKind {
            StepKind::Horizon
        }

        fn ply(&self) -> usize {
            self.ply
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
        let (text, ()) = capture(Words::English, 2, |tracer| {
            tracer.node(1, NodeKind::Main, &position, None);
            // Added before the node searches itself again, printed with
            // the node's own moves, after the inner search's lines.
            tracer.step(Note {
                ply: 1,
                value: 7,
                line: false,
            });
            tracer.node(1, NodeKind::Reduced, &position, None);
            tracer.moved(1, e7e5, 1);
            tracer.result(1, true, 1, None, None);
            tracer.step(Note {
                ply: 1,
                value: 8,
                line: true,
            });
            tracer.moved(1, e7e5, 3);
            tracer.result(1, true, 3, None, None);
            // Too deep for this tracer: nothing.
            tracer.step(Note {
                ply: 2,
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
        fn text(&mut self, event: &Event<'_>, words: Words) -> Option<String> {
            match event {
                Event::Move { mv, .. } if words == Words::Italian => Some(format!("<{mv}>")),
                _ => None,
            }
        }
    }

    #[test]
    fn a_layout_writes_what_it_takes() {
        let position = Position::startpos();
        let (e2e4, d2d4) = (
            position.parse_move("e2e4").unwrap(),
            position.parse_move("d2d4").unwrap(),
        );
        let run = |tracer: &mut Tracer<'_>| {
            tracer.moved(0, e2e4, 0);
            tracer.moved(0, d2d4, 0);
            tracer.result(0, true, 0, None, None);
        };
        let bracketed = || Some(Box::new(Bracketed) as Box<dyn Layout>);
        assert_eq!(
            capture_in(Words::Italian, bracketed(), 1, run).0,
            "<e2e4><d2d4>Mosse livello 1:\nRisultato livello 1: Trovata=1, Valore=0\n"
        );
        assert_eq!(
            capture_in(Words::English, bracketed(), 1, run).0,
            "Moves level 1: e2e4=0 d2d4=0\nResult level 1: Found=1, Value=0\n"
        );
    }

    #[test]
    fn a_step_event_describes_itself_to_a_layer() {
        let note = Note {
            ply: 0,
            value: -4,
            line: true,
        };
        // Ply 0 is the root, which the log calls level 1.
        assert_eq!(note.level(), 1);
        assert_eq!(note.fields(), [("value", FieldValue::Int(-4))]);
        assert_eq!(note.text(Words::Italian), Text::Line("nota -4".into()));
        assert_eq!(note.returns(), Some(-4));
    }
}
