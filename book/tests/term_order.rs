//! Every term before its use: read in the order of `SUMMARY.md`, with the
//! includes expanded, every term of the glossary's checked sections (and
//! every switch a live panel offers) appears only after a heading or bold
//! text defines it, on that page or an earlier one, or inside a link to
//! its definition.

use std::path::Path;

use book::check::terms::check_book;

#[test]
fn every_term_is_defined_before_its_use() {
    let chapters = Path::new(env!("CARGO_MANIFEST_DIR")).join("chapters");
    let findings = check_book(&chapters).expect("the book's pages read");
    let listing: Vec<String> = findings.iter().map(|f| format!("  {f}")).collect();
    assert!(
        findings.is_empty(),
        "{} terms met before their definition:\n{}",
        findings.len(),
        listing.join("\n")
    );
}
