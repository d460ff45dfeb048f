//! The holes' data, `book/exercises/holes.toml`, as the checks read it
//! (through `exercise-holes`, as the book's generator does): what each
//! hole asks and the chapter's section, for the hints a failed check
//! prints. The same file makes the lesson files' `todo!()`s and the
//! book's holes tables.

use std::path::Path;

use exercise_holes::whole::{is_whole, parse_whole};
use exercise_holes::{parse, HoleEntry, HOLES, WHOLE};

/// An exercise, as its checks name it.
#[derive(Clone, Copy, Debug)]
pub struct Exercise {
    /// The step, `v09`: its table in `holes.toml`.
    pub step: &'static str,
    /// The step's chapter, in `book/chapters`.
    pub chapter: &'static str,
}

impl Exercise {
    /// The exercise's holes, in their order.
    ///
    /// # Panics
    /// When `holes.toml` does not read or has no table for the step: the
    /// book's tests keep it whole.
    pub fn holes(&self) -> Vec<HoleEntry> {
        let mut all = parse(HOLES).unwrap_or_else(|error| panic!("holes.toml: {error}"));
        all.remove(self.step)
            .unwrap_or_else(|| panic!("holes.toml has no table [[{}]]", self.step))
    }

    /// The exercise crate's name, `exercise-v09`.
    pub fn crate_name(&self) -> String {
        format!("exercise-{}", self.step)
    }
}

/// The hint of a check that runs through the holes `names`: their
/// numbers and names, and the chapter's sections that teach them:
/// `holes 1 and 2 (window, fail_high); see "From NegaMax to alpha-beta"
/// in book/chapters/v09-alphabeta.md`.
///
/// # Panics
/// When a name is no hole of the exercise.
pub fn hint(exercise: &Exercise, names: &[&str]) -> String {
    if is_whole_step(exercise) {
        return whole_hint(exercise, names);
    }
    let holes = exercise.holes();
    let mut numbers = Vec::new();
    let mut sections: Vec<&str> = Vec::new();
    for name in names {
        let hole = holes
            .iter()
            .find(|hole| hole.name == *name)
            .unwrap_or_else(|| panic!("{name} is no hole of {}", exercise.step));
        numbers.push(hole.number);
        if !sections.contains(&hole.section.as_str()) {
            sections.push(&hole.section);
        }
    }
    let which = match numbers.as_slice() {
        [one] => format!("hole {one}"),
        [first, second] => format!("holes {first} and {second}"),
        [first, .., last] => format!("holes {first} to {last}"),
        [] => "no hole".to_string(),
    };
    let quoted: Vec<String> = sections.iter().map(|s| format!("\"{s}\"")).collect();
    let sections = match quoted.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    };
    format!(
        "{which} ({}); see {sections} in book/chapters/{}",
        names.join(", "),
        exercise.chapter
    )
}

/// The lesson files of `exercise`, as the checkout holds them.
pub(crate) fn lessons_of(exercise: &Exercise) -> Vec<String> {
    let Some(files) = exercise_holes::find(exercise.step) else {
        return Vec::new();
    };
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    files
        .files
        .iter()
        .filter_map(|file| std::fs::read_to_string(dir.join(files.lesson_path(file))).ok())
        .collect()
}

/// Whether the learner is writing the step whole (`cargo exercise v09
/// --whole`): a lesson file says so on its first line.
pub fn is_whole_step(exercise: &Exercise) -> bool {
    lessons_of(exercise).iter().any(|text| is_whole(text))
}

/// The hint of a check when the step is written whole: the functions to
/// write, and the sections that teach them and the holes `names` the
/// check runs through, and the command that gives a hint: `the whole
/// step (alpha_beta, pick); see "From NegaMax to alpha-beta" and "Pick"
/// in book/chapters/v09-alphabeta.md; a hint, from book/exercises: cargo
/// exercise v09 --hint`.
fn whole_hint(exercise: &Exercise, names: &[&str]) -> String {
    let entries = parse_whole(WHOLE)
        .ok()
        .and_then(|mut all| all.remove(exercise.step))
        .unwrap_or_default();
    let functions: Vec<&str> = entries
        .iter()
        .map(|entry| entry.function.as_str())
        .collect();
    let holes = exercise.holes();
    let mut sections: Vec<&str> = Vec::new();
    let named = holes
        .iter()
        .filter(|hole| names.contains(&hole.name.as_str()));
    let all = entries
        .iter()
        .map(|entry| entry.section.as_str())
        .chain(named.map(|hole| hole.section.as_str()));
    for section in all {
        if !sections.contains(&section) {
            sections.push(section);
        }
    }
    let quoted: Vec<String> = sections.iter().map(|s| format!("\"{s}\"")).collect();
    let sections = match quoted.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    };
    format!(
        "the whole step ({}); see {sections} in book/chapters/{}; \
         a hint, from book/exercises: cargo exercise {} --hint",
        functions.join(", "),
        exercise.chapter,
        exercise.step
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const V09: Exercise = Exercise {
        step: "v09",
        chapter: "v09-alphabeta.md",
    };

    #[test]
    fn a_hint_names_the_holes_and_their_sections() {
        assert_eq!(
            hint(&V09, &["window", "fail_high"]),
            "holes 1 and 2 (window, fail_high); see \"From NegaMax to alpha-beta\" in book/chapters/v09-alphabeta.md"
        );
        assert_eq!(
            hint(&V09, &["pick"]),
            "hole 3 (pick); see \"Pick\" in book/chapters/v09-alphabeta.md"
        );
        assert!(hint(&V09, &["window", "fail_high", "pick", "history"]).starts_with(
            "holes 1 to 4 (window, fail_high, pick, history); see \"From NegaMax to alpha-beta\", \"Pick\" and \"The history heuristic\""
        ));
    }

    #[test]
    fn a_whole_step_hint_names_its_functions_and_sections() {
        assert_eq!(
            whole_hint(&V09, &["window", "fail_high", "pick", "history"]),
            "the whole step (alpha_beta, pick); see \"From NegaMax to alpha-beta\", \"Pick\" and \"The history heuristic\" in book/chapters/v09-alphabeta.md; a hint, from book/exercises: cargo exercise v09 --hint"
        );
    }

    #[test]
    fn every_step_has_its_holes_numbered_in_order() {
        for step in ["v07", "v09", "v10", "v11"] {
            let holes = Exercise { step, chapter: "" }.holes();
            let numbers: Vec<usize> = holes.iter().map(|hole| hole.number).collect();
            assert_eq!(numbers, (1..=holes.len()).collect::<Vec<_>>(), "{step}");
        }
    }
}
