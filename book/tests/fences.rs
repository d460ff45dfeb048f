//! No Rust block of the book gets a Run button it cannot honour.
//!
//! The book's Rust blocks are pieces of the crates, which the playground
//! cannot compile: each must be tagged `rust,ignore` or `rust,noplayground`.

use std::path::Path;

use book::check::fences::check_chapters;

#[test]
fn every_rust_fragment_that_cannot_compile_is_tagged() {
    let chapters = Path::new(env!("CARGO_MANIFEST_DIR")).join("chapters");
    let refused = check_chapters(&chapters).expect("read the chapters");
    let listing: Vec<String> = refused.iter().map(|r| format!("  {r}")).collect();
    assert!(
        refused.is_empty(),
        "{} untagged rust block(s):\n{}",
        refused.len(),
        listing.join("\n")
    );
}
