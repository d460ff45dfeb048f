//! A search stopped by its node budget partway through a depth answers
//! the best of the root moves it searched fully, with the line the search
//! kept for that move; stopped before any, it answers nothing.

use crate::stopped_support::{answer, answers_its_best_line_so_far, stopped};
use lamosca_search::Engine;
use lamosca_v07::NegaMax;

#[test]
fn a_search_stopped_partway_answers_its_best_line_so_far() {
    let report = stopped(NegaMax::new(), 3, 20000);
    answers_its_best_line_so_far(&report, "e5f7 593 [e5f7 e6f7 g3d6]");
}

#[test]
fn a_search_stopped_before_a_root_move_was_searched_answers_nothing() {
    let report = stopped(NegaMax::new(), 3, 1);
    assert!(report.interrupted);
    assert_eq!(answer(&report), " 0 []");
}
