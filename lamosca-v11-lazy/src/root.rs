//! The deepening loop and the root, which call the recursion
//! (`search.rs`): the one place that says which move is played, and what
//! the root keeps from one iteration to the next. A step built on v0.11
//! keeps them, the root calling its node ([`Step::alpha_beta`]).

use common::Position;
use lamosca_search::pv::Line;
use lamosca_search::{INFINITY, MATE_BOUND};

use crate::counts::Answer;
use crate::node::{Found, Hint, Node};
use crate::search::Search;
use crate::step::Step;
use crate::switches::Ideas;

/// What the root keeps from one iteration to the next: the move to play,
/// and what decides whether another iteration is worth beginning.
#[derive(Debug, Default)]
pub struct Root {
    /// The move played: the root's best so far (the article's `glMove`).
    pub answer: Option<Answer>,
    /// The line the root expected when that move was recorded.
    pub line: Line,
    /// The deepest iteration that finished.
    pub depth_reached: u32,
    /// True when asked for the driver's deepest depth, that is for no
    /// depth at all, in a search that deepens by itself.
    pub until_stopped: bool,
    /// Set, when searching until stopped, once an iteration left nothing
    /// for a deeper one to learn: it proved a mate, or it ended every line
    /// before the horizon, by a mate or a draw, with no estimate (no
    /// horizon, table cut, lazy cut or stand pat). The search is then
    /// marked stopped, though it was not cut short.
    pub settled: bool,
    /// The estimates made before the current iteration began
    /// ([`Counts::estimates`](crate::counts::Counts::estimates)): an iteration that adds none was exact.
    pub estimates_before: u64,
}

impl Search<'_, '_> {
    /// True when the search deepens by itself, one iteration after
    /// another: with internal deepening, or with Kornilov's order, whose
    /// killers and first move carry from one iteration to the next.
    /// Otherwise each depth is a search of its own, as v0.10's are, and
    /// the driver deepens it.
    pub fn deepens_itself(ideas: Ideas) -> bool {
        ideas.iid || ideas.order
    }
}

impl<S: Step> Search<'_, '_, S> {
    // ANCHOR: deepening
    /// The deepening loop, from `position` (worth `score`) to `depth`.
    /// With internal deepening the root is called once, with the whole
    /// depth: it first searches itself two plies shallower, which first
    /// searches itself two plies shallower again, so the root deepens 2,
    /// 4, 6, ... by itself (step 7). With Kornilov's order alone, one ply
    /// at a time, his killers and the last answer carried from one to the
    /// next. Otherwise the root searches the depth asked at once, as
    /// v0.10 does; the driver deepens it.
    pub fn deepening(&mut self, position: &mut Position, depth: i32, score: i32) {
        let mut line = Line::default();
        // A root with no legal move is one node, as in every step: mated
        // or stalemated, it has nothing to deepen.
        if position.legal_moves().is_empty() {
            (self.ideas.iid, self.ideas.order) = (false, false);
        }
        if self.ideas.iid {
            self.root(position, Node::root(depth, score), &mut line);
            return;
        }
        let first = if self.ideas.order { 1 } else { depth };
        for iteration in first..=depth {
            self.root(position, Node::root(iteration, score), &mut line);
            if self.stopped {
                break;
            }
        }
    }
    // ANCHOR_END: deepening

    // ANCHOR: root
    /// One iteration at the root: the node searched in the widest window,
    /// then the one place that says which move is played. The best move
    /// answers, worth its value, with its line (the article's `glMove`):
    /// a move searched whole, even in an iteration cut short, and never
    /// a move no value was found for. A finished iteration is reported.
    pub fn root(&mut self, position: &mut Position, node: Node, pv: &mut Line) -> Found {
        let found = S::alpha_beta(self, position, node, -INFINITY, INFINITY, pv);
        if let Some(Hint { mv, .. }) = found.best.filter(|_| found.value > -INFINITY) {
            self.root.answer = Some(Answer {
                mv,
                value: found.value,
            });
            self.root.line.clone_from(pv);
        }
        if !self.stopped {
            self.iteration_done(node.depth as u32, found.value, pv);
        }
        found
    }

    /// The root finished an iteration of `depth`, worth `value`, expecting
    /// `pv`: it is reported, and from here the control given counts.
    fn iteration_done(&mut self, depth: u32, value: i32, pv: &Line) {
        let root = &mut self.root;
        root.depth_reached = root.depth_reached.max(depth);
        let estimates = self.counts.estimates();
        let exact = estimates == root.estimates_before;
        root.estimates_before = estimates;
        root.settled = root.until_stopped && (exact || value.saturating_abs() >= MATE_BOUND);
        // A settled search ends as a stopped one does, every node
        // returning at once, its answer whole.
        self.stopped = root.settled;
        self.tracer.iteration_done(depth, value, pv.moves());
        if let Some(given) = self.given.take() {
            self.control = given;
            // A budget the first iteration spent already ends the search
            // here, before a node of the next is counted.
            if self.time_over() {
                self.stopped = true;
            }
        }
    }
    // ANCHOR_END: root
}
