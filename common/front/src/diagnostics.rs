//! Diagnostics: with `RUST_LOG` set, the search's events also go to a
//! `tracing` subscriber on standard error, for a person reading what a
//! search did (`RUST_LOG=lamosca::search=trace lamosca-v09 search`).
//!
//! `tracing` is the diagnostics' channel only: the text log, the record and
//! the principal variation hear the typed events themselves
//! ([`lamosca_search::events`]), and nothing a program reads back comes
//! through here.

use lamosca_search::events::{Event, Listener};
use tracing_subscriber::filter::Targets;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

/// The `tracing` target of the search's events.
pub(crate) const TARGET: &str = "lamosca::search";

/// A listener that hands each event to `tracing` as a `trace` event.
pub(crate) struct Diagnostics;

impl Diagnostics {
    /// Installs a subscriber that prints `tracing` events on standard error
    /// and hands back the listener, when `RUST_LOG` asks for them; `None`
    /// otherwise, so that a search pays nothing for diagnostics nobody
    /// reads.
    pub(crate) fn from_env() -> Option<Diagnostics> {
        // `RUST_LOG` names targets and levels (`lamosca::search=trace`);
        // `Targets` reads that form without a regular-expression engine.
        let filter: Targets = std::env::var("RUST_LOG").ok()?.parse().ok()?;
        let installed = tracing_subscriber::fmt()
            .with_writer(std::io::stderr)
            .without_time()
            .finish()
            .with(filter)
            .try_init();
        installed.ok().map(|()| Diagnostics)
    }
}

impl Listener for Diagnostics {
    fn hear(&mut self, event: &Event<'_>) {
        tracing::trace!(target: TARGET, level = event.level(), "{event:?}");
    }
}
