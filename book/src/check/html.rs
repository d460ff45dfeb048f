//! Checking the built site: every internal link and picture resolves.
//!
//! [`crate::check::links`] checks the chapters before mdBook reads them; this
//! module checks what mdBook wrote. It walks the built site (`book/html`
//! after `mdbook build book`), reads every page, and follows each `href`
//! and `src` that stays inside the site: the file must exist (a folder
//! stands for its `index.html`), and a `#fragment` must name an `id` (or an
//! old-style `name`) on the target page. Web addresses, `mailto:` and the
//! like are left alone.
//!
//! The pages are scanned for tags, not parsed by a full HTML parser: text
//! inside tags is what matters, and mdBook escapes every `<` of a page's
//! text and code, so a tag is always a tag. The contents of `<script>` and
//! `<style>` elements and comments are skipped, since a script may build a
//! link as a string.
//!
//! `cargo run -p book -- check-html [DIR]` runs the check and fails,
//! listing every broken target, when one is found.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};

/// A link or picture of the built site that leads nowhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BrokenTarget {
    /// The page that holds it, relative to the site's folder.
    pub page: PathBuf,
    /// The attribute, `href` or `src`.
    pub attribute: &'static str,
    /// The target as written.
    pub target: String,
    /// What is wrong with it.
    pub problem: Problem,
}

/// The ways a target can be broken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// No file at the path, relative to the site's folder.
    NoFile(PathBuf),
    /// The file exists, but no element of it has this id.
    NoAnchor(PathBuf, String),
    /// The path climbs out of the site's folder.
    OutsideSite,
}

impl fmt::Display for BrokenTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {}=\"{}\": ",
            self.page.display(),
            self.attribute,
            self.target
        )?;
        match &self.problem {
            Problem::NoFile(path) => write!(f, "no file {}", path.display()),
            Problem::NoAnchor(path, id) => {
                write!(f, "{} has no element with id `{id}`", path.display())
            }
            Problem::OutsideSite => write!(f, "the path leaves the site"),
        }
    }
}

/// One attribute found in a page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reference {
    /// `href` or `src`.
    pub attribute: &'static str,
    /// The value, with character references decoded.
    pub target: String,
}

/// What the check needs of one page: its references and its ids.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Page {
    /// Every `href` and `src`, in order.
    pub references: Vec<Reference>,
    /// Every `id` and `name`.
    pub ids: BTreeSet<String>,
}

/// Reads the tags of an HTML page.
pub fn scan(html: &str) -> Page {
    let mut page = Page::default();
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        rest = &rest[open..];
        if let Some(after) = rest.strip_prefix("<!--") {
            rest = after.find("-->").map_or("", |end| &after[end + 3..]);
            continue;
        }
        let Some(end) = tag_end(rest) else { break };
        let tag = &rest[1..end];
        rest = &rest[end + 1..];
        let name: String = tag
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        if name.is_empty() {
            continue;
        }
        for (attribute, value) in attributes(&tag[name.len()..]) {
            match attribute.as_str() {
                "href" => page.references.push(Reference {
                    attribute: "href",
                    target: value,
                }),
                "src" => page.references.push(Reference {
                    attribute: "src",
                    target: value,
                }),
                "id" => {
                    page.ids.insert(value);
                }
                "name" if name == "a" => {
                    page.ids.insert(value);
                }
                _ => {}
            }
        }
        // What a script or a style holds is not markup.
        if name == "script" || name == "style" {
            let close = format!("</{name}");
            let lower = rest.to_ascii_lowercase();
            rest = lower.find(&close).map_or("", |at| &rest[at..]);
        }
    }
    page
}

/// The index of the `>` that ends the tag starting at `text[0] == '<'`,
/// skipping any `>` inside a quoted value.
fn tag_end(text: &str) -> Option<usize> {
    let mut quote: Option<char> = None;
    for (i, c) in text.char_indices().skip(1) {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '>') => return Some(i),
            _ => {}
        }
    }
    None
}

/// The attributes of a tag's inside, names in lower case, values decoded.
fn attributes(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        while i < chars.len() && (chars[i].is_whitespace() || chars[i] == '/') {
            i += 1;
        }
        let start = i;
        while i < chars.len() && !chars[i].is_whitespace() && !matches!(chars[i], '=' | '/') {
            i += 1;
        }
        let name: String = chars[start..i]
            .iter()
            .collect::<String>()
            .to_ascii_lowercase();
        while i < chars.len() && chars[i].is_whitespace() {
            i += 1;
        }
        if i < chars.len() && chars[i] == '=' {
            i += 1;
            while i < chars.len() && chars[i].is_whitespace() {
                i += 1;
            }
            let value: String = match chars.get(i) {
                Some(&q) if q == '"' || q == '\'' => {
                    let from = i + 1;
                    let to = chars[from..]
                        .iter()
                        .position(|&c| c == q)
                        .map_or(chars.len(), |n| from + n);
                    i = to + 1;
                    chars[from..to.min(chars.len())].iter().collect()
                }
                _ => {
                    let from = i;
                    while i < chars.len() && !chars[i].is_whitespace() {
                        i += 1;
                    }
                    chars[from..i].iter().collect()
                }
            };
            if !name.is_empty() {
                out.push((name, decode_entities(&value)));
            }
        } else if !name.is_empty() {
            out.push((name, String::new()));
        } else {
            i += 1;
        }
    }
    out
}

/// Decodes the character references an attribute may hold.
fn decode_entities(text: &str) -> String {
    if !text.contains('&') {
        return text.to_string();
    }
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let Some(end) = rest.find(';').filter(|&end| end <= 10) else {
            out.push('&');
            rest = &rest[1..];
            continue;
        };
        let entity = &rest[1..end];
        let decoded = match entity {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => entity
                .strip_prefix("#x")
                .or_else(|| entity.strip_prefix("#X"))
                .and_then(|hex| u32::from_str_radix(hex, 16).ok())
                .or_else(|| entity.strip_prefix('#').and_then(|n| n.parse().ok()))
                .and_then(char::from_u32),
        };
        match decoded {
            Some(c) => {
                out.push(c);
                rest = &rest[end + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Decodes `%20` and the like; text that is not valid UTF-8 once decoded
/// is kept as written.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    let hex = |b: u8| (b as char).to_digit(16);
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let (Some(high), Some(low)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((high * 16 + low) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8(out).unwrap_or_else(|_| text.to_string())
}

/// True for a target that leaves the site: a web address, `mailto:`,
/// `javascript:`, `data:` and any other scheme, or `//host/...`.
pub fn is_external(target: &str) -> bool {
    let target = target.trim();
    if target.starts_with("//") {
        return true;
    }
    match target.find(':') {
        Some(colon) => {
            let scheme = &target[..colon];
            !scheme.is_empty()
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
                && !target[..colon].contains('/')
        }
        None => false,
    }
}

/// The file a target names, relative to the site's folder, or `None` when
/// the path climbs out of it. `page` is the page that holds the target.
fn resolve(page: &Path, path: &str) -> Option<PathBuf> {
    let base = if let Some(absolute) = path.strip_prefix('/') {
        PathBuf::from(absolute)
    } else {
        page.parent().unwrap_or(Path::new("")).join(path)
    };
    let mut parts: Vec<&std::ffi::OsStr> = Vec::new();
    for component in base.components() {
        match component {
            Component::Normal(part) => parts.push(part),
            Component::ParentDir => {
                parts.pop()?;
            }
            _ => {}
        }
    }
    Some(parts.iter().collect())
}

/// Every file under `dir`, relative to it, sorted.
fn files_under(dir: &Path) -> io::Result<Vec<PathBuf>> {
    fn walk(base: &Path, dir: &Path, found: &mut Vec<PathBuf>) -> io::Result<()> {
        for entry in fs::read_dir(dir)? {
            let path = entry?.path();
            if path.is_dir() {
                walk(base, &path, found)?;
            } else if let Ok(relative) = path.strip_prefix(base) {
                found.push(relative.to_path_buf());
            }
        }
        Ok(())
    }
    let mut found = Vec::new();
    walk(dir, dir, &mut found)?;
    found.sort();
    Ok(found)
}

/// What [`check_site`] found.
#[derive(Clone, Debug, Default)]
pub struct SiteReport {
    /// The pages read.
    pub pages: usize,
    /// The internal targets followed.
    pub followed: usize,
    /// The targets that lead nowhere.
    pub broken: Vec<BrokenTarget>,
}

/// Checks every `.html` page under `site`.
pub fn check_site(site: &Path) -> io::Result<SiteReport> {
    let files = files_under(site)?;
    let mut pages: BTreeMap<PathBuf, Page> = BTreeMap::new();
    for file in &files {
        if file.extension().is_some_and(|e| e == "html" || e == "htm") {
            let text = fs::read_to_string(site.join(file))?;
            pages.insert(file.clone(), scan(&text));
        }
    }
    let mut report = SiteReport {
        pages: pages.len(),
        ..SiteReport::default()
    };
    for (page_path, page) in &pages {
        for reference in &page.references {
            let target = reference.target.trim();
            if target.is_empty() || is_external(target) {
                continue;
            }
            report.followed += 1;
            let (path, fragment) = match target.split_once('#') {
                Some((path, fragment)) => (path, Some(fragment)),
                None => (target, None),
            };
            let path = path.split('?').next().unwrap_or("");
            let broken = |problem| BrokenTarget {
                page: page_path.clone(),
                attribute: reference.attribute,
                target: reference.target.clone(),
                problem,
            };
            let file = if path.is_empty() {
                page_path.clone()
            } else {
                let Some(mut file) = resolve(page_path, &percent_decode(path)) else {
                    report.broken.push(broken(Problem::OutsideSite));
                    continue;
                };
                if site.join(&file).is_dir() {
                    file.push("index.html");
                }
                if !site.join(&file).is_file() {
                    report.broken.push(broken(Problem::NoFile(file)));
                    continue;
                }
                file
            };
            let Some(fragment) = fragment.map(percent_decode).filter(|f| !f.is_empty()) else {
                continue;
            };
            if let Some(target_page) = pages.get(&file) {
                if !target_page.ids.contains(&fragment) {
                    report
                        .broken
                        .push(broken(Problem::NoAnchor(file, fragment)));
                }
            }
        }
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scratch::Scratch;

    #[test]
    fn reads_tags_not_text_scripts_or_comments() {
        let page = scan(
            "<h2 id=\"perft\">Perft</h2><p>See <a href='board.html#perft'>it</a>, \
             <code>&lt;a href=\"code.html\"&gt;</code></p>\
             <!-- <a href=\"comment.html\"> -->\
             <script>var x = '<a href=\"script.html\">';</script>\
             <img alt=\"a > b\" src=\"pic%20one.svg\"><a name=old></a>\
             <a href=\"q.html?x=1&amp;y=2\">",
        );
        let targets: Vec<&str> = page.references.iter().map(|r| r.target.as_str()).collect();
        assert_eq!(
            targets,
            ["board.html#perft", "pic%20one.svg", "q.html?x=1&y=2"]
        );
        assert!(page.ids.contains("perft") && page.ids.contains("old"));
    }

    #[test]
    fn tells_external_targets() {
        assert!(is_external("https://example.org/x.html"));
        assert!(is_external("mailto:someone@example.org"));
        assert!(is_external("//cdn.example.org/x.js"));
        assert!(!is_external("board.html#perft"));
        assert!(!is_external("generated/svg/a.svg"));
    }

    #[test]
    fn finds_what_a_fake_site_breaks() {
        let site = Scratch::new("html-check");
        site.write(
            "index.html",
            "<a href=\"board.html#perft\">ok</a> <a href=\"board.html#gone\">no id</a>\
             <a href=\"#top\">here</a><h1 id=\"top\">T</h1>\
             <img src=\"generated/svg/there.svg\"><img src=\"generated/svg/missing.svg\">\
             <a href=\"https://example.org/nowhere.html\">web</a>\
             <a href=\"missing.html\">gone</a><a href=\"sub/\">folder</a>\
             <a href=\"../outside.html\">out</a><link href=\"css/style.css\" rel=\"stylesheet\">",
        );
        site.write("board.html", "<h2 id=\"perft\">Perft</h2>");
        site.write("generated/svg/there.svg", "<svg/>");
        site.write("sub/index.html", "<a href=\"../index.html#top\">up</a>");
        site.write("css/style.css", "body {}");
        let report = check_site(site.root()).unwrap();
        assert_eq!(report.pages, 3);
        let broken: Vec<String> = report.broken.iter().map(ToString::to_string).collect();
        assert_eq!(
            broken,
            [
                "index.html: href=\"board.html#gone\": board.html has no element with id `gone`",
                "index.html: src=\"generated/svg/missing.svg\": no file generated/svg/missing.svg",
                "index.html: href=\"missing.html\": no file missing.html",
                "index.html: href=\"../outside.html\": the path leaves the site",
            ]
        );
        assert_eq!(report.followed, 10);
    }

    #[test]
    fn decodes_references() {
        assert_eq!(decode_entities("a&amp;b&#x41;&#66;&bogus"), "a&bAB&bogus");
        assert_eq!(percent_decode("pic%20one.svg"), "pic one.svg");
        assert_eq!(percent_decode("100%"), "100%");
    }
}
