//! What a chapter module gives the generator: a [`Chapter`], naming its
//! page, the version crate it teaches and the functions that make its
//! generated and measured files.
//!
//! Every chapter module under [`crate::chapters`] ends with one `CHAPTER`
//! constant, and [`crate::chapters::ALL`] lists them in the order of the
//! book. The generator walks that list and nothing else, so a module that
//! is not listed makes no file; the test `tests/chapters.rs` fails then.

use std::path::PathBuf;

use anyhow::Result;

use crate::files::{Generated, Workspace};
use crate::snapshots::{self, Snapshot};

/// What the chapters read besides the code they run: the workspace's files
/// and the version crates' insta snapshots, read once for all of them.
#[derive(Clone, Debug)]
pub struct Sources {
    /// The repository root.
    pub root: PathBuf,
    /// Every snapshot of every crate, with its header removed.
    pub snapshots: Vec<Snapshot>,
}

impl Sources {
    /// Reads the snapshots of `workspace`.
    pub fn read(workspace: &Workspace) -> Result<Sources> {
        Ok(Sources {
            root: workspace.root.clone(),
            snapshots: snapshots::read_all(&workspace.root)?,
        })
    }
}

/// A part of the measurements that can run alone, `measure v09`: its name
/// and what writes its files into `book/chapters/measured/`.
pub type Part = (&'static str, fn() -> Result<Vec<Generated>>);

/// One chapter of the book, as the generator sees it.
#[derive(Clone, Copy, Debug)]
pub struct Chapter {
    /// Its page in `book/chapters`, such as `v09-alphabeta.md`.
    pub page: &'static str,
    /// The version crate it teaches, if it teaches one: the generator
    /// diffs its search with the previous version's into
    /// `generated/diffs/`.
    pub krate: Option<&'static str>,
    /// Makes the chapter's own generated files.
    pub generated: fn(&Sources) -> Result<Vec<Generated>>,
    /// Its measurements, timed on demand and never checked.
    pub measured: &'static [Part],
}

/// The `generated` of a chapter that makes no file of its own.
pub fn nothing(_: &Sources) -> Result<Vec<Generated>> {
    Ok(Vec::new())
}
