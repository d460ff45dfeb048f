//! The pipeline that produces every generated file of the book.
//!
//! The book pastes neither code nor output. Code comes in through
//! `{{#include ...:anchor}}`; output (traces, node counts, perft tables,
//! board pictures) is produced by running the workspace's code and written
//! to `book/chapters/generated/`, where chapters include or link it. The
//! folder lies inside mdBook's source folder on purpose: mdBook copies the
//! pictures found there into the built site, and would not copy anything
//! from outside it.
//!
//! Three commands drive it:
//!
//! - `cargo run -p book -- generate` rewrites the folder from scratch
//!   (files that are no longer produced are deleted);
//! - `cargo run -p book -- check` lists the files that are stale, missing or
//!   left over, and fails if there is one;
//! - `cargo test -p book` does the same check (`tests/generated.rs`), so a
//!   change to the code that changes what the book shows fails the tests
//!   until the files are generated again and the change is read.
//!
//! Only deterministic output belongs here: counts, traces, tables and
//! drawings, which come out byte for byte the same on every machine. Times
//! vary from run to run; they are produced by a separate command into
//! `book/chapters/measured/` (see [`crate::measure`]) and never checked.
//!
//! Where a version crate keeps a trace as an insta snapshot, the book takes
//! it from there rather than running the search again: every
//! `<crate>/tests/snapshots/<name>.snap` is copied, header removed, to
//! `generated/snapshots/<crate>/<name>.txt`. The test and the page then
//! show one text, and accepting a changed snapshot makes the book's copy
//! stale until it is generated again.

use std::collections::BTreeSet;
use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use anyhow::{Context as _, Result};

use crate::chapters::board;
use crate::snapshots;

/// The folder of generated files, relative to the chapters.
pub const GENERATED_DIR: &str = "generated";

/// The folder of measured files, relative to the chapters.
pub const MEASURED_DIR: &str = "measured";

/// Where the book and the crates it reads lie.
#[derive(Clone, Debug)]
pub struct Workspace {
    /// The repository root, which holds `Cargo.toml` and the crates.
    pub root: PathBuf,
}

impl Workspace {
    /// The workspace this crate was built in.
    pub fn here() -> Workspace {
        let book = Path::new(env!("CARGO_MANIFEST_DIR"));
        Workspace {
            root: book.parent().unwrap_or(book).to_path_buf(),
        }
    }

    /// `book/chapters`, mdBook's source folder.
    pub fn chapters(&self) -> PathBuf {
        self.root.join("book").join("chapters")
    }

    /// `book/chapters/generated`.
    pub fn generated(&self) -> PathBuf {
        self.chapters().join(GENERATED_DIR)
    }

    /// `book/chapters/measured`.
    pub fn measured(&self) -> PathBuf {
        self.chapters().join(MEASURED_DIR)
    }
}

/// One generated file: where it goes and what it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The path relative to the generated folder, with `/` separators.
    pub path: PathBuf,
    /// The whole text of the file.
    pub text: String,
}

impl Generated {
    /// A file at `path` (relative to the generated folder).
    pub fn new(path: &str, text: String) -> Generated {
        Generated {
            path: PathBuf::from(path),
            text,
        }
    }
}

/// Produces every generated file, in memory, sorted by path.
pub fn generate_all(workspace: &Workspace) -> Result<Vec<Generated>> {
    let snapshots = snapshots::read_all(&workspace.root)?;
    let mut files: Vec<Generated> = snapshots
        .iter()
        .map(|snapshot| {
            Generated::new(
                &format!("snapshots/{}/{}.txt", snapshot.crate_name, snapshot.name),
                snapshot.body.clone(),
            )
        })
        .collect();
    files.extend(board::board_chapter(&workspace.root).context("the board chapter")?);
    files.extend(board::v07_chapter(&snapshots).context("the v0.07 chapter")?);
    files.extend(crate::searches::v09_generated().context("the v0.09 chapter")?);
    files.extend(
        crate::chapters::v10::v10_chapter(&workspace.root, &snapshots)
            .context("the v0.10 chapter")?,
    );
    files.extend(crate::diff::search_diffs(&workspace.root).context("the search diffs")?);
    files.extend(
        crate::chapters::architecture::architecture_page(&workspace.root).context("the crates")?,
    );
    files.extend(crate::draw::tree::v09_tree().context("the v0.09 search tree")?);
    files.extend(crate::draw::chart::generated_charts().context("the charts")?);
    files.sort_by(|a, b| a.path.cmp(&b.path));
    if let Some(pair) = files.windows(2).find(|pair| pair[0].path == pair[1].path) {
        anyhow::bail!(
            "two generated files share the path {}",
            pair[0].path.display()
        );
    }
    Ok(files)
}

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

/// What [`write_all`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Written {
    /// Files created or rewritten.
    pub changed: Vec<PathBuf>,
    /// Files left over from earlier runs, deleted.
    pub removed: Vec<PathBuf>,
    /// Files already up to date.
    pub unchanged: usize,
}

/// Writes `files` under `dir`, rewriting only those that changed, and
/// deletes every other file there.
pub fn write_all(dir: &Path, files: &[Generated]) -> Result<Written> {
    let mut written = Written::default();
    for problem in compare(dir, files)? {
        match problem {
            Staleness::LeftOver(path) => {
                let full = dir.join(&path);
                fs::remove_file(&full).context(format!("deleting {}", full.display()))?;
                written.removed.push(path);
            }
            Staleness::Missing(path) | Staleness::Differs(path) => written.changed.push(path),
        }
    }
    for file in files {
        if !written.changed.contains(&file.path) {
            written.unchanged += 1;
            continue;
        }
        let full = dir.join(&file.path);
        if let Some(parent) = full.parent() {
            fs::create_dir_all(parent).context(format!("creating {}", parent.display()))?;
        }
        fs::write(&full, &file.text).context(format!("writing {}", full.display()))?;
    }
    remove_empty_folders(dir)?;
    Ok(written)
}

fn remove_empty_folders(dir: &Path) -> Result<()> {
    if !dir.is_dir() {
        return Ok(());
    }
    for entry in fs::read_dir(dir).context(format!("listing {}", dir.display()))? {
        let path = entry?.path();
        if path.is_dir() {
            remove_empty_folders(&path)?;
            if fs::read_dir(&path)?.next().is_none() {
                fs::remove_dir(&path).context(format!("deleting {}", path.display()))?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scratch::Scratch;

    #[test]
    fn writes_compares_and_cleans_up() {
        let scratch = Scratch::new("generate-roundtrip");
        let dir = scratch.path("generated");
        let files = vec![
            Generated::new("a.txt", "one\n".into()),
            Generated::new("svg/b.svg", "<svg/>\n".into()),
        ];
        assert_eq!(
            compare(&dir, &files).unwrap(),
            [
                Staleness::Missing("a.txt".into()),
                Staleness::Missing("svg/b.svg".into())
            ]
        );
        let written = write_all(&dir, &files).unwrap();
        assert_eq!(written.changed.len(), 2);
        assert_eq!(compare(&dir, &files).unwrap(), []);

        scratch.write("generated/old/c.txt", "gone\n");
        scratch.write("generated/a.txt", "edited by hand\n");
        assert_eq!(
            compare(&dir, &files).unwrap(),
            [
                Staleness::Differs("a.txt".into()),
                Staleness::LeftOver("old/c.txt".into())
            ]
        );
        let written = write_all(&dir, &files).unwrap();
        assert_eq!(written.changed, [PathBuf::from("a.txt")]);
        assert_eq!(written.removed, [PathBuf::from("old/c.txt")]);
        assert_eq!(written.unchanged, 1);
        assert!(!dir.join("old").exists());
        assert_eq!(compare(&dir, &files).unwrap(), []);
    }
}
