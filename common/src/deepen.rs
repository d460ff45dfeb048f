//! Iterative deepening and the clock: how the driver searches against time.
//!
//! Up to v0.09 a version searches to the depth it is told and knows nothing
//! of time. To play against a clock the driver deepens for it: it searches
//! depth 1, then 2, then 3, each from scratch, and answers with the move of
//! the deepest search that finished. The shallow searches cost little next
//! to the last one, and they leave an answer ready whenever time runs out.
//!
//! A search one ply deeper costs about the *effective branching factor*
//! times the last one: the ratio of the nodes of the last two depths. So
//! before it starts a depth the driver can tell whether it will finish in
//! the time left, and when it will not, the driver answers at once rather
//! than start a search whose result would be thrown away (a depth stopped
//! halfway has not looked at every move, so its move is not trusted). The
//! estimate can be wrong, so the engine's [`SearchControl`] also carries the
//! deadline, as a hard stop.
//!
//! How long to think comes from the clock ([`Clock::budget`]): an even share
//! of the time left for the moves still to play, plus most of the
//! increment, never more than half of what is left, minus a margin for the
//! time lost outside the search.
//!
//! ```
//! use std::time::Duration;
//! use common::deepen::Clock;
//! // One minute, no increment: a thirtieth of it, less the margin.
//! let clock = Clock {
//!     time_left: Duration::from_secs(60),
//!     increment: Duration::ZERO,
//!     moves_to_go: None,
//! };
//! assert_eq!(clock.budget(), Duration::from_millis(1_970));
//! ```
//!
//! A version that keeps its own clock ([`Engine::MANAGES_TIME`]) is called
//! once, with the deadline, and deepens by itself.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::engine::{no_moves_score, Engine, Report, SearchControl, MATE, MATE_BOUND};
use crate::moves::Move;
use crate::position::Position;
use crate::trace::Tracer;

/// The deepest search the driver asks for (`--depth`, UCI `go depth`).
/// Far deeper than any of these searches reaches in a game, and well inside
/// the move stack's [`crate::MAX_PLY`].
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
    /// How long to think about this move: the time left shared among the
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

/// How long to think when told to think `movetime`: all of it but the
/// [`MOVE_OVERHEAD`], and at least half of it.
pub fn movetime_budget(movetime: Duration) -> Duration {
    movetime.saturating_sub(MOVE_OVERHEAD).max(movetime / 2)
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

/// One finished depth, printed as UCI's `info` line:
/// `info depth 3 score cp 12 nodes 9322 nps 4661000 time 2 pv d2d4`.
#[derive(Clone, Copy, Debug)]
pub struct Iteration<'a> {
    /// The depth just finished.
    pub depth: u32,
    /// Its value, for the side to move.
    pub value: i32,
    /// The nodes of every depth so far.
    pub nodes: u64,
    /// The time since the deepening began.
    pub elapsed: Duration,
    /// Its principal variation.
    pub pv: &'a [Move],
}

impl fmt::Display for Iteration<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "info depth {} score {} nodes {} nps {} time {}",
            self.depth,
            Score(self.value),
            self.nodes,
            nodes_per_second(self.nodes, self.elapsed),
            self.elapsed.as_millis()
        )?;
        if !self.pv.is_empty() {
            f.write_str(" pv")?;
            for mv in self.pv {
                write!(f, " {mv}")?;
            }
        }
        Ok(())
    }
}

// ANCHOR: deepen
/// Searches `position` one depth after another until `limits` or the `stop`
/// flag end it, calling `on_depth` after every depth that finished, and
/// returns the report of the deepest one. Its `nodes` count every depth,
/// its `depth` is the last that finished, and `interrupted` says that
/// `limits.depth` was not reached.
///
/// The report names a move whenever the position has one: depth 1 is
/// always begun, and should even it not finish, the move is the one the
/// engine had found so far, or else the first legal move. With no legal move it has none, and its value says
/// mate or stalemate.
pub fn deepen<E: Engine>(
    engine: &mut E,
    position: &mut Position,
    limits: &Limits,
    stop: &Arc<AtomicBool>,
    tracer: &Tracer,
    mut on_depth: impl FnMut(&Iteration<'_>),
) -> Report {
    let started = Instant::now();
    let deepest = limits.depth.clamp(1, MAX_DEPTH);
    // Every depth gets the flag, the deadline and what is left of the node
    // budget.
    let control = |nodes_so_far: u64| {
        let mut control = SearchControl::unlimited().with_stop_flag(Arc::clone(stop));
        if let Some(deadline) = limits.deadline {
            control = control.with_deadline(deadline);
        }
        if let Some(budget) = limits.nodes {
            control = control.with_node_limit(budget.saturating_sub(nodes_so_far));
        }
        control
    };

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

    // Step 2. A version with its own clock deepens by itself.
    if E::MANAGES_TIME {
        let mut report = engine.search(position, deepest, &control(0), tracer);
        if report.best.is_some() {
            on_depth(&Iteration {
                depth: report.depth,
                value: report.value,
                nodes: report.nodes,
                elapsed: started.elapsed(),
                pv: &report.pv,
            });
        }
        fall_back(&mut report, first_legal);
        return report;
    }

    // Step 3. One depth after another, keeping the last that finished.
    let mut kept: Option<Report> = None;
    let mut finished = 0;
    let mut total_nodes = 0;
    let mut previous_nodes: Option<u64> = None;
    for depth in 1..=deepest {
        // Depth 1 is begun even when `stop` came first: it costs a few
        // dozen nodes, and its move beats an arbitrary legal one.
        if depth > 1 && stop.load(Ordering::Relaxed) {
            break;
        }
        let depth_started = Instant::now();
        let report = engine.search(position, depth, &control(total_nodes), tracer);
        total_nodes += report.nodes;
        if report.interrupted {
            // An unfinished depth is thrown away, unless there is nothing
            // else: a move of depth 1 beats none.
            if kept.is_none() && report.best.is_some() {
                kept = Some(report);
            }
            break;
        }
        on_depth(&Iteration {
            depth,
            value: report.value,
            nodes: total_nodes,
            elapsed: started.elapsed(),
            pv: &report.pv,
        });
        let depth_nodes = report.nodes;
        let depth_time = depth_started.elapsed();
        finished = depth;
        kept = Some(report);

        // Step 4. Start the next depth only if it can finish in time and
        // within the node budget.
        if let Some(previous) = previous_nodes {
            let branching = depth_nodes as f64 / previous.max(1) as f64;
            let next_time = Duration::try_from_secs_f64(depth_time.as_secs_f64() * branching).ok();
            let fits_in_time = limits.deadline.is_none_or(|deadline| {
                next_time
                    .and_then(|time| Instant::now().checked_add(time))
                    .is_some_and(|end| end <= deadline)
            });
            let next_nodes = depth_nodes as f64 * branching;
            let fits_in_budget = limits
                .nodes
                .is_none_or(|budget| total_nodes as f64 + next_nodes <= budget as f64);
            if !fits_in_time || !fits_in_budget {
                break;
            }
        }
        previous_nodes = Some(depth_nodes);
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
    report.depth = finished;
    report.interrupted = finished < deepest;
    fall_back(&mut report, first_legal);
    report
}
// ANCHOR_END: deepen

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
            _tracer: &Tracer,
        ) -> Report {
            self.depths.push(depth);
            let nodes = 10u64.pow(depth.min(18));
            let interrupted = control.should_stop(nodes);
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
            &Tracer::OFF,
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
    fn a_depth_that_would_not_fit_the_node_budget_is_not_started() {
        let limits = Limits {
            nodes: Some(500),
            ..Limits::depth(MAX_DEPTH)
        };
        let (report, searched, _) = run(limits, false);
        // Depth 3 would cost 100 * 10 nodes more: it is never begun.
        assert_eq!(searched, [1, 2]);
        assert_eq!(report.depth, 2);
        assert!(report.interrupted);
    }

    #[test]
    fn stopped_before_depth_one_answers_the_first_legal_move() {
        let (report, searched, _) = run(Limits::depth(5), true);
        // Depth 1 is begun, and stops at once.
        assert_eq!(searched, [1]);
        let first = Position::startpos().legal_moves()[0];
        assert_eq!(report.best, Some(first));
        assert_eq!(report.depth, 0);
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
            &Tracer::OFF,
            |_| {},
        );
        assert_eq!(report.best, None);
        assert_eq!(Score(report.value).to_string(), "mate 0");
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
        assert_eq!(movetime_budget(ms(200)), ms(170));
        assert_eq!(movetime_budget(ms(40)), ms(20));
    }
}
