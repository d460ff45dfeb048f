//! `cargo run -p book -- <command>`: the book's generated files written,
//! checked or timed, and the built site checked. `--help` lists the commands;
//! see the `generate` module of the library for the pipeline.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Result};
use book::check::staleness::compare;
use book::files::Workspace;
use book::generate::{generate_all, measured_parts, write_all};
use book::say;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

/// Generates and checks the LaMoSca book's traces, tables and pictures.
#[derive(Parser, Debug)]
#[command(name = "book")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Rewrite book/chapters/generated from the workspace's code
    Generate,
    /// List the generated files that are stale, missing or left over, and
    /// the Rust blocks that would get a Run button they cannot honour
    Check,
    /// Time the searches into book/chapters/measured (in a release build)
    Measure {
        /// Run one part only: speed, v09, v10, wac, v11, v11-wac, v11-hash,
        /// v11-hash-wac, charts, uci-session or side-by-side
        #[arg(value_name = "PART")]
        part: Option<String>,
    },
    /// Check the built site: no page may offer a Run button for a Rust
    /// block (its links are lychee's: `bash book/check-site.sh`)
    CheckHtml {
        /// The built site, after `mdbook build book` [default: book/html]
        #[arg(value_name = "DIR")]
        dir: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    let matches = Cli::command().get_matches();
    let result = Cli::from_arg_matches(&matches)
        .map_err(anyhow::Error::from)
        .and_then(run);
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        // What cannot be done as asked (a part that does not exist, an
        // engine that does not start) is bad input, as for the engines.
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<bool> {
    match cli.command {
        Command::Generate => generate(),
        Command::Check => check(),
        Command::Measure { part } => measure(part.as_deref()),
        Command::CheckHtml { dir } => check_html(dir),
    }
}

fn generate() -> Result<bool> {
    let workspace = Workspace::here();
    let files = generate_all(&workspace)?;
    let dir = workspace.generated();
    let written = write_all(&dir, &files)?;
    for path in &written.changed {
        say!("wrote    {}", path.display());
    }
    for path in &written.removed {
        say!("removed  {}", path.display());
    }
    say!(
        "{}: {} written, {} removed, {} already up to date",
        dir.display(),
        written.changed.len(),
        written.removed.len(),
        written.unchanged
    );
    let tests = workspace.root.join(book::draw::stepper::TEST_SCRIPT);
    let script = book::draw::stepper::test_script(&workspace.root)?;
    if std::fs::read_to_string(&tests).ok().as_deref() != Some(script.as_str()) {
        std::fs::write(&tests, script)?;
        say!("wrote    {}", tests.display());
    }
    for exercise in book::exercises::EXERCISES {
        for path in book::exercises::write(&workspace, exercise)? {
            say!("wrote    {}", path.display());
        }
    }
    for note in book::diff::pending(&workspace) {
        say!("{note}");
    }
    Ok(true)
}

fn check() -> Result<bool> {
    let workspace = Workspace::here();
    let files = generate_all(&workspace)?;
    let dir = workspace.generated();
    let problems = compare(&dir, &files)?;
    if problems.is_empty() {
        say!("{}: all {} files up to date", dir.display(), files.len());
        return Ok(true);
    }
    say!("{}:", dir.display());
    for problem in &problems {
        say!("  {problem}");
    }
    say!("run `cargo run -p book -- generate` to bring them up to date");
    Ok(false)
}

fn measure(only: Option<&str>) -> Result<bool> {
    if cfg!(debug_assertions) {
        bail!(
            "a debug build would time its own checks, not the engine: \
             run `cargo run --release -p book -- measure`"
        );
    }
    if let Some(name) = only {
        if !measured_parts().any(|(part, _)| *part == name) {
            let names: Vec<&str> = measured_parts().map(|(part, _)| *part).collect();
            bail!("no part `{name}` to measure: try {}", names.join(", "));
        }
    }
    let workspace = Workspace::here();
    let dir = workspace.measured();
    std::fs::create_dir_all(&dir)?;
    // Each part's files are written as soon as it is done: the deep ones
    // take minutes.
    for (name, part) in measured_parts() {
        if only.is_some_and(|wanted| wanted != *name) {
            continue;
        }
        for file in part()? {
            let path = dir.join(&file.path);
            std::fs::write(&path, &file.text)?;
            say!("wrote {}", path.display());
        }
    }
    Ok(true)
}

fn check_html(dir: Option<PathBuf>) -> Result<bool> {
    let site = dir.unwrap_or_else(|| Workspace::here().root.join("book").join("html"));
    if !site.is_dir() {
        bail!(
            "no built site at {}: run `mdbook build book` first",
            site.display()
        );
    }
    let report = book::check::html::check_site(&site)
        .map_err(|error| anyhow::anyhow!("reading {}: {error}", site.display()))?;
    if report.runnable.is_empty() {
        say!(
            "{}: {} pages, none with a Run button",
            site.display(),
            report.pages
        );
        return Ok(true);
    }
    for page in &report.runnable {
        say!(
            "  {}: a Rust block with a Run button (set output.html.playground.runnable = false)",
            page.display()
        );
    }
    Ok(false)
}
