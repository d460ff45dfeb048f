//! The commands the book's pages print, run as a learner types them.
//!
//! A page prints commands in two kinds of fenced block:
//!
//! - ```` ```sh ````: one command a line (a line ending in `\` goes on on
//!   the next), with `#` comments between them;
//! - ```` ```console ````: `$ command` lines, each followed by the output
//!   the page shows for it, stdout and stderr together as a terminal shows
//!   them, where `[..]` stands for the rest of a line that varies (a time)
//!   and a line `...` for any number of lines.
//!
//! Every block starts from the repository root; a block for another folder
//! says so with `cd FOLDER`, which the later commands of the block follow,
//! as in a shell (`cd X && command` too). A command's trailing comment can
//! say how it is expected to go, in words a reader understands too:
//!
//! - `# exit code 2`: it fails on purpose, with that code;
//! - `# needs a terminal`: it runs without one here, where it must refuse
//!   with exit code 2 rather than hang;
//! - `# needs stockfish`: it runs only where that program is installed;
//! - `# not run in CI: it serves until Ctrl-C`: it cannot run unattended,
//!   so `--help` is run in its place, which at least proves that the
//!   program is there and reads its arguments.
//!
//! [`blocks`] reads the pages, [`matching`] compares an output with what a
//! page shows, and [`shell`] runs a command from a folder.

pub mod blocks;
pub mod matching;
pub mod shell;

use std::path::{Path, PathBuf};

/// Every page whose commands are run, from the repository `root`:
/// README.md, book/README.md and every Markdown file of the book's
/// source folder (the generated and measured files are included by the
/// chapters, so what they print is on a page too), in path order.
pub fn pages(root: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut pages = vec![root.join("README.md"), root.join("book/README.md")];
    let mut chapters = Vec::new();
    markdown_under(&root.join("book/chapters"), &mut chapters)?;
    chapters.sort();
    pages.extend(chapters);
    Ok(pages)
}

/// Adds the Markdown files under `dir` to `found`.
fn markdown_under(dir: &Path, found: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            markdown_under(&path, found)?;
        } else if path.extension().is_some_and(|ext| ext == "md") {
            found.push(path);
        }
    }
    Ok(())
}
