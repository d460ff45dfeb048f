//! What a search counts as it goes, and the figures its report gives.

/// What a search counts, for its statistics.
#[derive(Debug, Default)]
pub(crate) struct Counts {
    pub(crate) nodes: u64,
    pub(crate) leaves: u64,
}
