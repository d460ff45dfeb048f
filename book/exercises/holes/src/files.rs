//! The exercises' files in a checkout, from its root: the holes read from
//! `holes.toml` and the steps' files, the lesson files written back or
//! filled, and the listing `cargo exercise v09 --holes` prints.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use crate::exercises::{base_name, Exercise, EXERCISES, EXERCISES_DIR, HOLES_FILE};
use crate::lesson::{filled_lesson, lesson, match_holes, slipped, Fill, Hole, Result};
use crate::HoleEntry;

/// `path`'s text, or the error that names it.
fn read(path: &Path) -> Result<String> {
    fs::read_to_string(path).map_err(|error| format!("reading {}: {error}", path.display()))
}

/// Every step's entries in the `holes.toml` of the checkout at `root`.
pub fn entries(root: &Path) -> Result<BTreeMap<String, Vec<HoleEntry>>> {
    crate::parse(&read(&root.join(HOLES_FILE))?).map_err(|error| format!("{HOLES_FILE}: {error}"))
}

/// The step's file `file` of `exercise`.
fn read_step_file(root: &Path, exercise: &Exercise, file: &str) -> Result<String> {
    read(&root.join(exercise.krate).join(file))
}

/// The holes of `exercise`, numbered in its order: each entry of
/// `holes.toml` with its marker in the step's file. An entry without a
/// marker, or a marker without an entry, is an error.
pub fn holes(root: &Path, exercise: &Exercise) -> Result<Vec<Hole>> {
    let entries = entries(root)?;
    let entries = entries
        .get(exercise.step)
        .ok_or_else(|| format!("{HOLES_FILE} has no entry for {}", exercise.step))?;
    let mut texts = Vec::new();
    for file in exercise.files {
        texts.push((*file, read_step_file(root, exercise, file)?));
    }
    match_holes(exercise, entries, &texts)
}

/// The lesson file of the step's `file`, from the root.
fn lesson_file(exercise: &Exercise, file: &str) -> PathBuf {
    Path::new(EXERCISES_DIR).join(exercise.lesson_path(file))
}

/// Every file the markers make for `exercise`, as paths from the
/// repository root with their text: the lesson files and the slipped file.
pub fn exercise_files(root: &Path, exercise: &Exercise) -> Result<Vec<(PathBuf, String)>> {
    let holes = holes(root, exercise)?;
    let mut files = Vec::new();
    for file in exercise.files {
        let text = read_step_file(root, exercise, file)?;
        files.push((
            lesson_file(exercise, file),
            lesson(exercise, &holes, file, &text)?,
        ));
    }
    let text = read_step_file(root, exercise, exercise.slip.file)?;
    files.push((
        Path::new(EXERCISES_DIR)
            .join(exercise.crate_name())
            .join("src/slip")
            .join(base_name(exercise.slip.file)),
        slipped(exercise, &text)?,
    ));
    Ok(files)
}

/// The exercise files that differ from what the markers make now, or are
/// missing.
pub fn stale(root: &Path) -> Result<Vec<PathBuf>> {
    let mut stale = Vec::new();
    for exercise in EXERCISES {
        for (path, text) in exercise_files(root, exercise)? {
            if fs::read_to_string(root.join(&path)).ok().as_deref() != Some(text.as_str()) {
                stale.push(path);
            }
        }
    }
    Ok(stale)
}

/// Writes `text` to `root`/`path` unless it holds it already; whether it
/// wrote.
fn write_file(root: &Path, path: &Path, text: &str) -> Result<bool> {
    let full = root.join(path);
    if fs::read_to_string(&full).ok().as_deref() == Some(text) {
        return Ok(false);
    }
    if let Some(parent) = full.parent() {
        fs::create_dir_all(parent)
            .map_err(|error| format!("creating {}: {error}", parent.display()))?;
    }
    fs::write(&full, text).map_err(|error| format!("writing {}: {error}", full.display()))?;
    Ok(true)
}

/// Writes the files of `exercise` that differ from what the markers make
/// (the lesson files back to their holes), and returns their paths.
pub fn write(root: &Path, exercise: &Exercise) -> Result<Vec<PathBuf>> {
    let mut written = Vec::new();
    for (path, text) in exercise_files(root, exercise)? {
        if write_file(root, &path, &text)? {
            written.push(path);
        }
    }
    Ok(written)
}

/// Writes the lesson files of `exercise` as a learner has them who got
/// as far as `fill` (the checks then stand at hole `fill.filled + 1`, or
/// name hole `fill.filled` as wrong), and returns their paths.
pub fn write_filled(root: &Path, exercise: &Exercise, fill: Fill) -> Result<Vec<PathBuf>> {
    let holes = holes(root, exercise)?;
    if fill.filled > holes.len() {
        return Err(format!(
            "{} has {} holes, not {}",
            exercise.crate_name(),
            holes.len(),
            fill.filled
        ));
    }
    let mut written = Vec::new();
    for file in exercise.files {
        let text = read_step_file(root, exercise, file)?;
        let path = lesson_file(exercise, file);
        write_file(
            root,
            &path,
            &filled_lesson(exercise, &holes, file, &text, fill)?,
        )?;
        written.push(path);
    }
    Ok(written)
}

/// Where `hole` stands in its lesson file as the checkout has it: the
/// path from the exercises' folder and the line of its `todo!()`, or
/// `(filled)` when the file holds it no more.
fn place(root: &Path, exercise: &Exercise, hole: &Hole, of: usize) -> String {
    let path = exercise.lesson_path(&hole.file);
    let todo = format!("hole {} of {of}, {}:", hole.number, hole.name);
    let text = fs::read_to_string(root.join(EXERCISES_DIR).join(&path)).unwrap_or_default();
    match text.lines().position(|line| line.contains(&todo)) {
        Some(line) => format!("{path}:{}", line + 1),
        None => format!("{path} (filled)"),
    }
}

/// What `cargo exercise v09 --holes` prints: each hole's number and name,
/// its place in the lesson files (from the exercises' folder), the lines
/// the step writes there, what it asks and the section to read.
pub fn listing(root: &Path, exercise: &Exercise) -> Result<String> {
    let holes = holes(root, exercise)?;
    if holes.is_empty() {
        return Err(format!("{} marks no hole", exercise.krate));
    }
    let mut text = format!(
        "{}: {} holes, in the order to fill them\n",
        exercise.crate_name(),
        holes.len()
    );
    for hole in &holes {
        let lines = hole.answer.len();
        text += &format!(
            "  hole {} {}: {} (the step's own takes {lines} line{})\n      {}\n      \
             read \"{}\" in book/chapters/{}\n",
            hole.number,
            hole.name,
            place(root, exercise, hole, holes.len()),
            if lines == 1 { "" } else { "s" },
            hole.asks,
            hole.section,
            exercise.chapter
        );
    }
    text += &format!(
        "check them, from book/exercises: cargo test -p {}\n",
        exercise.crate_name()
    );
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The root of this checkout.
    fn root() -> &'static Path {
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../.."))
    }

    #[test]
    fn the_listing_names_each_hole_its_place_and_its_section() {
        let v09 = crate::find("v09").unwrap();
        let text = listing(root(), v09).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "exercise-v09: 4 holes, in the order to fill them");
        assert!(
            lines[1].starts_with("  hole 1 window: exercise-v09/src/lesson/search.rs:"),
            "{text}"
        );
        assert!(
            lines[3]
                .contains("read \"From NegaMax to alpha-beta\" in book/chapters/v09-alphabeta.md"),
            "{text}"
        );
        assert!(lines[10].starts_with("  hole 4 history: exercise-v09/src/lesson/ordering.rs"));
        assert_eq!(
            lines.last(),
            Some(&"check them, from book/exercises: cargo test -p exercise-v09")
        );
    }

    #[test]
    fn every_exercise_reads_its_holes_from_the_checkout() {
        for exercise in EXERCISES {
            let holes = holes(root(), exercise).unwrap();
            assert!((2..=4).contains(&holes.len()), "{}", exercise.step);
        }
        let error = holes(Path::new("/nonexistent"), &EXERCISES[0]).unwrap_err();
        assert!(error.starts_with("reading /nonexistent/"), "{error}");
    }
}
