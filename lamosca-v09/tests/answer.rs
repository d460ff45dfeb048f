//! The one rule for the answer, through the real binary: however the
//! search ends (`go movetime`, `stop` after `go infinite` or `go
//! ponder`, `ponderhit`), `bestmove` is the first move of the last
//! `info ... pv` line ([`check_answers`]).

#[path = "../../common/front/tests/support/uci_child.rs"]
mod uci_child;

#[path = "../../common/front/tests/support/answers.rs"]
mod answers;

use answers::check_answers;

#[test]
fn bestmove_is_the_last_pv_s_first_move() {
    check_answers(env!("CARGO_BIN_EXE_lamosca-v09"));
}
