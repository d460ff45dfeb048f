//! A value and the side on which the true value may lie.
//!
//! Alpha-beta proves some values exactly and only bounds the others: a
//! node that fails high (its value reaches beta) is worth *at least* what
//! it returned, one that fails low (its value stays at or below alpha) *at
//! most*. The text log prints the bare number, as the original did; the
//! explorer, `compare` and the book show the bound: `≥ 12`, `≤ 12`, `12`.
//!
//! ```
//! use lamosca_reader::{Bound, Bounded};
//! let child = Bounded::of(-12, -32000, -12); // fails high at its beta
//! assert_eq!(child.to_string(), "≥ -12");
//! assert_eq!(child.turned().to_string(), "≤ 12"); // at the parent
//! assert_eq!(Bounded::of(5, 0, 10).bound, Bound::Exact);
//! ```
//!
//! Which value a bound holds depends on the search. A fail-hard search
//! (v0.09, v0.10) clamps a node's value to its window, so a refuted move
//! is worth at most the best value found before it, and no more is known;
//! a fail-soft one (v0.11) returns the best value it saw, outside the
//! window too, and so proves a tighter bound. [`Record::fails_soft`] tells
//! which a record's search did.

use std::fmt;

use lamosca_search::events::NodeKind;

use crate::reader::{NodeInfo, Record};

/// The option that names the ideas a v0.11 search kept (`all`, `none`,
/// or a list such as `order,fail-soft`), and the idea of fail-soft bounds
/// in it.
const IDEAS_OPTION: &str = "Ideas";
const FAIL_SOFT_IDEA: &str = "fail-soft";

/// Which side of the value the true value lies on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value is exact: it fell inside the window.
    Exact,
    /// At least the value: the node failed high.
    Lower,
    /// At most the value: the node failed low.
    Upper,
}

/// A value with its bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounded {
    /// The value, for the side to move at the node it belongs to.
    pub value: i32,
    /// The side the true value lies on.
    pub bound: Bound,
}

impl Bounded {
    /// The value a node returned from the window (`alpha`, `beta`) it was
    /// searched with.
    pub fn of(value: i32, alpha: i32, beta: i32) -> Bounded {
        let bound = if value >= beta {
            Bound::Lower
        } else if value <= alpha {
            Bound::Upper
        } else {
            Bound::Exact
        };
        Bounded { value, bound }
    }

    /// The value node `info` returned, with its bound.
    pub fn of_node(info: &NodeInfo) -> Bounded {
        Bounded::of(info.value, info.alpha, info.beta)
    }

    /// The value seen from the other side, as the parent sees its child:
    /// negated, a lower bound becoming an upper one.
    pub fn turned(self) -> Bounded {
        let bound = match self.bound {
            Bound::Exact => Bound::Exact,
            Bound::Lower => Bound::Upper,
            Bound::Upper => Bound::Lower,
        };
        Bounded {
            value: -self.value,
            bound,
        }
    }

    /// True when the value is only a bound.
    pub fn is_bound(self) -> bool {
        self.bound != Bound::Exact
    }
}

impl Record {
    /// True when the record's main search fails soft: a node returns the
    /// best value it saw, even outside its window. The values prove it:
    /// a main-search node that finished (it names a best or a cutting
    /// move) with a value outside its window. A quiescence node is no
    /// proof, since v0.10's quiescence stands pat fail-soft inside a
    /// fail-hard search, nor is a node a stopped search closed, at 0. A
    /// search whose values all stayed inside says so in its header:
    /// v0.11 keeps fail-soft bounds unless its `Ideas` leave them out
    /// (`--ideas none`, `--ideas order`).
    pub fn fails_soft(&self) -> bool {
        let told = self
            .header()
            .options
            .get(IDEAS_OPTION)
            .and_then(|ideas| ideas.as_str())
            .is_some_and(|ideas| {
                ideas.eq_ignore_ascii_case("all")
                    || ideas
                        .split(',')
                        .any(|idea| idea.trim().eq_ignore_ascii_case(FAIL_SOFT_IDEA))
            });
        told || (1..=self.node_count())
            .filter_map(|id| self.node(id))
            .filter(|node| node.kind != NodeKind::Quiescence)
            .filter(|node| node.best.is_some() || node.cut.is_some())
            .any(|node| node.value < node.alpha || node.value > node.beta)
    }
}

impl fmt::Display for Bounded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.bound {
            Bound::Exact => self.value.to_string(),
            Bound::Lower => format!("≥ {}", self.value),
            Bound::Upper => format!("≤ {}", self.value),
        };
        f.pad(&text)
    }
}
