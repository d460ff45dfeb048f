//! Every switch this version declares reaches its engine, and refuses a
//! value of another kind.

use lamosca_search::{check_options, Engine};
use lamosca_v11_lazy::LazySearch;

#[test]
fn every_declared_option_reaches_the_engine() {
    // The switches the chapter names, by their UCI and command-line names.
    let declared: Vec<(&str, &str)> = LazySearch::OPTIONS
        .iter()
        .map(|option| (option.name, option.flag))
        .collect();
    assert_eq!(
        declared,
        [
            ("Ideas", "ideas"),
            ("Iid", "iid"),
            ("Lazy", "lazy"),
            ("Selective", "selective"),
            ("Margin", "margin"),
            ("Hash", "hash"),
            ("Eval", "eval")
        ]
    );
    assert_eq!(check_options::<LazySearch>(), Ok(()));
}
