//! How a node of the search ends before its moves, or is entered: a draw
//! by the rules, the horizon (v0.10's quiescence), and the article's
//! `TimeOver`, asked as each node is entered. They are methods of the
//! search ([`crate::search`]), which calls them in its first steps.

use common::Position;
use lamosca_search::events::Window;

use crate::events::Drawn;
use crate::node::{Hint, Node};
use crate::search::{is_draw, Search};

impl Search<'_, '_> {
    // ANCHOR: horizon_step
    /// The first steps of every node: the value it ends with before its
    /// moves, or `None` when it goes on to them.
    pub(crate) fn ended(
        &mut self,
        position: &mut Position,
        node: Node,
        window: Window,
    ) -> Option<(i32, Option<Hint>)> {
        // Step 1. Draw by the rules; not at the root, which must move.
        if node.ply > 0 && is_draw(position) {
            return Some(self.drawn(position, node, window));
        }
        // Step 2. Horizon: v0.10's quiescence search.
        if node.depth <= 0 {
            return Some(self.horizon(position, node, window));
        }
        // Step 3. Enter the node; stop when told to (`TimeOver`).
        self.enter(position, node, window).then_some((0, None))
    }

    /// The horizon: v0.10's quiescence search. A score passed down that
    /// already reaches beta, out of check and with a legal move, is stood
    /// pat on at once, without evaluating, as the quiescence would.
    pub(crate) fn horizon(
        &mut self,
        position: &mut Position,
        node: Node,
        window: Window,
    ) -> (i32, Option<Hint>) {
        let ply = node.ply;
        self.counts.horizons += 1;
        if node.score >= window.beta
            && !position.in_check()
            && !self.quiescence.stalemated(position, ply)
        {
            let value =
                self.quiescence
                    .stand_pat_on(position, node.score, window, ply, self.tracer);
            // The node counts, and asks the control as every node does.
            if self.time_over() {
                self.stopped = true;
                return (0, None);
            }
            return (value, None);
        }
        let counted = self.counted();
        let horizon =
            self.quiescence
                .horizon(position, window, ply, counted, &self.control, self.tracer);
        let Some(value) = horizon else {
            self.stopped = true;
            return (0, None);
        };
        (value, None)
    }

    /// A draw by the rules ends the line: the node counts, and is worth 0.
    pub(crate) fn drawn(
        &mut self,
        position: &Position,
        node: Node,
        window: Window,
    ) -> (i32, Option<Hint>) {
        self.counts.draws += 1;
        if self.enter(position, node, window) {
            return (0, None);
        }
        self.tracer.step(Drawn { ply: node.ply });
        (0, None)
    }

    /// The node is entered: counted and traced. True when the control says
    /// stop (the article's `TimeOver`), the search then marked stopped.
    pub(crate) fn enter(&mut self, position: &Position, node: Node, window: Window) -> bool {
        self.counts.nodes += 1;
        self.tracer
            .node(node.ply, node.kind(), position, Some(window));
        if self.time_over() {
            self.stopped = true;
        }
        self.stopped
    }
    // ANCHOR_END: horizon_step

    /// The article's `TimeOver`: true when the control says stop, asked
    /// with the nodes of both searches, the main one and the quiescence.
    pub(crate) fn time_over(&self) -> bool {
        self.control
            .poll(self.counted() + self.quiescence.counts.nodes)
    }

    /// The nodes counted outside the quiescence's own: the main search's,
    /// and the horizon nodes that stood pat on the score passed down.
    fn counted(&self) -> u64 {
        self.counts.nodes + self.quiescence.counts.given_stand_pats
    }
}
