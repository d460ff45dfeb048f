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

use std::fmt;

use crate::reader::NodeInfo;

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
