//! The exercises in the book: each step's lesson file with the lesson's
//! lines taken out, made from bare markers in the step's own file and the
//! holes' data in `book/exercises/holes.toml`.
//!
//! A step's file marks each hole with a pair of mdBook anchors whose name
//! starts with `hole_`, each alone on its line and with nothing after the
//! name:
//!
//! ```text
//! // ANCHOR: hole_window
//! let value = -self.alpha_beta(position, -beta, -alpha, depth - 1, level + 1).0;
//! // ANCHOR_END: hole_window
//! ```
//!
//! What the hole asks, its number and the chapter's section live in
//! `holes.toml`, one entry per hole; the lesson files, the holes tables,
//! the book's exercise mode and the checks' hints are all made from it.
//!
//! The markers are anchors so that everything that already leaves anchor
//! lines out leaves them out too: mdBook's includes of a larger region, the
//! book's include check and the diffs between steps ([`crate::diff`]). The
//! step's code, its traces and its snapshots do not change.
//!
//! The lesson files are made by the exercises' own crate,
//! `exercise-holes` (`book/exercises/holes`), which the exercises' watch
//! mode uses too: `cargo exercise v09 --holes` lists the holes and
//! `--reset` writes the lesson files back, from `book/exercises`, without
//! building the book. Here `generate` writes them with the rest and the
//! book's tests fail when one is stale; this module makes the chapters'
//! holes tables and the exercise mode's data.
//!
//! The exercise mode folds the whole step too: for each function that
//! `book/exercises/whole.toml` lists, the holes page carries the
//! fingerprints of its body's lines ([`whole_bodies`]), the body being
//! what `cargo exercise v09 --whole` takes out, so that a step's new entry
//! there is folded in the book once `generate` has run.

use std::collections::BTreeMap;
use std::fs;
use std::path::PathBuf;

use anyhow::{Context as _, Result};

use crate::files::{Generated, Workspace};

pub use exercise_holes::lesson::markers;
pub use exercise_holes::whole::{parse_whole, whole_lesson, Body, WholeEntry, WHOLE_FILE};
pub use exercise_holes::{find, Exercise, Hole, HoleEntry, EXERCISES, EXERCISES_DIR, HOLES_FILE};

/// The body of one function of a whole step, as `--whole` takes it out:
/// its lines as the step's file has them, every hole filled, without the
/// file's other anchor lines (mdBook's includes leave those out).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WholeBody {
    /// The function, as `whole.toml` names it.
    pub function: String,
    /// The step's file that holds it, relative to the step's crate.
    pub file: String,
    /// The chapter's section that teaches it.
    pub section: String,
    /// The lines of its body, between the `{` and the `}` of the function.
    pub lines: Vec<String>,
}

/// Every step's entries in the workspace's `holes.toml`.
pub fn entries(workspace: &Workspace) -> Result<BTreeMap<String, Vec<HoleEntry>>> {
    exercise_holes::files::entries(&workspace.root).map_err(anyhow::Error::msg)
}

/// The holes of `exercise`, numbered in its order: each entry of
/// `holes.toml` with its marker in the step's file.
pub fn holes(workspace: &Workspace, exercise: &Exercise) -> Result<Vec<Hole>> {
    exercise_holes::files::holes(&workspace.root, exercise).map_err(anyhow::Error::msg)
}

/// The exercise files that differ from what the markers make now, or are
/// missing.
pub fn stale(workspace: &Workspace) -> Result<Vec<PathBuf>> {
    exercise_holes::files::stale(&workspace.root).map_err(anyhow::Error::msg)
}

/// Writes the files of `exercise` that differ, and returns their paths.
pub fn write(workspace: &Workspace, exercise: &Exercise) -> Result<Vec<PathBuf>> {
    exercise_holes::files::write(&workspace.root, exercise).map_err(anyhow::Error::msg)
}

/// The entries of `whole.toml`, in the workspace, for `exercise`; none
/// when the step has no whole step.
pub fn whole_entries(workspace: &Workspace, exercise: &Exercise) -> Result<Vec<WholeEntry>> {
    let path = workspace.root.join(WHOLE_FILE);
    let text = fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let mut all = parse_whole(&text)
        .map_err(anyhow::Error::msg)
        .with_context(|| format!("reading {WHOLE_FILE}"))?;
    Ok(all.remove(exercise.step).unwrap_or_default())
}

/// The bodies of the functions of `exercise`'s whole step, in
/// `whole.toml`'s order. Each is read where the exercises' crate puts
/// its `todo!()`: the lesson file with that one function's body taken out
/// differs from the one with the step's body only there.
pub fn whole_bodies(workspace: &Workspace, exercise: &Exercise) -> Result<Vec<WholeBody>> {
    let holes = holes(workspace, exercise)?;
    let mut bodies = Vec::new();
    for entry in whole_entries(workspace, exercise)? {
        let path = workspace.root.join(exercise.krate).join(&entry.file);
        let text =
            fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
        let lesson = |body| {
            whole_lesson(
                exercise,
                &holes,
                std::slice::from_ref(&entry),
                &entry.file,
                &text,
                body,
            )
            .map_err(anyhow::Error::msg)
        };
        let lines = changed_lines(&lesson(Body::Todo)?, &lesson(Body::Step)?);
        anyhow::ensure!(
            !lines.is_empty(),
            "{WHOLE_FILE}: the body of `{}` in {} {} is empty",
            entry.function,
            exercise.krate,
            entry.file
        );
        bodies.push(WholeBody {
            function: entry.function,
            file: entry.file,
            section: entry.section,
            lines: lines.into_iter().filter(|line| !is_anchor(line)).collect(),
        });
    }
    Ok(bodies)
}

/// The lines of `after` between the longest start and the longest end it
/// shares with `before`.
fn changed_lines(before: &str, after: &str) -> Vec<String> {
    let old: Vec<&str> = before.lines().collect();
    let new: Vec<&str> = after.lines().collect();
    let start = old.iter().zip(&new).take_while(|(a, b)| a == b).count();
    let room = old.len().min(new.len()) - start;
    let end = old
        .iter()
        .rev()
        .zip(new.iter().rev())
        .take(room)
        .take_while(|(a, b)| a == b)
        .count();
    new[start..new.len() - end]
        .iter()
        .map(|line| line.to_string())
        .collect()
}

/// Whether `line` is an mdBook anchor marker, which an include leaves out.
fn is_anchor(line: &str) -> bool {
    let text = line.trim_start();
    text.starts_with("// ANCHOR:") || text.starts_with("// ANCHOR_END:")
}

/// The fingerprints of `lines`, as the exercise mode reads a listing's:
/// for each line its [`line_print`] and its length without indentation.
fn prints(lines: &[String]) -> Vec<(u32, usize)> {
    lines
        .iter()
        .map(|line| (line_print(line), line.trim().encode_utf16().count()))
        .collect()
}

/// The id mdBook gives a heading: lower case, spaces as dashes, other
/// punctuation left out.
pub fn heading_id(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// Whether `text` has a heading that reads `section`.
fn has_heading(text: &str, section: &str) -> bool {
    text.lines()
        .any(|line| line.starts_with('#') && line.trim_start_matches('#').trim() == section)
}

/// The link to the heading `section`, from the step's chapter: `#pick`
/// when the chapter holds it, else `page.md#pick` for the first other
/// chapter page that does (a chapter split into pages keeps its links);
/// `None` when no page has it.
pub fn section_link(
    workspace: &Workspace,
    exercise: &Exercise,
    section: &str,
) -> Result<Option<String>> {
    let chapters = workspace.chapters();
    let id = heading_id(section);
    let chapter = fs::read_to_string(chapters.join(exercise.chapter))
        .with_context(|| format!("reading the chapter {}", exercise.chapter))?;
    if has_heading(&chapter, section) {
        return Ok(Some(format!("#{id}")));
    }
    let mut pages = crate::check::includes::markdown_files(&chapters)
        .with_context(|| format!("listing {}", chapters.display()))?;
    pages.sort();
    for page in pages {
        let relative = page.strip_prefix(&chapters).unwrap_or(&page);
        if crate::check::summary::FRAGMENT_DIRS
            .iter()
            .any(|dir| relative.starts_with(dir))
        {
            continue;
        }
        if has_heading(&fs::read_to_string(&page)?, section) {
            let path = relative.to_string_lossy().replace('\\', "/");
            return Ok(Some(format!("{path}#{id}")));
        }
    }
    Ok(None)
}

/// The chapter's list of holes, for its "Build it yourself" section:
/// `generated/build-it/v09-holes.md`. It ends with the data of the
/// book's exercise mode (`stepper/exercise.js`): for each hole, what the
/// placeholder says and the fingerprints of its lines, never their text;
/// and, when the step has a whole step, the same for each function's body
/// (`data-whole`).
pub fn holes_page(
    workspace: &Workspace,
    exercise: &Exercise,
    holes: &[Hole],
    wholes: &[WholeBody],
) -> Result<Generated> {
    let mut text = String::from(
        "| Hole | You edit | What to write | The chapter's section |\n|---|---|---|---|\n",
    );
    let mut data = Vec::new();
    for hole in holes {
        let link = section_link(workspace, exercise, &hole.section)?.with_context(|| {
            format!(
                "hole {} of {} names the section \"{}\", which no chapter page has as a heading",
                hole.number, exercise.step, hole.section
            )
        })?;
        text += &format!(
            "| {} `{}` | `{}` | {} | [{}]({link}) |\n",
            hole.number,
            hole.name,
            exercise.lesson_path(&hole.file),
            hole.asks,
            hole.section,
        );
        data.push(serde_json::json!({
            "number": hole.number,
            "of": holes.len(),
            "name": hole.name,
            "asks": hole.asks,
            "section": hole.section,
            "link": link,
            "lines": prints(&hole.answer),
        }));
    }
    let json = serde_json::to_string(&data)?;
    let whole = match wholes {
        [] => String::new(),
        _ => format!(
            " data-whole=\"{}\"",
            html_attribute(&serde_json::to_string(&whole_data(
                workspace, exercise, wholes
            )?)?)
        ),
    };
    text += &format!(
        "\n<div class=\"exercise-holes\" data-step=\"{}\" data-holes=\"{}\"{whole}></div>\n",
        exercise.step,
        html_attribute(&json)
    );
    Ok(Generated::new(
        &format!("build-it/{}-holes.md", exercise.step),
        text,
    ))
}

/// The exercise mode's data of a whole step: for each function, its
/// name, its section and the fingerprints of its body's lines.
fn whole_data(
    workspace: &Workspace,
    exercise: &Exercise,
    wholes: &[WholeBody],
) -> Result<Vec<serde_json::Value>> {
    let mut data = Vec::new();
    for (k, whole) in wholes.iter().enumerate() {
        let link = section_link(workspace, exercise, &whole.section)?.with_context(|| {
            format!(
                "{WHOLE_FILE}: `{}` of {} names the section \"{}\", which no chapter page has as a heading",
                whole.function, exercise.step, whole.section
            )
        })?;
        data.push(serde_json::json!({
            "number": k + 1,
            "of": wholes.len(),
            "name": whole.function,
            "file": exercise.lesson_path(&whole.file),
            "section": whole.section,
            "link": link,
            "lines": prints(&whole.lines),
        }));
    }
    Ok(data)
}

/// The same data for a page that shows the step's code away from its
/// chapter, its "in numbers" page: `build-it/v09-holes-carried.md`, so
/// that a reader who opens that page first finds the holes folded too.
pub fn carried_page(exercise: &Exercise, holes_page: &Generated) -> Result<Generated> {
    let div = holes_page
        .text
        .lines()
        .find(|line| line.starts_with("<div class=\"exercise-holes\""))
        .context("the holes page ends with its data")?;
    Ok(Generated::new(
        &format!("build-it/{}-holes-carried.md", exercise.step),
        format!(
            "{}\n",
            div.replacen("exercise-holes", "exercise-holes-carried", 1)
        ),
    ))
}

/// The fingerprint the exercise mode knows a listing's line by: FNV-1a
/// over the UTF-16 code units of the line without its indentation, as
/// `stepper/exercise.js` computes it from a listing's text.
pub fn line_print(line: &str) -> u32 {
    line.trim()
        .encode_utf16()
        .fold(0x811c_9dc5_u32, |hash, unit| {
            (hash ^ u32::from(unit)).wrapping_mul(0x0100_0193)
        })
}

/// `text` inside a double-quoted HTML attribute.
fn html_attribute(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The generated pages of every exercise.
pub fn generated(workspace: &Workspace) -> Result<Vec<Generated>> {
    let mut files = Vec::new();
    for exercise in EXERCISES {
        let wholes = whole_bodies(workspace, exercise)?;
        let page = holes_page(workspace, exercise, &holes(workspace, exercise)?, &wholes)?;
        let numbers = format!("{}-numbers.md", exercise.step);
        if workspace.chapters().join(numbers).is_file() {
            files.push(carried_page(exercise, &page)?);
        }
        files.push(page);
        if !wholes.is_empty() {
            files.push(crate::bookkeeping::page(exercise, &wholes)?);
        }
    }
    files.push(equivalent_mutants(workspace)?);
    Ok(files)
}

/// The page of the mutants of the whole steps' functions that no search
/// can tell from the step, from `book/exercises/mutants/equivalent.toml`:
/// each entry must still name the code it replaces, where its name says.
fn equivalent_mutants(workspace: &Workspace) -> Result<Generated> {
    use exercise_holes::mutants::{check, page, parse_equivalent, EQUIVALENT_FILE};
    let path = workspace.root.join(EQUIVALENT_FILE);
    let text = fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let entries = parse_equivalent(&text).map_err(anyhow::Error::msg)?;
    check(&workspace.root, &entries).map_err(anyhow::Error::msg)?;
    Ok(crate::markdown::md("mutants-equivalent.md", page(&entries)))
}

#[cfg(test)]
mod tests {
    use super::*;

    const STEP: &str = "fn f(a: i32, b: i32) -> i32 {
    // ANCHOR: hole_sum
    let total = a + b;
    // ANCHOR_END: hole_sum
    total
}
";

    #[test]
    fn the_search_diffs_leave_the_hole_markers_out() {
        let code = crate::diff::without_anchors(STEP);
        assert!(!code.contains("hole_"), "{code}");
        assert!(code.contains("    let total = a + b;\n"));
    }

    #[test]
    fn a_line_print_is_fnv1a_of_the_trimmed_line() {
        // FNV-1a's published values: the empty string and "a".
        assert_eq!(line_print("   "), 0x811c_9dc5);
        assert_eq!(line_print("  a  "), 0xe40c_292c);
        assert_ne!(line_print("a >= b"), line_print("a > b"));
    }

    #[test]
    fn a_body_is_what_differs_between_its_todo_and_the_steps_lines() {
        let todo = "fn f() {\n    todo!()\n}\n\nfn g() {\n}\n";
        let step = "fn f() {\n    let a = 1;\n    a\n}\n\nfn g() {\n}\n";
        assert_eq!(changed_lines(todo, step), ["    let a = 1;", "    a"]);
        assert!(is_anchor("    // ANCHOR: pick_step"));
        assert!(is_anchor("// ANCHOR_END: pick_step"));
        assert!(!is_anchor("let anchor = 1; // ANCHOR: no"));
    }

    #[test]
    fn heading_ids_are_mdbooks() {
        assert_eq!(
            heading_id("From NegaMax to alpha-beta"),
            "from-negamax-to-alpha-beta"
        );
        assert_eq!(heading_id("`EGain`"), "egain");
    }
}
