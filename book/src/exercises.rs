//! The exercises: each step's lesson file with the lesson's lines taken
//! out, made from markers in the step's own file.
//!
//! A step's file marks each hole with a pair of mdBook anchors whose name
//! starts with `hole_`, the rest of the opening line being the hint:
//!
//! ```text
//! // ANCHOR: hole_window value: i32 — search the child ...; see "From NegaMax to alpha-beta"
//! let value = -self.alpha_beta(position, -beta, -alpha, depth - 1, level + 1).0;
//! // ANCHOR_END: hole_window
//! ```
//!
//! The markers are anchors so that everything that already leaves anchor
//! lines out leaves them out too: mdBook's includes of a larger region, the
//! book's include check and the diffs between steps ([`crate::diff`]). The
//! step's code, its traces and its snapshots do not change.
//!
//! The exercise crate `book/exercises/exercise-v09` holds the lesson file,
//! `src/lesson/search.rs`: the step's file with each hole's lines replaced
//! by one `todo!("hole 1 of 4, window: ...")` (after `let value: i32 =`
//! when the marker names a binding, as above). It also holds the same file
//! with one slip of a character (`src/slip/search.rs`), which the book
//! shows being caught. Both are written by `cargo run -p book -- generate`
//! and checked for staleness by the book's tests; `cargo run -p book --
//! exercise v09 --reset` writes them again after a learner filled holes.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, ensure, Context as _, Result};

use crate::files::{Generated, Workspace};

/// Where the exercises' small workspace lies, from the repository root.
pub const EXERCISES_DIR: &str = "book/exercises";

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
    /// The short name: `v09`.
    pub step: &'static str,
    /// The step's crate.
    pub krate: &'static str,
    /// The step's chapter, in `book/chapters`.
    pub chapter: &'static str,
    /// The lesson files, relative to the step's crate.
    pub files: &'static [&'static str],
    /// The holes' names in the order the chapter teaches them and a
    /// search reaches them: the order they are numbered in.
    pub order: &'static [&'static str],
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
}

/// The four exercises, one per step.
pub const EXERCISES: &[Exercise] = &[
    Exercise {
        step: "v07",
        krate: "lamosca-v07",
        chapter: "v07-negamax.md",
        files: &["src/search.rs"],
        order: &["leaf", "negate", "best"],
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
        order: &["window", "fail_high", "pick", "history"],
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
        order: &["stand_pat", "window", "fail_high"],
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
        order: &["deepen", "lazy_cut"],
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

/// One hole of a lesson file.
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
    /// What to write, and where the chapter says it.
    pub hint: String,
    /// The chapter's section the hint names.
    pub section: String,
    /// The lines the marker takes out.
    pub lines: usize,
}

/// A hole's marker, as read from its opening line.
struct Marker {
    name: String,
    binding: Option<String>,
    hint: String,
}

/// The marker an opening line holds, if any.
fn marker(line: &str) -> Result<Option<Marker>> {
    let trimmed = line.trim_start();
    let Some(rest) = trimmed
        .strip_prefix("// ")
        .and_then(|rest| rest.strip_prefix(OPEN))
    else {
        return Ok(None);
    };
    let (head, hint) = rest
        .split_once(" — ")
        .with_context(|| format!("a hole's marker needs ` — ` before its hint: {trimmed}"))?;
    let (name, binding) = match head.split_once(' ') {
        Some((name, binding)) => (name, Some(binding.trim().to_string())),
        None => (head, None),
    };
    Ok(Some(Marker {
        name: name.to_string(),
        binding,
        hint: hint.trim().to_string(),
    }))
}

/// The section a hint names: the text in quotes after `see`.
fn section(hint: &str) -> Result<String> {
    let rest = hint
        .split_once("see \"")
        .map(|(_, rest)| rest)
        .with_context(|| {
            format!("a hint must name the chapter's section, `see \"...\"`: {hint}")
        })?;
    let (section, _) = rest
        .split_once('"')
        .with_context(|| format!("an unclosed section name: {hint}"))?;
    Ok(section.to_string())
}

/// The step's file `file` of `exercise`.
fn read_step_file(workspace: &Workspace, exercise: &Exercise, file: &str) -> Result<String> {
    let path = workspace.root.join(exercise.krate).join(file);
    fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))
}

/// The holes of `exercise`, numbered in its order.
pub fn holes(workspace: &Workspace, exercise: &Exercise) -> Result<Vec<Hole>> {
    let mut holes = Vec::new();
    for file in exercise.files {
        let text = read_step_file(workspace, exercise, file)?;
        holes.extend(file_holes(exercise, file, &text)?);
    }
    holes.sort_by_key(|hole| hole.number);
    let names: Vec<&str> = holes.iter().map(|hole| hole.name.as_str()).collect();
    ensure!(
        names == exercise.order,
        "the holes of {} are {names:?}, its order says {:?}",
        exercise.krate,
        exercise.order
    );
    Ok(holes)
}

/// The holes marked in `text`, the step's `file`.
fn file_holes(exercise: &Exercise, file: &str, text: &str) -> Result<Vec<Hole>> {
    let lines: Vec<&str> = text.lines().collect();
    let mut holes = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(marker) = marker(line)? else {
            continue;
        };
        let close = format!("// {CLOSE}{}", marker.name);
        let end = lines[i + 1..]
            .iter()
            .position(|line| line.trim() == close)
            .with_context(|| format!("{file}: hole `{}` has no `{close}` line", marker.name))?;
        let number = exercise
            .order
            .iter()
            .position(|name| *name == marker.name)
            .with_context(|| {
                format!(
                    "{file}: hole `{}` is not in the order of {}",
                    marker.name, exercise.step
                )
            })?
            + 1;
        holes.push(Hole {
            number,
            section: section(&marker.hint)?,
            name: marker.name,
            file: file.to_string(),
            line: i + 1,
            binding: marker.binding,
            hint: marker.hint,
            lines: end,
        });
    }
    Ok(holes)
}

/// The message of a hole's `todo!()`: which hole, and what to write.
pub fn todo_message(exercise: &Exercise, hole: &Hole) -> String {
    format!(
        "hole {} of {}, {}: {} in book/chapters/{}",
        hole.number,
        exercise.order.len(),
        hole.name,
        hole.hint,
        exercise.chapter
    )
}

/// The lesson file made from the step's `file`: each hole's lines
/// replaced by its `todo!()`.
pub fn lesson(exercise: &Exercise, file: &str, text: &str) -> Result<String> {
    let holes = file_holes(exercise, file, text)?;
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
        match holes.iter().find(|hole| hole.line == i + 1) {
            Some(hole) => {
                let line = lines[i];
                let indent = &line[..line.len() - line.trim_start().len()];
                let bind = hole
                    .binding
                    .as_ref()
                    .map(|binding| format!("let {binding} = "))
                    .unwrap_or_default();
                // `todo!()` formats, which a `const fn` may not: there the
                // hole panics with the words `todo!()` would print.
                let in_const_fn = lines[..i]
                    .iter()
                    .rev()
                    .find(|line| line.contains("fn "))
                    .is_some_and(|line| line.contains("const fn "));
                let message = todo_message(exercise, hole);
                let call = if in_const_fn {
                    format!("panic!({:?})", format!("not yet implemented: {message}"))
                } else {
                    format!("todo!({message:?})")
                };
                out += &format!("{indent}{bind}{call};\n");
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
    let mut files = Vec::new();
    for file in exercise.files {
        let text = read_step_file(workspace, exercise, file)?;
        files.push((
            dir.join("lesson").join(base_name(file)),
            lesson(exercise, file, &text)?,
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
/// `generated/build-it/v09-holes.md`.
pub fn holes_page(workspace: &Workspace, exercise: &Exercise, holes: &[Hole]) -> Result<Generated> {
    let mut text =
        String::from("| Hole | In | What to write | The chapter's section |\n|---|---|---|---|\n");
    for hole in holes {
        let what = hole
            .hint
            .split_once("; see \"")
            .map_or(hole.hint.as_str(), |(what, _)| what);
        let link = section_link(workspace, exercise, &hole.section)?.with_context(|| {
            format!(
                "hole {} of {} names the section \"{}\", which no chapter page has as a heading",
                hole.number, exercise.step, hole.section
            )
        })?;
        text += &format!(
            "| {} `{}` | `{}/{}` | {} | [{}]({link}) |\n",
            hole.number, hole.name, exercise.krate, hole.file, what, hole.section,
        );
    }
    Ok(Generated::new(
        &format!("build-it/{}-holes.md", exercise.step),
        text,
    ))
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
            "  hole {} {:<10} {}/{}:{}\n      {}\n",
            hole.number, hole.name, exercise.krate, hole.file, hole.line, hole.hint
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
        order: &["sum", "check"],
        slip: Slip {
            file: "src/search.rs",
            from: "a + b",
            to: "a - b",
        },
    };

    const STEP: &str = "fn f(a: i32, b: i32) -> i32 {
    // ANCHOR: hole_check — say no; see \"Checks\"
    if a < 0 {
        return 0;
    }
    // ANCHOR_END: hole_check
    // ANCHOR: hole_sum total: i32 — add them; see \"The sum\"
    let total = a + b;
    // ANCHOR_END: hole_sum
    total
}
";

    #[test]
    fn a_hole_becomes_one_todo_with_its_number_in_the_exercise_order() {
        let text = lesson(&EXERCISE, "src/search.rs", STEP).unwrap();
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
    }

    #[test]
    fn a_hole_in_a_const_fn_panics_as_todo_would() {
        let step = STEP.replace("fn f(", "const fn f(");
        let text = lesson(&EXERCISE, "src/search.rs", &step).unwrap();
        assert!(text.contains("    panic!(\"not yet implemented: hole 2 of 2, check: "));
        assert!(!text.contains("todo!(\""));
    }

    #[test]
    fn a_marker_without_its_end_is_refused() {
        let broken = STEP.replace("    // ANCHOR_END: hole_sum\n", "");
        let error = lesson(&EXERCISE, "src/search.rs", &broken).unwrap_err();
        assert!(error.to_string().contains("hole `sum` has no"), "{error}");
    }

    #[test]
    fn a_hint_must_name_its_section() {
        let broken = STEP.replace("see \"Checks\"", "ask");
        assert!(lesson(&EXERCISE, "src/search.rs", &broken).is_err());
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
    fn heading_ids_are_mdbooks() {
        assert_eq!(
            heading_id("From NegaMax to alpha-beta"),
            "from-negamax-to-alpha-beta"
        );
        assert_eq!(heading_id("`EGain`"), "egain");
    }
}
