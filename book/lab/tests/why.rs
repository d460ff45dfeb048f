//! The step chapters' worked examples of "Why not this move?", kept as
//! snapshots that the chapters include (`book/chapters/lab/vNN.md`), so that
//! a change to a search or to the answer's words shows here first. Each is
//! the page's answer and `explore STEP ... --why MOVE`'s (the browser test
//! checks the two agree).

use lamosca_lab::{record, why, Request};

fn why_not(name: &str, version: &str, fen: Option<&str>, depth: u32, mv: &str) {
    let fen_field = fen.map_or(String::new(), |fen| format!(r#", "fen": "{fen}""#));
    let request = Request::from_json(&format!(
        r#"{{"version": "{version}", "depth": {depth}{fen_field}}}"#
    ))
    .unwrap();
    let outcome = record(&request).unwrap();
    let text = why(&outcome.text, mv).unwrap();
    let command = format!(
        "explore {version}{} --depth {depth} --why {mv}",
        fen.map_or(String::new(), |fen| format!(" --fen '{fen}'"))
    );
    insta::with_settings!({description => command, omit_expression => true}, {
        insta::assert_snapshot!(name, text);
    });
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn v07_why_not_e2e4() {
    why_not("v07_why_not_e2e4", "v07", None, 3, "e2e4");
}

#[test]
fn v09_why_not_e2e4() {
    why_not("v09_why_not_e2e4", "v09", None, 4, "e2e4");
}

#[test]
fn v10_why_not_a2a3() {
    why_not("v10_why_not_a2a3", "v10", None, 2, "a2a3");
}

#[test]
fn v11_why_not_castling() {
    why_not("v11_why_not_castling", "v11", Some(KIWIPETE), 4, "e1g1");
}
