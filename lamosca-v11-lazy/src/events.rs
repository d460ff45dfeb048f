//! Kornilov's trace events and their words: each iteration of the internal
//! deepening, a lazy cut, a selective stand pat, a draw by the rules and,
//! with the table on, an entry found in the transposition table. They plug into
//! `common`'s trace through [`StepEvent`], which `common` defines without
//! knowing them.
//!
//! ```text
//! Deepening level 2: depth 1, Move=d2d4, Value=12
//! Lazy cut level 3: Score=130, Value=120 (depth 1), Margin=50, Beta=60
//! Moves level 3: stand-pat=35 [gain 8<100] d2d4=40
//! Hash level 3: depth 2, at least 35, Move=d2d4
//! Hash cut level 3: depth 4, exact 12, Move=e7e5
//! Draw level 4: Value=0
//! ```

use common::Move;
use lamosca_search::events::{FieldValue, StepEvent, StepKind, Text};
use lamosca_search::log::{Words, CUT_MARK};
use lamosca_v10_quiescence::events::STAND_PAT;

use crate::tt::{Bound, Entry};

/// Kornilov's words, in one language.
struct Vocabulary {
    deepening: &'static str,
    depth: &'static str,
    lazy_cut: &'static str,
    score: &'static str,
    margin: &'static str,
    gain: &'static str,
    hash: &'static str,
    hash_cut: &'static str,
    exact: &'static str,
    at_least: &'static str,
    at_most: &'static str,
    draw: &'static str,
}

const ENGLISH: Vocabulary = Vocabulary {
    deepening: "Deepening",
    depth: "depth",
    lazy_cut: "Lazy cut",
    score: "Score",
    margin: "Margin",
    gain: "gain",
    hash: "Hash",
    hash_cut: "Hash cut",
    exact: "exact",
    at_least: "at least",
    at_most: "at most",
    draw: "Draw",
};

const ITALIAN: Vocabulary = Vocabulary {
    deepening: "Approfondimento",
    depth: "profondità",
    lazy_cut: "Taglio pigro",
    score: "Punteggio",
    margin: "Margine",
    gain: "guadagno",
    hash: "Tabella",
    hash_cut: "Taglio da tabella",
    exact: "esatto",
    at_least: "almeno",
    at_most: "al più",
    draw: "Patta",
};

fn vocabulary(words: Words) -> &'static Vocabulary {
    match words {
        Words::English => &ENGLISH,
        Words::Italian => &ITALIAN,
    }
}

/// A whole number as a record field.
fn int(value: i32) -> FieldValue {
    FieldValue::Int(i64::from(value))
}

// ANCHOR: events
/// A node at `ply` was searched `depth` plies deep before its own search
/// (Kornilov's internal deepening): the move that search hands up to be
/// tried first, if it found one, and its value.
pub struct Deepened {
    /// The node's ply, 0 at the root; the log prints its level, one more.
    pub ply: usize,
    /// The depth of the shallower search.
    pub depth: i32,
    /// The move it hands up.
    pub mv: Option<Move>,
    /// Its value.
    pub value: i32,
}

/// A node at `ply` was cut off unsearched (Kornilov's lazy cut): its own
/// `score` and the `value` of its search `depth` plies deep both stand at
/// least `margin` above `beta`.
pub struct LazyCut {
    /// The node's ply, 0 at the root; the log prints its level, one more.
    pub ply: usize,
    /// The node's score, passed down.
    pub score: i32,
    /// The value of the shallower search.
    pub value: i32,
    /// The depth of the shallower search.
    pub depth: i32,
    /// The growth margin.
    pub margin: i32,
    /// The node's beta.
    pub beta: i32,
}

/// A node of the main search at `ply` may stand pat on its `value`
/// (Kornilov's selective search): the move that led to it gained `gain`,
/// less than the ply's `limit`, and gave no check; `cut` when that value
/// alone reaches beta.
pub struct SelectiveStandPat {
    /// The node's ply, 0 at the root; the log prints its level, one more.
    pub ply: usize,
    /// The gain of the move that led to it.
    pub gain: i32,
    /// `ext[ply]`, the gain it stayed under.
    pub limit: i32,
    /// The score it may keep.
    pub value: i32,
    /// True when that score reaches beta.
    pub cut: bool,
}

/// A node at `ply` found its position in the transposition table: the
/// `entry`, its mate values counted from the root; `cut` when the entry
/// settles the node, which then ends.
pub struct TableHit {
    /// The node's ply, 0 at the root; the log prints its level, one more.
    pub ply: usize,
    /// What the table held.
    pub entry: Entry,
    /// True when the stored value ends the node.
    pub cut: bool,
}

/// A node at `ply` is a draw by the rules (a repetition, the fifty-move
/// rule or too little material) and ends with 0, unsearched.
pub struct Drawn {
    /// The node's ply, 0 at the root; the log prints its level, one more.
    pub ply: usize,
}
// ANCHOR_END: events

impl StepEvent for Deepened {
    fn kind(&self) -> StepKind {
        StepKind::Deepened
    }

    fn ply(&self) -> usize {
        self.ply
    }

    fn fields(&self) -> Vec<(&'static str, FieldValue)> {
        vec![
            ("depth", int(self.depth)),
            ("move", FieldValue::Move(self.mv)),
            ("value", int(self.value)),
        ]
    }

    fn text(&self, words: Words) -> Text {
        let (w, k) = (words.vocabulary(), vocabulary(words));
        let mut line = format!(
            "{} {} {}: {} {}",
            k.deepening,
            w.level,
            self.level(),
            k.depth,
            self.depth
        );
        if let Some(mv) = self.mv {
            line += &format!(", {}={mv}", w.best);
        }
        line += &format!(", {}={}", w.value, self.value);
        Text::Line(line)
    }
}

impl StepEvent for LazyCut {
    fn kind(&self) -> StepKind {
        StepKind::LazyCut
    }

    fn ply(&self) -> usize {
        self.ply
    }

    fn fields(&self) -> Vec<(&'static str, FieldValue)> {
        vec![
            ("score", int(self.score)),
            ("value", int(self.value)),
            ("depth", int(self.depth)),
            ("margin", int(self.margin)),
            ("beta", int(self.beta)),
        ]
    }

    // The node is cut off: it returns beta, not the shallower value.
    fn returns(&self) -> Option<i32> {
        Some(self.beta)
    }

    fn text(&self, words: Words) -> Text {
        let (w, k) = (words.vocabulary(), vocabulary(words));
        // The node ends here: nothing of it is left to print.
        Text::Abandon(format!(
            "{} {} {}: {}={}, {}={} ({} {}), {}={}, {}={}",
            k.lazy_cut,
            w.level,
            self.level(),
            k.score,
            self.score,
            w.value,
            self.value,
            k.depth,
            self.depth,
            k.margin,
            self.margin,
            w.beta,
            self.beta
        ))
    }
}

impl StepEvent for SelectiveStandPat {
    fn kind(&self) -> StepKind {
        StepKind::SelectiveStandPat
    }

    fn ply(&self) -> usize {
        self.ply
    }

    fn fields(&self) -> Vec<(&'static str, FieldValue)> {
        vec![
            ("gain", int(self.gain)),
            ("limit", int(self.limit)),
            ("value", int(self.value)),
            ("cut", FieldValue::Bool(self.cut)),
        ]
    }

    fn text(&self, words: Words) -> Text {
        let cut = if self.cut { CUT_MARK } else { "" };
        Text::Item(format!(
            " {STAND_PAT}={} [{} {}<{}]{cut}",
            self.value,
            vocabulary(words).gain,
            self.gain,
            self.limit
        ))
    }
}

impl StepEvent for TableHit {
    fn kind(&self) -> StepKind {
        StepKind::TableHit
    }

    fn ply(&self) -> usize {
        self.ply
    }

    /// The bound as a number, the side on which the true value may lie:
    /// 1 at least, -1 at most, 0 exact.
    fn fields(&self) -> Vec<(&'static str, FieldValue)> {
        let bound = match self.entry.bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => -1,
        };
        vec![
            ("depth", int(self.entry.depth)),
            ("bound", FieldValue::Int(bound)),
            ("value", int(self.entry.value)),
            ("move", FieldValue::Move(self.entry.mv)),
            ("cut", FieldValue::Bool(self.cut)),
        ]
    }

    fn text(&self, words: Words) -> Text {
        let (w, k) = (words.vocabulary(), vocabulary(words));
        let bound = match self.entry.bound {
            Bound::Exact => k.exact,
            Bound::Lower => k.at_least,
            Bound::Upper => k.at_most,
        };
        let heading = if self.cut { k.hash_cut } else { k.hash };
        let mut line = format!(
            "{heading} {} {}: {} {}, {bound} {}",
            w.level,
            self.level(),
            k.depth,
            self.entry.depth,
            self.entry.value
        );
        if let Some(mv) = self.entry.mv {
            line += &format!(", {}={mv}", w.best);
        }
        if self.cut {
            // The node ends here: nothing else of it is printed.
            Text::Abandon(line)
        } else {
            Text::Line(line)
        }
    }
}

impl StepEvent for Drawn {
    fn kind(&self) -> StepKind {
        StepKind::Draw
    }

    fn ply(&self) -> usize {
        self.ply
    }

    fn fields(&self) -> Vec<(&'static str, FieldValue)> {
        vec![("value", int(0))]
    }

    fn text(&self, words: Words) -> Text {
        let (w, k) = (words.vocabulary(), vocabulary(words));
        // The node ends here, with no move searched.
        Text::Abandon(format!(
            "{} {} {}: {}=0",
            k.draw,
            w.level,
            self.level(),
            w.value
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use common::Position;
    use lamosca_search::events::NodeKind;
    use lamosca_search::log::capture;

    #[test]
    fn deepening_lazy_cut_and_selective_stand_pat_lines() {
        let position = Position::startpos();
        let d2d4 = position.parse_move("d2d4").unwrap();
        let (text, ()) = capture(Words::English, 3, |tracer| {
            let deepened = |depth, mv, value| Deepened {
                ply: 1,
                depth,
                mv,
                value,
            };
            tracer.step(deepened(1, Some(d2d4), 12));
            tracer.step(deepened(3, None, -5));
            tracer.node(2, NodeKind::Main, &position, None);
            tracer.step(SelectiveStandPat {
                ply: 2,
                gain: 8,
                limit: 100,
                value: 35,
                cut: false,
            });
            tracer.step(LazyCut {
                ply: 2,
                score: 130,
                value: 120,
                depth: 1,
                margin: 50,
                beta: 60,
            });
            tracer.step(SelectiveStandPat {
                ply: 2,
                gain: 8,
                limit: 100,
                value: 35,
                cut: false,
            });
            tracer.moved(2, d2d4, 40);
            tracer.result(2, true, 40, Some(d2d4), None);
            tracer.step(SelectiveStandPat {
                ply: 2,
                gain: 0,
                limit: 100,
                value: 90,
                cut: true,
            });
            tracer.result(2, true, 90, None, None);
        });
        // The lazy cut drops the stand pat of the node it ends.
        assert_eq!(
            text,
            "Deepening level 2: depth 1, Move=d2d4, Value=12\n\
             Deepening level 2: depth 3, Value=-5\n\
             Lazy cut level 3: Score=130, Value=120 (depth 1), Margin=50, Beta=60\n\
             Moves level 3: stand-pat=35 [gain 8<100] d2d4=40\n\
             Result level 3: Found=1, Value=40\n\
             Moves level 3: stand-pat=90 [gain 0<100] // Cut\n\
             Result level 3: Found=1, Value=90\n"
        );
        let (italian, ()) = capture(Words::Italian, 2, |tracer| {
            tracer.step(Deepened {
                ply: 1,
                depth: 1,
                mv: Some(d2d4),
                value: 12,
            });
        });
        assert_eq!(
            italian,
            "Approfondimento livello 2: profondità 1, Mossa=d2d4, Valore=12\n"
        );
        let fields = LazyCut {
            ply: 2,
            score: 130,
            value: 120,
            depth: 1,
            margin: 50,
            beta: 60,
        }
        .fields();
        assert_eq!(fields[4], ("beta", FieldValue::Int(60)));
    }

    #[test]
    fn a_draw_ends_its_node_with_a_line_and_the_value_0() {
        let position = Position::startpos();
        let words = |words| {
            capture(words, 3, |tracer| {
                tracer.node(2, NodeKind::Main, &position, None);
                tracer.step(Drawn { ply: 2 });
            })
            .0
        };
        assert_eq!(words(Words::English), "Draw level 3: Value=0\n");
        assert_eq!(words(Words::Italian), "Patta livello 3: Valore=0\n");
        assert_eq!(Drawn { ply: 2 }.returns(), Some(0));
    }
}
