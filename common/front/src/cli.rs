//! The command line every version shares.
//!
//! A version's `main.rs` hands its search to [`run`], which reads the
//! arguments and runs one of five commands:
//!
//! | command | what it does |
//! |---|---|
//! | `perft DEPTH [--divide]` | counts the move tree, printed as Stockfish's `go perft` prints it, so that the two outputs can be compared with `diff` |
//! | `perft-suite FILE [--depth N]` | checks every count of an EPD suite (see `common/suites/`) |
//! | `search [--depth N] [--trace L] [--words it] [--paths] [--record FILE] [--record-levels L]` | searches one position and prints LaMoSca's log, the statistics and the move, and writes its record |
//! | `bench [--depth N] [--repeat R]` | searches a fixed set of positions and reports nodes and speed |
//! | `uci` | speaks UCI ([`crate::uci`]); also what runs with no arguments, which is how a GUI starts an engine |
//!
//! `perft` and `search` start from `--fen FEN` (in quotes: a FEN has
//! spaces) or the start position, after `--moves e2e4 e7e5 ...`.
//!
//! The version's options ([`Engine::OPTIONS`]) become switches of `search`
//! and `bench`, listed in their `--help` under "Engine options": an option
//! on by default is switched off with `--no-FLAG`, one off by default on
//! with `--FLAG`, a number is `--FLAG N` and a word `--FLAG WORD`. Their
//! values are read by [`crate::EngineOption::parse_value`], the function
//! UCI's `setoption` uses too, so that a GUI and the command line accept the
//! same values and refuse the others with the same words.
//!
//! Standard output carries the results only, so that it can be compared
//! with other programs' or kept as a snapshot, and two runs print the same
//! bytes; times go to standard error (`Time: ...`).
//!
//! A mistake in the input (a malformed FEN, an illegal move, a depth out of
//! range, an unknown command or switch) is reported on one line of standard
//! error, `error: ...`, and the program exits with code 2, as it does for
//! the mistakes clap finds. `perft-suite` exits with code 1 when a count is
//! wrong.

mod bench;
pub mod options;
mod perft;
mod search;

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{anyhow, Result};
use clap::builder::RangedI64ValueParser;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};

use common::Position;
use lamosca_search::deepen::MAX_DEPTH;
use lamosca_search::engine::Engine;

use crate::echo::{shortened, ECHOED_FEN, ECHOED_REASON, ECHOED_WORD};

/// The exit code for input the program cannot work with, as clap uses it.
const EXIT_BAD_INPUT: u8 = 2;

/// The exit code of `perft-suite` when a count is wrong.
const EXIT_WRONG_COUNT: u8 = 1;

/// The command line.
#[derive(Parser, Debug)]
#[command(
    after_help = "With no command, the engine speaks UCI on standard input and output, as a chess GUI expects."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the leaves of the legal move tree, as Stockfish's `go perft` does
    Perft(perft::PerftArgs),
    /// Check the perft counts of every position of an EPD file
    PerftSuite(perft::SuiteArgs),
    /// Search a position and print the log, the statistics and the best move
    Search(search::SearchArgs),
    /// Search a fixed set of positions and report nodes and speed
    Bench(bench::BenchArgs),
    /// Speak UCI on standard input and output (also what runs with no command)
    Uci,
}

/// Where a command starts: a position, and moves played from it.
#[derive(Args, Debug)]
pub struct PositionArgs {
    /// The position, as a FEN in quotes [default: the start position]
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,

    /// Moves to play from the position first, in UCI notation (e2e4 e7e5 ...)
    #[arg(long, value_name = "MOVE", num_args = 1..)]
    pub moves: Vec<String>,
}

impl PositionArgs {
    /// The position the arguments describe, or what is wrong with them.
    pub fn position(&self) -> Result<Position> {
        let mut position = match &self.fen {
            Some(fen) => Position::from_fen(fen).map_err(|error| {
                anyhow!(
                    "bad --fen '{}': {}",
                    shortened(fen, ECHOED_FEN),
                    shortened(&error.to_string(), ECHOED_REASON)
                )
            })?,
            None => Position::startpos(),
        };
        // `--moves "e2e4 e7e5"` in one argument reads as well as two.
        let moves = self.moves.iter().flat_map(|text| text.split_whitespace());
        for (index, text) in moves.enumerate() {
            let mv = position.parse_move(text).map_err(|error| {
                let reason = shortened(&error.to_string(), ECHOED_REASON);
                anyhow!("move {} of --moves: {reason}", index + 1)
            })?;
            position.make(mv);
        }
        Ok(position)
    }
}

/// Reads a depth, 1 to [`MAX_DEPTH`].
pub fn depth_parser() -> RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(1..=i64::from(MAX_DEPTH))
}

/// Reads a trace depth, 0 (no trace) to [`MAX_DEPTH`].
fn trace_parser() -> RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(0..=i64::from(MAX_DEPTH))
}

/// The command line of engine `E`: the commands, with `E`'s options as
/// switches of `search` and `bench`. A version's tests can check it with
/// [`clap::Command::debug_assert`], which catches a switch named twice.
pub fn command<E: Engine>() -> clap::Command {
    Cli::command()
        .about(format!(
            "{}, after Pietro Valocchi's LaMoSca: perft, search, bench and UCI",
            E::NAME
        ))
        .mut_subcommand("search", |search| search.args(options::args(E::OPTIONS)))
        .mut_subcommand("bench", |bench| bench.args(options::args(E::OPTIONS)))
}

// ANCHOR: run
/// Runs the command line for engine `E` and returns the exit code: 0 when
/// all went well, 1 when `perft-suite` found a wrong count, 2 for bad input.
pub fn run<E: Engine>() -> ExitCode {
    let matches = match command::<E>().try_get_matches() {
        Ok(matches) => matches,
        Err(error) => return clap_error(&error),
    };
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(error) => return clap_error(&error),
    };
    // The engine, set up with the switches of the command given.
    let engine = || {
        let mut engine = E::new();
        if let Some((_, switches)) = matches.subcommand() {
            options::apply(&mut engine, switches);
        }
        engine
    };
    // Their values, for a record's header.
    let values = || {
        matches
            .subcommand()
            .map(|(_, switches)| options::values::<E>(switches))
            .unwrap_or_default()
    };
    let out = &mut io::stdout();
    let done = match cli.command {
        None | Some(Command::Uci) => {
            crate::uci::run::<E>(io::stdin().lock(), io::stdout());
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Perft(args)) => perft::run_perft(&args, out).map(|()| ExitCode::SUCCESS),
        Some(Command::PerftSuite(args)) => perft::run_suite(&args, out),
        Some(Command::Search(args)) => {
            search::run_search(engine(), &args, values(), out).map(|()| ExitCode::SUCCESS)
        }
        Some(Command::Bench(args)) => {
            bench::run_bench(engine(), &args, out).map(|()| ExitCode::SUCCESS)
        }
    };
    done.unwrap_or_else(|error| report_error(&error))
}
// ANCHOR_END: run

/// Prints what went wrong on one line of standard error, with the context
/// gathered on the way (`error: move 2 of --moves: 'e2e5' is not a legal
/// move here`), and gives the exit code for bad input.
fn report_error(error: &anyhow::Error) -> ExitCode {
    // A reader that went away (`| head`) is no mistake of the user's.
    let closed_pipe = error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|error| error.kind() == io::ErrorKind::BrokenPipe)
    });
    if closed_pipe {
        return ExitCode::SUCCESS;
    }
    let _ = writeln!(io::stderr(), "error: {error:#}");
    ExitCode::from(EXIT_BAD_INPUT)
}

/// Prints a message of clap: help and version in full on standard output,
/// a mistake on one line of standard error.
fn clap_error(error: &clap::Error) -> ExitCode {
    let code = ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(EXIT_BAD_INPUT));
    if !error.use_stderr() {
        let _ = error.print();
        return code;
    }
    let _ = writeln!(io::stderr(), "{}", one_line(&error.render().to_string()));
    code
}

/// Folds a message of clap onto one line: its first paragraph, then any
/// `tip:` in brackets. The usage and the pointer to `--help` are left out.
fn one_line(message: &str) -> String {
    // A word of clap's own is short; a longer one is the input echoed.
    let words = |paragraph: &str| {
        let words = paragraph.split_whitespace();
        let words: Vec<String> = words.map(|word| shortened(word, ECHOED_WORD)).collect();
        words.join(" ")
    };
    let mut paragraphs = message
        .split("\n\n")
        .map(str::trim)
        .filter(|paragraph| !paragraph.is_empty());
    let mut line = paragraphs
        .next()
        .map(words)
        .unwrap_or_else(|| "error: bad command line".to_string());
    for tip in paragraphs.filter(|paragraph| paragraph.starts_with("tip:")) {
        line.push_str(&format!(" ({})", words(tip)));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clap_messages_fold_onto_one_line() {
        assert_eq!(
            one_line(
                "error: the following required arguments were not provided:\n  <DEPTH>\n\n\
                 Usage: lamosca perft <DEPTH>\n\nFor more information, try '--help'.\n"
            ),
            "error: the following required arguments were not provided: <DEPTH>"
        );
        assert_eq!(
            one_line(
                "error: unrecognized subcommand 'prft'\n\n  tip: a similar subcommand exists: 'perft'\n\n\
                 Usage: lamosca [COMMAND]\n\nFor more information, try '--help'.\n"
            ),
            "error: unrecognized subcommand 'prft' (tip: a similar subcommand exists: 'perft')"
        );
        // Input echoed whole is cut, however long.
        let long = format!(
            "error: invalid value '{}' for '--depth <N>'\n",
            "x".repeat(100_000)
        );
        assert!(one_line(&long).len() < 200, "{}", one_line(&long).len());
    }

    #[test]
    fn positions_name_the_move_that_fails() {
        let args = PositionArgs {
            fen: None,
            moves: vec!["e2e4 e7e5".to_string(), "e1e3".to_string()],
        };
        let error = args.position().unwrap_err();
        assert_eq!(
            format!("{error:#}"),
            "move 3 of --moves: 'e1e3' is not a legal move here"
        );
        let args = PositionArgs {
            fen: Some("8/8/8/8 w - -".to_string()),
            moves: Vec::new(),
        };
        assert!(format!("{:#}", args.position().unwrap_err())
            .starts_with("bad --fen '8/8/8/8 w - -': "));
    }

    #[test]
    fn a_long_fen_or_move_is_echoed_shortened() {
        for fen in [
            "p".repeat(100_000),
            format!("4k3/8/8/8/8/8/8/4K3 w {} - 0 1", "K".repeat(100_000)),
        ] {
            let args = PositionArgs {
                fen: Some(fen),
                moves: Vec::new(),
            };
            let message = format!("{:#}", args.position().unwrap_err());
            assert!(message.starts_with("bad --fen '"), "{message}");
            assert!(message.len() < 400, "{} bytes", message.len());
        }
        let args = PositionArgs {
            fen: None,
            moves: vec!["e".repeat(100_000)],
        };
        let message = format!("{:#}", args.position().unwrap_err());
        assert!(message.starts_with("move 1 of --moves: '"), "{message}");
        assert!(message.len() < 400, "{} bytes", message.len());
    }
}
