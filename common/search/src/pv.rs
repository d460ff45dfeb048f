//! The principal variation, heard from the events every search already
//! reports, so that no search file carries a PV table.
//!
//! A search tells its [`Tracer`](crate::events::Tracer) when it enters a
//! node (`node`), when a move of a node has its value (`moved`, or `cut`
//! when it fails high) and when a node is done, with its best move
//! (`result`). That is enough to rebuild the line each node expects: a
//! node keeps the line of its best move so far, the move followed by the
//! line its child returned, and when the node is done its line goes up to
//! its parent. At the root it is the principal variation. A node that
//! returns without a result (a horizon, a draw, a stop) hands up no line,
//! and its parent's line ends with the move that led there.
//!
//! [`Lines`] is the one listener every tracer owns, whatever its depth:
//! the search's report takes its line from it
//! ([`Tracer::answer`](crate::events::Tracer::answer)), and so does each
//! iteration a search that deepens by itself announces.
//!
//! ```
//! use common::Position;
//! use lamosca_search::events::{NodeKind, Tracer};
//! let mut position = Position::startpos();
//! let e2e4 = position.parse_move("e2e4").unwrap();
//! let mut tracer = Tracer::off();
//! tracer.node(1, NodeKind::Main, &position, None);
//! position.make(e2e4);
//! let e7e5 = position.parse_move("e7e5").unwrap();
//! tracer.node(2, NodeKind::Main, &position, None);
//! tracer.moved(2, e7e5, 0);
//! tracer.result(2, true, 0, Some(e7e5), None);
//! tracer.moved(1, e2e4, 0);
//! tracer.result(1, true, 0, Some(e2e4), None);
//! assert_eq!(tracer.answer(0, Some(e2e4), false).pv, [e2e4, e7e5]);
//! ```

use common::Move;

/// A node being searched: its level and the line of its best move so far.
#[derive(Debug, Default)]
struct Frame {
    level: u32,
    /// The value of its best move so far; none yet while `line` is empty.
    value: i32,
    line: Vec<Move>,
}

/// The nodes open on the way from the root, and what was last handed up.
///
/// The frames are kept from one node to the next and only their lines are
/// cleared, so that after the first few nodes a search allocates nothing
/// for its lines: the frames above `open` are free, and the one a node
/// that finished last left stays readable until a new node takes its slot.
#[derive(Debug, Default)]
pub struct Lines {
    frames: Vec<Frame>,
    /// How many frames are open, the root's first.
    open: usize,
    /// The level and slot of the node done last, for its parent to take.
    closed: Option<(u32, usize)>,
    /// The value and line of the last root done.
    root: Option<(i32, Vec<Move>)>,
    /// The deepest level entered since the search or its last iteration
    /// began.
    deepest: u32,
    /// The nodes entered since the search began.
    nodes: u64,
}

impl Lines {
    /// The search entered a node at `level`.
    #[inline]
    pub(crate) fn enter(&mut self, level: u32) {
        self.nodes += 1;
        self.deepest = self.deepest.max(level);
        let slot = self.open;
        // The slot is taken: a line left there is not handed up any more.
        if self.closed.is_some_and(|(_, closed)| closed == slot) {
            self.closed = None;
        }
        if slot == self.frames.len() {
            self.frames.push(Frame::default());
        }
        let frame = &mut self.frames[slot];
        frame.level = level;
        frame.value = i32::MIN;
        frame.line.clear();
        self.open += 1;
    }

    /// The node at `level` searched `mv`, worth `value`: if that is its
    /// best so far, its line is `mv` and the line the child handed up.
    #[inline]
    pub(crate) fn searched(&mut self, level: u32, mv: Move, value: i32) {
        let Some(at) = self.innermost(level) else {
            return;
        };
        // The nodes above it returned without a result: they are done.
        self.open = at + 1;
        let child = match self.closed.take() {
            Some((closed, slot)) if closed == level + 1 => Some(slot),
            _ => None,
        };
        let (below, above) = self.frames.split_at_mut(at + 1);
        let frame = &mut below[at];
        if frame.line.is_empty() || value > frame.value {
            frame.value = value;
            frame.line.clear();
            frame.line.push(mv);
            if let Some(slot) = child {
                frame.line.extend_from_slice(&above[slot - at - 1].line);
            }
        }
    }

    /// The node at `level` is done and chose `best`: its line goes up.
    #[inline]
    pub(crate) fn close(&mut self, level: u32, value: i32, best: Option<Move>) {
        let Some(at) = self.innermost(level) else {
            return;
        };
        self.open = at;
        let line = &mut self.frames[at].line;
        // The search's own choice wins over what the values suggest.
        match best {
            Some(mv) if line.first() == Some(&mv) => {}
            Some(mv) => {
                line.clear();
                line.push(mv);
            }
            None => line.clear(),
        }
        if level == 1 {
            match &mut self.root {
                Some((root_value, root_line)) => {
                    *root_value = value;
                    root_line.clone_from(line);
                }
                None => self.root = Some((value, line.clone())),
            }
        }
        self.closed = Some((level, at));
    }

    /// The innermost open node at `level`.
    #[inline]
    fn innermost(&self, level: u32) -> Option<usize> {
        self.frames[..self.open]
            .iter()
            .rposition(|frame| frame.level == level)
    }

    /// The root's line: the best so far of the innermost root still open
    /// (once one of its moves has been searched), or else the last root
    /// done.
    pub(crate) fn root_line(&self) -> Option<(i32, Vec<Move>)> {
        self.unfinished_root().or_else(|| self.root.clone())
    }

    /// The line of the root still open, once one of its moves has been
    /// searched: what an unfinished depth found.
    pub(crate) fn unfinished_root(&self) -> Option<(i32, Vec<Move>)> {
        self.innermost(1)
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
