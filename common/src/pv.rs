//! The principal variation, collected from the calls every search already
//! makes to report its work, so that no search file carries a PV table.
//!
//! A search tells its [`Tracer`](crate::trace::Tracer) when it enters a node
//! (`node`), when a move of a node has its value (`moved`, or `cut` when it
//! fails high) and when a node is done, with its best move (`result`). That
//! is enough to rebuild the line each node expects: a node keeps the line of
//! its best move so far, the move followed by the line its child returned,
//! and when the node is done its line goes up to its parent. At the root it
//! is the principal variation. A node that returns without a result (a
//! horizon, a draw, a stop) hands up no line, and its parent's line ends
//! with the move that led there.
//!
//! The lines live in the thread that searches, so a search pays for them
//! only when its tracer collects them
//! ([`Tracer::with_lines`](crate::trace::Tracer::with_lines)).
//!
//! ```
//! use common::trace::{NodeKind, Tracer};
//! use common::Position;
//! let mut position = Position::startpos();
//! let e2e4 = position.parse_move("e2e4").unwrap();
//! let tracer = Tracer::OFF.with_lines();
//! tracer.start_lines();
//! tracer.node(1, NodeKind::Main, &position, None);
//! position.make(e2e4);
//! let e7e5 = position.parse_move("e7e5").unwrap();
//! tracer.node(2, NodeKind::Main, &position, None);
//! tracer.moved(2, e7e5, 0);
//! tracer.result(2, true, 0, Some(e7e5), None);
//! tracer.moved(1, e2e4, 0);
//! tracer.result(1, true, 0, Some(e2e4), None);
//! assert_eq!(tracer.principal_variation(), Some((0, vec![e2e4, e7e5])));
//! ```

use std::cell::RefCell;

use crate::moves::Move;

thread_local! {
    /// The lines of the search running on this thread.
    static LINES: RefCell<Lines> = RefCell::new(Lines::default());
}

/// Runs `f` on this thread's lines.
pub(crate) fn with_lines<R>(f: impl FnOnce(&mut Lines) -> R) -> R {
    LINES.with(|lines| f(&mut lines.borrow_mut()))
}

/// A node being searched: its level and the line of its best move so far.
#[derive(Debug)]
struct Frame {
    level: u32,
    /// The value of its best move so far; none yet while `line` is empty.
    value: i32,
    line: Vec<Move>,
}

/// The nodes open on the way from the root, and what was last handed up.
#[derive(Debug, Default)]
pub(crate) struct Lines {
    frames: Vec<Frame>,
    /// The level and line of the node done last, for its parent to take.
    closed: Option<(u32, Vec<Move>)>,
    /// The value and line of the last root done.
    root: Option<(i32, Vec<Move>)>,
    /// The deepest level entered since the last [`Lines::next_iteration`].
    deepest: u32,
    /// The nodes entered since [`Lines::start`].
    nodes: u64,
}

impl Lines {
    /// Forgets everything, for a new search.
    pub(crate) fn start(&mut self) {
        *self = Lines::default();
    }

    /// Forgets the lines and the deepest level, but keeps counting nodes:
    /// the driver begins the next depth.
    pub(crate) fn next_iteration(&mut self) {
        self.frames.clear();
        self.closed = None;
        self.root = None;
        self.deepest = 0;
    }

    /// The search entered a node at `level`.
    pub(crate) fn enter(&mut self, level: u32) {
        self.nodes += 1;
        self.deepest = self.deepest.max(level);
        self.frames.push(Frame {
            level,
            value: i32::MIN,
            line: Vec::new(),
        });
    }

    /// The node at `level` searched `mv`, worth `value`: if that is its
    /// best so far, its line is `mv` and the line the child handed up.
    pub(crate) fn searched(&mut self, level: u32, mv: Move, value: i32) {
        let Some(at) = self.open(level) else {
            return;
        };
        // The nodes above it returned without a result: they are done.
        self.frames.truncate(at + 1);
        let child = match self.closed.take() {
            Some((closed, line)) if closed == level + 1 => line,
            _ => Vec::new(),
        };
        let frame = &mut self.frames[at];
        if frame.line.is_empty() || value > frame.value {
            frame.value = value;
            frame.line.clear();
            frame.line.push(mv);
            frame.line.extend(child);
        }
    }

    /// The node at `level` is done and chose `best`: its line goes up.
    pub(crate) fn close(&mut self, level: u32, value: i32, best: Option<Move>) {
        let Some(at) = self.open(level) else {
            return;
        };
        self.frames.truncate(at + 1);
        let Some(frame) = self.frames.pop() else {
            return;
        };
        // The search's own choice wins over what the values suggest.
        let line = match best {
            Some(mv) if frame.line.first() == Some(&mv) => frame.line,
            Some(mv) => vec![mv],
            None => Vec::new(),
        };
        if level == 1 {
            self.root = Some((value, line.clone()));
        }
        self.closed = Some((level, line));
    }

    /// The innermost open node at `level`.
    fn open(&self, level: u32) -> Option<usize> {
        self.frames.iter().rposition(|frame| frame.level == level)
    }

    /// The root's line: the best so far of the innermost root still open
    /// (once one of its moves has been searched), or else the last root
    /// done.
    pub(crate) fn root_line(&self) -> Option<(i32, Vec<Move>)> {
        let open = self
            .open(1)
            .map(|at| &self.frames[at])
            .filter(|frame| !frame.line.is_empty());
        match open {
            Some(frame) => Some((frame.value, frame.line.clone())),
            None => self.root.clone(),
        }
    }

    /// The line of the root still open, once one of its moves has been
    /// searched: what an unfinished depth found.
    pub(crate) fn unfinished_root(&self) -> Option<(i32, Vec<Move>)> {
        self.open(1)
            .map(|at| &self.frames[at])
            .filter(|frame| !frame.line.is_empty())
            .map(|frame| (frame.value, frame.line.clone()))
    }

    /// The deepest level entered since the last iteration began.
    pub(crate) fn deepest(&self) -> u32 {
        self.deepest
    }

    /// The deepest level is counted again from here (a version that
    /// deepens by itself finished an iteration).
    pub(crate) fn restart_deepest(&mut self) {
        self.deepest = 0;
    }

    /// The nodes entered since the search started.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }
}
