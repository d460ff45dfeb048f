//! The LaMoSca v0.11 binary: Kornilov's search (internal iterative
//! deepening, lazy cuts, a selective stand pat, incremental scoring) with
//! v0.10's quiescence at the horizon, behind the shared command line and
//! UCI driver. It keeps its own clock: `search --movetime MS` and UCI's
//! `go` hand it the deadline. Run it with `--help` for the switches.

fn main() -> std::process::ExitCode {
    lamosca_front::cli::run::<lamosca_v11_lazy::LazySearch>()
}
