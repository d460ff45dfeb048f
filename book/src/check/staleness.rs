//! Staleness: how the generated files on disk differ from what the code
//! produces now.
//!
//! `cargo run -p book -- check` and the test `tests/generated.rs` both
//! compare the two with [`compare`] and fail on any difference, so a change
//! to the code that changes what the book shows must be followed by
//! `cargo run -p book -- generate`, and the change read.

use std::collections::BTreeSet;
use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use anyhow::{Context as _, Result};

use crate::files::Generated;

/// How a committed file differs from what the code produces now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Staleness {
    /// The code produces the file but it is not on disk.
    Missing(PathBuf),
    /// The file on disk differs from what the code produces.
    Differs(PathBuf),
    /// A file on disk that the code no longer produces.
    LeftOver(PathBuf),
}

impl fmt::Display for Staleness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Missing(path) => write!(f, "missing:   {}", path.display()),
            Self::Differs(path) => write!(f, "stale:     {}", path.display()),
            Self::LeftOver(path) => write!(f, "left over: {} (no longer produced)", path.display()),
        }
    }
}

/// The files under `dir`, relative to it, sorted.
fn files_under(dir: &Path) -> io::Result<BTreeSet<PathBuf>> {
    fn walk(base: &Path, dir: &Path, found: &mut BTreeSet<PathBuf>) -> io::Result<()> {
        for entry in fs::read_dir(dir)? {
            let path = entry?.path();
            if path.is_dir() {
                walk(base, &path, found)?;
            } else if let Ok(relative) = path.strip_prefix(base) {
                found.insert(relative.to_path_buf());
            }
        }
        Ok(())
    }
    let mut found = BTreeSet::new();
    if dir.is_dir() {
        walk(dir, dir, &mut found)?;
    }
    Ok(found)
}

/// Compares `files` with the folder `dir` and lists every difference, in
/// path order.
pub fn compare(dir: &Path, files: &[Generated]) -> Result<Vec<Staleness>> {
    let on_disk = files_under(dir).context(format!("listing {}", dir.display()))?;
    let mut problems = Vec::new();
    for file in files {
        let path = dir.join(&file.path);
        match fs::read(&path) {
            Ok(bytes) if bytes == file.text.as_bytes() => {}
            Ok(_) => problems.push(Staleness::Differs(file.path.clone())),
            Err(error) if error.kind() == io::ErrorKind::NotFound => {
                problems.push(Staleness::Missing(file.path.clone()))
            }
            Err(error) => return Err(error).context(format!("reading {}", path.display())),
        }
    }
    let produced: BTreeSet<&PathBuf> = files.iter().map(|file| &file.path).collect();
    for path in on_disk {
        if !produced.contains(&path) {
            problems.push(Staleness::LeftOver(path));
        }
    }
    problems.sort_by(|a, b| path_of(a).cmp(path_of(b)));
    Ok(problems)
}

fn path_of(staleness: &Staleness) -> &Path {
    match staleness {
        Staleness::Missing(path) | Staleness::Differs(path) | Staleness::LeftOver(path) => path,
    }
}
