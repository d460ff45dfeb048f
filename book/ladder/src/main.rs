//! `cargo run --release -p ladder -- <command>`: a match between two
//! engines, or a short UCI session with one. `--help` lists the switches.

use std::process::ExitCode;

use anyhow::Result;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use ladder::cli::{self, MatchSwitches, SessionSwitches};

/// Matches between chess engines over UCI and xboard, for the LaMoSca book.
#[derive(Parser, Debug)]
#[command(name = "ladder")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    Match(MatchSwitches),
    Session(SessionSwitches),
}

fn main() -> ExitCode {
    let matches = Cli::command().get_matches();
    let outcome = Cli::from_arg_matches(&matches)
        .map_err(anyhow::Error::from)
        .and_then(|cli| run(cli, &matches));
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli, matches: &clap::ArgMatches) -> Result<()> {
    match cli.command {
        Command::Match(_) => {
            let switches = matches
                .subcommand_matches("match")
                .expect("clap read `match`");
            let args = cli::match_args(switches)?;
            let words: Vec<String> = std::env::args().skip(2).collect();
            cli::run_match(
                &args,
                &cli::command_line("cargo run --release -p ladder -- match", &words),
            )
        }
        Command::Session(switches) => {
            let (engine, out) = cli::session_args(&switches)?;
            cli::run_session(&engine, out.as_deref())
        }
    }
}
