//! The module's face to JavaScript: each function takes and gives strings,
//! the answer a JSON object, `{"ok": ...}` or `{"error": "error: ..."}`,
//! the error in the words the binary prints on standard error.
//!
//! A search's answer is the JSON object on one line, then the record or
//! the log as it is: `{"ok":{"nodes":...,"depth":...,"stopped":null}}\n`
//! and the text. Escaped inside the JSON, a record of a hundred megabytes
//! would be copied once more, grow by its quotes' backslashes and have to
//! be parsed again by the worker; after the line it is handed over as the
//! string it is.

use serde::Serialize;
use wasm_bindgen::prelude::wasm_bindgen;

use crate::request::Request;
use crate::run;

/// The answer as the worker reads it.
#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
enum Answer<T> {
    Ok(T),
    Error(String),
}

fn answer<T: Serialize>(result: anyhow::Result<T>) -> String {
    let answer = match result {
        Ok(value) => Answer::Ok(value),
        Err(error) => Answer::Error(format!("error: {error:#}")),
    };
    serde_json::to_string(&answer)
        .unwrap_or_else(|error| format!(r#"{{"error":"error: {error}"}}"#))
}

/// A search's answer: the JSON line, then its text, unescaped.
fn with_text(result: anyhow::Result<run::Outcome>) -> String {
    match result {
        Ok(mut outcome) => {
            let text = std::mem::take(&mut outcome.text);
            let mut head = answer(Ok(outcome));
            head.reserve_exact(1 + text.len());
            head.push('\n');
            head.push_str(&text);
            head
        }
        Err(error) => answer::<()>(Err(error)),
    }
}

/// `search --record -`: the record of the search `request` (JSON) asks for.
#[wasm_bindgen]
pub fn search(request: &str) -> String {
    with_text(Request::from_json(request).and_then(|request| run::record(&request)))
}

/// `search`: its log, statistics and bestmove lines.
#[wasm_bindgen]
pub fn log(request: &str) -> String {
    with_text(Request::from_json(request).and_then(|request| run::log(&request)))
}

/// `compare A B` on two records' text.
#[wasm_bindgen]
pub fn compare(a: &str, b: &str) -> String {
    answer(run::compare(a, b))
}

/// Each node's facts for a record's text, for the page's stepper.
#[wasm_bindgen]
pub fn facts(record: &str) -> String {
    answer(run::facts(record))
}

/// `explore --why MOVE`'s answer for a record's text.
#[wasm_bindgen]
pub fn why(record: &str, mv: &str) -> String {
    answer(run::why(record, mv))
}

/// `explore STEP ... --why MOVE --why-value`'s last line, for the request that made
/// the record.
#[wasm_bindgen]
pub fn why_value(request: &str, record: &str, mv: &str) -> String {
    answer(Request::from_json(request).and_then(|request| run::why_value(&request, record, mv)))
}

/// A game's state: its legal moves, whether it is over, its PGN.
#[wasm_bindgen]
pub fn game(request: &str) -> String {
    answer(Request::from_json(request).and_then(|request| crate::game::game(&request)))
}

/// A step's move in a game.
#[wasm_bindgen]
pub fn think(request: &str) -> String {
    answer(Request::from_json(request).and_then(|request| run::think(&request)))
}

/// A step's name and switches.
#[wasm_bindgen]
pub fn options(version: &str) -> String {
    answer(run::options(version))
}

/// The module's linear memory in bytes: it only grows, so after a search
/// it is the most that search needed, for the measurements.
#[wasm_bindgen]
pub fn memory_bytes() -> f64 {
    (core::arch::wasm32::memory_size(0) * 65_536) as f64
}
