// The lesson file of exercise-v09, made from lamosca-v09/src/ordering.rs by `cargo exercise v09 --reset`.
// Fill each `todo!()`, in the order of their numbers; `cd book/exercises && cargo test -p exercise-v09` checks them.
//! Move ordering: the value each move is tried by, and Kornilov's `Pick`.
//!
//! Alpha-beta prunes most when the move that refutes a position is tried
//! first, so the search wants a guess at each move's worth before it has
//! searched it. LaMoSca v0.09 adds two guesses and this version offers a
//! third as a switch:
//!
//! - **MVV/LVA** ("most valuable victim, least valuable attacker"), a static
//!   value given when the move is generated: taking a queen with a pawn
//!   comes before taking a pawn with a queen ([`mvv_lva`]).
//! - **The history heuristic**, learnt during the search: a 64x64 table,
//!   indexed by a move's squares, that grows each time the move cuts a node
//!   off ([`History`]).
//! - **Killer moves**, off by default: the last two quiet moves that cut a
//!   node off at the same ply, tried right after the captures of pieces
//!   ([`Killers`]).
//!
//! A move's value is the sum of what the switches allow ([`MoveOrder`]).
//! The moves are not sorted: before each move is searched, [`pick`] brings
//! the best of those left to the front, so a node that is cut off by its
//! first move has done one scan instead of a sort.
//!
//! ```
//! use common::{MoveStack, Position};
//! use lamosca_v09::ordering::{pick, MoveOrder};
//! let mut position = Position::startpos();
//! position.play_moves(&["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"]).unwrap();
//! let mut stack = MoveStack::new();
//! let moves = stack.generate(&position, 0);
//! MoveOrder::default().score(moves, 0);
//! assert_eq!(moves[0].mv.to_string(), "b5a6"); // generated first, worth 0 - 2
//! pick(moves, 0);
//! assert_eq!(moves[0].mv.to_string(), "b5c6"); // bishop takes knight: 10 x 1 - 2
//! assert_eq!(moves[0].score, 8);
//! ```

use common::{Move, ScoredMove, MAX_PLY};

// ANCHOR: mvv_lva
/// How much more the victim weighs than the attacker in [`mvv_lva`]: ten
/// times, as in LaMoSca v0.09, so that any capture of a heavier piece comes
/// before any capture of a lighter one, whatever takes it (the attacker's
/// code is at most 5).
pub const VICTIM_WEIGHT: i32 = 10;

/// The static value of a move when it is generated, as LaMoSca v0.09 gave
/// it: for a capture, ten times the victim's code less the attacker's
/// ([`common::PieceKind::code`]: pawn 0, knight 1, bishop 2, rook 3,
/// queen 4, king 5); for a quiet move 0.
///
/// The scale is the original's and has a quirk worth knowing: a piece
/// taking a pawn scores below zero (a queen taking a pawn is -4), so those
/// captures come after the quiet moves; a pawn taking a pawn ties with them.
/// A promotion adds nothing, as in the original, whose static value looks
/// at captures only.
pub fn mvv_lva(mv: Move) -> i32 {
    match (mv.captured.kind(), mv.piece.kind()) {
        (Some(victim), Some(attacker)) => VICTIM_WEIGHT * victim.code() - attacker.code(),
        _ => 0,
    }
}
// ANCHOR_END: mvv_lva

// ANCHOR: history
/// The history heuristic: for every pair of squares, how often, and how
/// deep in the tree, a move between them has cut a node off.
///
/// One table serves both colours, as in the original: a white and a black
/// move between the same two squares share an entry, which early in a game
/// almost never happens.
#[derive(Clone, Debug)]
pub struct History {
    /// `table[from][to]`, squares as [`common::Square::index64`].
    table: Box<[[i32; 64]; 64]>,
}

impl Default for History {
    fn default() -> Self {
        History {
            table: Box::new([[0; 64]; 64]),
        }
    }
}

impl History {
    /// What the table holds for `mv`.
    #[inline]
    pub fn get(&self, mv: Move) -> i32 {
        self.table[mv.from.index64()][mv.to.index64()]
    }

    /// `mv` cut off a node at `ply` (0 at the root): its entry grows by
    /// [`History::increment`]. The addition saturates so that a very long
    /// search cannot wrap a value round to a negative one.
    #[inline]
    pub fn reward(&mut self, mv: Move, ply: usize) {
        let entry = &mut self.table[mv.from.index64()][mv.to.index64()];
        *entry = entry.saturating_add(History::increment(ply));
    }

    /// What a cut at `ply` (0 at the root) adds to the history: LaMoSca
    /// added its level counter, which counted from 1 at the root, read
    /// while the cutting move was still made. Which level did the counter
    /// name then, and what does a cut at the root add? The chapter's "The history heuristic" says, and "v0.09
    /// in numbers" how it was read from the v0.10 source, whose search is
    /// v0.09's; the v0.09 page only says that deeper cuts weigh more.
    ///
    /// ```
    /// use lamosca_v09::ordering::History;
    /// // A cut deeper in the tree weighs more than one nearer the root.
    /// assert!(History::increment(4) > History::increment(1));
    /// ```
    pub const fn increment(ply: usize) -> i32 {
        panic!("not yet implemented: hole 4 of 4, history: what a cut at this ply adds to the history, as LaMoSca's level counter, 1 at the root, gave it; see \"The history heuristic\" in book/chapters/v09-alphabeta.md");
    }

    /// Forgets everything; LaMoSca cleared the table before each search.
    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|row| row.fill(0));
    }
}
// ANCHOR_END: history

// ANCHOR: killers
/// The values of the two killer slots, the newer one first: above every
/// capture of a pawn (at most 0, a pawn taking a pawn) and every quiet move
/// without history (0), below every capture of a piece (at least 5, a king
/// taking a knight). Kornilov puts killers after the captures and before
/// the other quiet moves; here captures of pawns come after them too,
/// since the original's scale already ranks those with the quiet moves.
pub const KILLER_SCORES: [i32; 2] = [4, 3];

/// Killer moves: for each ply, the last two quiet moves that cut a node off
/// there. Sibling positions often share their refutation (the same threat
/// answered the same way), and a killer is tried early in the next sibling.
/// The history heuristic generalises the idea to the whole tree; killers
/// remember only the ply.
#[derive(Clone, Debug)]
pub struct Killers {
    slots: [[Option<Move>; 2]; MAX_PLY],
}

impl Default for Killers {
    fn default() -> Self {
        Killers {
            slots: [[None; 2]; MAX_PLY],
        }
    }
}

impl Killers {
    /// The killer value of `mv` at `ply`: one of [`KILLER_SCORES`], or 0
    /// when it is not a killer there.
    #[inline]
    pub fn score(&self, ply: usize, mv: Move) -> i32 {
        let slots = &self.slots[ply];
        if slots[0] == Some(mv) {
            KILLER_SCORES[0]
        } else if slots[1] == Some(mv) {
            KILLER_SCORES[1]
        } else {
            0
        }
    }

    /// The quiet move `mv` cut off a node at `ply`: it becomes the newer
    /// killer and the previous newer one moves to the second slot. A move
    /// already in the first slot is not stored twice.
    pub fn store(&mut self, ply: usize, mv: Move) {
        let slots = &mut self.slots[ply];
        if slots[0] != Some(mv) {
            slots[1] = slots[0];
            slots[0] = Some(mv);
        }
    }

    /// Forgets every killer.
    pub fn clear(&mut self) {
        self.slots.fill([None; 2]);
    }
}
// ANCHOR_END: killers

// ANCHOR: move_order
/// The value every move is ordered by, from what the switches allow, and
/// what the search learns for it.
#[derive(Clone, Debug)]
pub struct MoveOrder {
    /// Order the moves at all; off, they are tried as generated and nothing
    /// is learnt.
    pub ordering: bool,
    /// Score captures by [`mvv_lva`] (otherwise every move starts at 0).
    pub mvv_lva: bool,
    /// Add the [`History`] value, and learn it.
    pub history: bool,
    /// Give [`Killers`] their value, and learn them.
    pub killers: bool,
    /// The history table.
    pub table: History,
    /// The killer moves.
    pub killer_moves: Killers,
}

impl Default for MoveOrder {
    /// LaMoSca v0.09's ordering: MVV/LVA and history, no killers.
    fn default() -> Self {
        MoveOrder {
            ordering: true,
            mvv_lva: true,
            history: true,
            killers: false,
            table: History::default(),
            killer_moves: Killers::default(),
        }
    }
}

impl MoveOrder {
    /// Gives each of the moves just generated for `ply` its value: the
    /// static MVV/LVA value, or a killer's, plus the history value.
    pub fn score(&self, moves: &mut [ScoredMove], ply: usize) {
        if !self.ordering {
            return;
        }
        for scored in moves.iter_mut() {
            let mv = scored.mv;
            let mut score = 0;
            if self.mvv_lva {
                score += mvv_lva(mv);
            }
            if self.killers && !mv.is_capture() {
                score += self.killer_moves.score(ply, mv);
            }
            if self.history {
                score += self.table.get(mv);
            }
            scored.score = score;
        }
    }

    /// `mv` failed high at `ply`: remember it.
    pub fn fail_high(&mut self, mv: Move, ply: usize) {
        if !self.ordering {
            return;
        }
        if self.history {
            self.table.reward(mv, ply);
        }
        if self.killers && !mv.is_capture() {
            self.killer_moves.store(ply, mv);
        }
    }

    /// Brings the best remaining move forward to slot `i` with [`pick`],
    /// and returns the slot it came from; nothing when ordering is off.
    pub fn pick(&self, moves: &mut [ScoredMove], i: usize) -> Option<usize> {
        if self.ordering {
            pick(moves, i)
        } else {
            None
        }
    }

    /// Forgets what the last search learnt; called before each search.
    pub fn clear(&mut self) {
        self.table.clear();
        self.killer_moves.clear();
    }
}
// ANCHOR_END: move_order

// ANCHOR: pick
/// Kornilov's `Pick`: brings a highest-valued move of `moves[first..]` to
/// `moves[first]` and returns the slot it came from, or `None` when none
/// moved. When values tie, which of them comes forward, and is anything
/// swapped? The log's swap lines depend on it: the chapter's "Pick" says.
pub fn pick(moves: &mut [ScoredMove], first: usize) -> Option<usize> {
    todo!("hole 3 of 4, pick: bring a highest value from slot first on into slot first and say where it came from (of equal values, which?); see \"Pick\" in book/chapters/v09-alphabeta.md");
}
// ANCHOR_END: pick

#[cfg(test)]
mod tests {
    use super::*;
    use common::Position;

    fn scored(position: &Position, scores: &[i32]) -> Vec<ScoredMove> {
        let moves = position.legal_moves();
        scores
            .iter()
            .zip(moves)
            .map(|(&score, mv)| ScoredMove { mv, score })
            .collect()
    }

    fn names(moves: &[ScoredMove]) -> Vec<String> {
        moves
            .iter()
            .map(|m| format!("{}={}", m.mv, m.score))
            .collect()
    }

    #[test]
    fn pick_brings_the_first_of_the_highest_forward() {
        // The start position's first moves: a2a3, a2a4, b2b3, b2b4, c2c3.
        let position = Position::startpos();
        let mut moves = scored(&position, &[1, 5, 3, 5, 0]);
        assert_eq!(pick(&mut moves, 0), Some(1));
        assert_eq!(
            names(&moves),
            ["a2a4=5", "a2a3=1", "b2b3=3", "b2b4=5", "c2c3=0"]
        );
        // The equal 5 further on is not brought over the one in place.
        assert_eq!(pick(&mut moves, 0), None);
        // From slot 1 on, the second 5 is the highest.
        assert_eq!(pick(&mut moves, 1), Some(3));
        assert_eq!(
            names(&moves),
            ["a2a4=5", "b2b4=5", "b2b3=3", "a2a3=1", "c2c3=0"]
        );
    }

    #[test]
    fn pick_never_swaps_equal_values() {
        let position = Position::startpos();
        let mut moves = scored(&position, &[0, 0, 0, 0]);
        let before = moves.clone();
        for first in 0..moves.len() {
            assert_eq!(pick(&mut moves, first), None);
        }
        assert_eq!(moves, before);
    }

    #[test]
    fn pick_on_the_last_slot_does_nothing() {
        let position = Position::startpos();
        let mut moves = scored(&position, &[0, 9]);
        assert_eq!(pick(&mut moves, 1), None);
    }

    fn value_of(fen: &str, name: &str) -> i32 {
        let position = Position::from_fen(fen).unwrap();
        mvv_lva(position.parse_move(name).unwrap())
    }

    #[test]
    fn mvv_lva_values() {
        // The seed's move, reached by the first moves v0.09 searches after
        // 1.d4: a bishop takes a knight, 10 x 1 - 2.
        let mut seed = Position::startpos();
        seed.play_moves(&["d2d4", "b8a6", "d4d5", "g8h6"]).unwrap();
        assert_eq!(mvv_lva(seed.parse_move("c1h6").unwrap()), 8);
        // A pawn takes a queen, 10 x 4 - 0; a queen takes a pawn, 0 - 4.
        let fen = "4k3/8/8/3q4/4P3/8/8/3QK3 w - - 0 1";
        assert_eq!(value_of(fen, "e4d5"), 40);
        let fen = "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1";
        assert_eq!(value_of(fen, "d1d5"), -4);
        // A quiet move is worth nothing.
        assert_eq!(value_of(fen, "d1d2"), 0);
    }

    #[test]
    fn killers_keep_the_two_newest() {
        let position = Position::startpos();
        let [a, b, c] = ["a2a3", "b2b3", "c2c3"].map(|m| position.parse_move(m).unwrap());
        let mut killers = Killers::default();
        killers.store(3, a);
        killers.store(3, a);
        killers.store(3, b);
        assert_eq!((killers.score(3, b), killers.score(3, a)), (4, 3));
        killers.store(3, c);
        assert_eq!(killers.score(3, a), 0);
        assert_eq!(killers.score(2, c), 0); // another ply knows nothing
    }
}
