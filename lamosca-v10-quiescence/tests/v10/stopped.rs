//! A search stopped by its node budget partway through a depth answers
//! the best of the root moves it searched fully, with the line the search
//! kept for that move; stopped before any, it answers nothing.

use crate::stopped_support::{answer, answers_its_best_line_so_far, stopped};
use lamosca_search::Engine;
use lamosca_v10_quiescence::QuiescenceSearch;

#[test]
fn a_search_stopped_partway_answers_its_best_line_so_far() {
    let report = stopped(QuiescenceSearch::new(), 5, 30000);
    answers_its_best_line_so_far(&report, "e5c6 -214 [e5c6 b7c6 f6h5 g7g5 h5f6]");
}

#[test]
fn a_search_stopped_before_a_root_move_was_searched_answers_nothing() {
    let report = stopped(QuiescenceSearch::new(), 5, 1);
    assert!(report.interrupted);
    assert_eq!(answer(&report), " 0 []");
}
