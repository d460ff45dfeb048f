//! The integration tests of the board, as one test binary: each file of this
//! folder is a module, so the crate and its test dependencies are linked
//! once. Run one module with `cargo test -p common --test board MODULE::`.

#[path = "../support/mod.rs"]
mod support;

mod fen;
mod pass;
mod perft_suites;
mod properties;
mod rules;
