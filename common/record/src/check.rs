//! What a real record must agree with: the facts every version's tests
//! check on its own searches, stated once here as [`check_record`] does
//! for the options ([`lamosca_search::check_options`]).
//!
//! - the record opens: every rule of the reader holds;
//! - one `node` event per node the report counts;
//! - one `cut` event per beta cut-off the report counts, outside the
//!   quiescence (whose cut-offs the report counts apart);
//! - replayed, the record gives the root's value: every main-search node
//!   with children and nothing else to say (no stand pat, no lazy cut...)
//!   is worth the best of its children's values turned round, held in its
//!   window when the search fails hard, and the last root is worth the
//!   report's value.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};

use serde_json::Map;

use common::Position;
use lamosca_search::events::NodeKind;
use lamosca_search::{statistic, Engine, Report};

use crate::event::{Event, NodeEntry};
use crate::listener::record_search;
use crate::reader::Record;

/// How a version's alpha-beta bounds the value it returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bounds {
    /// NegaMax: no window at all.
    None,
    /// Fail-hard: held in (alpha, beta), as LaMoSca v0.09 and v0.10.
    FailHard,
    /// Fail-soft: the best value found, as v0.11.
    FailSoft,
}

/// One node as the replay sees it.
#[derive(Default)]
struct Replayed {
    entry: Option<NodeEntry>,
    value: Option<i32>,
    children: Vec<u32>,
    /// A chapter event, or a cut by a move the replay cannot see: the
    /// node's value depends on more than its children.
    more: bool,
}

/// The position a game reaches from the start when each number picks the
/// legal move it names (modulo their count); a side with no move ends the
/// game early. Property tests feed it random numbers, so that
/// [`check_record`] meets positions that play can reach.
pub fn position_after_picks(picks: &[u16]) -> Position {
    let mut position = Position::startpos();
    for &pick in picks {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        position.make(moves[usize::from(pick) % moves.len()]);
    }
    position
}

/// Records a search of `position` to `depth` by a fresh `E` and checks it
/// against its report (see the module's list). Hands back the report, or
/// what failed.
pub fn check_record<E: Engine>(
    position: &Position,
    depth: u32,
    bounds: Bounds,
) -> Result<Report, String> {
    let fail = |error: &dyn std::fmt::Display| error.to_string();
    let mut engine = E::new();
    let (report, bytes) = record_search(&mut engine, position, depth, 0, Map::new(), Vec::new())
        .map_err(|e| fail(&e))?;

    // The reader's rules.
    static SCRATCH: AtomicU64 = AtomicU64::new(0);
    let name = format!(
        "lamosca-check-{}-{}.jsonl",
        std::process::id(),
        SCRATCH.fetch_add(1, Ordering::Relaxed)
    );
    let path = std::env::temp_dir().join(name);
    std::fs::write(&path, &bytes).map_err(|e| fail(&e))?;
    let opened = Record::open(&path);
    let _ = std::fs::remove_file(&path);
    opened.map_err(|e| format!("the record does not open: {e}"))?;

    let text = String::from_utf8(bytes).map_err(|e| fail(&e))?;
    let mut nodes: HashMap<u32, Replayed> = HashMap::new();
    let (mut entered, mut cuts, mut last_root) = (0u64, 0u64, None);
    for line in text.lines() {
        match Event::from_line(line).map_err(|e| fail(&e))? {
            Event::Node(entry) => {
                entered += 1;
                match entry.parent {
                    Some(parent) => nodes.entry(parent).or_default().children.push(entry.id),
                    None => last_root = Some(entry.id),
                }
                let id = entry.id;
                nodes.entry(id).or_default().entry = Some(entry);
            }
            Event::Result(result) => {
                nodes.entry(result.node).or_default().value = Some(result.value)
            }
            Event::Cut(cut) => {
                let node = nodes.entry(cut.node).or_default();
                if node.entry.as_ref().map(|e| e.kind) != Some(NodeKind::Quiescence) {
                    cuts += 1;
                }
            }
            Event::Chapter(chapter) => {
                if let Some(node) = chapter.node {
                    nodes.entry(node).or_default().more = true;
                }
            }
            _ => {}
        }
    }

    // Step 1. The counts.
    if entered != report.nodes {
        return Err(format!(
            "{entered} node events, {} nodes reported",
            report.nodes
        ));
    }
    let reported_cuts = statistic(&report.statistics, "beta cut-offs").and_then(|f| f.count());
    if cuts != reported_cuts.unwrap_or(0) {
        return Err(format!(
            "{cuts} cut events, {reported_cuts:?} cut-offs reported"
        ));
    }

    // Step 2. The replay.
    for (id, node) in &nodes {
        let (Some(entry), Some(value)) = (&node.entry, node.value) else {
            return Err(format!("node {id} has no entry or no result"));
        };
        let children: Vec<i32> = node
            .children
            .iter()
            .filter_map(|child| nodes.get(child))
            .filter(|child| {
                child
                    .entry
                    .as_ref()
                    .is_some_and(|e| e.kind != NodeKind::Reduced)
            })
            .filter_map(|child| child.value)
            .collect();
        if entry.kind != NodeKind::Main || node.more || children.is_empty() {
            continue;
        }
        let best = children.iter().map(|v| -v).max().unwrap_or(value);
        let replayed = match bounds {
            Bounds::None | Bounds::FailSoft => best,
            Bounds::FailHard => best.clamp(entry.alpha, entry.beta),
        };
        if replayed != value {
            return Err(format!(
                "node {id} returned {value}, its children replay to {replayed}"
            ));
        }
    }
    let root = last_root
        .and_then(|id| nodes.get(&id))
        .and_then(|n| n.value);
    if root != Some(report.value) {
        return Err(format!(
            "the root returned {root:?}, the report says {}",
            report.value
        ));
    }
    Ok(report)
}
