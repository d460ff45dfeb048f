//! The UCI loop in this process, with the stand-in engine of
//! `first_move/`: the options it lists and reads, the positions it
//! refuses, and the commands it does not know. `uci.rs` drives a real
//! binary; these need none.

use crate::first_move;

use std::time::Duration;

use first_move::FirstMove;
use lamosca_front::uci::AUTHOR;
use lamosca_search::check_options;

/// The lines the loop answers to `script`; a session of a few lines ends
/// in milliseconds, and this bound only turns a hang into a failure.
fn session(script: &str) -> Vec<String> {
    first_move::session(script, Duration::from_secs(10)).expect("the session ends")
}

#[test]
fn uci_lists_the_options() {
    assert_eq!(
        session("uci\n"),
        [
            "id name FirstMove",
            &format!("id author {AUTHOR}"),
            "option name Verbose type check default false",
            "option name Width type spin default 4 min 1 max 8",
            "option name Order type combo default see var see var mvvlva",
            "uciok",
        ]
    );
}

#[test]
fn an_option_whose_setter_does_nothing_is_found() {
    let error = check_options::<FirstMove>().unwrap_err();
    assert_eq!(error, "option Width = 1 changes nothing");
}

#[test]
fn options_are_checked_and_set() {
    let lines = session(
        "setoption name verbose value true\n\
         setoption name Width value 9\n\
         setoption name Colour value red\n\
         setoption name Order\n\
         go depth 1\n",
    );
    assert_eq!(
        lines[..3],
        [
            "info string option Width takes a whole number from 1 to 8, not '9'",
            "info string unknown option: Colour",
            "info string option Order needs a value",
        ]
    );
    // Verbose is on: the stand-in scores 1. The timing fields vary.
    assert!(lines[3].starts_with("info depth 1 seldepth 1 score cp 1 nodes 1 "));
    assert_eq!(lines[4..], ["bestmove a2a3"]);
}

#[test]
fn after_a_refused_position_go_answers_the_null_move() {
    let lines = session(
        "position startpos moves e2e4\n\
         position startpos moves e2e4 e7e5 e1e3\n\
         position fen 8/8/8 w - - 0 1\n\
         position somewhere\n\
         go depth 1\n\
         ucinewgame\n\
         go depth 1\n\
         position startpos moves e2e4\n\
         go depth 1\n",
    );
    let refused = "; position refused, go answers 0000 until a valid position";
    assert!(lines[0].starts_with("info string move 3 of the list: 'e1e3' is not a legal move"));
    assert!(lines[0].ends_with(refused), "{lines:?}");
    assert!(lines[1].starts_with("info string bad fen '8/8/8 w - - 0 1': "));
    assert!(lines[2].starts_with("info string position needs 'startpos' or 'fen FEN'"));
    assert!(lines[2].ends_with(refused), "{lines:?}");
    // The last position refused is named, and no move of an earlier one
    // (1. e4's b8a6) is played; `ucinewgame` does not change that.
    let nothing = [
        "info string no position to search: 'position somewhere' was refused",
        "bestmove 0000",
    ];
    assert_eq!(lines[3..5], nothing);
    assert_eq!(lines[5..7], nothing);
    // A valid position ends it: Black's first legal move after 1. e2e4.
    assert_eq!(lines.last().unwrap(), "bestmove b8a6");
}

#[test]
fn unknown_commands_and_mates_are_answered() {
    let lines = session(
        "hello there\n\
         \n\
         position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n\
         go movetime 50\n\
         isready\n",
    );
    assert_eq!(lines[0], "info string unknown command: hello there");
    assert!(lines.contains(&"info depth 0 score mate 0".to_string()));
    assert!(lines.contains(&"bestmove 0000".to_string()));
    assert!(lines.contains(&"readyok".to_string()));
}
