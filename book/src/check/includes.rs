//! Expanding and checking the book's include directives.
//!
//! The book never pastes code: a chapter writes
//! `{{#include ../../lamosca-v07/src/search.rs:negamax}}` and mdBook puts the
//! lines between `// ANCHOR: negamax` and `// ANCHOR_END: negamax` in its
//! place. That keeps prose and code together, but mdBook is lenient where a
//! book tied to code cannot afford it: an anchor that is misspelt, or renamed
//! in the code, expands to nothing and the build still succeeds; a missing
//! file only logs an error and leaves the raw directive on the page. The
//! reader sees an empty listing and nobody else notices.
//!
//! This module reads the directives the way mdBook does, expands them,
//! and reports every one that points at a missing file or anchor or that
//! expands to whitespace only. [`check_chapters`] walks a folder of chapters;
//! the crate's tests run it on `book/chapters`, so a broken include fails
//! `cargo test` instead of going unnoticed.
//!
//! The forms understood, with paths relative to the folder of the file that
//! holds the directive:
//!
//! | directive | what it takes |
//! |---|---|
//! | `{{#include path}}` | the whole file |
//! | `{{#include path:name}}` | the lines between `ANCHOR: name` and `ANCHOR_END: name` |
//! | `{{#include path:N}}` | line N (lines count from 1) |
//! | `{{#include path:N:M}}` | lines N to M, both included |
//! | `{{#include path:N:}}` | line N to the end |
//! | `{{#include path::M}}` | the start to line M |
//!
//! `{{#rustdoc_include ...}}` is checked like `include` (mdBook also shows
//! the rest of the file behind `#`, which can never be missing), and
//! `{{#playground path}}` like a whole-file include. A directive preceded by
//! a backslash is text, as in mdBook. Inside an anchored part, lines holding
//! other `ANCHOR:` or `ANCHOR_END:` markers are dropped.
//!
//! The checker is stricter than mdBook in three places, each a silent
//! failure there: an anchor with no `ANCHOR_END` line (mdBook takes the rest
//! of the file), a directive name it does not know (mdBook leaves the text on
//! the page) and a directive without a path.
//!
//! The expansion was compared with the markdown that mdBook 0.4.52 itself
//! produces, on every form above and on the corner cases the tests below
//! exercise (escapes, directives split over lines, nested includes). The
//! book is now built with mdBook 0.5.4, whose include preprocessor
//! (`mdbook-driver`'s `links`) moved crates with its parsing and line
//! taking unchanged.

use std::fmt;
use std::fs;
use std::io;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// How deep includes may nest inside included text, as in mdBook.
const MAX_NESTING: usize = 10;

/// A directive that names a file to include.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Directive {
    /// The directive's flavour.
    pub kind: DirectiveKind,
    /// The file, as written (relative to the including file's folder).
    pub path: PathBuf,
    /// The part of the file it takes.
    pub selection: Selection,
}

/// The flavours of include mdBook knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DirectiveKind {
    /// `{{#include ...}}`.
    Include,
    /// `{{#rustdoc_include ...}}`: checked like `include`.
    RustdocInclude,
    /// `{{#playground ...}}` (or its old name `playpen`): the whole file.
    Playground,
}

/// The part of a file a directive takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Selection {
    /// Lines `start..end`, counted from 0, `end` excluded; `None` is open.
    Lines {
        /// First line taken, from 0; `None` is the start of the file.
        start: Option<usize>,
        /// First line not taken, from 0; `None` is the end of the file.
        end: Option<usize>,
    },
    /// The lines between `ANCHOR: name` and `ANCHOR_END: name`.
    Anchor(String),
}

/// What went wrong with one directive, or with a file or folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The file holding the directive (or the file or folder that failed).
    pub file: PathBuf,
    /// The directive's line in that text, from 1; 0 when not about a line.
    pub line: usize,
    /// The directive as written; empty when not about a directive.
    pub directive: String,
    /// What is wrong.
    pub kind: ProblemKind,
}

/// The kinds of problem the checker reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProblemKind {
    /// The included file does not exist.
    MissingFile {
        /// The path tried.
        target: PathBuf,
    },
    /// A file or folder exists but cannot be read.
    Unreadable {
        /// The path tried.
        target: PathBuf,
        /// The error reported by the system.
        error: String,
    },
    /// No `ANCHOR: name` line in the included file.
    MissingAnchor {
        /// The included file.
        target: PathBuf,
        /// The anchor asked for.
        anchor: String,
        /// The anchors the file does have, to spot a misspelling.
        known: Vec<String>,
    },
    /// `ANCHOR: name` is never followed by `ANCHOR_END: name`.
    UnclosedAnchor {
        /// The included file.
        target: PathBuf,
        /// The anchor left open.
        anchor: String,
    },
    /// The expansion holds nothing but whitespace.
    Empty {
        /// The included file.
        target: PathBuf,
    },
    /// `{{#name ...}}` with a name mdBook does not know.
    UnknownDirective {
        /// The name written after `#`.
        name: String,
    },
    /// An include directive with no path after its name.
    NoPath,
    /// Includes nested deeper than mdBook follows them.
    TooDeep,
    /// The folder holds no markdown file at all.
    NoMarkdown,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if self.line > 0 {
            write!(f, ":{}", self.line)?;
        }
        if !self.directive.is_empty() {
            write!(f, ": `{}`", self.directive)?;
        }
        write!(f, ": {}", self.kind)
    }
}

impl fmt::Display for ProblemKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::MissingFile { target } => write!(f, "file not found: {}", target.display()),
            Self::Unreadable { target, error } => {
                write!(f, "cannot read {}: {error}", target.display())
            }
            Self::MissingAnchor {
                target,
                anchor,
                known,
            } => {
                write!(f, "no anchor `{anchor}` in {}", target.display())?;
                if known.is_empty() {
                    write!(f, " (the file has no anchors)")
                } else {
                    write!(f, " (anchors there: {})", known.join(", "))
                }
            }
            Self::UnclosedAnchor { target, anchor } => write!(
                f,
                "anchor `{anchor}` in {} has no `ANCHOR_END: {anchor}` line, \
                 so mdBook would take the rest of the file",
                target.display()
            ),
            Self::Empty { target } => write!(
                f,
                "the part taken from {} is empty or whitespace only",
                target.display()
            ),
            Self::UnknownDirective { name } => write!(
                f,
                "unknown directive `{name}`, which mdBook would leave on the page as text"
            ),
            Self::NoPath => write!(f, "the directive names no file"),
            Self::TooDeep => write!(
                f,
                "includes nested more than {MAX_NESTING} deep, which suggests a cycle"
            ),
            Self::NoMarkdown => write!(f, "no markdown files found"),
        }
    }
}

// ---------------------------------------------------------------------------
// Walking the chapters
// ---------------------------------------------------------------------------

/// Checks every `.md` file under `dir`, at any depth, and returns the
/// problems found, in file order; an empty list means every include is sound.
pub fn check_chapters(dir: &Path) -> Vec<Problem> {
    match markdown_files(dir) {
        Err(error) => vec![Problem::about(dir, unreadable(dir, &error))],
        Ok(files) if files.is_empty() => vec![Problem::about(dir, ProblemKind::NoMarkdown)],
        Ok(files) => files.iter().flat_map(|file| check_file(file)).collect(),
    }
}

/// Checks the includes of one markdown file.
pub fn check_file(file: &Path) -> Vec<Problem> {
    match fs::read_to_string(file) {
        Err(error) => vec![Problem::about(file, unreadable(file, &error))],
        Ok(text) => {
            let mut problems = Vec::new();
            expand(&text, file, &mut problems);
            problems
        }
    }
}

/// Lists the `.md` files under `dir`, at any depth, sorted by path.
pub fn markdown_files(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    collect_markdown(dir, &mut files)?;
    files.sort();
    Ok(files)
}

fn collect_markdown(dir: &Path, files: &mut Vec<PathBuf>) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            collect_markdown(&path, files)?;
        } else if path.extension().is_some_and(|ext| ext == "md") {
            files.push(path);
        }
    }
    Ok(())
}

impl Problem {
    fn about(file: &Path, kind: ProblemKind) -> Self {
        Problem {
            file: file.to_path_buf(),
            line: 0,
            directive: String::new(),
            kind,
        }
    }
}

fn unreadable(target: &Path, error: &io::Error) -> ProblemKind {
    if error.kind() == io::ErrorKind::NotFound {
        ProblemKind::MissingFile {
            target: target.to_path_buf(),
        }
    } else {
        ProblemKind::Unreadable {
            target: target.to_path_buf(),
            error: error.to_string(),
        }
    }
}

// ---------------------------------------------------------------------------
// Expanding
// ---------------------------------------------------------------------------

/// Expands the directives in `text`, the contents of the file `source`, as
/// mdBook would, and pushes what went wrong to `problems`.
///
/// A directive that fails is left in the text as written, as mdBook leaves
/// it; a failing anchor expands to nothing, as in mdBook.
pub fn expand(text: &str, source: &Path, problems: &mut Vec<Problem>) -> String {
    expand_nested(text, source, 0, problems)
}

fn expand_nested(text: &str, source: &Path, depth: usize, problems: &mut Vec<Problem>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut done = 0;
    for token in tokens(text) {
        out.push_str(&text[done..token.span.start]);
        let site = Site {
            source,
            line: line_of(text, token.span.start),
            written: &text[token.span.clone()],
        };
        out.push_str(&expand_token(token.kind, &site, depth, problems));
        done = token.span.end;
    }
    out.push_str(&text[done..]);
    out
}

/// Where a directive stands: its file, its line and its text as written.
struct Site<'a> {
    source: &'a Path,
    line: usize,
    written: &'a str,
}

impl Site<'_> {
    fn problem(&self, kind: ProblemKind) -> Problem {
        Problem {
            file: self.source.to_path_buf(),
            line: self.line,
            directive: self.written.to_string(),
            kind,
        }
    }
}

fn expand_token(kind: TokenKind, site: &Site, depth: usize, problems: &mut Vec<Problem>) -> String {
    let problem = match kind {
        TokenKind::Escaped => return site.written[1..].to_string(),
        TokenKind::Title => return String::new(),
        TokenKind::Directive(directive) => {
            return expand_directive(&directive, site, depth, problems)
        }
        TokenKind::Unknown(name) => ProblemKind::UnknownDirective { name },
        TokenKind::NoPath => ProblemKind::NoPath,
    };
    problems.push(site.problem(problem));
    site.written.to_string()
}

fn expand_directive(
    directive: &Directive,
    site: &Site,
    depth: usize,
    problems: &mut Vec<Problem>,
) -> String {
    let base = site.source.parent().unwrap_or(Path::new(""));
    let target = base.join(&directive.path);
    let taken = match take(directive, &target) {
        Ok(taken) => taken,
        Err(kind) => {
            problems.push(site.problem(kind));
            return site.written.to_string();
        }
    };
    if let Some(kind) = taken.problem {
        problems.push(site.problem(kind));
    } else if taken.text.trim().is_empty() {
        problems.push(site.problem(ProblemKind::Empty {
            target: target.clone(),
        }));
    }
    if depth >= MAX_NESTING {
        problems.push(site.problem(ProblemKind::TooDeep));
        return String::new();
    }
    expand_nested(&taken.text, &target, depth + 1, problems)
}

/// The text a directive takes, and a problem that still lets it expand.
struct Taken {
    text: String,
    problem: Option<ProblemKind>,
}

fn take(directive: &Directive, target: &Path) -> Result<Taken, ProblemKind> {
    let file = fs::read_to_string(target).map_err(|error| unreadable(target, &error))?;
    let selection = match directive.kind {
        DirectiveKind::Playground => &Selection::Lines {
            start: None,
            end: None,
        },
        DirectiveKind::Include | DirectiveKind::RustdocInclude => &directive.selection,
    };
    let taken = match selection {
        Selection::Lines { start, end } => Taken {
            text: take_lines(&file, *start, *end),
            problem: None,
        },
        Selection::Anchor(anchor) => match take_anchored_lines(&file, anchor) {
            AnchorLookup::Found(text) => Taken {
                text,
                problem: None,
            },
            AnchorLookup::Unclosed(text) => Taken {
                text,
                problem: Some(ProblemKind::UnclosedAnchor {
                    target: target.to_path_buf(),
                    anchor: anchor.clone(),
                }),
            },
            AnchorLookup::NotFound => Taken {
                text: String::new(),
                problem: Some(ProblemKind::MissingAnchor {
                    target: target.to_path_buf(),
                    anchor: anchor.clone(),
                    known: anchors_in(&file),
                }),
            },
        },
    };
    Ok(taken)
}

fn line_of(text: &str, offset: usize) -> usize {
    1 + text[..offset].matches('\n').count()
}

// ---------------------------------------------------------------------------
// Taking lines
// ---------------------------------------------------------------------------

/// Lines `start..end` of `text` (from 0, `end` excluded, `None` open),
/// joined by `\n` without a final newline, as mdBook takes them.
pub fn take_lines(text: &str, start: Option<usize>, end: Option<usize>) -> String {
    let start = start.unwrap_or(0);
    let lines = text.lines().skip(start);
    let kept: Vec<&str> = match end {
        Some(end) => lines.take(end.saturating_sub(start)).collect(),
        None => lines.collect(),
    };
    kept.join("\n")
}

/// What looking for an anchor found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnchorLookup {
    /// The anchored lines, markers removed.
    Found(String),
    /// The anchor opens but never closes: the rest of the file, as mdBook
    /// would take it.
    Unclosed(String),
    /// No line opens this anchor.
    NotFound,
}

/// The lines between the first `ANCHOR: anchor` line and the next
/// `ANCHOR_END: anchor` line, leaving out lines that hold other markers.
pub fn take_anchored_lines(text: &str, anchor: &str) -> AnchorLookup {
    let mut kept = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        if !inside {
            inside = marker(line, START) == Some(anchor);
            continue;
        }
        match marker(line, END) {
            Some(name) if name == anchor => return AnchorLookup::Found(kept.join("\n")),
            Some(_) => {}
            None if marker(line, START).is_some() => {}
            None => kept.push(line),
        }
    }
    if inside {
        AnchorLookup::Unclosed(kept.join("\n"))
    } else {
        AnchorLookup::NotFound
    }
}

/// The names of the anchors opened in `text`, each once, in file order.
pub fn anchors_in(text: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for name in text.lines().filter_map(|line| marker(line, START)) {
        if !names.iter().any(|known| known == name) {
            names.push(name.to_string());
        }
    }
    names
}

const START: &str = "ANCHOR:";
const END: &str = "ANCHOR_END:";

/// The anchor name after `tag` in `line`: optional whitespace, then word
/// characters and dashes (mdBook's `ANCHOR:\s*([\w_-]+)`).
fn marker<'a>(line: &'a str, tag: &str) -> Option<&'a str> {
    let mut from = 0;
    while let Some(found) = line[from..].find(tag) {
        let after = from + found + tag.len();
        let rest = line[after..].trim_start();
        let len = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
            .unwrap_or(rest.len());
        if len > 0 {
            return Some(&rest[..len]);
        }
        from = after;
    }
    None
}

// ---------------------------------------------------------------------------
// Finding directives
// ---------------------------------------------------------------------------

/// Every include directive in `text`, in order, skipping escaped ones.
pub fn find_directives(text: &str) -> Vec<Directive> {
    tokens(text)
        .into_iter()
        .filter_map(|token| match token.kind {
            TokenKind::Directive(directive) => Some(directive),
            _ => None,
        })
        .collect()
}

/// Reads the argument of an include directive, `path` or `path:selection`.
pub fn parse_target(argument: &str) -> (PathBuf, Selection) {
    match argument.split_once(':') {
        Some((path, selection)) => (PathBuf::from(path), parse_selection(selection)),
        None => (PathBuf::from(argument), parse_selection("")),
    }
}

/// Reads what follows the path's colon: an anchor name, `N`, `N:M`, `N:`,
/// `:M` or nothing. Like mdBook, it reads lines from 1 and treats an end it
/// cannot read as open.
fn parse_selection(text: &str) -> Selection {
    let mut parts = text.splitn(3, ':');
    let start = match parts.next().unwrap_or("") {
        "" => None,
        first => match first.parse::<usize>() {
            Ok(line) => Some(line.saturating_sub(1)),
            Err(_) => return Selection::Anchor(first.to_string()),
        },
    };
    let end = parts.next().map(str::parse::<usize>);
    let (start, end) = match (start, end) {
        (Some(start), Some(Ok(end))) => (Some(start), Some(end)),
        (Some(start), Some(Err(_))) => (Some(start), None),
        (Some(start), None) => (Some(start), Some(start + 1)),
        (None, Some(Ok(end))) => (None, Some(end)),
        (None, _) => (None, None),
    };
    Selection::Lines { start, end }
}

/// A `{{#...}}` found in the text.
struct Token {
    span: Range<usize>,
    kind: TokenKind,
}

enum TokenKind {
    /// `\{{#...}}`: shown as written, without the backslash.
    Escaped,
    /// `{{#title ...}}`: sets the page title, includes nothing.
    Title,
    /// An include of some kind.
    Directive(Directive),
    /// A name mdBook does not know; mdBook leaves the text alone.
    Unknown(String),
    /// An include with nothing after its name.
    NoPath,
}

/// Splits out every `{{#...}}`, with the matching rules of mdBook's pattern:
/// `\\\{\{#.*\}\}` (escaped, to the last `}}` of the line) or
/// `\{\{\s*#([a-zA-Z0-9_]+)\s+([^}]+)\}\}`.
fn tokens(text: &str) -> Vec<Token> {
    let mut found = Vec::new();
    let mut at = 0;
    while at < text.len() {
        let rest = &text[at..];
        let token = if rest.starts_with("\\{{#") {
            escaped_at(text, at)
        } else if rest.starts_with("{{") {
            directive_at(text, at)
        } else {
            None
        };
        match token {
            Some(token) => {
                at = token.span.end;
                found.push(token);
            }
            None => at += rest.chars().next().map_or(1, char::len_utf8),
        }
    }
    found
}

fn escaped_at(text: &str, at: usize) -> Option<Token> {
    let body_start = at + "\\{{#".len();
    let line_end = text[at..].find('\n').map_or(text.len(), |n| at + n);
    let close = text[body_start..line_end].rfind("}}")?;
    Some(Token {
        span: at..body_start + close + 2,
        kind: TokenKind::Escaped,
    })
}

fn directive_at(text: &str, at: usize) -> Option<Token> {
    let after_braces = at + 2;
    let hash =
        after_braces + (text[after_braces..].len() - text[after_braces..].trim_start().len());
    if !text[hash..].starts_with('#') {
        return None;
    }
    let name_start = hash + 1;
    let name_len = text[name_start..]
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(text.len() - name_start);
    if name_len == 0 {
        return None;
    }
    let name_end = name_start + name_len;
    let close = name_end + text[name_end..].find('}')?;
    let argument = &text[name_end..close];
    let separated = argument.chars().next().is_some_and(char::is_whitespace);
    if !separated || argument.chars().count() < 2 || !text[close..].starts_with("}}") {
        return None;
    }
    Some(Token {
        span: at..close + 2,
        kind: classify(&text[name_start..name_end], argument),
    })
}

fn classify(name: &str, argument: &str) -> TokenKind {
    let kind = match name {
        "title" => return TokenKind::Title,
        "include" => DirectiveKind::Include,
        "rustdoc_include" => DirectiveKind::RustdocInclude,
        "playground" | "playpen" => DirectiveKind::Playground,
        _ => return TokenKind::Unknown(name.to_string()),
    };
    let Some(first) = argument.split_whitespace().next() else {
        return TokenKind::NoPath;
    };
    let (path, selection) = parse_target(first);
    TokenKind::Directive(Directive {
        kind,
        path,
        selection,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scratch::Scratch;

    const SEARCH_RS: &str = "\
use common::Position;

// ANCHOR: negamax
fn negamax() -> i32 {
    // ANCHOR: inner
    let best = 0;
    // ANCHOR_END: inner
    best
}
// ANCHOR_END: negamax

// ANCHOR: blank

// ANCHOR_END: blank
";

    fn lines(start: Option<usize>, end: Option<usize>) -> Selection {
        Selection::Lines { start, end }
    }

    /// A chapter beside a `src/search.rs`, checked; returns the problems.
    fn check_chapter(scratch: &Scratch, chapter: &str) -> Vec<Problem> {
        scratch.write("src/search.rs", SEARCH_RS);
        let file = scratch.write("chapters/chapter.md", chapter);
        check_file(&file)
    }

    #[test]
    fn parses_every_selection_form() {
        let cases = [
            ("a.rs", lines(None, None)),
            ("a.rs:", lines(None, None)),
            ("a.rs:pick", Selection::Anchor("pick".into())),
            ("a.rs:3", lines(Some(2), Some(3))),
            ("a.rs:3:5", lines(Some(2), Some(5))),
            ("a.rs:3:", lines(Some(2), None)),
            ("a.rs::5", lines(None, Some(5))),
            ("a.rs::", lines(None, None)),
            ("a.rs:0", lines(Some(0), Some(1))),
        ];
        for (argument, selection) in cases {
            assert_eq!(
                parse_target(argument),
                (PathBuf::from("a.rs"), selection),
                "{argument}"
            );
        }
    }

    #[test]
    fn finds_directives_like_mdbook() {
        let text = "a {{#include x.rs:pick}} b {{ #rustdoc_include  y.rs:2:3 }}\n\
                    {{#include}} {{#title T}} {{#playground z.rs editable}}\n\
                    \\{{#include escaped.rs}} runs to the last braces of the line {{#include w.rs}}";
        let found = find_directives(text);
        let paths: Vec<_> = found.iter().map(|d| d.path.to_str().unwrap()).collect();
        assert_eq!(paths, ["x.rs", "y.rs", "z.rs"]);
        assert_eq!(found[1].kind, DirectiveKind::RustdocInclude);
        assert_eq!(found[1].selection, lines(Some(1), Some(3)));
        assert_eq!(found[2].kind, DirectiveKind::Playground);
    }

    #[test]
    fn takes_lines_like_mdbook() {
        let text = "one\ntwo\nthree\nfour\n";
        assert_eq!(take_lines(text, Some(1), Some(3)), "two\nthree");
        assert_eq!(take_lines(text, Some(2), None), "three\nfour");
        assert_eq!(take_lines(text, None, Some(1)), "one");
        assert_eq!(take_lines(text, None, None), "one\ntwo\nthree\nfour");
        assert_eq!(take_lines(text, Some(3), Some(2)), "");
        assert_eq!(take_lines(text, Some(9), None), "");
    }

    #[test]
    fn anchors_drop_inner_markers() {
        assert_eq!(
            take_anchored_lines(SEARCH_RS, "negamax"),
            AnchorLookup::Found(
                "fn negamax() -> i32 {\n    let best = 0;\n    best\n}".to_string()
            )
        );
        assert_eq!(
            take_anchored_lines(SEARCH_RS, "inner"),
            AnchorLookup::Found("    let best = 0;".to_string())
        );
        assert_eq!(
            take_anchored_lines(SEARCH_RS, "pick"),
            AnchorLookup::NotFound
        );
        assert_eq!(
            take_anchored_lines("x\n// ANCHOR: open\ny\nz", "open"),
            AnchorLookup::Unclosed("y\nz".to_string())
        );
        assert_eq!(anchors_in(SEARCH_RS), ["negamax", "inner", "blank"]);
    }

    #[test]
    fn expands_a_sound_chapter() {
        let scratch = Scratch::new("includes-sound");
        scratch.write("src/search.rs", SEARCH_RS);
        let text = "# NegaMax\n```rust\n{{#include ../src/search.rs:inner}}\n```\n\
                    Line one: {{#include ../src/search.rs:1}}\n\
                    Write \\{{#include file.rs:name}} to include.\n";
        let chapter = scratch.write("chapters/chapter.md", text);
        let mut problems = Vec::new();
        let out = expand(text, &chapter, &mut problems);
        assert_eq!(problems, []);
        assert_eq!(
            out,
            "# NegaMax\n```rust\n    let best = 0;\n```\n\
             Line one: use common::Position;\n\
             Write {{#include file.rs:name}} to include.\n"
        );
    }

    #[test]
    fn catches_a_missing_file() {
        let scratch = Scratch::new("includes-missing-file");
        let problems = check_chapter(&scratch, "# A\n\n{{#include ../src/serch.rs:negamax}}\n");
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(problems[0].line, 3);
        assert_eq!(
            problems[0].directive,
            "{{#include ../src/serch.rs:negamax}}"
        );
        assert!(matches!(problems[0].kind, ProblemKind::MissingFile { .. }));
        assert!(problems[0].to_string().contains("file not found"));
    }

    #[test]
    fn catches_a_misspelt_anchor() {
        let scratch = Scratch::new("includes-misspelt-anchor");
        let problems = check_chapter(&scratch, "{{#rustdoc_include ../src/search.rs:negamx}}\n");
        assert_eq!(problems.len(), 1, "{problems:?}");
        let ProblemKind::MissingAnchor { anchor, known, .. } = &problems[0].kind else {
            panic!("expected a missing anchor, got {:?}", problems[0].kind);
        };
        assert_eq!(anchor, "negamx");
        assert_eq!(known, &["negamax", "inner", "blank"]);
        assert!(problems[0].to_string().contains("anchors there: negamax"));
    }

    #[test]
    fn catches_an_empty_range() {
        let scratch = Scratch::new("includes-empty-range");
        let chapter = "{{#include ../src/search.rs:40:50}}\n\
                       {{#include ../src/search.rs:2}}\n\
                       {{#include ../src/search.rs:blank}}\n\
                       {{#include ../src/search.rs:3:4}}\n";
        let problems = check_chapter(&scratch, chapter);
        let lines: Vec<usize> = problems.iter().map(|p| p.line).collect();
        assert_eq!(lines, [1, 2, 3], "{problems:?}");
        assert!(problems
            .iter()
            .all(|p| matches!(p.kind, ProblemKind::Empty { .. })));
    }

    #[test]
    fn catches_what_mdbook_leaves_silently() {
        let scratch = Scratch::new("includes-silent");
        let chapter = "{{#inclde ../src/search.rs}}\n\
                       {{#include ../src/open.rs:open}}\n";
        scratch.write("src/open.rs", "// ANCHOR: open\nfn open() {}\n");
        let problems = check_chapter(&scratch, chapter);
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(matches!(
            problems[0].kind,
            ProblemKind::UnknownDirective { .. }
        ));
        assert!(matches!(
            problems[1].kind,
            ProblemKind::UnclosedAnchor { .. }
        ));
    }

    #[test]
    fn follows_nested_includes() {
        let scratch = Scratch::new("includes-nested");
        scratch.write("parts/outer.md", "{{#include inner.md}}\n");
        scratch.write("parts/inner.md", "{{#include missing.rs}}\n");
        let problems = check_chapter(&scratch, "{{#include ../parts/outer.md}}\n");
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].file.ends_with("parts/inner.md"));
    }

    #[test]
    fn catches_a_cycle() {
        let scratch = Scratch::new("includes-cycle");
        let problems = check_chapter(&scratch, "{{#include chapter.md}}\n");
        assert!(problems
            .iter()
            .any(|p| matches!(p.kind, ProblemKind::TooDeep)));
    }

    #[test]
    fn reports_a_missing_or_empty_folder() {
        let scratch = Scratch::new("includes-folders");
        let problems = check_chapters(&scratch.path("nowhere"));
        assert!(matches!(
            problems[..],
            [Problem {
                kind: ProblemKind::MissingFile { .. },
                ..
            }]
        ));
        scratch.write("empty/notes.txt", "not markdown");
        let problems = check_chapters(&scratch.path("empty"));
        assert!(matches!(
            problems[..],
            [Problem {
                kind: ProblemKind::NoMarkdown,
                ..
            }]
        ));
    }

    #[test]
    fn walks_subfolders() {
        let scratch = Scratch::new("includes-walk");
        scratch.write("chapters/a.md", "fine\n");
        scratch.write("chapters/deep/b.md", "{{#include nothing.rs}}\n");
        let problems = check_chapters(&scratch.path("chapters"));
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].file.ends_with("deep/b.md"));
    }
}
