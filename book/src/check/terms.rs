//! Every term before its use: the book read in order, as a learner reads
//! it.
//!
//! The glossary's checked tables ([`CHECKED_SECTIONS`]) name the terms:
//! each row's first cell, split at its commas into names (`SEE`,
//! `` `SwapOff` ``, `static exchange evaluation`). The step chapters' live
//! panels ("Your position") are uses too: a panel offers its engine's
//! switches by their UCI names (`MvvLva`, `Killers`), so the panel counts
//! as a use of each of them where it stands.
//!
//! A term is *defined* where it names a heading or is set in bold. It is
//! *used* anywhere else in the prose, tables and inline code included,
//! fenced code blocks and HTML comments left out. [`check_order`] reads
//! the pages in `SUMMARY.md`'s order, with their includes expanded, and
//! reports each use that comes before the term's definition, on the same
//! page or an earlier one. A use inside a link is fine when the link leads
//! to the glossary or to a page that defines the term: the reader is one
//! click from the definition, and the rest of that page may use the term.
//!
//! A name with a capital letter in it (`SEE`, `NegaMax`) matches only as
//! written; the others in any case. A name matches as a whole word, plurals
//! (`-s`, `-es`) included. A name the glossary writes as code (`` `MvvLva` ``,
//! `` `winLimit` ``) is an identifier and matches only as code, so that the
//! switch `History` is not the word "History" of a title.

use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};

use crate::check::includes::expand;
use crate::check::summary::{summary_links, SUMMARY};

/// The glossary page, read for its terms and never checked itself.
pub const GLOSSARY: &str = "glossary.md";

/// The glossary's sections whose first column names checked terms. The
/// Italian and Russian sections translate words of the sources' logs and
/// texts; they are not checked.
pub const CHECKED_SECTIONS: [&str; 2] = ["Technical terms", "Switches and names from the sources"];

/// One term: the names the book writes it by.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Term {
    /// The names, as the glossary's first cell gives them, marks removed.
    /// A name the glossary writes as code (`` `winLimit` ``) is an
    /// identifier, kept with its backticks: it matches only as code.
    pub names: Vec<String>,
}

/// Where a term is defined or used: a page of the summary and a line of
/// its expanded markdown.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Place {
    /// The page's index in reading order.
    pub order: usize,
    /// The line in the expanded page, from 1.
    pub line: usize,
    /// The position of the span within the line, for two on one line.
    pub column: usize,
}

/// A term met before its definition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The page, as the summary links it.
    pub page: String,
    /// The line in the expanded page, from 1.
    pub line: usize,
    /// The name as matched.
    pub name: String,
    /// Where the term is first defined, if anywhere: the page and line.
    pub defined: Option<(String, usize)>,
    /// The heading the use stands under.
    pub section: String,
    /// The line's text, trimmed, for context.
    pub context: String,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let defined = match &self.defined {
            Some((page, line)) => format!("defined at {page}:{line}"),
            None => "defined nowhere".to_string(),
        };
        write!(
            f,
            "{} (expanded line {}, under \"{}\"): `{}` used before its definition ({defined}): {}",
            self.page, self.line, self.section, self.name, self.context
        )
    }
}

/// The terms of the glossary's checked sections.
pub fn glossary_terms(glossary: &str) -> Vec<Term> {
    let mut terms = Vec::new();
    let mut checked = false;
    for line in glossary.lines() {
        if let Some(heading) = line.strip_prefix("## ") {
            checked = CHECKED_SECTIONS.contains(&heading.trim());
            continue;
        }
        let Some(row) = line.trim().strip_prefix('|') else {
            continue;
        };
        let first = row.split('|').next().unwrap_or("").trim();
        if !checked || first.is_empty() || first == "term" || first.starts_with("---") {
            continue;
        }
        let names: Vec<String> = first
            .split(", ")
            .map(|name| name.replace('*', "").trim().to_string())
            .filter(|name| !name.is_empty())
            .collect();
        terms.push(Term { names });
    }
    terms
}

/// How a span of the page speaks of what it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SpanKind {
    /// Running text, a table cell, inline code: a use.
    Plain,
    /// A heading or bold text: a definition.
    Defining,
    /// Italic text: a definition of a term it names exactly (`*ply*`),
    /// else a use.
    Italic,
    /// A link's text, with the link's target.
    Link(String),
}

/// A piece of a page's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Span {
    /// The line, from 1.
    pub line: usize,
    /// The position within the line.
    pub column: usize,
    /// The text.
    pub text: String,
    /// How it speaks.
    pub kind: SpanKind,
    /// The heading it stands under, for the reader of a finding.
    pub section: String,
}

/// The switches a live panel of the step `version` offers, by their UCI
/// names; none for a version the book does not know.
pub fn panel_switches(version: &str) -> Vec<&'static str> {
    use lamosca_search::Engine;
    fn names<E: Engine>() -> Vec<&'static str> {
        E::OPTIONS.iter().map(|option| option.name).collect()
    }
    match version {
        "v07" => names::<lamosca_v07::NegaMax>(),
        "v09" => names::<lamosca_v09::AlphaBeta>(),
        "v10" => names::<lamosca_v10_quiescence::QuiescenceSearch>(),
        "v11" => names::<lamosca_v11_lazy::LazySearch>(),
        _ => Vec::new(),
    }
}

/// The spans of a page's expanded markdown, in reading order.
pub fn spans(markdown: &str) -> Vec<Span> {
    let mut spans = Vec::new();
    let mut fence: Option<String> = None;
    let mut comment = false;
    for (index, line) in markdown.lines().enumerate() {
        let number = index + 1;
        let trimmed = line.trim_start();
        if let Some(open) = &fence {
            if trimmed.starts_with(open.as_str()) {
                fence = None;
            }
            continue;
        }
        if comment || trimmed.starts_with("<!--") {
            comment = !line.contains("-->");
            continue;
        }
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            fence = Some(
                trimmed
                    .chars()
                    .take_while(|&c| c == '`' || c == '~')
                    .collect(),
            );
            continue;
        }
        if trimmed.starts_with('<') {
            spans.extend(panel_span(trimmed, number));
            continue;
        }
        if trimmed.starts_with('#') {
            spans.push(span(number, 0, trimmed, SpanKind::Defining));
            continue;
        }
        spans.extend(inline_spans(line, number));
    }
    let mut section = String::new();
    for span in &mut spans {
        if span.column == 0 && span.kind == SpanKind::Defining && span.text.starts_with('#') {
            section = span.text.trim_start_matches('#').trim().to_string();
        }
        span.section.clone_from(&section);
    }
    spans
}

fn span(line: usize, column: usize, text: &str, kind: SpanKind) -> Span {
    Span {
        line,
        column,
        text: text.to_string(),
        kind,
        section: String::new(),
    }
}

/// A live panel's `<div class="lamosca-lab" data-version="v09">`: a use of
/// its switches.
fn panel_span(html: &str, line: usize) -> Option<Span> {
    if !html.contains("class=\"lamosca-lab\"") {
        return None;
    }
    let version = html.split("data-version=\"").nth(1)?.split('"').next()?;
    let names: Vec<String> = panel_switches(version)
        .iter()
        .map(|name| format!("`{name}`"))
        .collect();
    let names = names.join(" ");
    Some(span(line, 0, &names, SpanKind::Plain))
}

/// A line cut into plain text, bold and italic text and links' texts.
/// Code spans are read as plain text, whatever marks they hold; images'
/// alt texts and every link's target are left out.
fn inline_spans(line: &str, number: usize) -> Vec<Span> {
    let mut spans = Vec::new();
    let bytes = line.as_bytes();
    let (mut start, mut at) = (0, 0);
    while at < bytes.len() {
        if bytes[at] == b'`' {
            at = past_code_span(line, at);
            continue;
        }
        let marked = match bytes[at] {
            b'*' => take_emphasis(&line[at..]),
            b'[' => take_link(&line[at..]),
            _ => None,
        };
        let Some((inner, kind, length)) = marked else {
            at += 1;
            continue;
        };
        spans.push(span(number, start, &line[start..at], SpanKind::Plain));
        let image = bytes[at] == b'[' && line[..at].ends_with('!');
        if !image {
            let offset = inner.as_ptr() as usize - line.as_ptr() as usize;
            spans.push(span(number, offset, inner, kind));
        }
        at += length;
        start = at;
    }
    spans.push(span(number, start, &line[start..], SpanKind::Plain));
    spans.retain(|span| !span.text.is_empty());
    spans
}

/// Where the code span opening at `at` ends (just past its closing
/// backticks); a lone run of backticks is passed over.
fn past_code_span(line: &str, at: usize) -> usize {
    let ticks = line[at..].chars().take_while(|&c| c == '`').count();
    let fence = &line[at..at + ticks];
    match line[at + ticks..].find(fence) {
        Some(close) => at + ticks + close + ticks,
        None => at + ticks,
    }
}

/// `**bold**` or `*italic*` at the start of `text`: the inner text, its
/// kind and the length taken.
fn take_emphasis(text: &str) -> Option<(&str, SpanKind, usize)> {
    if let Some(rest) = text.strip_prefix("**") {
        let close = rest.find("**")?;
        return Some((&rest[..close], SpanKind::Defining, close + 4));
    }
    let rest = &text[1..];
    if rest.starts_with([' ', '*']) {
        return None;
    }
    let close = rest.find('*')?;
    (close > 0).then(|| (&rest[..close], SpanKind::Italic, close + 2))
}

/// `[text](target)` at the start of `text` (the text may hold one level of
/// brackets): the text, the target and the length taken.
fn take_link(text: &str) -> Option<(&str, SpanKind, usize)> {
    let mut depth = 0;
    let close = text.char_indices().find_map(|(i, c)| {
        match c {
            '[' => depth += 1,
            ']' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
        None
    })?;
    let after = &text[close + 1..];
    let target_end = after.strip_prefix('(')?.find(')')?;
    let target = &after[1..1 + target_end];
    let kind = SpanKind::Link(target.trim().to_string());
    Some((&text[1..close], kind, close + 1 + target_end + 2))
}

/// Where `name` stands in `text` as a whole word (plurals included): the
/// byte offsets of each match.
pub fn occurrences(text: &str, name: &str) -> Vec<usize> {
    if let Some(bare) = name.strip_prefix('`').and_then(|n| n.strip_suffix('`')) {
        let code = code_spans(text);
        let mut found = occurrences_in(text, bare);
        found.retain(|at| code.iter().any(|range| range.contains(at)));
        return found;
    }
    let exact = name.chars().any(char::is_uppercase);
    let (haystack, needle) = if exact {
        (text.to_string(), name.to_string())
    } else {
        (text.to_lowercase(), name.to_lowercase())
    };
    if haystack.len() != text.len() {
        // Lowercasing changed the length (a rare letter): match as written.
        return occurrences_in(text, name);
    }
    occurrences_in(&haystack, &needle)
}

/// The byte ranges of a text's code spans, backticks excluded.
fn code_spans(text: &str) -> Vec<std::ops::Range<usize>> {
    let mut ranges = Vec::new();
    let mut at = 0;
    while let Some(open) = text[at..].find('`').map(|i| at + i) {
        let end = past_code_span(text, open);
        let ticks = text[open..].chars().take_while(|&c| c == '`').count();
        if end > open + ticks {
            ranges.push(open + ticks..end - ticks);
        }
        at = end;
    }
    ranges
}

fn occurrences_in(haystack: &str, needle: &str) -> Vec<usize> {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let mut found = Vec::new();
    for (at, _) in haystack.match_indices(needle) {
        let before = haystack[..at].chars().next_back();
        let after = &haystack[at + needle.len()..];
        let after = after
            .strip_prefix("es")
            .or_else(|| after.strip_prefix('s'))
            .filter(|rest| !rest.starts_with(word))
            .unwrap_or(after);
        if !before.is_some_and(word) && !after.starts_with(word) {
            found.push(at);
        }
    }
    found
}

/// One page of the book in reading order: its summary link and spans.
#[derive(Debug, Clone)]
pub struct Page {
    /// The link as the summary writes it (`v09-alphabeta.md`).
    pub link: String,
    /// Its spans, includes expanded.
    pub spans: Vec<Span>,
}

/// The pages of the book under `chapters`, in the summary's order, with
/// their includes expanded; the glossary left out.
pub fn reading_order(chapters: &Path) -> Result<Vec<Page>, String> {
    let summary = read(&chapters.join(SUMMARY))?;
    let mut pages = Vec::new();
    for link in summary_links(&summary) {
        if link == GLOSSARY {
            continue;
        }
        let path: PathBuf = chapters.join(&link);
        let text = read(&path)?;
        let markdown = expand(&text, &path, &mut Vec::new());
        pages.push(Page {
            link,
            spans: spans(&markdown),
        });
    }
    Ok(pages)
}

fn read(path: &Path) -> Result<String, String> {
    fs::read_to_string(path).map_err(|error| format!("{}: {error}", path.display()))
}

/// The book's findings: each term's uses before its definition, the first
/// on each page only.
pub fn check_book(chapters: &Path) -> Result<Vec<Finding>, String> {
    let terms = glossary_terms(&read(&chapters.join(GLOSSARY))?);
    Ok(check_order(&reading_order(chapters)?, &terms))
}

/// The uses of `terms` in `pages` that come before their definitions.
pub fn check_order(pages: &[Page], terms: &[Term]) -> Vec<Finding> {
    let mut findings: Vec<Finding> = terms
        .iter()
        .flat_map(|term| check_term(pages, term))
        .collect();
    findings.sort_by(|a, b| {
        (order_of(pages, &a.page), a.line).cmp(&(order_of(pages, &b.page), b.line))
    });
    findings
}

/// The first use of `term` on each page that comes before its definition
/// and before any link to it on that page: once a page has linked the term
/// to its definition, the page may use it.
fn check_term(pages: &[Page], term: &Term) -> Vec<Finding> {
    let definitions = definitions(pages, term);
    let first = definitions.first();
    let mut findings = Vec::new();
    for (order, page) in pages.iter().enumerate() {
        let mut introduced = false;
        'page: for span in &page.spans {
            for name in &term.names {
                for at in occurrences(&span.text, name) {
                    let place = Place {
                        order,
                        line: span.line,
                        column: span.column + at,
                    };
                    let fine = match &span.kind {
                        SpanKind::Defining => true,
                        SpanKind::Italic if names_exactly(&span.text, name) => true,
                        SpanKind::Link(target) => {
                            introduced |= leads_to_definition(target, page, pages, &definitions);
                            introduced
                        }
                        SpanKind::Plain | SpanKind::Italic => {
                            introduced || first.is_some_and(|d| *d <= place)
                        }
                    };
                    if !fine {
                        findings.push(finding(pages, &place, name, first));
                        break 'page;
                    }
                }
            }
        }
    }
    findings
}

fn order_of(pages: &[Page], link: &str) -> usize {
    pages
        .iter()
        .position(|page| page.link == link)
        .unwrap_or(usize::MAX)
}

/// Whether an italic text is exactly the name (or its plural): `*ply*`.
fn names_exactly(text: &str, name: &str) -> bool {
    occurrences(text, name) == [0] && text.len() <= name.len() + 2
}

/// Every place that defines `term`, in reading order.
fn definitions(pages: &[Page], term: &Term) -> Vec<Place> {
    let mut places = Vec::new();
    for (order, page) in pages.iter().enumerate() {
        for span in &page.spans {
            for name in &term.names {
                let defines = match span.kind {
                    SpanKind::Defining => true,
                    SpanKind::Italic => names_exactly(&span.text, name),
                    _ => false,
                };
                if !defines {
                    continue;
                }
                for at in occurrences(&span.text, name) {
                    places.push(Place {
                        order,
                        line: span.line,
                        column: span.column + at,
                    });
                }
            }
        }
    }
    places.sort();
    places
}

/// Whether a link's target is the glossary or a page that defines the term.
fn leads_to_definition(target: &str, page: &Page, pages: &[Page], definitions: &[Place]) -> bool {
    let file = target.split('#').next().unwrap_or("");
    let file = if file.is_empty() {
        page.link.as_str()
    } else {
        file
    };
    let file = file.trim_start_matches("./");
    if file == GLOSSARY {
        return true;
    }
    definitions
        .iter()
        .any(|place| pages[place.order].link == file)
}

fn finding(pages: &[Page], place: &Place, name: &str, first: Option<&Place>) -> Finding {
    let page = &pages[place.order];
    let on_line: Vec<&Span> = page.spans.iter().filter(|s| s.line == place.line).collect();
    let context = on_line
        .iter()
        .map(|span| span.text.as_str())
        .collect::<String>();
    let section = on_line
        .first()
        .map(|span| span.section.clone())
        .unwrap_or_default();
    Finding {
        page: page.link.clone(),
        line: place.line,
        name: name.to_string(),
        defined: first.map(|d| (pages[d.order].link.clone(), d.line)),
        section,
        context: context.trim().chars().take(100).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(link: &str, markdown: &str) -> Page {
        Page {
            link: link.to_string(),
            spans: spans(markdown),
        }
    }

    fn term(names: &[&str]) -> Term {
        Term {
            names: names.iter().map(|name| name.to_string()).collect(),
        }
    }

    fn names(findings: &[Finding]) -> Vec<(String, String)> {
        findings
            .iter()
            .map(|f| (f.page.clone(), f.name.clone()))
            .collect()
    }

    #[test]
    fn the_glossary_gives_its_checked_sections_terms() {
        let glossary = "## Italian\n\n| term | meaning |\n|---|---|\n| *livello* | level |\n\n\
            ## Technical terms\n\n| term | meaning |\n|---|---|\n| SEE, `SwapOff` | x |\n\
            | fail high, beta cut-off | y |\n";
        let terms = glossary_terms(glossary);
        assert_eq!(
            terms,
            [
                term(&["SEE", "`SwapOff`"]),
                term(&["fail high", "beta cut-off"])
            ]
        );
    }

    #[test]
    fn a_panel_before_the_switches_it_offers_is_found() {
        // v0.09's "Your position" stood under the first stepper, before
        // the switches were explained.
        let chapter = page(
            "v09.md",
            "# v0.09\n\n<div class=\"lamosca-lab\" data-version=\"v09\"></div>\n\n\
             ## The switches\n\n- **`MvvLva`**: captures by victim.\n",
        );
        let findings = check_order(&[chapter], &[term(&["`MvvLva`"])]);
        assert_eq!(names(&findings), [("v09.md".into(), "`MvvLva`".into())]);
        assert_eq!(findings[0].section, "v0.09");
        let after = page(
            "v09.md",
            "# v0.09\n\n## The switches\n\n- **`MvvLva`**: captures by victim.\n\n\
             <div class=\"lamosca-lab\" data-version=\"v09\"></div>\n",
        );
        assert!(check_order(&[after], &[term(&["`MvvLva`"])]).is_empty());
    }

    #[test]
    fn an_identifier_used_before_its_section_is_found_unless_linked() {
        let early = "Each capture skipped shows as `move<=winLimit` here.\n\n\
                     ## The post\n\nIts **`winLimit`** is the most a capture brings.\n";
        let findings = check_order(&[page("v10.md", early)], &[term(&["`winLimit`"])]);
        assert_eq!(findings.len(), 1);
        let linked = "Shows as [`winLimit`](#the-post), then `winLimit` again.\n\n\
                      ## The post\n\nIts **`winLimit`** is the most a capture brings.\n";
        assert!(check_order(&[page("v10.md", linked)], &[term(&["`winLimit`"])]).is_empty());
    }

    #[test]
    fn a_term_defined_on_an_earlier_page_may_be_used_and_a_later_one_may_not() {
        let primer = page(
            "primer.md",
            "## Ply, level and depth\n\nA *ply* is one move.\n",
        );
        let chapter = page("v07.md", "Each ply adds a level of the tree.\n");
        let terms = [term(&["ply"]), term(&["level"])];
        let findings = check_order(&[primer.clone(), chapter.clone()], &terms);
        assert!(findings.is_empty(), "{findings:?}");
        let findings = check_order(&[chapter, primer], &terms);
        assert_eq!(
            names(&findings),
            [
                ("v07.md".into(), "ply".into()),
                ("v07.md".into(), "level".into())
            ]
        );
    }

    #[test]
    fn code_blocks_comments_and_titles_do_not_count() {
        let text = "```text\nMosse livello 2: e2e4=0\n```\n<!-- winLimit -->\n\
                    *Ordinamento con History Heuristic*\n";
        let terms = [
            term(&["level"]),
            term(&["`History`"]),
            term(&["`winLimit`"]),
        ];
        assert!(check_order(&[page("v09.md", text)], &terms).is_empty());
    }

    #[test]
    fn words_match_whole_with_plurals_and_capitals_as_written() {
        assert_eq!(
            occurrences("the plies and a reply", "ply"),
            Vec::<usize>::new()
        );
        assert_eq!(occurrences("two cut-offs", "cut-off"), [4]);
        assert_eq!(occurrences("I see SEE", "SEE"), [6]);
        assert_eq!(occurrences("Ordering and `Ordering`", "`Ordering`"), [14]);
        assert_eq!(occurrences("`move<=winLimit`", "`winLimit`"), [7]);
    }
}
