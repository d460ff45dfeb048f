//! UCI, the protocol chess GUIs speak to engines, for any [`Engine`].
//!
//! A GUI starts the engine with no arguments and talks to it in lines of
//! text: it writes commands on the engine's standard input (`uci`,
//! `position startpos moves e2e4`, `go wtime 60000 btime 60000`, `stop`)
//! and reads answers on its standard output (`uciok`, `info depth 3 ...`,
//! `bestmove e7e5`). [`run`] is that loop, generic over the version's
//! search:
//!
//! ```text
//! > uci
//! < id name LaMoSca v0.07
//! < id author after Pietro Valocchi's LaMoSca
//! < uciok
//! > position startpos moves e2e4
//! > go depth 2
//! < info depth 1 seldepth 1 score cp 0 nodes 21 nps 1500000 time 0 pv d7d5
//! < info depth 2 seldepth 2 score cp -12 nodes 642 nps 3710982 time 0 pv e7e5 d2d4
//! < bestmove e7e5
//! ```
//!
//! The loop reads commands on the main thread. A `go` hands the engine and a
//! copy of the position to a search thread, which deepens
//! ([`lamosca_search::deepen`]), prints an `info` line per finished
//! iteration, with the whole principal variation, and then the
//! `bestmove`; before it, when the search was stopped inside an iteration,
//! one `info nodes N time T nps X` line counts every node it visited. Meanwhile the loop goes on reading, so `isready` is answered
//! at once and `stop` raises the flag the search polls. The engine comes
//! back when the thread ends: the thread owns it while it thinks, so no lock
//! is needed, and options cannot change under a running search.
//!
//! A GUI may send anything, so nothing it sends stops the loop but `quit`
//! or the end of the input. What cannot be understood, or cannot be done,
//! is answered with an `info string` saying why. A refused command changes
//! nothing, with one exception: a refused `position` (a bad FEN, an illegal
//! move in the list) leaves the engine with no position to search, since
//! the GUI now believes in a position the engine does not have. Searching
//! the previous one would answer a move of another position, which the GUI
//! calls illegal; so until a valid `position` arrives, every `go` is
//! answered with an `info string` naming the refused position and `bestmove
//! 0000`, the null move, at once. `ucinewgame` does not end that state: a
//! GUI sends the new game's `position` before its `go`. A `go` before any
//! `position` searches the start position, the position a session begins
//! with. The end of the input is a `quit`: a search still
//! running is stopped, and its move printed, before the program ends.
//!
//! Pondering follows the protocol, though no `Ponder` option is listed (a
//! GUI that ponders anyway may send it): `go ponder wtime ...` searches
//! with no clock, as `go infinite` does, until `ponderhit` says the
//! opponent played the move pondered on. From then the clock given with
//! the `go` runs: the move comes when its budget is spent, or at once if
//! the search had already finished. A `stop` while pondering answers at
//! once, as after `go infinite`.

use std::fmt;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use common::{Color, Position, NULL_MOVE};
use lamosca_search::deepen::{
    deepen, movetime_budget, nodes_per_second, Clock, Iteration, Limits, Score, Trace,
    DEFAULT_DEPTH, MAX_DEPTH,
};
use lamosca_search::engine::{Engine, EngineOption, OptionKind, OptionValue};

use crate::echo::{shortened, ECHOED, ECHOED_FEN, ECHOED_REASON};
use crate::lines::{read_line, skip_line, Line};

/// What `id author` says: the program these versions retrace.
pub const AUTHOR: &str = "after Pietro Valocchi's LaMoSca";

/// Speaks UCI for engine `E`, reading commands from `input` and writing
/// answers to `output`, until `quit` or the end of the input.
pub fn run<E: Engine>(mut input: impl BufRead, output: impl Write + Send + 'static) {
    let mut session = Session::<E>::new(Output::new(output));
    let mut bytes = Vec::new();
    loop {
        // The end of the input, or an input that cannot be read, is a quit.
        match read_line(&mut input, MAX_LINE, &mut bytes) {
            Ok(Line::End) | Err(_) => break,
            Ok(Line::TooLong) => {
                session.out.info(format_args!(
                    "a line of more than {MAX_LINE} bytes is refused unread"
                ));
                skip_line(&mut input);
                continue;
            }
            Ok(Line::Read) => {}
        }
        // A stray byte that is not UTF-8 spoils one word, not the loop.
        let line = String::from_utf8_lossy(&bytes);
        if session.command(line.trim()) == Flow::Quit {
            break;
        }
    }
    session.stop_search();
}

/// The longest line read, in bytes: twenty times the `position startpos
/// moves ...` of a game of 600 moves (about 6,000 bytes), and small enough
/// that a GUI gone wrong cannot make the loop hold megabytes.
pub const MAX_LINE: usize = 1 << 17;

/// The standard output shared by the loop and the search thread; each
/// line is written whole and flushed, so a GUI never sees half a line.
#[derive(Clone)]
struct Output(Arc<Mutex<dyn Write + Send>>);

impl Output {
    fn new(output: impl Write + Send + 'static) -> Output {
        Output(Arc::new(Mutex::new(output)))
    }

    fn line(&self, text: impl fmt::Display) {
        let mut output = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        // A GUI that has gone away cannot be told anything; the loop ends
        // when its end of the input arrives.
        let _ = writeln!(output, "{text}").and_then(|()| output.flush());
    }

    fn info(&self, text: impl fmt::Display) {
        self.line(format_args!("info string {text}"));
    }
}

/// Whether the loop goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// A search running on its own thread.
struct Search<E> {
    /// Raised by `stop`; the engine polls it, and so does a search that
    /// waits for `stop` after `go infinite`.
    stop: Arc<AtomicBool>,
    /// Raised by the thread just before it prints `bestmove`: from then on
    /// the search is over, even if the thread has not quite returned.
    done: Arc<AtomicBool>,
    /// The thread, which hands the engine back when it ends.
    thread: JoinHandle<E>,
    /// The soft limit and the wait for `stop`, which `ponderhit` changes.
    clock: Arc<SharedClock>,
    /// The clock of a `go ponder`, until `ponderhit` starts it.
    ponder: Option<Pondering>,
}

/// What the loop knows between commands.
struct Session<E> {
    /// The engine, while no search holds it.
    engine: Option<E>,
    /// The position the next `go` searches.
    position: Position,
    /// The last `position` command, shortened, if it was refused: until a
    /// valid one arrives, `go` has nothing to search.
    refused: Option<String>,
    /// The search in progress, if any.
    search: Option<Search<E>>,
    /// The options `setoption` set, in order, for an engine made afresh.
    options: Vec<(&'static str, OptionValue)>,
    out: Output,
}

impl<E: Engine> Session<E> {
    fn new(out: Output) -> Session<E> {
        Session {
            engine: Some(E::new()),
            position: Position::startpos(),
            refused: None,
            search: None,
            options: Vec::new(),
            out,
        }
    }

    /// A new engine with the options `setoption` set: what the session
    /// takes when the one it had was lost with a search thread.
    fn fresh_engine(&self) -> E {
        let mut engine = E::new();
        for &(name, value) in &self.options {
            // Each was accepted by an engine of the same type before.
            let _ = engine.set_option(name, value);
        }
        engine
    }

    /// Answers one command line.
    fn command(&mut self, line: &str) -> Flow {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, arguments)) = words.split_first() else {
            return Flow::Continue;
        };
        match command {
            "uci" => self.identify(),
            "isready" => self.out.line("readyok"),
            "ucinewgame" => self.new_game(),
            "setoption" => self.set_option(arguments),
            "position" => self.set_position(arguments),
            "go" => self.go(arguments),
            "stop" => self.stop_search(),
            "ponderhit" => self.ponder_hit(),
            // Valid UCI with nothing to do here.
            "debug" | "register" => {}
            "quit" => return Flow::Quit,
            _ => self
                .out
                .info(format_args!("unknown command: {}", shortened(line, ECHOED))),
        }
        Flow::Continue
    }

    /// `uci`: the name, the author, the options, `uciok`.
    fn identify(&self) {
        self.out.line(format_args!("id name {}", E::NAME));
        self.out.line(format_args!("id author {AUTHOR}"));
        for option in E::OPTIONS {
            self.out.line(OptionLine(option));
        }
        self.out.line("uciok");
    }

    /// The engine, if no search holds it. A search that is over is joined
    /// first, to take the engine back.
    fn idle_engine(&mut self) -> Option<&mut E> {
        self.join_finished_search();
        if self.search.is_some() {
            return None;
        }
        Some(self.engine.get_or_insert_with(E::new))
    }

    /// Joins the search if it is over, to take the engine back.
    fn join_finished_search(&mut self) {
        if self
            .search
            .as_ref()
            .is_some_and(|search| search.done.load(Ordering::Acquire))
        {
            self.join_search();
        }
    }

    /// `stop`: ends the search, if one runs, once it has printed its move.
    fn stop_search(&mut self) {
        if let Some(search) = &self.search {
            search.stop.store(true, Ordering::Relaxed);
            // Wakes a search that finished and waits for `stop`.
            search.thread.thread().unpark();
        }
        self.join_search();
    }

    // ANCHOR: ponderhit
    /// `ponderhit`: the opponent played the move pondered on. The clock of
    /// the `go ponder` starts now: the soft limit is set, the move no longer
    /// waits for `stop`, and a watch raises the stop flag when the budget
    /// is spent.
    fn ponder_hit(&mut self) {
        self.join_finished_search();
        let Some(search) = &mut self.search else {
            return self.out.info("ponderhit ignored: no search is running");
        };
        let Some(ponder) = search.ponder.take() else {
            return self
                .out
                .info("ponderhit ignored: the search is not pondering");
        };
        let hit = Instant::now();
        *lock(&search.clock.soft_limit) = ponder.soft.and_then(|soft| hit.checked_add(soft));
        search.clock.waits_for_stop.store(false, Ordering::Relaxed);
        search.thread.thread().unpark();
        let Some(deadline) = ponder.budget.and_then(|budget| hit.checked_add(budget)) else {
            return;
        };
        let (stop, done) = (Arc::clone(&search.stop), Arc::clone(&search.done));
        let searcher = search.thread.thread().clone();
        let watch = thread::Builder::new()
            .name("ponderhit".to_string())
            .spawn(move || {
                // Early or spurious wake-ups look again; a search over
                // already needs no stop.
                while !done.load(Ordering::Acquire) {
                    let now = Instant::now();
                    if now >= deadline {
                        stop.store(true, Ordering::Relaxed);
                        searcher.unpark();
                        return;
                    }
                    thread::park_timeout(deadline - now);
                }
            });
        if let Err(error) = watch {
            // Without a watch the search would never end: stop it now.
            self.out
                .info(format_args!("cannot watch the clock: {error}"));
            self.stop_search();
        }
    }
    // ANCHOR_END: ponderhit

    /// Waits for the search thread to end and takes the engine back.
    fn join_search(&mut self) {
        if let Some(search) = self.search.take() {
            match search.thread.join() {
                Ok(engine) => self.engine = Some(engine),
                Err(_) => {
                    self.out.info("the search failed; the engine starts afresh");
                    self.engine = Some(self.fresh_engine());
                }
            }
        }
    }

    /// `ucinewgame`: the engine forgets what it learnt.
    fn new_game(&mut self) {
        match self.idle_engine() {
            Some(engine) => engine.new_game(),
            None => self.out.info("ucinewgame ignored: a search is running"),
        }
    }

    /// `setoption name NAME value VALUE`, checked against `E::OPTIONS`.
    fn set_option(&mut self, words: &[&str]) {
        let checked = read_set_option(words).and_then(|(name, value)| {
            // Option names are not case-sensitive in UCI.
            let option = E::OPTIONS
                .iter()
                .find(|option| option.name.eq_ignore_ascii_case(&name))
                .ok_or_else(|| format!("unknown option: {}", shortened(&name, ECHOED)))?;
            let value = value.ok_or_else(|| format!("option {} needs a value", option.name))?;
            Ok((option.name, option.parse_value(&value)?))
        });
        match checked {
            Err(message) => self.out.info(shortened(&message, ECHOED_REASON)),
            Ok((name, value)) => match self.idle_engine() {
                Some(engine) => match engine.set_option(name, value) {
                    Ok(()) => {
                        self.options.retain(|&(set, _)| set != name);
                        self.options.push((name, value));
                    }
                    Err(message) => self.out.info(shortened(&message, ECHOED_REASON)),
                },
                None => self.out.info("setoption ignored: a search is running"),
            },
        }
    }

    /// `position startpos|fen FEN [moves ...]`; a position that cannot be
    /// set up leaves no position to search until the next valid one.
    fn set_position(&mut self, words: &[&str]) {
        match read_position(words) {
            Ok(position) => {
                self.position = position;
                self.refused = None;
            }
            Err(message) => {
                self.out.info(format_args!(
                    "{message}; position refused, go answers 0000 until a valid position"
                ));
                self.refused = Some(shortened(&words.join(" "), ECHOED_FEN));
            }
        }
    }

    /// `go ...`: starts a search on its own thread.
    fn go(&mut self, words: &[&str]) {
        // The clock runs from the moment the command arrives.
        let received = Instant::now();
        if self.idle_engine().is_none() {
            self.out
                .info("go ignored: a search is running, send stop first");
            return;
        }
        let (go, warnings) = match Go::read(words) {
            Ok(read) => read,
            Err(refusal) => {
                return self
                    .out
                    .info(format_args!("{refusal}; go refused, no search started"))
            }
        };
        for warning in warnings {
            self.out.info(warning);
        }
        if let Some(refused) = &self.refused {
            // No position to search: the null move, at once, even after
            // `go infinite` or `go ponder`, as there is nothing to wait for.
            self.out.info(format_args!(
                "no position to search: 'position {refused}' was refused"
            ));
            return self.out.line(format_args!("bestmove {NULL_MOVE}"));
        }
        let engine = self.engine.take().unwrap_or_else(E::new);
        let side = self.position.side_to_move();
        let (limits, soft_limit) = go.limits(side, received);
        let ponder = go.ponder.then(|| go.clock_budget(side));
        let stop = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicBool::new(false));
        let clock = Arc::new(SharedClock {
            soft_limit: Mutex::new(soft_limit),
            waits_for_stop: AtomicBool::new(go.infinite || go.ponder),
        });
        let search = Thinking {
            position: self.position.clone(),
            limits,
            clock: Arc::clone(&clock),
            stop: Arc::clone(&stop),
            done: Arc::clone(&done),
            out: self.out.clone(),
        };
        let spawned = thread::Builder::new()
            .name("search".to_string())
            .spawn(move || search.think(engine));
        match spawned {
            Ok(thread) => {
                self.search = Some(Search {
                    stop,
                    done,
                    thread,
                    clock,
                    ponder,
                })
            }
            Err(error) => {
                self.out
                    .info(format_args!("cannot start the search: {error}"));
                // The engine went with the thread that never started; the
                // options set on it are set again on a fresh one.
                self.engine = Some(self.fresh_engine());
            }
        }
    }
}

/// What the loop may change while a search runs: `ponderhit` starts the
/// clock of a search that pondered.
struct SharedClock {
    /// Under a clock: no iteration begins after this.
    soft_limit: Mutex<Option<Instant>>,
    /// `go infinite`, or `go ponder` until `ponderhit`: the move waits for
    /// `stop`.
    waits_for_stop: AtomicBool,
}

/// The clock of a `go ponder`, which starts at `ponderhit`: the budget and
/// the soft limit, from that moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pondering {
    budget: Option<Duration>,
    soft: Option<Duration>,
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// What the search thread is given besides the engine.
struct Thinking {
    position: Position,
    limits: Limits,
    clock: Arc<SharedClock>,
    stop: Arc<AtomicBool>,
    done: Arc<AtomicBool>,
    out: Output,
}

impl Thinking {
    // ANCHOR: think
    /// The search thread: deepens, prints the move, and hands the engine
    /// back.
    fn think<E: Engine>(mut self, mut engine: E) -> E {
        // Step 1. Deepen, with an `info` line per finished iteration.
        let out = &self.out;
        let started = Instant::now();
        let mut told = 0;
        let report = deepen(
            &mut engine,
            &mut self.position,
            &self.limits,
            &self.stop,
            Trace::off(),
            |iteration| {
                told = iteration.nodes;
                tell(out, &self.clock, &self.stop, iteration);
            },
        );
        if report.nodes > told {
            // An iteration stopped unfinished still visited its nodes: the
            // whole count is told, with no depth, score or line, which
            // stay the last finished iteration's.
            let elapsed = started.elapsed();
            let nps = nodes_per_second(report.nodes, elapsed);
            let time = elapsed.as_millis();
            out.line(format_args!(
                "info nodes {} time {time} nps {nps}",
                report.nodes
            ));
        }
        if report.best.is_none() {
            // Mate or stalemate: say which before the null move.
            out.line(format_args!("info depth 0 score {}", Score(report.value)));
        }
        // Step 2. After `go infinite`, or while pondering, the move waits
        // for `stop` (or `ponderhit`). The flags are checked again after
        // every wake-up, which may come without them.
        while self.clock.waits_for_stop.load(Ordering::Relaxed)
            && !self.stop.load(Ordering::Relaxed)
        {
            thread::park();
        }
        // Step 3. The search is over from here, for the loop that reads
        // the next command as soon as the GUI has read the move.
        self.done.store(true, Ordering::Release);
        match report.best {
            Some(mv) => out.line(format_args!("bestmove {mv}")),
            None => out.line(format_args!("bestmove {NULL_MOVE}")),
        }
        engine
    }
    // ANCHOR_END: think
}

// ANCHOR: told
/// What the GUI is told while the engine thinks: an `info` line per
/// finished iteration. An iteration that finishes past the soft limit is
/// the last: it raises the stop flag, so no new one begins.
fn tell(out: &Output, clock: &SharedClock, stop: &AtomicBool, iteration: &Iteration) {
    out.line(iteration);
    let soft_limit = *lock(&clock.soft_limit);
    if soft_limit.is_some_and(|soft_limit| Instant::now() >= soft_limit) {
        stop.store(true, Ordering::Relaxed);
    }
}
// ANCHOR_END: told

/// An option as the `uci` command lists it:
/// `option name Hash type spin default 16 min 1 max 1024`.
struct OptionLine<'a, E>(&'a EngineOption<E>);

impl<E> fmt::Display for OptionLine<'_, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let option = self.0;
        write!(f, "option name {} type ", option.name)?;
        match option.kind {
            OptionKind::Check { default, .. } => write!(f, "check default {default}"),
            OptionKind::Spin {
                default, min, max, ..
            } => {
                write!(f, "spin default {default} min {min} max {max}")
            }
            OptionKind::Combo {
                default, choices, ..
            } => {
                write!(f, "combo default {default}")?;
                for choice in choices {
                    write!(f, " var {choice}")?;
                }
                Ok(())
            }
            OptionKind::List { default, .. } => write!(f, "string default {default}"),
        }
    }
}

/// Reads `name NAME [value VALUE]`; a name or a value may hold spaces.
fn read_set_option(words: &[&str]) -> Result<(String, Option<String>), String> {
    let Some((&"name", rest)) = words.split_first() else {
        return Err("setoption needs: setoption name NAME value VALUE".to_string());
    };
    let (name, value) = match rest.iter().position(|&word| word == "value") {
        Some(at) => (&rest[..at], Some(rest[at + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err("setoption: the option name is missing".to_string());
    }
    Ok((name.join(" "), value))
}

/// Reads `startpos|fen FEN [moves ...]` into a position.
fn read_position(words: &[&str]) -> Result<Position, String> {
    let moves_at = words
        .iter()
        .position(|&word| word == "moves")
        .unwrap_or(words.len());
    let (setup, moves) = (&words[..moves_at], words.get(moves_at + 1..).unwrap_or(&[]));
    let mut position = match setup.split_first() {
        Some((&"startpos", [])) => Position::startpos(),
        Some((&"fen", fields)) => {
            let fen = fields.join(" ");
            Position::from_fen(&fen).map_err(|error| {
                format!(
                    "bad fen '{}': {}",
                    shortened(&fen, ECHOED_FEN),
                    shortened(&error.to_string(), ECHOED_REASON)
                )
            })?
        }
        _ => {
            return Err(format!(
                "position needs 'startpos' or 'fen FEN', then perhaps 'moves ...', not '{}'",
                shortened(&setup.join(" "), ECHOED)
            ))
        }
    };
    for (index, text) in moves.iter().enumerate() {
        let mv = position.parse_move(text).map_err(|error| {
            let reason = shortened(&error.to_string(), ECHOED_REASON);
            format!("move {} of the list: {reason}", index + 1)
        })?;
        position.make(mv);
    }
    Ok(position)
}

/// The parameters of a `go` command.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Go {
    depth: Option<u32>,
    nodes: Option<u64>,
    movetime: Option<Duration>,
    wtime: Option<Duration>,
    btime: Option<Duration>,
    winc: Option<Duration>,
    binc: Option<Duration>,
    movestogo: Option<u32>,
    /// `infinite`: search until `stop`.
    infinite: bool,
    /// `ponder`: search until `stop`, or with the clock from `ponderhit`.
    ponder: bool,
}

impl Go {
    /// Reads the parameters, with a warning for each one skipped or
    /// changed; a limit that is not a number, or a node budget or move
    /// count below zero, refuses the whole command.
    fn read(words: &[&str]) -> Result<(Go, Vec<String>), String> {
        let mut go = Go::default();
        let mut warnings = Vec::new();
        let mut words = words.iter().copied().peekable();
        while let Some(word) = words.next() {
            // Every parameter but these takes a number.
            match word {
                "infinite" => {
                    go.infinite = true;
                    continue;
                }
                "ponder" => {
                    go.ponder = true;
                    continue;
                }
                "searchmoves" => {
                    warnings
                        .push("searchmoves is not supported: every move is searched".to_string());
                    while words.next_if(|next| !is_go_keyword(next)).is_some() {}
                    continue;
                }
                _ => {}
            }
            if !is_go_keyword(word) {
                let word = shortened(word, ECHOED);
                warnings.push(format!("go: unknown parameter '{word}' skipped"));
                continue;
            }
            // Read wide, so that any whole number a GUI sends is one.
            let Some(number) = words.next().and_then(|text| text.parse::<i128>().ok()) else {
                return Err(format!("go: {word} needs a whole number"));
            };
            if number < 0 && matches!(word, "nodes" | "movestogo") {
                return Err(format!("go: {word} {number} is below zero"));
            }
            // Some GUIs send a negative time once the flag has fallen; a
            // time past what a clock holds is as good as no limit.
            let count = u64::try_from(number.max(0)).unwrap_or(u64::MAX);
            let millis = Some(Duration::from_millis(count));
            match word {
                "depth" => {
                    let depth = number.clamp(1, i128::from(MAX_DEPTH)) as u32;
                    if i128::from(depth) != number {
                        warnings.push(format!(
                            "depth {number} is outside 1 to {MAX_DEPTH}: searching to depth {depth}"
                        ));
                    }
                    go.depth = Some(depth);
                }
                "nodes" => go.nodes = Some(count),
                "movetime" => go.movetime = millis,
                "wtime" => go.wtime = millis,
                "btime" => go.btime = millis,
                "winc" => go.winc = millis,
                "binc" => go.binc = millis,
                "movestogo" => go.movestogo = Some(u32::try_from(count).unwrap_or(u32::MAX)),
                _ => warnings.push(format!("go {word} is not supported, skipped")),
            }
        }
        Ok((go, warnings))
    }

    /// The limits for the side to move, timed from `received`, and the
    /// soft limit under a clock. With no limit at all, the search goes to
    /// [`DEFAULT_DEPTH`]. `infinite` means until `stop`, so it has no clock
    /// and no node budget (a budget would raise the stop flag itself), only
    /// perhaps a depth. `movetime` has no soft limit: iterations begin
    /// until the deadline, which stops the last.
    fn limits(&self, side: Color, received: Instant) -> (Limits, Option<Instant>) {
        // Pondering searches with no clock until `ponderhit`.
        let until_stop = self.infinite || self.ponder;
        let Pondering { budget, soft } = if until_stop {
            Pondering {
                budget: None,
                soft: None,
            }
        } else {
            self.clock_budget(side)
        };
        let unbounded = budget.is_none() && self.nodes.is_none() && !until_stop;
        let depth = self
            .depth
            .unwrap_or(if unbounded { DEFAULT_DEPTH } else { MAX_DEPTH });
        let limits = Limits {
            depth,
            // So far away that it overflows the clock: no deadline at all.
            deadline: budget.and_then(|budget| received.checked_add(budget)),
            nodes: self.nodes.filter(|_| !until_stop),
        };
        (limits, soft.and_then(|soft| received.checked_add(soft)))
    }

    /// The budget and the soft limit the time given allows `side`, from the
    /// moment its clock starts: `movetime` less a margin and no soft limit,
    /// or the clock's shares; none without a time.
    fn clock_budget(&self, side: Color) -> Pondering {
        if let Some(movetime) = self.movetime {
            return Pondering {
                budget: Some(movetime_budget(movetime)),
                soft: None,
            };
        }
        let (time, increment) = match side {
            Color::White => (self.wtime, self.winc),
            Color::Black => (self.btime, self.binc),
        };
        let clock = time.map(|time_left| Clock {
            time_left,
            increment: increment.unwrap_or_default(),
            moves_to_go: self.movestogo,
        });
        Pondering {
            budget: clock.map(|clock| clock.budget()),
            soft: clock.map(|clock| clock.soft_limit()),
        }
    }
}

/// The `go` parameters that take a number, and `mate`, which is read but
/// not supported.
fn is_go_keyword(word: &str) -> bool {
    matches!(
        word,
        "depth"
            | "nodes"
            | "movetime"
            | "wtime"
            | "btime"
            | "winc"
            | "binc"
            | "movestogo"
            | "mate"
            | "infinite"
            | "ponder"
            | "searchmoves"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_reads_its_parameters() {
        let (go, warnings) = Go::read(&[
            "wtime",
            "-5",
            "btime",
            "300",
            "movestogo",
            "12",
            "depth",
            "10000",
            "bogus",
        ])
        .unwrap();
        assert_eq!(go.wtime, Some(Duration::ZERO));
        assert_eq!(go.btime, Some(Duration::from_millis(300)));
        assert_eq!(go.movestogo, Some(12));
        assert_eq!(go.depth, Some(MAX_DEPTH));
        assert_eq!(
            warnings,
            [
                "depth 10000 is outside 1 to 64: searching to depth 64",
                "go: unknown parameter 'bogus' skipped",
            ]
        );
    }

    #[test]
    fn a_limit_is_a_number_or_the_go_is_refused() {
        let refused = |words: &[&str]| Go::read(words).unwrap_err();
        assert_eq!(refused(&["nodes", "x"]), "go: nodes needs a whole number");
        assert_eq!(refused(&["nodes", "-5"]), "go: nodes -5 is below zero");
        assert_eq!(refused(&["movetime"]), "go: movetime needs a whole number");
        let (go, _) = Go::read(&["movetime", "18446744073709551615"]).unwrap();
        assert_eq!(go.movetime, Some(Duration::from_millis(u64::MAX)));
        let (go, _) = Go::read(&["nodes", "99999999999999999999999"]).unwrap();
        assert_eq!(go.nodes, Some(u64::MAX));
    }

    #[test]
    fn a_bad_fen_is_echoed_shortened() {
        // A placement of 100,000 characters, and a castling field as long.
        let placement = "p".repeat(100_000);
        let castling = format!("4k3/8/8/8/8/8/8/4K3 w {} - 0 1", "K".repeat(100_000));
        for fen in [placement.as_str(), castling.as_str()] {
            let words: Vec<&str> = std::iter::once("fen").chain(fen.split(' ')).collect();
            let message = read_position(&words).unwrap_err();
            assert!(message.starts_with("bad fen '"), "{message}");
            assert!(message.len() < 400, "{} bytes", message.len());
        }
        // A real FEN is echoed whole.
        let fen = "4k3/8/8/8/8/8/8/4K3 w KQ - 0 1";
        let words: Vec<&str> = std::iter::once("fen").chain(fen.split(' ')).collect();
        assert!(read_position(&words)
            .unwrap_err()
            .starts_with(&format!("bad fen '{fen}': ")));
    }
}
