//! The principal variation: the line a search expects, kept by the search
//! itself.
//!
//! Each node of a search fills a [`Line`] its parent hands it: empty at a
//! leaf, and otherwise the node's best move followed by the line of the
//! child that move leads to. The parent hands every child the same spare
//! line, and copies it behind a move only when that move becomes its best
//! ([`Line::set`]). At the root the line is the principal variation. It
//! stops where the main search stops: a horizon node, whose value the
//! quiescence search gives, ends it.
//!
//! ```
//! use common::Position;
//! use lamosca_search::pv::Line;
//! let mut position = Position::startpos();
//! let e2e4 = position.parse_move("e2e4").unwrap();
//! position.make(e2e4);
//! let e7e5 = position.parse_move("e7e5").unwrap();
//! // The node after 1.e4 found 1...e5 best, with a leaf below it.
//! let mut child = Line::default();
//! child.set(e7e5, &Line::default());
//! let mut root = Line::default();
//! root.set(e2e4, &child);
//! assert_eq!(root.moves(), [e2e4, e7e5]);
//! ```

use common::Move;

// ANCHOR: line
/// A line of moves from a node on: its best move, then its child's line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line(Vec<Move>);

impl Line {
    /// The line becomes `mv` followed by `rest`, the line of the node `mv`
    /// leads to.
    #[inline]
    pub fn set(&mut self, mv: Move, rest: &Line) {
        self.0.clear();
        self.0.push(mv);
        self.0.extend_from_slice(&rest.0);
    }

    /// Empties the line: a node with no move to give.
    #[inline]
    pub fn clear(&mut self) {
        self.0.clear();
    }
}
// ANCHOR_END: line

impl Line {
    /// The moves, the node's first.
    pub fn moves(&self) -> &[Move] {
        &self.0
    }

    /// The node's best move, if it has one.
    pub fn first(&self) -> Option<Move> {
        self.0.first().copied()
    }

    /// Keeps the line if it starts with `best`, the move a node answers;
    /// else the line is `best` alone, or empty without a move. A node that
    /// answers a move none of its searched moves beat (a move handed up to
    /// it) has no line below that move.
    #[inline]
    pub fn answer(&mut self, best: Option<Move>) {
        if self.first() != best {
            self.0.clear();
            self.0.extend(best);
        }
    }
}

impl From<Line> for Vec<Move> {
    fn from(line: Line) -> Vec<Move> {
        line.0
    }
}

/// What a search found at its root, for its report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The move chosen, if any.
    pub best: Option<Move>,
    /// Its value, for the side to move.
    pub value: i32,
    /// The principal variation: the move, then the line the search
    /// expects; empty without a move.
    pub pv: Vec<Move>,
}

impl Answer {
    /// The answer of a search whose root returned `value` and `best` and
    /// filled `line`. A search that was `stopped` returns the best of the
    /// root moves it searched fully; with none, it has no move, and its
    /// value is 0. The line starts with the move: a line that does not
    /// (a search that answers a move it did not search) gives way to the
    /// move alone.
    pub fn new(value: i32, best: Option<Move>, line: Line, stopped: bool) -> Answer {
        if stopped && best.is_none() {
            return Answer {
                best: None,
                value: 0,
                pv: Vec::new(),
            };
        }
        let pv = match best {
            Some(mv) if line.first() == Some(mv) => line.into(),
            _ => best.into_iter().collect(),
        };
        Answer { best, value, pv }
    }
}
