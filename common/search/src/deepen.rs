//! Iterative deepening and the clock: how the driver searches against time.
//!
//! Up to v0.09 a version searches to the depth it is told and knows nothing
//! of time. To play against a clock the driver deepens for it: it searches
//! depth 1, then 2, then 3, each from scratch, and answers with the move of
//! the deepest search that finished. The shallow searches cost little next
//! to the last one, and they leave an answer ready whenever time runs out.
//!
//! The driver gives a search two limits. The *hard limit*, the deadline, is
//! carried by the engine's [`SearchControl`]: the search looks at the clock
//! every few thousand nodes and stops there, and the depth it stops is
//! dropped: the answer is always the deepest finished depth's, the one
//! the last `info` line told. The *soft limit* is for starting: once an iteration finishes past
//! it, no new one begins, since a depth costs several times the last one
//! and would most likely be stopped unfinished. With `go movetime` both
//! limits are the time given, less a small margin; under a clock the hard
//! limit is the move's budget ([`Clock::budget`]) and the soft one half of
//! it ([`Clock::soft_limit`]), so a move takes at most its budget and
//! usually less, and the clock keeps what is left for later.
//!
//! How long to think comes from the clock: an even share of the time left
//! for the moves still to play, plus most of the increment, never more than
//! half of what is left, minus a margin for the time lost outside the
//! search. Time means the wall clock ([`Instant`]), not processor time: the
//! opponent's clock runs while the engine waits for a busy processor too.
//!
//! ```
//! use std::time::Duration;
//! use lamosca_search::deepen::Clock;
//! // One minute, no increment: a thirtieth of it, less the margin.
//! let clock = Clock {
//!     time_left: Duration::from_secs(60),
//!     increment: Duration::ZERO,
//!     moves_to_go: None,
//! };
//! assert_eq!(clock.budget(), Duration::from_millis(1_970));
//! ```
//!
//! A version that keeps its own clock ([`Engine::deepens_itself`]) is called
//! once, with the deadline, and deepens by itself; it tells the driver of
//! each iteration it finishes through its tracer
//! ([`Tracer::iteration_done`]), which is when the soft limit is looked at.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use common::{Move, Position};

use crate::engine::{
    no_moves_score, Engine, Figure, Report, SearchControl, Statistic, MATE, MATE_BOUND,
};
use crate::events::{Both, Event, Listener, Tracer};

/// The deepest search the driver asks for (`--depth`, UCI `go depth`).
/// Far deeper than any of these searches reaches in a game, and well inside
/// the move stack's [`common::MAX_PLY`].
pub const MAX_DEPTH: u32 = 64;

/// The depth searched when neither a depth nor a time is given: four plies
/// take a blink for every version, and show a little more than the two
/// plies of the original's logs.
pub const DEFAULT_DEPTH: u32 = 4;

/// Time lost outside the search on every move: waking the search thread,
/// printing the move, the GUI reading it and stopping its clock. It is kept
/// back from every budget so the answer arrives before the flag falls.
pub const MOVE_OVERHEAD: Duration = Duration::from_millis(30);

/// With no `movestogo`, plan as if this many moves remained. The share is
/// taken again from what is left at every move, so the clock is never
/// used up; 30 is a common choice for a simple engine.
const DEFAULT_MOVES_TO_GO: u32 = 30;

/// The least time given to a move, however low the clock: enough for the
/// first depths, which any version finishes in well under a millisecond.
pub const MIN_BUDGET: Duration = Duration::from_millis(5);

/// The time a side has, as UCI's `go wtime .. winc .. movestogo ..` gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// The time on the side's clock.
    pub time_left: Duration,
    /// The time added after each of its moves.
    pub increment: Duration,
    /// The moves to play before the next time control, if there is one.
    pub moves_to_go: Option<u32>,
}

impl Clock {
    /// The soft limit: half the [budget](Clock::budget). An iteration that
    /// finishes later is the last one.
    pub fn soft_limit(&self) -> Duration {
        self.budget() / 2
    }

    /// The hard limit, the most this move may take: the time left shared among the
    /// moves to go, plus three quarters of the increment (the rest is the
    /// reserve that grows the clock), never more than half the time left,
    /// less [`MOVE_OVERHEAD`]; at least [`MIN_BUDGET`], unless the clock
    /// holds less than twice that, when half of what is left is all there is.
    pub fn budget(&self) -> Duration {
        let moves_to_go = self
            .moves_to_go
            .filter(|&moves| moves > 0)
            .unwrap_or(DEFAULT_MOVES_TO_GO);
        let half = self.time_left / 2;
        let share = (self.time_left / moves_to_go + self.increment / 4 * 3).min(half);
        share
            .saturating_sub(MOVE_OVERHEAD)
            .max(MIN_BUDGET)
            .min(half)
    }
}

/// How long to think when told to think `movetime`: all of it but a
/// margin for answering, the [`MOVE_OVERHEAD`] or a twentieth of it,
/// whichever is less. A GUI that asks for a time per move wants it used.
pub fn movetime_budget(movetime: Duration) -> Duration {
    movetime.saturating_sub(MOVE_OVERHEAD.min(movetime / 20))
}

/// What bounds a deepening search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The deepest depth to search, 1 to [`MAX_DEPTH`].
    pub depth: u32,
    /// When the answer is due, if there is a clock.
    pub deadline: Option<Instant>,
    /// The most nodes to visit, over all depths.
    pub nodes: Option<u64>,
}

impl Limits {
    /// Search to `depth`, with no clock and no node budget.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth,
            deadline: None,
            nodes: None,
        }
    }
}

/// A score as UCI prints it: `cp 12` (centipawns), or `mate 3` when the side
/// to move mates in three moves, `mate -2` when it is mated in two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score(pub i32);

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let value = self.0;
        if value.saturating_abs() < MATE_BOUND {
            return write!(f, "cp {value}");
        }
        // A mate `plies` plies away scores MATE - plies; UCI counts moves.
        let plies = (MATE - value.saturating_abs()).max(0);
        if value > 0 {
            write!(f, "mate {}", (plies + 1) / 2)
        } else {
            write!(f, "mate {}", -(plies / 2))
        }
    }
}

/// Nodes per second, for nodes visited in `elapsed`.
pub fn nodes_per_second(nodes: u64, elapsed: Duration) -> u64 {
    // Microseconds, at least one, so a search too quick to time divides
    // by something.
    let micros = elapsed.as_micros().max(1);
    u64::try_from(u128::from(nodes) * 1_000_000 / micros).unwrap_or(u64::MAX)
}

/// One finished iteration at the root, printed as UCI's `info` line:
/// `info depth 3 seldepth 7 score cp 12 nodes 9322 nps 4661000 time 2 pv d2d4 d7d5 g1f3`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Iteration {
    /// The depth just finished.
    pub depth: u32,
    /// The deepest ply a node of it was entered at, quiescence included.
    pub seldepth: u32,
    /// Its value, for the side to move.
    pub value: i32,
    /// The nodes of every depth so far.
    pub nodes: u64,
    /// The time since the deepening began.
    pub elapsed: Duration,
    /// Its principal variation.
    pub pv: Vec<Move>,
}

impl fmt::Display for Iteration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "info depth {} seldepth {} score {} nodes {} nps {} time {}",
            self.depth,
            self.seldepth,
            Score(self.value),
            self.nodes,
            nodes_per_second(self.nodes, self.elapsed),
            self.elapsed.as_millis()
        )?;
        if !self.pv.is_empty() {
            f.write_str(" pv")?;
            for mv in &self.pv {
                write!(f, " {mv}")?;
            }
        }
        Ok(())
    }
}

/// Who hears the events of a deepening search, and down to which level:
/// each depth's tracer hands `listener` the events of levels 1 to
/// `levels`.
pub struct Trace<'a> {
    /// The deepest level heard.
    pub levels: u32,
    /// Who hears them, if anyone.
    pub listener: Option<&'a mut dyn Listener>,
}

impl Trace<'static> {
    /// No listener: the driver keeps only what it reports.
    pub fn off() -> Trace<'static> {
        Trace {
            levels: 0,
            listener: None,
        }
    }
}

// ANCHOR: deepen
/// Searches `position` one depth after another until `limits` or the `stop`
/// flag end it, calling `on_iteration` with every iteration as it
/// finishes, and returns the report of the deepest one. Its `nodes` count
/// every depth, its `depth` is the last that finished, and `interrupted`
/// says that `limits.depth` was not reached.
///
/// A new depth is begun as long as neither the flag, the deadline nor the
/// node budget ended the search (whoever hears the iterations may raise
/// the flag when one ends late: a soft limit), and stopped at the
/// deadline (the hard limit), at a `stop` or where the budget runs out.
///
/// The answer is always the deepest finished depth's: the move, value
/// and line of the last iteration `on_iteration` was told, so `bestmove`
/// is the first move of the last `info ... pv` line. A depth cut short is
/// dropped, whatever it found: the few root moves it had time for are no
/// answer to set beside a whole depth's. Depth 1 is searched whatever the
/// flag, the clock and the budget say, so there is always one: it costs
/// a few dozen nodes.
///
/// Asked for no depth ([`MAX_DEPTH`]: until the clock, the budget or a
/// `stop` ends it), the deepening also ends once a depth proves a mate,
/// for either side: a deeper search has nothing to add, and the depth told
/// stays the depth searched. With no legal move the report has no move,
/// and its value says mate or stalemate.
pub fn deepen<E: Engine>(
    engine: &mut E,
    position: &mut Position,
    limits: &Limits,
    stop: &Arc<AtomicBool>,
    trace: Trace<'_>,
    mut on_iteration: impl FnMut(&Iteration),
) -> Report {
    let mut driver = Driver {
        started: Instant::now(),
        limits,
        stop,
        on_iteration: &mut on_iteration,
    };
    let Some(deadline) = limits.deadline else {
        return driver.deepen(engine, position, trace);
    };
    // A watch raises the flag at the deadline: the search reads the flag at
    // every node but the clock only every few thousand, which on a busy
    // machine, or in a slow quiescence, can be milliseconds late.
    let over = AtomicBool::new(false);
    thread::scope(|scope| {
        let watch = scope.spawn(|| watch(deadline, stop, &over));
        let report = driver.deepen(engine, position, trace);
        over.store(true, Ordering::Relaxed);
        watch.thread().unpark();
        report
    })
}

/// Raises `stop` at `deadline`, unless the search is `over` first.
fn watch(deadline: Instant, stop: &AtomicBool, over: &AtomicBool) {
    // A wake-up may come early, or without cause: the loop looks again.
    while !over.load(Ordering::Relaxed) {
        let now = Instant::now();
        if now >= deadline {
            stop.store(true, Ordering::Relaxed);
            return;
        }
        thread::park_timeout(deadline - now);
    }
}

/// What every depth of one deepening search shares.
struct Driver<'a> {
    started: Instant,
    limits: &'a Limits,
    stop: &'a Arc<AtomicBool>,
    on_iteration: &'a mut dyn FnMut(&Iteration),
}

impl Driver<'_> {
    /// The deepening, once the position is known to have a move.
    fn deepen<E: Engine>(
        &mut self,
        engine: &mut E,
        position: &mut Position,
        trace: Trace<'_>,
    ) -> Report {
        let deepest = self.limits.depth.clamp(1, MAX_DEPTH);

        // Step 1. A position without a legal move needs no search.
        let legal = position.legal_moves();
        let Some(&first_legal) = legal.first() else {
            return Report {
                best: None,
                value: no_moves_score(position, 0),
                nodes: 0,
                depth: 0,
                pv: Vec::new(),
                interrupted: false,
                statistics: Vec::new(),
            };
        };

        // Step 2. A version with its own clock deepens by itself, and
        // announces each iteration to its tracer.
        let mut report = if engine.deepens_itself() {
            self.by_itself(engine, position, deepest, trace)
        } else {
            // Step 3. One depth after another, keeping the last that finished.
            self.depth_after_depth(engine, position, deepest, trace)
        };
        fall_back(&mut report, first_legal);
        report
    }

    /// The control of a depth begun with `spent` nodes spent: the flag,
    /// the deadline and what is left of the node budget. Depth 1 has none
    /// of them (`first`): its move is the least answer.
    fn control(&self, spent: u64, first: bool) -> SearchControl {
        if first {
            return SearchControl::unlimited();
        }
        let mut control = SearchControl::unlimited().with_stop_flag(Arc::clone(self.stop));
        if let Some(deadline) = self.limits.deadline {
            control = control.with_deadline(deadline);
        }
        if let Some(budget) = self.limits.nodes {
            control = control.with_node_limit(budget.saturating_sub(spent));
        }
        control
    }

    /// One call of a version that deepens by itself, its iterations told
    /// as it announces them. It finishes its first iteration whatever the
    /// limits; its answer is the last iteration told.
    fn by_itself<E: Engine>(
        &mut self,
        engine: &mut E,
        position: &mut Position,
        deepest: u32,
        trace: Trace<'_>,
    ) -> Report {
        let control = self.control(0, false);
        let mut told = Told {
            started: self.started,
            budget: self.limits.nodes,
            on_iteration: &mut *self.on_iteration,
            last: None,
        };
        let mut nothing = ();
        let listener = trace.listener.unwrap_or(&mut nothing);
        let mut both = Both(listener, &mut told);
        let mut tracer = Tracer::new(trace.levels, &mut both);
        let mut report = engine.search(position, deepest, &control, &mut tracer);
        if let Some(last) = told.last.filter(|last| !last.pv.is_empty()) {
            report.best = last.pv.first().copied();
            report.value = last.value;
            report.pv = last.pv;
            report.depth = last.depth;
            report.interrupted = last.depth < deepest;
        }
        report
    }

    /// Depth 1, 2, 3... each searched from scratch, until `deepest`, the
    /// flag, the clock or the node budget ends it: the report of the last
    /// depth that finished, with the nodes and the figures of every depth.
    fn depth_after_depth<E: Engine>(
        &mut self,
        engine: &mut E,
        position: &mut Position,
        deepest: u32,
        trace: Trace<'_>,
    ) -> Report {
        let mut nothing = ();
        let listener = trace.listener.unwrap_or(&mut nothing);
        let mut kept: Option<Report> = None;
        let mut finished = 0;
        let mut total_nodes = 0;
        // The figures of every depth, as the nodes are counted over every
        // depth: a share then relates two counts of the same depths.
        let mut figures: Vec<Statistic> = Vec::new();
        for depth in 1..=deepest {
            // Depth 1 is searched whole even when `stop` came first: it
            // costs a few dozen nodes, and its move beats an arbitrary
            // legal one.
            let spent = self
                .limits
                .nodes
                .is_some_and(|budget| total_nodes >= budget);
            if depth > 1 && (spent || self.stop.load(Ordering::Relaxed)) {
                break;
            }
            let control = self.control(total_nodes, depth == 1);
            let mut tracer = Tracer::new(trace.levels, &mut *listener);
            let report = engine.search(position, depth, &control, &mut tracer);
            let seldepth = tracer.selective_depth().max(depth);
            total_nodes += report.nodes;
            add_up(&mut figures, &report.statistics);
            if report.interrupted {
                // Step 4. A depth cut short is dropped: the answer is the
                // last depth told.
                break;
            }
            (self.on_iteration)(&Iteration {
                depth,
                seldepth,
                value: report.value,
                nodes: total_nodes,
                elapsed: self.started.elapsed(),
                pv: report.pv.clone(),
            });
            finished = depth;
            // Step 5. Asked for no depth, a proven mate ends the deepening:
            // a deeper search has nothing to add to it.
            let proven = report.value.saturating_abs() >= MATE_BOUND;
            kept = Some(report);
            if proven && deepest == MAX_DEPTH {
                break;
            }
        }
        let mut report = kept.unwrap_or_else(|| Report {
            best: None,
            value: 0,
            nodes: 0,
            depth: 0,
            pv: Vec::new(),
            interrupted: true,
            statistics: Vec::new(),
        });
        report.nodes = total_nodes;
        report.statistics = every_depth(figures, &report.statistics);
        report.depth = finished;
        report.interrupted = finished < deepest;
        report
    }
}
// ANCHOR_END: deepen

/// Hears the iterations a version that deepens by itself announces to its
/// tracer, and tells the first and each later one finished within the
/// node budget.
struct Told<'a> {
    started: Instant,
    budget: Option<u64>,
    on_iteration: &'a mut dyn FnMut(&Iteration),
    /// The last iteration told.
    last: Option<Iteration>,
}

impl Listener for Told<'_> {
    fn hear(&mut self, event: &Event<'_>) {
        let Event::Iteration {
            depth,
            value,
            seldepth,
            nodes,
            pv,
        } = *event
        else {
            return;
        };
        // The first iteration is told whatever it cost: the search finishes
        // it under any budget.
        if self.last.is_some() && self.budget.is_some_and(|budget| nodes > budget) {
            return;
        }
        let iteration = Iteration {
            depth,
            seldepth,
            value,
            nodes,
            elapsed: self.started.elapsed(),
            pv: pv.to_vec(),
        };
        (self.on_iteration)(&iteration);
        self.last = Some(iteration);
    }
}

/// Adds the figures of one more depth to those of the depths before it:
/// counts and shares add up, part to part and whole to whole.
fn add_up(sum: &mut Vec<Statistic>, more: &[Statistic]) {
    if sum.is_empty() {
        sum.extend_from_slice(more);
        return;
    }
    for (total, one) in sum.iter_mut().zip(more) {
        total.value = match (total.value, one.value) {
            (Figure::Count(a), Figure::Count(b)) => Figure::Count(a + b),
            (Figure::Share { part, whole }, Figure::Share { part: p, whole: w }) => Figure::Share {
                part: part + p,
                whole: whole + w,
            },
            (_, other) => other,
        };
    }
}

/// The figures over every depth searched, `sum`, but for a ratio (the
/// branching factor), which is the last finished depth's, in `last`.
fn every_depth(mut sum: Vec<Statistic>, last: &[Statistic]) -> Vec<Statistic> {
    for (total, kept) in sum.iter_mut().zip(last) {
        if let Figure::Ratio(_) = kept.value {
            total.value = kept.value;
        }
    }
    if sum.len() < last.len() {
        return last.to_vec();
    }
    sum
}

/// Gives a report without a move the first legal move, so that the driver
/// always has a legal move to answer with.
fn fall_back(report: &mut Report, first_legal: Move) {
    if report.best.is_none() {
        report.best = Some(first_legal);
        report.pv = vec![first_legal];
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pv::{Answer, Line};

    /// A stand-in for a search: depth `d` costs `10^d` nodes, honours the
    /// control, and picks the first legal move.
    #[derive(Default)]
    struct Tenfold {
        depths: Vec<u32>,
    }

    impl Engine for Tenfold {
        const NAME: &'static str = "Tenfold";

        fn new() -> Self {
            Tenfold::default()
        }

        fn search(
            &mut self,
            position: &mut Position,
            depth: u32,
            control: &SearchControl,
            _tracer: &mut Tracer<'_>,
        ) -> Report {
            self.depths.push(depth);
            let nodes = 10u64.pow(depth.min(18));
            let interrupted = control.poll(nodes);
            let best = if interrupted {
                None
            } else {
                position.legal_moves().first().copied()
            };
            Report {
                best,
                value: depth as i32,
                nodes,
                depth,
                pv: best.into_iter().collect(),
                interrupted,
                statistics: Vec::new(),
            }
        }
    }

    fn run(limits: Limits, stop: bool) -> (Report, Vec<u32>, Vec<u32>) {
        let mut engine = Tenfold::new();
        let flag = Arc::new(AtomicBool::new(stop));
        let mut announced = Vec::new();
        let report = deepen(
            &mut engine,
            &mut Position::startpos(),
            &limits,
            &flag,
            Trace::off(),
            |iteration| announced.push(iteration.depth),
        );
        (report, engine.depths, announced)
    }

    #[test]
    fn deepens_to_the_depth_asked() {
        let (report, searched, announced) = run(Limits::depth(3), false);
        assert_eq!(searched, [1, 2, 3]);
        assert_eq!(announced, [1, 2, 3]);
        assert_eq!((report.depth, report.nodes, report.value), (3, 1_110, 3));
        assert!(!report.interrupted);
    }

    #[test]
    fn a_depth_cut_short_by_the_node_budget_is_dropped() {
        let limits = Limits {
            nodes: Some(500),
            ..Limits::depth(MAX_DEPTH)
        };
        let (report, searched, announced) = run(limits, false);
        // Depth 3 would cost 1,000 nodes more: begun, stopped, dropped.
        assert_eq!(searched, [1, 2, 3]);
        assert_eq!(announced, [1, 2]);
        assert_eq!((report.depth, report.value), (2, 2));
        assert!(report.interrupted);
    }

    #[test]
    fn depth_one_is_finished_whatever_the_budget() {
        let limits = Limits {
            nodes: Some(5),
            ..Limits::depth(MAX_DEPTH)
        };
        let (report, searched, announced) = run(limits, false);
        // Depth 1 spent the budget: depth 2 is not begun.
        assert_eq!(searched, [1]);
        assert_eq!(announced, [1]);
        assert_eq!(report.depth, 1);
        assert_eq!(
            report.best,
            Position::startpos().legal_moves().first().copied()
        );
    }

    #[test]
    fn a_stop_before_depth_one_still_finishes_and_tells_it() {
        let (report, searched, announced) = run(Limits::depth(5), true);
        // Depth 1 is searched whole whatever the flag, and told.
        assert_eq!(searched, [1]);
        assert_eq!(announced, [1]);
        let first = Position::startpos().legal_moves()[0];
        assert_eq!(report.best, Some(first));
        assert_eq!(report.depth, 1);
    }

    #[test]
    fn a_mated_side_has_no_move_and_a_mate_score() {
        let mut position =
            Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
                .unwrap();
        let report = deepen(
            &mut Tenfold::new(),
            &mut position,
            &Limits::depth(3),
            &Arc::new(AtomicBool::new(false)),
            Trace::off(),
            |_| {},
        );
        assert_eq!(report.best, None);
        assert_eq!(Score(report.value).to_string(), "mate 0");
    }

    /// A stand-in for a version that deepens by itself: it tells its
    /// control of iterations 2, 4 and 6, tracing one root move each.
    struct BySelf;

    impl Engine for BySelf {
        const NAME: &'static str = "BySelf";
        fn deepens_itself(&self) -> bool {
            true
        }

        fn new() -> Self {
            BySelf
        }

        fn search(
            &mut self,
            position: &mut Position,
            _depth: u32,
            _control: &SearchControl,
            tracer: &mut Tracer<'_>,
        ) -> Report {
            let mv = position.legal_moves()[0];
            for depth in [2, 4, 6] {
                tracer.node(0, crate::events::NodeKind::Main, position, None);
                tracer.moved(0, mv, depth as i32);
                tracer.iteration_done(depth, depth as i32, &[mv]);
                tracer.result(0, true, depth as i32, Some(mv), None);
            }
            Report {
                best: Some(mv),
                value: 6,
                nodes: 3,
                depth: 6,
                pv: vec![mv],
                interrupted: false,
                statistics: Vec::new(),
            }
        }
    }

    #[test]
    fn a_version_that_deepens_by_itself_reports_each_iteration() {
        let mut told = Vec::new();
        deepen(
            &mut BySelf,
            &mut Position::startpos(),
            &Limits::depth(6),
            &Arc::new(AtomicBool::new(false)),
            Trace::off(),
            |iteration| told.push((iteration.depth, iteration.value, iteration.pv.len())),
        );
        assert_eq!(told, [(2, 2, 1), (4, 4, 1), (6, 6, 1)]);
    }

    /// NegaMax on the material and squares of [`crate::evaluate`], traced
    /// as the versions trace, and stopped at the first root move of the
    /// depth `stop_at` after searching `searched` root moves.
    struct Traced {
        stop_at: u32,
        searched: usize,
    }

    impl Traced {
        fn negamax(
            &self,
            position: &mut Position,
            depth: u32,
            ply: usize,
            tracer: &mut Tracer<'_>,
            stopping: bool,
            pv: &mut Line,
        ) -> Option<(i32, Option<Move>)> {
            tracer.node(ply, crate::events::NodeKind::Main, position, None);
            pv.clear();
            if depth == 0 {
                return Some((common::evaluate(position), None));
            }
            let moves = position.legal_moves();
            let mut best = (-crate::INFINITY, None);
            let mut line = Line::default();
            for (i, &mv) in moves.iter().enumerate() {
                if stopping && ply == 0 && i == self.searched {
                    return best.1.map(|_| best);
                }
                position.make(mv);
                let value = self.negamax(position, depth - 1, ply + 1, tracer, false, &mut line);
                position.unmake();
                let value = -value?.0;
                tracer.moved(ply, mv, value);
                if value > best.0 {
                    best = (value, Some(mv));
                    pv.set(mv, &line);
                }
            }
            if moves.is_empty() {
                best.0 = no_moves_score(position, ply);
            }
            tracer.result(ply, !moves.is_empty(), best.0, best.1, None);
            Some(best)
        }
    }

    impl Engine for Traced {
        const NAME: &'static str = "Traced";

        fn new() -> Self {
            Traced {
                stop_at: 0,
                searched: 0,
            }
        }

        fn search(
            &mut self,
            position: &mut Position,
            depth: u32,
            _control: &SearchControl,
            tracer: &mut Tracer<'_>,
        ) -> Report {
            let stopping = depth == self.stop_at;
            let mut pv = Line::default();
            let found = self.negamax(position, depth, 0, tracer, stopping, &mut pv);
            let (value, best) = found.unwrap_or((0, None));
            let answer = Answer::new(value, best, pv, stopping);
            Report {
                best: answer.best,
                value: answer.value,
                nodes: 1,
                depth,
                pv: answer.pv,
                interrupted: stopping,
                statistics: Vec::new(),
            }
        }
    }

    /// A position where White wins a knight: 1. Qxe5, and the line runs on.
    const HANGING: &str = "4k3/8/8/4n3/8/8/4Q3/4K3 w - - 0 1";

    #[test]
    fn the_principal_variation_is_the_whole_line() {
        let mut position = Position::from_fen(HANGING).unwrap();
        let mut lines = Vec::new();
        let report = deepen(
            &mut Traced::new(),
            &mut position,
            &Limits::depth(3),
            &Arc::new(AtomicBool::new(false)),
            Trace::off(),
            |iteration| lines.push((iteration.seldepth, iteration.pv.clone())),
        );
        // One move per ply of each depth, each legal after the ones before.
        for (depth, (seldepth, pv)) in lines.iter().enumerate() {
            assert_eq!((*seldepth, pv.len()), (depth as u32 + 1, depth + 1));
            let mut line = position.clone();
            for &mv in pv {
                assert!(line.legal_moves().contains(&mv), "{pv:?}");
                line.make(mv);
            }
        }
        assert_eq!(report.pv, lines[2].1);
        assert_eq!(report.best, Some(report.pv[0]));
    }

    #[test]
    fn a_stopped_depth_is_dropped_whatever_it_found() {
        let search = |stop_at: u32, searched: usize| {
            let mut engine = Traced { stop_at, searched };
            let mut told = Vec::new();
            let report = deepen(
                &mut engine,
                &mut Position::from_fen(HANGING).unwrap(),
                &Limits::depth(if stop_at == 0 { 2 } else { 5 }),
                &Arc::new(AtomicBool::new(false)),
                Trace::off(),
                |iteration| told.push(iteration.pv.clone()),
            );
            (report, told)
        };
        // Depth 2 whole: the answer the stopped searches must give.
        let (two, _) = search(0, 0);
        let moves = Position::from_fen(HANGING).unwrap().legal_moves();
        // Depth 3 stopped before its first root move, or before its last:
        // either way depth 2's move, value and line, the last line told.
        for searched in [0, 1, moves.len() - 1] {
            let (stopped, told) = search(3, searched);
            assert_eq!(stopped.depth, 2);
            assert!(stopped.interrupted);
            assert_eq!(
                (stopped.best, stopped.value, &stopped.pv),
                (two.best, two.value, &two.pv)
            );
            assert_eq!(told.last(), Some(&stopped.pv));
        }
    }

    #[test]
    fn a_proven_mate_ends_a_deepening_asked_for_no_depth() {
        // Ra8 mates: depth 2 sees that Black has no move.
        let mate = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
        let search = |depth: u32| {
            let stop = Arc::new(AtomicBool::new(false));
            let mut told = Vec::new();
            let report = deepen(
                &mut Traced::new(),
                &mut Position::from_fen(mate).unwrap(),
                &Limits::depth(depth),
                &stop,
                Trace::off(),
                |iteration| {
                    told.push(iteration.depth);
                    // A deepening that goes on is stopped after depth 3.
                    if iteration.depth >= 3 {
                        stop.store(true, Ordering::Relaxed);
                    }
                },
            );
            (report, told)
        };
        let (report, told) = search(MAX_DEPTH);
        assert_eq!(told, [1, 2]);
        assert_eq!(
            (report.depth, Score(report.value).to_string()),
            (2, "mate 1".to_string())
        );
        // A depth asked for is searched whole.
        assert_eq!(search(3).1, [1, 2, 3]);
    }

    #[test]
    fn scores_print_as_uci_wants() {
        assert_eq!(Score(-35).to_string(), "cp -35");
        assert_eq!(Score(MATE - 1).to_string(), "mate 1");
        assert_eq!(Score(MATE - 3).to_string(), "mate 2");
        assert_eq!(Score(-(MATE - 2)).to_string(), "mate -1");
        assert_eq!(Score(-(MATE - 4)).to_string(), "mate -2");
        assert_eq!(Score(i32::MIN).to_string(), "mate 0");
    }

    #[test]
    fn the_budget_shares_the_clock() {
        let clock = |left: u64, increment: u64, moves_to_go: Option<u32>| Clock {
            time_left: Duration::from_millis(left),
            increment: Duration::from_millis(increment),
            moves_to_go,
        };
        let ms = Duration::from_millis;
        assert_eq!(clock(60_000, 0, None).budget(), ms(1_970));
        assert_eq!(clock(60_000, 1_000, None).budget(), ms(2_720));
        assert_eq!(clock(10_000, 0, Some(1)).budget(), ms(4_970));
        // A low clock still gives the least budget, a tiny one half of it.
        assert_eq!(clock(300, 0, None).budget(), MIN_BUDGET);
        assert_eq!(clock(4, 0, None).budget(), ms(2));
        // Huge numbers from a GUI do not overflow.
        let huge = clock(u64::MAX, u64::MAX, Some(0)).budget();
        assert!(huge > Duration::ZERO);
        assert_eq!(movetime_budget(ms(200)), ms(190));
        assert_eq!(movetime_budget(ms(40)), ms(38));
        assert_eq!(movetime_budget(ms(5_000)), ms(4_970));
        assert_eq!(clock(60_000, 0, None).soft_limit(), ms(985));
    }
}
