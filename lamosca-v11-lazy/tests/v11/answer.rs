//! The one rule for the answer, through the real binary: however the
//! search ends (`go movetime`, `stop` after `go infinite` or `go
//! ponder`, `ponderhit`), `bestmove` is the first move of the last
//! `info ... pv` line ([`check_answers`]).

use crate::answers::check_answers;

#[test]
fn bestmove_is_the_last_pv_s_first_move() {
    check_answers(env!("CARGO_BIN_EXE_lamosca-v11-lazy"));
}
