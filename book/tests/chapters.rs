//! Every chapter module is registered, and every generated file belongs to
//! the chapter that shows it.
//!
//! The generator walks `chapters::ALL` and nothing else: a chapter module
//! that is written but not listed there would make no file, and its page
//! would include files that nothing keeps up to date. These tests name the
//! module or the file when that happens.

use std::collections::BTreeMap;
use std::fs;
use std::path::PathBuf;

use book::chapter::Sources;
use book::chapters::ALL;
use book::files::Workspace;
use book::generate::{chapter_files, measured_parts};

/// The modules under `book/src/chapters`, by file name.
fn chapter_modules() -> Vec<String> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/chapters");
    let mut modules: Vec<String> = fs::read_dir(&dir)
        .expect("book/src/chapters can be read")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "rs"))
        .filter_map(|path| Some(path.file_stem()?.to_str()?.to_string()))
        .filter(|stem| stem != "mod")
        .collect();
    modules.sort();
    modules
}

#[test]
fn every_chapter_module_is_registered() {
    let registry =
        fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/chapters/mod.rs"))
            .expect("book/src/chapters/mod.rs can be read");
    let modules = chapter_modules();
    for module in &modules {
        assert!(
            registry.contains(&format!("    {module}::CHAPTER,\n")),
            "book/src/chapters/{module}.rs is not registered: add `{module}::CHAPTER,` to `ALL` \
             in book/src/chapters/mod.rs"
        );
    }
    assert_eq!(
        ALL.len(),
        modules.len(),
        "`ALL` lists {} chapters, book/src/chapters holds {} modules: {modules:?}",
        ALL.len(),
        modules.len()
    );
}

#[test]
fn every_generated_file_is_shown_by_its_chapter() {
    let workspace = Workspace::here();
    let sources = Sources::read(&workspace).expect("the snapshots can be read");
    let summary = fs::read_to_string(workspace.chapters().join("SUMMARY.md"))
        .expect("the summary can be read");
    let mut owners: BTreeMap<PathBuf, &str> = BTreeMap::new();
    for chapter in ALL {
        let files = chapter_files(chapter, &sources).expect("the chapter's files are made");
        // The chapter's page and the pages nested under it in the summary
        // (v0.09's "in numbers", say).
        let page: String = std::iter::once(chapter.page.to_string())
            .chain(sub_pages(&summary, chapter.page))
            .map(|page| {
                fs::read_to_string(workspace.chapters().join(&page))
                    .unwrap_or_else(|error| panic!("the page {page} of a chapter: {error}"))
            })
            .collect();
        for file in &files {
            if let Some(other) = owners.insert(file.path.clone(), chapter.page) {
                panic!(
                    "{} is made by two chapters, {other} and {}",
                    file.path.display(),
                    chapter.page
                );
            }
            let path = file.path.to_str().expect("a path in UTF-8");
            // A picture may be shown by a generated table the page includes.
            let mut shown = std::iter::once(page.as_str()).chain(
                files
                    .iter()
                    .filter(|other| other.path != file.path)
                    .map(|other| other.text.as_str()),
            );
            assert!(
                shown.any(|text| text.contains(path)),
                "{path} is made for {} but neither the page nor its generated files show it",
                chapter.page
            );
        }
    }
}

/// The pages the summary nests under `page`, one level deeper.
fn sub_pages(summary: &str, page: &str) -> Vec<String> {
    let indent = |line: &str| line.len() - line.trim_start().len();
    let mut lines = summary.lines();
    let Some(parent) = lines.find(|line| line.contains(&format!("]({page})"))) else {
        return Vec::new();
    };
    lines
        .take_while(|line| indent(line) > indent(parent))
        .filter_map(|line| line.split("](").nth(1)?.split(')').next())
        .map(str::to_string)
        .collect()
}

#[test]
fn measured_parts_have_distinct_names() {
    let mut names: Vec<&str> = measured_parts().map(|(name, _)| *name).collect();
    let count = names.len();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), count, "two measured parts share a name");
}
