//! NegaMax has no switch: every option is refused, by name.

use lamosca_search::{check_options, Engine, OptionValue};
use lamosca_v07::NegaMax;

#[test]
fn negamax_declares_no_option_and_refuses_any() {
    assert!(NegaMax::OPTIONS.is_empty());
    assert_eq!(check_options::<NegaMax>(), Ok(()));
    let refused = NegaMax::new().set_option("History", OptionValue::Check(true));
    assert_eq!(refused, Err("unknown option: History".to_string()));
}
