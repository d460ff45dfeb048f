//! Legal move generation, in LaMoSca's order, into one buffer for all plies.
//!
//! **The buffer.** Kornilov keeps the moves of every ply in one array,
//! `Tree`, with a second array, `TreeCnt`, saying where each ply's moves
//! start. [`MoveStack`] is that pair: generating the moves of ply `p`
//! overwrites whatever lay above ply `p`'s start and records where ply
//! `p + 1` may begin. Once the buffer has grown to the deepest line searched
//! it never allocates again, so a search costs no allocation per node.
//!
//! **The order.** LaMoSca's logs list moves in the order its generator found
//! them, and its searches keep the first of equal moves, so the order decides
//! every log line and every tie. Squares are scanned from a8 to h1 (rank 8
//! first, a to h within a rank); each piece tries its directions in the order
//! of [`KNIGHT_STEPS`], [`BISHOP_DIRECTIONS`], [`ROOK_DIRECTIONS`] and
//! [`QUEEN_DIRECTIONS`], a slider running one whole ray before the next; a
//! pawn captures towards the a-file, then towards the h-file, then pushes one
//! square, then two. The moves the original never generated go where they
//! cannot disturb the others: an en-passant capture takes the place of the
//! diagonal capture it is, the under-promotions follow the queen promotion
//! the original had, and castling (king-side, then queen-side) comes after
//! the king's ordinary steps.
//!
//! **Legality.** The original generated pseudo-legal moves and rejected
//! those that left the king in check after making them. Here the generator
//! first looks along the eight lines and the knight jumps around the king,
//! and notes which enemy pieces give check and which friendly pieces are
//! pinned. A pinned piece may only move along its pin line; in check, a
//! move other than the king's must capture the checker or block it; a king
//! may not step onto an attacked square. Only en passant, whose two vanishing
//! pawns can open a rank, is tried on a copy of the board. Sets of squares
//! are `u128` masks with one bit per 0x88 index.
//!
//! **Pseudo-legal moves**, as the original generated them, come from the
//! same generator with the looks around the king left out
//! ([`Position::pseudo_legal_moves`]): every move the pieces can make,
//! whether or not it leaves the king in check, in the same order, so that
//! the legal moves are among them in the legal generator's order. Castling
//! stays legal only, since the original never generated it.
//!
//! ```
//! use common::{MoveStack, Position};
//! let position = Position::startpos();
//! let mut stack = MoveStack::new();
//! let moves = stack.generate(&position, 0);
//! assert_eq!(moves.len(), 20);
//! assert_eq!(moves[0].mv.to_string(), "a2a3"); // rank 2 is scanned before rank 1
//! assert_eq!(moves[19].mv.to_string(), "g1h3");
//! ```

use crate::attacks::{
    bit, square_attacked, BISHOP_DIRECTIONS, KNIGHT_STEPS, LINE_STEP, QUEEN_DIRECTIONS,
    ROOK_DIRECTIONS,
};
use crate::moves::{Move, MoveKind, UciMove, NULL_MOVE};
use crate::piece::{Color, Piece, PieceKind};
use crate::position::{
    MoveError, Position, BLACK_KING_SIDE, BLACK_QUEEN_SIDE, WHITE_KING_SIDE, WHITE_QUEEN_SIDE,
};
use crate::square::Square;

/// The deepest ply a search may generate moves for.
pub const MAX_PLY: usize = 128;

/// A move and the value a search orders it by (0 when generated).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ScoredMove {
    /// The move.
    pub mv: Move,
    /// The ordering value; the generator leaves it at 0 and the searches
    /// that order moves fill it in.
    pub score: i32,
}

/// Which moves to generate.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Wanted {
    /// Every move.
    All,
    /// Only the captures (en passant included) and promotions that
    /// capture: what LaMoSca v0.10's own quiescence looked at.
    Captures,
    /// The captures, and the pushes that promote to a queen: what the
    /// forum's quiescence looks at. A promotion to a queen wins more than
    /// taking a rook (the queen less the pawn, 900, against 500), so a
    /// search that stops at quiet moves must not stop at it.
    Tactical,
}

// ANCHOR: move_stack
/// The moves of every ply in one buffer (Kornilov's `Tree` and `TreeCnt`).
#[derive(Clone, Debug)]
pub struct MoveStack {
    moves: Vec<ScoredMove>,
    /// `start[p]` is where ply `p`'s moves begin; `start[p + 1]` where they
    /// end once ply `p` is generated.
    start: [usize; MAX_PLY + 1],
}
// ANCHOR_END: move_stack

impl Default for MoveStack {
    fn default() -> Self {
        MoveStack::new()
    }
}

impl MoveStack {
    /// An empty buffer, with room for a few plies before it first grows.
    pub fn new() -> MoveStack {
        MoveStack {
            moves: Vec::with_capacity(4096),
            start: [0; MAX_PLY + 1],
        }
    }

    /// Generates the legal moves of `position` as ply `ply`'s moves and
    /// returns them. Everything above ply `ply` is dropped. Panics in debug
    /// builds when `ply` is not below [`MAX_PLY`].
    pub fn generate(&mut self, position: &Position, ply: usize) -> &mut [ScoredMove] {
        self.fill(position, ply, Wanted::All)
    }

    /// Generates only the legal captures of `position` as ply `ply`'s moves.
    pub fn generate_captures(&mut self, position: &Position, ply: usize) -> &mut [ScoredMove] {
        self.fill(position, ply, Wanted::Captures)
    }

    /// Generates the legal captures of `position` and its pushes that
    /// promote to a queen, as ply `ply`'s moves ([`Wanted::Tactical`]).
    pub fn generate_tactical(&mut self, position: &Position, ply: usize) -> &mut [ScoredMove] {
        self.fill(position, ply, Wanted::Tactical)
    }

    /// The moves last generated for ply `ply`.
    pub fn moves(&self, ply: usize) -> &[ScoredMove] {
        &self.moves[self.start[ply]..self.start[ply + 1]]
    }

    /// The moves last generated for ply `ply`, to score or reorder them.
    pub fn moves_mut(&mut self, ply: usize) -> &mut [ScoredMove] {
        let range = self.start[ply]..self.start[ply + 1];
        &mut self.moves[range]
    }

    // ANCHOR: fill
    fn fill(&mut self, position: &Position, ply: usize, wanted: Wanted) -> &mut [ScoredMove] {
        debug_assert!(ply < MAX_PLY, "ply {ply} is past MAX_PLY");
        // Ply `ply` begins where ply `ply - 1` ended. When that ply was not
        // generated since the buffer last held fewer moves (a caller whose
        // first ply is not 0, such as a quiescence search met at varying
        // depths), the recorded start lies past the end: begin at the end.
        let begin = self.start[ply].min(self.moves.len());
        self.start[ply] = begin;
        self.moves.truncate(begin);
        Generator::new(position, &mut self.moves, wanted, Legality::Legal).run();
        self.start[ply + 1] = self.moves.len();
        &mut self.moves[begin..]
    }
    // ANCHOR_END: fill
}

/// A set of 0x88 squares, one bit per index.
type SquareSet = u128;

/// The direction from `from` to `to` along a line, or 0.
#[inline(always)]
fn line_step(from: Square, to: Square) -> i32 {
    LINE_STEP[(to.index() as i32 - from.index() as i32 + 119) as usize] as i32
}

/// Whether a generation keeps only the moves that leave the king safe.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Legality {
    /// Legal moves only.
    Legal,
    /// Every move the pieces can make (castling, legal only, aside).
    Pseudo,
}

// ANCHOR: generator
/// One generation: the position, where the moves go, and what the king's
/// surroundings allow.
struct Generator<'a> {
    position: &'a Position,
    board: &'a [Piece; 128],
    out: &'a mut Vec<ScoredMove>,
    wanted: Wanted,
    us: Color,
    king: Square,
    /// Where a move other than the king's may land: everything when not in
    /// check, the checker and the squares between it and the king in a
    /// single check, nothing in a double check.
    evasions: SquareSet,
    /// Our pieces that stand between our king and an enemy slider.
    pinned: SquareSet,
    /// Not in check and nothing pinned: every move but the king's is legal.
    unrestricted: bool,
    /// Pseudo-legal: the king's steps and en passant are not tested either.
    pseudo: bool,
    /// Not in check: castling may be tried.
    may_castle: bool,
}
// ANCHOR_END: generator

impl<'a> Generator<'a> {
    fn new(
        position: &'a Position,
        out: &'a mut Vec<ScoredMove>,
        wanted: Wanted,
        legality: Legality,
    ) -> Self {
        let us = position.side_to_move();
        let king = position.king_square(us);
        let pseudo = legality == Legality::Pseudo;
        let mut generator = Generator {
            position,
            board: &position.board,
            out,
            wanted,
            us,
            king,
            evasions: SquareSet::MAX,
            pinned: 0,
            unrestricted: pseudo,
            pseudo,
            may_castle: false,
        };
        if pseudo {
            generator.may_castle = !position.in_check();
        } else {
            generator.find_checks_and_pins();
            generator.unrestricted = generator.evasions == SquareSet::MAX && generator.pinned == 0;
            generator.may_castle = generator.evasions == SquareSet::MAX;
        }
        generator
    }

    /// Looks out from our king: pawns and knights that give check, and along
    /// each line the first piece (a checker if it is an enemy slider of the
    /// right kind) and, behind a piece of ours, a slider that pins it.
    fn find_checks_and_pins(&mut self) {
        let them = self.us.other();
        let at = self.king.index() as i32;
        let mut checkers = 0;
        let mut evasions: SquareSet = 0;

        let pawn = Piece::new(them, PieceKind::Pawn);
        let knight = Piece::new(them, PieceKind::Knight);
        let pawn_origins = [self.us.forward() - 1, self.us.forward() + 1];
        for (steps, piece) in [(&pawn_origins[..], pawn), (&KNIGHT_STEPS[..], knight)] {
            for &step in steps {
                if let Some(s) = Square::from_index(at + step) {
                    if self.board[s.index()] == piece {
                        checkers += 1;
                        evasions |= bit(s);
                    }
                }
            }
        }

        let queen = Piece::new(them, PieceKind::Queen);
        for &step in &QUEEN_DIRECTIONS {
            let diagonal = !matches!(step, 1 | -1 | 16 | -16);
            let slider_kind = if diagonal {
                PieceKind::Bishop
            } else {
                PieceKind::Rook
            };
            let slider = Piece::new(them, slider_kind);
            let mut ray: SquareSet = 0;
            let mut shield: Option<Square> = None;
            let mut s = at + step;
            while let Some(square) = Square::from_index(s) {
                let piece = self.board[square.index()];
                ray |= bit(square);
                if !piece.is_empty() {
                    let enemy_slider = piece == slider || piece == queen;
                    match shield {
                        None if piece.is(self.us) => shield = Some(square),
                        None => {
                            if enemy_slider {
                                checkers += 1;
                                evasions |= ray;
                            }
                            break;
                        }
                        Some(own) => {
                            if enemy_slider {
                                self.pinned |= bit(own);
                            }
                            break;
                        }
                    }
                }
                s += step;
            }
        }

        self.evasions = match checkers {
            0 => SquareSet::MAX,
            1 => evasions,
            _ => 0,
        };
    }

    // ANCHOR: run
    fn run(&mut self) {
        let double_check = self.evasions == 0;
        for square in self.position.squares_in_scan_order(self.us) {
            let piece = self.board[square.index()];
            let Some(kind) = piece.kind() else { continue };
            if double_check && kind != PieceKind::King {
                continue;
            }
            match kind {
                PieceKind::Pawn => self.pawn(square, piece),
                PieceKind::Knight => self.leaper(square, piece, &KNIGHT_STEPS),
                PieceKind::Bishop => self.slider(square, piece, &BISHOP_DIRECTIONS),
                PieceKind::Rook => self.slider(square, piece, &ROOK_DIRECTIONS),
                PieceKind::Queen => self.slider(square, piece, &QUEEN_DIRECTIONS),
                PieceKind::King => self.king(square, piece),
            }
        }
    }
    // ANCHOR_END: run

    // ANCHOR: allowed
    /// True when a piece other than the king may go from `from` to `to`
    /// without leaving its king in check.
    #[inline(always)]
    fn allowed(&self, from: Square, to: Square) -> bool {
        if self.unrestricted {
            return true; // most nodes: no check and no pin
        }
        self.evasions & bit(to) != 0
            && (self.pinned & bit(from) == 0
                || line_step(self.king, to) == line_step(self.king, from))
    }
    // ANCHOR_END: allowed

    #[inline(always)]
    fn push(&mut self, from: Square, to: Square, piece: Piece, captured: Piece, kind: MoveKind) {
        self.out.push(ScoredMove {
            mv: Move {
                from,
                to,
                piece,
                captured,
                promotion: Piece::EMPTY,
                kind,
            },
            score: 0,
        });
    }

    fn leaper(&mut self, from: Square, piece: Piece, steps: &[i32]) {
        for &step in steps {
            let Some(to) = from.offset(step) else {
                continue;
            };
            let target = self.board[to.index()];
            if target.is(self.us) || (self.wanted != Wanted::All && target.is_empty()) {
                continue;
            }
            if self.allowed(from, to) {
                self.push(from, to, piece, target, MoveKind::Normal);
            }
        }
    }

    fn slider(&mut self, from: Square, piece: Piece, directions: &[i32]) {
        for &step in directions {
            let mut next = from.offset(step);
            while let Some(to) = next {
                let target = self.board[to.index()];
                if target.is(self.us) {
                    break;
                }
                let wanted = self.wanted == Wanted::All || !target.is_empty();
                if wanted && self.allowed(from, to) {
                    self.push(from, to, piece, target, MoveKind::Normal);
                }
                if !target.is_empty() {
                    break;
                }
                next = to.offset(step);
            }
        }
    }

    fn king(&mut self, from: Square, piece: Piece) {
        let them = self.us.other();
        for &step in &QUEEN_DIRECTIONS {
            let Some(to) = from.offset(step) else {
                continue;
            };
            let target = self.board[to.index()];
            if target.is(self.us) || (self.wanted != Wanted::All && target.is_empty()) {
                continue;
            }
            // The king must not hide behind itself from a slider.
            if self.pseudo || !square_attacked(self.board, to, them, Some(from)) {
                self.push(from, to, piece, target, MoveKind::Normal);
            }
        }
        if self.wanted == Wanted::All && self.may_castle {
            self.castling(from, piece);
        }
    }

    // ANCHOR: castling
    /// King-side, then queen-side. The king is not in check (the caller
    /// made sure); the squares between king and rook must be empty and the
    /// squares the king crosses and lands on unattacked.
    fn castling(&mut self, from: Square, piece: Piece) {
        let (king_side, queen_side) = match self.us {
            Color::White => (WHITE_KING_SIDE, WHITE_QUEEN_SIDE),
            Color::Black => (BLACK_KING_SIDE, BLACK_QUEEN_SIDE),
        };
        let rights = self.position.castling_rights();
        let them = self.us.other();
        let rank = from.rank();
        let empty = |file: u8| self.board[Square::new(file, rank).index()].is_empty();
        let safe = |file: u8| !square_attacked(self.board, Square::new(file, rank), them, None);
        if rights & king_side != 0 && empty(5) && empty(6) && safe(5) && safe(6) {
            self.push(
                from,
                Square::new(6, rank),
                piece,
                Piece::EMPTY,
                MoveKind::Castle,
            );
        }
        if rights & queen_side != 0 && empty(3) && empty(2) && empty(1) && safe(3) && safe(2) {
            self.push(
                from,
                Square::new(2, rank),
                piece,
                Piece::EMPTY,
                MoveKind::Castle,
            );
        }
    }
    // ANCHOR_END: castling

    // ANCHOR: pawn
    fn pawn(&mut self, from: Square, piece: Piece) {
        let forward = self.us.forward();
        let last_rank = match self.us {
            Color::White => 7,
            Color::Black => 0,
        };
        // Captures: towards the a-file, then towards the h-file.
        for side in [-1, 1] {
            let Some(to) = from.offset(forward + side) else {
                continue;
            };
            let target = self.board[to.index()];
            if target.is(self.us.other()) {
                if self.allowed(from, to) {
                    self.pawn_move(from, to, piece, target, MoveKind::Normal, last_rank);
                }
            } else if Some(to) == self.position.en_passant() {
                self.en_passant(from, to, piece);
            }
        }
        if self.wanted == Wanted::Captures {
            return;
        }
        // Pushes: one square, then two from the starting rank.
        let Some(one) = from.offset(forward) else {
            return;
        };
        if !self.board[one.index()].is_empty() {
            return;
        }
        if self.wanted == Wanted::Tactical {
            // Of the quiet moves, only the push that makes a queen.
            if one.rank() == last_rank && self.allowed(from, one) {
                let queening = Move {
                    from,
                    to: one,
                    piece,
                    captured: Piece::EMPTY,
                    promotion: Piece::new(self.us, PieceKind::Queen),
                    kind: MoveKind::Normal,
                };
                self.out.push(ScoredMove {
                    mv: queening,
                    score: 0,
                });
            }
            return;
        }
        if self.allowed(from, one) {
            self.pawn_move(from, one, piece, Piece::EMPTY, MoveKind::Normal, last_rank);
        }
        let start_rank = match self.us {
            Color::White => 1,
            Color::Black => 6,
        };
        if from.rank() == start_rank {
            if let Some(two) = one.offset(forward) {
                if self.board[two.index()].is_empty() && self.allowed(from, two) {
                    self.push(from, two, piece, Piece::EMPTY, MoveKind::DoublePush);
                }
            }
        }
    }
    // ANCHOR_END: pawn

    /// A pawn move, or on the last rank its four promotions, queen first.
    #[inline(always)]
    fn pawn_move(
        &mut self,
        from: Square,
        to: Square,
        piece: Piece,
        captured: Piece,
        kind: MoveKind,
        last_rank: u8,
    ) {
        if to.rank() != last_rank {
            self.push(from, to, piece, captured, kind);
            return;
        }
        for promoted in PieceKind::PROMOTIONS {
            self.out.push(ScoredMove {
                mv: Move {
                    from,
                    to,
                    piece,
                    captured,
                    promotion: Piece::new(self.us, promoted),
                    kind,
                },
                score: 0,
            });
        }
    }

    /// En passant is tried on a copy of the board: taking two pawns off one
    /// rank can expose the king along it, which no pin test sees.
    fn en_passant(&mut self, from: Square, to: Square, piece: Piece) {
        let victim = Square::new(to.file(), from.rank());
        let captured = self.board[victim.index()];
        if self.pseudo {
            self.push(from, to, piece, captured, MoveKind::EnPassant);
            return;
        }
        let mut board = *self.board;
        board[from.index()] = Piece::EMPTY;
        board[victim.index()] = Piece::EMPTY;
        board[to.index()] = piece;
        if !square_attacked(&board, self.king, self.us.other(), None) {
            self.push(from, to, piece, captured, MoveKind::EnPassant);
        }
    }
}

/// The legal moves of a position, for callers that want them as moves
/// rather than in a [`MoveStack`]: the driver, the tests, the book.
impl Position {
    /// Fills `out` with the pseudo-legal moves `wanted`: every move the
    /// pieces can make, whether or not it leaves the king in check, in the
    /// legal generator's order, as the original program generated them
    /// (castling is generated only when legal). The caller finds out the
    /// illegal ones after making them: the other side can take the king.
    pub fn pseudo_legal_moves(&self, wanted: Wanted, out: &mut Vec<ScoredMove>) {
        out.clear();
        Generator::new(self, out, wanted, Legality::Pseudo).run();
    }

    /// The legal moves in generation order, in a new vector. Searches use a
    /// [`MoveStack`] instead, which allocates nothing per node.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut stack = MoveStack::new();
        stack.generate(self, 0);
        stack.moves(0).iter().map(|scored| scored.mv).collect()
    }

    /// Finds the legal move that UCI text such as `e2e4` or `e7e8q` names.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let wanted = UciMove::parse(text).ok_or_else(|| MoveError::Syntax(text.to_string()))?;
        self.legal_moves()
            .into_iter()
            .find(|mv| mv.uci() == wanted)
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }

    /// The legal move `text` names, as [`Position::parse_move`] finds it, or
    /// the pass, [`Move::NULL`], for `0000` when the side to move is not in
    /// check: how a search's record names each move of a line it searched.
    /// A game has no pass, so a user's moves go through `parse_move`.
    pub fn parse_move_or_pass(&self, text: &str) -> Result<Move, MoveError> {
        if text != NULL_MOVE {
            return self.parse_move(text);
        }
        if self.in_check() {
            return Err(MoveError::Illegal(text.to_string()));
        }
        Ok(Move::NULL)
    }

    /// Plays moves given in UCI notation one after the other.
    pub fn play_moves<S: AsRef<str>>(&mut self, moves: &[S]) -> Result<(), MoveError> {
        for text in moves {
            let mv = self.parse_move(text.as_ref())?;
            self.make(mv);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A caller may start at any ply, and start again at a deeper one after
    /// the buffer shrank: each ply's moves are those of its own position.
    #[test]
    fn generation_may_start_at_any_ply() {
        let start = Position::startpos();
        let mut stack = MoveStack::new();
        // Fill plies 3 to 5, then start over at ply 2 (the buffer shrinks)
        // and at ply 4 (its old start now lies past the end).
        for ply in 3..=5 {
            stack.generate(&start, ply);
        }
        stack.generate_captures(&start, 2);
        assert!(stack.moves(2).is_empty());
        assert_eq!(stack.generate(&start, 4).len(), 20);
        assert_eq!(stack.moves(4).len(), 20);
        assert_eq!(stack.generate(&start, 5).len(), 20);
        assert_eq!(stack.moves(4).len(), 20, "ply 5 leaves ply 4 alone");
    }
}
