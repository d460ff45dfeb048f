//! The generated files of the book are what the code produces today.
//!
//! Every table, trace and picture under `book/chapters/generated` is
//! regenerated in memory and compared with the committed file. A change to
//! the engine that changes what the book shows fails here, naming each
//! file, until `cargo run -p book -- generate` is run and the new files are
//! read. (Timings in `book/chapters/measured` vary from run to run and are
//! not checked.)

use book::check::staleness::compare;
use book::files::Workspace;
use book::generate::generate_all;

#[test]
fn generated_files_are_up_to_date() {
    let workspace = Workspace::here();
    let files = generate_all(&workspace).expect("the generator runs");
    let problems = compare(&workspace.generated(), &files).expect("the folder can be read");
    let listing: Vec<String> = problems.iter().map(|p| format!("  {p}")).collect();
    assert!(
        problems.is_empty(),
        "{} generated file(s) of the book differ from what the code produces now, \
         in {}:\n{}\n\
         Run `cargo run -p book -- generate`, then read the changes (`git diff book/chapters/generated`) \
         before committing them.",
        problems.len(),
        workspace.generated().display(),
        listing.join("\n")
    );
}

#[test]
fn the_stepper_s_test_records_carry_their_facts_as_they_are_now() {
    // The records the stepper's own tests read, with their facts worked
    // out by the record's reader, as the chapters' records are.
    let root = Workspace::here().root;
    let script = book::draw::stepper::test_script(&root).expect("the test records read");
    let written =
        std::fs::read_to_string(root.join(book::draw::stepper::TEST_SCRIPT)).unwrap_or_default();
    assert!(
        written == script,
        "{} differs from what the code writes now: run `cargo run -p book -- generate`",
        book::draw::stepper::TEST_SCRIPT
    );
    assert!(script.contains(r#"window.LaMoScaRecords["fixture-alphabeta"] = {"events":"#));
}

#[test]
fn the_book_shows_the_published_v07_log() {
    // The generated comparison says so in words; a difference must never be
    // committed quietly.
    let workspace = Workspace::here();
    let files = generate_all(&workspace).expect("the generator runs");
    let comparison = files
        .iter()
        .find(|file| file.path.ends_with("v07-published.md"))
        .expect("the v0.07 comparison is generated");
    assert!(
        comparison
            .text
            .contains("identical, character for character"),
        "{}",
        comparison.text
    );
}
