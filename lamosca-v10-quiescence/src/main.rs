//! The LaMoSca v0.10 binary: alpha-beta with move ordering and a
//! quiescence search at the horizon, behind the shared command line and UCI
//! driver. Run it with `--help` for the commands and switches.

use std::process::ExitCode;

fn main() -> ExitCode {
    lamosca_front::cli::run::<lamosca_v10_quiescence::QuiescenceSearch>()
}
