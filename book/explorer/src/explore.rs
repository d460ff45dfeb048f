//! `explore`: step through a search in the terminal: a saved one
//! (`explore --record FILE`), or one that a step searches with `search`'s
//! options (`explore v09 --fen ... --moves ... --depth N` and the step's own
//! switches) into a scratch record. The scratch file's name is removed as
//! soon as it is created, and the record lives in the open file alone, so
//! nothing is left behind however the run ends, Ctrl-C during the search
//! included (on a system that cannot remove an open file's name, it goes
//! when the explorer returns).
//!
//! `--why MOVE` asks one question instead of opening the screen: why the
//! search did not choose the root move MOVE ([`lamosca_reader::why`]). It
//! prints the answer and exits, on a terminal or not; with a step,
//! `--why-value` adds the two moves' own values ([`lamosca_reader::why_value`]).
//!
//! The screen and the keys are those of [`crate::explorer`]; this
//! file runs them on a real terminal. The terminal is put back as it was
//! when the explorer quits (`q`, Ctrl-C) and when anything panics, so a
//! failure never leaves a shell in raw mode. On a standard output that is
//! not a terminal there is nothing to draw on: the command says so and
//! exits with code 2.

use std::fs::File;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use anyhow::{bail, Context, Result};
use clap::{Args, FromArgMatches};
use crossterm::event::{self, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use crate::explorer::{draw, Explorer, Key};
use crate::limits::{self, Progress};
use common::Position;
use lamosca_front::cli::{depth_parser, options, PositionArgs};
use lamosca_reader::{why, why_value, Record};
use lamosca_record::{Header, Recorder};
use lamosca_search::deepen::{deepen, Limits, Trace, DEFAULT_DEPTH, MAX_DEPTH};
use lamosca_search::engine::{Engine, Report, SearchControl};
use lamosca_search::events::{Both, Listener, Tracer};

/// What a step searches for the explorer: a position and a depth, and the
/// one question to answer instead of opening the screen.
#[derive(Args, Debug)]
pub struct SearchArgs {
    /// How many plies deep to search, 1 to 64 [default: 4, or with --nodes
    /// as deep as the budget allows]
    #[arg(long, value_name = "N", value_parser = depth_parser())]
    depth: Option<u32>,

    /// Visit at most N nodes, deepening one depth at a time, as the step's
    /// `search --nodes N` does; the answer is the deepest finished depth's
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,

    #[command(flatten)]
    position: PositionArgs,

    #[command(flatten)]
    why: WhyArgs,

    /// With --why, also search MOVE and the move chosen again, each with
    /// the full window from the position after it, one ply less deep, and
    /// print both values: `a7a8n: -200 (a7a8q: +500)`
    #[arg(long, requires = "why")]
    why_value: bool,
}

impl SearchArgs {
    /// The depth searched: `--depth`, or 4, or with `--nodes` as deep as
    /// the budget allows.
    fn depth(&self) -> u32 {
        let deepest = if self.nodes.is_some() {
            MAX_DEPTH
        } else {
            DEFAULT_DEPTH
        };
        self.depth.unwrap_or(deepest)
    }
}

/// `--why MOVE`: the question `explore` answers without the screen.
#[derive(Args, Debug)]
pub struct WhyArgs {
    /// Print why the root move MOVE was not chosen (its value or bound, the
    /// reply that refuted it, and the line) and exit, without the screen
    #[arg(long, value_name = "MOVE")]
    pub why: Option<String>,
}

/// The command line of `explore STEP`: [`SearchArgs`] and the step's own
/// switches, as the step's `search` takes them.
pub fn step_command<E: Engine>(name: &'static str) -> clap::Command {
    let about = format!("Search with {} and step through its record", E::NAME);
    SearchArgs::augment_args(clap::Command::new(name).about(about)).args(options::args(E::OPTIONS))
}

/// Searches with engine `E` as `matches` (of [`step_command`]) ask, into a
/// scratch record, and runs the explorer on it until the reader quits; or,
/// with `--why`, prints the answer to `out`.
///
/// The search runs twice: first unrecorded, to count its nodes, so that
/// one too large to explore is refused before a byte of its record is
/// written ([`limits::refuse_nodes`]); then recorded, with its progress on
/// a terminal's standard error. Each run has a fresh engine, so the second
/// search is the one the step's `search` makes.
pub fn explore_search<E: Engine>(matches: &clap::ArgMatches, out: &mut impl Write) -> Result<()> {
    let args = SearchArgs::from_arg_matches(matches)?;
    let position = args.position.position()?;
    match &args.why.why {
        Some(mv) => position.parse_move(mv).map(drop).context("--why")?,
        None => terminal_or_bail()?,
    }
    let nodes = count::<E>(matches, &position, &args);
    let what = match args.nodes {
        Some(budget) => format!("{} under a budget of {budget} nodes", E::NAME),
        None => format!("{} to depth {}", E::NAME, args.depth()),
    };
    limits::refuse_nodes(&what, nodes)?;

    let path = std::env::temp_dir().join(format!("lamosca-{}.jsonl", std::process::id()));
    let _remove = Scratch(path.clone());
    let file = File::options()
        .read(true)
        .write(true)
        .create_new(true)
        .open(&path)
        .with_context(|| format!("cannot write the record '{}'", path.display()))?;
    // Where the system allows it, the name goes now, the file when it is
    // closed; elsewhere `_remove` takes the name on the way out.
    let _ = std::fs::remove_file(&path);
    let header = Header::of::<E>(&position, args.depth(), options::values::<E>(matches));
    let mut recorder = Recorder::new(file.try_clone()?, &header, u32::MAX)?;
    let mut progress = Progress::new(nodes);
    let report = search(
        &mut engine::<E>(matches),
        &position,
        &args,
        &mut Both(&mut recorder, &mut progress),
    );
    progress.done();
    recorder
        .finish(&report)
        .context("cannot write the scratch record")?;
    let record = Record::from_file(file).context("cannot read the scratch record")?;

    let Some(mv) = &args.why.why else {
        return explore_record(&record);
    };
    write!(out, "{}", why(&record, mv)?)?;
    if args.why_value {
        let mut engine = engine::<E>(matches);
        let answer = why_value(&mut engine, &position, mv, report.best, report.depth)?;
        writeln!(out, "{answer}")?;
    }
    Ok(())
}

/// A fresh engine `E` with the step's switches as `matches` set them.
fn engine<E: Engine>(matches: &clap::ArgMatches) -> E {
    let mut engine = E::new();
    options::apply(&mut engine, matches);
    engine
}

/// How many nodes the search `args` ask for visits, as far as a refusal
/// needs to know: under `--nodes`, its budget; otherwise counted by the
/// search itself, unrecorded, stopped one node past [`limits::MOST_NODES`].
fn count<E: Engine>(matches: &clap::ArgMatches, position: &Position, args: &SearchArgs) -> u64 {
    if let Some(budget) = args.nodes {
        return budget;
    }
    let control = SearchControl::unlimited().with_node_limit(limits::MOST_NODES + 1);
    let mut position = position.clone();
    engine::<E>(matches)
        .search(&mut position, args.depth(), &control, &mut Tracer::off())
        .nodes
}

/// The search `args` ask for, every level heard by `listener`: one search
/// to `--depth`, or with `--nodes` a deepening, as the step's `search`
/// makes them.
fn search<E: Engine>(
    engine: &mut E,
    position: &Position,
    args: &SearchArgs,
    listener: &mut dyn Listener,
) -> Report {
    let mut position = position.clone();
    let Some(nodes) = args.nodes else {
        let control = SearchControl::unlimited();
        let mut tracer = Tracer::new(u32::MAX, listener);
        return engine.search(&mut position, args.depth(), &control, &mut tracer);
    };
    let limits = Limits {
        depth: args.depth(),
        deadline: None,
        nodes: Some(nodes),
    };
    let trace = Trace {
        levels: u32::MAX,
        listener: Some(listener),
    };
    let no_stop = Arc::new(AtomicBool::new(false));
    deepen(engine, &mut position, &limits, &no_stop, trace, |_| {})
}

/// Refuses to run where standard output is no terminal.
fn terminal_or_bail() -> Result<()> {
    if !io::stdout().is_terminal() {
        bail!(
            "explore draws on a terminal, and standard output is not one \
             (to keep a search as a file, use a step's `search --record FILE`)"
        );
    }
    Ok(())
}

/// Removes the scratch record when dropped.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Runs the explorer on the record at `path`, or with `why` prints the
/// answer to `out`. The record is read and checked first, so that a
/// broken one is named (its line and what is wrong) wherever the command
/// runs, a terminal or not.
pub fn explore_file(path: &Path, why_args: &WhyArgs, out: &mut impl Write) -> Result<()> {
    let record = limits::open(path)
        .with_context(|| format!("cannot read the record {}", limits::named(path)))?;
    match &why_args.why {
        Some(mv) => Ok(write!(out, "{}", why(&record, mv)?)?),
        None => explore_record(&record),
    }
}

/// Runs the explorer on `record` until the reader quits.
fn explore_record(record: &Record) -> Result<()> {
    terminal_or_bail()?;
    let mut explorer = Explorer::new(record)?;
    // `try_init` enters raw mode and the alternate screen and installs a
    // panic hook that leaves them; the guard leaves them on every return.
    let mut terminal = ratatui::try_init().context("cannot set up the terminal")?;
    let _restore = Restore;
    while !explorer.done() {
        terminal.draw(|frame| draw(frame, &explorer))?;
        if let event::Event::Key(key) = event::read()? {
            if let Some(key) = key_of(key) {
                explorer.press(key)?;
            }
        }
    }
    Ok(())
}

/// Puts the terminal back when dropped.
struct Restore;

impl Drop for Restore {
    fn drop(&mut self) {
        ratatui::restore();
    }
}

/// The explorer's key for a terminal's key press; releases and keys it has
/// no use for give none.
fn key_of(key: KeyEvent) -> Option<Key> {
    if key.kind != KeyEventKind::Press {
        return None;
    }
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return (key.code == KeyCode::Char('c')).then_some(Key::Interrupt);
    }
    Some(match key.code {
        KeyCode::Char(letter) => Key::Char(letter),
        KeyCode::Enter => Key::Enter,
        KeyCode::Backspace => Key::Backspace,
        KeyCode::Esc => Key::Esc,
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::Left => Key::Left,
        KeyCode::Right => Key::Right,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ctrl_c_quits_and_releases_are_ignored() {
        let press = |code, modifiers| KeyEvent::new(code, modifiers);
        assert_eq!(
            key_of(press(KeyCode::Char('c'), KeyModifiers::CONTROL)),
            Some(Key::Interrupt)
        );
        assert_eq!(
            key_of(press(KeyCode::Char('c'), KeyModifiers::NONE)),
            Some(Key::Char('c'))
        );
        let mut release = press(KeyCode::Char('q'), KeyModifiers::NONE);
        release.kind = KeyEventKind::Release;
        assert_eq!(key_of(release), None);
    }
}
