//! The exercises are what the markers in the steps make now.
//!
//! Each exercise's lesson files and slipped file are made again in memory
//! from the step's files and compared with the committed ones; a change to
//! a step's marked file fails here until `cargo run -p book -- generate`
//! writes them again. (A learner who filled the holes sees this test fail
//! too: `cargo run -p book -- exercise v09 --reset` throws the work away.)

use book::exercises::{holes, section_link, stale, EXERCISES};
use book::files::Workspace;

#[test]
fn the_exercises_are_what_the_markers_make() {
    let workspace = Workspace::here();
    let stale = stale(&workspace).expect("the steps' files can be read");
    let listing: Vec<String> = stale
        .iter()
        .map(|path| format!("  {}", path.display()))
        .collect();
    assert!(
        stale.is_empty(),
        "{} exercise file(s) differ from what the steps' markers make:\n{}\n\
         Run `cargo run -p book -- generate` (or `exercise <step> --reset`) and read the change.",
        stale.len(),
        listing.join("\n")
    );
}

#[test]
fn every_exercise_has_two_to_four_holes_each_naming_a_heading_of_the_book() {
    let workspace = Workspace::here();
    for exercise in EXERCISES {
        let holes = holes(&workspace, exercise).expect("the markers read");
        assert!(
            (2..=4).contains(&holes.len()),
            "{} has {} holes",
            exercise.krate,
            holes.len()
        );
        for hole in &holes {
            let link =
                section_link(&workspace, exercise, &hole.section).expect("the chapters read");
            assert!(
                link.is_some(),
                "hole {} of {} names the section \"{}\", which no chapter page has as a heading",
                hole.number,
                exercise.step,
                hole.section
            );
        }
    }
}

#[test]
fn every_exercise_is_a_member_of_the_exercises_workspace_and_in_ci() {
    let workspace = Workspace::here();
    let manifest = std::fs::read_to_string(workspace.root.join("book/exercises/Cargo.toml"))
        .expect("the exercises' manifest reads");
    let ci = std::fs::read_to_string(workspace.root.join(".ci/run")).expect(".ci/run reads");
    for exercise in EXERCISES {
        let name = exercise.crate_name();
        assert!(
            manifest.contains(&format!("\"{name}\"")),
            "{name} is no member of book/exercises"
        );
        assert!(ci.contains(&name), ".ci/run does not run {name}");
        let chapter = std::fs::read_to_string(workspace.chapters().join(exercise.chapter))
            .expect("the chapter reads");
        let include = format!("{{{{#include exercises/{}.md}}}}", exercise.step);
        assert!(
            chapter.trim_end().ends_with(&include),
            "{} does not end with {include}",
            exercise.chapter
        );
    }
}
