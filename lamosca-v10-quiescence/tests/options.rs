//! Every switch this version declares reaches its engine, and refuses a
//! value of another kind.

use lamosca_search::{check_options, Engine};
use lamosca_v10_quiescence::QuiescenceSearch;

#[test]
fn every_declared_option_reaches_the_engine() {
    assert!(!QuiescenceSearch::OPTIONS.is_empty());
    assert_eq!(check_options::<QuiescenceSearch>(), Ok(()));
}
