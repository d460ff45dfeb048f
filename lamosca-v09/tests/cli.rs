//! The switches reach the command line: each option declared by the engine
//! is a switch of `search`, named as the chapter's "try it" commands use it.

use lamosca_v09::AlphaBeta;

#[test]
fn the_command_line_is_well_formed() {
    lamosca_front::cli::command::<AlphaBeta>().debug_assert();
}

#[test]
fn every_switch_is_accepted_by_search() {
    let args = [
        "lamosca-v09",
        "search",
        "--moves",
        "d2d4",
        "--depth",
        "4",
        "--trace",
        "4",
        "--words",
        "it",
        "--no-mvv-lva",
        "--no-history",
        "--killers",
        "--no-ordering",
    ];
    let parsed = lamosca_front::cli::command::<AlphaBeta>().try_get_matches_from(args);
    assert!(parsed.is_ok(), "{}", parsed.unwrap_err());
}
