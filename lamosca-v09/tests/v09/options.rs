//! Every switch this version declares reaches its engine, and refuses a
//! value of another kind.

use lamosca_search::{check_options, Engine};
use lamosca_v09::AlphaBeta;

#[test]
fn every_declared_option_reaches_the_engine() {
    // The switches the chapter names, by their UCI and command-line names.
    let declared: Vec<(&str, &str)> = AlphaBeta::OPTIONS
        .iter()
        .map(|option| (option.name, option.flag))
        .collect();
    assert_eq!(
        declared,
        [
            ("MvvLva", "mvv-lva"),
            ("History", "history"),
            ("Killers", "killers"),
            ("Ordering", "ordering")
        ]
    );
    assert_eq!(check_options::<AlphaBeta>(), Ok(()));
}
