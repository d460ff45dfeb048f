//! What a node has found at a moment of its search: the best value so far
//! and, once it has happened, the cut that ended it early.
//!
//! A reader that steps through a record shows both at every step. The
//! rule of what counts lives here once: the terminal explorer feeds
//! [`SoFar`] the events up to its cursor, and [`Record::facts`] feeds it
//! the whole record and keeps each moment the value rose, for the book's
//! stepper.
//!
//! [`Record::facts`]: crate::Record::facts

use lamosca_search::events::{Ending, StepKind};

use crate::event::Event;
use crate::reader::{MoveName, NodeInfo};

/// How a node was cut off: by a move that failed high (alpha-beta), by
/// standing pat, lazily, or by the transposition table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cutoff {
    /// A move failed high: alpha-beta's cut, by the move named.
    AlphaBeta(String),
    /// The side to move stood pat at or above beta.
    StandPat,
    /// v0.11's lazy cut: the node's score and its shallower search beat
    /// beta by the margin.
    Lazy,
    /// A table entry settled the node.
    Table,
}

impl Cutoff {
    /// The cut an event of the node makes, if it makes one.
    pub fn of(event: &Event) -> Option<Cutoff> {
        match event {
            Event::Cut(cut) => Some(Cutoff::AlphaBeta(cut.mv.clone())),
            Event::Chapter(chapter) => chapter.ending().map(|ending| match ending {
                Ending::StandPat => Cutoff::StandPat,
                Ending::Lazy => Cutoff::Lazy,
                Ending::Table => Cutoff::Table,
            }),
            _ => None,
        }
    }

    /// The cut in words: `alpha-beta cut by e7e5`.
    pub fn words(&self) -> String {
        match self {
            Cutoff::AlphaBeta(mv) => format!("alpha-beta cut by {mv}"),
            Cutoff::StandPat => "stand-pat cut".to_string(),
            Cutoff::Lazy => "lazy cut".to_string(),
            Cutoff::Table => "table cut".to_string(),
        }
    }
}

/// What one node has found so far, for the side to move there: the best
/// of its stand pats and of its moves that have returned, each move's
/// value turned to the node's side, and the first cut among its events.
///
/// A re-search (v0.11's internal deepening) is the node's own position
/// searched shallower: it is no move, and offers nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SoFar {
    best: Option<(i32, Option<MoveName>)>,
    cutoff: Option<Cutoff>,
}

impl SoFar {
    /// Takes in one of the node's own events; true when it raised the
    /// best value (a stand pat above the best so far).
    pub fn own(&mut self, event: &Event) -> bool {
        if self.cutoff.is_none() {
            self.cutoff = Cutoff::of(event);
        }
        let Event::Chapter(chapter) = event else {
            return false;
        };
        let stand_pat = chapter
            .step_kind()
            .is_some_and(StepKind::stands_pat)
            .then(|| chapter.field("value").and_then(|value| value.as_i64()))
            .flatten();
        stand_pat.is_some_and(|value| self.offer(value as i32, None))
    }

    /// Takes in a child that has returned, `research` when it is a
    /// re-search; true when its value raised the best.
    pub fn returned(&mut self, child: &NodeInfo, research: bool) -> bool {
        !research && self.offer(-child.value, child.mv)
    }

    fn offer(&mut self, value: i32, mv: Option<MoveName>) -> bool {
        let higher = self.best.as_ref().is_none_or(|(best, _)| value > *best);
        if higher {
            self.best = Some((value, mv));
        }
        higher
    }

    /// The best value so far, with the move that found it (`None` for a
    /// stand pat).
    pub fn best(&self) -> Option<(i32, Option<MoveName>)> {
        self.best
    }

    /// The best value so far, 0 before any.
    pub fn value(&self) -> i32 {
        self.best.as_ref().map_or(0, |(value, _)| *value)
    }

    /// The cut that ended the node, once it has happened.
    pub fn cutoff(&self) -> Option<&Cutoff> {
        self.cutoff.as_ref()
    }
}
