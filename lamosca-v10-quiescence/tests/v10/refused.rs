//! After a refused `position`, through the real binary: `go` plays no
//! move of an earlier position but `bestmove 0000`, until a valid
//! `position` ([`check_refused_position`]).

use crate::refused_support::check_refused_position;

#[test]
fn go_after_a_refused_position_plays_no_move() {
    check_refused_position(env!("CARGO_BIN_EXE_lamosca-v10-quiescence"));
}
