//! `lamosca-v07`: LaMoSca v0.07, the NegaMax search, on the command line
//! (`perft`, `search`, `bench`) and as a UCI engine for chess GUIs.
//!
//! Everything but the search is the shared driver, [`lamosca_front::cli`]; run
//! `lamosca-v07 --help` for the commands.

use std::process::ExitCode;

fn main() -> ExitCode {
    lamosca_front::cli::run::<lamosca_v07::NegaMax>()
}
