//! A next step built on v0.11, as a maintainer would begin it, kept with
//! v0.11's tests to prove the seam ([`Step`]): null-move pruning. It
//! restates v0.11's node, `search.rs`, with one block more, and names
//! here what its idea adds: its name in `--ideas`, its switch and its
//! counts. The engine, its options, the root, the table and the figures
//! are v0.11's ([`StepEngine`]); its binary would be
//! `lamosca_front::cli::run::<NullMoveSearch>()`.

mod search;

use common::Position;
use lamosca_search::pv::Line;
use lamosca_search::{Names, Statistic};
use lamosca_v11_lazy::{Found, Ideas, Node, Search, Step, StepEngine};

use search::NullMoveNode;

/// The step's ideas: v0.11's, then the null move, then the table.
const NAMES: [&str; 9] = Ideas::then(["null"]);

/// The engine: v0.11's, with the null move's node.
pub type NullMoveSearch = StepEngine<NullMove>;

/// The step's switch, beside v0.11's ideas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NullMove {
    /// The null move: pass, and cut the node off when the reply searched
    /// shallower still cannot reach beta.
    pub null: bool,
}

/// What the step counts, beside v0.11's counts.
#[derive(Clone, Copy, Debug, Default)]
pub struct NullCounts {
    /// Nodes that passed.
    pub tries: u64,
    /// Of those, the nodes the pass cut off.
    pub cuts: u64,
}

impl Step for NullMove {
    const NAME: &'static str = "LaMoSca v0.12 (null move)";

    const IDEAS: &'static [&'static str] = &NAMES;

    type Counts = NullCounts;

    fn kept(names: Names) -> Self {
        NullMove {
            null: names.contains("null"),
        }
    }

    fn alpha_beta(
        search: &mut Search<'_, '_, Self>,
        position: &mut Position,
        node: Node,
        alpha: i32,
        beta: i32,
        pv: &mut Line,
    ) -> Found {
        search.alpha_beta(position, node, alpha, beta, pv)
    }

    fn statistics(counts: &NullCounts) -> Vec<Statistic> {
        vec![
            Statistic::count("null moves", counts.tries),
            Statistic::share("null-move cut-offs", counts.cuts, counts.tries),
        ]
    }
}
