//! A refused `position`, through a step's real binary: the GUI still
//! believes in the position it sent, so no `go` may answer a move of the
//! one before it. Until a valid `position`, `go` names the refused one and
//! answers `bestmove 0000` ([`check_refused_position`]).

use common::Position;

use crate::uci_child::Engine;

/// Three white queens too many beside eight pawns (issue 57's position):
/// no game reaches it, so the FEN reader refuses it.
const IMPOSSIBLE: &str = "QQQQk3/8/8/8/8/8/PPPPPPPP/4K3 b - - 0 1";

/// Checks the answers of `binary` after a refused `position`, then after
/// a valid one.
pub fn check_refused_position(binary: &str) {
    let mut engine = Engine::start(binary);
    engine.send(&format!("position fen {IMPOSSIBLE}"));
    engine.send("go depth 2");
    let lines = engine.until_bestmove("go after a refused position");
    let error = Position::from_fen(IMPOSSIBLE).expect_err("the FEN is impossible");
    assert_eq!(
        lines,
        [
            format!(
                "info string bad fen '{IMPOSSIBLE}': {error}; position refused, \
                 go answers 0000 until a valid position"
            ),
            format!("info string no position to search: 'position fen {IMPOSSIBLE}' was refused"),
            "bestmove 0000".to_string(),
        ]
    );
    // A valid position ends the refusal: the move is Black's after 1. d4.
    engine.send("position startpos moves d2d4");
    engine.send("go depth 2");
    let lines = engine.until_bestmove("go after a valid position");
    let played = lines.last().unwrap().split_whitespace().nth(1).unwrap();
    let mut position = Position::startpos();
    position.play_moves(&["d2d4"]).unwrap();
    assert!(position.parse_move(played).is_ok(), "{lines:?}");
}
