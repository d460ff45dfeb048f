//! Reading the version crates' insta snapshots, which hold their traces.
//!
//! A test of a version crate runs a search, captures its trace and compares
//! it with a snapshot file (`tests/snapshots/trace__startpos_d2.snap`). The
//! pages include that file itself, from the line after its header, so the
//! test and the page share one text: a changed trace fails the test, is
//! reviewed and accepted once, and the page shows it. The generator reads
//! the snapshots only where a chapter draws something from a trace (a
//! board from its FEN, a count from its lines).
//!
//! A snapshot file is a small YAML header between two `---` lines, then the
//! snapshot itself:
//!
//! ```text
//! ---
//! source: lamosca-v07/tests/v07/trace.rs
//! description: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1, depth 1, levels 1..1 traced"
//! ---
//! Moves level 1: a1a2=200 ...
//! ```

use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// One snapshot file, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// The crate's folder name (`lamosca-v07`).
    pub crate_name: String,
    /// The file name without `.snap` (`trace__startpos_d2`).
    pub name: String,
    /// The header's `description`, if it has one.
    pub description: Option<String>,
    /// The snapshot's text, ending with one newline.
    pub body: String,
}

/// Why a snapshot file could not be read.
#[derive(Debug)]
pub enum SnapshotError {
    /// The file or its folder could not be read.
    Io {
        /// The path tried.
        path: PathBuf,
        /// What the system said.
        error: io::Error,
    },
    /// The file does not start with a header between two `---` lines.
    NoHeader {
        /// The file.
        path: PathBuf,
    },
}

impl fmt::Display for SnapshotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Io { path, error } => write!(f, "cannot read {}: {error}", path.display()),
            Self::NoHeader { path } => write!(
                f,
                "{} does not start with an insta header between two `---` lines",
                path.display()
            ),
        }
    }
}

impl std::error::Error for SnapshotError {}

/// The snapshot `name` of the crate `crate_name` among `snapshots`, or an
/// error naming the file that should hold it.
pub fn find<'a>(
    snapshots: &'a [Snapshot],
    crate_name: &str,
    name: &str,
) -> anyhow::Result<&'a Snapshot> {
    snapshots
        .iter()
        .find(|s| s.crate_name == crate_name && s.name == name)
        .ok_or_else(|| anyhow::anyhow!("no snapshot {crate_name}/tests/snapshots/{name}.snap"))
}

/// Splits a snapshot file into its header lines and its body; `None` when
/// the file does not start with a `---` line followed, later, by another.
pub fn split(text: &str) -> Option<(&str, &str)> {
    let rest = text.strip_prefix("---\n")?;
    let end = if rest.starts_with("---\n") {
        0
    } else {
        rest.find("\n---\n")? + 1
    };
    Some((&rest[..end], &rest[end + "---\n".len()..]))
}

/// The value of a `key: value` line of a header, unquoted. Only what insta
/// writes is understood: a plain scalar or a double-quoted string.
pub fn header_value(header: &str, key: &str) -> Option<String> {
    let prefix = format!("{key}:");
    let line = header.lines().find(|line| line.starts_with(&prefix))?;
    let value = line[prefix.len()..].trim();
    Some(
        match value.strip_prefix('"').and_then(|v| v.strip_suffix('"')) {
            Some(quoted) => unescape(quoted),
            None => value.to_string(),
        },
    )
}

fn unescape(quoted: &str) -> String {
    let mut out = String::with_capacity(quoted.len());
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

/// Reads one snapshot file of crate `crate_name`.
pub fn read(crate_name: &str, path: &Path) -> Result<Snapshot, SnapshotError> {
    let text = fs::read_to_string(path).map_err(|error| SnapshotError::Io {
        path: path.to_path_buf(),
        error,
    })?;
    let (header, body) = split(&text).ok_or_else(|| SnapshotError::NoHeader {
        path: path.to_path_buf(),
    })?;
    let name = path
        .file_stem()
        .map(|stem| stem.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut body = body.trim_end_matches('\n').to_string();
    body.push('\n');
    Ok(Snapshot {
        crate_name: crate_name.to_string(),
        name,
        description: header_value(header, "description"),
        body,
    })
}

/// Every `.snap` file of every member of both workspaces, sorted by
/// crate and name: the files in `<crate>/tests/snapshots` and
/// `<crate>/src/snapshots`. A crate is named by its folder, as the root
/// manifest lists it (`lamosca-v09`, `book/explorer`). Pending files
/// (`.snap.new`) are left out: they are not accepted yet.
pub fn read_all(root: &Path) -> Result<Vec<Snapshot>, SnapshotError> {
    let io_error = |path: &Path| {
        let path = path.to_path_buf();
        move |error| SnapshotError::Io { path, error }
    };
    let manifest = root.join("Cargo.toml");
    let mut crates = crate::files::all_members(root).map_err(|error| SnapshotError::Io {
        path: manifest,
        error: std::io::Error::other(error.to_string()),
    })?;
    crates.sort();
    let mut snapshots = Vec::new();
    for crate_name in crates {
        let dir = root.join(&crate_name);
        for folder in ["tests/snapshots", "src/snapshots"] {
            let folder = dir.join(folder);
            if !folder.is_dir() {
                continue;
            }
            let mut files: Vec<PathBuf> = fs::read_dir(&folder)
                .map_err(io_error(&folder))?
                .filter_map(|entry| entry.ok().map(|entry| entry.path()))
                .filter(|path| path.extension().is_some_and(|ext| ext == "snap"))
                .collect();
            files.sort();
            for file in files {
                snapshots.push(read(&crate_name, &file)?);
            }
        }
    }
    Ok(snapshots)
}

impl Snapshot {
    /// The FEN a description starts with, as the version crates write it:
    /// `"<fen>, depth 2, levels 1..2 traced"`.
    pub fn fen(&self) -> Option<&str> {
        let description = self.description.as_deref()?;
        let fen = description.split(',').next()?.trim();
        (fen.split_whitespace().count() >= 4).then_some(fen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SNAP: &str = "---\nsource: lamosca-v07/tests/v07/trace.rs\n\
        description: \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1, depth 1, \\\"quoted\\\"\"\n\
        ---\nMoves level 1: a1a2=200\nResult level 1: Found=1, Value=200, Move=a1a2\n";

    #[test]
    fn strips_the_header() {
        let (header, body) = split(SNAP).unwrap();
        assert!(header.starts_with("source:"));
        assert_eq!(
            body,
            "Moves level 1: a1a2=200\nResult level 1: Found=1, Value=200, Move=a1a2\n"
        );
        assert_eq!(split("---\n---\nbody\n"), Some(("", "body\n")));
        assert_eq!(split("no header\n"), None);
        assert_eq!(split("---\nsource: x\n"), None);
    }

    #[test]
    fn reads_the_description() {
        let (header, _) = split(SNAP).unwrap();
        assert_eq!(
            header_value(header, "description").as_deref(),
            Some("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1, depth 1, \"quoted\"")
        );
        assert_eq!(
            header_value(header, "source").as_deref(),
            Some("lamosca-v07/tests/v07/trace.rs")
        );
        assert_eq!(header_value(header, "expression"), None);
        let snapshot = Snapshot {
            crate_name: "lamosca-v07".into(),
            name: "trace__mate".into(),
            description: header_value(header, "description"),
            body: String::new(),
        };
        assert_eq!(snapshot.fen(), Some("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"));
    }
}
