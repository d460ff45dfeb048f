//! What a search counts as it goes, the figures its report gives, and the
//! answer the root records.

use common::Move;
use lamosca_search::Statistic;

/// What a search counts, for its statistics; the quiescence counts its own
/// nodes.
#[derive(Clone, Copy, Debug, Default)]
pub struct Counts {
    pub nodes: u64,
    /// Nodes cut off by a move that reached beta.
    pub cuts: u64,
    /// Of those, the nodes cut off by the move the deepening handed up.
    pub hint_cuts: u64,
    /// Searches two plies shallower run before a node's own.
    pub deepenings: u64,
    /// Nodes cut off unsearched.
    pub lazy_cuts: u64,
    /// Nodes whose side to move stood pat in the main search.
    pub stand_pats: u64,
    /// Of those, the nodes where that alone reached beta.
    pub stand_pat_cuts: u64,
    /// Lines ended by a draw by the rules.
    pub draws: u64,
    /// Lines that reached the horizon.
    pub horizons: u64,
    /// Nodes that looked their position up in the transposition table.
    pub probes: u64,
    /// Of those, the nodes that found it there.
    pub hits: u64,
    /// Of those, the nodes the stored value settled at once.
    pub table_cuts: u64,
}

impl Counts {
    /// The nodes valued by an estimate rather than by searching to the end
    /// of the game: at the horizon, by the table, by a lazy cut or by a
    /// stand pat. An iteration that adds none searched a whole game tree.
    pub fn estimates(&self) -> u64 {
        self.horizons + self.table_cuts + self.lazy_cuts + self.stand_pats
    }

    /// The figures printed after the trace; the quiescence's, `(nodes,
    /// stand-pat cut-offs)`, counted by v0.10's search; the depth reached
    /// only by a search that deepens by itself (the driver adds up the
    /// figures of the depths it runs, and tells the depth itself); the
    /// table's, `(used, slots)`, only when it is on, so that a search
    /// without it prints what v0.11 always printed. Both kinds of stand pat that end a node are
    /// named apart: the selective search's and the quiescence's.
    pub fn statistics(
        &self,
        (quiescence_nodes, quiescence_cuts): (u64, u64),
        nodes: u64,
        depth: u32,
        deepened_itself: bool,
        table: Option<(u64, u64)>,
    ) -> Vec<Statistic> {
        let mut statistics = vec![
            Statistic::share("quiescence nodes", quiescence_nodes, nodes),
            Statistic::count("beta cut-offs", self.cuts),
            Statistic::share("cut-offs by the move handed up", self.hint_cuts, self.cuts),
            Statistic::count("internal deepenings", self.deepenings),
            Statistic::count("lazy cuts", self.lazy_cuts),
            Statistic::count("selective stand pats", self.stand_pats),
            Statistic::count("selective stand-pat cut-offs", self.stand_pat_cuts),
            Statistic::count("quiescence stand-pat cut-offs", quiescence_cuts),
            Statistic::count("draws", self.draws),
        ];
        if deepened_itself {
            statistics.push(Statistic::count("depth reached", u64::from(depth)));
        }
        statistics.push(Statistic::branching_factor(nodes, depth));
        if let Some((used, slots)) = table {
            statistics.extend([
                Statistic::count("hash probes", self.probes),
                Statistic::share("hash hits", self.hits, self.probes),
                Statistic::share("hash cut-offs", self.table_cuts, self.probes),
                Statistic::share("hash slots used", used, slots),
            ]);
        }
        statistics
    }
}

/// The root's move and value, recorded while time is not over.
#[derive(Clone, Copy, Debug)]
pub struct Answer {
    pub mv: Move,
    pub value: i32,
}
