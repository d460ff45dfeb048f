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
//!   report's value;
//! - a fail-hard search's record never reads as fail-soft
//!   ([`Record::fails_soft`]): no value of its main search leaves its
//!   window, so "why not" and `compare` speak of its bounds as fail-hard.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};

use serde_json::Map;

use common::Position;
use lamosca_search::events::NodeKind;
use lamosca_search::{statistic, Engine, Report};

use crate::reader::Record;
use lamosca_record::record_search;
use lamosca_record::{Event, NodeEntry};

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
    let mut engine = E::new();
    let (report, bytes) = record_search(&mut engine, position, depth, 0, Map::new(), Vec::new())
        .map_err(|e| e.to_string())?;
    // The reader's rules.
    let record = reader_accepts(&bytes)?;
    if bounds == Bounds::FailHard && record.fails_soft() {
        return Err(
            "a fail-hard search's record reads as fail-soft: a value left its window".into(),
        );
    }
    let text = String::from_utf8(bytes).map_err(|e| e.to_string())?;
    let tree = Tree::read(&text)?;
    // Step 1. The counts.
    tree.counts_agree(&report)?;
    // Step 2. The replay.
    tree.replays(bounds)?;
    let root = tree
        .last_root
        .and_then(|id| tree.nodes.get(&id))
        .and_then(|n| n.value);
    if root != Some(report.value) {
        return Err(format!(
            "the root returned {root:?}, the report says {}",
            report.value
        ));
    }
    Ok(report)
}

/// Opens the record `bytes` with [`Record::open`], through a scratch file:
/// the reader's own rules.
fn reader_accepts(bytes: &[u8]) -> Result<Record, String> {
    static SCRATCH: AtomicU64 = AtomicU64::new(0);
    let name = format!(
        "lamosca-check-{}-{}.jsonl",
        std::process::id(),
        SCRATCH.fetch_add(1, Ordering::Relaxed)
    );
    let path = std::env::temp_dir().join(name);
    std::fs::write(&path, bytes).map_err(|e| e.to_string())?;
    let opened = Record::open(&path);
    let _ = std::fs::remove_file(&path);
    opened.map_err(|e| format!("the record does not open: {e}"))
}

/// A record read back into its nodes, with what the checks count.
#[derive(Default)]
struct Tree {
    nodes: HashMap<u32, Replayed>,
    /// Node events.
    entered: u64,
    /// Cut events outside the quiescence.
    cuts: u64,
    /// The last root entered.
    last_root: Option<u32>,
}

impl Tree {
    /// Reads every event of the record `text`.
    fn read(text: &str) -> Result<Tree, String> {
        let mut tree = Tree::default();
        for line in text.lines() {
            match Event::from_line(line).map_err(|e| e.to_string())? {
                Event::Node(entry) => {
                    tree.entered += 1;
                    match entry.parent {
                        Some(parent) => tree.node(parent).children.push(entry.id),
                        None => tree.last_root = Some(entry.id),
                    }
                    let id = entry.id;
                    tree.node(id).entry = Some(entry);
                }
                Event::Result(result) => tree.node(result.node).value = Some(result.value),
                Event::Cut(cut) => {
                    let node = tree.node(cut.node);
                    if node.entry.as_ref().map(|e| e.kind) != Some(NodeKind::Quiescence) {
                        tree.cuts += 1;
                    }
                }
                Event::Chapter(chapter) => {
                    if let Some(node) = chapter.node {
                        tree.node(node).more = true;
                    }
                }
                _ => {}
            }
        }
        Ok(tree)
    }

    fn node(&mut self, id: u32) -> &mut Replayed {
        self.nodes.entry(id).or_default()
    }

    /// The nodes and the cut-offs the record holds are those the report
    /// counts.
    fn counts_agree(&self, report: &Report) -> Result<(), String> {
        if self.entered != report.nodes {
            return Err(format!(
                "{} node events, {} nodes reported",
                self.entered, report.nodes
            ));
        }
        let reported_cuts = statistic(&report.statistics, "beta cut-offs").and_then(|f| f.count());
        if self.cuts != reported_cuts.unwrap_or(0) {
            return Err(format!(
                "{} cut events, {reported_cuts:?} cut-offs reported",
                self.cuts
            ));
        }
        Ok(())
    }

    /// Every main node with children and no event of a step's own returns
    /// what its children's values replay to, within its window for a
    /// fail-hard search.
    fn replays(&self, bounds: Bounds) -> Result<(), String> {
        for (id, node) in &self.nodes {
            let (Some(entry), Some(value)) = (&node.entry, node.value) else {
                return Err(format!("node {id} has no entry or no result"));
            };
            let children: Vec<i32> = node
                .children
                .iter()
                .filter_map(|child| self.nodes.get(child))
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
        Ok(())
    }
}
