//! The workspace's crates as the architecture page shows them: who uses
//! whom, read from the `Cargo.toml` files, and what each module holds, read
//! from the first sentence of its `//!` documentation.
//!
//! Both are generated so that the page cannot drift: a new crate, a new
//! dependency or a new module shows up in the book the next time the files
//! are generated, and until then the staleness test fails. The same reading
//! checks the rule the page states, that the arrows only point backwards
//! ([`backward_arrows`]): `common` knows no version, a version knows only
//! earlier ones, and no crate knows `book`.
//!
//! The manifests are read line by line, not by a TOML parser: only the
//! `members` list of the root and the `[package]`, `[dependencies]` and
//! `[dev-dependencies]` sections of each member are needed, written the way
//! this workspace writes them (`name.workspace = true`, `name = "1.0"` or
//! `name = { ... }`, one per line).

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context as _, Result};

use crate::chapter::Chapter;
pub use crate::files::members;
use crate::files::Generated;
use crate::markdown::{code, Align, Table, GENERATED_NOTE};

/// The architecture chapter in the book.
pub const CHAPTER: Chapter = Chapter {
    page: "architecture.md",
    krate: None,
    generated: |sources| architecture_page(&sources.root),
    measured: &[],
};

/// One member of the workspace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crate {
    /// Its package name.
    pub name: String,
    /// Its folder, relative to the root: the name itself for the learner's
    /// crates, `book/lab` for the book's laboratory (`lamosca-lab`).
    pub folder: String,
    /// The `description` of its manifest.
    pub description: String,
    /// The workspace crates it depends on.
    pub uses: Vec<String>,
    /// The workspace crates only its tests and examples depend on.
    pub tests_use: Vec<String>,
    /// Its other dependencies, from the registry.
    pub external: Vec<String>,
    /// Its dependencies on crates of neither workspace, read by path (the
    /// book reads the exercises' holes data so).
    pub by_path: Vec<String>,
}

/// The prefix of every version crate's name, before `v` and the version's
/// number (`lamosca-v09`); `lamosca-search` and its siblings carry it too,
/// but they are the driver, not versions.
pub const VERSION_PREFIX: &str = "lamosca-";

/// True for the name of a version crate (`lamosca-v09`).
pub fn is_version_name(name: &str) -> bool {
    name.strip_prefix(VERSION_PREFIX)
        .and_then(|rest| rest.strip_prefix('v'))
        .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
}

impl Crate {
    /// True for a version crate (`lamosca-v09`).
    pub fn is_version(&self) -> bool {
        is_version_name(&self.name)
    }
}

fn read(path: &Path) -> Result<String> {
    fs::read_to_string(path).context(format!("reading {}", path.display()))
}

/// The version crates' names, in step order.
pub fn versions(root: &Path) -> Result<Vec<String>> {
    Ok(members(root)?
        .into_iter()
        .filter(|name| is_version_name(name))
        .collect())
}

/// Reads every member's manifest of both workspaces, in the order of
/// [`crate::files::all_members`].
pub fn read_all(root: &Path) -> Result<Vec<Crate>> {
    let folders = crate::files::all_members(root)?;
    let mut texts = Vec::new();
    for folder in &folders {
        texts.push(read(&root.join(folder).join("Cargo.toml"))?);
    }
    let names: Vec<String> = folders
        .iter()
        .zip(&texts)
        .map(|(folder, text)| package_name(text).unwrap_or_else(|| folder.clone()))
        .collect();
    folders
        .iter()
        .zip(&texts)
        .map(|(folder, text)| parse_manifest(folder, text, &names))
        .collect()
}

/// The `name` of a manifest's `[package]` section.
fn package_name(text: &str) -> Option<String> {
    let package = text.split("[package]").nth(1)?;
    let package = package.split("\n[").next()?;
    package.lines().find_map(|line| {
        let (key, value) = line.split_once('=')?;
        (key.trim() == "name").then(|| value.trim().trim_matches('"').to_string())
    })
}

/// Reads the manifest of the member in `folder`; `members` (package names)
/// tells workspace crates from the others.
pub fn parse_manifest(folder: &str, text: &str, members: &[String]) -> Result<Crate> {
    let mut krate = Crate {
        name: package_name(text).unwrap_or_else(|| folder.to_string()),
        folder: folder.to_string(),
        description: String::new(),
        uses: Vec::new(),
        tests_use: Vec::new(),
        external: Vec::new(),
        by_path: Vec::new(),
    };
    let mut section = String::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if line.starts_with('[') {
            section = line.trim_matches(['[', ']']).to_string();
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let key = key.trim();
        match section.as_str() {
            "package" if key == "description" => {
                krate.description = value.trim().trim_matches('"').to_string();
            }
            "dependencies" | "dev-dependencies" => {
                let dependency = key.split('.').next().unwrap_or(key).trim().to_string();
                let local = value.contains("path =") || value.contains("path=");
                let list = if !members.contains(&dependency) && local {
                    &mut krate.by_path
                } else if !members.contains(&dependency) {
                    &mut krate.external
                } else if section == "dependencies" {
                    &mut krate.uses
                } else {
                    &mut krate.tests_use
                };
                if !list.contains(&dependency) {
                    list.push(dependency);
                }
            }
            _ => {}
        }
    }
    if krate.description.is_empty() {
        bail!("{folder}/Cargo.toml has no description");
    }
    Ok(krate)
}

/// Every arrow that does not point backwards: a crate that uses one listed
/// after it in the workspace, a crate that uses `book`, or `common` using
/// anything of the workspace. Empty when the rule holds.
pub fn backward_arrows(crates: &[Crate]) -> Vec<String> {
    let place = |name: &str| crates.iter().position(|c| c.name == name);
    let mut problems = Vec::new();
    for (i, krate) in crates.iter().enumerate() {
        for used in krate.uses.iter().chain(&krate.tests_use) {
            if used == "book" {
                problems.push(format!("{} uses book, which no crate may use", krate.name));
            } else if krate.name == "common" {
                problems.push(format!("common uses {used}, but it must know no version"));
            } else if place(used).is_some_and(|j| j >= i) {
                problems.push(format!(
                    "{} uses {}, which comes after it in the workspace",
                    krate.name, used
                ));
            }
        }
    }
    problems
}

// ---------------------------------------------------------------------------
// The picture
// ---------------------------------------------------------------------------

/// A crate's name and where its box is drawn: left, right, top.
type Placed<'a> = (&'a str, i32, i32, i32);

const BOX_W: i32 = 176;
const BOX_H: i32 = 40;
const GAP: i32 = 16;
const MARGIN: i32 = 20;
const FONT: &str = "'DejaVu Sans', 'Segoe UI', Arial, sans-serif";
const MONO: &str = "'DejaVu Sans Mono', Consolas, monospace";

/// The crates in four layers: those that use no workspace crate (the
/// board) at the bottom, the driver's crates the versions use above it,
/// the versions in a row above them in step order with the match runner
/// after them, and the rest (the book) on top. An arrow goes from a crate to one it uses; a dashed
/// arrow, to one only its tests use.
pub fn picture(crates: &[Crate]) -> String {
    let (at, width, height) = place(crates);
    let find = |name: &str| at.iter().find(|(n, ..)| *n == name).copied();

    let mut out = String::new();
    let title = "The workspace's crates: an arrow goes from a crate to one it uses";
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" role=\"img\" aria-label=\"{title}\">\n\
         <title>{title}</title>\n\
         <defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" \
         markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\">\
         <path d=\"M0,0 L10,5 L0,10 z\" fill=\"#444\"/></marker></defs>\n\
         <rect width=\"{width}\" height=\"{height}\" fill=\"#fff\"/>"
    );

    // The arrows, under the boxes.
    for krate in crates {
        let Some(from) = find(&krate.name) else {
            continue;
        };
        let uses = krate.uses.iter().map(|u| (u, false));
        let tests = krate.tests_use.iter().map(|u| (u, true));
        for (used, dashed) in uses.chain(tests) {
            let Some(to) = find(used) else {
                continue;
            };
            let dash = if dashed {
                " stroke-dasharray=\"5 4\""
            } else {
                ""
            };
            let path = arrow_path(from, to);
            let _ = writeln!(
                out,
                "<path d=\"{path}\" fill=\"none\" stroke=\"#444\" stroke-width=\"1.5\"{dash} \
                 marker-end=\"url(#arrow)\"/>"
            );
        }
    }

    // The boxes.
    for krate in crates {
        let Some((_, x1, x2, y)) = find(&krate.name) else {
            continue;
        };
        let fill = if krate.is_version() {
            "#e8f1fb"
        } else {
            "#f3f3f3"
        };
        let _ = writeln!(
            out,
            "<rect x=\"{x1}\" y=\"{y}\" width=\"{}\" height=\"{BOX_H}\" rx=\"6\" fill=\"{fill}\" \
             stroke=\"#333\"/>\n\
             <text x=\"{}\" y=\"{}\" font-family=\"{MONO}\" font-size=\"12\" \
             text-anchor=\"middle\" fill=\"#111\">{}</text>",
            x2 - x1,
            (x1 + x2) / 2,
            y + BOX_H / 2 + 5,
            krate.name
        );
    }

    legend(&mut out, height);
    out.push_str("</svg>\n");
    out
}

/// Where each crate is drawn (x from, x to, y), and the picture's width
/// and height.
fn place(crates: &[Crate]) -> (Vec<Placed<'_>>, i32, i32) {
    let versions: Vec<&Crate> = crates.iter().filter(|c| c.is_version()).collect();
    let bottom: Vec<&Crate> = crates
        .iter()
        .filter(|c| !c.is_version() && c.uses.is_empty())
        .collect();
    let used_by = |c: &Crate, user: &dyn Fn(&Crate) -> bool| {
        crates
            .iter()
            .any(|other| user(other) && other.uses.contains(&c.name))
    };
    // The driver's crates, which the versions use, sit in a row of their
    // own above the board.
    let driver: Vec<&Crate> = crates
        .iter()
        .filter(|c| !c.is_version() && !c.uses.is_empty() && used_by(c, &|u| u.is_version()))
        .collect();
    // A crate that uses others and is itself used (the match runner) sits
    // in the versions' row, after them; one that nobody uses (the book), on
    // top.
    let middle: Vec<&Crate> = crates
        .iter()
        .filter(|c| {
            !c.is_version()
                && !c.uses.is_empty()
                && used_by(c, &|_| true)
                && !driver.iter().any(|d| d.name == c.name)
        })
        .collect();
    let top: Vec<&Crate> = crates
        .iter()
        .filter(|c| !c.is_version() && !c.uses.is_empty() && !used_by(c, &|_| true))
        .collect();
    let columns = (versions.len() + middle.len()).max(1) as i32;
    let row_w = columns * BOX_W + (columns - 1) * GAP;
    let width = row_w + 2 * MARGIN;
    // Rows: the top layer, room for arcs, the versions, room for arcs, the
    // driver, the bottom layer.
    let y_top = MARGIN;
    let y_versions = y_top + BOX_H + 110;
    let y_driver = y_versions + BOX_H + 110;
    let y_bottom = y_driver + BOX_H + 60;
    let height = y_bottom + BOX_H + 40;

    // Where each crate is drawn: x from, x to, y.
    let mut at: Vec<Placed> = Vec::new();
    fn spread<'a>(layer: &[&'a Crate], y: i32, row_w: i32, at: &mut Vec<Placed<'a>>) {
        let n = layer.len().max(1) as i32;
        let w = (row_w - (n - 1) * GAP) / n;
        for (i, krate) in layer.iter().enumerate() {
            let x = MARGIN + i as i32 * (w + GAP);
            at.push((krate.name.as_str(), x, x + w, y));
        }
    }
    spread(&top, y_top, row_w, &mut at);
    for (i, krate) in versions.iter().chain(&middle).enumerate() {
        let x = MARGIN + i as i32 * (BOX_W + GAP);
        at.push((krate.name.as_str(), x, x + BOX_W, y_versions));
    }
    spread(&driver, y_driver, row_w, &mut at);
    spread(&bottom, y_bottom, row_w, &mut at);
    (at, width, height)
}

/// The path of an arrow from the crate placed at `from` to the one at
/// `to`.
fn arrow_path(from: Placed<'_>, to: Placed<'_>) -> String {
    let (_, x1, x2, y) = from;
    let (_, u1, u2, uy) = to;
    if uy == y {
        // Between two versions: an arc above the row, from the
        // later crate back to the earlier one.
        let (from, to) = ((x1 + x2) / 2 - 14, (u1 + u2) / 2 + 14);
        let lift = 30 + (from - to).abs() / 8;
        format!(
            "M{from},{y} C{from},{} {to},{} {to},{y}",
            y - lift,
            y - lift
        )
    } else {
        // Down a layer: straight down from the crate's bottom edge
        // to the used crate's top edge, where the two overlap.
        let x = if x2 - x1 > u2 - u1 {
            // From a wide layer to one box: aim at the box, to
            // the right of where the arcs between versions land.
            (u1 + u2) / 2 + 40
        } else {
            (x1 + x2) / 2
        };
        format!("M{x},{} L{x},{uy}", y + BOX_H)
    }
}

/// What a plain and a dashed arrow mean, along the bottom.
fn legend(out: &mut String, height: i32) {
    // The legend.
    let y = height - 14;
    let _ = writeln!(
        out,
        "<line x1=\"{MARGIN}\" y1=\"{0}\" x2=\"{1}\" y2=\"{0}\" stroke=\"#444\" \
         stroke-width=\"1.5\" marker-end=\"url(#arrow)\"/>\n\
         <text x=\"{2}\" y=\"{y}\" font-family=\"{FONT}\" font-size=\"12\" fill=\"#222\">uses</text>\n\
         <line x1=\"{3}\" y1=\"{0}\" x2=\"{4}\" y2=\"{0}\" stroke=\"#444\" stroke-width=\"1.5\" \
         stroke-dasharray=\"5 4\" marker-end=\"url(#arrow)\"/>\n\
         <text x=\"{5}\" y=\"{y}\" font-family=\"{FONT}\" font-size=\"12\" fill=\"#222\">\
         its tests use</text>",
        y - 4,
        MARGIN + 30,
        MARGIN + 38,
        MARGIN + 90,
        MARGIN + 120,
        MARGIN + 128,
    );
}

// ---------------------------------------------------------------------------
// The code map
// ---------------------------------------------------------------------------

/// The first sentence of a file's `//!` documentation, on one line.
pub fn first_sentence(source: &str) -> Option<String> {
    let mut text = String::new();
    for line in source.lines() {
        let Some(doc) = line.trim_start().strip_prefix("//!") else {
            if text.is_empty() && (line.trim().is_empty() || line.trim_start().starts_with("#!")) {
                continue;
            }
            break;
        };
        let doc = doc.trim();
        if doc.is_empty() {
            if text.is_empty() {
                continue;
            }
            break;
        }
        if !text.is_empty() {
            text.push(' ');
        }
        text.push_str(doc);
    }
    if text.is_empty() {
        return None;
    }
    // Rustdoc's links to items, [`Engine`], are plain code on a page.
    let text = without_item_links(&text);
    // A full stop followed by a space (or the end) ends the sentence; one
    // inside a word, as in `v0.07`, does not.
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if c == '.' && chars.get(i + 1).is_none_or(|next| next.is_whitespace()) {
            return Some(chars[..=i].iter().collect());
        }
    }
    Some(text)
}

/// `text` with each rustdoc link to an item, [`Engine`] or
/// [`probe`](Search::probe), written as the code it names; a link to a
/// file or an address stays.
fn without_item_links(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find("[`") {
        let after = &rest[open + 1..];
        let Some(close) = after.find("`]") else {
            break;
        };
        // `[`probe`](Search::probe)`: a link to an item by its path, which
        // is no address on a page.
        let target = after[close + 2..]
            .strip_prefix('(')
            .and_then(|t| t.split_once(')'));
        match target {
            None => {
                out.push_str(&rest[..open]);
                out.push_str(&after[..close + 1]);
                rest = &after[close + 2..];
            }
            Some((target, tail)) if is_item_path(target) => {
                out.push_str(&rest[..open]);
                out.push_str(&after[..close + 1]);
                rest = tail;
            }
            Some(_) => {
                out.push_str(&rest[..open + 2]);
                rest = &rest[open + 2..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Whether a link's target names a Rust item (`Search::probe`, `Engine`)
/// rather than a file, a page or an address.
fn is_item_path(target: &str) -> bool {
    !target.is_empty()
        && target
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == ':')
}

/// The `.rs` files under `dir`, relative to it, sorted.
fn rust_files(dir: &Path) -> Result<Vec<PathBuf>> {
    fn walk(base: &Path, dir: &Path, found: &mut Vec<PathBuf>) -> std::io::Result<()> {
        for entry in fs::read_dir(dir)? {
            let path = entry?.path();
            if path.is_dir() {
                walk(base, &path, found)?;
            } else if path.extension().is_some_and(|e| e == "rs") {
                if let Ok(relative) = path.strip_prefix(base) {
                    found.push(relative.to_path_buf());
                }
            }
        }
        Ok(())
    }
    let mut found = Vec::new();
    if dir.is_dir() {
        walk(dir, dir, &mut found).context(format!("listing {}", dir.display()))?;
    }
    found.sort();
    Ok(found)
}

/// The code map: for each crate, each source file with the first sentence
/// of its documentation, then its tests and examples by name.
pub fn code_map(root: &Path, crates: &[Crate]) -> Result<String> {
    let mut out = String::new();
    for krate in crates {
        let _ = writeln!(out, "### `{}`\n\n{}.", krate.name, krate.description);
        if krate.folder != krate.name {
            let _ = writeln!(out, "In `{}/`.", krate.folder);
        }
        if !krate.external.is_empty() {
            let names: Vec<String> = krate.external.iter().map(code).collect();
            let _ = writeln!(out, "From the registry: {}.", names.join(", "));
        }
        if !krate.by_path.is_empty() {
            let names: Vec<String> = krate.by_path.iter().map(code).collect();
            let _ = writeln!(
                out,
                "By path, from outside the workspaces: {}.",
                names.join(", ")
            );
        }
        out.push('\n');
        let src = root.join(&krate.folder).join("src");
        for file in rust_files(&src)? {
            let text = read(&src.join(&file))?;
            let shown = format!("src/{}", file.display()).replace('\\', "/");
            let what = first_sentence(&text).unwrap_or_else(|| "(no module documentation)".into());
            let _ = writeln!(out, "- {}: {what}", code(shown));
        }
        for folder in ["tests", "examples"] {
            let files = rust_files(&root.join(&krate.folder).join(folder))?;
            let names: Vec<String> = files
                .iter()
                .filter(|f| f.components().count() == 1)
                .map(|f| code(f.display()))
                .collect();
            if !names.is_empty() {
                let _ = writeln!(out, "- `{folder}/`: {}", names.join(", "));
            }
            if folder == "tests" {
                test_binaries(&mut out, &files);
            }
        }
        out.push('\n');
    }
    Ok(out)
}

/// The test binaries made of modules, `tests/NAME/main.rs` and the files
/// beside it, one line each, among `files` (paths in `tests/`).
fn test_binaries(out: &mut String, files: &[PathBuf]) {
    let binaries = files
        .iter()
        .filter(|file| file.components().count() == 2 && file.ends_with("main.rs"));
    for main in binaries {
        let folder = main.parent().unwrap_or(main);
        let modules: Vec<String> = files
            .iter()
            .filter(|file| file.parent() == Some(folder) && *file != main)
            .filter_map(|file| file.file_name())
            .map(|name| code(name.to_string_lossy()))
            .collect();
        let _ = writeln!(
            out,
            "- `tests/{}/`: one test binary, whose modules are {}",
            folder.display(),
            modules.join(", ")
        );
    }
}

/// The crate table: what each crate is and which crates it uses.
pub fn crate_table(crates: &[Crate]) -> String {
    let mut table = Table::new(&[
        ("crate", Align::Left),
        ("what it is", Align::Left),
        ("uses", Align::Left),
    ]);
    let list = |names: &[String]| names.iter().map(code).collect::<Vec<_>>().join(", ");
    for krate in crates {
        let mut uses = if krate.uses.is_empty() {
            "no other crate of the workspace".to_string()
        } else {
            list(&krate.uses)
        };
        if !krate.tests_use.is_empty() {
            let _ = write!(uses, "; its tests also {}", list(&krate.tests_use));
        }
        table.row([code(&krate.name), krate.description.clone(), uses]);
    }
    table.render()
}

/// What the architecture page shows of the crates.
pub fn architecture_page(root: &Path) -> Result<Vec<Generated>> {
    let crates = read_all(root)?;
    let problems = backward_arrows(&crates);
    if !problems.is_empty() {
        bail!("an arrow points forwards: {}", problems.join("; "));
    }
    Ok(vec![
        Generated::new("svg/crates.svg", picture(&crates)),
        Generated::new(
            "tables/crates.md",
            format!("{GENERATED_NOTE}{}", crate_table(&crates)),
        ),
        Generated::new(
            "tables/code-map.md",
            format!("{GENERATED_NOTE}{}", code_map(root, &crates)?),
        ),
        crate::sentences::steps()?,
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::Workspace;

    #[test]
    fn reads_a_manifest() {
        let members = ["common".to_string(), "lamosca-v07".to_string()];
        let krate = parse_manifest(
            "lamosca-v09",
            "[package]\nname = \"lamosca-v09\"\ndescription = \"alpha-beta\"\n\n\
             [dependencies]\nanyhow.workspace = true\ncommon.workspace = true\n\
             # a comment = not a dependency\n\n[dev-dependencies]\n\
             lamosca-v07 = { path = \"../lamosca-v07\" }\n\
             exercise-holes = { path = \"exercises/holes\" }\n",
            &members,
        )
        .unwrap();
        assert_eq!(krate.by_path, ["exercise-holes"]);
        assert_eq!(krate.name, "lamosca-v09");
        assert_eq!(krate.description, "alpha-beta");
        assert_eq!(krate.uses, ["common"]);
        assert_eq!(krate.tests_use, ["lamosca-v07"]);
        assert_eq!(krate.external, ["anyhow"]);
    }

    #[test]
    fn the_arrows_point_backwards() {
        let crates = read_all(&Workspace::here().root).unwrap();
        assert_eq!(backward_arrows(&crates), Vec::<String>::new());
        assert_eq!(crates.first().map(|c| c.name.as_str()), Some("common"));
        // The lab is known by its package name, in its folder.
        let lab = crates.iter().find(|c| c.folder == "book/lab").unwrap();
        assert_eq!(lab.name, "lamosca-lab");
        let book = crates.iter().find(|c| c.name == "book").unwrap();
        assert!(book.uses.contains(&"lamosca-lab".to_string()));
    }

    #[test]
    fn finds_a_forward_arrow() {
        let krate = |name: &str, uses: &[&str]| Crate {
            name: name.into(),
            folder: name.into(),
            description: "x".into(),
            uses: uses.iter().map(|u| u.to_string()).collect(),
            tests_use: vec![],
            external: vec![],
            by_path: vec![],
        };
        let crates = [
            krate("common", &["lamosca-v07"]),
            krate("lamosca-v07", &["common", "lamosca-v09"]),
            krate("lamosca-v09", &["book"]),
            krate("book", &["common", "lamosca-v07"]),
        ];
        assert_eq!(backward_arrows(&crates).len(), 3);
    }

    #[test]
    fn takes_the_first_sentence() {
        assert_eq!(
            first_sentence("//! LaMoSca v0.07: NegaMax.\n//!\n//! More.\n").as_deref(),
            Some("LaMoSca v0.07: NegaMax.")
        );
        assert_eq!(
            first_sentence("//! One sentence that runs\n//! over two lines. Then more.\n")
                .as_deref(),
            Some("One sentence that runs over two lines.")
        );
        assert_eq!(first_sentence("use std::fmt;\n"), None);
        assert_eq!(
            first_sentence("//! The [`Engine`] trait, [`run`](crate::run) too.\n").as_deref(),
            Some("The `Engine` trait, `run` too.")
        );
        // A link to a page stays a link.
        assert_eq!(
            first_sentence("//! See [`board`](board.md) and [`x`](Search::probe).\n").as_deref(),
            Some("See [`board`](board.md) and `x`.")
        );
    }
}
