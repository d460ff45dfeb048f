//! `explore`: step through a search in the terminal.
//!
//! ```text
//! explore --record FILE [--why MOVE]     a record a step's `search --record FILE` wrote
//! explore v09 [--depth N] [--nodes N] [--fen FEN] [--moves M ...] [the step's switches]
//!             [--why MOVE [--why-value]]
//! ```
//!
//! The second form searches with the step named (one subcommand per step
//! of the book's list, [`lamosca_reader::STEPS`]) as its own `search`
//! command would, and opens the record. With `--why MOVE`
//! either form prints why the search did not choose MOVE, and exits. Bad
//! input is one line of standard error and exit code 2, as in the steps'
//! binaries.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{value_parser, Arg, ArgMatches, Command};

use lamosca_explorer::explore::{explore_file, explore_search, step_command, WhyArgs};
use lamosca_reader::{for_each_step, step_names};

fn command() -> Command {
    let mut command = Command::new("explore")
        .about(
            "Step through a search record in the terminal: a saved one, or one a step searches now",
        )
        .arg(
            Arg::new("record")
                .long("record")
                .value_name("FILE")
                .value_parser(value_parser!(PathBuf))
                .help("The record to open, as a step's `search --record FILE` writes it"),
        )
        .arg(
            Arg::new("why")
                .long("why")
                .value_name("MOVE")
                .requires("record")
                .help("Print why the record's search did not choose the root move MOVE, and exit"),
        )
        .args_conflicts_with_subcommands(true)
        .arg_required_else_help(true);
    for_each_step!(step, E => {
        command = command.subcommand(step_command::<E>(step.name));
    });
    command
}

fn run(matches: &ArgMatches) -> anyhow::Result<()> {
    let out = &mut std::io::stdout().lock();
    if let Some((name, args)) = matches.subcommand() {
        for_each_step!(step, E => {
            if step.name == name {
                return explore_search::<E>(args, out);
            }
        });
    }
    match matches.get_one::<PathBuf>("record") {
        Some(path) => {
            let why = matches.get_one::<String>("why").cloned();
            explore_file(path, &WhyArgs { why }, out)
        }
        None => anyhow::bail!("name a record (--record FILE) or a step ({})", step_names()),
    }
}

fn main() -> ExitCode {
    let matches = match command().try_get_matches() {
        Ok(matches) => matches,
        Err(error) => {
            let _ = error.print();
            return ExitCode::from(if error.use_stderr() { 2 } else { 0 });
        }
    };
    match run(&matches) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            let _ = writeln!(std::io::stderr(), "error: {error:#}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_step_has_its_switches_and_none_twice() {
        command().debug_assert();
        let explore = command();
        let names: Vec<&str> = explore
            .get_subcommands()
            .map(|step| step.get_name())
            .collect();
        let listed: Vec<&str> = lamosca_reader::STEPS.iter().map(|step| step.name).collect();
        assert_eq!(names, listed);
        let matches = command()
            .try_get_matches_from(["explore", "v11", "--depth", "5", "--margin", "0"])
            .unwrap();
        assert_eq!(matches.subcommand_name(), Some("v11"));
        assert!(command()
            .try_get_matches_from(["explore", "v09", "--margin", "0"])
            .is_err());
        assert!(command()
            .try_get_matches_from(["explore", "--record", "a.jsonl", "v09"])
            .is_err());
    }
}
