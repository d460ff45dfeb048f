//! The words of the log: the keywords every step's lines share, in English
//! or in the original program's Italian. A step's own events bring their
//! own words and use these for the rest.

use std::fmt::{Display, Write as _};

/// The language of the log's keywords.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Words {
    /// `Moves level 2: ...`, `Result level 2: Found=1, Value=11`.
    #[default]
    English,
    /// The original program's words: `Mosse livello 2: ...`,
    /// `Risultato livello 2: Trovata=1, Valore=11`.
    Italian,
}

/// The keywords every step's lines share, in one language. A step's own
/// events bring their own words and use these for the rest.
#[derive(Debug)]
pub struct Vocabulary {
    /// The heading of a node's list of moves (`Moves`).
    pub moves: &'static str,
    /// The heading of a node's result (`Result`).
    pub result: &'static str,
    /// `level`.
    pub level: &'static str,
    /// Whether the node had a move (`Found`).
    pub found: &'static str,
    /// `Value`.
    pub value: &'static str,
    /// The move chosen (`Move`).
    pub best: &'static str,
    /// `Alpha`.
    pub alpha: &'static str,
    /// `Beta`.
    pub beta: &'static str,
    /// A swap made by the move ordering (`Swap`).
    pub swap: &'static str,
    /// `with`, between the two moves of a swap.
    pub with: &'static str,
}

const ENGLISH: Vocabulary = Vocabulary {
    moves: "Moves",
    result: "Result",
    level: "level",
    found: "Found",
    value: "Value",
    best: "Move",
    alpha: "Alpha",
    beta: "Beta",
    swap: "Swap",
    with: "with",
};

const ITALIAN: Vocabulary = Vocabulary {
    moves: "Mosse",
    result: "Risultato",
    level: "livello",
    found: "Trovata",
    value: "Valore",
    best: "Mossa",
    alpha: "Alfa",
    beta: "Beta",
    swap: "Scambia",
    with: "con",
};

impl Words {
    /// The shared keywords in this language.
    pub fn vocabulary(self) -> &'static Vocabulary {
        match self {
            Words::English => &ENGLISH,
            Words::Italian => &ITALIAN,
        }
    }

    /// A result line: `Result level 2: Found=1, Value=11`, with the window
    /// when there is one, under the heading `result` (a step may name its
    /// results otherwise, as the quiescence does).
    pub fn result_line(
        self,
        result: &str,
        level: u32,
        found: bool,
        value: i32,
        window: Option<Window>,
    ) -> String {
        let w = self.vocabulary();
        let mut line = format!(
            "{result} {} {level}: {}={}, {}={value}",
            w.level,
            w.found,
            u8::from(found),
            w.value
        );
        if let Some(Window { alpha, beta }) = window {
            let _ = write!(line, ", {}={alpha}, {}={beta}", w.alpha, w.beta);
        }
        line
    }

    /// A swap line: `Swap d5d6=0 with c1h6=8`, the move taken out of its
    /// slot and the move brought forward into it, each with its ordering
    /// value.
    pub fn swap_line(self, out: (impl Display, i32), into: (impl Display, i32)) -> String {
        let w = self.vocabulary();
        format!(
            "{} {}={} {} {}={}",
            w.swap, out.0, out.1, w.with, into.0, into.1
        )
    }
}

/// The mark of a move that failed high, as the original wrote it.
pub const CUT_MARK: &str = " // Cut";

/// The alpha-beta window a node was searched with, for its result line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    /// The lower bound on entry.
    pub alpha: i32,
    /// The upper bound.
    pub beta: i32,
}
