//! Rust fragments that the reader cannot run must say so.
//!
//! mdBook gives every fenced block tagged `rust` a Run button that sends
//! the block to the Rust playground. The book's Rust blocks are almost all
//! pieces of the workspace's crates, included by anchor: a method without
//! its `impl`, a function that names `Position` or `MoveStack`. Sent to the
//! playground they fail to compile, and the learner who pressed Run sees a
//! page of errors instead of the code's lesson.
//!
//! mdBook hides the button for a block tagged `ignore` or `noplayground`
//! (`rust,ignore`, `rust,noplayground`). [`check_chapters`] refuses a `rust`
//! block with neither tag when the block cannot compile on its own, that is
//! when it
//!
//! 1. includes text from a file (`{{#include ...}}` and its kin): the
//!    workspace's code always leans on the rest of its crate; or
//! 2. names the workspace (`common::`, `lamosca_`, `crate::`, `super::`,
//!    `Self`): the playground knows none of these.
//!
//! A block written out in the page and using only the standard library may
//! keep its Run button.
//!
//! ```
//! use book::check::fences::fragments_refused;
//!
//! let page = "```rust\n{{#include ../../common/src/lib.rs:all}}\n```\n";
//! assert_eq!(fragments_refused(page), vec![1]);
//! assert!(fragments_refused(&page.replace("rust", "rust,ignore")).is_empty());
//! ```

use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};

use crate::check::includes::markdown_files;

/// The info-string tags that take a block off the playground.
const NOT_RUN: &[&str] = &["ignore", "noplayground"];

/// What marks a block as a piece of the workspace, which the playground
/// cannot compile.
const WORKSPACE_NAMES: &[&str] = &[
    "{{#include",
    "{{#rustdoc_include",
    "{{#playground",
    "{{#playpen",
    "common::",
    "lamosca_",
    "crate::",
    "super::",
    "Self",
];

/// A `rust` block that would get a Run button and cannot compile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    /// The chapter.
    pub file: PathBuf,
    /// The line of the opening fence, counted from 1.
    pub line: usize,
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: a rust block that cannot compile alone needs `rust,ignore` or `rust,noplayground`",
            self.file.display(),
            self.line
        )
    }
}

/// Checks every `.md` file under `dir`; an empty list means every Rust
/// block that would get a Run button compiles on its own.
pub fn check_chapters(dir: &Path) -> std::io::Result<Vec<Refused>> {
    let mut refused = Vec::new();
    for file in markdown_files(dir)? {
        let text = fs::read_to_string(&file)?;
        refused.extend(fragments_refused(&text).into_iter().map(|line| Refused {
            file: file.clone(),
            line,
        }));
    }
    Ok(refused)
}

/// The lines (from 1) of the opening fences of `text`'s refused blocks.
pub fn fragments_refused(text: &str) -> Vec<usize> {
    let mut refused = Vec::new();
    // The open block: its fence, its line and whether it would be run.
    let mut open: Option<(&str, usize, bool)> = None;
    let mut body = String::new();
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        match open {
            None => {
                if let Some(fence) = fence_of(trimmed) {
                    let info = trimmed[fence.len()..].trim();
                    open = Some((fence, index + 1, runs(info)));
                    body.clear();
                }
            }
            Some((fence, start, run)) => {
                if trimmed.starts_with(fence) && trimmed[fence.len()..].trim().is_empty() {
                    if run && WORKSPACE_NAMES.iter().any(|name| body.contains(name)) {
                        refused.push(start);
                    }
                    open = None;
                } else {
                    body.push_str(line);
                    body.push('\n');
                }
            }
        }
    }
    refused
}

/// The fence that opens a block on this line, three or more backticks or
/// tildes.
fn fence_of(line: &str) -> Option<&str> {
    let mark = line.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let length = line.chars().take_while(|c| *c == mark).count();
    (length >= 3).then(|| &line[..length])
}

/// Whether mdBook would give a block with this info string a Run button:
/// its first tag is `rust` and no tag takes it off the playground.
fn runs(info: &str) -> bool {
    let mut tags = info.split([',', ' ']).filter(|tag| !tag.is_empty());
    tags.next() == Some("rust") && !tags.any(|tag| NOT_RUN.contains(&tag))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scratch::Scratch;

    #[test]
    fn refuses_an_untagged_include() {
        let page = "# Page\n\n```rust\n{{#include ../../x.rs:a}}\n```\n";
        assert_eq!(fragments_refused(page), vec![3]);
    }

    #[test]
    fn accepts_the_tags_that_hide_the_run_button() {
        for info in ["rust,ignore", "rust,noplayground", "rust ignore"] {
            let page = format!("```{info}\n{{{{#include ../../x.rs:a}}}}\n```\n");
            assert!(fragments_refused(&page).is_empty(), "{info}");
        }
    }

    #[test]
    fn refuses_a_written_fragment_that_names_the_workspace() {
        let page = "```rust\nfn f(p: &common::Position) {}\n```\n";
        assert_eq!(fragments_refused(page), vec![1]);
    }

    #[test]
    fn keeps_a_self_contained_fragment_and_other_languages() {
        let page = "```rust\nfn main() { println!(\"hi\"); }\n```\n\n\
                    ```text\n{{#include log.txt}}\n```\n\n\
                    ````markdown\n```rust\n{{#include a.rs}}\n```\n````\n";
        assert!(fragments_refused(page).is_empty());
    }

    #[test]
    fn walks_a_folder_and_names_the_place() {
        let scratch = Scratch::new("fences");
        scratch.write("a.md", "text\n```rust\nuse crate::x;\n```\n");
        scratch.write("sub/b.md", "```rust,ignore\nuse crate::x;\n```\n");
        let refused = check_chapters(scratch.root()).expect("read the folder");
        assert_eq!(
            refused,
            vec![Refused {
                file: scratch.path("a.md"),
                line: 2
            }]
        );
        assert!(refused[0].to_string().contains("a.md:2"));
    }
}
