//! The search's two steps that ask the table, and the key it asks with:
//! `probe` before a node's moves, whose value may end the node at once, and
//! `store` after them. They are methods of
//! the search, kept beside each other and apart from the table itself
//! ([`crate::tt`]), which knows nothing of the search.

use common::{Move, Position};
use lamosca_search::events::Window;

use crate::events::TableHit;
use crate::node::{Hint, Node};
use crate::search::Search;
use crate::tt::{cuts_off, fifty_moves_out_of_reach, node_key, Bound};

/// A node the table settled: the stored value, and the stored move with
/// the depth it was found at.
type Settled = (i32, Option<Hint>);

impl Search<'_, '_> {
    // ANCHOR: table_steps
    /// Looks the position up in the table (Kornilov's "big hash table")
    /// under its key ([`Self::table_key`]): the key, the stored value and
    /// move when an entry deep enough settles the window, below the root
    /// only, and the stored best move in any case.
    pub(crate) fn probe(
        &mut self,
        position: &Position,
        node: Node,
        in_check: bool,
        Window { alpha, beta }: Window,
    ) -> (Option<u64>, Option<Settled>, Option<Move>) {
        let key = self.table_key(position, node, in_check);
        let Some(key) = key else {
            return (None, None, None);
        };
        self.counts.probes += 1;
        let Some(entry) = self.table.probe(key, node.ply) else {
            return (Some(key), None, None);
        };
        self.counts.hits += 1;
        let cut = node.ply > 0 && cuts_off(&entry, node.depth, node.ply, alpha, beta);
        self.tracer.step(TableHit {
            ply: node.ply,
            entry,
            cut,
        });
        if !cut {
            return (Some(key), None, entry.mv);
        }
        self.counts.table_cuts += 1;
        let hint = entry.mv.map(|mv| Hint {
            mv,
            depth: entry.depth,
        });
        (Some(key), Some((entry.value, hint)), entry.mv)
    }

    /// Keeps what the node's search found, and what kind of bound its
    /// value is within the `window` it was searched with.
    pub(crate) fn store(
        &mut self,
        key: Option<u64>,
        node: Node,
        window: Window,
        value: i32,
        best: Option<Hint>,
    ) {
        let Some(key) = key else {
            return;
        };
        let (bound, mv) = (Bound::of(value, window), best.map(|hint| hint.mv));
        self.table
            .store(key, node.depth, node.ply, bound, value, mv);
    }

    /// The key the node is kept under in the table ([`node_key`]), or
    /// `None` when the table is off or the node's search could reach the
    /// fifty-move rule. Its subtree may be cut lazily outside every reduced
    /// search, with the lazy cut on.
    pub(crate) fn table_key(&self, position: &Position, node: Node, in_check: bool) -> Option<u64> {
        if !self.ideas.table
            || self.table.is_off()
            || !fifty_moves_out_of_reach(position, node.depth)
        {
            return None;
        }
        let may_cut_lazily = self.ideas.lazy && !node.reduced;
        Some(node_key(
            position,
            self.may_stand_pat(position, node, in_check),
            may_cut_lazily,
        ))
    }
    // ANCHOR_END: table_steps
}
