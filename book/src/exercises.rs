//! The exercises: each step's lesson file with the lesson's lines taken
//! out, made from bare markers in the step's own file and the holes' data
//! in `book/exercises/holes.toml`.
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
//! The exercise crate `book/exercises/exercise-v09` holds the lesson file,
//! `src/lesson/search.rs`: the step's file with each hole's lines replaced
//! by one `todo!("hole 1 of 4, window: ...")` (after `let value: i32 =`
//! when the entry names a binding). It also holds the same file with one
//! slip of a character (`src/slip/search.rs`), which the book shows being
//! caught. Both are written by `cargo run -p book -- generate` and checked
//! for staleness by the book's tests; `cargo run -p book -- exercise v09
//! --reset` writes them again after a learner filled holes.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, ensure, Context as _, Result};

use crate::files::{Generated, Workspace};

/// Where the exercises' small workspace lies, from the repository root.
pub const EXERCISES_DIR: &str = "book/exercises";

/// The holes' data, from the repository root.
pub const HOLES_FILE: &str = "book/exercises/holes.toml";

/// The opening marker of a hole, after the comment's `//`.
const OPEN: &str = "ANCHOR: hole_";

/// The closing marker of a hole, before its name.
const CLOSE: &str = "ANCHOR_END: hole_";

/// One character changed in one step file: the slip the book shows being
/// caught.
#[derive(Clone, Copy, Debug)]
pub struct Slip {
    /// The step's file, relative to its crate.
    pub file: &'static str,
    /// The text the slip changes, which must occur once in the file.
    pub from: &'static str,
    /// What it becomes.
    pub to: &'static str,
}

/// A step's exercise.
#[derive(Clone, Copy, Debug)]
pub struct Exercise {
    /// The short name: `v09`, also its table's name in `holes.toml`.
    pub step: &'static str,
    /// The step's crate.
    pub krate: &'static str,
    /// The step's chapter, in `book/chapters`.
    pub chapter: &'static str,
    /// The lesson files, relative to the step's crate.
    pub files: &'static [&'static str],
    /// The slip the chapter shows.
    pub slip: Slip,
}

impl Exercise {
    /// The exercise crate's name: `exercise-v09`.
    pub fn crate_name(&self) -> String {
        format!("exercise-{}", self.step)
    }

    /// The exercise crate's folder.
    pub fn dir(&self, workspace: &Workspace) -> PathBuf {
        workspace.root.join(EXERCISES_DIR).join(self.crate_name())
    }

    /// The command a learner runs, from the repository root. It enters
    /// the exercises' folder, whose `.cargo/config.toml` sends the build
    /// into the main `target` folder; `--manifest-path` from the root
    /// would not read that file.
    pub fn command(&self) -> String {
        format!("cd {EXERCISES_DIR} && cargo test -p {}", self.crate_name())
    }

    /// The file a learner edits for the step's `file`:
    /// `exercise-v09/src/lesson/search.rs`.
    pub fn lesson_path(&self, file: &str) -> String {
        format!("{}/src/lesson/{}", self.crate_name(), base_name(file))
    }
}

/// The four exercises, one per step.
pub const EXERCISES: &[Exercise] = &[
    Exercise {
        step: "v07",
        krate: "lamosca-v07",
        chapter: "v07-negamax.md",
        files: &["src/search.rs"],
        slip: Slip {
            file: "src/search.rs",
            from: "if value > best_value {",
            to: "if value >= best_value {",
        },
    },
    Exercise {
        step: "v09",
        krate: "lamosca-v09",
        chapter: "v09-alphabeta.md",
        files: &["src/search.rs", "src/ordering.rs"],
        slip: Slip {
            file: "src/search.rs",
            from: "if value >= beta {",
            to: "if value > beta {",
        },
    },
    Exercise {
        step: "v10",
        krate: "lamosca-v10-quiescence",
        chapter: "v10-quiescence.md",
        files: &["src/quiescence.rs"],
        slip: Slip {
            file: "src/quiescence.rs",
            from: "if best >= beta {",
            to: "if best > beta {",
        },
    },
    Exercise {
        step: "v11",
        krate: "lamosca-v11-lazy",
        chapter: "v11-lazy.md",
        files: &["src/search.rs", "src/pruning.rs"],
        slip: Slip {
            file: "src/pruning.rs",
            from: "node.score - margin >= beta",
            to: "node.score - margin > beta",
        },
    },
];

/// The exercise of step `step` (`v09`).
pub fn find(step: &str) -> Option<&'static Exercise> {
    EXERCISES.iter().find(|exercise| exercise.step == step)
}

/// One hole's entry in `holes.toml`: the exercises' own type, which
/// their checks read too.
pub use exercise_holes::HoleEntry;

/// Every step's entries, by step, read from `text` (the text of
/// `holes.toml`), each step's numbered 1, 2, ... in the file's order.
pub fn parse_entries(text: &str) -> Result<BTreeMap<String, Vec<HoleEntry>>> {
    exercise_holes::parse(text).map_err(|error| anyhow::anyhow!("{HOLES_FILE}: {error}"))
}

/// Every step's entries in the workspace's `holes.toml`.
pub fn entries(workspace: &Workspace) -> Result<BTreeMap<String, Vec<HoleEntry>>> {
    let path = workspace.root.join(HOLES_FILE);
    let text = fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    parse_entries(&text)
}

/// One hole of a lesson file: its entry and where its marker is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hole {
    /// Its number, from 1, in the exercise's order.
    pub number: usize,
    /// Its name, after `hole_` in the marker.
    pub name: String,
    /// The step's file, relative to the step's crate.
    pub file: String,
    /// The line of the opening marker, from 1.
    pub line: usize,
    /// The binding the hole gives a value to (`value: i32`), if any.
    pub binding: Option<String>,
    /// What to write.
    pub asks: String,
    /// The chapter's section that teaches it.
    pub section: String,
    /// The lines the marker takes out.
    pub lines: usize,
    /// Those lines, as the step's file has them: the answer.
    pub answer: Vec<String>,
}

impl Hole {
    /// What to write and where the chapter says it:
    /// `search the child ...; see "From NegaMax to alpha-beta"`.
    pub fn hint(&self) -> String {
        format!("{}; see \"{}\"", self.asks, self.section)
    }
}

/// A hole's marker in a file: its name, the line of its opening marker
/// (from 1) and how many lines it encloses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Marker {
    /// The name after `hole_`.
    pub name: String,
    /// The opening marker's line, from 1.
    pub line: usize,
    /// The lines between the two markers.
    pub lines: usize,
}

/// The name an opening marker line holds, if it is one. A marker carries
/// nothing after its name: the words are `holes.toml`'s.
fn opening(line: &str, file: &str, number: usize) -> Result<Option<String>> {
    let Some(rest) = line
        .trim()
        .strip_prefix("// ")
        .and_then(|rest| rest.strip_prefix(OPEN))
    else {
        return Ok(None);
    };
    ensure!(
        !rest.is_empty() && rest.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'),
        "{file}:{number}: a hole's marker is `// {OPEN}<name>` alone on its line, \
         its words in {HOLES_FILE}: {}",
        line.trim()
    );
    Ok(Some(rest.to_string()))
}

/// The indentation of `line`: its leading spaces and tabs.
fn indentation(line: &str) -> &str {
    &line[..line.len() - line.trim_start().len()]
}

/// Refuses a hole's marker that follows code on its line, a trailing
/// comment: mdBook would not see it, nor would the lesson's generator.
fn alone(line: &str, file: &str, number: usize) -> Result<()> {
    let marker = [OPEN, CLOSE]
        .iter()
        .any(|marker| line.contains(&format!("// {marker}")));
    ensure!(
        !marker || line.trim_start().starts_with("// "),
        "{file}:{number}: a hole's marker stands alone on its line, not after code: {}",
        line.trim()
    );
    Ok(())
}

/// The hole markers of `text`, the step's `file`, in the file's order.
///
/// Each marker stands alone on its line, and a hole's closing marker at
/// the indentation of its opening one: rustfmt moves a comment line that
/// follows a trailing comment into that comment's column, which is then
/// refused here rather than left in the lesson.
pub fn markers(file: &str, text: &str) -> Result<Vec<Marker>> {
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        alone(line, file, i + 1)?;
    }
    let mut markers = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if line
            .trim()
            .strip_prefix("// ")
            .is_some_and(|rest| rest.starts_with(CLOSE))
        {
            let name = &line.trim()["// ".len() + CLOSE.len()..];
            ensure!(
                markers.iter().any(|marker: &Marker| marker.name == name),
                "{file}:{}: `{}` closes no hole opened before it, or carries words after its name",
                i + 1,
                line.trim()
            );
            continue;
        }
        let Some(name) = opening(line, file, i + 1)? else {
            continue;
        };
        let close = format!("// {CLOSE}{name}");
        let end = lines[i + 1..]
            .iter()
            .position(|line| line.trim() == close)
            .with_context(|| format!("{file}: hole `{name}` has no `{close}` line"))?;
        let closing = lines[i + 1 + end];
        ensure!(
            indentation(closing) == indentation(line),
            "{file}:{}: `{close}` stands at column {}, its opening marker at column {}: \
             a marker is a line of its own at the code's indentation, not a trailing \
             comment's continuation",
            i + end + 2,
            indentation(closing).len() + 1,
            indentation(line).len() + 1
        );
        markers.push(Marker {
            name,
            line: i + 1,
            lines: end,
        });
    }
    Ok(markers)
}

/// The step's file `file` of `exercise`.
fn read_step_file(workspace: &Workspace, exercise: &Exercise, file: &str) -> Result<String> {
    let path = workspace.root.join(exercise.krate).join(file);
    fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))
}

/// The holes of `exercise`, numbered in its order: each entry of
/// `holes.toml` with its marker in the step's file. An entry without a
/// marker, or a marker without an entry, is an error.
pub fn holes(workspace: &Workspace, exercise: &Exercise) -> Result<Vec<Hole>> {
    let entries = entries(workspace)?;
    let entries = entries
        .get(exercise.step)
        .with_context(|| format!("{HOLES_FILE} has no entry for {}", exercise.step))?;
    let mut texts = Vec::new();
    for file in exercise.files {
        texts.push((*file, read_step_file(workspace, exercise, file)?));
    }
    match_holes(exercise, entries, &texts)
}

/// The holes of `exercise` from its `entries` and its files' `texts`.
pub fn match_holes(
    exercise: &Exercise,
    entries: &[HoleEntry],
    texts: &[(&str, String)],
) -> Result<Vec<Hole>> {
    let mut found = Vec::new();
    for (file, text) in texts {
        let lines: Vec<&str> = text.lines().collect();
        for marker in markers(file, text)? {
            let answer = lines[marker.line..marker.line + marker.lines]
                .iter()
                .filter(|line| !line.contains("ANCHOR"))
                .map(|line| line.to_string())
                .collect::<Vec<_>>();
            found.push((file.to_string(), marker, answer));
        }
    }
    for (file, marker, _) in &found {
        ensure!(
            entries
                .iter()
                .any(|entry| entry.name == marker.name && entry.file == *file),
            "{}/{file}:{}: the marker `hole_{}` has no entry for {} in {HOLES_FILE}",
            exercise.krate,
            marker.line,
            marker.name,
            exercise.step
        );
    }
    let mut holes = Vec::new();
    for entry in entries {
        let Some((_, marker, answer)) = found
            .iter()
            .find(|(file, marker, _)| marker.name == entry.name && *file == entry.file)
        else {
            bail!(
                "{HOLES_FILE}: hole `{}` of {} has no marker `// {OPEN}{}` in {}/{}",
                entry.name,
                exercise.step,
                entry.name,
                exercise.krate,
                entry.file
            );
        };
        holes.push(Hole {
            number: entry.number,
            name: entry.name.clone(),
            file: entry.file.clone(),
            line: marker.line,
            binding: entry.binding.clone(),
            asks: entry.asks.clone(),
            section: entry.section.clone(),
            lines: marker.lines,
            answer: answer.clone(),
        });
    }
    Ok(holes)
}

/// The message of a hole's `todo!()`: which hole, and what to write.
pub fn todo_message(exercise: &Exercise, hole: &Hole, of: usize) -> String {
    format!(
        "hole {} of {of}, {}: {} in book/chapters/{}",
        hole.number,
        hole.name,
        hole.hint(),
        exercise.chapter
    )
}

/// The lesson file made from the step's `file`, whose text is `text`:
/// each of `holes` marked in it replaced by its `todo!()`.
pub fn lesson(exercise: &Exercise, holes: &[Hole], file: &str, text: &str) -> Result<String> {
    filled_lesson(exercise, holes, file, text, 0)
}

/// The lesson file as a learner has it who filled holes 1 to `filled`
/// with the step's own lines: those keep their lines, without markers,
/// the others are `todo!()`s.
pub fn filled_lesson(
    exercise: &Exercise,
    holes: &[Hole],
    file: &str,
    text: &str,
    filled: usize,
) -> Result<String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = format!(
        "// The lesson file of {}, made from {}/{file} by `cargo run -p book -- exercise {} --reset`.\n\
         // Fill each `todo!()`, in the order of their numbers; `{}` checks them.\n",
        exercise.crate_name(),
        exercise.krate,
        exercise.step,
        exercise.command()
    );
    let mut i = 0;
    while i < lines.len() {
        match holes
            .iter()
            .find(|hole| hole.file == file && hole.line == i + 1)
        {
            Some(hole) if hole.number <= filled => {
                for line in &lines[i + 1..=i + hole.lines] {
                    out += line;
                    out.push('\n');
                }
                i += hole.lines + 2;
            }
            Some(hole) => {
                out += &todo_line(exercise, hole, holes.len(), &lines[..=i]);
                i += hole.lines + 2;
            }
            None => {
                out += lines[i];
                out.push('\n');
                i += 1;
            }
        }
    }
    Ok(out)
}

/// The line that stands for `hole`, whose opening marker is the last of
/// `before`: its `todo!()`, after the binding when it has one.
fn todo_line(exercise: &Exercise, hole: &Hole, of: usize, before: &[&str]) -> String {
    let line = before[before.len() - 1];
    let indent = &line[..line.len() - line.trim_start().len()];
    let bind = hole
        .binding
        .as_ref()
        .map(|binding| format!("let {binding} = "))
        .unwrap_or_default();
    // `todo!()` formats, which a `const fn` may not: there the hole panics
    // with the words `todo!()` would print.
    let in_const_fn = before
        .iter()
        .rev()
        .find(|line| line.contains("fn "))
        .is_some_and(|line| line.contains("const fn "));
    let message = todo_message(exercise, hole, of);
    let call = if in_const_fn {
        format!("panic!({:?})", format!("not yet implemented: {message}"))
    } else {
        format!("todo!({message:?})")
    };
    format!("{indent}{bind}{call};\n")
}

/// The step's `text` with the exercise's slip made in it.
pub fn slipped(exercise: &Exercise, text: &str) -> Result<String> {
    let slip = exercise.slip;
    ensure!(
        text.matches(slip.from).count() == 1,
        "the slip of {} needs `{}` exactly once in {}",
        exercise.step,
        slip.from,
        slip.file
    );
    Ok(format!(
        "// {}/{} with one slip, `{}` for `{}`: the book shows the checks catch it.\n{}",
        exercise.krate,
        slip.file,
        slip.to,
        slip.from,
        text.replacen(slip.from, slip.to, 1)
    ))
}

/// The file name of a step file inside an exercise's folders:
/// `search.rs` for `src/search.rs`.
fn base_name(file: &str) -> &str {
    file.rsplit('/').next().unwrap_or(file)
}

/// Every file the markers make for `exercise`, as paths from the
/// repository root with their text: the lesson files and the slipped file.
pub fn exercise_files(
    workspace: &Workspace,
    exercise: &Exercise,
) -> Result<Vec<(PathBuf, String)>> {
    let dir = Path::new(EXERCISES_DIR)
        .join(exercise.crate_name())
        .join("src");
    let holes = holes(workspace, exercise)?;
    let mut files = Vec::new();
    for file in exercise.files {
        let text = read_step_file(workspace, exercise, file)?;
        files.push((
            dir.join("lesson").join(base_name(file)),
            lesson(exercise, &holes, file, &text)?,
        ));
    }
    let text = read_step_file(workspace, exercise, exercise.slip.file)?;
    files.push((
        dir.join("slip").join(base_name(exercise.slip.file)),
        slipped(exercise, &text)?,
    ));
    Ok(files)
}

/// The exercise files that differ from what the markers make now, or are
/// missing.
pub fn stale(workspace: &Workspace) -> Result<Vec<PathBuf>> {
    let mut stale = Vec::new();
    for exercise in EXERCISES {
        for (path, text) in exercise_files(workspace, exercise)? {
            let current = fs::read_to_string(workspace.root.join(&path)).ok();
            if current.as_deref() != Some(text.as_str()) {
                stale.push(path);
            }
        }
    }
    Ok(stale)
}

/// Writes the lesson files of `exercise` with holes 1 to `filled` filled
/// with the step's own lines, as a learner who filled them has them (the
/// checks then stand at hole `filled + 1`), and returns their paths.
pub fn write_filled(
    workspace: &Workspace,
    exercise: &Exercise,
    filled: usize,
) -> Result<Vec<PathBuf>> {
    let holes = holes(workspace, exercise)?;
    let mut written = Vec::new();
    for file in exercise.files {
        let text = read_step_file(workspace, exercise, file)?;
        let path = Path::new(EXERCISES_DIR)
            .join(exercise.crate_name())
            .join("src/lesson")
            .join(base_name(file));
        let lesson = filled_lesson(exercise, &holes, file, &text, filled)?;
        fs::write(workspace.root.join(&path), lesson)
            .with_context(|| format!("writing {}", path.display()))?;
        written.push(path);
    }
    Ok(written)
}

/// Writes the files of `exercise` that differ, and returns their paths.
pub fn write(workspace: &Workspace, exercise: &Exercise) -> Result<Vec<PathBuf>> {
    let mut written = Vec::new();
    for (path, text) in exercise_files(workspace, exercise)? {
        let full = workspace.root.join(&path);
        if fs::read_to_string(&full).ok().as_deref() == Some(text.as_str()) {
            continue;
        }
        if let Some(parent) = full.parent() {
            fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
        }
        fs::write(&full, text).with_context(|| format!("writing {}", full.display()))?;
        written.push(path);
    }
    Ok(written)
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
/// placeholder says and the fingerprints of its lines, never their text.
pub fn holes_page(workspace: &Workspace, exercise: &Exercise, holes: &[Hole]) -> Result<Generated> {
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
            "lines": hole
                .answer
                .iter()
                .map(|line| (line_print(line), line.trim().encode_utf16().count()))
                .collect::<Vec<_>>(),
        }));
    }
    let json = serde_json::to_string(&data)?;
    text += &format!(
        "\n<div class=\"exercise-holes\" data-step=\"{}\" data-holes=\"{}\"></div>\n",
        exercise.step,
        html_attribute(&json)
    );
    Ok(Generated::new(
        &format!("build-it/{}-holes.md", exercise.step),
        text,
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
        files.push(holes_page(
            workspace,
            exercise,
            &holes(workspace, exercise)?,
        )?);
    }
    Ok(files)
}

/// The text `exercise v09` prints: the holes with their hints.
pub fn describe(workspace: &Workspace, exercise: &Exercise) -> Result<String> {
    let holes = holes(workspace, exercise)?;
    if holes.is_empty() {
        bail!("{} marks no hole", exercise.krate);
    }
    let mut text = format!(
        "{}: {} holes, in the order to fill them\n",
        exercise.crate_name(),
        holes.len()
    );
    for hole in &holes {
        text += &format!(
            "  hole {} {:<10} book/exercises/{}\n      {}\n",
            hole.number,
            hole.name,
            exercise.lesson_path(&hole.file),
            hole.hint()
        );
    }
    text += &format!("check them: {}\n", exercise.command());
    text += &format!(
        "prove the checks on the step's own code: {} --features solution\n",
        exercise.command()
    );
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXERCISE: Exercise = Exercise {
        step: "vt",
        krate: "lamosca-vt",
        chapter: "vt.md",
        files: &["src/search.rs"],
        slip: Slip {
            file: "src/search.rs",
            from: "a + b",
            to: "a - b",
        },
    };

    const HOLES: &str = r#"
[[vt]]
number = 1
name = "sum"
file = "src/search.rs"
binding = "total: i32"
asks = "add them"
section = "The sum"

[[vt]]
number = 2
name = "check"
file = "src/search.rs"
asks = "say no"
section = "Checks"
"#;

    const STEP: &str = "fn f(a: i32, b: i32) -> i32 {
    // ANCHOR: hole_check
    if a < 0 {
        return 0;
    }
    // ANCHOR_END: hole_check
    // ANCHOR: hole_sum
    let total = a + b;
    // ANCHOR_END: hole_sum
    total
}
";

    fn vt_holes(step: &str) -> Result<Vec<Hole>> {
        let entries = parse_entries(HOLES)?;
        match_holes(
            &EXERCISE,
            &entries["vt"],
            &[("src/search.rs", step.to_string())],
        )
    }

    #[test]
    fn a_hole_becomes_one_todo_with_its_number_from_the_data() {
        let holes = vt_holes(STEP).unwrap();
        let text = lesson(&EXERCISE, &holes, "src/search.rs", STEP).unwrap();
        let body: Vec<&str> = text.lines().skip(2).collect();
        assert_eq!(
            body,
            [
                "fn f(a: i32, b: i32) -> i32 {",
                "    todo!(\"hole 2 of 2, check: say no; see \\\"Checks\\\" in book/chapters/vt.md\");",
                "    let total: i32 = todo!(\"hole 1 of 2, sum: add them; see \\\"The sum\\\" in book/chapters/vt.md\");",
                "    total",
                "}",
            ]
        );
        assert_eq!(holes[0].answer, ["    let total = a + b;"]);
    }

    #[test]
    fn a_filled_hole_keeps_the_steps_lines() {
        let holes = vt_holes(STEP).unwrap();
        let text = filled_lesson(&EXERCISE, &holes, "src/search.rs", STEP, 1).unwrap();
        assert!(text.contains("\n    let total = a + b;\n"), "{text}");
        assert!(text.contains("todo!(\"hole 2 of 2, check:"), "{text}");
        assert!(!text.contains("ANCHOR"), "{text}");
    }

    #[test]
    fn a_hole_in_a_const_fn_panics_as_todo_would() {
        let step = STEP.replace("fn f(", "const fn f(");
        let holes = vt_holes(&step).unwrap();
        let text = lesson(&EXERCISE, &holes, "src/search.rs", &step).unwrap();
        assert!(text.contains("    panic!(\"not yet implemented: hole 2 of 2, check: "));
        assert!(!text.contains("todo!(\""));
    }

    #[test]
    fn a_marker_without_its_end_is_refused() {
        let broken = STEP.replace("    // ANCHOR_END: hole_sum\n", "");
        let error = vt_holes(&broken).unwrap_err();
        assert!(error.to_string().contains("hole `sum` has no"), "{error}");
    }

    #[test]
    fn a_marker_that_carries_words_is_refused() {
        let broken = STEP.replace("// ANCHOR: hole_sum", "// ANCHOR: hole_sum — add them");
        let error = vt_holes(&broken).unwrap_err();
        assert!(error.to_string().contains("alone on its line"), "{error}");
        let broken = STEP.replace("// ANCHOR_END: hole_sum", "// ANCHOR_END: hole_sum done");
        assert!(vt_holes(&broken).is_err());
    }

    #[test]
    fn a_marker_that_is_a_trailing_comment_is_refused() {
        let trailing = STEP.replace(
            "    let total = a + b;\n    // ANCHOR_END: hole_sum\n",
            "    let total = a + b; // ANCHOR_END: hole_sum\n",
        );
        let error = vt_holes(&trailing).unwrap_err();
        assert!(error.to_string().contains("not after code"), "{error}");
        // As rustfmt leaves a marker that follows a trailing comment: in
        // that comment's column.
        let pushed = STEP.replace(
            "    let total = a + b;\n    // ANCHOR_END: hole_sum\n",
            "    let total = a + b; // the sum\n                       // ANCHOR_END: hole_sum\n",
        );
        let error = vt_holes(&pushed).unwrap_err();
        assert!(error.to_string().contains("stands at column 24"), "{error}");
        assert!(vt_holes(STEP).is_ok());
    }

    #[test]
    fn a_marker_without_an_entry_is_refused() {
        let extra = STEP.replace(
            "    total\n",
            "    // ANCHOR: hole_more\n    total\n    // ANCHOR_END: hole_more\n",
        );
        let error = vt_holes(&extra).unwrap_err();
        assert!(error.to_string().contains("has no entry"), "{error}");
    }

    #[test]
    fn an_entry_without_a_marker_is_refused() {
        let missing = STEP
            .replace("    // ANCHOR: hole_sum\n", "")
            .replace("    // ANCHOR_END: hole_sum\n", "");
        let error = vt_holes(&missing).unwrap_err();
        assert!(error.to_string().contains("has no marker"), "{error}");
    }

    #[test]
    fn entries_are_numbered_in_their_order() {
        let swapped = HOLES.replace("number = 2", "number = 3");
        assert!(parse_entries(&swapped).is_err());
        let unknown = HOLES.replace("asks = \"say no\"", "hint = \"say no\"");
        assert!(parse_entries(&unknown).is_err());
    }

    #[test]
    fn the_slip_changes_its_text_once() {
        let text = slipped(&EXERCISE, STEP).unwrap();
        assert!(text.contains("let total = a - b;"));
        assert!(slipped(&EXERCISE, &format!("{STEP}// a + b\n")).is_err());
    }

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
    fn heading_ids_are_mdbooks() {
        assert_eq!(
            heading_id("From NegaMax to alpha-beta"),
            "from-negamax-to-alpha-beta"
        );
        assert_eq!(heading_id("`EGain`"), "egain");
    }
}
