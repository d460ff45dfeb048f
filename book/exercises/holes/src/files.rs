//! The exercises' files in a checkout, from its root: the holes read from
//! `holes.toml` and the steps' files, the lesson files written back or
//! filled, and the listing `cargo exercise v09 --holes` prints.

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::exercises::{base_name, Exercise, EXERCISES, EXERCISES_DIR, HOLES_FILE};
use crate::lesson::{lesson, match_holes, read_lesson, refilled_lesson, slipped};
use crate::lesson::{Fill, Found, Held, Hole, Result};
use crate::whole::{is_whole, parse_whole, slips, whole_lesson, Body, WholeEntry, WHOLE_FILE};
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

/// Where `--reset` and `--fill` keep a copy of a lesson file that holds
/// the learner's own lines before they write it, from the exercises'
/// folder (git ignores it).
pub const KEPT_DIR: &str = "kept";

/// A lesson file kept before it was written: where it is, where its copy
/// is, and the holes it held the learner's own lines in.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Kept {
    /// The lesson file, from the exercises' folder:
    /// `exercise-v09/src/lesson/search.rs`.
    pub lesson: String,
    /// Its copy, from the exercises' folder: `kept/exercise-v09/search.1.rs`.
    pub copy: String,
    /// The holes that held the learner's own lines and were written over,
    /// by number and name; empty when the lines outside the holes were
    /// changed too, so that no hole could be told apart, or when the file
    /// was a whole step's.
    pub holes: Vec<(usize, String)>,
    /// Whether the file was a whole step's (`--whole`), with the
    /// learner's own lines in it.
    pub whole: bool,
    /// Whether the file was not UTF-8 text (a byte of another encoding in
    /// a comment): no hole could be read in it, and it is kept byte for
    /// byte.
    pub bytes: bool,
}

impl Kept {
    /// The command that puts the learner's file back, from the exercises'
    /// folder.
    pub fn restore(&self) -> String {
        format!("cp {} {}", self.copy, self.lesson)
    }

    /// What was in the file, in words: `hole 1 (window)`, `holes 1 and 3
    /// (window, pick)`, or the lines outside the holes.
    pub fn what(&self) -> String {
        let names: Vec<&str> = self.holes.iter().map(|(_, name)| name.as_str()).collect();
        let numbers: Vec<String> = self.holes.iter().map(|(n, _)| n.to_string()).collect();
        match numbers.as_slice() {
            [] if self.bytes => "a file that is not UTF-8 text, byte for byte".to_string(),
            [] if self.whole => "your own lines in the whole step".to_string(),
            [] => "lines changed outside its holes".to_string(),
            [one] => format!("your own lines in hole {one} ({})", names[0]),
            [rest @ .., last] => format!(
                "your own lines in holes {} and {last} ({})",
                rest.join(", "),
                names.join(", ")
            ),
        }
    }
}

/// What `--reset` or `--fill` did: the lesson files written, and the
/// copies kept first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Written {
    /// The files written, from the repository root.
    pub written: Vec<PathBuf>,
    /// The lesson files kept before they were written.
    pub kept: Vec<Kept>,
    /// The lesson files `--fill` wrote whose holes after the last filled
    /// went back to their `todo!()`, as their holes could not be read one
    /// by one (the file was changed outside its holes, was a whole step's
    /// or was not UTF-8 text): each was kept whole first.
    pub emptied: Vec<PathBuf>,
}

/// Why `--reset`, `--fill` or `--whole` stopped: the error, and the
/// copies it kept before it, which the learner must still be told of.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stopped {
    /// What went wrong, and what became of the files.
    pub error: String,
    /// The lesson files kept before the error.
    pub kept: Vec<Kept>,
}

impl From<String> for Stopped {
    fn from(error: String) -> Self {
        Stopped {
            error,
            kept: Vec::new(),
        }
    }
}

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.error)?;
        for kept in &self.kept {
            write!(f, "; {} was kept: {}", kept.lesson, kept.restore())?;
        }
        Ok(())
    }
}

/// What `--reset`, `--fill` and `--whole` come to.
pub type Done = std::result::Result<Written, Stopped>;

/// Writes `text` at `full`, making its folder first: the one place the
/// commands write a file, which a test replaces to make a write fail.
type Writer = dyn Fn(&Path, &str) -> io::Result<()>;

/// [`Writer`] on the disk.
fn write_text(full: &Path, text: &str) -> io::Result<()> {
    if let Some(parent) = full.parent() {
        fs::create_dir_all(parent)?;
    }
    fs::write(full, text)
}

/// The bytes of the file at `full`: `None` only when there is none. A
/// file that is there but cannot be read is an error, for it could not be
/// kept, and must not be written over.
fn read_bytes(full: &Path) -> Result<Option<Vec<u8>>> {
    match fs::read(full) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(error) => Err(format!(
            "cannot read {}: {error}; nothing was written, so that it is not lost",
            full.display()
        )),
    }
}

/// Whether `full` can be written: no file, or a file that opens for
/// writing (opened to append, so that nothing in it changes).
fn writable(full: &Path) -> Result<()> {
    let refused = |why: String| {
        format!(
            "cannot write {}: {why}; nothing was written",
            full.display()
        )
    };
    match fs::metadata(full) {
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(error) => Err(refused(error.to_string())),
        Ok(metadata) if !metadata.is_file() => Err(refused("it is not a file".to_string())),
        Ok(_) => fs::OpenOptions::new()
            .append(true)
            .open(full)
            .map(drop)
            .map_err(|error| refused(error.to_string())),
    }
}

/// One file a command writes: where, from the repository root, what, and
/// the copy to keep of it first.
struct Planned {
    path: PathBuf,
    text: String,
    keep: Option<Kept>,
}

/// Writes what `planned` says, all or nothing: every file is checked
/// first, then the copies are kept, then the files written, those that
/// hold their text already left alone. A write that fails puts back the
/// files written before it; the copies kept stay, and are told.
fn carry_out(root: &Path, exercise: &Exercise, planned: Vec<Planned>, write: &Writer) -> Done {
    for file in &planned {
        writable(&root.join(&file.path))?;
    }
    let mut done = Written::default();
    for kept in planned.iter().filter_map(|file| file.keep.clone()) {
        match keep(root, exercise, kept) {
            Ok(kept) => done.kept.push(kept),
            Err(error) => {
                return Err(Stopped {
                    error: format!("{error}; nothing was written"),
                    kept: done.kept,
                })
            }
        }
    }
    let mut before = Vec::new();
    for file in planned {
        let full = root.join(&file.path);
        let was = fs::read(&full).ok();
        if was.as_deref() == Some(file.text.as_bytes()) {
            continue;
        }
        if let Err(error) = write(&full, &file.text) {
            return Err(Stopped {
                error: format!("writing {}: {error}; {}", full.display(), undo(&before)),
                kept: done.kept,
            });
        }
        before.push((full, was));
        done.written.push(file.path);
    }
    Ok(done)
}

/// Puts the files of `before` back as they were (their bytes, or no file),
/// the last written first, and says so.
fn undo(before: &[(PathBuf, Option<Vec<u8>>)]) -> String {
    let mut failed = Vec::new();
    for (full, was) in before.iter().rev() {
        let undone = match was {
            Some(bytes) => fs::write(full, bytes),
            None => fs::remove_file(full),
        };
        if undone.is_err() {
            failed.push(full.display().to_string());
        }
    }
    match failed.as_slice() {
        _ if before.is_empty() => "nothing was written".to_string(),
        [] => "the files written before it were put back as they were".to_string(),
        failed => format!("{} could not be put back", failed.join(", ")),
    }
}

/// Copies the lesson file `kept.lesson` (from the exercises' folder) of
/// `exercise` into [`KEPT_DIR`], under the first number free, and names
/// the copy in `kept`.
fn keep(root: &Path, exercise: &Exercise, mut kept: Kept) -> Result<Kept> {
    let exercises = root.join(EXERCISES_DIR);
    let dir = Path::new(KEPT_DIR).join(exercise.crate_name());
    fs::create_dir_all(exercises.join(&dir))
        .map_err(|error| format!("creating {}: {error}", exercises.join(&dir).display()))?;
    let name = base_name(&kept.lesson);
    let stem = name.strip_suffix(".rs").unwrap_or(name);
    let copy = (1..)
        .map(|n| dir.join(format!("{stem}.{n}.rs")))
        .find(|copy| !exercises.join(copy).exists())
        .unwrap_or_default();
    fs::copy(exercises.join(&kept.lesson), exercises.join(&copy))
        .map_err(|error| format!("keeping {} as {}: {error}", kept.lesson, copy.display()))?;
    kept.copy = copy.display().to_string();
    Ok(kept)
}

/// A lesson file as the checkout holds it, read against the lesson.
enum Holds {
    /// No file at its path.
    Nothing,
    /// Its holes, each read: the lines outside them are the lesson's.
    Holes(Vec<Found>),
    /// A whole step's: with the learner's own lines (`true`), or as
    /// `--whole` writes it (its `todo!()`s, the step's lines or a slip).
    Whole(bool),
    /// Lines changed outside its holes, so that no hole can be told apart.
    Changed,
    /// Bytes that are not UTF-8 text.
    Bytes,
}

/// What the lesson file of the step's `file` holds. Only a file that is
/// not there is [`Holds::Nothing`]; one that cannot be read is an error.
fn holds(root: &Path, exercise: &Exercise, holes: &[Hole], file: &str) -> Result<Holds> {
    let Some(bytes) = read_bytes(&root.join(lesson_file(exercise, file)))? else {
        return Ok(Holds::Nothing);
    };
    let Ok(lesson) = String::from_utf8(bytes) else {
        return Ok(Holds::Bytes);
    };
    let text = read_step_file(root, exercise, file)?;
    if !is_whole(&lesson) {
        let found = read_lesson(exercise, holes, file, &text, &lesson);
        return Ok(found.map_or(Holds::Changed, Holds::Holes));
    }
    let entries = whole_entries(root, exercise)?;
    let slips = slips(&entries).len();
    for body in [Body::Todo, Body::Step]
        .into_iter()
        .chain((1..=slips).map(Body::Slip))
    {
        if whole_lesson(exercise, holes, &entries, file, &text, body)? == lesson {
            return Ok(Holds::Whole(false));
        }
    }
    Ok(Holds::Whole(true))
}

/// The copy to keep of the lesson file of the step's `file`, which
/// `held`, before it is written with the holes `lost` says over: none
/// when what it loses is the tool's own (a `todo!()`, the step's lines, a
/// slip).
fn to_keep(
    exercise: &Exercise,
    file: &str,
    held: &Holds,
    holes: &[Hole],
    lost: impl Fn(usize) -> bool,
) -> Option<Kept> {
    let kept = Kept {
        lesson: exercise.lesson_path(file),
        ..Kept::default()
    };
    match held {
        Holds::Nothing | Holds::Whole(false) => None,
        Holds::Holes(found) => {
            let holes = own(found, holes, lost);
            (!holes.is_empty()).then_some(Kept { holes, ..kept })
        }
        Holds::Whole(true) => Some(Kept {
            whole: true,
            ..kept
        }),
        Holds::Changed => Some(kept),
        Holds::Bytes => Some(Kept {
            bytes: true,
            ..kept
        }),
    }
}

/// The holes among `found` that hold the learner's own lines and `lost`
/// says would be written over, by number and name.
fn own(found: &[Found], holes: &[Hole], lost: impl Fn(usize) -> bool) -> Vec<(usize, String)> {
    found
        .iter()
        .filter(|found| found.held == Held::Own && lost(found.number))
        .map(|found| {
            let name = holes.iter().find(|hole| hole.number == found.number);
            (
                found.number,
                name.map(|hole| hole.name.clone()).unwrap_or_default(),
            )
        })
        .collect()
}

/// Puts the lesson files of `exercise` back to their holes (and writes
/// its slipped file when it differs), keeping first a copy of each lesson
/// file whose holes hold the learner's own lines ([`Kept`]), or that was
/// changed outside its holes, or is not UTF-8 text; a hole that holds its
/// `todo!()`, the step's lines or its slip needs no copy. All or nothing,
/// as [`carry_out`] says.
pub fn reset(root: &Path, exercise: &Exercise) -> Done {
    reset_with(root, exercise, &write_text)
}

/// [`reset`], writing through `write`.
fn reset_with(root: &Path, exercise: &Exercise, write: &Writer) -> Done {
    let holes = holes(root, exercise)?;
    let mut planned: Vec<Planned> = exercise_files(root, exercise)?
        .into_iter()
        .map(|(path, text)| Planned {
            path,
            text,
            keep: None,
        })
        .collect();
    // The lesson files come first, in the order of `exercise.files`.
    for (file, planned) in exercise.files.iter().zip(&mut planned) {
        let held = holds(root, exercise, &holes, file)?;
        planned.keep = to_keep(exercise, file, &held, &holes, |_| true);
    }
    carry_out(root, exercise, planned, write)
}

/// Writes the files of `exercise` that differ from what the markers make
/// (the lesson files back to their holes, a copy kept of those that hold
/// the learner's own lines, as [`reset`] does), and returns their paths,
/// the copies' first.
pub fn write(root: &Path, exercise: &Exercise) -> Result<Vec<PathBuf>> {
    let done = reset(root, exercise).map_err(|stopped| stopped.to_string())?;
    let copies = done
        .kept
        .iter()
        .map(|kept| Path::new(EXERCISES_DIR).join(&kept.copy));
    Ok(copies.chain(done.written).collect())
}

/// Writes the lesson files of `exercise` as a learner has them who got
/// as far as `fill` (the checks then stand at hole `fill.filled + 1`, or
/// name hole `fill.filled` as wrong), and returns their paths. The holes
/// after `fill.filled` keep what the files hold, when their holes can be
/// read one by one; else they go back to their `todo!()`
/// ([`Written::emptied`]). A lesson file that holds the learner's own
/// lines in the holes it fills, or whose holes cannot be read, is kept
/// first ([`Kept`]).
pub fn fill(root: &Path, exercise: &Exercise, fill: Fill) -> Done {
    let holes = holes(root, exercise)?;
    if fill.filled > holes.len() {
        return Err(format!(
            "{} has {} holes, not {}",
            exercise.crate_name(),
            holes.len(),
            fill.filled
        )
        .into());
    }
    let (mut planned, mut emptied) = (Vec::new(), Vec::new());
    for file in exercise.files {
        let held = holds(root, exercise, &holes, file)?;
        let mut later = Vec::new();
        if let Holds::Holes(found) = &held {
            let after = found.iter().filter(|found| found.number > fill.filled);
            later.extend(after.map(|found| (found.number, found.lines.clone())));
        }
        let path = lesson_file(exercise, file);
        let later_here = holes
            .iter()
            .any(|h| h.file == *file && h.number > fill.filled);
        if later_here && matches!(held, Holds::Whole(true) | Holds::Changed | Holds::Bytes) {
            emptied.push(path.clone());
        }
        let text = read_step_file(root, exercise, file)?;
        planned.push(Planned {
            text: refilled_lesson(exercise, &holes, file, &text, fill, &later)?,
            keep: to_keep(exercise, file, &held, &holes, |n| n <= fill.filled),
            path,
        });
    }
    let paths = planned.iter().map(|file| file.path.clone()).collect();
    let done = carry_out(root, exercise, planned, &write_text)?;
    Ok(Written {
        written: paths,
        emptied,
        ..done
    })
}

/// The functions `whole.toml` lists for `exercise`, in the checkout at
/// `root`.
pub fn whole_entries(root: &Path, exercise: &Exercise) -> Result<Vec<WholeEntry>> {
    let mut all =
        parse_whole(&read(&root.join(WHOLE_FILE))?).map_err(|e| format!("{WHOLE_FILE}: {e}"))?;
    all.remove(exercise.step)
        .ok_or_else(|| format!("{WHOLE_FILE} has no whole step for {}", exercise.step))
}

/// Writes the lesson files of `exercise` as the whole step (`--whole`):
/// every hole holds the step's lines, and the body of each function of
/// `whole.toml` is as `body` says, after the guide in its doc comment. A
/// lesson file that holds the learner's own lines, in its holes or in a
/// whole function, is kept first, as [`reset`] does.
pub fn whole(root: &Path, exercise: &Exercise, body: Body) -> Done {
    let holes = holes(root, exercise)?;
    let entries = whole_entries(root, exercise)?;
    let slips = slips(&entries).len();
    if let Body::Slip(n) = body {
        if !(1..=slips).contains(&n) {
            return Err(format!(
                "the whole step of {} has {slips} slips, not {n}",
                exercise.crate_name()
            )
            .into());
        }
    }
    let mut planned = Vec::new();
    for file in exercise.files {
        let held = holds(root, exercise, &holes, file)?;
        let text = read_step_file(root, exercise, file)?;
        planned.push(Planned {
            path: lesson_file(exercise, file),
            text: whole_lesson(exercise, &holes, &entries, file, &text, body)?,
            keep: to_keep(exercise, file, &held, &holes, |_| true),
        });
    }
    carry_out(root, exercise, planned, &write_text)
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

    /// A checkout of v0.09's exercise in a folder of its own under the
    /// system's temporary folder: `holes.toml`, the step's two files and
    /// the lesson files made from them.
    fn v09_copy(name: &str) -> (PathBuf, &'static Exercise) {
        step_copy(name, "v09")
    }

    /// [`v09_copy`], of the exercise of `step`.
    fn step_copy(name: &str, step: &str) -> (PathBuf, &'static Exercise) {
        let copy = std::env::temp_dir().join(format!(
            "exercise-holes-{name}-{step}-{}",
            std::process::id()
        ));
        let _ = fs::remove_dir_all(&copy);
        let exercise = crate::find(step).unwrap();
        let mut files = vec![HOLES_FILE.to_string(), WHOLE_FILE.to_string()];
        files.extend(
            exercise
                .files
                .iter()
                .map(|file| format!("{}/{file}", exercise.krate)),
        );
        for file in files {
            fs::create_dir_all(copy.join(&file).parent().unwrap()).unwrap();
            fs::copy(root().join(&file), copy.join(&file)).unwrap();
        }
        reset(&copy, exercise).unwrap();
        (copy, exercise)
    }

    /// The lesson file `file` of the copy.
    fn lesson_at(copy: &Path, file: &str) -> PathBuf {
        copy.join(EXERCISES_DIR)
            .join("exercise-v09/src/lesson")
            .join(file)
    }

    /// Writes `lines` in the place of hole `number`'s `todo!()` in the
    /// lesson file `file` of the copy, as a learner does.
    fn write_hole(copy: &Path, file: &str, number: usize, lines: &str) {
        let path = lesson_at(copy, file);
        let text = fs::read_to_string(&path).unwrap();
        let todo = format!("hole {number} of 4, ");
        let mut out = String::new();
        for line in text.lines() {
            if line.contains(&todo) && !line.trim_start().starts_with("//") {
                out += lines;
            } else {
                out += line;
                out.push('\n');
            }
        }
        assert_ne!(out, text, "no todo!() of hole {number} in {file}");
        fs::write(&path, out).unwrap();
    }

    #[test]
    fn reset_keeps_a_file_that_holds_the_learners_lines_and_says_how_to_put_it_back() {
        let (copy, v09) = v09_copy("reset");
        let mine = "            let value: i32 = 7; // my own window\n";
        write_hole(&copy, "search.rs", 1, mine);
        let learner = fs::read_to_string(lesson_at(&copy, "search.rs")).unwrap();
        let done = reset(&copy, v09).unwrap();
        let kept = Kept {
            lesson: "exercise-v09/src/lesson/search.rs".to_string(),
            copy: "kept/exercise-v09/search.1.rs".to_string(),
            holes: vec![(1, "window".to_string())],
            whole: false,
            bytes: false,
        };
        assert_eq!(done.kept, std::slice::from_ref(&kept));
        assert_eq!(done.written, [Path::new(EXERCISES_DIR).join(&kept.lesson)]);
        let now = fs::read_to_string(lesson_at(&copy, "search.rs")).unwrap();
        assert!(!now.contains("my own window"), "{now}");
        assert_eq!(kept.what(), "your own lines in hole 1 (window)");
        // The command it prints, run from the exercises' folder, gives the
        // learner's file back.
        assert_eq!(
            kept.restore(),
            "cp kept/exercise-v09/search.1.rs exercise-v09/src/lesson/search.rs"
        );
        let status = std::process::Command::new("sh")
            .args(["-c", &kept.restore()])
            .current_dir(copy.join(EXERCISES_DIR))
            .status()
            .unwrap();
        assert!(status.success());
        let back = fs::read_to_string(lesson_at(&copy, "search.rs")).unwrap();
        let _ = fs::remove_dir_all(&copy);
        assert_eq!(back, learner);
    }

    #[test]
    fn the_tools_own_lines_need_no_copy() {
        let (copy, v09) = v09_copy("own");
        for fill_to in [
            Fill {
                filled: 2,
                slip: false,
            },
            Fill {
                filled: 3,
                slip: true,
            },
            Fill {
                filled: 4,
                slip: false,
            },
        ] {
            let filled = fill(&copy, v09, fill_to).unwrap();
            let reset = reset(&copy, v09).unwrap();
            assert!(
                filled.kept.is_empty() && reset.kept.is_empty(),
                "{fill_to:?}"
            );
            assert!(!reset.written.is_empty(), "{fill_to:?}");
        }
        assert_eq!(reset(&copy, v09).unwrap(), Written::default());
        let kept = copy.join(EXERCISES_DIR).join(KEPT_DIR).exists();
        let _ = fs::remove_dir_all(&copy);
        assert!(!kept);
    }

    #[test]
    fn fill_touches_no_hole_after_its_number_and_keeps_the_learners_lines_it_fills() {
        let (copy, v09) = v09_copy("fill");
        let fail_high = "            if value >= beta {\n                return beta; // my cut\n            }\n";
        let pick = "    let mut i = first; // my pick\n    None\n";
        write_hole(&copy, "search.rs", 2, fail_high);
        write_hole(&copy, "ordering.rs", 3, pick);
        let done = fill(
            &copy,
            v09,
            Fill {
                filled: 1,
                slip: false,
            },
        )
        .unwrap();
        assert!(done.kept.is_empty(), "{done:?}");
        let search = fs::read_to_string(lesson_at(&copy, "search.rs")).unwrap();
        let ordering = fs::read_to_string(lesson_at(&copy, "ordering.rs")).unwrap();
        assert!(
            search.contains("-beta, -alpha,") && search.contains(fail_high),
            "{search}"
        );
        assert!(ordering.contains(pick), "{ordering}");
        assert!(ordering.contains("hole 4 of 4, history"), "{ordering}");
        // Hole 1 now holds the step's lines: filling it again needs no
        // copy; the learner's own lines there are kept first.
        assert!(fill(
            &copy,
            v09,
            Fill {
                filled: 1,
                slip: false
            }
        )
        .unwrap()
        .kept
        .is_empty());
        let (from, to) = ("-beta, -alpha,", "-beta, -alpha, // mine");
        let path = lesson_at(&copy, "search.rs");
        fs::write(
            &path,
            fs::read_to_string(&path).unwrap().replacen(from, to, 1),
        )
        .unwrap();
        let done = fill(
            &copy,
            v09,
            Fill {
                filled: 2,
                slip: false,
            },
        )
        .unwrap();
        let holes: Vec<_> = done.kept.iter().map(|kept| kept.holes.clone()).collect();
        assert_eq!(
            holes,
            [vec![
                (1, "window".to_string()),
                (2, "fail_high".to_string())
            ]]
        );
        assert_eq!(
            done.kept[0].what(),
            "your own lines in holes 1 and 2 (window, fail_high)"
        );
        let copied = fs::read_to_string(copy.join(EXERCISES_DIR).join(&done.kept[0].copy)).unwrap();
        let ordering = fs::read_to_string(lesson_at(&copy, "ordering.rs")).unwrap();
        let _ = fs::remove_dir_all(&copy);
        assert!(
            copied.contains("// mine") && copied.contains("// my cut"),
            "{copied}"
        );
        assert!(ordering.contains(pick), "{ordering}");
    }

    #[test]
    fn the_whole_step_takes_out_the_functions_bodies_and_fills_every_hole() {
        let (copy, v09) = v09_copy("whole");
        let done = whole(&copy, v09, Body::Todo).unwrap();
        assert!(done.kept.is_empty() && done.written.len() == 2, "{done:?}");
        let search = fs::read_to_string(lesson_at(&copy, "search.rs")).unwrap();
        let ordering = fs::read_to_string(lesson_at(&copy, "ordering.rs")).unwrap();
        assert!(
            search.contains("        todo!(\"the whole step, alpha_beta: write its body"),
            "{search}"
        );
        assert!(search.contains("    /// # The whole step: its contract"));
        assert!(search.contains("cargo exercise v09 --hint"), "{search}");
        assert!(!search.contains("let value = -self"), "{search}");
        assert!(
            ordering.contains("    todo!(\"the whole step, pick:"),
            "{ordering}"
        );
        assert!(ordering.contains("        ply as i32 + 2\n"), "{ordering}");
        assert!(!search.contains("todo!(\"hole") && !ordering.contains("implemented: hole"));
        // With the step's own bodies, the lesson is the step's file with
        // every hole filled, the guide and the heading aside.
        whole(&copy, v09, Body::Step).unwrap();
        let root_text = fs::read_to_string(copy.join("lamosca-v09/src/search.rs")).unwrap();
        let holes = holes(&copy, v09).unwrap();
        let all = Fill {
            filled: holes.len(),
            slip: false,
        };
        let filled =
            crate::lesson::filled_lesson(v09, &holes, "src/search.rs", &root_text, all).unwrap();
        let step = fs::read_to_string(lesson_at(&copy, "search.rs")).unwrap();
        let body = |text: &str, guide: bool| -> Vec<String> {
            let lines = text.lines().skip(2).map(str::to_string);
            let guides = |line: &String| !(guide && line.trim_start().starts_with("/// "));
            lines.filter(guides).collect()
        };
        let guide_lines = body(&step, false).len() - body(&step, true).len();
        let _ = fs::remove_dir_all(&copy);
        assert!(guide_lines > 5, "{guide_lines}");
        let unguided: Vec<String> = body(&step, false)
            .into_iter()
            .filter(|line| {
                !(line.trim() == "///" || line.contains("/// ") && !filled.contains(line.as_str()))
            })
            .collect();
        assert_eq!(unguided, body(&filled, false));
    }

    /// The doc comment `--whole` writes above each function is its
    /// contract, in every step: the chapter is the specification, and no
    /// line of it lists a call of the tracer or a counter to make, nor
    /// numbers the calls in order.
    #[test]
    fn the_whole_step_writes_a_contract_not_a_list_of_calls() {
        for step in ["v07", "v09", "v10", "v11"] {
            let (copy, exercise) = step_copy("contract", step);
            whole(&copy, exercise, Body::Todo).unwrap();
            let texts: Vec<String> = exercise
                .files
                .iter()
                .map(|file| {
                    let path = copy.join(EXERCISES_DIR).join(exercise.lesson_path(file));
                    fs::read_to_string(path).unwrap()
                })
                .collect();
            let _ = fs::remove_dir_all(&copy);
            let mut contracts = 0;
            for text in &texts {
                let lines: Vec<&str> = text.lines().collect();
                let heads = (0..lines.len())
                    .filter(|&i| lines[i].ends_with("# The whole step: its contract"));
                for head in heads {
                    contracts += 1;
                    let contract = lines[head + 1..]
                        .iter()
                        .take_while(|line| line.trim_start().starts_with("///"));
                    for line in contract {
                        let numbered = line
                            .trim_start_matches([' ', '/'])
                            .starts_with(|c: char| c.is_ascii_digit())
                            && line.contains(". ");
                        assert!(
                            !line.contains("self.tracer.")
                                && !line.contains("self.counts.")
                                && !numbered,
                            "{step}: {line}"
                        );
                    }
                }
            }
            let functions = whole_entries(root(), exercise).unwrap().len();
            assert_eq!(contracts, functions, "{step}");
        }
    }

    #[test]
    fn a_learners_whole_step_survives_reset_in_every_step() {
        for step in ["v07", "v09", "v10", "v11"] {
            let (copy, exercise) = step_copy("whole-reset", step);
            whole(&copy, exercise, Body::Todo).unwrap();
            let entry = &whole_entries(&copy, exercise).unwrap()[0];
            let path = copy
                .join(EXERCISES_DIR)
                .join(exercise.lesson_path(&entry.file));
            let text = fs::read_to_string(&path).unwrap();
            let todo = format!("todo!(\"the whole step, {}:", entry.function);
            let line = text.lines().find(|line| line.contains(&todo)).unwrap();
            let mine = text.replacen(line, "        todo!() // my own lines", 1);
            fs::write(&path, &mine).unwrap();
            let done = reset(&copy, exercise).unwrap();
            assert_eq!(done.kept.len(), 1, "{step}: {done:?}");
            let status = std::process::Command::new("sh")
                .args(["-c", &done.kept[0].restore()])
                .current_dir(copy.join(EXERCISES_DIR))
                .status()
                .unwrap();
            let back = fs::read_to_string(&path).unwrap();
            let _ = fs::remove_dir_all(&copy);
            assert!(status.success() && back == mine, "{step}");
        }
    }

    /// Each slip of `whole.toml`, in every step, finds its `from` in its
    /// function's body and changes the lesson of that one file.
    #[test]
    fn every_whole_slip_changes_one_lesson_file() {
        for exercise in EXERCISES {
            let holes = holes(root(), exercise).unwrap();
            let entries = whole_entries(root(), exercise).unwrap();
            for n in 1..=slips(&entries).len() {
                let mut changed = 0;
                for file in exercise.files {
                    let text = read_step_file(root(), exercise, file).unwrap();
                    let lesson = |body| whole_lesson(exercise, &holes, &entries, file, &text, body);
                    let slipped = lesson(Body::Slip(n))
                        .unwrap_or_else(|error| panic!("{} slip {n}: {error}", exercise.step));
                    changed += usize::from(slipped != lesson(Body::Step).unwrap());
                }
                assert_eq!(changed, 1, "{} slip {n}", exercise.step);
            }
        }
    }

    #[test]
    fn a_learners_whole_step_is_kept_by_reset_fill_and_whole_alike() {
        let (copy, v09) = v09_copy("whole-kept");
        whole(&copy, v09, Body::Todo).unwrap();
        let path = lesson_at(&copy, "search.rs");
        let todo = "        todo!(\"the whole step, alpha_beta:";
        let text = fs::read_to_string(&path).unwrap();
        let line = text.lines().find(|line| line.starts_with(todo)).unwrap();
        let mine = text.replacen(line, "        (7, None) // my own alpha_beta", 1);
        for (n, write) in [
            |copy: &Path, v09| reset(copy, v09),
            |copy: &Path, v09| whole(copy, v09, Body::Todo),
            |copy: &Path, v09| {
                fill(
                    copy,
                    v09,
                    Fill {
                        filled: 2,
                        slip: false,
                    },
                )
            },
        ]
        .into_iter()
        .enumerate()
        {
            fs::write(&path, &mine).unwrap();
            let done = write(&copy, v09).unwrap();
            assert_eq!(done.kept.len(), 1, "{n}: {done:?}");
            assert!(done.kept[0].whole);
            assert_eq!(done.kept[0].what(), "your own lines in the whole step");
            let copied = copy.join(EXERCISES_DIR).join(&done.kept[0].copy);
            assert_eq!(fs::read_to_string(copied).unwrap(), mine, "{n}");
        }
        // What --whole writes itself needs no copy, whatever comes next.
        for body in [Body::Todo, Body::Step, Body::Slip(2)] {
            whole(&copy, v09, body).unwrap();
            assert!(reset(&copy, v09).unwrap().kept.is_empty(), "{body:?}");
            whole(&copy, v09, body).unwrap();
            assert!(whole(&copy, v09, Body::Todo).unwrap().kept.is_empty());
        }
        let error = whole(&copy, v09, Body::Slip(99)).unwrap_err().error;
        let _ = fs::remove_dir_all(&copy);
        assert!(error.contains("has 4 slips, not 99"), "{error}");
    }

    #[test]
    fn a_file_changed_outside_its_holes_is_kept_whole() {
        let (copy, v09) = v09_copy("outside");
        let path = lesson_at(&copy, "ordering.rs");
        let text = fs::read_to_string(&path).unwrap() + "\nfn my_helper() {}\n";
        fs::write(&path, &text).unwrap();
        let done = reset(&copy, v09).unwrap();
        assert_eq!(done.kept.len(), 1, "{done:?}");
        assert_eq!(done.kept[0].what(), "lines changed outside its holes");
        let copied = fs::read_to_string(copy.join(EXERCISES_DIR).join(&done.kept[0].copy)).unwrap();
        let _ = fs::remove_dir_all(&copy);
        assert_eq!(copied, text);
    }

    /// A lesson file with a Latin-1 byte in a comment, and the learner's
    /// own line in hole 1: the bytes that are there, and the file's path.
    fn latin1_lesson(copy: &Path) -> (Vec<u8>, PathBuf) {
        write_hole(
            copy,
            "search.rs",
            1,
            "            let value: i32 = 7; // mine\n",
        );
        let path = lesson_at(copy, "search.rs");
        let mut bytes = fs::read(&path).unwrap();
        bytes.extend_from_slice(b"// perch\xe9\n");
        fs::write(&path, &bytes).unwrap();
        (bytes, path)
    }

    #[test]
    fn a_file_that_is_not_utf8_is_kept_byte_for_byte_by_reset_fill_and_whole() {
        let (copy, v09) = v09_copy("latin1");
        let commands: [fn(&Path, &Exercise) -> Done; 3] = [
            |copy, v09| reset(copy, v09),
            |copy, v09| {
                let fill_2 = Fill {
                    filled: 2,
                    slip: false,
                };
                fill(copy, v09, fill_2)
            },
            |copy, v09| whole(copy, v09, Body::Todo),
        ];
        let mut outcomes = Vec::new();
        for command in commands {
            let (bytes, path) = latin1_lesson(&copy);
            let done = command(&copy, v09).unwrap();
            let copied = done.kept.first().map(|kept| {
                let copied = fs::read(copy.join(EXERCISES_DIR).join(&kept.copy)).unwrap();
                (kept.what(), copied == bytes)
            });
            outcomes.push((copied, fs::read(&path).unwrap() != bytes));
            reset(&copy, v09).unwrap();
        }
        let _ = fs::remove_dir_all(&copy);
        let what = "a file that is not UTF-8 text, byte for byte".to_string();
        assert_eq!(outcomes, vec![(Some((what, true)), true); 3]);
    }

    #[test]
    fn a_lesson_file_that_cannot_be_read_is_refused_and_nothing_is_written() {
        let (copy, v09) = v09_copy("unreadable");
        write_hole(
            &copy,
            "search.rs",
            1,
            "            let value: i32 = 7; // mine\n",
        );
        let mine = fs::read_to_string(lesson_at(&copy, "search.rs")).unwrap();
        // Root reads a file whatever its mode: a folder in its place cannot
        // be read by anyone.
        let ordering = lesson_at(&copy, "ordering.rs");
        fs::remove_file(&ordering).unwrap();
        fs::create_dir(&ordering).unwrap();
        let error = reset(&copy, v09).unwrap_err();
        let now = fs::read_to_string(lesson_at(&copy, "search.rs")).unwrap();
        let kept = copy.join(EXERCISES_DIR).join(KEPT_DIR).exists();
        let _ = fs::remove_dir_all(&copy);
        assert!(error.error.starts_with("cannot read "), "{error}");
        assert!(error
            .error
            .ends_with("nothing was written, so that it is not lost"));
        assert!(error.kept.is_empty() && !kept, "{error:?}");
        assert_eq!(now, mine);
    }

    #[test]
    fn a_file_that_cannot_be_written_stops_the_run_before_any_is_written() {
        let (copy, v09) = v09_copy("unwritable");
        write_hole(
            &copy,
            "search.rs",
            1,
            "            let value: i32 = 7; // mine\n",
        );
        let mine = fs::read_to_string(lesson_at(&copy, "search.rs")).unwrap();
        // The slipped file, written last, is a folder: no one can write it.
        let slip = copy
            .join(EXERCISES_DIR)
            .join("exercise-v09/src/slip/search.rs");
        fs::remove_file(&slip).unwrap();
        fs::create_dir(&slip).unwrap();
        let error = reset(&copy, v09).unwrap_err();
        let now = fs::read_to_string(lesson_at(&copy, "search.rs")).unwrap();
        let kept = copy.join(EXERCISES_DIR).join(KEPT_DIR).exists();
        let _ = fs::remove_dir_all(&copy);
        assert!(error.error.starts_with("cannot write "), "{error}");
        assert!(error
            .error
            .ends_with("it is not a file; nothing was written"));
        assert!(error.kept.is_empty() && !kept, "{error:?}");
        assert_eq!(now, mine);
    }

    #[test]
    fn a_write_that_fails_puts_back_what_was_written_and_tells_every_copy_kept() {
        let (copy, v09) = v09_copy("write-fails");
        write_hole(
            &copy,
            "search.rs",
            1,
            "            let value: i32 = 7; // mine\n",
        );
        write_hole(&copy, "ordering.rs", 3, "    None // my pick\n");
        let mine = fs::read_to_string(lesson_at(&copy, "search.rs")).unwrap();
        let failing = |full: &Path, text: &str| {
            if full.ends_with("ordering.rs") {
                return Err(io::Error::other("the disk is full"));
            }
            write_text(full, text)
        };
        let error = reset_with(&copy, v09, &failing).unwrap_err();
        let now = fs::read_to_string(lesson_at(&copy, "search.rs")).unwrap();
        let _ = fs::remove_dir_all(&copy);
        assert!(
            error.error.contains("ordering.rs: the disk is full; "),
            "{error}"
        );
        assert!(
            error
                .error
                .ends_with("the files written before it were put back as they were"),
            "{error}"
        );
        let copies: Vec<&str> = error.kept.iter().map(|kept| kept.copy.as_str()).collect();
        assert_eq!(
            copies,
            [
                "kept/exercise-v09/search.1.rs",
                "kept/exercise-v09/ordering.1.rs"
            ]
        );
        assert_eq!(now, mine);
    }

    #[test]
    fn fill_says_which_files_later_holes_go_back_to_their_todo() {
        let (copy, v09) = v09_copy("fill-emptied");
        write_hole(&copy, "ordering.rs", 3, "    None // my pick\n");
        let path = lesson_at(&copy, "ordering.rs");
        let mine = fs::read_to_string(&path).unwrap() + "\nfn my_helper() {}\n";
        fs::write(&path, &mine).unwrap();
        let fill_to = Fill {
            filled: 1,
            slip: false,
        };
        let done = fill(&copy, v09, fill_to).unwrap();
        let copied = fs::read_to_string(copy.join(EXERCISES_DIR).join(&done.kept[0].copy));
        let now = fs::read_to_string(&path).unwrap();
        let _ = fs::remove_dir_all(&copy);
        let ordering = Path::new(EXERCISES_DIR).join("exercise-v09/src/lesson/ordering.rs");
        assert_eq!(done.emptied, [ordering]);
        assert_eq!(copied.unwrap(), mine);
        assert!(now.contains("todo!(\"hole 3 of 4, pick"), "{now}");
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
