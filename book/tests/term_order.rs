//! Every term before its use: read in the order of `SUMMARY.md`, with the
//! includes expanded, every term of the glossary's checked sections (and
//! every switch a live panel offers) appears only after a heading or bold
//! text defines it, on that page or an earlier one, or inside a link to
//! its definition.

use std::path::Path;

use book::check::terms::{check_book, glossary_terms, GLOSSARY};

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

/// The terms a learner who read the book in order met before they were
/// explained (issues 43 and 52), each by one of its names: the test above
/// checks them only while the glossary's checked sections list them.
const MET_TOO_EARLY: [&str; 17] = [
    "perft",
    "Zobrist key",
    "UCI",
    "horizon effect",
    "Kiwipete",
    "hash table",
    "Win At Chess",
    "SEE",
    "transposition table",
    "Fairy-Max",
    "10+0.1",
    "fail-soft",
    "beta",
    "principal variation",
    "seed",
    "main node",
    "mate score",
];

#[test]
fn the_terms_a_learner_met_too_early_are_checked() {
    let chapters = Path::new(env!("CARGO_MANIFEST_DIR")).join("chapters");
    let glossary = std::fs::read_to_string(chapters.join(GLOSSARY)).expect("the glossary reads");
    let terms = glossary_terms(&glossary);
    let missing: Vec<&str> = MET_TOO_EARLY
        .into_iter()
        .filter(|name| {
            !terms
                .iter()
                .any(|term| term.names.iter().any(|n| n == name))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "the glossary's checked sections lack {missing:?}"
    );
}
