//! The switches of a search, as it reads them: each of Kornilov's ideas is
//! one switch and one block of the search, so that with every idea off the
//! search is v0.10's, node for node, and the chapter can add them one at a
//! time.

use lamosca_search::Names;

use crate::pruning::GROWTH_MARGIN;
use crate::scoring::{to_centipawns, Evaluation};

// ANCHOR: ideas
/// Kornilov's ideas, in the order the chapter adds them to v0.10: each
/// block of the search that one of them brings reads its own switch here.
/// An idea may rely on those before it (the lazy cut reads what the
/// internal deepening found, and needs fail-soft bounds to read more than
/// beta), which is why the chapter adds them in that order. The switch
/// keeps any of them; one kept without those it relies on changes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ideas {
    /// Kornilov's move order: the move handed up first, captures, killers
    /// kept from one iteration to the next, quiet moves by their gain, no
    /// history. Off, v0.10's: MVV/LVA and history, learnt afresh each depth.
    pub order: bool,
    /// Fail-soft bounds: a node returns the best value it saw, even outside
    /// its window. Off, v0.10's fail-hard bounds.
    pub fail_soft: bool,
    /// Draws by the rules (repetition, fifty moves, too little material)
    /// end a line, worth 0.
    pub draws: bool,
    /// Internal iterative deepening: a node is first searched two plies
    /// shallower, and the root deepens two plies at a time.
    pub iid: bool,
    /// The lazy cut.
    pub lazy: bool,
    /// The selective stand pat, with its guard for a lone king and pawns.
    pub selective: bool,
    /// Incremental scoring: the score passed down rather than evaluated.
    pub incremental: bool,
    /// The transposition table, when `Hash` gives it a size.
    pub table: bool,
}

impl Ideas {
    /// The ideas' names on the command line, in the chapter's order.
    pub const NAMES: [&'static str; 8] = [
        "order",
        "fail-soft",
        "draws",
        "iid",
        "lazy",
        "selective",
        "incremental",
        "table",
    ];

    /// Every idea on, the table too.
    pub const ALL: Ideas = Ideas::first(Ideas::NAMES.len());

    /// Every idea on but the table: v0.11 as its ladder's last rung before
    /// the table, and its default.
    pub const DEFAULT: Ideas = Ideas::first(Ideas::NAMES.len() - 1);

    /// Every idea off: v0.10's search.
    pub const NONE: Ideas = Ideas::first(0);

    /// v0.10 with the first `n` ideas of [`Ideas::NAMES`], a rung of the
    /// chapter's ladder.
    pub const fn first(n: usize) -> Ideas {
        Ideas {
            order: n > 0,
            fail_soft: n > 1,
            draws: n > 2,
            iid: n > 3,
            lazy: n > 4,
            selective: n > 5,
            incremental: n > 6,
            table: n > 7,
        }
    }

    /// The ideas `names` keeps (`--ideas`), each on when its name is.
    pub fn kept(names: Names) -> Ideas {
        Ideas {
            order: names.contains("order"),
            fail_soft: names.contains("fail-soft"),
            draws: names.contains("draws"),
            iid: names.contains("iid"),
            lazy: names.contains("lazy"),
            selective: names.contains("selective"),
            incremental: names.contains("incremental"),
            table: names.contains("table"),
        }
    }

    /// The names of the default, for `--ideas`.
    pub const DEFAULT_NAMES: Names = Names::first(&Ideas::NAMES, Ideas::NAMES.len() - 1);

    /// The ideas named by `list`, as `--ideas` reads it ([`Names::parse`]):
    /// `all`, `none`, `default`, names to keep and `no-` names to drop,
    /// separated by commas; `None` for a name it does not know.
    pub fn parse(list: &str) -> Option<Ideas> {
        Names::parse(Ideas::DEFAULT_NAMES, list).map(Ideas::kept)
    }
}
// ANCHOR_END: ideas

impl Ideas {
    /// The ideas' names of a step built on v0.11 ([`Step::IDEAS`]):
    /// v0.11's, then the step's `own`, then the table, so that the table
    /// stays the last name and the only one off by default. `M` is the
    /// length of the whole list, `own`'s and v0.11's.
    ///
    /// ```
    /// use lamosca_v11_lazy::Ideas;
    /// const NAMES: [&str; 9] = Ideas::then(["null"]);
    /// assert_eq!(NAMES[7..], ["null", "table"]);
    /// ```
    ///
    /// [`Step::IDEAS`]: crate::Step::IDEAS
    pub const fn then<const N: usize, const M: usize>(own: [&'static str; N]) -> [&'static str; M] {
        let before = Ideas::NAMES.len() - 1;
        assert!(
            M == before + N + 1,
            "the list holds v0.11's names and `own`"
        );
        let mut names = [""; M];
        let mut at = 0;
        while at < M {
            names[at] = if at < before {
                Ideas::NAMES[at]
            } else if at < before + N {
                own[at - before]
            } else {
                Ideas::NAMES[before]
            };
            at += 1;
        }
        names
    }
}

/// The switches, as the search reads them.
#[derive(Clone, Copy, Debug)]
pub struct Switches {
    /// The ideas kept (`--ideas`).
    pub ideas: Ideas,
    /// The growth margin, in centipawns.
    pub margin: i32,
    /// The tables behind the gains.
    pub evaluation: Evaluation,
    /// The transposition table's size in MB, when the ideas keep it.
    pub hash: usize,
}

impl Switches {
    /// The size of the table the search needs, in MB: none unless the
    /// ideas keep it.
    pub fn table_megabytes(&self) -> usize {
        if self.ideas.table {
            self.hash
        } else {
            0
        }
    }
}

impl Default for Switches {
    fn default() -> Self {
        Switches {
            ideas: Ideas::DEFAULT,
            margin: to_centipawns(GROWTH_MARGIN),
            evaluation: Evaluation::Lamosca,
            hash: DEFAULT_HASH_MB,
        }
    }
}

/// The table's size when `Hash` is not given, in MB: room for a second's
/// search at a fast clock, which fills a few hundred thousand slots.
pub const DEFAULT_HASH_MB: usize = 16;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_keeps_the_ideas_it_names_in_any_order() {
        assert_eq!(Ideas::parse("all"), Some(Ideas::ALL));
        assert_eq!(Ideas::parse("none"), Some(Ideas::NONE));
        assert_eq!(Ideas::parse(&Ideas::NAMES.join(",")), Some(Ideas::ALL));
        for n in 1..Ideas::NAMES.len() {
            let rung = Ideas::NAMES[..n].join(",");
            assert_eq!(Ideas::parse(&rung), Some(Ideas::first(n)), "{rung}");
        }
        let lazy_alone = Ideas {
            lazy: true,
            ..Ideas::NONE
        };
        assert_eq!(Ideas::parse("lazy"), Some(lazy_alone));
        let two = Ideas {
            iid: true,
            order: true,
            ..Ideas::NONE
        };
        assert_eq!(Ideas::parse("iid, Order"), Some(two));
        assert_eq!(Ideas::parse("order,nothing"), None);
        assert_eq!(Ideas::parse("order,,iid"), None);
        // The default keeps every idea but the table; `no-` drops one.
        assert_eq!(Ideas::parse("default"), Some(Ideas::DEFAULT));
        let all_but_the_table = Ideas {
            table: false,
            ..Ideas::ALL
        };
        assert_eq!(Ideas::DEFAULT, all_but_the_table);
        let no_iid = Ideas {
            iid: false,
            ..Ideas::DEFAULT
        };
        assert_eq!(Ideas::parse("no-iid"), Some(no_iid));
        let table_no_iid = Ideas {
            table: true,
            ..no_iid
        };
        assert_eq!(Ideas::parse("all,no-iid"), Some(table_no_iid));
        assert_eq!(Ideas::parse(""), None);
    }
}
