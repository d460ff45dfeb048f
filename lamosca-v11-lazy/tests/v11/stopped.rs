//! A search stopped by its node budget partway through a depth answers
//! the best of the root moves it searched fully, with the line the search
//! kept for that move; stopped before any, it answers nothing.

use crate::stopped_support::{answers_its_best_line_so_far, stopped};
use lamosca_search::Engine;
use lamosca_v11_lazy::LazySearch;

#[test]
fn a_search_stopped_partway_answers_its_best_line_so_far() {
    let report = stopped(LazySearch::new(), 9, 30000);
    answers_its_best_line_so_far(&report, "g3g6 30997 [g3g6 f7g6 e5g6]");
}
