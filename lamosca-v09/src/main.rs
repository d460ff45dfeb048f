//! `lamosca-v09`: LaMoSca v0.09, alpha-beta with move ordering, on the
//! command line (`perft`, `search`, `bench`) and as a UCI engine for chess
//! GUIs. The ordering's switches (`--no-mvv-lva`, `--no-history`,
//! `--killers`, `--no-ordering`) are options of `search` and `bench`.
//!
//! Everything but the search is the shared driver, [`lamosca_front::cli`]; run
//! `lamosca-v09 --help` for the commands.

use std::process::ExitCode;

fn main() -> ExitCode {
    lamosca_front::cli::run::<lamosca_v09::AlphaBeta>()
}
