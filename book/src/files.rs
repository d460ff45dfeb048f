//! The files the book's tooling reads and writes: where the workspace and
//! its chapters lie ([`Workspace`]), and one generated or measured file
//! ([`Generated`]). Every other module of the crate builds on these two.

use std::path::{Path, PathBuf};

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

/// The members' folders of both workspaces, relative to the repository
/// root: the learner's, in the order the root manifest lists them (the
/// order of the steps), then the book's (`book`, `book/explorer`, ...).
pub fn all_members(root: &Path) -> anyhow::Result<Vec<String>> {
    let mut folders = members(root)?;
    for member in members(&root.join("book"))? {
        folders.push(match member.as_str() {
            "." => "book".to_string(),
            _ => format!("book/{member}"),
        });
    }
    Ok(folders)
}

/// The members' folders of the workspace at `root`, in the order its
/// manifest lists them.
pub fn members(root: &Path) -> anyhow::Result<Vec<String>> {
    let manifest = root.join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest)
        .map_err(|error| anyhow::anyhow!("reading {}: {error}", manifest.display()))?;
    let start = text
        .find("members")
        .ok_or_else(|| anyhow::anyhow!("the root Cargo.toml has no `members`"))?;
    let open = text[start..]
        .find('[')
        .map(|i| start + i + 1)
        .ok_or_else(|| anyhow::anyhow!("`members` is not a list"))?;
    let close = text[open..]
        .find(']')
        .map(|i| open + i)
        .ok_or_else(|| anyhow::anyhow!("`members` is not closed"))?;
    Ok(text[open..close]
        .split(',')
        .map(|item| item.trim().trim_matches('"').to_string())
        .filter(|item| !item.is_empty())
        .collect())
}
