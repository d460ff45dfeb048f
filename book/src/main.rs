//! `cargo run -p book -- <command>`: the book's generated files written,
//! checked or timed, matches between engines, and the built site checked.
//! See the `generate` module of the library for the pipeline.

use std::process::ExitCode;

use anyhow::{bail, Result};
use book::generate::{compare, generate_all, write_all, Workspace};
use book::measure::PARTS;

const USAGE: &str = "\
usage: cargo run -p book -- <command>

commands:
  generate   rewrite book/chapters/generated from the workspace's code
  check      list the generated files that are stale, missing or left over
  measure    time the searches into book/chapters/measured
             (run it as `cargo run --release -p book -- measure`);
             `measure PART` runs one part: speed, v09, v10, wac, v11,
             v11-wac or charts
  match      play games between two engines (`match --help` for the switches)
  session    write down a short UCI session with an engine (`session --help`)
  check-html [DIR]
             check the built site (default book/html, after `mdbook build book`):
             every internal link and picture must lead to a file and an id";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["generate"] => generate(),
        ["check"] => check(),
        ["measure"] => measure(None),
        ["measure", part] => measure(Some(part)),
        ["match", ref rest @ ..] => play_match(rest),
        ["session", ref rest @ ..] => session(rest),
        ["check-html"] => check_html(None),
        ["check-html", dir] => check_html(Some(dir)),
        ["help"] | ["-h"] | ["--help"] => {
            ladder::say!("{USAGE}");
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
        ladder::say!("wrote    {}", path.display());
    }
    for path in &written.removed {
        ladder::say!("removed  {}", path.display());
    }
    ladder::say!(
        "{}: {} written, {} removed, {} already up to date",
        dir.display(),
        written.changed.len(),
        written.removed.len(),
        written.unchanged
    );
    for note in book::diff::pending(&workspace) {
        ladder::say!("{note}");
    }
    Ok(true)
}

fn check() -> Result<bool> {
    let workspace = Workspace::here();
    let files = generate_all(&workspace)?;
    let dir = workspace.generated();
    let problems = compare(&dir, &files)?;
    if problems.is_empty() {
        ladder::say!("{}: all {} files up to date", dir.display(), files.len());
        return Ok(true);
    }
    ladder::say!("{}:", dir.display());
    for problem in &problems {
        ladder::say!("  {problem}");
    }
    ladder::say!("run `cargo run -p book -- generate` to bring them up to date");
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
        if !PARTS.iter().any(|(part, _)| *part == name) {
            let names: Vec<&str> = PARTS.iter().map(|(part, _)| *part).collect();
            bail!("no part `{name}` to measure: try {}", names.join(", "));
        }
    }
    let workspace = Workspace::here();
    let dir = workspace.measured();
    std::fs::create_dir_all(&dir)?;
    // Each part's files are written as soon as it is done: the deep ones
    // take minutes.
    for (name, part) in PARTS {
        if only.is_some_and(|wanted| wanted != *name) {
            continue;
        }
        for file in part()? {
            let path = dir.join(&file.path);
            std::fs::write(&path, &file.text)?;
            ladder::say!("wrote {}", path.display());
        }
    }
    Ok(true)
}

fn play_match(words: &[&str]) -> Result<bool> {
    if words.iter().any(|word| matches!(*word, "--help" | "-h")) {
        ladder::say!("{}", ladder::cli::MATCH_USAGE);
        return Ok(true);
    }
    let args = ladder::cli::read_match(words)?;
    // The command as the report quotes it, a word with spaces in quotes.
    let quoted: Vec<String> = words
        .iter()
        .map(|word| {
            if word.contains(' ') {
                format!("'{word}'")
            } else {
                word.to_string()
            }
        })
        .collect();
    let command = format!("cargo run --release -p book -- match {}", quoted.join(" "));
    ladder::cli::run_match(&args, &command)?;
    Ok(true)
}

fn session(words: &[&str]) -> Result<bool> {
    if words.iter().any(|word| matches!(*word, "--help" | "-h")) {
        ladder::say!("{}", ladder::cli::SESSION_USAGE);
        return Ok(true);
    }
    let (engine, out) = ladder::cli::read_session(words)?;
    ladder::cli::run_session(&engine, out.as_deref())?;
    Ok(true)
}

fn check_html(dir: Option<&str>) -> Result<bool> {
    let site = match dir {
        Some(dir) => std::path::PathBuf::from(dir),
        None => Workspace::here().root.join("book").join("html"),
    };
    if !site.is_dir() {
        bail!(
            "no built site at {}: run `mdbook build book` first",
            site.display()
        );
    }
    let report = book::check::html::check_site(&site)
        .map_err(|error| anyhow::anyhow!("reading {}: {error}", site.display()))?;
    if report.broken.is_empty() {
        ladder::say!(
            "{}: {} pages, {} internal links and pictures, none broken",
            site.display(),
            report.pages,
            report.followed
        );
        return Ok(true);
    }
    ladder::say!(
        "{}: {} of {} internal links and pictures lead nowhere:",
        site.display(),
        report.broken.len(),
        report.followed
    );
    for broken in &report.broken {
        ladder::say!("  {broken}");
    }
    Ok(false)
}
