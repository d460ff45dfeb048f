//! What the recursion passes down to a node and hands back, after the
//! article's `Search(node, Depth, ply, alpha, beta, retMove, score,
//! isLazyEval, color)`:
//!
//! - `node` is the move that led to the position ([`Arrival`]): its gain and
//!   whether it captured; whether it gave check is asked of the position;
//! - `score` is the node's score, passed down instead of evaluated;
//! - `retMove` is the best move, handed back to the caller ([`Hint`]), with
//!   the depth at which it was found;
//! - `isLazyEval` says the node lies inside a reduced search, the `N - 2`
//!   search of some node above it, where nothing may be cut unsearched.

use common::Move;
use lamosca_search::events::NodeKind;

/// The move that led to a node (the article's `node`), as far as the node
/// needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrival {
    /// Its gain for the side that made it.
    pub gain: i32,
    /// True when it captured.
    pub capture: bool,
}

/// A best move handed back to the caller (the article's `retMove`): the move
/// and the depth of the search that last found it best.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The move.
    pub mv: Move,
    /// The depth it was found at.
    pub depth: i32,
}

/// What a node hands back: its value, and its best move with the depth it
/// was found at, if it found one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    /// The node's value, for the side to move.
    pub value: i32,
    /// Its best move (the article's `retMove`).
    pub best: Option<Hint>,
}

impl Found {
    /// A value with no move: a node ended before it tried one.
    pub fn no_move(value: i32) -> Found {
        Found { value, best: None }
    }
}

/// What the recursion passes down to a node.
#[derive(Clone, Copy, Debug)]
pub struct Node {
    /// The plies left to search (`Depth`).
    pub depth: i32,
    /// The plies from the root (`ply`).
    pub ply: usize,
    /// The node's score for the side to move, passed down (`score`).
    pub score: i32,
    /// The move that led here (`node`).
    pub arrival: Arrival,
    /// Inside a reduced search (`isLazyEval`): no lazy cut here.
    pub reduced: bool,
}

impl Node {
    /// The root, `depth` plies deep, with the position's `score`.
    pub fn root(depth: i32, score: i32) -> Node {
        Node {
            depth,
            ply: 0,
            score,
            arrival: Arrival {
                gain: 0,
                capture: false,
            },
            reduced: false,
        }
    }

    /// The same node searched two plies shallower. Below the root that is
    /// a reduced search; at the root it is the previous iteration, a full
    /// search in its own right (the article: `ply == 0 ? false : true`).
    pub fn shallower(self) -> Node {
        Node {
            depth: self.depth - 2,
            reduced: self.reduced || self.ply > 0,
            ..self
        }
    }

    /// The node `mv` leads to: one ply less to go, one ply further from the
    /// root, and the score seen from the other side after the gain.
    pub fn child(self, mv: Move, gain: i32) -> Node {
        Node {
            depth: self.depth - 1,
            ply: self.ply + 1,
            score: -(self.score + gain),
            arrival: Arrival {
                gain,
                capture: mv.is_capture(),
            },
            reduced: self.reduced,
        }
    }

    /// The kind of node, for the trace.
    pub fn kind(self) -> NodeKind {
        if self.reduced {
            NodeKind::Reduced
        } else {
            NodeKind::Main
        }
    }
}
