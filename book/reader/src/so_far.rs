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

use crate::reader::{MoveName, NodeInfo};
use lamosca_record::Event;

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

/// What one of a node's own events tells a reader: the value it stood
/// pat on, and the cut it made. The one rule of which events do either.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Moment {
    /// A stand pat's value: the node's static value, which it may keep.
    pub stand_pat: Option<i32>,
    /// The cut the event made, if it ended the node.
    pub cutoff: Option<Cutoff>,
}

impl Moment {
    /// The moment of an event named `name` with the fields `value`, `cut`
    /// and `move` it has: `cut` is alpha-beta's cut by its move; a stand
    /// pat keeps its value, and ends the node with `"cut":true`; a lazy
    /// cut and a table hit with `"cut":true` end it.
    pub fn from_fields(
        name: &str,
        value: Option<i64>,
        cut: Option<bool>,
        mv: Option<&str>,
    ) -> Moment {
        if name == "cut" {
            return Moment {
                stand_pat: None,
                cutoff: mv.map(|mv| Cutoff::AlphaBeta(mv.to_string())),
            };
        }
        let Some(kind) = StepKind::from_name(name) else {
            return Moment::default();
        };
        Moment {
            stand_pat: value
                .filter(|_| kind.stands_pat())
                .map(|value| value as i32),
            cutoff: kind.ending(cut).map(|ending| match ending {
                Ending::StandPat => Cutoff::StandPat,
                Ending::Lazy => Cutoff::Lazy,
                Ending::Table => Cutoff::Table,
            }),
        }
    }

    /// The moment of an event as the reader holds it.
    pub fn of(event: &Event) -> Moment {
        match event {
            Event::Cut(cut) => Moment::from_fields("cut", None, None, Some(&cut.mv)),
            Event::Chapter(chapter) => Moment::from_fields(
                &chapter.kind,
                chapter.field("value").and_then(|value| value.as_i64()),
                chapter.cut(),
                chapter.field("move").and_then(|mv| mv.as_str()),
            ),
            _ => Moment::default(),
        }
    }

    /// True for the events whose moment can say something: the reader of
    /// a whole record reads only those whole.
    pub fn may_say(name: &str) -> bool {
        name == "cut"
            || StepKind::from_name(name)
                .is_some_and(|kind| kind.stands_pat() || kind.ending(Some(true)).is_some())
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
        self.take(Moment::of(event))
    }

    /// Takes in the moment of one of the node's own events; true when it
    /// raised the best value.
    pub fn take(&mut self, moment: Moment) -> bool {
        if self.cutoff.is_none() {
            self.cutoff = moment.cutoff;
        }
        moment
            .stand_pat
            .is_some_and(|value| self.offer(value, None))
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
