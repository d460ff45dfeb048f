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
//! The pages are read by html5ever's tokenizer, the one browsers' rules are
//! written for and mdBook itself (through ammonia) uses: it knows comments,
//! quoted and unquoted attributes and every named character reference. Only
//! start tags matter, so no tree is built. The contents of `<script>` and
//! `<style>` elements are read as text, as a browser reads them, since a
//! script may build a link as a string.
//!
//! `cargo run -p book -- check-html [DIR]` runs the check and fails,
//! listing every broken target, when one is found.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::states::RawKind;
use html5ever::tokenizer::{
    BufferQueue, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts,
};

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

/// What the check needs of one page: its references, its ids and its
/// runnable code blocks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Page {
    /// Every `href` and `src`, in order.
    pub references: Vec<Reference>,
    /// Every `id` and `name`.
    pub ids: BTreeSet<String>,
    /// The code blocks mdBook gives a Run button (`<pre class="playground">`).
    pub runnable: usize,
}

/// Collects a page's references and ids as the tokenizer meets its tags.
#[derive(Default)]
struct Collector {
    page: RefCell<Page>,
}

impl TokenSink for Collector {
    type Handle = ();

    fn process_token(&self, token: Token, _line: u64) -> TokenSinkResult<()> {
        let Token::TagToken(tag) = token else {
            return TokenSinkResult::Continue;
        };
        if tag.kind != TagKind::StartTag {
            return TokenSinkResult::Continue;
        }
        let mut page = self.page.borrow_mut();
        for attribute in &tag.attrs {
            let value = attribute.value.to_string();
            match &*attribute.name.local {
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
                "name" if &*tag.name == "a" => {
                    page.ids.insert(value);
                }
                "class"
                    if &*tag.name == "pre"
                        && value.split_whitespace().any(|c| c == "playground") =>
                {
                    page.runnable += 1;
                }
                _ => {}
            }
        }
        // What a script or a style holds is text, not markup. In a browser
        // the tree builder tells the tokenizer so; here the sink does.
        match &*tag.name {
            "script" => TokenSinkResult::RawData(RawKind::ScriptData),
            "style" => TokenSinkResult::RawData(RawKind::Rawtext),
            _ => TokenSinkResult::Continue,
        }
    }
}

/// Reads the tags of an HTML page with html5ever's tokenizer.
pub fn scan(html: &str) -> Page {
    let tokenizer = Tokenizer::new(Collector::default(), TokenizerOpts::default());
    let input = BufferQueue::default();
    input.push_back(StrTendril::from_slice(html));
    // The sink never asks to run a script, so one call reads the page.
    let _ = tokenizer.feed(&input);
    tokenizer.end();
    tokenizer.sink.page.take()
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
    /// The pages with a Rust block a reader could send to the playground,
    /// where a piece of the workspace cannot compile.
    pub runnable: Vec<PathBuf>,
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
        if page.runnable > 0 {
            report.runnable.push(page_path.clone());
        }
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
    fn counts_the_blocks_mdbook_makes_runnable() {
        let runnable =
            r#"<pre class="playground"><code class="language-rust">fn main() {}</code></pre>"#;
        let quiet = r#"<pre><code class="language-rust ignore">fn main() {}</code></pre>"#;
        assert_eq!(scan(runnable).runnable, 1);
        assert_eq!(scan(quiet).runnable, 0);
    }

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
        let page = scan("<a href=\"a&amp;b&#x41;&#66;&bogus&lt\">");
        assert_eq!(page.references[0].target, "a&bAB&bogus<");
        assert_eq!(percent_decode("pic%20one.svg"), "pic one.svg");
        assert_eq!(percent_decode("100%"), "100%");
    }
}
