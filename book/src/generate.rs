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
//! The files come from the chapters, each made by its module under
//! [`crate::chapters`] and registered in [`crate::chapters::ALL`]: this
//! module walks that list and never names a chapter itself.
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
//! Where a crate keeps a trace as an insta snapshot, the book makes no copy
//! of it: the page includes the `.snap` file itself from the line after
//! its header (`{{#include ../../lamosca-v09/tests/snapshots/NAME.snap:5:}}`).
//! The test and the page then show one text, and a changed trace is
//! approved once, with `cargo insta review`. `tests/includes.rs` checks
//! that each such include starts just after its file's header.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context as _, Result};

use crate::chapter::{Chapter, Part, Sources};
use crate::chapters::ALL;
use crate::check::staleness::{compare, Staleness};
use crate::diff::search_diff;
use crate::files::{Generated, Workspace};

/// Produces every generated file, in memory, sorted by path: each
/// registered chapter's, in turn.
pub fn generate_all(workspace: &Workspace) -> Result<Vec<Generated>> {
    let sources = Sources::read(workspace)?;
    let mut files = Vec::new();
    for chapter in ALL {
        files.extend(chapter_files(chapter, &sources)?);
    }
    // The exercises' lists of holes, read from the markers in the steps.
    files.extend(crate::exercises::generated(workspace)?);
    files.sort_by(|a, b| a.path.cmp(&b.path));
    if let Some(pair) = files.windows(2).find(|pair| pair[0].path == pair[1].path) {
        bail!(
            "two generated files share the path {}",
            pair[0].path.display()
        );
    }
    Ok(files)
}

/// The generated files of one chapter: its own, then, for a version
/// chapter, the diff of its search.
pub fn chapter_files(chapter: &Chapter, sources: &Sources) -> Result<Vec<Generated>> {
    let context = || format!("the chapter {}", chapter.page);
    let mut files = (chapter.generated)(sources).with_context(context)?;
    if let Some(krate) = chapter.krate {
        files.extend(search_diff(&sources.root, krate).with_context(context)?);
    }
    Ok(files)
}

/// Every measured part, in the order of the chapters: `measure NAME` runs
/// one of them.
pub fn measured_parts() -> impl Iterator<Item = &'static Part> {
    ALL.iter().flat_map(|chapter| chapter.measured.iter())
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
