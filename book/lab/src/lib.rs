//! `lamosca-lab`: the book's laboratory. Every step's real engine (the
//! same crates as the binaries, not a port) searches the reader's own
//! position in the page, compiled to WebAssembly and run in a Web Worker
//! (`book/stepper/lab.js`).
//!
//! The lab only reads requests and writes what `search` and `compare`
//! write; the searching is the steps' own. [`request`] reads what the page
//! asks for with the command line's words for its mistakes, [`run`] does
//! the searches as `search` does them, [`game`] keeps a game against a
//! step, by the rules of [`rules`] and with the moves named in SAN by
//! [`san`], [`steps`] keeps a search's record where it was made, indexed,
//! and answers the page's stepper step by step, and `wasm` (on `wasm32`
//! only) hands them to JavaScript as strings of JSON.
//!
//! ```
//! use lamosca_lab::{record, Request};
//! let request = Request::from_json(r#"{"version": "v09", "depth": 2}"#).unwrap();
//! let outcome = record(&request).unwrap();
//! assert!(outcome.text.starts_with(r#"{"event":"search","schema":1,"version":"LaMoSca v0.09""#));
//! assert_eq!(outcome.stopped, None);
//! ```

pub mod game;
pub mod request;
pub mod rules;
pub mod run;
/// SAN, the explorer's, which reads the ladder's games with it.
pub use lamosca_explorer::san;
pub mod steps;
#[cfg(target_arch = "wasm32")]
mod wasm;

pub use game::{game, GameState, Thought};
pub use request::{Request, DEFAULT_NODE_CAP, DEFAULT_TRACE, MAX_NODE_CAP};
pub use run::{
    compare, facts, log, options, record, steps, think, versions, why, why_value, Outcome,
};
