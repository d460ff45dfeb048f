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

use common::trace::{with_step_event, FieldValue, Layout, Words};
use tracing::field::{Field, Visit};
use tracing::Event;

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
        let mut fields = Fields::default();
        event.record(&mut fields);
        let mut text = String::new();
        if !self.started {
            self.started = true;
            let _ = write!(text, "LaMoSca v0.10 Log File - Livelli={}", self.depth);
        }
        let level = fields.level;
        match fields.kind.as_str() {
            "node" => {
                // A child entered: its parent has moves to try.
                if let Some((held_level, line)) = self.held.take() {
                    if held_level < level {
                        text.push_str(&line);
                    }
                }
                let line = format!("\nL={level}, A={}, B={}: ", fields.alpha, fields.beta);
                self.held = Some((level, line));
            }
            "swap" => {
                self.release(level, &mut text);
                let _ = write!(
                    text,
                    "<S {}={}-{}={}> ",
                    fields.out, fields.out_score, fields.into, fields.into_score
                );
            }
            "move" => {
                self.release(level, &mut text);
                let _ = write!(text, "L{level}{}={} ", fields.mv, fields.value);
                if fields.cut {
                    text.push_str("//Cut");
                }
            }
            "result" => self.result(&fields, &mut text),
            "step" if fields.step == "quiescence_result" => {
                if let Some(values) = with_step_event(|event| event.fields()) {
                    for (name, value) in values {
                        match (name, value) {
                            ("found", FieldValue::Bool(found)) => fields.found = found,
                            ("value", FieldValue::Int(value)) => fields.value = value,
                            ("beta", FieldValue::Int(beta)) => fields.beta = beta,
                            _ => {}
                        }
                    }
                }
                self.result(&fields, &mut text);
            }
            _ => {}
        }
        Some(text)
    }
}

impl OriginalLog {
    /// `Risultato L<level>: T=<found>[, M=<move>], A=<alpha>, B=<beta>`;
    /// the node's value is the running alpha it ends with.
    fn result(&mut self, fields: &Fields, text: &mut String) {
        let level = fields.level;
        self.release(level, text);
        let _ = write!(text, "\nRisultato L{level}: T={}", u8::from(fields.found));
        if let (1, true, Some(best)) = (level, fields.found, &fields.best) {
            let _ = write!(text, ", M={best}");
        }
        let _ = write!(text, ", A={}, B={}", fields.value, fields.beta);
        if level == 1 {
            text.push('\n');
        }
    }
}

/// The fields of a trace event this layout reads.
#[derive(Default, Debug)]
struct Fields {
    kind: String,
    step: String,
    level: u32,
    mv: String,
    value: i64,
    cut: bool,
    found: bool,
    best: Option<String>,
    alpha: i64,
    beta: i64,
    out: String,
    out_score: i64,
    into: String,
    into_score: i64,
}

impl Visit for Fields {
    fn record_i64(&mut self, field: &Field, value: i64) {
        match field.name() {
            "value" => self.value = value,
            "alpha" => self.alpha = value,
            "beta" => self.beta = value,
            "out_score" => self.out_score = value,
            "into_score" => self.into_score = value,
            "level" => self.level = value.clamp(0, i64::from(u32::MAX)) as u32,
            _ => {}
        }
    }

    fn record_u64(&mut self, field: &Field, value: u64) {
        self.record_i64(field, value.min(i64::MAX as u64) as i64);
    }

    fn record_bool(&mut self, field: &Field, value: bool) {
        match field.name() {
            "cut" => self.cut = value,
            "found" => self.found = value,
            _ => {}
        }
    }

    fn record_str(&mut self, field: &Field, value: &str) {
        let value = value.to_string();
        match field.name() {
            "kind" => self.kind = value,
            "step" => self.step = value,
            "mv" => self.mv = value,
            "best" => self.best = Some(value),
            "out" => self.out = value,
            "into" => self.into = value,
            _ => {}
        }
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        // Moves arrive as `%mv`, whose Debug prints their Display.
        self.record_str(field, &format!("{value:?}"));
    }
}
