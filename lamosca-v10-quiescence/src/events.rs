//! The quiescence's own trace events and their words: the horizon where it
//! starts, a stand pat, a capture skipped by its win limit, and a
//! quiescence node's result. They plug into `common`'s trace through
//! [`StepEvent`], which `common` defines without knowing them.
//!
//! ```text
//! Horizon level 5: Alpha=-25, Beta=-3
//! Captures level 5: stand-pat=-4 d5e6<=-12
//! Quiescence level 5: Found=1, Value=-4, Alpha=-25, Beta=-3
//! ```

use common::Move;
use lamosca_search::events::{FieldValue, StepEvent, StepKind, Text, Window};
use lamosca_search::log::{Words, CUT_MARK};

/// How a stand pat shows in a node's list of moves.
pub const STAND_PAT: &str = "stand-pat";

/// The quiescence's words in `words`: horizon, the heading of a node's
/// captures, the heading of its result.
fn vocabulary(words: Words) -> (&'static str, &'static str, &'static str) {
    match words {
        Words::English => ("Horizon", "Captures", "Quiescence"),
        Words::Italian => ("Orizzonte", "Catture", "Quiescenza"),
    }
}

/// The window's values as record fields.
fn window_fields(window: Window) -> [(&'static str, FieldValue); 2] {
    [
        ("alpha", FieldValue::Int(i64::from(window.alpha))),
        ("beta", FieldValue::Int(i64::from(window.beta))),
    ]
}

// ANCHOR: horizon
/// The main search reached its horizon at `ply`: the quiescence search
/// starts here, with this window.
pub struct Horizon {
    /// The horizon node's ply, 0 at the root; the log prints its level,
    /// one more.
    pub ply: usize,
    /// The window the quiescence starts with.
    pub window: Window,
}

impl StepEvent for Horizon {
    fn kind(&self) -> StepKind {
        StepKind::Horizon
    }

    fn ply(&self) -> usize {
        self.ply
    }

    fn fields(&self) -> Vec<(&'static str, FieldValue)> {
        window_fields(self.window).to_vec()
    }

    fn text(&self, words: Words) -> Text {
        let w = words.vocabulary();
        let (horizon, _, _) = vocabulary(words);
        let Window { alpha, beta } = self.window;
        Text::Line(format!(
            "{horizon} {} {}: {}={alpha}, {}={beta}",
            w.level,
            self.level(),
            w.alpha,
            w.beta
        ))
    }
}
// ANCHOR_END: horizon

/// A quiescence node at `ply` may stand pat on its static `value`; `cut`
/// when that value alone reaches beta.
pub struct StandPat {
    /// The node's ply, 0 at the root; the log prints its level, one more.
    pub ply: usize,
    /// The static value.
    pub value: i32,
    /// True when it reaches beta.
    pub cut: bool,
}

impl StepEvent for StandPat {
    fn kind(&self) -> StepKind {
        StepKind::StandPat
    }

    fn ply(&self) -> usize {
        self.ply
    }

    fn fields(&self) -> Vec<(&'static str, FieldValue)> {
        vec![
            ("value", FieldValue::Int(i64::from(self.value))),
            ("cut", FieldValue::Bool(self.cut)),
        ]
    }

    fn text(&self, _words: Words) -> Text {
        let cut = if self.cut { CUT_MARK } else { "" };
        Text::Item(format!(" {STAND_PAT}={}{cut}", self.value))
    }
}

/// A capture at `ply` was not searched: the most it can win,
/// `win_limit`, does not raise alpha.
pub struct Skipped {
    /// The node's ply, 0 at the root; the log prints its level, one more.
    pub ply: usize,
    /// The capture.
    pub mv: Move,
    /// The most it can win.
    pub win_limit: i32,
}

impl StepEvent for Skipped {
    fn kind(&self) -> StepKind {
        StepKind::Skipped
    }

    fn ply(&self) -> usize {
        self.ply
    }

    fn fields(&self) -> Vec<(&'static str, FieldValue)> {
        vec![
            ("move", FieldValue::Move(Some(self.mv))),
            ("win_limit", FieldValue::Int(i64::from(self.win_limit))),
        ]
    }

    fn text(&self, _words: Words) -> Text {
        Text::Item(format!(" {}<={}", self.mv, self.win_limit))
    }
}

/// A quiescence node at `ply` is done: whether it had a capture to try,
/// its value and the window it was searched with.
pub struct QuiescenceResult {
    /// The node's ply, 0 at the root; the log prints its level, one more.
    pub ply: usize,
    /// True when it had a move to try.
    pub found: bool,
    /// Its value.
    pub value: i32,
    /// The window it was searched with.
    pub window: Window,
}

impl StepEvent for QuiescenceResult {
    fn kind(&self) -> StepKind {
        StepKind::QuiescenceResult
    }

    fn ply(&self) -> usize {
        self.ply
    }

    fn fields(&self) -> Vec<(&'static str, FieldValue)> {
        let mut fields = vec![
            ("found", FieldValue::Bool(self.found)),
            ("value", FieldValue::Int(i64::from(self.value))),
        ];
        fields.extend(window_fields(self.window));
        fields
    }

    fn text(&self, words: Words) -> Text {
        let (_, captures, quiescence) = vocabulary(words);
        let window = Some(self.window);
        let line = words.result_line(quiescence, self.level(), self.found, self.value, window);
        Text::Close {
            heading: captures,
            line,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use common::Position;
    use lamosca_search::events::{NodeKind, Tracer};
    use lamosca_search::log::capture;

    #[test]
    fn a_horizon_node_in_both_languages() {
        let position = Position::startpos();
        let window = Window {
            alpha: -25,
            beta: -3,
        };
        let run = |tracer: &mut Tracer<'_>| {
            tracer.step(Horizon { ply: 0, window });
            tracer.node(0, NodeKind::Quiescence, &position, Some(window));
            tracer.step(StandPat {
                ply: 0,
                value: -4,
                cut: false,
            });
            tracer.step(QuiescenceResult {
                ply: 0,
                found: false,
                value: -4,
                window,
            });
        };
        assert_eq!(
            capture(Words::English, 1, run).0,
            "Horizon level 1: Alpha=-25, Beta=-3\n\
             Captures level 1: stand-pat=-4\n\
             Quiescence level 1: Found=0, Value=-4, Alpha=-25, Beta=-3\n"
        );
        assert_eq!(
            capture(Words::Italian, 1, run).0,
            "Orizzonte livello 1: Alfa=-25, Beta=-3\n\
             Catture livello 1: stand-pat=-4\n\
             Quiescenza livello 1: Trovata=0, Valore=-4, Alfa=-25, Beta=-3\n"
        );
    }
}
