//! The exercises are what the markers in the steps make now.
//!
//! Each exercise's lesson files and slipped file are made again in memory
//! from the step's files and compared with the committed ones; a change to
//! a step's marked file fails here until `cargo run -p book -- generate`
//! writes them again. (A learner who filled the holes sees this test fail
//! too: `cargo exercise v09 --reset`, from `book/exercises`, throws the
//! work away.)

use book::exercises::{entries, holes, markers, section_link, stale, EXERCISES, HOLES_FILE};
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
         Run `cargo run -p book -- generate` (or `cargo exercise <step> --reset` from book/exercises) and read the change.",
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
        // .ci/run runs every folder book/exercises/exercise-v*.
        assert!(
            ci.contains("ls -d exercise-v*") && name.starts_with("exercise-v"),
            ".ci/run does not run {name}: it runs the folders book/exercises/exercise-v*"
        );
        assert!(
            workspace.root.join("book/exercises").join(&name).is_dir(),
            "{name} has no folder book/exercises/{name}, which .ci/run reads"
        );
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

/// The `.rs` files under `dir`, recursively.
fn rust_files(dir: &std::path::Path, files: &mut Vec<std::path::PathBuf>) {
    let Ok(read) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in read.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, files);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            files.push(path);
        }
    }
}

/// Every hole marker in the learner's crates (`common/` and each step's
/// `src/`) has its entry in `holes.toml`, for the step whose crate holds
/// it and the file it is in; every entry has its marker (the exercises'
/// `holes` refuses an entry without one).
#[test]
fn every_marker_has_an_entry_and_every_entry_a_marker() {
    let workspace = Workspace::here();
    let entries = entries(&workspace).expect("holes.toml reads");
    let mut files = Vec::new();
    rust_files(&workspace.root.join("common"), &mut files);
    for exercise in EXERCISES {
        rust_files(&workspace.root.join(exercise.krate).join("src"), &mut files);
    }
    let mut found = 0;
    for path in files {
        let relative = path.strip_prefix(&workspace.root).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let marked = markers(&relative.display().to_string(), &text)
            .unwrap_or_else(|error| panic!("{error}"));
        for marker in marked {
            found += 1;
            let exercise = EXERCISES
                .iter()
                .find(|exercise| relative.starts_with(exercise.krate))
                .unwrap_or_else(|| {
                    panic!(
                        "{}:{}: the marker `hole_{}` is in no step's crate",
                        relative.display(),
                        marker.line,
                        marker.name
                    )
                });
            let file = relative.strip_prefix(exercise.krate).unwrap();
            let has_entry = entries.get(exercise.step).is_some_and(|holes| {
                holes.iter().any(|entry| {
                    entry.name == marker.name && std::path::Path::new(&entry.file) == file
                })
            });
            assert!(
                has_entry,
                "{}:{}: the marker `hole_{}` has no entry for {} in {HOLES_FILE}",
                relative.display(),
                marker.line,
                marker.name,
                exercise.step
            );
        }
    }
    let mut wanted = 0;
    for exercise in EXERCISES {
        wanted += holes(&workspace, exercise)
            .unwrap_or_else(|error| panic!("{error}"))
            .len();
    }
    assert_eq!(
        found, wanted,
        "the markers found and the holes of {HOLES_FILE}"
    );
    assert_eq!(
        entries.values().map(Vec::len).sum::<usize>(),
        wanted,
        "{HOLES_FILE} has entries for no exercise"
    );
}

/// The ```sh blocks of `text`, each as its lines.
fn sh_blocks(text: &str) -> Vec<Vec<&str>> {
    let mut blocks = Vec::new();
    let mut lines = text.lines();
    while lines.by_ref().any(|line| line.trim() == "```sh") {
        blocks.push(
            lines
                .by_ref()
                .take_while(|line| line.trim() != "```")
                .collect(),
        );
    }
    blocks
}

/// Fails unless the commands of `block`, from `page`, run as printed from
/// the repository's root: the block enters `book/exercises` first, stays
/// there, runs only cargo's `test` and the `exercise` alias there (never
/// the book's program, no package of that workspace), says which command
/// fails while the holes are empty and which one never ends. Returns its
/// commands.
fn runs_from_the_exercises_folder<'a>(page: &str, block: &[&'a str]) -> Vec<&'a str> {
    let commands: Vec<&str> = block
        .iter()
        .map(|line| line.trim())
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect();
    assert_eq!(
        commands.first(),
        Some(&"cd book/exercises"),
        "{page}: {block:#?}"
    );
    for command in &commands[1..] {
        let (code, comment) = command.split_once('#').unwrap_or((command, ""));
        let words: Vec<&str> = code.split_whitespace().collect();
        assert!(
            matches!(words.as_slice(), ["cargo", "test" | "exercise", ..]),
            "{page}: `{command}` is no `cargo test` or `cargo exercise`"
        );
        let bare_test = words.len() == 4 && words[1] == "test";
        assert_eq!(
            comment.contains("exit code 1 "),
            bare_test,
            "{page}: `{command}`: only the checks on empty holes exit with 1"
        );
        let watch = words.len() == 3 && words[1] == "exercise";
        assert_eq!(
            comment.contains("not run in CI:"),
            watch,
            "{page}: `{command}`: only the watch mode never ends"
        );
    }
    commands
}

/// Fails unless `commands`, a page's, list and reset the holes, start
/// the whole step and ask for a hint.
fn lists_resets_and_starts_whole(page: &str, commands: &[&str]) {
    for option in ["--holes", "--reset", "--whole", "--hint"] {
        assert!(
            commands.iter().any(|command| command.contains(option)),
            "{page} shows no `cargo exercise ... {option}`"
        );
    }
}

/// Every exercise page, and README's "Build each step yourself", prints
/// commands that run from the folder they say, without the book.
#[test]
fn the_exercise_pages_commands_run_as_printed() {
    let workspace = Workspace::here();
    for exercise in EXERCISES {
        let page = format!("exercises/{}.md", exercise.step);
        let text = std::fs::read_to_string(workspace.chapters().join(&page)).unwrap();
        let blocks = sh_blocks(&text);
        // The holes' block, and the whole step's: every step has one.
        assert_eq!(blocks.len(), 2, "{page}");
        let commands: Vec<&str> = blocks
            .iter()
            .flat_map(|block| runs_from_the_exercises_folder(&page, block))
            .collect();
        lists_resets_and_starts_whole(&page, &commands);
    }
    let readme = std::fs::read_to_string(workspace.root.join("README.md")).unwrap();
    let section = readme
        .split("\n## ")
        .find(|section| section.starts_with("Build each step yourself"))
        .expect("README.md has its section \"Build each step yourself\"");
    let blocks = sh_blocks(section);
    let commands: Vec<&str> = blocks
        .iter()
        .flat_map(|block| runs_from_the_exercises_folder("README.md", block))
        .collect();
    lists_resets_and_starts_whole("README.md", &commands);
}

/// "Done is `all 9 checks pass`": each exercise page's count is the
/// number of checks its `tests/checks.rs` lists in `CHECKS`, the list the
/// checks' runner counts when it says so.
#[test]
fn each_exercise_page_counts_the_checks_its_crate_runs() {
    let workspace = Workspace::here();
    for exercise in EXERCISES {
        let checks_file = workspace
            .root
            .join(book::exercises::EXERCISES_DIR)
            .join(exercise.crate_name())
            .join("tests/checks.rs");
        let checks = std::fs::read_to_string(&checks_file).unwrap();
        let list = checks
            .split("const CHECKS")
            .nth(1)
            .and_then(|rest| rest.split("];").next())
            .unwrap_or_else(|| panic!("{} lists its CHECKS", checks_file.display()));
        // Each entry is `("name", function)`, on one line or, formatted, on
        // three: its name is the one string it holds.
        let count = list.matches('"').count() / 2;
        let page = format!("exercises/{}.md", exercise.step);
        let text = std::fs::read_to_string(workspace.chapters().join(&page)).unwrap();
        let done = format!(
            "`all {count} checks pass: {} is built`",
            exercise.crate_name()
        );
        assert!(text.contains(&done), "{page} says {done}");
    }
}

/// The doc comment above the function that holds the line `at` (from 0)
/// of `lines`: its `///` lines, without the slashes, and the function's
/// name.
fn enclosing_doc(lines: &[&str], at: usize) -> (String, String) {
    let fn_line = (0..at)
        .rev()
        .find(|&i| {
            let line = lines[i].trim_start();
            (line.starts_with("fn ") || line.contains(" fn ") || line.starts_with("pub fn "))
                && lines[i].len() - line.len() < lines[at].len() - lines[at].trim_start().len()
        })
        .expect("a hole stands inside a function");
    let signature = lines[fn_line];
    let name = signature[signature.find("fn ").unwrap() + 3..]
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .next()
        .unwrap()
        .to_string();
    let mut doc = Vec::new();
    for line in lines[..fn_line].iter().rev() {
        let line = line.trim();
        if let Some(text) = line.strip_prefix("///") {
            doc.push(text.trim());
        } else if !line.starts_with("#[") && !line.starts_with("// ANCHOR") {
            break;
        }
    }
    doc.reverse();
    (doc.join("\n"), name)
}

/// A hole asks, it does not answer: the doc comment of the function that
/// holds it, doctests included, holds no line of the hole's answer and
/// asserts no value of the function against a number, which is what the
/// hole computes.
#[test]
fn no_holes_doc_comment_gives_its_answer() {
    let workspace = Workspace::here();
    for exercise in EXERCISES {
        for hole in holes(&workspace, exercise).expect("the markers read") {
            let path = workspace.root.join(exercise.krate).join(&hole.file);
            let text = std::fs::read_to_string(&path).unwrap();
            let lines: Vec<&str> = text.lines().collect();
            let (doc, name) = enclosing_doc(&lines, hole.line - 1);
            let place = format!(
                "hole {} `{}` of {}, in `{name}`",
                hole.number, hole.name, exercise.step
            );
            for answer in &hole.answer {
                let answer = answer.trim();
                assert!(
                    answer.len() < 8 || !doc.contains(answer),
                    "{place}: its doc comment holds the answer line `{answer}`"
                );
            }
            for line in doc.lines().filter(|line| line.starts_with("assert_eq!")) {
                let literal = line
                    .trim_end_matches(';')
                    .trim_end_matches(')')
                    .rsplit(',')
                    .next()
                    .unwrap()
                    .trim();
                assert!(
                    !(line.contains(&format!("{name}(")) && literal.parse::<i64>().is_ok()),
                    "{place}: its doctest asserts the value the hole computes: {line}"
                );
            }
        }
    }
}
