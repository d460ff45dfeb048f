//! A search told to stop by its node budget gives the position back as it
//! found it: every move made is unmade on the way out, the stopped
//! search's lines included. Each step's checks run
//! [`position_restored_when_stopped`] on its positions.

use common::Position;
use lamosca_search::events::Tracer;
use lamosca_search::log::Words;
use lamosca_search::{Engine, SearchControl};

use crate::{holds, traced, Outcome};

/// Every level a log shows: a quiescence goes below the depth.
const EVERY_LEVEL: u32 = 64;

/// The node budgets a stopped search is given: every budget up to 100,
/// so that the stop falls on each of the first nodes in turn, in the
/// main search and in a quiescence, then larger ones, deeper in the tree.
pub fn budgets() -> impl Iterator<Item = u64> {
    (1..=100).chain([150, 200, 300, 500, 1000, 2000, 5000])
}

/// The moves `after` has made beyond the `before` it started from, in
/// the order they were made.
fn left_made(before: &Position, after: &Position) -> Vec<String> {
    let mut position = after.clone();
    let mut moves = Vec::new();
    while position.moves_made() > before.moves_made() {
        let Some(mv) = position.last_move() else {
            break;
        };
        moves.push(mv.to_string());
        position.unmake();
    }
    moves.reverse();
    moves
}

/// What a search from `before` to `depth` under a budget of `nodes`
/// left made, in `after`: the budget, the moves still made, and the node
/// where the budget ran out, from the search run again with its log.
fn not_restored<E: Engine>(
    before: &Position,
    after: &Position,
    nodes: u64,
    depth: u32,
    engine: &impl Fn() -> E,
) -> String {
    let control = SearchControl::unlimited().with_node_limit(nodes);
    let (trace, _) = traced(Words::English, EVERY_LEVEL, true, |tracer| {
        engine().search(&mut before.clone(), depth, &control, tracer)
    });
    let stop = trace
        .events
        .iter()
        .rev()
        .find(|told| told.text.starts_with("enters"));
    let path = stop.map_or("[]", |told| told.path.as_str());
    let moves: Vec<&str> = path
        .trim_matches(|c| c == '[' || c == ']')
        .split_whitespace()
        .collect();
    let mut node = before.clone();
    let at = match node.play_moves(&moves) {
        Ok(()) => node.to_fen(),
        Err(error) => format!("(the path does not play from the root: {error})"),
    };
    let window = stop.and_then(|told| told.window).map_or_else(
        || "none".to_string(),
        |window| format!("alpha = {}, beta = {}", window.alpha, window.beta),
    );
    let made = left_made(before, after);
    format!(
        "told to stop by a budget of {nodes} nodes \
         (SearchControl::unlimited().with_node_limit({nodes})), the search \
         returned with {} still made, [{}]: a move made must be unmade \
         before a node returns, stopped or not\n  \
         node:     {path}  (the moves from the root: where the budget ran out)\n  \
         position: {at}\n  \
         window:   {window}  (the node's, on entry)\n  \
         expected: {} (hash {:016x}), as before the search\n  \
         actual:   {} (hash {:016x})",
        match made.len() {
            1 => "1 move".to_string(),
            n => format!("{n} moves"),
        },
        made.join(" "),
        before.to_fen(),
        before.hash(),
        after.to_fen(),
        after.hash(),
    )
}

/// A search by `engine()` told to stop by its node budget gives the
/// position back as it found it: on each of `fens`, to `depth`, under
/// every budget of [`budgets`]. Where a move is left made, the search is
/// run again with its log, to name the node where it was told to stop.
pub fn position_restored_when_stopped<E: Engine>(
    hint: &str,
    fens: &[&str],
    depth: u32,
    engine: impl Fn() -> E,
) -> Outcome {
    for fen in fens {
        let before = Position::from_fen(fen).unwrap_or_else(|error| panic!("{fen}: {error}"));
        for nodes in budgets() {
            let control = SearchControl::unlimited().with_node_limit(nodes);
            let mut position = before.clone();
            engine().search(&mut position, depth, &control, &mut Tracer::off());
            let same = position.to_fen() == before.to_fen()
                && position.hash() == before.hash()
                && position.moves_made() == before.moves_made();
            let check =
                format!("position_restored_when_stopped, {fen}, depth {depth}, node limit {nodes}");
            holds(&check, hint, same, || {
                not_restored(&before, &position, nodes, depth, &engine)
            })?;
        }
    }
    Ok(())
}
