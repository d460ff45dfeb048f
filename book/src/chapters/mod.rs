//! One module per chapter, each making that chapter's generated and
//! measured files; [`ALL`] registers them.
//!
//! | module | page | what it makes |
//! |---|---|---|
//! | [`board`] | `board.md` | boards, move and perft tables, FEN errors, draws, Zobrist keys |
//! | [`primer`] | `primer.md` | the tiny tree searched by NegaMax and alpha-beta: picture, walk, logs, stepper |
//! | [`v07`] | `v07-negamax.md` | the NegaMax examples and node counts; measured: speed |
//! | [`v09`] | `v09-alphabeta.md`, `v09-numbers.md` | node and cut-off tables, the minimal tree, the search tree, a chart; measured: the same, deeper |
//! | [`search_record`] | `search-record.md` | the worked comparison (its screens are the explorer's snapshots, included as they are) |
//! | [`v10`] | `v10-quiescence.md`, `v10-numbers.md` | its example boards, node tables, answers, Win At Chess, two charts; measured: the same, deeper |
//! | [`v11`] | `v11-lazy.md`, `v11-numbers.md` | two steppers and where each idea first shows; measured: time to depth, one second per move, Win At Chess, the charts |
//! | [`strength`] | `strength.md` | the sentences that sum up the match reports, which the page includes as they are |
//! | [`gui`] | `gui.md` | the UCI session, searched to fixed depths; measured: the same under a clock |
//! | [`side_by_side`] | `side-by-side.md` | one position through every version to one depth; measured: the depth in one second |
//! | [`play`] | `play.md` | nothing of its own (the lab's "why not" snapshots are included as they are) |
//! | [`architecture`] | `architecture.md` | the crate picture and table, the code map |
//!
//! A version chapter also gets the diff of its search against the previous
//! version's, made by [`crate::generate`] from the chapter's `krate`. Its
//! traces are its crate's insta snapshots, which the pages include
//! directly, from the line after each file's header.

use crate::chapter::Chapter;

pub mod architecture;
pub mod board;
pub mod gui;
pub mod play;
pub mod primer;
pub mod search_record;
pub mod side_by_side;
pub mod strength;
pub mod v07;
pub mod v09;
pub mod v10;
pub mod v11;

/// Every chapter the generator makes files for, in the order of the book.
/// A new step adds its module above and one line here.
pub const ALL: &[Chapter] = &[
    board::CHAPTER,
    primer::CHAPTER,
    v07::CHAPTER,
    v09::CHAPTER,
    search_record::CHAPTER,
    v10::CHAPTER,
    v11::CHAPTER,
    strength::CHAPTER,
    gui::CHAPTER,
    side_by_side::CHAPTER,
    play::CHAPTER,
    architecture::CHAPTER,
];
