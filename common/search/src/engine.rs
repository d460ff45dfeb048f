//! What every version's search shares: scores, the [`Engine`] trait the
//! driver calls, the options a version offers, the control that stops a
//! search, and the report it hands back.
//!
//! A version crate implements [`Engine`] for its search and hands it to the
//! driver (`lamosca_front::cli::run`); the driver turns the engine's
//! [`EngineOption`]s into command-line switches and UCI options, so a switch
//! is declared once and appears in `--help`, in a GUI's option dialog and in
//! the book alike.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use common::{Move, Position, NULL_MOVE};

use crate::events::{Layout, Tracer};

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

/// The kinds of value an option takes, as UCI describes them, each with
/// the setter that hands the value to an engine `E`: an option is declared
/// once, with what it does.
pub enum OptionKind<E> {
    /// On or off. On the command line a switch named `--no-FLAG` when it
    /// is on by default, `--FLAG` when it is off.
    Check {
        /// The value when the option is not given.
        default: bool,
        /// Sets it on the engine.
        set: fn(&mut E, bool),
    },
    /// A whole number in a range, `--FLAG N` on the command line.
    Spin {
        /// The value when the option is not given.
        default: i64,
        /// The least value accepted.
        min: i64,
        /// The greatest value accepted.
        max: i64,
        /// Sets it on the engine, once checked against the range.
        set: fn(&mut E, i64),
    },
    /// One word out of a list, `--FLAG WORD` on the command line.
    Combo {
        /// The value when the option is not given.
        default: &'static str,
        /// The words accepted.
        choices: &'static [&'static str],
        /// Sets it on the engine, once checked to be one of the choices.
        set: fn(&mut E, &'static str),
    },
    /// Any of a fixed list of names, `--FLAG NAME,NAME` on the command
    /// line, `all` or `none`; a UCI string option.
    List {
        /// The names kept when the option is not given.
        default: Names,
        /// Sets it on the engine: the names kept.
        set: fn(&mut E, Names),
    },
}

// ANCHOR: names
/// Which of a fixed list of names are kept: the value of an
/// [`OptionKind::List`]. Written as the names kept, in the list's order
/// and separated by commas, or `all` or `none`; read as
/// [`Names::parse`] reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Names {
    /// The names there are, in their order.
    pub of: &'static [&'static str],
    /// One bit per name, the first name's lowest: set when it is kept.
    kept: u32,
}

impl Names {
    /// Every name of `of` kept.
    pub const fn all(of: &'static [&'static str]) -> Names {
        assert!(of.len() < 32, "a list takes at most 31 names");
        Names {
            of,
            kept: (1 << of.len()) - 1,
        }
    }

    /// No name of `of` kept.
    pub const fn none(of: &'static [&'static str]) -> Names {
        Names { of, kept: 0 }
    }

    /// The names of `default.of` that `text` keeps, read item by item,
    /// separated by commas, in any case: `all`, `none` and `default` set
    /// the whole list, a name keeps it, `no-` and a name drops it. A list
    /// begins from nothing kept, or from the default when its first item
    /// drops a name: `no-iid` is the default without `iid`, `all,no-iid`
    /// every name but `iid`, `iid,lazy` those two. `None` when a name is
    /// not in the list, or is missing between two commas.
    pub fn parse(default: Names, text: &str) -> Option<Names> {
        let drops = |item: &str| item.trim().to_ascii_lowercase().starts_with("no-");
        let mut names = if text.split(',').next().is_some_and(drops) {
            default
        } else {
            Names::none(default.of)
        };
        for item in text.split(',') {
            let item = item.trim().to_ascii_lowercase();
            match item.as_str() {
                "all" => names = Names::all(default.of),
                "none" => names = Names::none(default.of),
                "default" => names = default,
                _ => {
                    let (keep, name) = match item.strip_prefix("no-") {
                        Some(name) => (false, name),
                        None => (true, item.as_str()),
                    };
                    let at = default.of.iter().position(|known| *known == name)?;
                    if keep {
                        names.kept |= 1 << at;
                    } else {
                        names.kept &= !(1 << at);
                    }
                }
            }
        }
        Some(names)
    }

    /// The first `n` names of `of` kept, the others not.
    pub const fn first(of: &'static [&'static str], n: usize) -> Names {
        assert!(
            n <= of.len() && of.len() < 32,
            "a list takes at most 31 names"
        );
        Names {
            of,
            kept: (1 << n) - 1,
        }
    }

    /// True when `name` is one of those kept.
    pub fn contains(&self, name: &str) -> bool {
        self.of
            .iter()
            .position(|&known| known == name)
            .is_some_and(|at| self.kept & (1 << at) != 0)
    }

    /// The names kept, in the list's order.
    pub fn kept(&self) -> impl Iterator<Item = &'static str> + '_ {
        let kept = self.kept;
        self.of
            .iter()
            .enumerate()
            .filter(move |&(at, _)| kept & (1 << at) != 0)
            .map(|(_, &name)| name)
    }
}

impl std::fmt::Display for Names {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if *self == Names::all(self.of) {
            f.write_str("all")
        } else if self.kept == 0 {
            f.write_str("none")
        } else {
            f.write_str(&self.kept().collect::<Vec<_>>().join(","))
        }
    }
}
// ANCHOR_END: names

// A fn pointer is Copy whatever `E` is, which a derive would not see.
impl<E> Clone for OptionKind<E> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<E> Copy for OptionKind<E> {}

impl<E> std::fmt::Debug for OptionKind<E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.takes())
    }
}

impl<E> OptionKind<E> {
    /// What values it takes, for messages: `true or false`.
    fn takes(&self) -> String {
        match self {
            OptionKind::Check { .. } => "true or false".to_string(),
            OptionKind::Spin { min, max, .. } => format!("a whole number from {min} to {max}"),
            OptionKind::Combo { choices, .. } => format!("one of {}", choices.join(", ")),
            OptionKind::List { default, .. } => format!(
                "all, none, or any of {} separated by commas, each kept, or dropped with no-",
                default.of.join(", ")
            ),
        }
    }
}

/// A switch a version offers, for the command line and UCI, with what it
/// sets on the engine `E`.
pub struct EngineOption<E> {
    /// The UCI name, in CamelCase (`History`).
    pub name: &'static str,
    /// The command-line name in kebab case, without dashes (`history`).
    pub flag: &'static str,
    /// One line of help.
    pub help: &'static str,
    /// The kind and range of its value, and its setter.
    pub kind: OptionKind<E>,
}

impl<E> Clone for EngineOption<E> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<E> Copy for EngineOption<E> {}

impl<E> std::fmt::Debug for EngineOption<E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EngineOption")
            .field("name", &self.name)
            .field("kind", &self.kind)
            .finish()
    }
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
    /// The value of a [`OptionKind::List`], the names it keeps.
    List(Names),
}

impl std::fmt::Display for OptionValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptionValue::Check(on) => write!(f, "{on}"),
            OptionValue::Spin(n) => write!(f, "{n}"),
            OptionValue::Combo(word) => write!(f, "{word}"),
            OptionValue::List(names) => write!(f, "{names}"),
        }
    }
}

impl<E> EngineOption<E> {
    /// The value when the option is not given.
    pub fn default_value(&self) -> OptionValue {
        match self.kind {
            OptionKind::Check { default, .. } => OptionValue::Check(default),
            OptionKind::Spin { default, .. } => OptionValue::Spin(default),
            OptionKind::Combo { default, .. } => OptionValue::Combo(default),
            OptionKind::List { default, .. } => OptionValue::List(default),
        }
    }

    /// Reads a value given as text (`true`, `64`, `see`), or says why not.
    pub fn parse_value(&self, text: &str) -> Result<OptionValue, String> {
        let text = text.trim();
        let value = match self.kind {
            OptionKind::Check { .. } => match text.to_ascii_lowercase().as_str() {
                "true" => Some(OptionValue::Check(true)),
                "false" => Some(OptionValue::Check(false)),
                _ => None,
            },
            OptionKind::Spin { min, max, .. } => text
                .parse::<i64>()
                .ok()
                .filter(|n| (min..=max).contains(n))
                .map(OptionValue::Spin),
            OptionKind::Combo { choices, .. } => choices
                .iter()
                .find(|choice| choice.eq_ignore_ascii_case(text))
                .map(|choice| OptionValue::Combo(choice)),
            OptionKind::List { default, .. } => Names::parse(default, text).map(OptionValue::List),
        };
        value.ok_or_else(|| self.refusal(text))
    }

    /// The values it takes other than its default: the other state of a
    /// check, the ends of a spin's range, the other choices of a combo,
    /// each name of a list alone, and none of them.
    pub fn other_values(&self) -> Vec<OptionValue> {
        let default = self.default_value();
        let values = match self.kind {
            OptionKind::Check { default, .. } => vec![OptionValue::Check(!default)],
            OptionKind::Spin { min, max, .. } => {
                vec![OptionValue::Spin(min), OptionValue::Spin(max)]
            }
            OptionKind::Combo { choices, .. } => choices
                .iter()
                .map(|&word| OptionValue::Combo(word))
                .collect(),
            OptionKind::List { default, .. } => std::iter::once("none")
                .chain(default.of.iter().copied())
                .filter_map(|text| Names::parse(default, text))
                .map(OptionValue::List)
                .collect(),
        };
        values.into_iter().filter(|&v| v != default).collect()
    }

    /// Sets the option on `engine` through its setter, once `value` is
    /// checked: of its kind, in its range, one of its choices.
    pub fn set(&self, engine: &mut E, value: OptionValue) -> Result<(), String> {
        match (self.kind, value) {
            (OptionKind::Check { set, .. }, OptionValue::Check(on)) => set(engine, on),
            (OptionKind::Spin { min, max, set, .. }, OptionValue::Spin(n))
                if (min..=max).contains(&n) =>
            {
                set(engine, n)
            }
            (OptionKind::Combo { choices, set, .. }, OptionValue::Combo(word))
                if choices.contains(&word) =>
            {
                set(engine, word)
            }
            (OptionKind::List { default, set }, OptionValue::List(names))
                if names.of == default.of =>
            {
                set(engine, names)
            }
            _ => return Err(self.refusal(&value.to_string())),
        }
        Ok(())
    }

    /// The message for a value this option does not take.
    fn refusal(&self, text: &str) -> String {
        format!(
            "option {} takes {}, not '{text}'",
            self.name,
            self.kind.takes()
        )
    }
}

/// Checks that every option `E` declares reaches the engine: set to each
/// of its [other values](EngineOption::other_values), a fresh engine is no
/// longer what it was (as its `Debug` shows it), while a value of another
/// kind is refused. Every version's tests run it; the error names the
/// first option that failed.
pub fn check_options<E: Engine + std::fmt::Debug>() -> Result<(), String> {
    for option in E::OPTIONS {
        let ill_typed = match option.default_value() {
            OptionValue::Check(_) => OptionValue::Spin(0),
            _ => OptionValue::Check(true),
        };
        if E::new().set_option(option.name, ill_typed).is_ok() {
            return Err(format!("option {} takes {ill_typed}", option.name));
        }
        for value in option.other_values() {
            let mut engine = E::new();
            let fresh = format!("{engine:?}");
            engine.set_option(option.name, value)?;
            if format!("{engine:?}") == fresh {
                return Err(format!("option {} = {value} changes nothing", option.name));
            }
        }
    }
    Ok(())
}

// ANCHOR: control
/// When a search must stop: a flag another thread may raise (UCI `stop`), a
/// deadline and a node budget. Searches ask [`SearchControl::poll`] at
/// every node with the nodes they have visited, one count for the whole
/// search (a quiescence's nodes included); it compares them with the
/// budget every time, which costs next to nothing, and reads the clock
/// only every [`CHECK_EVERY`] nodes.
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

    /// The same control with a node budget: the search counts at most
    /// `nodes` nodes. The node that reaches the budget is counted and
    /// stops the search there, so none is ever counted past it. A version
    /// that deepens by itself ([`Engine::deepens_itself`]) asks this control
    /// only once its first iteration is done, as the driver searches depth
    /// 1 whatever the budget: that iteration may count more.
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

    /// The node budget, if any.
    pub fn node_limit(&self) -> Option<u64> {
        self.node_limit
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

    /// The same control without a node budget.
    pub fn without_node_limit(mut self) -> SearchControl {
        self.node_limit = None;
        self
    }

    /// What a search asks at every node, having visited `nodes` (this one
    /// included): true when it must stop, because the flag is up, the
    /// budget is spent (this node is the last it allows) or the deadline
    /// has passed. A search that asks at every node it counts, and stops
    /// when told, counts at most its budget. The budget is compared
    /// every time, which costs next to nothing, the clock read only every
    /// [`CHECK_EVERY`] nodes. A budget spent or a deadline passed raises
    /// the flag, so the answer stays true.
    #[inline]
    pub fn poll(&self, nodes: u64) -> bool {
        let over = self.node_limit.is_some_and(|limit| nodes >= limit);
        let late = || {
            self.deadline
                .is_some_and(|deadline| Instant::now() >= deadline)
        };
        if over || (nodes.is_multiple_of(CHECK_EVERY) && late()) {
            self.stop();
        }
        self.stopped()
    }
}
// ANCHOR_END: control

/// How often, in nodes, [`SearchControl::poll`] reads the clock.
pub const CHECK_EVERY: u64 = 4096;

/// The share `part` makes of `whole`, in percent; 0 of nothing.
pub fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

/// One figure of a search's statistics, printed at the end of its trace.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Statistic {
    /// What is counted, in English (`beta cut-offs`).
    pub label: &'static str,
    /// The figure.
    pub value: Figure,
}

/// The figure of a [`Statistic`], as numbers; it prints as the trace shows
/// it: `1234`, `1234 (56.7%)`, `4.58`. A record writes it as
/// `{"count":1234}`, `{"share":{"part":3,"whole":8}}` or `{"ratio":4.58}`.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Figure {
    /// A plain count.
    Count(u64),
    /// A count and the whole it is a share of.
    Share {
        /// The count.
        part: u64,
        /// The whole.
        whole: u64,
    },
    /// A measure that is not a count, printed with two decimals.
    Ratio(f64),
}

impl Figure {
    /// The count, for a count or a share.
    pub fn count(self) -> Option<u64> {
        match self {
            Figure::Count(count) | Figure::Share { part: count, .. } => Some(count),
            Figure::Ratio(_) => None,
        }
    }

    /// The share in percent, for a share.
    pub fn percent(self) -> Option<f64> {
        match self {
            Figure::Share { part, whole } => Some(percent(part, whole)),
            _ => None,
        }
    }
}

impl std::fmt::Display for Figure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Figure::Count(count) => write!(f, "{count}"),
            Figure::Share { part, whole } => write!(f, "{part} ({:.1}%)", percent(part, whole)),
            Figure::Ratio(ratio) => write!(f, "{ratio:.2}"),
        }
    }
}

impl Statistic {
    /// A plain count.
    pub fn count(label: &'static str, count: u64) -> Statistic {
        Statistic {
            label,
            value: Figure::Count(count),
        }
    }

    /// A count and the whole it is a share of: `1234 (56.7%)`.
    pub fn share(label: &'static str, part: u64, whole: u64) -> Statistic {
        Statistic {
            label,
            value: Figure::Share { part, whole },
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
            root(nodes as f64, depth)
        };
        Statistic {
            label: "effective branching factor",
            value: Figure::Ratio(factor),
        }
    }
}

/// The `n`-th root of `x` (`x >= 0`, `n >= 1`) by Newton's method, with
/// nothing but `+ - * /`, which IEEE 754 rounds the same way on every
/// machine. `powf` is the platform's: the browser's WebAssembly build and
/// the native binary differ in its last bit, and a record must be the same
/// bytes wherever it is written.
fn root(x: f64, n: u32) -> f64 {
    if x <= 0.0 || n == 1 {
        return x.max(0.0);
    }
    let power = |y: f64| (1..n).fold(1.0, |product, _| product * y);
    // Start above the root, where Newton's steps fall monotonically: two to
    // the power of the root's exponent, rounded up.
    let mut y = 1.0;
    while power(y) * y < x {
        y *= 2.0;
    }
    for _ in 0..200 {
        let next = (f64::from(n - 1) * y + x / power(y)) / f64::from(n);
        if next >= y {
            break;
        }
        y = next;
    }
    y
}

/// The figure of the statistic called `label` in `statistics`.
pub fn statistic(statistics: &[Statistic], label: &str) -> Option<Figure> {
    statistics
        .iter()
        .find(|statistic| statistic.label == label)
        .map(|statistic| statistic.value)
}

/// What a search hands back.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The move chosen, or `None` when the side to move has no legal move
    /// (or the search was stopped before any root move was searched
    /// fully).
    pub best: Option<Move>,
    /// Its value, from the side to move's point of view.
    pub value: i32,
    /// The nodes visited.
    pub nodes: u64,
    /// The depth of the last search that finished.
    pub depth: u32,
    /// The principal variation as far as the search knows it, the line
    /// its root filled ([`crate::pv::Answer`]); at least the best move
    /// when there is one.
    pub pv: Vec<Move>,
    /// True when the search was stopped before its depth was done. An
    /// engine's move, value and line are then the best of the root moves
    /// it searched fully; the driver's, always those of the last finished
    /// depth.
    pub interrupted: bool,
    /// Figures the version counts (cut-offs, quiescence nodes, ...).
    pub statistics: Vec<Statistic>,
}

impl Report {
    /// The statistics as `search` prints them after the trace:
    /// `Statistics: nodes 421, leaves evaluated 400`.
    pub fn statistics_line(&self) -> String {
        let mut line = format!("Statistics: nodes {}", self.nodes);
        for statistic in &self.statistics {
            line += &format!(", {} {}", statistic.label, statistic.value);
        }
        line
    }

    /// The answer as `search` prints it last: `bestmove d2d4 value 0
    /// nodes 421`, with `0000` when there is no move.
    pub fn bestmove_line(&self) -> String {
        let best = self
            .best
            .map_or_else(|| NULL_MOVE.to_string(), |mv| mv.to_string());
        format!("bestmove {best} value {} nodes {}", self.value, self.nodes)
    }

    /// The lines `search` prints on standard output once the trace is
    /// done. Snapshots and the book end their traces with them, so a reader
    /// can set the output of a "Try it" command beside the page (the time
    /// goes to standard error, and differs from run to run).
    pub fn closing_lines(&self) -> String {
        format!("{}\n{}\n", self.statistics_line(), self.bestmove_line())
    }
}

/// A version's search, as the driver sees it.
pub trait Engine: Sized + Send + 'static {
    /// The name GUIs show, with the version (`LaMoSca v0.07`).
    const NAME: &'static str;

    /// The switches this version offers, in the order `--help` lists them,
    /// each with its setter.
    const OPTIONS: &'static [EngineOption<Self>] = &[];

    /// True when the search, as its switches stand, keeps its own clock:
    /// it deepens by itself until the deadline, and is called once. For
    /// the others the driver deepens one depth at a time and stops when
    /// the next depth would not fit in the time left.
    fn deepens_itself(&self) -> bool {
        false
    }

    /// A fresh engine, every option at its default.
    fn new() -> Self;

    /// Sets the option called `name` (in any case, as UCI allows) through
    /// its declaration in [`Engine::OPTIONS`], or says why not: an unknown
    /// name, or a value of another kind, out of range or not a choice.
    fn set_option(&mut self, name: &str, value: OptionValue) -> Result<(), String> {
        Self::OPTIONS
            .iter()
            .find(|option| option.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| format!("unknown option: {name}"))?
            .set(self, value)
    }

    /// Forgets what was learnt in earlier searches (UCI `ucinewgame`).
    fn new_game(&mut self) {}

    /// The layout of the text log of a search `depth` plies deep, for a
    /// version whose log reads otherwise with the options set (v0.10's
    /// original mode writes the original program's): whoever builds the
    /// log builds it with this ([`TextLog::with_layout`]). `None`, the
    /// default, leaves the log's own lines.
    ///
    /// [`TextLog::with_layout`]: crate::log::TextLog::with_layout
    fn layout(&self, _depth: u32) -> Option<Box<dyn Layout>> {
        None
    }

    /// Searches `position` to `depth` plies, reporting its events to the
    /// `tracer`, until done or told to stop by `control`. The position must
    /// be left as it was found. A version that deepens by itself tells the
    /// tracer of each iteration it finishes
    /// ([`Tracer::iteration_done`]).
    fn search(
        &mut self,
        position: &mut Position,
        depth: u32,
        control: &SearchControl,
        tracer: &mut Tracer<'_>,
    ) -> Report;
}

#[cfg(test)]
mod tests {
    use super::*;

    const FRUITS: [&str; 3] = ["apple", "pear", "plum"];

    #[test]
    fn a_list_is_read_in_any_order_and_written_in_its_own() {
        let default = Names::first(&FRUITS, 2);
        let read = |text| Names::parse(default, text).map(|names| names.to_string());
        assert_eq!(read("plum, Apple").as_deref(), Some("apple,plum"));
        assert_eq!(read("pear,plum,apple").as_deref(), Some("all"));
        assert_eq!(read("ALL").as_deref(), Some("all"));
        assert_eq!(read("none").as_deref(), Some("none"));
        assert_eq!(read("pear,fig"), None);
        assert_eq!(read("pear,"), None);
        // Dropping a name begins from the default, or from what the list
        // set before it.
        assert_eq!(read("no-pear").as_deref(), Some("apple"));
        assert_eq!(read("default").as_deref(), Some("apple,pear"));
        assert_eq!(read("all,no-apple").as_deref(), Some("pear,plum"));
        assert_eq!(read("no-apple,plum").as_deref(), Some("pear,plum"));
        assert_eq!(read("no-fig"), None);
        assert_eq!(read("no-"), None);
        let some = Names::parse(default, "pear").unwrap();
        assert!(some.contains("pear") && !some.contains("plum") && !some.contains("fig"));
    }

    #[test]
    fn figures_print_as_the_trace_shows_them() {
        let share = Statistic::share("cut-offs by the first move", 3, 8);
        assert_eq!(share.value.to_string(), "3 (37.5%)");
        assert_eq!(share.value.count(), Some(3));
        assert_eq!(share.value.percent(), Some(37.5));
        assert_eq!(Statistic::count("draws", 0).value.to_string(), "0");
        let branching = Statistic::branching_factor(10_000, 4);
        // The root is found without the platform's powf, and as exactly.
        assert_eq!(root(10_000.0, 4), 10.0);
        assert!((root(2.0, 2) - 2f64.sqrt()).abs() <= 2.0 * f64::EPSILON);
        assert_eq!(root(0.0, 3), 0.0);
        assert!((root(993.0, 3) - 993f64.powf(1.0 / 3.0)).abs() < 1e-14);
        assert_eq!(branching.value.to_string(), "10.00");
        assert_eq!(branching.value.count(), None);
        assert_eq!(percent(1, 0), 0.0);
        let found = statistic(&[share], "cut-offs by the first move");
        assert_eq!(found, Some(Figure::Share { part: 3, whole: 8 }));
    }

    #[test]
    fn poll_reads_the_budget_and_the_flag_at_every_node() {
        let control = SearchControl::unlimited().with_node_limit(10);
        assert!(!control.poll(9), "the ninth node is within the budget");
        assert!(
            control.poll(10),
            "the tenth spends it: the search stops there"
        );
        // The budget raised the flag, which every later node sees.
        assert!(control.stopped());
        assert!(control.poll(3));

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
        assert!(control.poll(2 * CHECK_EVERY + 1), "the flag stays up");
    }
}
