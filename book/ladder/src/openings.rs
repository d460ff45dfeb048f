//! The openings a match starts its games from.
//!
//! Engines without an opening book play the same first moves every game,
//! so a match from the start position would replay a handful of games. A
//! match therefore starts each pair of games from a short opening line,
//! once with each colour: whatever advantage the line gives, both engines
//! get it once. The built-in lines are the main lines of well-known
//! openings, stopped after 4 to 10 plies where neither side stands better.
//!
//! A file of openings has one line per opening, moves in UCI notation, and
//! an optional name after `;`; `#` starts a comment. The lines are moves
//! from the start position, not FENs, because Fairy-Max cannot be given a
//! position (its `feature setboard=0`).
//!
//! ```text
//! # name after the semicolon
//! e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 ; Italian Game
//! ```

use std::path::Path;

use anyhow::{bail, Context as _, Result};
use common::Position;

/// A named opening line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// Its name, or `opening N` for an unnamed line of a file.
    pub name: String,
    /// Its moves from the start position, in UCI notation.
    pub moves: Vec<String>,
}

/// The built-in openings: name, then moves.
const BUILT_IN: [(&str, &str); 24] = [
    ("Italian Game", "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5"),
    ("Ruy Lopez", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6"),
    ("Scotch Game", "e2e4 e7e5 g1f3 b8c6 d2d4 e5d4 f3d4"),
    ("Petrov Defence", "e2e4 e7e5 g1f3 g8f6"),
    ("Four Knights Game", "e2e4 e7e5 g1f3 b8c6 b1c3 g8f6"),
    (
        "Sicilian, Najdorf",
        "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6",
    ),
    (
        "Sicilian, Taimanov",
        "e2e4 c7c5 g1f3 e7e6 d2d4 c5d4 f3d4 b8c6",
    ),
    ("Sicilian, Alapin", "e2e4 c7c5 c2c3 g8f6"),
    ("French, Classical", "e2e4 e7e6 d2d4 d7d5 b1c3 g8f6"),
    ("French, Advance", "e2e4 e7e6 d2d4 d7d5 e4e5 c7c5"),
    (
        "Caro-Kann, Classical",
        "e2e4 c7c6 d2d4 d7d5 b1c3 d5e4 c3e4 c8f5",
    ),
    ("Scandinavian Defence", "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5"),
    ("Pirc Defence", "e2e4 d7d6 d2d4 g8f6 b1c3 g7g6"),
    ("Queen's Gambit Declined", "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6"),
    ("Queen's Gambit Accepted", "d2d4 d7d5 c2c4 d5c4 g1f3 g8f6"),
    ("Slav Defence", "d2d4 d7d5 c2c4 c7c6 g1f3 g8f6"),
    (
        "King's Indian Defence",
        "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6",
    ),
    ("Nimzo-Indian Defence", "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4"),
    ("Queen's Indian Defence", "d2d4 g8f6 c2c4 e7e6 g1f3 b7b6"),
    ("Grünfeld Defence", "d2d4 g8f6 c2c4 g7g6 b1c3 d7d5"),
    ("Dutch Defence", "d2d4 f7f5 g1f3 g8f6 g2g3 e7e6"),
    ("English, Reversed Sicilian", "c2c4 e7e5 b1c3 g8f6"),
    ("English, Symmetrical", "c2c4 c7c5 g1f3 g8f6 b1c3 b8c6"),
    ("Réti Opening", "g1f3 d7d5 c2c4 e7e6"),
];

/// The built-in openings, in a fixed order.
pub fn built_in() -> Vec<Opening> {
    BUILT_IN
        .iter()
        .map(|(name, moves)| Opening {
            name: name.to_string(),
            moves: moves.split_whitespace().map(str::to_string).collect(),
        })
        .collect()
}

/// Reads openings from the text of a file, checking every move.
pub fn parse(text: &str) -> Result<Vec<Opening>> {
    let mut openings = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("");
        let (moves, name) = match line.split_once(';') {
            Some((moves, name)) => (moves, name.trim().to_string()),
            None => (line, String::new()),
        };
        let moves: Vec<String> = moves.split_whitespace().map(str::to_string).collect();
        if moves.is_empty() {
            continue;
        }
        let name = if name.is_empty() {
            format!("opening {}", openings.len() + 1)
        } else {
            name
        };
        let opening = Opening { name, moves };
        check(&opening).with_context(|| format!("line {}", index + 1))?;
        openings.push(opening);
    }
    if openings.is_empty() {
        bail!("no opening in the file");
    }
    Ok(openings)
}

/// Reads openings from a file.
pub fn read(path: &Path) -> Result<Vec<Opening>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    parse(&text).with_context(|| format!("openings file {}", path.display()))
}

/// Checks that every move of the opening is legal, and that the game is
/// not over at its end.
pub fn check(opening: &Opening) -> Result<()> {
    let mut position = Position::startpos();
    for (index, text) in opening.moves.iter().enumerate() {
        let mv = position
            .parse_move(text)
            .with_context(|| format!("move {} of '{}'", index + 1, opening.name))?;
        position.make(mv);
    }
    if position.legal_moves().is_empty() {
        bail!("'{}' ends the game", opening.name);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_opening_is_legal_and_named_once() {
        let openings = built_in();
        for opening in &openings {
            check(opening).unwrap();
            assert!((4..=10).contains(&opening.moves.len()), "{}", opening.name);
        }
        let mut names: Vec<&str> = openings.iter().map(|o| o.name.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), openings.len());
    }

    #[test]
    fn files_hold_moves_names_and_comments() {
        let openings =
            parse("# two lines\n\ne2e4 e7e5 ; Open Game\nd2d4 d7d5 # no name\n").unwrap();
        assert_eq!(openings.len(), 2);
        assert_eq!(openings[0].name, "Open Game");
        assert_eq!(openings[0].moves, ["e2e4", "e7e5"]);
        assert_eq!(openings[1].name, "opening 2");
        let error = parse("e2e4 e7e5\ne2e5\n").unwrap_err();
        assert_eq!(
            format!("{error:#}"),
            "line 2: move 1 of 'opening 2': 'e2e5' is not a legal move here"
        );
        assert!(parse("# nothing\n").is_err());
    }
}
