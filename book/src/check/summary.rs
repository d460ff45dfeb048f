//! Keeping `SUMMARY.md` and the chapter files in step.
//!
//! mdBook builds only the chapters that `SUMMARY.md` links to. With
//! `create-missing = false` a link to a missing file fails the build, which
//! is what we want; but a chapter file that the summary forgets is simply
//! left out of the book, and nothing says so. [`check_summary`] reports both
//! mistakes: a link to a file that does not exist, and a `.md` file under the
//! chapters folder that no link reaches.
//!
//! The folders of [`FRAGMENT_DIRS`] are left out of the second check: they
//! hold markdown fragments (generated tables, measured timings, exercise
//! sections, the lab's sections) that chapters include, and that are never
//! pages of their own.

use std::collections::BTreeSet;
use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};

use crate::check::includes::markdown_files;
use crate::files::{GENERATED_DIR, MEASURED_DIR};

/// The name of mdBook's table of contents inside the source folder.
pub const SUMMARY: &str = "SUMMARY.md";

/// Folders of the chapters folder that hold fragments, not chapters:
/// generated and measured files, each step chapter's closing "Build it
/// yourself" section ([`crate::exercises`]), and `lab`, the lab's sections
/// that the step chapters and the chapter on records include.
pub const FRAGMENT_DIRS: [&str; 4] = [GENERATED_DIR, MEASURED_DIR, EXERCISES_DIR, "lab"];

/// The folder of the step chapters' "Build it yourself" sections.
pub const EXERCISES_DIR: &str = "exercises";

/// A disagreement between `SUMMARY.md` and the chapter files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SummaryProblem {
    /// The summary or the chapters folder cannot be read.
    Unreadable {
        /// The path tried.
        path: PathBuf,
        /// The error reported by the system.
        error: String,
    },
    /// The summary links to a file that does not exist.
    MissingChapter {
        /// The link, as written in the summary.
        link: String,
    },
    /// A chapter file that no summary link reaches.
    Unlisted {
        /// The file, relative to the chapters folder.
        file: PathBuf,
    },
}

impl fmt::Display for SummaryProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unreadable { path, error } => {
                write!(f, "cannot read {}: {error}", path.display())
            }
            Self::MissingChapter { link } => {
                write!(f, "{SUMMARY} links to `{link}`, which does not exist")
            }
            Self::Unlisted { file } => {
                write!(f, "{} is not listed in {SUMMARY}", file.display())
            }
        }
    }
}

/// Checks that every link of `chapters/SUMMARY.md` names an existing file
/// and that every other `.md` file under `chapters` is linked.
pub fn check_summary(chapters: &Path) -> Vec<SummaryProblem> {
    let summary_path = chapters.join(SUMMARY);
    let summary = match fs::read_to_string(&summary_path) {
        Ok(text) => text,
        Err(error) => return vec![unreadable(&summary_path, &error)],
    };
    let files = match markdown_files(chapters) {
        Ok(files) => files,
        Err(error) => return vec![unreadable(chapters, &error)],
    };
    let links = summary_links(&summary);
    let mut problems: Vec<SummaryProblem> = links
        .iter()
        .filter(|link| !chapters.join(link).is_file())
        .map(|link| SummaryProblem::MissingChapter { link: link.clone() })
        .collect();
    let listed: BTreeSet<PathBuf> = links.iter().map(PathBuf::from).collect();
    for file in files {
        let relative = file.strip_prefix(chapters).unwrap_or(&file).to_path_buf();
        let fragment = FRAGMENT_DIRS.iter().any(|dir| relative.starts_with(dir));
        if relative != Path::new(SUMMARY) && !fragment && !listed.contains(&relative) {
            problems.push(SummaryProblem::Unlisted { file: relative });
        }
    }
    problems
}

/// The chapter files a summary links to, in order: every markdown link
/// `[title](target)` whose target is a local `.md` file, without any
/// `#fragment`. Draft chapters (`[title]()`) and web links are skipped.
pub fn summary_links(summary: &str) -> Vec<String> {
    let mut links = Vec::new();
    let mut rest = summary;
    while let Some(open) = rest.find("](") {
        rest = &rest[open + 2..];
        let Some(close) = rest.find(')') else { break };
        let target = rest[..close].trim();
        let target = target.split('#').next().unwrap_or("");
        if target.ends_with(".md") && !target.contains("://") {
            links.push(target.to_string());
        }
        rest = &rest[close + 1..];
    }
    links
}

fn unreadable(path: &Path, error: &std::io::Error) -> SummaryProblem {
    SummaryProblem::Unreadable {
        path: path.to_path_buf(),
        error: error.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scratch::Scratch;

    const SUMMARY_MD: &str = "# Summary\n\n[Introduction](introduction.md)\n\n\
        - [The board](board.md)\n  - [Perft](board/perft.md#counts)\n\
        - [Later]()\n- [Home page](https://example.org/index.md)\n";

    #[test]
    fn reads_the_links() {
        assert_eq!(
            summary_links(SUMMARY_MD),
            ["introduction.md", "board.md", "board/perft.md"]
        );
    }

    #[test]
    fn agrees_when_every_file_is_listed() {
        let scratch = Scratch::new("summary-agrees");
        scratch.write("SUMMARY.md", SUMMARY_MD);
        for file in ["introduction.md", "board.md", "board/perft.md"] {
            scratch.write(file, "# Title\n");
        }
        assert_eq!(check_summary(scratch.root()), []);
    }

    #[test]
    fn catches_missing_and_unlisted_chapters() {
        let scratch = Scratch::new("summary-disagrees");
        scratch.write("SUMMARY.md", SUMMARY_MD);
        scratch.write("introduction.md", "# Introduction\n");
        scratch.write("board/perft.md", "# Perft\n");
        scratch.write("forgotten.md", "# Forgotten\n");
        scratch.write("generated/tables/perft.md", "| a | b |\n");
        scratch.write("measured/speed.md", "fast\n");
        let problems = check_summary(scratch.root());
        assert_eq!(
            problems,
            [
                SummaryProblem::MissingChapter {
                    link: "board.md".into()
                },
                SummaryProblem::Unlisted {
                    file: "forgotten.md".into()
                },
            ]
        );
        assert_eq!(
            problems[1].to_string(),
            "forgotten.md is not listed in SUMMARY.md"
        );
    }

    #[test]
    fn reports_a_missing_summary() {
        let scratch = Scratch::new("summary-missing");
        let problems = check_summary(scratch.root());
        assert!(matches!(problems[..], [SummaryProblem::Unreadable { .. }]));
    }
}
