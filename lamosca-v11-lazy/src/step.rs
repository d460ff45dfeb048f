//! What a step built on v0.11 restates, as v0.11 restates v0.10's search:
//! its node function, its ideas' names and switches, and what it counts.
//! Everything else (the options, the root and its deepening, the table,
//! the figures) is v0.11's, through [`StepEngine`](crate::StepEngine).
//!
//! v0.11 is such a step itself, [`Kornilov`]: no idea of its own, its node
//! [`Search::alpha_beta`]. A next step lists v0.11's ideas and then its
//! own ([`Ideas::then`]), so that `--ideas none` on it is v0.10, and with
//! its own ideas dropped it is v0.11, node for node.

use std::fmt::Debug;

use common::Position;
use lamosca_search::pv::Line;
use lamosca_search::{Names, Statistic};

use crate::node::{Found, Node};
use crate::search::Search;
use crate::switches::Ideas;

// ANCHOR: step
/// A step built on v0.11: its own switches (the value of the type), read
/// from the ideas kept, its own counts, and its node function.
pub trait Step: Copy + Debug + Send + 'static {
    /// The engine's name, with its version (`LaMoSca v0.12`).
    const NAME: &'static str;

    /// Every idea's name, as `--ideas` takes them: v0.11's, with the
    /// step's own before the table ([`Ideas::then`]).
    const IDEAS: &'static [&'static str];

    /// The ideas kept when `--ideas` is not given: all but the table, the
    /// last, as in v0.11.
    const DEFAULT_IDEAS: Names = Names::first(Self::IDEAS, Self::IDEAS.len() - 1);

    /// What the step counts beside v0.11's
    /// [`Counts`](crate::counts::Counts).
    type Counts: Copy + Debug + Default;

    /// The step's own switches, on when `names` keeps them.
    fn kept(names: Names) -> Self;

    /// The node function: the value of `position` for the side to move,
    /// as [`Search::alpha_beta`] answers it. The root calls it, and it
    /// calls itself.
    fn alpha_beta(
        search: &mut Search<'_, '_, Self>,
        position: &mut Position,
        node: Node,
        alpha: i32,
        beta: i32,
        pv: &mut Line,
    ) -> Found;

    /// The figures of the step's counts, printed after v0.11's.
    fn statistics(_counts: &Self::Counts) -> Vec<Statistic> {
        Vec::new()
    }
}
// ANCHOR_END: step

/// v0.11 itself: Kornilov's ideas and no other, its node
/// [`Search::alpha_beta`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Kornilov;

impl Step for Kornilov {
    const NAME: &'static str = "LaMoSca v0.11";

    const IDEAS: &'static [&'static str] = &Ideas::NAMES;

    type Counts = ();

    fn kept(_names: Names) -> Self {
        Kornilov
    }

    fn alpha_beta(
        search: &mut Search<'_, '_>,
        position: &mut Position,
        node: Node,
        alpha: i32,
        beta: i32,
        pv: &mut Line,
    ) -> Found {
        search.alpha_beta(position, node, alpha, beta, pv)
    }
}
