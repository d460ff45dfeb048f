//! What a reader of a record shows at each node, worked out once.
//!
//! The terminal explorer, `compare`, `--why` and the book's stepper all
//! show the same things of a node: the moves that lead to it, the position
//! there, its value with its bound, the reply that refuted it, the depth a
//! re-search searched, and its moments: the steps at which its best value
//! so far rose, and the step of its cut ([`SoFar`]). [`Record::facts`]
//! works them out for every node, in this crate, so that no reader works
//! them out again in its own way: the book writes them beside each record
//! it ships, and its lab asks the same function for a search made in the
//! page. They are derived from the
//! record and are not part of it: the record contract stays as it is.
//!
//! ```
//! use lamosca_reader::Record;
//! let record = Record::from_bytes(concat!(
//!     r#"{"event":"search","schema":1,"version":"v","fen":"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1","depth":1}"#, "\n",
//!     r#"{"event":"node","id":1,"parent":null,"level":1,"move":null,"alpha":-50,"beta":50,"kind":"main"}"#, "\n",
//!     r#"{"event":"node","id":2,"parent":1,"level":2,"move":"e2e4","alpha":-50,"beta":50,"kind":"main"}"#, "\n",
//!     r#"{"event":"result","node":2,"value":-60,"best":null}"#, "\n",
//!     r#"{"event":"result","node":1,"value":50,"best":"e2e4"}"#, "\n",
//!     r#"{"event":"report","best":"e2e4","value":50,"nodes":2}"#, "\n",
//! ).as_bytes().to_vec()).unwrap();
//! let facts = record.facts().unwrap();
//! assert_eq!(facts[1].path, "e2e4");
//! assert_eq!(facts[1].fen, "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
//! assert_eq!((facts[1].value.as_str(), facts[1].worth.as_str()), ("≤ -60", "≥ 60"));
//! ```

use std::collections::HashMap;

use anyhow::{anyhow, Context as _};
use common::Position;
use lamosca_search::events::StepKind;
use serde::{Deserialize, Serialize};

use crate::bound::{Bound, Bounded};
use crate::reader::{MoveName, NodeInfo, Record};
use crate::so_far::{Moment, SoFar};
use crate::RecordError;
use lamosca_record::Event;

/// What a reader shows of one node: [`Record::facts`] holds one for each
/// node, in the order of their ids. Serialised as JSON, a field that says
/// nothing (no twin, no re-search, no reply) is left out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NodeFacts {
    /// The moves from the root, separated by spaces; empty at the root. A
    /// re-search adds no move.
    pub path: String,
    /// How many nodes before this one have the same path: 0 for the first.
    /// Two searches of one position are matched node for node by path and
    /// twin.
    #[serde(skip_serializing_if = "is_zero")]
    pub twin: u32,
    /// True for a re-search: its parent's position searched again,
    /// shallower ([`Record::is_research`]).
    #[serde(skip_serializing_if = "is_false")]
    pub research: bool,
    /// The position at the node, as FEN.
    pub fen: String,
    /// The value the node returned, with its bound, for its side to move:
    /// `≥ 20`, `≤ 20` or `20`.
    pub value: String,
    /// The value as its parent's row shows it: for a move, seen from the
    /// other side (`≤ -20`); for a re-search, the same as `value`.
    pub worth: String,
    /// True when `worth` is only an upper bound: the move was refuted.
    #[serde(skip_serializing_if = "is_false")]
    pub refuted: bool,
    /// The reply that refuted the node, or else its best move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reply: Option<String>,
    /// For a re-search, the depth it searched, from the `deepened` event
    /// its parent writes after it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth: Option<i64>,
    /// Each step at which the node's best value so far rose, with the
    /// value ([`SoFar`]): `[[step, value], ...]`. Steps count the events
    /// after the header from 0, as the stepper does.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub so_far: Vec<(u32, i32)>,
    /// The step of the event that cut the node off, and the cut in words
    /// ([`Cutoff::words`](crate::Cutoff::words)).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cutoff: Option<(u32, String)>,
}

fn is_zero(count: &u32) -> bool {
    *count == 0
}

fn is_false(flag: &bool) -> bool {
    !*flag
}

impl NodeInfo {
    /// The reply that refuted the node (the move that cut it off), or
    /// else its best move.
    pub fn reply(&self) -> Option<MoveName> {
        self.cut.or(self.best)
    }
}

impl Record {
    /// What a reader shows of every node, in the order of their ids; an
    /// error names the node whose path is no legal line from the header's
    /// position.
    pub fn facts(&self) -> anyhow::Result<Vec<NodeFacts>> {
        let mut position = Position::from_fen(&self.header().fen)
            .map_err(|error| anyhow!("bad fen in the header: {error}"))?;
        let count = self.node_count() as usize;
        let mut facts: Vec<NodeFacts> = Vec::with_capacity(count);
        // The nodes along the path to the node being read, each with
        // whether it made its move on `position`: ids follow the order of
        // the lines, so a node's parent is on this stack.
        let mut open: Vec<(u32, bool)> = Vec::new();
        let mut twins = Twins::new(count);
        for id in 1..=self.node_count() {
            let info = *self.node(id).ok_or(RecordError::Empty)?;
            while open
                .last()
                .is_some_and(|(top, _)| Some(*top) != info.parent)
            {
                if let Some((_, true)) = open.pop() {
                    position.unmake();
                }
            }
            let mut path = info.parent.map_or_else(String::new, |parent| {
                facts[parent as usize - 1].path.clone()
            });
            let moved = match (info.mv, self.is_research(id), info.parent) {
                (Some(mv), false, Some(_)) => {
                    let legal = position
                        .parse_move_or_pass(mv.as_str())
                        .with_context(|| format!("node {id}: the path breaks at {mv}"))?;
                    position.make(legal);
                    if !path.is_empty() {
                        path.push(' ');
                    }
                    path.push_str(mv.as_str());
                    Some(mv)
                }
                _ => None,
            };
            let twin = twins.visit(id, info.parent, moved);
            facts.push(self.node_facts(&info, path, twin, &position)?);
            open.push((id, moved.is_some()));
        }
        self.add_moments(&mut facts)?;
        Ok(facts)
    }

    /// Fills in each node's moments, [`NodeFacts::so_far`] and
    /// [`NodeFacts::cutoff`], in one pass over the lines. Only a line that
    /// can raise a value or cut a node is read whole: a node's id is the
    /// count of `node` lines so far, and a `result` is the open node's.
    fn add_moments(&self, facts: &mut [NodeFacts]) -> anyhow::Result<()> {
        let mut open: Vec<(u32, SoFar)> = Vec::new();
        let (mut line, mut entered) = (0u32, 0u32);
        self.for_each_line(|text| -> anyhow::Result<()> {
            line += 1;
            // The header is line 1; step 0 is the line after it.
            let Some(step) = line.checked_sub(2) else {
                return Ok(());
            };
            match event_name(text) {
                Some("node") => {
                    entered += 1;
                    open.push((entered, SoFar::default()));
                }
                Some("result") => {
                    let Some((id, _)) = open.pop() else {
                        return Ok(());
                    };
                    let child = self.node(id).ok_or(RecordError::Empty)?;
                    if let Some((parent, so_far)) = open.last_mut() {
                        if so_far.returned(child, self.is_research(id)) {
                            facts[*parent as usize - 1]
                                .so_far
                                .push((step, so_far.value()));
                        }
                    }
                }
                Some(name) if Moment::may_say(name) => {
                    let Some((id, so_far)) = open.last_mut() else {
                        return Ok(());
                    };
                    let fields: MomentFields = serde_json::from_slice(text)
                        .map_err(|error| anyhow!("line {line}: {error}"))?;
                    let moment =
                        Moment::from_fields(fields.event, fields.value, fields.cut, fields.mv);
                    let fact = &mut facts[*id as usize - 1];
                    if so_far.take(moment) {
                        fact.so_far.push((step, so_far.value()));
                    }
                    if fact.cutoff.is_none() {
                        fact.cutoff = so_far.cutoff().map(|cut| (step, cut.words()));
                    }
                }
                _ => {}
            }
            Ok(())
        })
    }

    /// The facts of node `info`, reached by `path`, at `position`.
    fn node_facts(
        &self,
        info: &NodeInfo,
        path: String,
        twin: u32,
        position: &Position,
    ) -> Result<NodeFacts, RecordError> {
        let research = self.is_research(info.id);
        let value = Bounded::of_node(info);
        let worth = if research { value } else { value.turned() };
        Ok(NodeFacts {
            path,
            twin,
            research,
            fen: position.to_fen(),
            value: value.to_string(),
            worth: worth.to_string(),
            refuted: worth.bound == Bound::Upper,
            reply: info.reply().map(|mv| mv.to_string()),
            depth: if research {
                self.research_depth(info)?
            } else {
                None
            },
            so_far: Vec::new(),
            cutoff: None,
        })
    }

    /// The depth the re-search `child` searched, from the `deepened`
    /// event its parent writes once it returns.
    pub fn research_depth(&self, child: &NodeInfo) -> Result<Option<i64>, RecordError> {
        let Some(parent) = child.parent else {
            return Ok(None);
        };
        Ok(research_depth(child, &self.node_events(parent)?))
    }
}

/// How many nodes before each one had its path, counted without comparing
/// paths as text: a node's path is its parent's and its move, or its
/// parent's alone for a re-search, so each path is named by the first node
/// that had it.
struct Twins {
    /// The first node with each (parent's path, move).
    first: HashMap<(u32, MoveName), u32>,
    /// For each node, the first node with its path.
    path_of: Vec<u32>,
    /// For each first node, how many nodes have had its path so far.
    visits: Vec<u32>,
}

impl Twins {
    fn new(count: usize) -> Twins {
        Twins {
            first: HashMap::new(),
            path_of: vec![0; count + 1],
            visits: vec![0; count + 1],
        }
    }

    /// Node `id`'s twin: how many nodes before it had its path.
    fn visit(&mut self, id: u32, parent: Option<u32>, mv: Option<MoveName>) -> u32 {
        let first = match (parent, mv) {
            // Every root has the empty path: the first root's.
            (None, _) => *self.first.entry((0, MoveName::default())).or_insert(id),
            (Some(parent), None) => self.path_of[parent as usize],
            (Some(parent), Some(mv)) => *self
                .first
                .entry((self.path_of[parent as usize], mv))
                .or_insert(id),
        };
        self.path_of[id as usize] = first;
        let twin = self.visits[first as usize];
        self.visits[first as usize] += 1;
        twin
    }
}

/// The fields of a line the moments read; the others are skipped.
#[derive(Deserialize)]
struct MomentFields<'a> {
    #[serde(borrow)]
    event: &'a str,
    value: Option<i64>,
    cut: Option<bool>,
    #[serde(rename = "move", borrow)]
    mv: Option<&'a str>,
}

/// The name of a line's event: read from the line's start as the
/// workspace writes it, `{"event":"node",...`, or else from its JSON.
/// Readers that skim a record line by line (the facts here, the lab's
/// index) ask it before they parse a line whole.
pub fn event_name(line: &[u8]) -> Option<&str> {
    match line.strip_prefix(br#"{"event":""#) {
        Some(rest) => {
            let end = rest.iter().position(|&byte| byte == b'"')?;
            std::str::from_utf8(&rest[..end]).ok()
        }
        None => serde_json::from_slice::<EventName>(line)
            .ok()
            .map(|name| name.event),
    }
}

/// A line's event name, the one field read.
#[derive(Deserialize)]
struct EventName<'a> {
    #[serde(borrow)]
    event: &'a str,
}

/// The depth the re-search `child` searched, found in its parent's own
/// `events` ([`Record::node_events`]): the `deepened` event written after
/// it returned.
pub fn research_depth(child: &NodeInfo, events: &[(u64, Event)]) -> Option<i64> {
    events
        .iter()
        .filter(|(offset, _)| *offset >= child.end)
        .find_map(|(_, event)| match event {
            Event::Chapter(chapter) if chapter.step_kind() == Some(StepKind::Deepened) => {
                chapter.field("depth").and_then(|depth| depth.as_i64())
            }
            _ => None,
        })
}
