//! The switches of a search, as it reads them: each of Kornilov's ideas is
//! one switch and one block of the search, so that with every idea off the
//! search is v0.10's, node for node, and the chapter can add them one at a
//! time.

use crate::pruning::GROWTH_MARGIN;
use crate::scoring::{to_centipawns, Evaluation};

// ANCHOR: ideas
/// Kornilov's ideas, in the order the chapter adds them to v0.10: each
/// block of the search that one of them brings reads its own switch here.
/// An idea may rely on those before it (the lazy cut reads what the
/// internal deepening found, and needs fail-soft bounds to read more than
/// beta), which is why the switch offers them in that order.
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

    /// Every idea on: v0.11 as the chapter ends.
    pub const ALL: Ideas = Ideas::first(Ideas::NAMES.len());

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

    /// The ideas named by `list`: `all`, `none`, or names of
    /// [`Ideas::NAMES`] separated by commas; `None` for a name it does not
    /// know.
    pub fn parse(list: &str) -> Option<Ideas> {
        match list {
            "all" => return Some(Ideas::ALL),
            "none" => return Some(Ideas::NONE),
            _ => {}
        }
        let mut ideas = Ideas::NONE;
        for name in list.split(',') {
            let on = match name.trim() {
                "order" => &mut ideas.order,
                "fail-soft" => &mut ideas.fail_soft,
                "draws" => &mut ideas.draws,
                "iid" => &mut ideas.iid,
                "lazy" => &mut ideas.lazy,
                "selective" => &mut ideas.selective,
                "incremental" => &mut ideas.incremental,
                "table" => &mut ideas.table,
                _ => return None,
            };
            *on = true;
        }
        Some(ideas)
    }
}
// ANCHOR_END: ideas

/// The lists the `Ideas` switch takes: `all`, `none`, and each rung of the
/// ladder below `all`, v0.10 plus the first ideas in the chapter's order.
/// A UCI combo offers a fixed list of words, so these are the lists it
/// offers.
pub const IDEAS_CHOICES: [&str; 9] = [
    "all",
    "none",
    "order",
    "order,fail-soft",
    "order,fail-soft,draws",
    "order,fail-soft,draws,iid",
    "order,fail-soft,draws,iid,lazy",
    "order,fail-soft,draws,iid,lazy,selective",
    "order,fail-soft,draws,iid,lazy,selective,incremental",
];

/// The switches, as the search reads them.
#[derive(Clone, Copy, Debug)]
pub struct Switches {
    /// The ideas kept (`--ideas`).
    pub ideas: Ideas,
    /// Internal iterative deepening (`--no-iid` turns it off whatever
    /// `ideas` says).
    pub iid: bool,
    /// Lazy cuts (they need the internal deepening's result).
    pub lazy: bool,
    /// The selective stand pat.
    pub selective: bool,
    /// The growth margin, in centipawns.
    pub margin: i32,
    /// The tables behind the gains.
    pub evaluation: Evaluation,
    /// The transposition table's size in MB; 0 for none.
    pub hash: usize,
}

impl Switches {
    /// The ideas the search keeps: those of `--ideas`, less any a `--no-…`
    /// switch turned off.
    pub fn kept(&self) -> Ideas {
        Ideas {
            iid: self.ideas.iid && self.iid,
            lazy: self.ideas.lazy && self.lazy,
            selective: self.ideas.selective && self.selective,
            ..self.ideas
        }
    }
}

impl Default for Switches {
    fn default() -> Self {
        Switches {
            ideas: Ideas::ALL,
            iid: true,
            lazy: true,
            selective: true,
            margin: to_centipawns(GROWTH_MARGIN),
            evaluation: Evaluation::Lamosca,
            hash: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_choice_names_a_rung_of_the_ladder() {
        assert_eq!(Ideas::parse("all"), Some(Ideas::ALL));
        assert_eq!(Ideas::parse("none"), Some(Ideas::NONE));
        for (n, list) in IDEAS_CHOICES[2..].iter().enumerate() {
            assert_eq!(Ideas::parse(list), Some(Ideas::first(n + 1)), "{list}");
        }
        let all_but_the_last = Ideas::NAMES[..Ideas::NAMES.len() - 1].join(",");
        assert_eq!(IDEAS_CHOICES.last(), Some(&all_but_the_last.as_str()));
        assert_eq!(Ideas::parse("order,nothing"), None);
    }
}
