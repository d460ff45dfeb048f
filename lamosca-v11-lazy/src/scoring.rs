//! Kornilov's incremental scoring: "a program with no evaluation function".
//!
//! Every evaluation of the earlier versions adds, for each piece, its
//! material value and a bonus read from a square table. Such a score
//! changes with a move in a way the move alone tells: the moving piece
//! leaves one square for another (perhaps becoming a queen on the way), and
//! the piece it captures disappears. Kornilov calls that change the move's
//! *gain* (`delRes`, `move->score` in the article) and never evaluates a
//! position at all: the root's score is passed down the recursion, each
//! child receiving `-(score + gain)`, its parent's score plus the gain, seen
//! from the other side.
//!
//! Two sets of tables can stand behind the gain ([`Evaluation`]):
//!
//! - **LaMoSca's** ([`common::evaluate`]): the incremental score is then
//!   exactly the evaluation of v0.10, which the search checks at every node
//!   with `debug_assert!`.
//! - **Kornilov's strategic tables**: material plus a table that counts
//!   1..64 towards the opponent's side, for every piece, the king included.
//!   In an endgame without pawns, a table that draws every piece to the
//!   centre instead. Whether a position is such an endgame is decided once,
//!   at the root, so that the score stays incremental through the search.
//!
//! The article's tables are in its own units, in which half a pawn is 64 (the
//! largest strategic gain, its "growth margin"); ours are centipawns, in
//! which half a pawn is 50. [`to_centipawns`] converts, so the tables here
//! run from 1 to 50 and every figure of the article keeps its size against a
//! pawn.
//!
//! ```
//! use common::Position;
//! use lamosca_v11_lazy::scoring::{Evaluation, Scoring};
//! let mut position = Position::startpos();
//! let scoring = Scoring::for_position(Evaluation::Lamosca, &position);
//! let score = scoring.evaluate(&position);
//! let e2e4 = position.parse_move("e2e4").unwrap();
//! let gain = scoring.gain(e2e4); // the pawn leaves -4 for 8
//! position.make(e2e4);
//! assert_eq!(gain, 12);
//! assert_eq!(scoring.evaluate(&position), -(score + gain));
//! ```

use common::{evaluate, piece_value, square_bonus, Color, Move, PieceKind, Position, Square};

// ANCHOR: units
/// Half a pawn in the article's units: its growth margin, "usually half a
/// pawn", is 64, the largest gain its strategic tables allow.
pub const SEED_HALF_PAWN: i32 = 64;

/// Half a pawn in ours: LaMoSca's pawn is 100 centipawns.
pub const HALF_PAWN: i32 = 50;

/// A figure of the article (a margin, a table entry) in centipawns, rounded to
/// the nearest: it keeps its size against a pawn, so 64 becomes 50.
pub const fn to_centipawns(seed_units: i32) -> i32 {
    let scaled = seed_units * HALF_PAWN;
    let half = SEED_HALF_PAWN / 2;
    if scaled >= 0 {
        (scaled + half) / SEED_HALF_PAWN
    } else {
        (scaled - half) / SEED_HALF_PAWN
    }
}
// ANCHOR_END: units

// ANCHOR: strategic_tables
/// Kornilov's strategic table for the pieces at the top of the board
/// (`_upSt`, Black's here), as the article prints it: row 0 is the top rank,
/// and the value grows by 8 a rank towards the opponent and by 1 a file.
#[rustfmt::skip]
const UP_ST: [[i32; 8]; 8] = [
    [ 1,  2,  3,  4,  5,  6,  7,  8],
    [ 9, 10, 11, 12, 13, 14, 15, 16],
    [17, 18, 19, 20, 21, 22, 23, 24],
    [25, 26, 27, 28, 29, 30, 31, 32],
    [33, 34, 35, 36, 37, 38, 39, 40],
    [41, 42, 43, 44, 45, 46, 47, 48],
    [49, 50, 51, 52, 53, 54, 55, 56],
    [57, 58, 59, 60, 61, 62, 63, 64],
];

/// The table for the pieces at the bottom (`_botSt`, White's): `_upSt`
/// turned round, so that it too rises towards the opponent.
#[rustfmt::skip]
const BOT_ST: [[i32; 8]; 8] = [
    [64, 63, 62, 61, 60, 59, 58, 57],
    [56, 55, 54, 53, 52, 51, 50, 49],
    [48, 47, 46, 45, 44, 43, 42, 41],
    [40, 39, 38, 37, 36, 35, 34, 33],
    [32, 31, 30, 29, 28, 27, 26, 25],
    [24, 23, 22, 21, 20, 19, 18, 17],
    [16, 15, 14, 13, 12, 11, 10,  9],
    [ 8,  7,  6,  5,  4,  3,  2,  1],
];

/// For an endgame without pawns the article asks for "one strategic table with
/// the priority of the centre", for both sides, without printing it. This
/// one rises by 16 a ring from the edge to the four centre squares, so that
/// its largest step, like the strategic tables', stays within the growth
/// margin of 64.
#[rustfmt::skip]
const CENTRE_ST: [[i32; 8]; 8] = [
    [16, 16, 16, 16, 16, 16, 16, 16],
    [16, 32, 32, 32, 32, 32, 32, 16],
    [16, 32, 48, 48, 48, 48, 32, 16],
    [16, 32, 48, 64, 64, 48, 32, 16],
    [16, 32, 48, 64, 64, 48, 32, 16],
    [16, 32, 48, 48, 48, 48, 32, 16],
    [16, 32, 32, 32, 32, 32, 32, 16],
    [16, 16, 16, 16, 16, 16, 16, 16],
];
// ANCHOR_END: strategic_tables

/// A table of the article converted to centipawns once, at compile time.
const fn in_centipawns(table: [[i32; 8]; 8]) -> [[i32; 8]; 8] {
    let mut out = [[0; 8]; 8];
    let mut row = 0;
    while row < 8 {
        let mut file = 0;
        while file < 8 {
            out[row][file] = to_centipawns(table[row][file]);
            file += 1;
        }
        row += 1;
    }
    out
}

const UP_CP: [[i32; 8]; 8] = in_centipawns(UP_ST);
const BOT_CP: [[i32; 8]; 8] = in_centipawns(BOT_ST);
const CENTRE_CP: [[i32; 8]; 8] = in_centipawns(CENTRE_ST);

/// Which tables stand behind the gain: the `Eval` switch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Evaluation {
    /// LaMoSca's material and tables: the incremental score equals
    /// [`common::evaluate`].
    #[default]
    Lamosca,
    /// Kornilov's material and strategic tables.
    Kornilov,
}

/// The tables of one search, chosen at its root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// LaMoSca's evaluation.
    Lamosca,
    /// Kornilov's strategic tables, which rise towards the opponent.
    Strategic,
    /// Kornilov's table for an endgame without pawns, which prefers the
    /// centre.
    Centre,
}

impl Scoring {
    /// The tables for a search from `position`: Kornilov's centre table
    /// when no pawn is left on the board. The choice holds for the whole
    /// search, even past the capture of the last pawn, so that every score
    /// in it stays the sum of its gains.
    pub fn for_position(evaluation: Evaluation, position: &Position) -> Scoring {
        match evaluation {
            Evaluation::Lamosca => Scoring::Lamosca,
            Evaluation::Kornilov if has_pawns(position) => Scoring::Strategic,
            Evaluation::Kornilov => Scoring::Centre,
        }
    }

    // ANCHOR: piece_square
    /// What a piece of `color` and `kind` on `square` adds to its side's
    /// total: its material and its table value.
    #[inline]
    pub fn piece_square(self, color: Color, kind: PieceKind, square: Square) -> i32 {
        let material = piece_value(kind);
        // Kornilov's rows run from the top of the board (rank 8).
        let row = 7 - square.rank() as usize;
        let file = square.file() as usize;
        match self {
            Scoring::Lamosca => material + square_bonus(color, kind, square),
            Scoring::Strategic => {
                let table = match color {
                    Color::White => &BOT_CP,
                    Color::Black => &UP_CP,
                };
                material + table[row][file]
            }
            Scoring::Centre => material + CENTRE_CP[row][file],
        }
    }
    // ANCHOR_END: piece_square

    // ANCHOR: gain
    /// The move's gain for the side that makes it (Kornilov's `delRes`):
    /// the table value of the square it reaches less that of the square it
    /// leaves (a promoted pawn arrives as the new piece, with its material),
    /// plus all the captured piece was worth to the opponent. Castling adds
    /// the rook's move.
    pub fn gain(self, mv: Move) -> i32 {
        // Every generated move moves a piece; an empty one would gain nothing.
        let Some(kind) = mv.piece.kind() else {
            return 0;
        };
        let us = mv.piece.color();
        let arrives_as = mv.promotion.kind().unwrap_or(kind);
        let mut gain =
            self.piece_square(us, arrives_as, mv.to) - self.piece_square(us, kind, mv.from);
        if let Some(victim) = mv.captured.kind() {
            gain += self.piece_square(us.other(), victim, mv.captured_square());
        }
        if let Some((rook_from, rook_to)) = mv.castling_rook() {
            gain += self.piece_square(us, PieceKind::Rook, rook_to)
                - self.piece_square(us, PieceKind::Rook, rook_from);
        }
        gain
    }
    // ANCHOR_END: gain

    /// The score of `position` from scratch, for the side to move: what the
    /// incremental score must always equal.
    pub fn evaluate(self, position: &Position) -> i32 {
        (self.evaluator())(position)
    }

    /// The same evaluation as a plain function, for the quiescence search,
    /// which stands pat on it.
    pub fn evaluator(self) -> fn(&Position) -> i32 {
        match self {
            Scoring::Lamosca => evaluate,
            Scoring::Strategic => evaluate_strategic,
            Scoring::Centre => evaluate_centre,
        }
    }
}

/// Kornilov's score from scratch with the strategic tables.
pub fn evaluate_strategic(position: &Position) -> i32 {
    total(Scoring::Strategic, position)
}

/// Kornilov's score from scratch with the centre table.
pub fn evaluate_centre(position: &Position) -> i32 {
    total(Scoring::Centre, position)
}

/// The side to move's total less the other side's, under `scoring`.
fn total(scoring: Scoring, position: &Position) -> i32 {
    let mut totals = [0i32; 2];
    for square in Square::SCAN_ORDER {
        let piece = position.piece_at(square);
        if let Some(kind) = piece.kind() {
            let color = piece.color();
            totals[color.index()] += scoring.piece_square(color, kind, square);
        }
    }
    let us = position.side_to_move();
    totals[us.index()] - totals[us.other().index()]
}

/// True while a pawn of either side is on the board.
fn has_pawns(position: &Position) -> bool {
    Square::SCAN_ORDER
        .iter()
        .any(|&square| position.piece_at(square).kind() == Some(PieceKind::Pawn))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_units_keep_their_size_against_a_pawn() {
        assert_eq!(to_centipawns(64), 50);
        assert_eq!(to_centipawns(-64), -50);
        assert_eq!(to_centipawns(128), 100);
        assert_eq!(to_centipawns(1), 1);
        assert_eq!(to_centipawns(0), 0);
    }

    #[test]
    fn the_strategic_tables_rise_towards_the_opponent() {
        let a1 = Square::parse("a1").unwrap();
        let a8 = Square::parse("a8").unwrap();
        let s = Scoring::Strategic;
        let table = |color, square| s.piece_square(color, PieceKind::Pawn, square) - 100;
        assert!(table(Color::White, a8) > table(Color::White, a1));
        assert!(table(Color::Black, a1) > table(Color::Black, a8));
        // Turned round, not mirrored: a White piece on a1 reads what a Black
        // piece reads on h8.
        let h8 = Square::parse("h8").unwrap();
        assert_eq!(table(Color::White, a1), table(Color::Black, h8));
        // The largest step stays within half a pawn.
        assert_eq!(table(Color::White, Square::parse("h8").unwrap()), 45);
        assert_eq!(table(Color::White, Square::parse("a8").unwrap()), 50);
    }

    #[test]
    fn the_centre_table_is_chosen_without_pawns() {
        let pawnless = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
        assert_eq!(
            Scoring::for_position(Evaluation::Kornilov, &pawnless),
            Scoring::Centre
        );
        let start = Position::startpos();
        assert_eq!(
            Scoring::for_position(Evaluation::Kornilov, &start),
            Scoring::Strategic
        );
    }

    #[test]
    fn gains_of_special_moves_match_the_evaluation() {
        // Castling, en passant and a promotion with capture.
        let cases = [
            ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"),
            ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8"),
            ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"),
            ("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q"),
        ];
        for scoring in [Scoring::Lamosca, Scoring::Strategic, Scoring::Centre] {
            for (fen, name) in cases {
                let mut position = Position::from_fen(fen).unwrap();
                let before = scoring.evaluate(&position);
                let mv = position.parse_move(name).unwrap();
                let gain = scoring.gain(mv);
                position.make(mv);
                assert_eq!(
                    scoring.evaluate(&position),
                    -(before + gain),
                    "{scoring:?} {fen} {name}"
                );
            }
        }
    }
}
