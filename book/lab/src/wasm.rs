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
/// The steps the module runs, for the page's menus.
#[wasm_bindgen]
pub fn steps() -> String {
    answer(Ok(run::steps()))
}

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

// The records the stepper reads, kept here where they were made: the page
// holds a handle and asks for what it shows (`crate::steps`).

thread_local! {
    static KEPT: std::cell::RefCell<crate::steps::Kept> = std::cell::RefCell::default();
}

fn with_kept<T: Serialize>(
    each: impl FnOnce(&mut crate::steps::Kept) -> anyhow::Result<T>,
) -> String {
    answer(KEPT.with(|kept| each(&mut kept.borrow_mut())))
}

/// `search --record -`, the record kept and indexed in the module: its
/// handle, the outcome (nodes, depth, what stopped) and what the stepper
/// knows of it before any step (`Steps::summary`).
#[wasm_bindgen]
pub fn keep_search(request: &str) -> String {
    with_kept(|kept| {
        let request = Request::from_json(request)?;
        let (pieces, outcome) = run::record_into::<crate::steps::Pieces>(&request)?;
        let steps = crate::steps::Steps::new(pieces)?;
        let summary = steps.summary();
        let handle = kept.keep(steps);
        Ok(serde_json::json!({
            "handle": handle,
            "nodes": outcome.nodes,
            "depth": outcome.depth,
            "stopped": outcome.stopped,
            "summary": summary,
        }))
    })
}

/// Lets a kept record go.
#[wasm_bindgen]
pub fn release(handle: u32) -> String {
    with_kept(|kept| Ok(kept.release(handle)))
}

/// What the stepper draws at `step` of a kept record (`Steps::view`);
/// `focus` 0 for the node the step concerns.
#[wasm_bindgen]
pub fn view(handle: u32, step: u32, focus: u32) -> String {
    with_kept(|kept| kept.get(handle)?.view(step, (focus != 0).then_some(focus)))
}

/// Where a key takes the stepper from `step` (`into`, `out`, `cut` or
/// `swap`), and what it draws there, in one answer: `{"step": null}` when
/// the key goes nowhere.
#[wasm_bindgen]
pub fn key(handle: u32, key: &str, step: u32) -> String {
    with_kept(|kept| {
        let steps = kept.get(handle)?;
        let to = match key {
            "into" => steps.into_child(step),
            "out" => steps.out(step),
            kind => steps.next(kind, step)?,
        };
        let view = to.map(|to| steps.view(to, None)).transpose()?;
        Ok(serde_json::json!({"step": to, "view": view}))
    })
}

/// The second record's place when the first is at `step` (`steps::follow`).
#[wasm_bindgen]
pub fn follow(leader: u32, follower: u32, step: u32) -> String {
    with_kept(|kept| crate::steps::follow(kept.get(leader)?, kept.get(follower)?, step))
}

/// `compare A B` on two kept records.
#[wasm_bindgen]
pub fn compare_kept(a: u32, b: u32) -> String {
    with_kept(|kept| run::compare_bytes(&kept.get(a)?.text(), &kept.get(b)?.text()))
}

/// `explore --why MOVE`'s answer, on a kept record.
#[wasm_bindgen]
pub fn why_kept(handle: u32, mv: &str) -> String {
    with_kept(|kept| run::why_bytes(&kept.get(handle)?.text(), mv))
}

/// `--why-value`'s line for a kept record, made by `request`.
#[wasm_bindgen]
pub fn why_value_kept(handle: u32, request: &str, mv: &str) -> String {
    with_kept(|kept| {
        let request = Request::from_json(request)?;
        run::why_value_bytes(&request, &kept.get(handle)?.text(), mv)
    })
}
