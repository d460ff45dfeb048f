//! The integration tests of the front, as one test binary: each file of this
//! folder is a module, so the crate and its test dependencies are linked
//! once. Run one module with `cargo test -p lamosca-front --test front MODULE::`.

mod first_move;
#[allow(dead_code)]
#[path = "../../../tests/support/mod.rs"]
mod support;

mod cli;
mod parsers;
mod uci;
mod uci_loop;
