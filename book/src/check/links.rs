//! Checking that every link and picture of the book points at a file.
//!
//! mdBook renders a link to a missing file or an image that is not there
//! without a word; the reader finds a broken picture or a 404. This module
//! reads each chapter the way mdBook shows it (with its includes expanded,
//! since a generated fragment may hold links too), finds the links and
//! images outside code, and reports each local target that does not exist,
//! relative to the chapter's folder, or that lies outside the book's source
//! folder: mdBook copies only that folder into the site, so a link to
//! `../../common/src/square.rs` works on disk and is dead on the web.
//!
//! Understood: inline links and images, `[text](target)` and
//! `![alt](target "title")`; reference definitions, `[label]: target`; and
//! `src="..."` / `href="..."` in raw HTML. Web addresses, `mailto:` and
//! links within the page (`#heading`) are not checked.

use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};

use crate::check::includes::expand;

/// A link or image that the built book cannot follow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BrokenLink {
    /// The chapter that holds it.
    pub chapter: PathBuf,
    /// The target as written.
    pub target: String,
    /// The path tried.
    pub resolved: PathBuf,
    /// What is wrong with it.
    pub kind: BrokenKind,
}

/// The ways a link can be broken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BrokenKind {
    /// No file at the target (or the chapter itself cannot be read).
    Missing,
    /// The file exists but lies outside the book's source folder, which is
    /// all mdBook copies into the site: the link would be dead there.
    OutsideBook,
}

impl fmt::Display for BrokenLink {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = match self.kind {
            BrokenKind::Missing => "which does not exist",
            BrokenKind::OutsideBook => {
                "which lies outside the book's source folder, so the built site will not have it"
            }
        };
        write!(
            f,
            "{}: `{}` points at {}, {why}",
            self.chapter.display(),
            self.target,
            self.resolved.display()
        )
    }
}

/// Checks the links of each chapter in `chapters` (paths of markdown files
/// inside the book's source folder `book_src`). A chapter that cannot be
/// read is reported as a missing link to itself.
pub fn check_links(book_src: &Path, chapters: &[PathBuf]) -> Vec<BrokenLink> {
    let served = fs::canonicalize(book_src).unwrap_or_else(|_| book_src.to_path_buf());
    let mut broken = Vec::new();
    for chapter in chapters {
        let text = match fs::read_to_string(chapter) {
            Ok(text) => text,
            Err(_) => {
                broken.push(BrokenLink {
                    chapter: chapter.clone(),
                    target: String::new(),
                    resolved: chapter.clone(),
                    kind: BrokenKind::Missing,
                });
                continue;
            }
        };
        // Include problems are the include checker's business.
        let expanded = expand(&text, chapter, &mut Vec::new());
        let base = chapter.parent().unwrap_or(Path::new(""));
        for target in link_targets(&expanded) {
            let Some(local) = local_path(&target) else {
                continue;
            };
            let resolved = base.join(local);
            let kind = match fs::canonicalize(&resolved) {
                Err(_) => BrokenKind::Missing,
                Ok(real) if !real.starts_with(&served) => BrokenKind::OutsideBook,
                Ok(_) => continue,
            };
            broken.push(BrokenLink {
                chapter: chapter.clone(),
                target,
                resolved,
                kind,
            });
        }
    }
    broken
}

/// The path part of a target that names a local file; `None` for web
/// addresses, mail links and links within the page.
pub fn local_path(target: &str) -> Option<&str> {
    let target = target.trim();
    if target.is_empty() || target.starts_with('#') || target.contains("://") {
        return None;
    }
    if target.starts_with("mailto:") || target.starts_with("data:") {
        return None;
    }
    let path = target.split(['#', '?']).next().unwrap_or("");
    (!path.is_empty()).then_some(path)
}

/// The targets of the links and images of a markdown text, in order,
/// leaving out fenced code blocks and code spans.
pub fn link_targets(markdown: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut fence: Option<String> = None;
    for line in markdown.lines() {
        let trimmed = line.trim_start();
        if let Some(open) = &fence {
            if trimmed.starts_with(open.as_str()) {
                fence = None;
            }
            continue;
        }
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            let marker: String = trimmed
                .chars()
                .take_while(|&c| c == '`' || c == '~')
                .collect();
            fence = Some(marker);
            continue;
        }
        let text = without_code_spans(line);
        inline_targets(&text, &mut targets);
        if let Some(target) = reference_definition(&text) {
            targets.push(target);
        }
        html_targets(&text, &mut targets);
    }
    targets
}

/// The line with every code span replaced by spaces.
fn without_code_spans(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(open) = rest.find('`') {
        out.push_str(&rest[..open]);
        let ticks = rest[open..].chars().take_while(|&c| c == '`').count();
        let after = &rest[open + ticks..];
        let closing = "`".repeat(ticks);
        match after.find(&closing) {
            Some(close) => {
                out.push_str(&" ".repeat(ticks * 2 + close));
                rest = &after[close + ticks..];
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// `[text](target "title")` and `![alt](target)`.
fn inline_targets(text: &str, targets: &mut Vec<String>) {
    let mut rest = text;
    while let Some(open) = rest.find("](") {
        let after = &rest[open + 2..];
        let Some(close) = after.find(')') else { break };
        let inside = after[..close].trim();
        let target = inside
            .strip_prefix('<')
            .and_then(|t| t.split_once('>').map(|(t, _)| t))
            .unwrap_or_else(|| inside.split_whitespace().next().unwrap_or(""));
        if !target.is_empty() {
            targets.push(target.to_string());
        }
        rest = &after[close + 1..];
    }
}

/// `[label]: target`, at the start of a line.
fn reference_definition(text: &str) -> Option<String> {
    let text = text.trim_start();
    let rest = text.strip_prefix('[')?;
    let (label, after) = rest.split_once("]:")?;
    if label.is_empty() || label.starts_with('^') {
        return None;
    }
    after.split_whitespace().next().map(str::to_string)
}

/// `src="target"` and `href="target"` in raw HTML.
fn html_targets(text: &str, targets: &mut Vec<String>) {
    for attribute in ["src=\"", "href=\""] {
        let mut rest = text;
        while let Some(at) = rest.find(attribute) {
            let after = &rest[at + attribute.len()..];
            let Some(end) = after.find('"') else { break };
            targets.push(after[..end].to_string());
            rest = &after[end..];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scratch::Scratch;

    #[test]
    fn finds_links_outside_code() {
        let text = "See [the board](board.md#perft) and ![a board](generated/svg/a.svg \"A\").\n\
                    Not `[this](nowhere.md)`.\n\
                    ```text\n[nor this](gone.md)\n```\n\
                    [ref]: glossary.md\n\
                    <img src=\"pic.svg\" alt=\"x\"> and [web](https://example.org/x.md).\n";
        assert_eq!(
            link_targets(text),
            [
                "board.md#perft",
                "generated/svg/a.svg",
                "glossary.md",
                "https://example.org/x.md",
                "pic.svg"
            ]
        );
    }

    #[test]
    fn keeps_only_local_paths() {
        assert_eq!(local_path("board.md#perft"), Some("board.md"));
        assert_eq!(local_path("#perft"), None);
        assert_eq!(local_path("https://example.org"), None);
        assert_eq!(local_path("mailto:someone@example.org"), None);
    }

    #[test]
    fn reports_missing_targets() {
        let scratch = Scratch::new("links-missing");
        scratch.write("chapters/generated/svg/there.svg", "<svg/>");
        scratch.write(
            "chapters/generated/fragment.md",
            "![gone](generated/svg/gone.svg)\n",
        );
        scratch.write("common/src/square.rs", "// the code\n");
        let chapter = scratch.write(
            "chapters/board.md",
            "![there](generated/svg/there.svg)\n{{#include generated/fragment.md}}\n\
             [away](missing.md) and [the code](../common/src/square.rs)\n",
        );
        let broken = check_links(&scratch.path("chapters"), &[chapter]);
        let found: Vec<(&str, BrokenKind)> =
            broken.iter().map(|b| (b.target.as_str(), b.kind)).collect();
        assert_eq!(
            found,
            [
                ("generated/svg/gone.svg", BrokenKind::Missing),
                ("missing.md", BrokenKind::Missing),
                ("../common/src/square.rs", BrokenKind::OutsideBook),
            ]
        );
        assert!(broken[1].to_string().contains("does not exist"));
        assert!(broken[2]
            .to_string()
            .contains("outside the book's source folder"));
    }
}
