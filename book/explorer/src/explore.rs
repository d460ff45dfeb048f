//! `explore`: step through a search in the terminal: a saved one
//! (`explore --record FILE`), or one that a step searches with `search`'s
//! options (`explore v09 --fen ... --moves ... --depth N` and the step's own
//! switches) into a scratch record. The scratch file's name is removed as
//! soon as it is created, and the record lives in the open file alone, so
//! nothing is left behind however the run ends, Ctrl-C during the search
//! included (on a system that cannot remove an open file's name, it goes
//! when the explorer returns).
//!
//! The screen and the keys are those of [`crate::explorer`]; this
//! file runs them on a real terminal. The terminal is put back as it was
//! when the explorer quits (`q`, Ctrl-C) and when anything panics, so a
//! failure never leaves a shell in raw mode. On a standard output that is
//! not a terminal there is nothing to draw on: the command says so and
//! exits with code 2.

use std::fs::File;
use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use clap::{Args, FromArgMatches};
use crossterm::event::{self, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use serde_json::{Map, Value};

use crate::explorer::{draw, Explorer, Key};
use lamosca_front::cli::{depth_parser, options, PositionArgs};
use lamosca_record::{record_search, Record};
use lamosca_search::deepen::DEFAULT_DEPTH;
use lamosca_search::engine::Engine;

/// What a step searches for the explorer: a position and a depth.
#[derive(Args, Debug)]
pub struct SearchArgs {
    /// How many plies deep to search, 1 to 64 [default: 4]
    #[arg(long, value_name = "N", value_parser = depth_parser())]
    depth: Option<u32>,

    #[command(flatten)]
    position: PositionArgs,
}

/// The command line of `explore STEP`: [`SearchArgs`] and the step's own
/// switches, as the step's `search` takes them.
pub fn step_command<E: Engine>(name: &'static str) -> clap::Command {
    let about = format!("Search with {} and step through its record", E::NAME);
    SearchArgs::augment_args(clap::Command::new(name).about(about)).args(options::args(E::OPTIONS))
}

/// Searches with engine `E` as `matches` (of [`step_command`]) ask, into a
/// scratch record, and runs the explorer on it until the reader quits.
pub fn explore_search<E: Engine>(matches: &clap::ArgMatches) -> Result<()> {
    let args = SearchArgs::from_arg_matches(matches)?;
    let position = args.position.position()?;
    let mut engine = E::new();
    options::apply(&mut engine, matches);
    let values: Map<String, Value> = options::values::<E>(matches);
    let depth = args.depth.unwrap_or(DEFAULT_DEPTH);
    terminal_or_bail()?;
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
    record_search(&mut engine, &position, depth, 0, values, file.try_clone()?)?;
    let record = Record::from_file(file).context("cannot read the scratch record")?;
    explore_record(&record)
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

/// Runs the explorer on the record at `path`. The record is read and
/// checked first, so that a broken one is named (its line and what is
/// wrong) wherever the command runs, a terminal or not.
pub fn explore_file(path: &Path) -> Result<()> {
    let record = Record::open(path)
        .with_context(|| format!("cannot read the record '{}'", path.display()))?;
    explore_record(&record)
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
