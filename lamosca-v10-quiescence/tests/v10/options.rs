//! Every switch this version declares reaches its engine, and refuses a
//! value of another kind.

use lamosca_search::{check_options, Engine};
use lamosca_v10_quiescence::QuiescenceSearch;

#[test]
fn every_declared_option_reaches_the_engine() {
    // The switches the chapter names, by their UCI and command-line names.
    let declared: Vec<(&str, &str)> = QuiescenceSearch::OPTIONS
        .iter()
        .map(|option| (option.name, option.flag))
        .collect();
    assert_eq!(
        declared,
        [
            ("Quiescence", "quiescence"),
            ("EGain", "egain"),
            ("Delta", "delta"),
            ("QuiRoot", "qui-root")
        ]
    );
    assert_eq!(check_options::<QuiescenceSearch>(), Ok(()));
}
