//! "What changed since the last version", as a diff the code produces.
//!
//! Each version crate re-states only its search, so the lesson of a step is
//! the difference between its `src/search.rs` and the previous version's.
//! The book shows that difference as a unified diff, made here with the
//! `similar` crate and written to `generated/diffs/`. A chapter includes it
//! in a `diff` code block:
//!
//! ````text
//! ```diff
//! {{#include generated/diffs/v07-v09-search.diff}}
//! ```
//! ````
//!
//! Like every generated file it is checked for staleness, so a change to
//! either search file that the book's diff does not show fails the tests
//! until the diff is generated again.
//!
//! The lines that only mark a region for the book (`// ANCHOR: name`,
//! `// ANCHOR_END: name`) are left out of both sides before comparing:
//! they are not code, and they would show up as changes whenever a chapter
//! needs a new region. The line numbers of the hunk headers (`@@ -12,7
//! +15,9 @@`) therefore count the lines without those markers.
//!
//! The steps are the workspace's version crates, in the order the root
//! `Cargo.toml` lists them ([`crate::chapters::architecture::versions`]): a new step gets
//! its diff as soon as it is a member. A step whose crate has no
//! `src/search.rs` yet is skipped; it appears once the file exists.

use std::path::Path;

use anyhow::{ensure, Context as _, Result};
use similar::TextDiff;

use crate::chapters::architecture::{versions, VERSION_PREFIX};
use crate::files::{Generated, Workspace};

/// The file of each crate that the diffs compare.
pub const SEARCH_FILE: &str = "src/search.rs";

/// Lines of context kept around each change.
const CONTEXT: usize = 3;

/// A placeholder a chapter may hold while its diff is not included yet:
/// `<!-- diff: lamosca-v07/src/search.rs lamosca-v09/src/search.rs -->`.
pub const PLACEHOLDER: &str = "<!-- diff:";

/// The short name of a version crate: `v10` for `lamosca-v10-quiescence`.
pub fn short_name(krate: &str) -> &str {
    let rest = krate.strip_prefix(VERSION_PREFIX).unwrap_or(krate);
    rest.split('-').next().unwrap_or(rest)
}

/// The path, inside the generated folder, of the diff from crate `old` to
/// crate `new`: `diffs/v07-v09-search.diff`.
pub fn diff_path(old: &str, new: &str) -> String {
    format!("diffs/{}-{}-search.diff", short_name(old), short_name(new))
}

/// `text` without the lines that only mark anchors for the book.
pub fn without_anchors(text: &str) -> String {
    text.lines()
        .filter(|line| {
            let trimmed = line.trim_start();
            !(trimmed.starts_with("// ANCHOR:") || trimmed.starts_with("// ANCHOR_END:"))
        })
        .map(|line| format!("{line}\n"))
        .collect()
}

/// The unified diff from `old` to `new`, with `old_name` and `new_name` in
/// its header. Both texts are taken without their anchor lines.
pub fn unified(old_name: &str, old: &str, new_name: &str, new: &str) -> String {
    let old = without_anchors(old);
    let new = without_anchors(new);
    let diff = TextDiff::from_lines(&old, &new);
    let text = diff
        .unified_diff()
        .context_radius(CONTEXT)
        .header(old_name, new_name)
        .to_string();
    if text.is_empty() {
        format!("(no change between {old_name} and {new_name})\n")
    } else {
        text
    }
}

/// The diff of version crate `krate`'s search file against the previous
/// step's; `None` for the first step, or while either file is missing.
pub fn search_diff(root: &Path, krate: &str) -> Result<Option<Generated>> {
    let versions = versions(root)?;
    let Some(at) = versions.iter().position(|version| version == krate) else {
        return Ok(None);
    };
    let Some(old_crate) = at.checked_sub(1).map(|before| &versions[before]) else {
        return Ok(None);
    };
    let new_crate = &versions[at];
    let old_name = format!("{old_crate}/{SEARCH_FILE}");
    let new_name = format!("{new_crate}/{SEARCH_FILE}");
    let (old_path, new_path) = (root.join(&old_name), root.join(&new_name));
    if !old_path.is_file() || !new_path.is_file() {
        return Ok(None);
    }
    let read =
        |path: &Path| std::fs::read_to_string(path).context(format!("reading {}", path.display()));
    let text = unified(&old_name, &read(&old_path)?, &new_name, &read(&new_path)?);
    // mdBook expands `{{#...}}` even inside an included file: a diff
    // that held one would show something other than the code.
    ensure!(
        !text.contains("{{#"),
        "the diff of {old_name} and {new_name} holds `{{{{#`, which mdBook would expand"
    );
    Ok(Some(Generated::new(&diff_path(old_crate, new_crate), text)))
}

/// The markdown that replaces a placeholder naming `old` and `new` (paths
/// of search files relative to the repository root), or `None` when they
/// are not the search files of two neighbours of `versions`.
pub fn include_for(versions: &[String], old: &str, new: &str) -> Option<String> {
    let step = |path: &str| {
        versions
            .iter()
            .position(|krate| path == format!("{krate}/{SEARCH_FILE}"))
    };
    let (i, j) = (step(old)?, step(new)?);
    (j == i + 1).then(|| {
        format!(
            "```diff\n{{{{#include generated/{}}}}}\n```\n",
            diff_path(&versions[i], &versions[j])
        )
    })
}

/// The placeholders of a chapter that are still to be replaced, each with
/// the two paths it names.
pub fn placeholders(markdown: &str) -> Vec<(String, String)> {
    // A placeholder shown in a code block, as an example, is not one.
    let mut in_code = false;
    markdown
        .lines()
        .filter(|line| {
            let fence = line.trim_start().starts_with("```");
            in_code ^= fence;
            !in_code && !fence
        })
        .filter_map(|line| {
            let rest = line.trim().strip_prefix(PLACEHOLDER)?;
            let rest = rest.strip_suffix("-->")?;
            let mut words = rest.split_whitespace();
            match (words.next(), words.next(), words.next()) {
                (Some(old), Some(new), None) => Some((old.to_string(), new.to_string())),
                _ => None,
            }
        })
        .collect()
}

/// A note for each diff placeholder left in the workspace's chapters,
/// saying what to put in its place.
pub fn pending(workspace: &Workspace) -> Vec<String> {
    let chapters = workspace.chapters();
    let chapters = chapters.as_path();
    let (Ok(files), Ok(versions)) = (
        crate::check::includes::markdown_files(chapters),
        versions(&workspace.root),
    ) else {
        return Vec::new();
    };
    let mut notes = Vec::new();
    for file in files {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        let shown = file.strip_prefix(chapters).unwrap_or(&file).display();
        for (old, new) in placeholders(&text) {
            notes.push(match include_for(&versions, &old, &new) {
                Some(include) => {
                    format!("{shown}: replace `{PLACEHOLDER} {old} {new} -->` with\n{include}")
                }
                None => format!(
                    "{shown}: `{PLACEHOLDER} {old} {new} -->` names no two neighbouring steps"
                ),
            });
        }
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;

    const OLD: &str = "\
fn search() {
    // ANCHOR: body
    let value = evaluate();
    value
    // ANCHOR_END: body
}
";

    const NEW: &str = "\
fn search() {
    // ANCHOR: body
    let value = quiesce();
    value
    // ANCHOR_END: body
}
";

    #[test]
    fn leaves_the_anchor_lines_out() {
        let text = unified("old.rs", OLD, "new.rs", NEW);
        assert_eq!(
            text,
            "--- old.rs\n+++ new.rs\n@@ -1,4 +1,4 @@\n fn search() {\n\
             -    let value = evaluate();\n+    let value = quiesce();\n     value\n }\n"
        );
    }

    #[test]
    fn says_when_nothing_changed() {
        let moved_anchor = OLD.replace("// ANCHOR: body", "// ANCHOR: renamed");
        assert_eq!(
            unified("a.rs", OLD, "b.rs", &moved_anchor),
            "(no change between a.rs and b.rs)\n"
        );
    }

    #[test]
    fn replaces_only_neighbouring_steps() {
        let steps: Vec<String> = ["lamosca-v07", "lamosca-v09", "lamosca-v10-quiescence"]
            .map(String::from)
            .to_vec();
        assert_eq!(
            include_for(
                &steps,
                "lamosca-v07/src/search.rs",
                "lamosca-v09/src/search.rs"
            )
            .as_deref(),
            Some("```diff\n{{#include generated/diffs/v07-v09-search.diff}}\n```\n")
        );
        let skipping = "lamosca-v10-quiescence/src/search.rs";
        assert_eq!(
            include_for(&steps, "lamosca-v07/src/search.rs", skipping),
            None
        );
        assert_eq!(short_name("lamosca-v10-quiescence"), "v10");
        assert_eq!(
            placeholders(
                "text\n<!-- diff: a/src/search.rs b/src/search.rs -->\nmore\n\
                 ```text\n<!-- diff: c/src/search.rs d/src/search.rs -->\n```\n"
            ),
            [("a/src/search.rs".to_string(), "b/src/search.rs".to_string())]
        );
    }

    #[test]
    fn diffs_every_step_that_has_a_search_file() {
        let root = crate::files::Workspace::here().root;
        let diffs: Vec<Generated> = versions(&root)
            .unwrap()
            .iter()
            .filter_map(|krate| search_diff(&root, krate).unwrap())
            .collect();
        assert!(diffs
            .iter()
            .any(|d| d.path.to_str() == Some("diffs/v07-v09-search.diff")));
        for diff in &diffs {
            assert!(diff.text.starts_with("--- lamosca-"), "{}", diff.text);
            assert!(!diff.text.contains("ANCHOR"), "{}", diff.path.display());
        }
    }
}
