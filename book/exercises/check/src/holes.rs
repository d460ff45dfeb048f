//! The holes' data, `book/exercises/holes.toml`, as the checks read it
//! (through `exercise-holes`, as the book's generator does): what each
//! hole asks and the chapter's section, for the hints a failed check
//! prints. The same file makes the lesson files' `todo!()`s and the
//! book's holes tables.

use exercise_holes::{parse, HoleEntry, HOLES};

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
    fn every_step_has_its_holes_numbered_in_order() {
        for step in ["v07", "v09", "v10", "v11"] {
            let holes = Exercise { step, chapter: "" }.holes();
            let numbers: Vec<usize> = holes.iter().map(|hole| hole.number).collect();
            assert_eq!(numbers, (1..=holes.len()).collect::<Vec<_>>(), "{step}");
        }
    }
}
