//! Checking the built site for what only this book must refuse: a Rust
//! block with a Run button.
//!
//! The book's Rust blocks are pieces of the workspace's crates; sent to
//! the playground they would not compile, so `book.toml` turns the Run
//! button off and this check fails on a page that has one
//! (`<pre class="playground">`), should a setting or an mdBook release
//! bring it back. The links, pictures and `#anchors` of the built site are
//! checked by lychee, a maintained link checker (`book/check-site.sh`).
//!
//! The pages are read by html5ever's tokenizer, the one browsers' rules are
//! written for and mdBook itself (through ammonia) uses, so a class named
//! in a comment, a script or a code sample is not taken for a block.
//!
//! `cargo run -p book -- check-html [DIR]` runs the check and fails,
//! listing every such page, when one is found.

use std::cell::Cell;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::states::RawKind;
use html5ever::tokenizer::{
    BufferQueue, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts,
};

/// Counts a page's runnable blocks as the tokenizer meets its tags.
#[derive(Default)]
struct Collector {
    runnable: Cell<usize>,
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
        let playground = tag.attrs.iter().any(|attribute| {
            &*attribute.name.local == "class"
                && attribute
                    .value
                    .split_whitespace()
                    .any(|class| class == "playground")
        });
        if &*tag.name == "pre" && playground {
            self.runnable.set(self.runnable.get() + 1);
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

/// The code blocks of an HTML page that mdBook gives a Run button.
pub fn runnable_blocks(html: &str) -> usize {
    let tokenizer = Tokenizer::new(Collector::default(), TokenizerOpts::default());
    let input = BufferQueue::default();
    input.push_back(StrTendril::from_slice(html));
    // The sink never asks to run a script, so one call reads the page.
    let _ = tokenizer.feed(&input);
    tokenizer.end();
    tokenizer.sink.runnable.get()
}

/// What [`check_site`] found.
#[derive(Clone, Debug, Default)]
pub struct SiteReport {
    /// The pages read.
    pub pages: usize,
    /// The pages with a Rust block a reader could send to the playground,
    /// where a piece of the workspace cannot compile.
    pub runnable: Vec<PathBuf>,
}

/// Checks every `.html` page under `site`.
pub fn check_site(site: &Path) -> io::Result<SiteReport> {
    let mut report = SiteReport::default();
    for page in files_under(site)? {
        if page.extension().is_some_and(|e| e == "html" || e == "htm") {
            report.pages += 1;
            if runnable_blocks(&fs::read_to_string(site.join(&page))?) > 0 {
                report.runnable.push(page);
            }
        }
    }
    Ok(report)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scratch::Scratch;

    #[test]
    fn counts_the_blocks_mdbook_makes_runnable() {
        let runnable =
            r#"<pre class="playground"><code class="language-rust">fn main() {}</code></pre>"#;
        let quiet = r#"<pre><code class="language-rust ignore">fn main() {}</code></pre>"#;
        assert_eq!(runnable_blocks(runnable), 1);
        assert_eq!(runnable_blocks(quiet), 0);
    }

    #[test]
    fn reads_tags_not_text_scripts_or_comments() {
        let page = "<p><code>&lt;pre class=\"playground\"&gt;</code></p>\
                    <!-- <pre class=\"playground\"> -->\
                    <script>var x = '<pre class=\"playground\">';</script>\
                    <pre class='x playground'></pre>";
        assert_eq!(runnable_blocks(page), 1);
    }

    #[test]
    fn names_the_pages_with_a_run_button() {
        let site = Scratch::new("html-check");
        site.write("index.html", "<pre><code>quiet</code></pre>");
        site.write(
            "v09.html",
            "<pre class=\"playground\"><code>fn main() {}</code></pre>",
        );
        site.write("css/style.css", "pre.playground {}");
        let report = check_site(site.root()).unwrap();
        assert_eq!(report.pages, 2);
        assert_eq!(report.runnable, [PathBuf::from("v09.html")]);
    }
}
