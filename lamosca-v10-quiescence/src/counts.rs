//! What a search counts as it goes, and the figures its report gives.

/// What the main search counts, for its statistics; the quiescence
/// counts its own nodes.
#[derive(Clone, Copy, Default, Debug)]
pub(crate) struct Counts {
    pub(crate) nodes: u64,
    /// Nodes cut off by a move that reached beta.
    pub(crate) cuts: u64,
    /// Of those, the nodes cut off by the first move tried.
    pub(crate) first_move_cuts: u64,
}
