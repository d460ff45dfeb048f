//! A search stopped by its node budget partway through a depth answers
//! the best of the root moves it searched fully, with the line the search
//! kept for that move; stopped before any, it answers nothing.

use crate::stopped_support::{answer, answers_its_best_line_so_far, stopped};
use lamosca_search::Engine;
use lamosca_v09::AlphaBeta;

#[test]
fn a_search_stopped_partway_answers_its_best_line_so_far() {
    let report = stopped(AlphaBeta::new(), 5, 20000);
    answers_its_best_line_so_far(&report, "e5c6 -114 [e5c6 d6c6 f6h7 a7a5 f1f7]");
}

#[test]
fn a_search_stopped_before_a_root_move_was_searched_answers_nothing() {
    let report = stopped(AlphaBeta::new(), 5, 1);
    assert!(report.interrupted);
    assert_eq!(answer(&report), " 0 []");
}
