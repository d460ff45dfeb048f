//! `explore --record FILE`: step through a saved search in the terminal.
//!
//! The screen and the keys are those of [`crate::record::explorer`]; this
//! file runs them on a real terminal. The terminal is put back as it was
//! when the explorer quits (`q`, Ctrl-C) and when anything panics, so a
//! failure never leaves a shell in raw mode. On a standard output that is
//! not a terminal there is nothing to draw on: the command says so and
//! exits with code 2.

use std::io::{self, IsTerminal};
use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use clap::Args;
use crossterm::event::{self, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use crate::record::explorer::{draw, Explorer, Key};
use crate::record::Record;

/// The arguments of `explore`.
#[derive(Args, Debug)]
pub(super) struct ExploreArgs {
    /// The record to open, as `search --record FILE` writes it
    #[arg(long, value_name = "FILE")]
    record: PathBuf,
}

/// Opens the record and runs the explorer until the reader quits.
pub(super) fn run_explore(args: &ExploreArgs) -> Result<()> {
    let record = Record::open(&args.record)
        .with_context(|| format!("cannot read the record '{}'", args.record.display()))?;
    if !io::stdout().is_terminal() {
        bail!(
            "explore draws on a terminal, and standard output is not one \
             (to keep a search as a file, use `search --record FILE`)"
        );
    }
    let mut explorer = Explorer::new(&record)?;
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
