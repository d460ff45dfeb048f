//! Standard algebraic notation (SAN), the way test suites name moves.
//!
//! The engines speak UCI (`g2g6`), while an EPD suite such as Win At Chess
//! gives its best moves as a player writes them (`Qg6`, `Rxb2`, `Qxh7+`).
//! To score an engine on a suite, the book writes each legal move in SAN
//! and compares. The rules, from the PGN standard:
//!
//! - a piece move starts with the piece's letter (`N B R Q K`), a pawn move
//!   with nothing; a pawn capture starts with the file the pawn leaves;
//! - when two pieces of the same kind can reach the same square, the file
//!   of departure is added, or the rank when the file does not tell them
//!   apart, or both when neither does alone (`Nbd2`, `R1e2`, `Qh4e1`);
//! - `x` marks a capture, `=Q` a promotion, `O-O` and `O-O-O` castling;
//! - `+` follows a move that gives check, `#` one that mates.
//!
//! Suites do not always agree on the check signs, so [`same_move`] ignores
//! them.

use common::{Move, MoveKind, PieceKind, Position};

/// The capital letter of a piece in SAN; pawns have none.
fn letter(kind: PieceKind) -> Option<char> {
    match kind {
        PieceKind::Pawn => None,
        other => Some(other.letter().to_ascii_uppercase()),
    }
}

/// `mv`, a legal move of `position`, in SAN with its check sign.
pub fn san(position: &Position, mv: Move) -> String {
    let mut text = san_without_check(position, mv);
    let mut after = position.clone();
    after.make(mv);
    if after.in_check() {
        text.push(if after.legal_moves().is_empty() {
            '#'
        } else {
            '+'
        });
    }
    text
}

/// `mv` in SAN, without `+` or `#`.
fn san_without_check(position: &Position, mv: Move) -> String {
    if mv.kind == MoveKind::Castle {
        return if mv.to.file() == 6 { "O-O" } else { "O-O-O" }.to_string();
    }
    let kind = mv.piece.kind().expect("a move moves a piece");
    let to = mv.to.to_string();
    let from = mv.from.to_string();
    let mut text = String::new();
    match letter(kind) {
        None => {
            if mv.is_capture() {
                text.push_str(&from[..1]);
                text.push('x');
            }
            text.push_str(&to);
            if let Some(promoted) = mv.promotion.kind().and_then(letter) {
                text.push('=');
                text.push(promoted);
            }
        }
        Some(letter) => {
            text.push(letter);
            text.push_str(&disambiguation(position, mv));
            if mv.is_capture() {
                text.push('x');
            }
            text.push_str(&to);
        }
    }
    text
}

/// What tells `mv` apart from the other legal moves of the same kind of
/// piece to the same square: nothing, the file, the rank, or both.
fn disambiguation(position: &Position, mv: Move) -> String {
    let rivals: Vec<Move> = position
        .legal_moves()
        .into_iter()
        .filter(|other| other.to == mv.to && other.piece == mv.piece && other.from != mv.from)
        .collect();
    let from = mv.from.to_string();
    if rivals.is_empty() {
        String::new()
    } else if rivals
        .iter()
        .all(|other| other.from.file() != mv.from.file())
    {
        from[..1].to_string()
    } else if rivals
        .iter()
        .all(|other| other.from.rank() != mv.from.rank())
    {
        from[1..].to_string()
    } else {
        from
    }
}

/// Two SAN texts name the same move, whatever their check signs and
/// annotations (`Qxh7+` and `Qxh7`, `Rg3!`).
pub fn same_move(a: &str, b: &str) -> bool {
    let bare = |text: &str| text.trim_end_matches(['+', '#', '!', '?']).to_string();
    bare(a) == bare(b)
}

/// The legal move of `position` that the SAN `text` names, if any.
pub fn parse_san(position: &Position, text: &str) -> Option<Move> {
    position
        .legal_moves()
        .into_iter()
        .find(|&mv| same_move(&san(position, mv), text))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The SAN of the UCI move `uci` in `fen`.
    fn san_of(fen: &str, uci: &str) -> String {
        let position = Position::from_fen(fen).expect("a valid FEN");
        let mv = position.parse_move(uci).expect("a legal move");
        san(&position, mv)
    }

    #[test]
    fn pawns_and_pieces() {
        let start = common::START_FEN;
        assert_eq!(san_of(start, "e2e4"), "e4");
        assert_eq!(san_of(start, "g1f3"), "Nf3");
        // A pawn capture names the file it leaves.
        let fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
        assert_eq!(san_of(fen, "e4d5"), "exd5");
        // En passant is a pawn capture like any other.
        let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
        assert_eq!(san_of(fen, "e5d6"), "exd6");
    }

    #[test]
    fn castling_and_promotions() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(san_of(fen, "e1g1"), "O-O");
        assert_eq!(san_of(fen, "e1c1"), "O-O-O");
        let fen = "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(san_of(fen, "b7b8q"), "b8=Q+");
        assert_eq!(san_of(fen, "b7a8n"), "bxa8=N");
    }

    #[test]
    fn disambiguates_by_file_then_rank_then_both() {
        // Two knights can reach d2: the file tells them apart.
        let fen = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
        assert_eq!(san_of(fen, "b1d2"), "Nbd2");
        // Two rooks on the e-file: the rank.
        let fen = "k7/8/8/8/4R3/8/8/4RK2 w - - 0 1";
        assert_eq!(san_of(fen, "e1e2"), "R1e2");
        assert_eq!(san_of(fen, "e4e2"), "R4e2");
        // Three queens reach e1: one shares h4's file, another its rank.
        let fen = "K7/8/k7/8/4Q2Q/8/8/7Q w - - 0 1";
        assert_eq!(san_of(fen, "h4e1"), "Qh4e1");
        assert_eq!(san_of(fen, "e4e1"), "Qee1");
        // A pinned rival does not count: its move is not legal.
        let fen = "4k3/8/8/8/8/8/8/1N2KN1r w - - 0 1";
        assert_eq!(san_of(fen, "b1d2"), "Nd2");
    }

    #[test]
    fn checks_and_mates() {
        // The first Win At Chess position: Qg6 threatens Qh7#.
        let fen = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1";
        assert_eq!(san_of(fen, "g3g6"), "Qg6");
        let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
        assert_eq!(san_of(fen, "a1a8"), "Ra8#");
        let fen = "6k1/5pp1/8/8/8/8/8/R5K1 w - - 0 1";
        assert_eq!(san_of(fen, "a1a8"), "Ra8+");
    }

    #[test]
    fn compares_without_check_signs() {
        assert!(same_move("Qxh7+", "Qxh7"));
        assert!(same_move("Ra8#", "Ra8+"));
        assert!(!same_move("Rxb2", "Rb2"));
        let fen = "8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - 0 1";
        let position = Position::from_fen(fen).unwrap();
        assert_eq!(
            parse_san(&position, "Rxb2").map(|mv| mv.to_string()),
            Some("b3b2".to_string())
        );
        assert_eq!(parse_san(&position, "Qxb2"), None);
    }
}
