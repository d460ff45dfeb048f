//! Kornilov's next step: a transposition table, the "big hash table" he
//! expects to do better than internal deepening (the article), whose move he
//! puts first in the order (the article on move ordering).
//!
//! The table remembers, for positions searched, what the search found:
//! keyed by the Zobrist hash that `common` keeps up to date move by move,
//! each [`Entry`] holds the depth searched, the value, what kind of bound
//! that value is, and the best move. A position met again, through another
//! order of moves or in the next iteration, may then be answered at once
//! (a cut-off) or at least searched with its best move first.
//!
//! - **One entry a slot**, chosen by the key modulo the number of slots; the
//!   whole key is kept and compared, so two positions sharing a slot are
//!   told apart (a false match needs two positions with the same 64 bits).
//! - **Replacement**: an entry replaces the one in its slot unless that one
//!   belongs to the same search and was searched deeper ("depth-preferred,
//!   but nothing survives a search it did not help"). A deep entry is worth
//!   more nodes than a shallow one; an entry from an earlier move of the
//!   game may be kept only as long as nothing of the current search wants
//!   its slot.
//! - **Bounds**: the search is fail-soft, so a value at or above beta is a
//!   lower bound, one at or below the alpha the node began with an upper
//!   bound, and only one strictly inside the window exact. A stored bound
//!   cuts a later node off when it alone settles that node's window, as a
//!   fail-hard search would have returned it: a lower bound at or above
//!   beta, an upper bound at or below alpha.
//! - **Kinds of node.** The search keeps a node that may stand pat apart
//!   from one that must move, and a node of a reduced search apart from
//!   one whose subtree may be cut lazily (the key it passes in says which):
//!   seed 002 forbids a lazy cut inside a reduced search, and a value
//!   stored by a search that cut lazily would bring one in. An entry
//!   settles only nodes at its own ply or deeper
//!   ([`cuts_off`]): past ply 4 the selective stand pat prunes more the
//!   deeper the ply, so a deep entry read near the root would pass a
//!   guess for a search.
//! - **Mates** are stored relative to the node, counted from it rather than
//!   from the root, and turned back on reading: a mate found three plies
//!   below a node is a mate three plies below it wherever the node is met.
//! - **The fifty-move rule** depends on the half-move clock, which the key
//!   does not hold: a node whose search could reach it is neither stored
//!   nor looked up ([`fifty_moves_out_of_reach`]).
//! - **Repetition** depends on the line that reached a position, which the
//!   key does not hold either: a value found below a node whose line
//!   repeated a position is a draw there, and may be read back where the
//!   same position was reached by a line that does not repeat, or the
//!   other way round. The table accepts that error, as most engines' tables
//!   do: keeping the line in the key would make every transposition a
//!   different position, and the table would find almost nothing.
//!
//! ```
//! use lamosca_v11_lazy::tt::{Bound, Table};
//! use lamosca_search::MATE;
//! let mut table = Table::with_megabytes(1);
//! // Mated 5 plies from the root, at a node 3 plies from the root.
//! table.store(0xdead_beef, 4, 3, Bound::Exact, -(MATE - 5), None);
//! // The same position met 1 ply from the root: mated 3 plies from it.
//! let entry = table.probe(0xdead_beef, 1).expect("stored");
//! assert_eq!(entry.value, -(MATE - 3));
//! assert_eq!((entry.depth, entry.bound), (4, Bound::Exact));
//! ```

use common::{Move, Position};
use lamosca_search::events::Window;
use lamosca_search::MATE_BOUND;

use crate::node::{Found, Hint};

// ANCHOR: entry
/// What a stored value says about the true value of its position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value itself: it lay strictly inside the window.
    Exact,
    /// At least the value: a move reached beta, the rest were not searched.
    Lower,
    /// At most the value: no move raised alpha.
    Upper,
}

impl Bound {
    /// The kind of bound `value` is, found by a fail-soft search within
    /// `window`.
    pub fn of(value: i32, window: Window) -> Bound {
        if value >= window.beta {
            Bound::Lower
        } else if value <= window.alpha {
            Bound::Upper
        } else {
            Bound::Exact
        }
    }
}

/// One slot of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The whole Zobrist key, to tell apart the positions sharing a slot.
    pub key: u64,
    /// The depth the position was searched to.
    pub depth: i32,
    /// The value, mates counted from this position (read through
    /// [`Table::probe`], counted from the root again).
    pub value: i32,
    /// What kind of bound the value is.
    pub bound: Bound,
    /// The best move found, if any: first in the order next time.
    pub mv: Option<Move>,
    /// How many plies from the root it was searched (at most 255): the
    /// deeper the ply, the more the selective stand pat prunes below it.
    pub ply: u8,
    /// The search that stored it, for the replacement.
    generation: u8,
}
// ANCHOR_END: entry

impl Entry {
    /// What a node the entry settles hands up: the stored value, and the
    /// stored move with the depth it was searched to.
    pub fn found(&self) -> Found {
        let best = self.mv.map(|mv| Hint {
            mv,
            depth: self.depth,
        });
        Found {
            value: self.value,
            best,
        }
    }
}

/// The size of a megabyte, for `--hash MB`.
const MEGABYTE: usize = 1 << 20;

/// A transposition table of a fixed number of slots.
#[derive(Clone, Default)]
pub struct Table {
    /// The size asked for.
    megabytes: usize,
    slots: Vec<Option<Entry>>,
    /// Tests only: compare no key on a probe, so that every probe of a
    /// filled slot is a collision.
    #[cfg(test)]
    blind: bool,
    /// Counts the searches, so that entries of earlier ones give way.
    generation: u8,
    /// The slots in use.
    used: u64,
}

impl Table {
    /// A table of `megabytes` MB; 0 makes a table with no slot, which finds
    /// and keeps nothing.
    pub fn with_megabytes(megabytes: usize) -> Table {
        let slots = megabytes * MEGABYTE / std::mem::size_of::<Option<Entry>>();
        Table {
            megabytes,
            ..Table::with_slots(slots)
        }
    }

    /// The size asked for, in MB.
    pub fn megabytes(&self) -> usize {
        self.megabytes
    }

    /// A table of `slots` slots.
    pub(crate) fn with_slots(slots: usize) -> Table {
        Table {
            megabytes: 0,
            slots: vec![None; slots],
            #[cfg(test)]
            blind: false,
            generation: 0,
            used: 0,
        }
    }

    /// A table of `slots` slots that compares no key, for the collision
    /// test: every probe of a filled slot finds the entry there.
    #[cfg(test)]
    pub(crate) fn blind(slots: usize) -> Table {
        Table {
            blind: true,
            ..Table::with_slots(slots)
        }
    }

    /// True when a probe for `key` may use `entry`.
    #[inline]
    fn matches(&self, entry: &Entry, key: u64) -> bool {
        #[cfg(test)]
        if self.blind {
            return true;
        }
        entry.key == key
    }

    /// True when the table has no slot: the search then never asks it.
    pub fn is_off(&self) -> bool {
        self.slots.is_empty()
    }

    /// Forgets every entry (UCI `ucinewgame`).
    pub fn clear(&mut self) {
        self.slots.fill(None);
        self.used = 0;
    }

    /// A new search begins: the entries of earlier ones may be replaced by
    /// any of this one.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// The slots in use.
    pub fn used(&self) -> u64 {
        self.used
    }

    /// The number of slots.
    pub fn slots(&self) -> u64 {
        self.slots.len() as u64
    }

    fn index(&self, key: u64) -> usize {
        (key % self.slots.len() as u64) as usize
    }

    // ANCHOR: probe_store
    /// The entry of the position with `key`, met `ply` plies from the root,
    /// its mate values counted from the root.
    pub fn probe(&self, key: u64, ply: usize) -> Option<Entry> {
        if self.is_off() {
            return None;
        }
        let entry = self.slots[self.index(key)]?;
        if !self.matches(&entry, key) {
            return None;
        }
        Some(Entry {
            value: from_node(entry.value, ply),
            ..entry
        })
    }

    /// Keeps what a search of the position with `key`, `ply` plies from the
    /// root and `depth` deep, found, unless its slot holds a deeper entry
    /// of the same search.
    pub fn store(
        &mut self,
        key: u64,
        depth: i32,
        ply: usize,
        bound: Bound,
        value: i32,
        mv: Option<Move>,
    ) {
        if self.is_off() {
            return;
        }
        let index = self.index(key);
        let generation = self.generation;
        match self.slots[index] {
            Some(old) if old.generation == generation && old.depth > depth => return,
            Some(_) => {}
            None => self.used += 1,
        }
        self.slots[index] = Some(Entry {
            key,
            depth,
            value: to_node(value, ply),
            bound,
            mv,
            ply: u8::try_from(ply).unwrap_or(u8::MAX),
            generation,
        });
    }
    // ANCHOR_END: probe_store
}

/// The table's size and use, not its millions of slots.
impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("megabytes", &self.megabytes)
            .field("slots", &self.slots.len())
            .field("used", &self.used)
            .finish()
    }
}

// ANCHOR: mate_scores
/// A value counted from the root, made relative to a node `ply` plies from
/// it: a mate `n` plies from the root is `n - ply` plies from the node.
fn to_node(value: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if value >= MATE_BOUND {
        value + ply
    } else if value <= -MATE_BOUND {
        value - ply
    } else {
        value
    }
}

/// The inverse of [`to_node`]: a value stored relative to a node, counted
/// from the root again for a node met `ply` plies from it.
fn from_node(value: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if value >= MATE_BOUND {
        value - ply
    } else if value <= -MATE_BOUND {
        value + ply
    } else {
        value
    }
}
// ANCHOR_END: mate_scores

// ANCHOR: node_key
/// Mixed into the key of a node that may stand pat (any odd constant with
/// bits spread over the word keeps the kinds of node apart).
const MAY_STAND_PAT: u64 = 0x9e37_79b9_7f4a_7c15;

/// Mixed into the key of a node whose subtree may be cut lazily. Seed 002
/// forbids a lazy cut inside a reduced search, and a value stored by a
/// search that cut lazily would bring one in.
const MAY_CUT_LAZILY: u64 = 0xc2b2_ae3d_27d4_eb4f;

/// The key a node of `position` is kept under: the position's Zobrist key,
/// told apart by the rules the node is searched by. Whether it may stand
/// pat: the same position reached after a quiet move may keep its score,
/// after a capture or a check it must move. Whether its subtree may be cut
/// lazily: not inside a reduced search. Neither value stands for the other.
pub fn node_key(position: &Position, may_stand_pat: bool, may_cut_lazily: bool) -> u64 {
    let mut key = position.hash();
    if may_stand_pat {
        key ^= MAY_STAND_PAT;
    }
    if may_cut_lazily {
        key ^= MAY_CUT_LAZILY;
    }
    key
}
// ANCHOR_END: node_key

// ANCHOR: fifty_moves
/// The half-moves after which the fifty-move rule draws.
const FIFTY_MOVES: i32 = 100;

/// True when no line of a search `depth` plies deep from `position` can
/// reach the fifty-move rule: only then is its value the same whatever the
/// half-move clock, which the key does not hold, so that the table may keep
/// it and give it back. (The quiescence beyond the depth plays captures
/// only, which start the count again.)
pub fn fifty_moves_out_of_reach(position: &Position, depth: i32) -> bool {
    i32::from(position.halfmove_clock()) + depth < FIFTY_MOVES
}
// ANCHOR_END: fifty_moves

// ANCHOR: cuts_off
/// True when `entry` settles a node `ply` plies from the root, to be
/// searched `depth` deep within (`alpha`, `beta`): an exact value, a lower
/// bound that reaches beta or an upper bound that cannot reach alpha, from
/// a search at least as deep *and at least as thorough*.
///
/// Depth alone does not say how thorough: past ply 4 the selective stand
/// pat lets a node decline to move (`ext[ply]`, more the deeper the ply),
/// and past ply 8 almost every node may, so a node searched there "12
/// deep" is little more than its score. Such an entry read nearer the
/// root, where the search is full width, would pass a guess for a
/// search. An entry therefore settles only nodes at its own ply or deeper.
pub fn cuts_off(entry: &Entry, depth: i32, ply: usize, alpha: i32, beta: i32) -> bool {
    entry.depth >= depth
        && usize::from(entry.ply) <= ply
        && match entry.bound {
            Bound::Exact => true,
            Bound::Lower => entry.value >= beta,
            Bound::Upper => entry.value <= alpha,
        }
}
// ANCHOR_END: cuts_off

#[cfg(test)]
mod tests {
    use super::*;
    use common::Position;
    use lamosca_search::MATE;

    #[test]
    fn a_mate_stored_at_one_ply_reads_back_at_another() {
        let mut table = Table::with_slots(16);
        // Mating 7 plies from the root, found at a node 4 plies from it: a
        // mate 3 plies below the node.
        table.store(42, 3, 4, Bound::Lower, MATE - 7, None);
        assert_eq!(table.probe(42, 4).unwrap().value, MATE - 7);
        assert_eq!(table.probe(42, 0).unwrap().value, MATE - 3);
        assert_eq!(table.probe(42, 10).unwrap().value, MATE - 13);
        // Being mated, likewise; values that are not mates do not move.
        table.store(43, 3, 2, Bound::Upper, -(MATE - 5), None);
        assert_eq!(table.probe(43, 6).unwrap().value, -(MATE - 9));
        table.store(44, 3, 2, Bound::Exact, 250, None);
        assert_eq!(table.probe(44, 9).unwrap().value, 250);
    }

    #[test]
    fn a_deeper_entry_of_the_same_search_stays_and_an_older_one_gives_way() {
        let mv = Position::startpos().parse_move("e2e4").unwrap();
        let mut table = Table::with_slots(1);
        table.store(1, 6, 0, Bound::Exact, 10, Some(mv));
        table.store(2, 3, 0, Bound::Exact, 20, None);
        assert_eq!(table.probe(1, 0).map(|entry| entry.mv), Some(Some(mv)));
        assert_eq!(table.probe(2, 0), None, "the same slot, another key");
        table.new_search();
        table.store(2, 3, 0, Bound::Exact, 20, None);
        assert_eq!(table.probe(2, 0).map(|entry| entry.value), Some(20));
        table.clear();
        assert_eq!(table.used(), 0);
    }

    #[test]
    fn bounds_cut_off_only_when_they_settle_the_window() {
        let entry = |bound, value| Entry {
            key: 0,
            depth: 4,
            value,
            bound,
            mv: None,
            ply: 3,
            generation: 0,
        };
        assert!(cuts_off(&entry(Bound::Exact, 0), 4, 3, -10, 10));
        assert!(
            !cuts_off(&entry(Bound::Exact, 0), 5, 3, -10, 10),
            "too shallow"
        );
        assert!(cuts_off(&entry(Bound::Lower, 10), 3, 3, -10, 10));
        assert!(!cuts_off(&entry(Bound::Lower, 9), 3, 3, -10, 10));
        assert!(cuts_off(&entry(Bound::Upper, -10), 3, 3, -10, 10));
        assert!(!cuts_off(&entry(Bound::Upper, -9), 3, 3, -10, 10));
    }

    #[test]
    fn an_entry_settles_only_nodes_at_its_ply_or_deeper() {
        let mut table = Table::with_slots(16);
        table.store(7, 6, 5, Bound::Exact, 30, None);
        let entry = table.probe(7, 5).expect("stored");
        assert_eq!(entry.ply, 5);
        assert!(cuts_off(&entry, 6, 5, -100, 100));
        assert!(cuts_off(&entry, 6, 9, -100, 100));
        // Searched 5 plies from the root, where the stand pat prunes more
        // than at ply 2: it orders the moves there, but settles nothing.
        assert!(!cuts_off(&entry, 2, 2, -100, 100));
    }

    #[test]
    fn a_table_of_no_megabyte_is_off() {
        let mut table = Table::with_megabytes(0);
        assert!(table.is_off());
        table.store(1, 1, 0, Bound::Exact, 0, None);
        assert_eq!(table.probe(1, 0), None);
        assert!(Table::with_megabytes(1).slots() > 10_000);
    }
}
