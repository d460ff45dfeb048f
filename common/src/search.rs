//! What every version's search shares: scores, the [`Engine`] trait the
//! driver calls, the options a version offers, the control that stops a
//! search, and the report it hands back.
//!
//! A version crate implements [`Engine`] for its search and hands it to the
//! driver ([`crate::cli::run`]); the driver turns the engine's
//! [`EngineOption`]s into command-line switches and UCI options, so a switch
//! is declared once and appears in `--help`, in a GUI's option dialog and in
//! the book alike.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use crate::moves::Move;
use crate::position::Position;
use crate::trace::Tracer;

/// A score beyond any the evaluation or a mate can give: the initial window.
pub const INFINITY: i32 = 32_000;

/// The score of being mated at the root; mated `n` plies from the root
/// scores `-(MATE - n)`, so a nearer mate is a bigger score for the winner.
pub const MATE: i32 = 31_000;

/// Scores at least this far from zero announce a forced mate.
pub const MATE_BOUND: i32 = MATE - 1_000;

/// The score of a side that has no legal move at `ply` plies from the root:
/// mated when in check, a draw (stalemate) otherwise.
#[inline]
pub fn no_moves_score(position: &Position, ply: usize) -> i32 {
    if position.in_check() {
        -(MATE - ply as i32)
    } else {
        0
    }
}

/// The kinds of value an option takes, as UCI describes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// On or off. On the command line a switch named `--no-FLAG` when it
    /// is on by default, `--FLAG` when it is off.
    Check {
        /// The value when the option is not given.
        default: bool,
    },
    /// A whole number in a range, `--FLAG N` on the command line.
    Spin {
        /// The value when the option is not given.
        default: i64,
        /// The least value accepted.
        min: i64,
        /// The greatest value accepted.
        max: i64,
    },
    /// One word out of a list, `--FLAG WORD` on the command line.
    Combo {
        /// The value when the option is not given.
        default: &'static str,
        /// The words accepted.
        choices: &'static [&'static str],
    },
}

/// A switch a version offers, for the command line and UCI.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineOption {
    /// The UCI name, in CamelCase (`History`).
    pub name: &'static str,
    /// The command-line name in kebab case, without dashes (`history`).
    pub flag: &'static str,
    /// One line of help.
    pub help: &'static str,
    /// The kind and range of its value.
    pub kind: OptionKind,
}

/// The value of an option, checked against its [`OptionKind`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionValue {
    /// The value of a [`OptionKind::Check`].
    Check(bool),
    /// The value of a [`OptionKind::Spin`].
    Spin(i64),
    /// The value of a [`OptionKind::Combo`], one of its choices.
    Combo(&'static str),
}

impl EngineOption {
    /// The value when the option is not given.
    pub fn default_value(&self) -> OptionValue {
        match self.kind {
            OptionKind::Check { default } => OptionValue::Check(default),
            OptionKind::Spin { default, .. } => OptionValue::Spin(default),
            OptionKind::Combo { default, .. } => OptionValue::Combo(default),
        }
    }

    /// Reads a value given as text (`true`, `64`, `see`), or says why not.
    pub fn parse_value(&self, text: &str) -> Result<OptionValue, String> {
        let text = text.trim();
        match self.kind {
            OptionKind::Check { .. } => match text.to_ascii_lowercase().as_str() {
                "true" => Ok(OptionValue::Check(true)),
                "false" => Ok(OptionValue::Check(false)),
                _ => Err(format!(
                    "option {} takes true or false, not '{text}'",
                    self.name
                )),
            },
            OptionKind::Spin { min, max, .. } => match text.parse::<i64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(OptionValue::Spin(n)),
                _ => Err(format!(
                    "option {} takes a whole number from {min} to {max}, not '{text}'",
                    self.name
                )),
            },
            OptionKind::Combo { choices, .. } => choices
                .iter()
                .find(|choice| choice.eq_ignore_ascii_case(text))
                .map(|choice| OptionValue::Combo(choice))
                .ok_or_else(|| {
                    format!(
                        "option {} takes one of {}, not '{text}'",
                        self.name,
                        choices.join(", ")
                    )
                }),
        }
    }
}

/// When a search must stop: a flag another thread may raise (UCI `stop`), a
/// deadline and a node budget. Searches ask [`SearchControl::poll`] at
/// every node; it reads the clock only every few thousand, so that asking
/// costs next to nothing.
#[derive(Clone, Debug, Default)]
pub struct SearchControl {
    stop: Arc<AtomicBool>,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
}

impl SearchControl {
    /// A control with no limit: the search ends when its depth is done.
    pub fn unlimited() -> SearchControl {
        SearchControl::default()
    }

    /// The same control with a deadline.
    pub fn with_deadline(mut self, deadline: Instant) -> SearchControl {
        self.deadline = Some(deadline);
        self
    }

    /// The same control with a node budget.
    pub fn with_node_limit(mut self, nodes: u64) -> SearchControl {
        self.node_limit = Some(nodes);
        self
    }

    /// The same control, stopped by raising `flag`.
    pub fn with_stop_flag(mut self, flag: Arc<AtomicBool>) -> SearchControl {
        self.stop = flag;
        self
    }

    /// The deadline, if any.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Asks every search sharing this control to stop as soon as it can.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// True once the flag was raised (no clock is read).
    #[inline]
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// True when the search must stop now, having visited `nodes` nodes:
    /// the flag is up, the deadline has passed or the budget is spent. A
    /// deadline or budget that is reached raises the flag, so the answer
    /// stays true afterwards and later calls need not read the clock.
    pub fn should_stop(&self, nodes: u64) -> bool {
        if self.stopped() {
            return true;
        }
        let over = self.node_limit.is_some_and(|limit| nodes >= limit)
            || self
                .deadline
                .is_some_and(|deadline| Instant::now() >= deadline);
        if over {
            self.stop();
        }
        over
    }

    /// What a search asks at every node, having visited `nodes`: true when
    /// it must stop. The flag is read every time, which costs next to
    /// nothing; the clock and the budget only every [`CHECK_EVERY`] nodes,
    /// through [`should_stop`](Self::should_stop).
    #[inline]
    pub fn poll(&self, nodes: u64) -> bool {
        if nodes.is_multiple_of(CHECK_EVERY) {
            self.should_stop(nodes)
        } else {
            self.stopped()
        }
    }
}

/// How often, in nodes, [`SearchControl::poll`] reads the clock.
pub const CHECK_EVERY: u64 = 4096;

/// One figure of a search's statistics, printed at the end of its trace.
#[derive(Clone, Debug, PartialEq)]
pub struct Statistic {
    /// What is counted, in English (`beta cut-offs`).
    pub label: &'static str,
    /// The figure, formatted.
    pub value: String,
}

impl Statistic {
    /// A plain count.
    pub fn count(label: &'static str, count: u64) -> Statistic {
        Statistic {
            label,
            value: count.to_string(),
        }
    }

    /// A count and the share of a whole it makes: `1234 (56.7%)`.
    pub fn share(label: &'static str, part: u64, whole: u64) -> Statistic {
        let percent = if whole == 0 {
            0.0
        } else {
            100.0 * part as f64 / whole as f64
        };
        Statistic {
            label,
            value: format!("{part} ({percent:.1}%)"),
        }
    }

    /// The *effective branching factor* of a search of `depth` plies that
    /// visited `nodes` nodes: `nodes^(1 / depth)`, the number of moves per
    /// node of a uniform tree of that depth and size. NegaMax from the start
    /// position shows 20 to 35; the better alpha-beta's move ordering, the
    /// nearer it comes to the square root of that, its best case.
    pub fn branching_factor(nodes: u64, depth: u32) -> Statistic {
        let factor = if depth == 0 {
            0.0
        } else {
            (nodes as f64).powf(1.0 / f64::from(depth))
        };
        Statistic {
            label: "effective branching factor",
            value: format!("{factor:.2}"),
        }
    }
}

/// What a search hands back.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The move chosen, or `None` when the side to move has no legal move
    /// (or the search was stopped before any move was searched).
    pub best: Option<Move>,
    /// Its value, from the side to move's point of view.
    pub value: i32,
    /// The nodes visited.
    pub nodes: u64,
    /// The depth of the last search that finished.
    pub depth: u32,
    /// The principal variation as far as the search knows it; at least the
    /// best move when there is one.
    pub pv: Vec<Move>,
    /// True when the search was stopped before its depth was done; the
    /// move is then the one of the last finished depth.
    pub interrupted: bool,
    /// Figures the version counts (cut-offs, quiescence nodes, ...).
    pub statistics: Vec<Statistic>,
}

/// A version's search, as the driver sees it.
pub trait Engine: Send + 'static {
    /// The name GUIs show, with the version (`LaMoSca v0.07`).
    const NAME: &'static str;

    /// The switches this version offers, in the order `--help` lists them.
    const OPTIONS: &'static [EngineOption] = &[];

    /// True when the search keeps its own clock (it deepens by itself until
    /// the deadline). For the others the driver deepens one depth at a time
    /// and stops when the next depth would not fit in the time left.
    const MANAGES_TIME: bool = false;

    /// A fresh engine, every option at its default.
    fn new() -> Self;

    /// Sets an option declared in [`Engine::OPTIONS`]; the driver checks
    /// the name and the value against the declaration first.
    fn set_option(&mut self, _name: &str, _value: OptionValue) {}

    /// Forgets what was learnt in earlier searches (UCI `ucinewgame`).
    fn new_game(&mut self) {}

    /// Searches `position` to `depth` plies, tracing levels the `tracer`
    /// shows, until done or told to stop by `control`. The position must be
    /// left as it was found.
    fn search(
        &mut self,
        position: &mut Position,
        depth: u32,
        control: &SearchControl,
        tracer: &Tracer,
    ) -> Report;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn poll_reads_the_budget_every_check_and_the_flag_every_node() {
        let control = SearchControl::unlimited().with_node_limit(10);
        // Over the budget, but between two checks: not read yet.
        assert!(!control.poll(11));
        assert!(control.poll(CHECK_EVERY));
        // The budget raised the flag, which every later node sees.
        assert!(control.poll(CHECK_EVERY + 1));

        let flagged = SearchControl::unlimited();
        assert!(!flagged.poll(1));
        flagged.stop();
        assert!(flagged.poll(2));
    }

    #[test]
    fn a_passed_deadline_stops_at_the_next_check() {
        let control = SearchControl::unlimited().with_deadline(Instant::now());
        assert!(!control.poll(CHECK_EVERY - 1));
        assert!(control.poll(2 * CHECK_EVERY));
    }
}
