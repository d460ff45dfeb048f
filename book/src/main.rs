//! `cargo run -p book -- generate | check | measure`: the book's generated
//! files, written, checked or timed. See the `generate` module of the
//! library for the pipeline.

use std::process::ExitCode;

use anyhow::{bail, Result};
use book::generate::{compare, generate_all, write_all, Workspace};
use book::measure::measure_all;

const USAGE: &str = "\
usage: cargo run -p book -- <command>

commands:
  generate   rewrite book/chapters/generated from the workspace's code
  check      list the generated files that are stale, missing or left over
  measure    time the searches into book/chapters/measured
             (run it as `cargo run --release -p book -- measure`)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["generate"] => generate(),
        ["check"] => check(),
        ["measure"] => measure(),
        ["help"] | ["-h"] | ["--help"] => {
            println!("{USAGE}");
            Ok(true)
        }
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

fn generate() -> Result<bool> {
    let workspace = Workspace::here();
    let files = generate_all(&workspace)?;
    let dir = workspace.generated();
    let written = write_all(&dir, &files)?;
    for path in &written.changed {
        println!("wrote    {}", path.display());
    }
    for path in &written.removed {
        println!("removed  {}", path.display());
    }
    println!(
        "{}: {} written, {} removed, {} already up to date",
        dir.display(),
        written.changed.len(),
        written.removed.len(),
        written.unchanged
    );
    Ok(true)
}

fn check() -> Result<bool> {
    let workspace = Workspace::here();
    let files = generate_all(&workspace)?;
    let dir = workspace.generated();
    let problems = compare(&dir, &files)?;
    if problems.is_empty() {
        println!("{}: all {} files up to date", dir.display(), files.len());
        return Ok(true);
    }
    println!("{}:", dir.display());
    for problem in &problems {
        println!("  {problem}");
    }
    println!("run `cargo run -p book -- generate` to bring them up to date");
    Ok(false)
}

fn measure() -> Result<bool> {
    if cfg!(debug_assertions) {
        bail!(
            "a debug build would time its own checks, not the engine: \
             run `cargo run --release -p book -- measure`"
        );
    }
    let workspace = Workspace::here();
    let dir = workspace.measured();
    std::fs::create_dir_all(&dir)?;
    for file in measure_all() {
        let path = dir.join(&file.path);
        std::fs::write(&path, &file.text)?;
        println!("wrote {}", path.display());
    }
    Ok(true)
}
