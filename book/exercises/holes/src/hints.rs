//! The whole step's hints, `book/exercises/hints.toml`: for each function
//! of `whole.toml`, hints in levels, from the chapter's section and the
//! idea to the calls. `cargo exercise v09 --hint` gives one level more each
//! time it is asked for a function, never past the last, and keeps the
//! levels given in a small file under the root's `target/`
//! ([`STATE_DIR`]), which `--reset` and `--whole` remove.
//!
//! Which function: the first whose body is still its `todo!()`, in
//! `whole.toml`'s order, which is the order a search reaches them. With
//! every body written, the checks run, and the function is the one their
//! failure names ([`function_of_failure`]).

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::exercises::Exercise;
use crate::lesson::Result;
use crate::whole::{body_of, todo_start, WholeEntry};

/// The hints, from the repository root.
pub const HINTS_FILE: &str = "book/exercises/hints.toml";

/// Where the levels of hints given are kept, from the repository root:
/// one file per exercise, `exercise-v09.txt`. Git ignores `target/`, and
/// `cargo clean` only starts the hints over.
pub const STATE_DIR: &str = "target/exercise-hints";

/// One function's hints, as `hints.toml` lists them.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct HintEntry {
    /// The function of `whole.toml`.
    pub function: String,
    /// Its hints, in order: the section and the idea, the steps in words,
    /// the calls.
    pub levels: Vec<String>,
    /// Texts that, in a failure of the checks, name this function: in
    /// the line that says which check failed and how, or in both its
    /// `expected:` and `actual:` lines (the same event, told otherwise).
    #[serde(default)]
    pub shows: Vec<String>,
}

/// Every step's hints, by step, read from `text` (a `hints.toml`); a
/// function without a level is an error.
pub fn parse_hints(text: &str) -> Result<BTreeMap<String, Vec<HintEntry>>> {
    let all: BTreeMap<String, Vec<HintEntry>> =
        toml::from_str(text).map_err(|error| error.to_string())?;
    for (step, entries) in &all {
        if let Some(entry) = entries.iter().find(|entry| entry.levels.is_empty()) {
            return Err(format!("{} of {step} has no level", entry.function));
        }
    }
    Ok(all)
}

/// The hints of `exercise`, in the checkout at `root`.
pub fn hint_entries(root: &Path, exercise: &Exercise) -> Result<Vec<HintEntry>> {
    let path = root.join(HINTS_FILE);
    let text = fs::read_to_string(&path)
        .map_err(|error| format!("reading {}: {error}", path.display()))?;
    let mut all = parse_hints(&text).map_err(|error| format!("{HINTS_FILE}: {error}"))?;
    all.remove(exercise.step)
        .ok_or_else(|| format!("{HINTS_FILE} has no hints for {}", exercise.step))
}

/// The file that keeps the levels given for `exercise`.
pub fn state_file(root: &Path, exercise: &Exercise) -> PathBuf {
    root.join(STATE_DIR)
        .join(format!("{}.txt", exercise.crate_name()))
}

/// The levels given so far, by function: the state file's `function
/// level` lines; none when there is no file. Lines that do not read are
/// left out, as a file the learner edited starts those hints over.
pub fn given(root: &Path, exercise: &Exercise) -> BTreeMap<String, usize> {
    let text = fs::read_to_string(state_file(root, exercise)).unwrap_or_default();
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| {
            let (function, level) = line.split_once(' ')?;
            Some((function.to_string(), level.trim().parse().ok()?))
        })
        .collect()
}

/// Starts the hints of `exercise` over: its state file removed, when it
/// is there.
pub fn forget(root: &Path, exercise: &Exercise) -> io::Result<()> {
    match fs::remove_file(state_file(root, exercise)) {
        Err(error) if error.kind() != io::ErrorKind::NotFound => Err(error),
        _ => Ok(()),
    }
}

/// A hint given: its level (from 1), how many there are, its text, and
/// whether it was given before (asked again after the last).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Given {
    pub level: usize,
    pub of: usize,
    pub text: String,
    pub again: bool,
}

/// The next hint of `function` in `exercise`: one level past those given,
/// or the last again; the level is kept in the state file.
pub fn next_hint(root: &Path, exercise: &Exercise, function: &str) -> Result<Given> {
    let entries = hint_entries(root, exercise)?;
    let entry = entries
        .iter()
        .find(|entry| entry.function == function)
        .ok_or_else(|| {
            format!(
                "{HINTS_FILE} has no hints for {function} of {}",
                exercise.step
            )
        })?;
    let mut levels = given(root, exercise);
    let before = levels.get(function).copied().unwrap_or(0);
    let of = entry.levels.len();
    let level = (before + 1).min(of);
    levels.insert(function.to_string(), level);
    let mut text = format!(
        "# The hints `cargo exercise {} --hint` gave, by function; \
         `--reset` or `--whole` starts them over.\n",
        exercise.step
    );
    for (function, level) in &levels {
        text += &format!("{function} {level}\n");
    }
    let path = state_file(root, exercise);
    let written = path
        .parent()
        .map_or(Ok(()), fs::create_dir_all)
        .and_then(|()| fs::write(&path, text));
    written.map_err(|error| format!("writing {}: {error}", path.display()))?;
    Ok(Given {
        level,
        of,
        text: entry.levels[level - 1].trim_end().to_string(),
        again: before >= of,
    })
}

/// The first function of `entries` (the step's, in `whole.toml`'s order)
/// whose body is still its `todo!()` in `lessons`, the lesson files: the
/// one `--whole` wrote, or any `todo!()` or `unimplemented!()` that is the
/// whole body.
pub fn first_to_write<'a>(entries: &'a [WholeEntry], lessons: &[Lesson]) -> Option<&'a WholeEntry> {
    let to_write = |entry: &WholeEntry, lesson: &Lesson| {
        let lines: Vec<String> = lesson.text.lines().map(str::to_string).collect();
        let body = body_of(&lines, entry, &lesson.file).map(|(_, open, close)| {
            let body: Vec<&str> = lines[open + 1..close].iter().map(|l| l.trim()).collect();
            body.join(" ")
        });
        lesson.text.contains(&todo_start(&entry.function))
            || body
                .is_ok_and(|body| body.starts_with("todo!(") || body.starts_with("unimplemented!("))
    };
    entries.iter().find(|entry| {
        lessons
            .iter()
            .any(|lesson| lesson.file == entry.file && to_write(entry, lesson))
    })
}

/// The function of `entries` that a failure of the checks, `output`,
/// names; the first of them when it names none. In order:
///
/// - a compiler's error or a panic at a line of a lesson file, `lessons`
///   (the lesson files' paths from the exercises' folder and their
///   texts, with the step's file each was made from), inside a
///   function's body: that function;
/// - a function's `shows` in the failure ([`HintEntry::shows`]);
/// - else the first function, where the search enters: its hints cover
///   the node as a whole.
pub fn function_of_failure<'a>(
    output: &str,
    entries: &'a [WholeEntry],
    hints: &[HintEntry],
    lessons: &[Lesson],
) -> Option<&'a WholeEntry> {
    at_a_line(output, entries, lessons)
        .or_else(|| shown(output, entries, hints))
        .or(entries.first())
}

/// A lesson file as `--hint` reads it: its path from the exercises'
/// folder (`exercise-v09/src/lesson/search.rs`), the step's file it was
/// made from (`src/search.rs`), and its text.
#[derive(Clone, Debug)]
pub struct Lesson {
    pub path: String,
    pub file: String,
    pub text: String,
}

/// The function whose body holds the first line of a lesson file that
/// `output` points at (`--> exercise-v09/src/lesson/search.rs:120:9`, or
/// a panic's `at exercise-v09/src/lesson/search.rs:120:9`).
fn at_a_line<'a>(
    output: &str,
    entries: &'a [WholeEntry],
    lessons: &[Lesson],
) -> Option<&'a WholeEntry> {
    for lesson in lessons {
        let Some(at) = output.find(&format!("{}:", lesson.path)) else {
            continue;
        };
        let rest = &output[at + lesson.path.len() + 1..];
        let line: usize = rest
            .split(|c: char| !c.is_ascii_digit())
            .next()?
            .parse()
            .ok()?;
        let lines: Vec<String> = lesson.text.lines().map(str::to_string).collect();
        let inside = |entry: &&WholeEntry| {
            entry.file == lesson.file
                && body_of(&lines, entry, &lesson.file)
                    .is_ok_and(|(_, open, close)| (open + 1..=close + 1).contains(&line))
        };
        if let Some(entry) = entries.iter().find(inside) {
            return Some(entry);
        }
    }
    None
}

/// The first function whose `shows` stands in the failure's line that
/// names the check, or in both its `expected:` and `actual:` lines.
fn shown<'a>(
    output: &str,
    entries: &'a [WholeEntry],
    hints: &[HintEntry],
) -> Option<&'a WholeEntry> {
    let line = |prefix: &str| {
        output
            .lines()
            .find(|line| line.trim_start().starts_with(prefix))
            .unwrap_or_default()
    };
    let (failed, expected, actual) = (line("check `"), line("expected:"), line("actual:"));
    let fail = line("FAIL ");
    entries.iter().find(|entry| {
        hints
            .iter()
            .filter(|hint| hint.function == entry.function)
            .flat_map(|hint| &hint.shows)
            .any(|text| {
                failed.contains(text.as_str())
                    || fail.contains(text.as_str())
                    || expected.contains(text.as_str()) && actual.contains(text.as_str())
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::whole::parse_whole;

    fn root() -> &'static Path {
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../.."))
    }

    /// Every function of `whole.toml` has its hints, in the same order,
    /// three levels at least: the first names its section, and no level
    /// but the last names a call of the tracer or a counter.
    #[test]
    fn every_whole_function_has_its_hints_from_the_section_to_the_calls() {
        let whole =
            parse_whole(&fs::read_to_string(root().join(crate::WHOLE_FILE)).unwrap()).unwrap();
        let hints = parse_hints(&fs::read_to_string(root().join(HINTS_FILE)).unwrap()).unwrap();
        assert_eq!(
            whole.keys().collect::<Vec<_>>(),
            hints.keys().collect::<Vec<_>>()
        );
        for (step, entries) in &whole {
            let functions: Vec<&str> = entries.iter().map(|e| e.function.as_str()).collect();
            let hinted: Vec<&str> = hints[step].iter().map(|h| h.function.as_str()).collect();
            assert_eq!(functions, hinted, "{step}");
            for (entry, hint) in entries.iter().zip(&hints[step]) {
                let name = format!("{step} {}", entry.function);
                assert!(hint.levels.len() >= 3, "{name}");
                assert!(
                    hint.levels[0].contains(&entry.section),
                    "{name}: {}",
                    hint.levels[0]
                );
                let last = hint.levels.len() - 1;
                for level in &hint.levels[..last] {
                    assert!(
                        !level.contains("self.tracer.") && !level.contains("self.counts."),
                        "{name}: {level}"
                    );
                }
                assert!(hint.levels[last].contains('`'), "{name}");
            }
        }
    }

    fn entry(file: &str, function: &str) -> WholeEntry {
        WholeEntry {
            file: file.to_string(),
            function: function.to_string(),
            signature: None,
            section: "S".to_string(),
            guide: String::new(),
            slips: Vec::new(),
        }
    }

    const LESSON: &str = "// heading\n// heading\nfn search() {\n    let a = 1;\n    todo!(\"the whole step, search: x\")\n}\n\nfn pick() {\n    todo!(\"the whole step, pick: x\")\n}\n";

    #[test]
    fn the_first_body_still_a_todo_is_the_one_to_write() {
        let entries = [entry("src/s.rs", "search"), entry("src/s.rs", "pick")];
        let lessons = |text: &str| {
            vec![Lesson {
                path: "exercise-vt/src/lesson/s.rs".to_string(),
                file: "src/s.rs".to_string(),
                text: text.to_string(),
            }]
        };
        assert_eq!(
            first_to_write(&entries, &lessons(LESSON)).unwrap().function,
            "search"
        );
        let written = LESSON.replacen("todo!(\"the whole step, search: x\")", "0", 1);
        assert_eq!(
            first_to_write(&entries, &lessons(&written))
                .unwrap()
                .function,
            "pick"
        );
        // A todo!() of the learner's own is a body still to write too.
        let own = written.replacen("todo!(\"the whole step, pick: x\")", "todo!()", 1);
        assert_eq!(
            first_to_write(&entries, &lessons(&own)).unwrap().function,
            "pick"
        );
        let done = written.replacen("todo!(\"the whole step, pick: x\")", "None", 1);
        assert!(first_to_write(&entries, &lessons(&done)).is_none());
    }

    #[test]
    fn a_failure_names_its_function_by_a_line_or_by_what_it_shows() {
        let entries = [entry("src/s.rs", "search"), entry("src/s.rs", "pick")];
        let hints = [HintEntry {
            function: "pick".to_string(),
            levels: vec!["a".to_string()],
            shows: vec!["Swap ".to_string(), "pick_as_the_step".to_string()],
        }];
        let lessons = [Lesson {
            path: "exercise-vt/src/lesson/s.rs".to_string(),
            file: "src/s.rs".to_string(),
            text: LESSON.to_string(),
        }];
        let named = |output: &str| {
            function_of_failure(output, &entries, &hints, &lessons)
                .unwrap()
                .function
                .clone()
        };
        // Line 9 of the lesson file is inside pick's body, line 4 search's.
        assert_eq!(
            named("error[E0308]: mismatched types\n --> exercise-vt/src/lesson/s.rs:9:5\n"),
            "pick"
        );
        assert_eq!(
            named("error[E0308]: mismatched types\n --> exercise-vt/src/lesson/s.rs:4:5\n"),
            "search"
        );
        let swap = "check `x` failed: the log differs\n  expected: [] Swap a2a3=1 with e2e4=5\n  actual:   [] Swap a2a3=1 with d2d4=5\n";
        assert_eq!(named(swap), "pick");
        // A swap expected where the search told something else: the node's
        // own function, which did not pick.
        let missing = "check `x` failed: the log differs\n  expected: [] Swap a2a3=1 with e2e4=5\n  actual:   [] move a2a3=1\n";
        assert_eq!(named(missing), "search");
        assert_eq!(
            named("  FAIL  pick_as_the_step\n\ncheck `pick_as_the_step` failed: Pick"),
            "pick"
        );
        assert_eq!(named("anything else"), "search");
    }

    #[test]
    fn the_levels_given_are_kept_and_forgotten() {
        let copy = std::env::temp_dir().join(format!("exercise-hints-{}", std::process::id()));
        let _ = fs::remove_dir_all(&copy);
        fs::create_dir_all(copy.join("book/exercises")).unwrap();
        fs::copy(root().join(HINTS_FILE), copy.join(HINTS_FILE)).unwrap();
        let v10 = crate::find("v10").unwrap();
        let levels: Vec<(usize, bool)> = (0..5)
            .map(|_| next_hint(&copy, v10, "capture").unwrap())
            .map(|given| (given.level, given.again))
            .collect();
        let other = next_hint(&copy, v10, "quiescence").unwrap().level;
        let kept = given(&copy, v10);
        forget(&copy, v10).unwrap();
        let after = next_hint(&copy, v10, "capture").unwrap().level;
        let unknown = next_hint(&copy, v10, "negamax").unwrap_err();
        forget(&copy, v10).unwrap();
        forget(&copy, v10).unwrap();
        let _ = fs::remove_dir_all(&copy);
        assert_eq!(
            levels,
            [(1, false), (2, false), (3, false), (3, true), (3, true)]
        );
        assert_eq!(other, 1);
        assert_eq!(kept.get("capture"), Some(&3));
        assert_eq!(after, 1);
        assert!(unknown.contains("no hints for negamax of v10"), "{unknown}");
    }
}
