//! The switches reach the search through the command line: each option
//! the engine declares is a switch of `search`, named as the chapter's "try
//! it" commands use it, and the binary's search with a switch is the
//! library's search with that option set.

use std::process::Command;

use common::Position;
use lamosca_search::events::Tracer;
use lamosca_search::{Engine, OptionValue, SearchControl};
use lamosca_v09::AlphaBeta;

#[test]
fn the_command_line_is_well_formed() {
    lamosca_front::cli::command::<AlphaBeta>().debug_assert();
}

/// The last line `search` prints, `bestmove MOVE value V nodes N`, of the
/// seed's search (1.d2d4, four plies) with `switches`.
fn binary(switches: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_lamosca-v09"))
        .args(["search", "--moves", "d2d4", "--depth", "4", "--trace", "0"])
        .args(switches)
        .output()
        .expect("the binary runs");
    assert!(output.status.success(), "{switches:?}: {output:?}");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    stdout.lines().last().unwrap_or_default().to_string()
}

/// The same line from the library, with `options` set.
fn library(options: &[(&str, bool)]) -> String {
    let mut engine = AlphaBeta::new();
    for &(name, on) in options {
        engine.set_option(name, OptionValue::Check(on)).unwrap();
    }
    let mut position = Position::startpos();
    position.play_moves(&["d2d4"]).unwrap();
    let report = engine.search(
        &mut position,
        4,
        &SearchControl::unlimited(),
        &mut Tracer::off(),
    );
    report.bestmove_line()
}

#[test]
fn every_switch_reaches_the_search() {
    let switches = [
        ("--no-mvv-lva", "MvvLva", false),
        ("--no-history", "History", false),
        ("--killers", "Killers", true),
        ("--no-ordering", "Ordering", false),
    ];
    let default = binary(&[]);
    assert_eq!(default, library(&[]));
    for (switch, name, on) in switches {
        let with = binary(&[switch]);
        assert_eq!(with, library(&[(name, on)]), "{switch}");
        assert_ne!(with, default, "{switch} changes nothing");
    }
    // All at once, as the chapter's command gives them.
    let all: Vec<&str> = switches.iter().map(|(switch, ..)| *switch).collect();
    let options: Vec<(&str, bool)> = switches.iter().map(|&(_, name, on)| (name, on)).collect();
    assert_eq!(binary(&all), library(&options));
}
