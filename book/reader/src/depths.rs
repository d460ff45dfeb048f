//! The depths a record searched, and which of them finished.
//!
//! A search under a clock or a node budget deepens, and the record holds
//! one root per depth (v0.07 to v0.10, and v0.11 without internal
//! deepening), or one root that searches itself again two plies
//! shallower inside itself (v0.11's internal deepening: a chain of
//! re-searches, the deepest first). The search that the budget stopped
//! leaves its depth cut short: the record closes each node the search
//! left open with no best move. The answer the search gave is the
//! deepest *finished* depth's, and a tool that reads the record must set
//! that depth, not the one cut short, beside another search.
//!
//! A depth is finished when its node returned a best move. A node with
//! legal moves always does once it has searched them all, since the first
//! move beats the full window's lower bound; a node cut short returns
//! none. A lone root with no best move and no child is a position with no
//! legal move, searched whole.

use lamosca_search::deepen::MAX_DEPTH;

use crate::error::RecordError;
use crate::reader::{NodeInfo, Record};

/// One depth a record's search began.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Depth {
    /// The depth, in plies.
    pub depth: u32,
    /// The node that searched it: a root, or a re-search in v0.11's chain.
    pub node: u32,
    /// True when it finished; false when the search was stopped in it.
    pub finished: bool,
}

impl Depth {
    /// Of `depths`, the deepest that finished: the one whose move the
    /// search answered with.
    pub fn deepest_finished(depths: &[Depth]) -> Option<Depth> {
        depths
            .iter()
            .filter(|depth| depth.finished)
            .max_by_key(|depth| depth.depth)
            .copied()
    }
}

impl Record {
    /// The depths the search began, the shallowest first.
    ///
    /// Several roots are the depths 1, 2, 3... of a deepening. A lone root
    /// that searches itself again (v0.11) is a chain: the root at the
    /// header's depth, each re-search at the depth its `deepened` event
    /// gives (two plies less when it gives none); of the chain's nodes cut
    /// short, only the shallowest was searched, and only it is told. A
    /// lone root otherwise is
    /// the header's depth, or depth 1 when the header asks for no depth
    /// (a deepening stopped after its first depth).
    pub fn depths(&self) -> Result<Vec<Depth>, RecordError> {
        let roots = self.roots();
        let header_depth = self.header().depth;
        if roots.len() > 1 {
            let depths = roots.iter().zip(1..).map(|(&root, depth)| Depth {
                depth,
                node: root,
                finished: self.node(root).is_some_and(|node| finished(self, node)),
            });
            return Ok(depths.collect());
        }
        let Some(root) = roots.first().and_then(|&root| self.node(root)) else {
            return Ok(Vec::new());
        };
        let mut chain = vec![Depth {
            depth: header_depth,
            node: root.id,
            finished: finished(self, root),
        }];
        let mut at = *root;
        while let Some(again) = self
            .children(at.id)
            .find(|child| self.is_research(child.id))
        {
            let above = chain.last().map_or(header_depth, |depth| depth.depth);
            let depth = self
                .research_depth(again)?
                .and_then(|depth| u32::try_from(depth).ok())
                .unwrap_or(above.saturating_sub(2));
            chain.push(Depth {
                depth,
                node: again.id,
                finished: finished(self, again),
            });
            at = *again;
        }
        // Only the shallowest unfinished node of the chain was searched:
        // the deeper ones were entered on the way down, and waited for it.
        if let Some(stopped) = chain.iter().rposition(|depth| !depth.finished) {
            chain.drain(..stopped);
        }
        if chain.len() == 1 && header_depth == MAX_DEPTH && chain[0].finished {
            chain[0].depth = 1;
        }
        chain.reverse();
        Ok(chain)
    }

    /// The deepest depth that finished, the one whose move the search
    /// answered with.
    pub fn deepest_finished(&self) -> Result<Option<Depth>, RecordError> {
        Ok(Depth::deepest_finished(&self.depths()?))
    }

    /// The depth the search was stopped in, if one was cut short.
    pub fn cut_short(&self) -> Result<Option<Depth>, RecordError> {
        Ok(self.depths()?.into_iter().find(|depth| !depth.finished))
    }
}

/// True when `node` returned from a whole search: it has a best move, or
/// it is a lone root with no child (no legal move).
fn finished(record: &Record, node: &NodeInfo) -> bool {
    node.best.is_some()
        || (node.parent.is_none()
            && record.roots().len() == 1
            && record.children(node.id).next().is_none())
}
