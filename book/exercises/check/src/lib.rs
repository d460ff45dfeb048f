//! What the exercises' checks share: a search's log with the path and the
//! window of each line, a step's trace snapshots read back, the holes'
//! data, the message of a check that fails, and the runner that runs the
//! checks one after the other in the order of the holes ([`run`]), and
//! the check that a search told to stop gives the position back
//! ([`position_restored_when_stopped`]).
//!
//! A check compares the learner's log with the reference line by line and
//! stops at the first line that differs. The log is written with paths
//! (`search --paths`), so the message can say which node the line belongs
//! to: the moves from the root, as the record names a node, the position
//! they lead to and the window the node was searched with. The message
//! ends with the hint the check was given, which names the holes it runs
//! through and the chapter's section that teaches them.

mod holes;
mod memory;
mod run;
mod stopped;

use std::cell::RefCell;
use std::fmt::Write as _;
use std::io;
use std::path::PathBuf;
use std::rc::Rc;

use common::Position;
use lamosca_search::events::{Event, Listener, NodeKind, Text, Tracer};
use lamosca_search::log::{TextLog, Words, CUT_MARK};
use lamosca_search::words::Window;
use lamosca_search::{Engine, Report, SearchControl};

pub use exercise_holes::HoleEntry;
pub use holes::{hint, Exercise};
pub use memory::CHECK_MEGABYTES;
pub use run::run;
pub use stopped::{budgets, position_restored_when_stopped};

/// Runs `search` as [`traced`] does, catching its panic: what it logged
/// before a hole still empty stopped it, and what it returned or the
/// panic, for [`before_hole`].
pub fn logged_to_hole<R>(
    words: Words,
    levels: u32,
    search: impl FnOnce(&mut Tracer<'_>) -> R,
) -> (Trace, std::thread::Result<R>) {
    traced(words, levels, true, |tracer| {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| search(tracer)))
    })
}

/// The number of the hole a panic's `message` names, `2` for
/// `not yet implemented: hole 2 of 4, fail_high: ...`.
pub fn hole_number(message: &str) -> Option<usize> {
    let rest = message.strip_prefix("not yet implemented: hole ")?;
    rest.split_whitespace().next()?.parse().ok()
}

/// What a search `result` came to, after [`logged_to_hole`]: when it
/// stopped at a hole still empty, hole k, what it did before must be what
/// the reference did first, `expected`, since only holes 1 to k-1 did it:
/// the log's whole lines, the start of a line left unfinished, and the
/// window of each node entered. A difference fails the check with a hint
/// that names those holes, so that a slip in a filled hole is told before
/// the next hole is asked for. Then the hole's panic goes on, for the
/// runner to name the hole to fill.
///
/// When the step is written whole, a search that ended is compared event
/// for event, and a panic of the learner's own lines is told at its node.
pub fn before_hole<R>(
    exercise: &Exercise,
    check: &str,
    root: &Position,
    expected: &Trace,
    (actual, result): (&Trace, std::thread::Result<R>),
) -> Result<R, String> {
    let whole = holes::is_whole_step(exercise);
    let every = || {
        let holes = exercise.holes();
        let names: Vec<&str> = holes.iter().map(|hole| hole.name.as_str()).collect();
        holes::hint(exercise, &names)
    };
    let payload = match result {
        // The whole step written, its search ended: what it told must be
        // the step's, event for event, the first that differs named at its
        // node.
        Ok(value) if whole => {
            let told = expected.events.len().max(actual.events.len());
            if let Some(i) = (0..told).find(|&i| expected.events.get(i) != actual.events.get(i)) {
                return Err(told_differs(check, &every(), root, i, expected, actual));
            }
            return Ok(value);
        }
        Ok(value) => return Ok(value),
        Err(payload) => payload,
    };
    let message = payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| payload.downcast_ref::<&str>().copied())
        .unwrap_or_default();
    // The whole step's own lines panicked (a move not unmade trips the
    // board's checks): what it told before, then the node it stopped at.
    if whole && hole_number(message).is_none() && !message.contains("the whole step, ") {
        same_start(check, &every(), root, expected, actual)?;
        return Err(panicked_at(
            check,
            &every(),
            root,
            expected,
            actual,
            message,
        ));
    }
    if let Some(number) = hole_number(message).filter(|&number| number > 1) {
        let holes = exercise.holes();
        let filled: Vec<&str> = holes
            .iter()
            .filter(|hole| hole.number < number)
            .map(|hole| hole.name.as_str())
            .collect();
        let hint = holes::hint(exercise, &filled);
        same_start(check, &hint, root, expected, actual)?;
    }
    std::panic::resume_unwind(payload)
}

/// The check that runs first among an exercise's searches: on each of
/// `fens`, the learner's engine `Mine` and the step's own `Step`, with the
/// switches `options` (by UCI name, each value as typed), search to
/// `depth`, every level logged. When a hole
/// still empty stops the learner's search, what it told before must be
/// what the step's told first ([`before_hole`]), and the hole's panic goes
/// on to the runner. When the learner writes the step whole
/// (`--whole`), a search that ends must have told what the step's told,
/// event for event, and one that panics in the learner's lines is told at
/// the node it stopped at; with holes, a search that ends passes here, as
/// the later checks compare it whole.
pub fn first_node_that_differs<Mine: Engine, Step: Engine>(
    exercise: &Exercise,
    fens: &[&str],
    depth: u32,
    options: &[(&str, &str)],
) -> Outcome {
    fn engine<E: Engine>(options: &[(&str, &str)]) -> E {
        let mut engine = E::new();
        for &(name, text) in options {
            let option = E::OPTIONS.iter().find(|option| option.name == name);
            let value = option
                .unwrap_or_else(|| panic!("no switch {name}"))
                .parse_value(text)
                .unwrap_or_else(|error| panic!("the switch {name}: {error}"));
            engine
                .set_option(name, value)
                .unwrap_or_else(|error| panic!("the switch {name}: {error}"));
        }
        engine
    }
    for fen in fens {
        let root = Position::from_fen(fen).unwrap_or_else(|error| panic!("{fen}: {error}"));
        let check = format!("first_node_that_differs, {fen}, depth {depth}, {options:?}");
        let mut step = engine::<Step>(options);
        let (expected, _) = traced(Words::English, ALL_LEVELS, true, |tracer| {
            step.search(
                &mut root.clone(),
                depth,
                &SearchControl::unlimited(),
                tracer,
            )
        });
        let mut mine = engine::<Mine>(options);
        let actual = logged_to_hole(Words::English, ALL_LEVELS, |tracer| {
            mine.search(
                &mut root.clone(),
                depth,
                &SearchControl::unlimited(),
                tracer,
            )
        });
        before_hole(exercise, &check, &root, &expected, (&actual.0, actual.1))?;
    }
    Ok(())
}

/// Levels enough to log every node of a check's search.
const ALL_LEVELS: u32 = 64;

/// Fails unless `actual`, a search stopped early, did what `expected`
/// did first: see [`before_hole`].
fn same_start(
    check: &str,
    hint: &str,
    root: &Position,
    expected: &Trace,
    actual: &Trace,
) -> Outcome {
    let whole = actual.lines.len() - usize::from(!actual.complete && !actual.lines.is_empty());
    let read = whole.min(expected.lines.len());
    same_log(
        check,
        hint,
        root,
        &expected.lines[..read],
        &actual.lines[..whole],
    )?;
    if let (Some(last), Some(wanted)) = (actual.lines.get(whole), expected.lines.get(whole)) {
        if !(last.path == wanted.path && wanted.text.starts_with(&last.text)) {
            same_log(check, hint, root, &expected.lines[..=whole], &actual.lines)?;
        }
    }
    let told = actual.events.len().min(expected.events.len());
    match (0..told).find(|&i| actual.events[i] != expected.events[i]) {
        Some(i) => Err(told_differs(check, hint, root, i, expected, actual)),
        None => Ok(()),
    }
}

/// The message of a search whose event `i` (from 0) differs from the
/// reference's, or is missing from either: told at the reference's node,
/// with its window.
fn told_differs(
    check: &str,
    hint: &str,
    root: &Position,
    i: usize,
    expected: &Trace,
    actual: &Trace,
) -> String {
    let (wanted, found) = (expected.events.get(i), actual.events.get(i));
    let at = wanted.or(found);
    let node = Line {
        path: at.map_or_else(|| "[]".to_string(), |told| told.path.clone()),
        text: String::new(),
        window: at.and_then(|told| told.window),
    };
    let place = At {
        check,
        what: format!(
            "what the search told differs from the reference at its event {} of {}",
            i + 1,
            expected.events.len()
        ),
        root,
        node: Some(&node),
    };
    let show = |told: Option<&Told>| match told {
        Some(told) => format!("{} {}", told.path, told.text),
        None => "(the search told nothing more)".to_string(),
    };
    failure(&place, Some(&show(wanted)), Some(&show(found)), hint)
}

/// The message of a search that panicked with `message` after telling
/// what the reference told first: the node it stopped at, the last it
/// told of, and what the reference told next.
fn panicked_at(
    check: &str,
    hint: &str,
    root: &Position,
    expected: &Trace,
    actual: &Trace,
    message: &str,
) -> String {
    let told = actual.events.len();
    let last = actual.events.last();
    let node = Line {
        path: last.map_or_else(|| "[]".to_string(), |told| told.path.clone()),
        text: String::new(),
        window: last.and_then(|told| told.window),
    };
    let place = At {
        check,
        what: format!(
            "the search panicked after its event {told}, the same as the reference's: {message}"
        ),
        root,
        node: Some(&node),
    };
    let next = expected
        .events
        .get(told)
        .map(|told| format!("{} {}", told.path, told.text));
    failure(&place, next.as_deref(), Some("(a panic)"), hint)
}

/// One line of a log, with the moves from the root to its node and the
/// window that node was searched with.
#[derive(Clone, Debug)]
pub struct Line {
    /// `[d2d4 b8a6]`, the root's `[]`; empty for the lines after the log.
    pub path: String,
    /// The line as the log prints it.
    pub text: String,
    /// The node's window on entry, when the search has one.
    pub window: Option<Window>,
}

impl Line {
    /// Whether two lines read the same: the same node and the same text.
    fn reads_as(&self, other: &Line) -> bool {
        self.path == other.path && self.text == other.text
    }
}

/// What a check returns: nothing, or the message of its failure.
pub type Outcome = Result<(), String>;

/// A check, by its name.
pub type Check = (&'static str, fn() -> Outcome);

/// The text log's output, shared with the listener that reads it while
/// the search writes.
#[derive(Clone, Default)]
struct Shared(Rc<RefCell<Vec<u8>>>);

impl io::Write for Shared {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The text log, and beside it the window of the node each line belongs
/// to, from the node events.
struct Windowed {
    log: TextLog<Shared>,
    out: Shared,
    /// The window of the node entered last at each level (index 0 unused).
    by_level: Vec<Option<Window>>,
    /// The bytes of the log already given their windows.
    read: usize,
    /// One window per line written so far.
    windows: Vec<Option<Window>>,
    /// The moves from the root to the node entered last.
    moves: Vec<String>,
    /// Every event heard, in the chapter's words, when asked for.
    events: Option<Vec<Told>>,
}

/// One event a search told, in the chapter's words, with the moves from
/// the root to its node and that node's window.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Told {
    /// `[d2d4 b8a6]`, the root's `[]`.
    pub path: String,
    /// What it told: `enters, window alpha = -32000, beta = 13`,
    /// `move d5d6=13 // Cut`, `Result level 4: Found=1, Value=13, ...`.
    pub text: String,
    /// The node's window on entry, when the search has one.
    pub window: Option<Window>,
}

/// An event in the log's words (English), as a line of a failure.
fn tell(event: &Event<'_>) -> String {
    let words = Words::English;
    let w = words.vocabulary();
    let window = |window: &Option<Window>| {
        window.map_or(String::new(), |window| {
            format!(", window alpha = {}, beta = {}", window.alpha, window.beta)
        })
    };
    match event {
        Event::Node {
            kind, window: at, ..
        } => {
            let kind = match kind {
                NodeKind::Main => "",
                NodeKind::Quiescence => " (quiescence)",
                NodeKind::Reduced => " (reduced search)",
            };
            format!("enters{kind}{}", window(at))
        }
        Event::Moves { moves, .. } => {
            let moves: Vec<String> = moves
                .iter()
                .map(|m| format!("{}={}", m.mv, m.score))
                .collect();
            format!("its moves, with their ordering values: {}", moves.join(" "))
        }
        Event::Move { mv, value, cut, .. } => {
            format!("move {mv}={value}{}", if *cut { CUT_MARK } else { "" })
        }
        Event::Swap { out, into, .. } => {
            words.swap_line((out.mv, out.score), (into.mv, into.score))
        }
        Event::Result {
            level,
            found,
            value,
            best,
            window,
        } => {
            let line = words.result_line(w.result, *level, *found, *value, *window);
            // The log names the move chosen at the root only.
            match best.filter(|_| *level == 1) {
                Some(best) => format!("{line}, {}={best}", w.best),
                None => line,
            }
        }
        Event::Step(step) => match step.text(words) {
            Text::Item(text) | Text::Line(text) | Text::Abandon(text) => text.trim().to_string(),
            Text::Close { heading, line } => format!("{heading} ... {line}"),
        },
        Event::Iteration { .. } => format!("{event:?}"),
    }
}

impl Listener for Windowed {
    fn hear(&mut self, event: &Event<'_>) {
        let level = event.level() as usize;
        if let Event::Node { window, mv, .. } = event {
            self.by_level.resize(level + 1, None);
            self.by_level[level] = *window;
            self.moves.truncate(level.saturating_sub(2));
            if let Some(mv) = mv.filter(|_| level > 1) {
                self.moves.push(mv.to_string());
            }
        }
        if let Some(events) = &mut self.events {
            let upto = match event {
                Event::Node { .. } => self.moves.len(),
                _ => level.saturating_sub(1).min(self.moves.len()),
            };
            events.push(Told {
                path: format!("[{}]", self.moves[..upto].join(" ")),
                text: tell(event),
                window: self.by_level.get(level).copied().flatten(),
            });
        }
        self.log.hear(event);
        let out = self.out.0.borrow();
        let lines = out[self.read..].iter().filter(|&&b| b == b'\n').count();
        self.read = out.len();
        let window = self.by_level.get(level).copied().flatten();
        self.windows.extend(std::iter::repeat_n(window, lines));
    }
}

/// What a search logged: its lines with their paths and windows, whether
/// the last line was ended, and each node entered with its window.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    /// The log's lines.
    pub lines: Vec<Line>,
    /// Whether the log ends with a whole line: not when the search
    /// stopped in the middle of one.
    pub complete: bool,
    /// Every event the search told, in order, in the chapter's words
    /// (node, move, value, window...): kept by [`logged_to_hole`] only.
    pub events: Vec<Told>,
}

/// Runs `search` with a tracer that logs levels 1 to `levels` in `words`,
/// and returns the log's lines with their paths and windows, and what
/// `search` returned.
pub fn logged<R>(
    words: Words,
    levels: u32,
    search: impl FnOnce(&mut Tracer<'_>) -> R,
) -> (Vec<Line>, R) {
    let (trace, result) = traced(words, levels, false, search);
    (trace.lines, result)
}

/// [`logged`], with the whole [`Trace`], its events kept when `events`.
pub fn traced<R>(
    words: Words,
    levels: u32,
    events: bool,
    search: impl FnOnce(&mut Tracer<'_>) -> R,
) -> (Trace, R) {
    let out = Shared::default();
    let mut listener = Windowed {
        log: TextLog::new(words, out.clone()).with_paths(true),
        out: out.clone(),
        by_level: Vec::new(),
        read: 0,
        windows: Vec::new(),
        moves: Vec::new(),
        events: events.then(Vec::new),
    };
    let result = search(&mut Tracer::new(levels, &mut listener));
    let text = String::from_utf8_lossy(&out.0.borrow()).into_owned();
    let lines = text
        .lines()
        .zip(listener.windows.iter().chain(std::iter::repeat(&None)))
        .map(|(line, &window)| {
            match line
                .strip_prefix('[')
                .and_then(|rest| rest.split_once("] "))
            {
                Some((path, text)) => Line {
                    path: format!("[{path}]"),
                    text: text.to_string(),
                    window,
                },
                None => Line {
                    path: String::new(),
                    text: line.to_string(),
                    window: None,
                },
            }
        })
        .collect();
    let trace = Trace {
        lines,
        complete: text.is_empty() || text.ends_with('\n'),
        events: listener.events.unwrap_or_default(),
    };
    (trace, result)
}

/// The lines `search` prints after the log, as lines without a node.
pub fn closing(report: &Report) -> Vec<Line> {
    report.closing_lines().lines().map(plain).collect()
}

/// A line without a node: `...` between a log's opening and its report.
pub fn plain(text: &str) -> Line {
    Line {
        path: String::new(),
        text: text.to_string(),
        window: None,
    }
}

/// The repository's root.
fn root() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../.."))
}

/// The lines of the snapshot `name` of the step crate `krate`
/// (`tests/snapshots/<name>.snap`), without insta's header.
pub fn snapshot(krate: &str, name: &str) -> Vec<String> {
    let path = root()
        .join(krate)
        .join("tests/snapshots")
        .join(format!("{name}.snap"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("reading {}: {error}", path.display()));
    let body = text
        .strip_prefix("---\n")
        .and_then(|rest| rest.split_once("\n---\n"))
        .map_or(text.as_str(), |(_, body)| body);
    body.trim_end().lines().map(str::to_string).collect()
}

/// Where a log differs: the check, what differs where (`the log differs
/// from the reference at line 7 of 43`), the root the search started
/// from, and the line whose node is shown.
struct At<'a> {
    check: &'a str,
    what: String,
    root: &'a Position,
    node: Option<&'a Line>,
}

/// `the log differs from the reference at line 7 of 43`, for the line
/// `at` (from 0) of `lines`.
fn line_of(at: usize, lines: usize) -> String {
    format!(
        "the log differs from the reference at line {} of {lines}",
        at + 1
    )
}

/// Compares the learner's log, `actual`, of a search from `root` with the
/// `expected` lines (a published log or a snapshot), and on the first line
/// that differs fails with where it is, both lines and the hint.
pub fn same_lines(
    check: &str,
    hint: &str,
    root: &Position,
    expected: &[String],
    actual: &[Line],
) -> Outcome {
    let Some(at) = (0..expected.len().max(actual.len()))
        .find(|&i| expected.get(i) != actual.get(i).map(|line| &line.text))
    else {
        return Ok(());
    };
    let place = At {
        check,
        what: line_of(at, expected.len()),
        root,
        node: actual.get(at).or(actual.last()),
    };
    Err(failure(
        &place,
        expected.get(at).map(String::as_str),
        actual.get(at).map(|line| line.text.as_str()),
        hint,
    ))
}

/// Compares the learner's log, `actual`, with a step's snapshot as
/// [`same_lines`] does; when they differ, the step's own search's log,
/// `reference` (made as `actual` was, with paths), names the node first:
/// a line missing from the learner's log (a `tracer.result` left out) is
/// told at the node that should have printed it, with that node's path and
/// window, where the snapshot, which has no paths, could only show the
/// node of the line printed in its place.
pub fn same_as_snapshot(
    check: &str,
    hint: &str,
    root: &Position,
    snapshot: &[String],
    actual: &[Line],
    reference: impl FnOnce() -> Vec<Line>,
) -> Outcome {
    let Err(message) = same_lines(check, hint, root, snapshot, actual) else {
        return Ok(());
    };
    same_log(check, hint, root, &reference(), actual)?;
    Err(message)
}

/// Compares the learner's log with the reference search's from `root`,
/// both with paths: the first line that differs in its text or its node.
/// The node shown, and its window, are the reference's.
pub fn same_log(
    check: &str,
    hint: &str,
    root: &Position,
    expected: &[Line],
    actual: &[Line],
) -> Outcome {
    let differs = |i: usize| match (expected.get(i), actual.get(i)) {
        (Some(expected), Some(actual)) => !expected.reads_as(actual),
        _ => true,
    };
    let Some(at) = (0..expected.len().max(actual.len())).find(|&i| differs(i)) else {
        return Ok(());
    };
    let show = |line: Option<&Line>| line.map(|line| format!("{} {}", line.path, line.text));
    let place = At {
        check,
        what: line_of(at, expected.len()),
        root,
        node: expected.get(at).or(actual.get(at)),
    };
    Err(failure(
        &place,
        show(expected.get(at)).as_deref(),
        show(actual.get(at)).as_deref(),
        hint,
    ))
}

/// The position the moves of `path` (`[d2d4 d7d5]`) lead to from `root`.
fn position_at(root: &Position, path: &str) -> String {
    let moves: Vec<&str> = path
        .trim_start_matches('[')
        .trim_end_matches(']')
        .split_whitespace()
        .collect();
    let mut position = root.clone();
    match position.play_moves(&moves) {
        Ok(()) => position.to_fen(),
        Err(error) => format!("(the path does not play from the root: {error})"),
    }
}

/// The message of a log that differs at `place`.
fn failure(place: &At<'_>, expected: Option<&str>, actual: Option<&str>, hint: &str) -> String {
    let mut message = format!("check `{}` failed: {}\n", place.check, place.what);
    let path = place
        .node
        .map_or("[]", |line| line.path.as_str())
        .to_string();
    let path = if path.is_empty() {
        "[]".to_string()
    } else {
        path
    };
    let _ = writeln!(message, "  node:     {path}  (the moves from the root)");
    let _ = writeln!(message, "  position: {}", position_at(place.root, &path));
    let window = match place.node.and_then(|line| line.window) {
        Some(window) => format!("alpha = {}, beta = {}", window.alpha, window.beta),
        None => "none (this search has no window)".to_string(),
    };
    let _ = writeln!(message, "  window:   {window}  (the node's, on entry)");
    let _ = writeln!(
        message,
        "  expected: {}",
        expected.unwrap_or("(the log ends before this line)")
    );
    let _ = writeln!(
        message,
        "  actual:   {}",
        actual.unwrap_or("(the log ends before this line)")
    );
    let _ = write!(message, "  hint:     {hint}");
    message
}

/// A search's report as the checks compare it with the step's: its
/// value, move and line, then every figure it prints, nodes first
/// (`Statistics: nodes 421, leaves evaluated 400`).
pub fn summary(report: &Report) -> String {
    let best = report.best.map_or("none".to_string(), |mv| mv.to_string());
    let line: Vec<String> = report.pv.iter().map(ToString::to_string).collect();
    format!(
        "value {}, move {best}, line [{}], {}",
        report.value,
        line.join(" "),
        report.statistics_line()
    )
}

/// Fails `check` unless the learner's report, `actual`, says what the
/// step's, `expected`, says ([`summary`]).
pub fn same_report(check: &str, hint: &str, expected: &Report, actual: &Report) -> Outcome {
    let (wanted, found) = (summary(expected), summary(actual));
    holds(check, hint, wanted == found, || {
        format!("the report differs from the reference\n  expected: {wanted}\n  actual:   {found}")
    })
}

/// Fails `check` with `what` and the hint unless `holds`.
pub fn holds(check: &str, hint: &str, holds: bool, what: impl FnOnce() -> String) -> Outcome {
    if holds {
        Ok(())
    } else {
        Err(format!(
            "check `{check}` failed: {}\n  hint:     {hint}",
            what()
        ))
    }
}

/// Fails `check` unless the search left `position` as it found it: the
/// same placement, side, rights and hash.
pub fn restored(check: &str, hint: &str, before: &Position, after: &Position) -> Outcome {
    holds(
        check,
        hint,
        before.to_fen() == after.to_fen() && before.hash() == after.hash(),
        || {
            format!(
                "the search did not leave the position as it found it\n  expected: {}\n  actual:   {}",
                before.to_fen(),
                after.to_fen()
            )
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const V07: Exercise = Exercise {
        step: "v07",
        chapter: "v07-negamax.md",
    };

    fn trace(texts: &[&str], events: &[&str]) -> Trace {
        Trace {
            lines: texts
                .iter()
                .map(|text| Line {
                    path: "[]".to_string(),
                    text: text.to_string(),
                    window: None,
                })
                .collect(),
            complete: true,
            events: events
                .iter()
                .map(|event| Told {
                    path: "[]".to_string(),
                    text: event.to_string(),
                    window: None,
                })
                .collect(),
        }
    }

    fn stopped_at(hole: &str) -> std::thread::Result<()> {
        let message = format!("not yet implemented: {hole}");
        std::panic::catch_unwind(move || panic!("{message}"))
    }

    /// A small alpha-beta's events: the root, then two children, each cut
    /// off by its first reply; the second child traces its result only
    /// when `second_result`.
    fn two_children(tracer: &mut Tracer<'_>, second_result: bool) {
        let mut position = Position::startpos();
        let window = Window {
            alpha: -100,
            beta: 100,
        };
        tracer.node(0, NodeKind::Main, &position, Some(window));
        let mut alpha = window.alpha;
        for (i, first) in ["e2e4", "d2d4"].into_iter().enumerate() {
            let mv = position.parse_move(first).unwrap();
            position.make(mv);
            let child = Window {
                alpha: -window.beta,
                beta: -alpha,
            };
            tracer.node(1, NodeKind::Main, &position, Some(child));
            let reply = position.parse_move("e7e5").unwrap();
            tracer.cut(1, reply, 30);
            if i == 0 || second_result {
                tracer.result(1, true, child.beta, Some(reply), Some(child));
            }
            position.unmake();
            let value = [5, 2][i];
            tracer.moved(0, mv, value);
            alpha = alpha.max(value);
        }
        tracer.result(0, true, alpha, None, Some(window));
    }

    #[test]
    fn a_line_missing_from_a_snapshot_is_told_at_the_node_that_lost_it() {
        let root = Position::startpos();
        let (reference, ()) = logged(Words::English, 2, |tracer| two_children(tracer, true));
        let (actual, ()) = logged(Words::English, 2, |tracer| two_children(tracer, false));
        let snapshot: Vec<String> = reference.iter().map(|line| line.text.clone()).collect();
        // The snapshot alone shows the node of the line printed in the
        // missing line's place: the root.
        let error = same_lines("t", "h", &root, &snapshot, &actual).unwrap_err();
        assert!(error.contains("node:     []"), "{error}");
        // With the step's own log beside it, the child that lost its
        // result, and that child's window.
        let error = same_as_snapshot("t", "h", &root, &snapshot, &actual, || reference.clone())
            .unwrap_err();
        assert!(error.contains("node:     [d2d4]"), "{error}");
        assert!(
            error.contains("window:   alpha = -100, beta = -5"),
            "{error}"
        );
        assert!(
            error.contains("expected: [d2d4] Moves level 2: e7e5=30 // Cut"),
            "{error}"
        );
        let same = same_as_snapshot("t", "h", &root, &snapshot, &reference, Vec::new);
        assert_eq!(same, Ok(()));
    }

    #[test]
    fn each_event_is_told_in_the_logs_words_at_its_node() {
        let (trace, ()) = traced(Words::English, 2, true, |tracer| two_children(tracer, true));
        let told: Vec<String> = trace
            .events
            .iter()
            .map(|told| format!("{} {}", told.path, told.text))
            .collect();
        assert_eq!(
            told[..4],
            [
                "[] enters, window alpha = -100, beta = 100",
                "[e2e4] enters, window alpha = -100, beta = 100",
                "[e2e4] move e7e5=30 // Cut",
                "[e2e4] Result level 2: Found=1, Value=100, Alpha=-100, Beta=100",
            ]
        );
        assert_eq!(told[5], "[d2d4] enters, window alpha = -100, beta = -5");
        assert_eq!(
            trace.events[6].window,
            Some(Window {
                alpha: -100,
                beta: -5
            })
        );
    }

    #[test]
    fn a_todo_names_its_holes_number() {
        assert_eq!(
            hole_number("not yet implemented: hole 3 of 3, best: keep"),
            Some(3)
        );
        assert_eq!(hole_number("attempt to negate with overflow"), None);
    }

    #[test]
    fn what_a_search_told_before_an_empty_hole_is_compared_then_its_panic_goes_on() {
        let root = Position::startpos();
        let best = "hole 3 of 3, best: keep";
        let expected = trace(
            &["Moves 1", "Result 1"],
            &["node", "move a2a3=-12", "result"],
        );
        let wrong_line = trace(&["Moves 2"], &[]);
        let error = before_hole(&V07, "t", &root, &expected, (&wrong_line, stopped_at(best)));
        let error = error.unwrap_err();
        assert!(error.contains("at line 1 of 1"), "{error}");
        assert!(
            error.contains("hint:     holes 1 and 2 (leaf, negate)"),
            "{error}"
        );
        let wrong_event = trace(&["Moves 1"], &["node", "move a2a3=12"]);
        let error = before_hole(
            &V07,
            "t",
            &root,
            &expected,
            (&wrong_event, stopped_at(best)),
        );
        let error = error.unwrap_err();
        assert!(error.contains("at its event 2 of 3"), "{error}");
        assert!(error.contains("actual:   [] move a2a3=12"), "{error}");
        let right = trace(&["Moves 1"], &["node", "move a2a3=-12"]);
        let resumed = std::panic::catch_unwind(|| {
            before_hole(&V07, "t", &root, &expected, (&right, stopped_at(best)))
        });
        assert!(resumed.is_err(), "the hole's panic goes on");
        let done = before_hole(&V07, "t", &root, &expected, (&wrong_event, Ok(7)));
        assert_eq!(done, Ok(7));
    }
}
