//! What the v0.11 chapter's tables share: a position read from its FEN, a
//! search run as the command-line driver runs it, and the table's size.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use anyhow::{anyhow, Result};
use common::Position;
use lamosca_search::deepen::{deepen, Limits, Trace};
use lamosca_search::{Engine, Report};

/// The table's size in the hash measurements and the ladder, v0.11's when
/// `--hash` is not given: the default size GUIs offer, some half a
/// million entries, more than a search of a second stores.
pub(crate) const HASH_MB: usize = lamosca_v11_lazy::DEFAULT_HASH_MB;

/// Searches `position` with `engine` as the driver would, within `limits`.
pub(crate) fn drive<E: Engine>(mut engine: E, position: &Position, limits: &Limits) -> Report {
    deepen(
        &mut engine,
        &mut position.clone(),
        limits,
        &Arc::new(AtomicBool::new(false)),
        Trace::off(),
        |_| {},
    )
}

/// The position of `fen`, or why not.
pub(crate) fn parse(fen: &str) -> Result<Position> {
    Position::from_fen(fen).map_err(|error| anyhow!("bad FEN `{fen}`: {error}"))
}
