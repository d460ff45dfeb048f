//! What a search counts as it goes, and the figures its report gives.

use lamosca_search::Statistic;

/// What a search counts, for its statistics.
#[derive(Default, Debug)]
pub(crate) struct Counts {
    pub(crate) nodes: u64,
    pub(crate) leaves: u64,
    /// Nodes cut off by a move that reached beta.
    pub(crate) cuts: u64,
    /// Of those, the nodes cut off by the first move tried.
    pub(crate) first_move_cuts: u64,
    /// Moves [`pick`](crate::ordering::pick) brought forward.
    pub(crate) swaps: u64,
}

impl Counts {
    /// The figures printed after the trace.
    ///
    /// The *effective branching factor* is `nodes^(1 / depth)`: the number
    /// of moves per node of a uniform tree, `depth` plies deep, with about
    /// as many nodes as this search visited. v0.07's NegaMax, which visits
    /// every node, comes out near 22 from the start position at depth 5.
    /// Alpha-beta with perfect ordering visits roughly the square root of
    /// NegaMax's tree, so the figure would fall towards the square root of
    /// the real branching factor; how far it stays above that says how good
    /// the ordering is.
    pub(crate) fn statistics(&self, depth: u32) -> Vec<Statistic> {
        vec![
            Statistic::count("leaves evaluated", self.leaves),
            Statistic::count("beta cut-offs", self.cuts),
            Statistic::share(
                "cut-offs by the first move",
                self.first_move_cuts,
                self.cuts,
            ),
            Statistic::count("swaps by pick", self.swaps),
            Statistic::branching_factor(self.nodes, depth),
        ]
    }
}
