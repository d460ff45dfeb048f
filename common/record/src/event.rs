//! The events of a record, one per line, and how they read as JSON.
//!
//! Six kinds are known by name and have a type of their own: the header
//! ([`Header`], `"event":"search"`), entering a node ([`NodeEntry`]), a swap
//! made by the move ordering ([`Swap`]), a cut-off ([`Cut`]), a node's
//! ordered move list ([`MoveList`]), a node's return ([`NodeResult`]) and the
//! closing statistics ([`Summary`], `"event":"report"`). Anything else a
//! chapter teaches (a stand pat, a capture skipped by its win limit, a lazy
//! cut, ...) is a [`ChapterEvent`]: a kind name and named fields, so that
//! this crate needs to know nothing of the chapter that emits it.
//!
//! ```
//! use lamosca_record::{Cut, Event};
//! let cut = Event::Cut(Cut { node: 7, mv: "c1h6".into(), value: 8 });
//! let line = cut.to_line().unwrap();
//! assert_eq!(line, r#"{"event":"cut","node":7,"move":"c1h6","value":8}"#);
//! assert_eq!(Event::from_line(&line).unwrap(), cut);
//! ```

use lamosca_search::events::{Ending, StepKind};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The schema this crate writes and reads, named by every header.
pub const SCHEMA: u32 = 1;

/// The first line: what was searched, by which version, how.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// The record's schema, [`SCHEMA`].
    pub schema: u32,
    /// The engine's name and version, `LaMoSca v0.09`.
    pub version: String,
    /// The position searched, after any `--moves`.
    pub fen: String,
    /// The depth asked for: the ceiling, 64, when only a clock or a node
    /// budget bounds the search (the header is written before it begins).
    pub depth: u32,
    /// The engine's options, by their UCI name, as the search used them.
    #[serde(default)]
    pub options: Map<String, Value>,
}

impl Header {
    /// The header of a search of `position` to `depth` by engine `E` with
    /// `options`, by their UCI name, in the current schema.
    pub fn of<E: lamosca_search::Engine>(
        position: &common::Position,
        depth: u32,
        options: Map<String, Value>,
    ) -> Header {
        Header {
            schema: SCHEMA,
            version: E::NAME.to_string(),
            fen: position.to_fen(),
            depth,
            options,
        }
    }
}

/// What kind of search a node belongs to: the trace's own kind, so that
/// the record and the log name nodes alike.
pub use lamosca_search::events::NodeKind;

/// A node is entered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NodeEntry {
    /// Nodes count from 1 in the order they are entered.
    pub id: u32,
    /// The node whose move led here; `None` for a root.
    pub parent: Option<u32>,
    /// The level, 1 at the root, as in LaMoSca's log.
    pub level: u32,
    /// The move that led here, in UCI notation; `None` for a root.
    #[serde(rename = "move")]
    pub mv: Option<String>,
    /// The window's lower bound on entry.
    pub alpha: i32,
    /// The window's upper bound.
    pub beta: i32,
    /// What kind of search the node belongs to.
    pub kind: NodeKind,
}

/// The move ordering's `pick` brought a move forward: `in` is tried next,
/// in place of `out`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Swap {
    /// The node whose moves were reordered.
    pub node: u32,
    /// The move that was next in line.
    pub out: String,
    /// Its ordering value.
    pub out_value: i32,
    /// The move brought forward.
    #[serde(rename = "in")]
    pub into: String,
    /// Its ordering value.
    pub in_value: i32,
}

/// A move failed high: the node is cut off.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cut {
    /// The node cut off.
    pub node: u32,
    /// The move that failed high.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its value, at least the node's beta.
    pub value: i32,
}

/// One move of a node's move list and its ordering value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderedMove {
    /// The move, in UCI notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// What the ordering gave it (MVV/LVA, history, killer...); higher is
    /// tried first.
    pub order: i32,
}

/// A node's moves as generated, before `pick` chooses among them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveList {
    /// The node.
    pub node: u32,
    /// The moves, in the order they were generated.
    pub moves: Vec<OrderedMove>,
}

/// A node returns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NodeResult {
    /// The node.
    pub node: u32,
    /// Its value, from the point of view of the side to move there.
    pub value: i32,
    /// The best move found, if any move raised the value.
    pub best: Option<String>,
}

/// One figure of the statistics the text output prints, as numbers:
/// `{"label":"beta cut-offs","value":{"count":1234}}`, a share as
/// `{"share":{"part":3,"whole":8}}`, a ratio as `{"ratio":4.58}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Statistic {
    /// What is counted: `leaves evaluated`.
    pub label: String,
    /// The figure; it prints as the text output shows it.
    pub value: lamosca_search::Figure,
}

/// The last line: the search's answer and statistics.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// The move chosen, if any.
    pub best: Option<String>,
    /// Its value.
    pub value: i32,
    /// The nodes visited.
    pub nodes: u64,
    /// The other statistics, in the order the text output prints them.
    #[serde(default)]
    pub statistics: Vec<Statistic>,
}

/// Anything else a chapter teaches, as a kind name and named fields:
/// `{"event":"stand_pat","node":12,"value":-199}`.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ChapterEvent {
    /// The kind, in snake case: `stand_pat`, `skipped_capture`,
    /// `lazy_cut`, `selective_stand_pat`, `iteration`.
    pub kind: String,
    /// The node it happened in, if it belongs to one.
    pub node: Option<u32>,
    /// The other fields, in the order written.
    pub fields: Vec<(String, Value)>,
}

impl ChapterEvent {
    /// An event of `kind` at `node`, with no fields yet.
    pub fn new(kind: &str, node: Option<u32>) -> ChapterEvent {
        ChapterEvent {
            kind: kind.to_string(),
            node,
            fields: Vec::new(),
        }
    }

    /// The event with one more field.
    pub fn with(mut self, name: &str, value: impl Into<Value>) -> ChapterEvent {
        self.fields.push((name.to_string(), value.into()));
        self
    }

    /// The step's kind of event this is, if a step reports it; a record
    /// may hold others, which a reader shows by their fields.
    pub fn step_kind(&self) -> Option<StepKind> {
        StepKind::from_name(&self.kind)
    }

    /// The field `cut`, where the event has one.
    pub fn cut(&self) -> Option<bool> {
        self.field("cut").and_then(Value::as_bool)
    }

    /// How this event ends its node early, if it does.
    pub fn ending(&self) -> Option<Ending> {
        self.step_kind().and_then(|kind| kind.ending(self.cut()))
    }

    /// The field called `name`, if there is one.
    pub fn field(&self, name: &str) -> Option<&Value> {
        self.fields
            .iter()
            .find(|(field, _)| field == name)
            .map(|(_, value)| value)
    }
}

/// One line of a record.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// `"event":"search"`, the first line.
    Search(Header),
    /// `"event":"node"`.
    Node(NodeEntry),
    /// `"event":"swap"`.
    Swap(Swap),
    /// `"event":"cut"`.
    Cut(Cut),
    /// `"event":"moves"`.
    Moves(MoveList),
    /// `"event":"result"`.
    Result(NodeResult),
    /// `"event":"report"`, the last line.
    Report(Summary),
    /// Any other event name.
    Chapter(ChapterEvent),
}

/// The known kinds, as serde reads and writes them.
#[derive(Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
enum KnownRef<'a> {
    Search(&'a Header),
    Node(&'a NodeEntry),
    Swap(&'a Swap),
    Cut(&'a Cut),
    Moves(&'a MoveList),
    Result(&'a NodeResult),
    Report(&'a Summary),
}

#[derive(Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
enum Known {
    Search(Header),
    Node(NodeEntry),
    Swap(Swap),
    Cut(Cut),
    Moves(MoveList),
    Result(NodeResult),
    Report(Summary),
}

/// The event names with a type of their own; a chapter event may not use
/// them.
pub const KNOWN_EVENTS: [&str; 7] = ["search", "node", "swap", "cut", "moves", "result", "report"];

impl Event {
    /// The event's name, the value of its `"event"` field.
    pub fn name(&self) -> &str {
        match self {
            Event::Search(_) => "search",
            Event::Node(_) => "node",
            Event::Swap(_) => "swap",
            Event::Cut(_) => "cut",
            Event::Moves(_) => "moves",
            Event::Result(_) => "result",
            Event::Report(_) => "report",
            Event::Chapter(chapter) => &chapter.kind,
        }
    }

    /// The node the event belongs to: the node entered, or the one named by
    /// `"node"`; `None` for the header, the report and chapter events of no
    /// node.
    pub fn node(&self) -> Option<u32> {
        match self {
            Event::Search(_) | Event::Report(_) => None,
            Event::Node(entry) => Some(entry.id),
            Event::Swap(swap) => Some(swap.node),
            Event::Cut(cut) => Some(cut.node),
            Event::Moves(list) => Some(list.node),
            Event::Result(result) => Some(result.node),
            Event::Chapter(chapter) => chapter.node,
        }
    }

    /// Writes the event as one line of JSON, without the newline.
    pub fn write_json(&self, out: &mut impl std::io::Write) -> serde_json::Result<()> {
        let known = match self {
            Event::Search(header) => KnownRef::Search(header),
            Event::Node(entry) => KnownRef::Node(entry),
            Event::Swap(swap) => KnownRef::Swap(swap),
            Event::Cut(cut) => KnownRef::Cut(cut),
            Event::Moves(list) => KnownRef::Moves(list),
            Event::Result(result) => KnownRef::Result(result),
            Event::Report(summary) => KnownRef::Report(summary),
            Event::Chapter(chapter) => return write_chapter(chapter, out),
        };
        serde_json::to_writer(out, &known)
    }

    /// The event as one line of JSON.
    pub fn to_line(&self) -> serde_json::Result<String> {
        let mut bytes = Vec::new();
        self.write_json(&mut bytes)?;
        // serde_json writes UTF-8 only.
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }

    /// Reads one line of JSON. A line that is no JSON object, or has no
    /// `"event"` name, or a known event with a field missing, is an error.
    pub fn from_line(line: &str) -> serde_json::Result<Event> {
        let value: Value = serde_json::from_str(line)?;
        Event::from_value(value)
    }

    /// Reads one event from JSON already parsed, as [`Event::from_line`]
    /// does from its text.
    pub fn from_value(value: Value) -> serde_json::Result<Event> {
        use serde::de::Error;
        let Value::Object(mut object) = value else {
            return Err(serde_json::Error::custom("a line is not a JSON object"));
        };
        let name = match object.get("event") {
            Some(Value::String(name)) => name.clone(),
            _ => return Err(serde_json::Error::custom("a line has no \"event\" name")),
        };
        if KNOWN_EVENTS.contains(&name.as_str()) {
            let known: Known = serde_json::from_value(Value::Object(object))?;
            return Ok(match known {
                Known::Search(header) => Event::Search(header),
                Known::Node(entry) => Event::Node(entry),
                Known::Swap(swap) => Event::Swap(swap),
                Known::Cut(cut) => Event::Cut(cut),
                Known::Moves(list) => Event::Moves(list),
                Known::Result(result) => Event::Result(result),
                Known::Report(summary) => Event::Report(summary),
            });
        }
        object.shift_remove("event");
        let node = match object.shift_remove("node") {
            None | Some(Value::Null) => None,
            Some(value) => Some(
                value
                    .as_u64()
                    .and_then(|id| u32::try_from(id).ok())
                    .ok_or_else(|| serde_json::Error::custom("\"node\" is not a node id"))?,
            ),
        };
        Ok(Event::Chapter(ChapterEvent {
            kind: name,
            node,
            fields: object.into_iter().collect(),
        }))
    }
}

/// A chapter event's line: its name, its node, then its fields in order.
fn write_chapter(chapter: &ChapterEvent, out: &mut impl std::io::Write) -> serde_json::Result<()> {
    use serde::ser::{SerializeMap, Serializer};
    let mut serializer = serde_json::Serializer::new(out);
    let mut map = serializer.serialize_map(None)?;
    map.serialize_entry("event", &chapter.kind)?;
    if let Some(node) = chapter.node {
        map.serialize_entry("node", &node)?;
    }
    for (name, value) in &chapter.fields {
        map.serialize_entry(name, value)?;
    }
    map.end()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_events_keep_the_contracts_names() {
        let node = Event::Node(NodeEntry {
            id: 2,
            parent: Some(1),
            level: 2,
            mv: Some("d2d4".into()),
            alpha: -8,
            beta: 11,
            kind: NodeKind::Main,
        });
        assert_eq!(
            node.to_line().unwrap(),
            r#"{"event":"node","id":2,"parent":1,"level":2,"move":"d2d4","alpha":-8,"beta":11,"kind":"main"}"#
        );
        let swap = Event::Swap(Swap {
            node: 3,
            out: "d5d6".into(),
            out_value: 0,
            into: "c1h6".into(),
            in_value: 8,
        });
        assert_eq!(
            swap.to_line().unwrap(),
            r#"{"event":"swap","node":3,"out":"d5d6","out_value":0,"in":"c1h6","in_value":8}"#
        );
    }

    #[test]
    fn chapter_events_keep_their_fields_in_order() {
        let line = r#"{"event":"lazy_cut","node":9,"score":40,"margin":64}"#;
        let event = Event::from_line(line).unwrap();
        assert_eq!(event.name(), "lazy_cut");
        assert_eq!(event.node(), Some(9));
        let Event::Chapter(chapter) = &event else {
            panic!("{event:?} is no chapter event");
        };
        assert_eq!(chapter.field("margin"), Some(&Value::from(64)));
        assert_eq!(event.to_line().unwrap(), line);
    }

    #[test]
    fn a_known_event_with_a_field_missing_is_refused() {
        let error = Event::from_line(r#"{"event":"cut","node":3}"#).unwrap_err();
        assert!(
            error.to_string().contains("missing field `move`"),
            "{error}"
        );
        assert!(Event::from_line("[1,2]").is_err());
        assert!(Event::from_line(r#"{"node":3}"#).is_err());
    }
}
