//! The book's exercise mode (`book/stepper/exercise.js`) folds what a
//! learner is to write: the holes of `holes.toml`, and, in the same mode,
//! the whole step of `whole.toml`. Its data is the holes pages'
//! (`generated/build-it/v09-holes.md`), which `generated.rs` keeps fresh;
//! here, that it holds what `--whole` takes out.

use book::exercises::{generated, whole_bodies, whole_entries, EXERCISES};
use book::files::Workspace;

/// The book's exercise mode folds the whole step from `whole.toml`: each
/// function listed there has its body in its step's data, read where
/// `--whole` takes it out, and that body stands in the step's file, line
/// after line, as the chapters include it.
#[test]
fn every_whole_function_s_body_is_in_the_exercise_mode_s_data() {
    let workspace = Workspace::here();
    let generated = generated(&workspace).expect("the holes pages are made");
    for exercise in EXERCISES {
        let entries = whole_entries(&workspace, exercise).expect("whole.toml reads");
        let bodies = whole_bodies(&workspace, exercise).expect("the bodies read");
        let names: Vec<&str> = bodies.iter().map(|body| body.function.as_str()).collect();
        let listed: Vec<&str> = entries
            .iter()
            .map(|entry| entry.function.as_str())
            .collect();
        assert_eq!(names, listed, "{}", exercise.step);
        let page = generated
            .iter()
            .find(|file| file.path.ends_with(format!("{}-holes.md", exercise.step)))
            .expect("each step has its holes page");
        assert_eq!(
            page.text.contains(" data-whole=\""),
            !bodies.is_empty(),
            "{}",
            exercise.step
        );
        for body in &bodies {
            let text =
                std::fs::read_to_string(workspace.root.join(exercise.krate).join(&body.file))
                    .expect("the step's file reads");
            let code: Vec<&str> = text
                .lines()
                .filter(|line| !line.contains("ANCHOR"))
                .collect();
            let lines: Vec<&str> = body.lines.iter().map(String::as_str).collect();
            assert!(
                code.windows(lines.len()).any(|window| window == lines),
                "the body of {} in {} is not in {} line after line",
                body.function,
                exercise.step,
                body.file
            );
            let signature = format!("fn {}", body.function);
            assert!(
                !lines.iter().any(|line| line.contains(&signature)),
                "{}",
                body.function
            );
            let quoted = format!("&quot;name&quot;:&quot;{}&quot;", body.function);
            assert!(
                page.text.contains(&quoted),
                "{} {}",
                exercise.step,
                body.function
            );
        }
    }
}
