//! What every LaMoSca search shares, above the board: the engine contract
//! the driver calls, the search's typed events with their listeners, and
//! the deepening driver.
//!
//! - [`engine`]: scores, the [`Engine`] trait, the options a version
//!   offers, the control that stops a search and the report it hands back.
//! - [`events`]: what a search reports as it works, one typed [`Event`]
//!   per fact, handed by a [`Tracer`] to a [`Listener`].
//! - [`log`]: the text log, LaMoSca's lines in English or Italian, as a
//!   listener; [`words`] holds its keywords.
//! - [`pv`]: the [`Line`](pv::Line) a search keeps its principal
//!   variation in, and the [`Answer`](pv::Answer) its report takes.
//! - [`deepen`]: iterative deepening against a clock.
//!
//! This crate knows no version and no terminal: it builds for WebAssembly
//! as it builds for the command line.
//!
//! [`Event`]: events::Event
//! [`Tracer`]: events::Tracer
//! [`Listener`]: events::Listener
#![deny(missing_docs)]

pub mod deepen;
pub mod engine;
pub mod events;
pub mod log;
pub mod pv;
pub mod words;

pub use engine::{
    check_options, no_moves_score, percent, statistic, Engine, EngineOption, Figure, Names,
    OptionKind, OptionValue, Report, SearchControl, Statistic, CHECK_EVERY, INFINITY, MATE,
    MATE_BOUND,
};
