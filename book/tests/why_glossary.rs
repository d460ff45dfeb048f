//! `--why` speaks the book's words: every term its answers print is a term
//! of the glossary (`chapters/glossary.md`). The answers are those of
//! every root move of a few searches of each step, so that the step's own
//! events (stand pats, lazy cuts, selective stand pats...) come up.

use std::collections::BTreeSet;

use book::files::Workspace;
use common::Position;
use lamosca_reader::{why_not, Record};
use lamosca_record::{default_options, record_search};
use lamosca_search::Engine;

/// The terms of the glossary: each first cell, split at its commas, without
/// its backticks and italics, in lower case.
fn glossary() -> BTreeSet<String> {
    let path = Workspace::here().chapters().join("glossary.md");
    let page = std::fs::read_to_string(&path).unwrap();
    page.lines()
        .filter_map(|line| line.strip_prefix("| "))
        .filter_map(|row| row.split(" | ").next())
        .flat_map(|cell| cell.split(", "))
        .map(|term| term.trim_matches(|c| c == '`' || c == '*').to_lowercase())
        .collect()
}

/// The terms an answer uses: the words it always says, the kind of node
/// its line ends at, and each step event named there.
fn terms(answer: &str) -> Vec<String> {
    let mut terms: Vec<String> = Vec::new();
    for line in answer.lines() {
        for bounds in ["fail-hard", "fail-soft"] {
            if line.contains(bounds) {
                terms.extend([bounds, "beta cut-off"].map(String::from));
            }
        }
        if line.starts_with("refuted by") {
            terms.push("refuted by".into());
        }
        let Some(end) = line.strip_prefix("the line ends at a ") else {
            continue;
        };
        let (kind, rest) = end.split_once(" node, ").expect("a node kind");
        terms.push(format!("{kind} node, side to move").replace(", ", "|"));
        if let Some((_, steps)) = rest.split_once(", where: ") {
            for step in steps.split(", ") {
                let words: Vec<&str> = step
                    .split_whitespace()
                    .take_while(|word| word.parse::<f64>().is_err())
                    .collect();
                terms.push(words.join(" "));
            }
        }
    }
    terms
        .iter()
        .flat_map(|term| term.split('|').map(String::from).collect::<Vec<_>>())
        .collect()
}

/// Every term of every answer of `E` on `positions`, checked.
fn check<E: Engine>(positions: &[(&str, u32)], glossary: &BTreeSet<String>) -> usize {
    let mut checked = 0;
    for &(fen, depth) in positions {
        let root = Position::from_fen(fen).unwrap();
        let mut engine = E::new();
        let (_, bytes) = record_search(
            &mut engine,
            &root,
            depth,
            0,
            default_options::<E>(),
            Vec::new(),
        )
        .unwrap();
        let record = Record::from_bytes(bytes).unwrap();
        for mv in root.legal_moves() {
            let Some(answer) = why_not(&record, &mv.to_string()).unwrap() else {
                continue;
            };
            for term in terms(&answer) {
                assert!(
                    glossary.contains(&term),
                    "{} {fen}, why not {mv}: '{term}' is not in the glossary:\n{answer}",
                    E::NAME
                );
                checked += 1;
            }
        }
    }
    checked
}

#[test]
fn why_uses_the_glossarys_words() {
    let glossary = glossary();
    let middlegame = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8";
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let positions = [(common::START_FEN, 3), (middlegame, 3), (kiwipete, 2)];
    let mut checked = check::<lamosca_v07::NegaMax>(&positions[..1], &glossary);
    checked += check::<lamosca_v09::AlphaBeta>(&positions, &glossary);
    checked += check::<lamosca_v10_quiescence::QuiescenceSearch>(&positions, &glossary);
    let deeper = [(common::START_FEN, 5), (middlegame, 4), (kiwipete, 4)];
    checked += check::<lamosca_v11_lazy::LazySearch>(&deeper, &glossary);
    assert!(checked > 100, "{checked} terms checked");
}
