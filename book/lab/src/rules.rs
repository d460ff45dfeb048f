//! The end of a game by the rules of chess, for the page's games: the
//! board's own tests of each rule (`common`'s `Position`) put together in
//! the order a referee asks them.

use common::{Color, Position};

// ANCHOR: judge
/// Judges a position by the rules: the result as PGN writes it (`1-0`,
/// `0-1`, `1/2-1/2`) and why, or `None` while the game goes on.
pub fn judge(position: &Position) -> Option<(&'static str, &'static str)> {
    if position.legal_moves().is_empty() {
        if !position.in_check() {
            return Some(("1/2-1/2", "stalemate"));
        }
        let result = match position.side_to_move() {
            Color::White => "0-1",
            Color::Black => "1-0",
        };
        return Some((result, "checkmate"));
    }
    if position.has_insufficient_material() {
        return Some(("1/2-1/2", "insufficient material"));
    }
    // Two earlier occurrences make this the third.
    if position.repetitions() >= 2 {
        return Some(("1/2-1/2", "threefold repetition"));
    }
    if position.is_fifty_move_draw() {
        return Some(("1/2-1/2", "fifty-move rule"));
    }
    None
}
// ANCHOR_END: judge

#[cfg(test)]
mod tests {
    use super::*;

    fn judged(fen: &str) -> Option<(&'static str, &'static str)> {
        judge(&Position::from_fen(fen).unwrap())
    }

    #[test]
    fn mates_and_stalemates() {
        let mut position = Position::startpos();
        for text in ["f2f3", "e7e5", "g2g4"] {
            position.make(position.parse_move(text).unwrap());
            assert_eq!(judge(&position), None);
        }
        position.make(position.parse_move("d8h4").unwrap());
        assert_eq!(judge(&position), Some(("0-1", "checkmate")));
        assert_eq!(
            judged("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),
            Some(("1/2-1/2", "stalemate"))
        );
    }

    #[test]
    fn the_rules_end_games_drawn() {
        assert_eq!(
            judged("8/8/4k3/8/8/3NK3/8/8 w - - 0 1"),
            Some(("1/2-1/2", "insufficient material"))
        );
        assert_eq!(
            judged("8/8/4k3/8/8/3RK3/8/8 w - - 100 80"),
            Some(("1/2-1/2", "fifty-move rule"))
        );
        assert_eq!(judged("8/8/4k3/8/8/3RK3/8/8 w - - 99 80"), None);
        // Mate on the hundredth ply is still mate.
        assert_eq!(
            judged("R5k1/5ppp/8/8/8/8/8/6K1 b - - 100 80"),
            Some(("1-0", "checkmate"))
        );
    }

    #[test]
    fn a_third_occurrence_is_a_draw() {
        let mut position = Position::startpos();
        let knights = ["g1f3", "g8f6", "f3g1", "f6g8"];
        for (ply, text) in knights.iter().chain(&knights).enumerate() {
            assert_eq!(judge(&position), None, "before ply {ply}");
            position.make(position.parse_move(text).unwrap());
        }
        assert_eq!(judge(&position), Some(("1/2-1/2", "threefold repetition")));
    }
}
