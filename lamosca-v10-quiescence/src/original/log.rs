//! The original v0.10 program's log layout, for `--quiescence lamosca
//! --words it`, so that its log and the original's `LaMoScaLogFile.txt`
//! can be set side by side.
//!
//! The original wrote its log as it searched, one piece at a time: a header
//! naming the depth; on entering a node that has moves to try, a new line
//! `L=<level>, A=<alpha>, B=<beta>: `; after each move
//! `L<level><from><to>=<value> `, and `//Cut` when the value reached beta;
//! each swap made by the ordering as `<S <out>=<value>-<in>=<value>> `, the
//! move taken out first, when the swap is made; on leaving the node a new
//! line `Risultato L<level>: T=<found>`, then `, M=<move>` at the root,
//! then `, A=<alpha>, B=<beta>`. Only the `L=` and `Risultato` pieces begin
//! a line, so a node's next move follows its child's result on the same
//! line. The log ends with a line break after the root's result.
//!
//! ```text
//! LaMoSca v0.10 Log File - Livelli=4
//! L=1, A=-2147483647, B=2147483647: <S a2a3=0-b1c3=2>
//! L=2, A=-2147483647, B=2147483647:
//! ```
//!
//! A node entered is not yet known to have moves to try: a leaf is
//! evaluated, and a node reached by an illegal move returns at once. So
//! its `L=` line is held until the next event says which it was: a child
//! entered, a swap, a move or a result of its own print it; anything at
//! its level or above drops it.

use std::fmt::Write as _;

use common::Move;
use lamosca_search::events::{Event, FieldValue, Layout, StepKind, Window};
use lamosca_search::log::Words;

/// The original's log of one search, `depth` levels deep.
#[derive(Debug)]
pub struct OriginalLog {
    depth: u32,
    /// Whether the header was written.
    started: bool,
    /// The `L=` line of the node entered last, and its level, until it is
    /// known to have moves to try.
    held: Option<(u32, String)>,
}

impl OriginalLog {
    /// The log of a search `depth` levels deep.
    pub fn new(depth: u32) -> OriginalLog {
        OriginalLog {
            depth,
            started: false,
            held: None,
        }
    }

    /// The text an event at `level` that belongs to its node adds: the
    /// held `L=` line first when it is this node's, none when it was a
    /// deeper node's, which turned out to be a leaf.
    fn release(&mut self, level: u32, text: &mut String) {
        if let Some((held_level, line)) = self.held.take() {
            if held_level == level {
                text.push_str(&line);
            }
        }
    }
}

impl Layout for OriginalLog {
    fn text(&mut self, event: &Event<'_>, words: Words) -> Option<String> {
        if words != Words::Italian {
            return None;
        }
        let mut text = String::new();
        if !self.started {
            self.started = true;
            let _ = write!(text, "LaMoSca v0.10 Log File - Livelli={}", self.depth);
        }
        match *event {
            Event::Node { level, window, .. } => {
                // A child entered: its parent has moves to try.
                if let Some((held_level, line)) = self.held.take() {
                    if held_level < level {
                        text.push_str(&line);
                    }
                }
                let (alpha, beta) = bounds(window);
                let line = format!("\nL={level}, A={alpha}, B={beta}: ");
                self.held = Some((level, line));
            }
            Event::Swap { level, out, into } => {
                self.release(level, &mut text);
                let _ = write!(
                    text,
                    "<S {}={}-{}={}> ",
                    out.mv, out.score, into.mv, into.score
                );
            }
            Event::Move {
                level,
                mv,
                value,
                cut,
            } => {
                self.release(level, &mut text);
                let _ = write!(text, "L{level}{mv}={value} ");
                if cut {
                    text.push_str("//Cut");
                }
            }
            Event::Result {
                level,
                found,
                value,
                best,
                window,
            } => {
                let ending = Ending {
                    found,
                    value,
                    best,
                    beta: bounds(window).1,
                };
                self.result(level, ending, &mut text);
            }
            Event::Step(step) if step.kind() == StepKind::QuiescenceResult => {
                self.result(step.level(), quiescence_ending(step.fields()), &mut text);
            }
            Event::Step(_) | Event::Moves { .. } | Event::Iteration { .. } => {}
        }
        Some(text)
    }
}

/// What a node's `Risultato` line says.
#[derive(Clone, Copy, Debug)]
struct Ending {
    /// Whether it had a move to try (`T=`).
    found: bool,
    /// Its value, the running alpha it ends with (`A=`).
    value: i32,
    /// Its best move, written at the root (`M=`).
    best: Option<Move>,
    /// Its beta (`B=`).
    beta: i32,
}

impl OriginalLog {
    /// `Risultato L<level>: T=<found>[, M=<move>], A=<alpha>, B=<beta>`.
    fn result(&mut self, level: u32, ending: Ending, text: &mut String) {
        self.release(level, text);
        let _ = write!(text, "\nRisultato L{level}: T={}", u8::from(ending.found));
        if let (1, true, Some(best)) = (level, ending.found, ending.best) {
            let _ = write!(text, ", M={best}");
        }
        let _ = write!(text, ", A={}, B={}", ending.value, ending.beta);
        if level == 1 {
            text.push('\n');
        }
    }
}

/// A window's two bounds; a node searched without one prints zeros.
fn bounds(window: Option<Window>) -> (i32, i32) {
    window.map_or((0, 0), |window| (window.alpha, window.beta))
}

/// The ending a quiescence node of the original's mode reports in its own
/// step event: whether it found a move, its value and its beta.
fn quiescence_ending(fields: Vec<(&'static str, FieldValue)>) -> Ending {
    let mut ending = Ending {
        found: false,
        value: 0,
        best: None,
        beta: 0,
    };
    for (name, value) in fields {
        match (name, value) {
            ("found", FieldValue::Bool(found)) => ending.found = found,
            ("value", FieldValue::Int(value)) => ending.value = value as i32,
            ("beta", FieldValue::Int(beta)) => ending.beta = beta as i32,
            _ => {}
        }
    }
    ending
}
