//! `explore`: step through a search in the terminal.
//!
//! ```text
//! explore --record FILE [--why MOVE]     a record a step's `search --record FILE` wrote
//! explore v09 [--depth N] [--nodes N] [--fen FEN] [--moves M ...] [the step's switches]
//!             [--why MOVE [--why-value]]
//! ```
//!
//! The second form searches with the step named (v07, v09, v10 or v11) as
//! its own `search` command would, and opens the record. With `--why MOVE`
//! either form prints why the search did not choose MOVE, and exits. Bad
//! input is one line of standard error and exit code 2, as in the steps'
//! binaries.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{value_parser, Arg, ArgMatches, Command};

use lamosca_explorer::explore::{explore_file, explore_search, step_command, WhyArgs};
use lamosca_v07::NegaMax;
use lamosca_v09::AlphaBeta;
use lamosca_v10_quiescence::QuiescenceSearch;
use lamosca_v11_lazy::LazySearch;

fn command() -> Command {
    Command::new("explore")
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
        .subcommand(step_command::<NegaMax>("v07"))
        .subcommand(step_command::<AlphaBeta>("v09"))
        .subcommand(step_command::<QuiescenceSearch>("v10"))
        .subcommand(step_command::<LazySearch>("v11"))
        .args_conflicts_with_subcommands(true)
        .arg_required_else_help(true)
}

fn run(matches: &ArgMatches) -> anyhow::Result<()> {
    let out = &mut std::io::stdout().lock();
    match matches.subcommand() {
        Some(("v07", step)) => explore_search::<NegaMax>(step, out),
        Some(("v09", step)) => explore_search::<AlphaBeta>(step, out),
        Some(("v10", step)) => explore_search::<QuiescenceSearch>(step, out),
        Some(("v11", step)) => explore_search::<LazySearch>(step, out),
        _ => match matches.get_one::<PathBuf>("record") {
            Some(path) => {
                let why = matches.get_one::<String>("why").cloned();
                explore_file(path, &WhyArgs { why }, out)
            }
            None => anyhow::bail!("name a record (--record FILE) or a step (v07, v09, v10, v11)"),
        },
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
