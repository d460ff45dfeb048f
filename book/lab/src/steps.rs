//! A record kept where it was made, in the module, with an index of it,
//! and what the page's stepper asks of it.
//!
//! The page never holds a search's record made in the lab: a record of
//! 500,000 nodes is a hundred megabytes of text, and reading it whole in
//! JavaScript (a `JSON.parse` a line, each node's facts beside it) took
//! the page seconds. [`Steps::new`] indexes the record's text in one pass
//! (for each step, the line's place, its kind and the node it concerns;
//! for each node, its window, value, parent and children, and where it
//! is entered and left), and the stepper asks for what it shows
//! ([`Steps::view`]): the node at the cursor with its facts, its moves and
//! the lines it needs; and where a key takes the cursor ([`Steps::into_child`],
//! [`Steps::out`], [`Steps::next`], [`follow`]). Steps count the events
//! after the header from 0, as the stepper and [`NodeFacts`] count them.
//!
//! A node's facts are worked out when it is shown, with the record
//! reader's rules ([`Bounded`], [`SoFar`], [`Moment`]), and are the same as
//! [`lamosca_reader::Record::facts`] gives for the whole record (the tests
//! compare them node by node).

use std::borrow::Cow;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::io;

use anyhow::{anyhow, bail, Context, Result};
use serde::Deserialize;
use serde_json::{json, Map, Value};

use common::Position;
use lamosca_reader::{event_name, Bound, Bounded, Moment, MoveName, NodeFacts, SoFar};
use lamosca_search::events::StepKind;

/// The kinds of line the stepper tells apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Node,
    Result,
    Swap,
    Cut,
    Moves,
    Other,
}

/// No node: ids count from 1.
const NONE: u32 = 0;
/// A step not reached: a node not left yet, no cut.
const NEVER: u32 = u32::MAX;
/// A node whose line names no kind.
const NO_KIND: u8 = u8::MAX;

/// What the index keeps of one node.
#[derive(Clone, Debug)]
struct Node {
    parent: u32,
    level: u32,
    mv: Option<MoveName>,
    alpha: Option<i32>,
    beta: Option<i32>,
    /// Its kind of search, by its place in `kind_names`; `NO_KIND`
    /// when the line names none.
    kind: u8,
    value: Option<i32>,
    best: Option<MoveName>,
    enter: u32,
    exit: u32,
    first_child: u32,
    next_sibling: u32,
    /// How many nodes before it had its path.
    twin: u32,
    /// The first node with its path.
    path_first: u32,
    /// The next node with its path.
    next_twin: u32,
}

/// A record's text with its index.
pub struct Steps {
    text: Pieces,
    header: Value,
    report: Option<Value>,
    /// Where each step's line starts, from the record's start.
    offsets: Vec<u32>,
    kinds: Vec<Kind>,
    /// The node each step concerns, `NONE` for a line that names none.
    subjects: Vec<u32>,
    /// The node the stepper shows at each step.
    focus: Vec<u32>,
    /// The nodes, node `id` at `id - 1`.
    nodes: Vec<Node>,
    /// The first node of each path, by the first node of its parent's path
    /// and its move.
    first: HashMap<(u32, MoveName), u32, BuildHasherDefault<Fx>>,
    /// The largest value the window line must show, at least 100.
    extent: f64,
    /// The kinds of search the nodes name (`main`, `quiescence`, ...).
    kind_names: Vec<String>,
    /// While indexing: each node's last child so far, by id.
    last_child: Vec<u32>,
}

/// How much a piece of a record holds before the next is begun.
const PIECE: usize = 4 << 20;

/// A record's text in pieces of whole lines: written by the recorder as
/// the search goes, it never grows by copying the whole record into a
/// buffer twice its size, as one buffer doubling would (for a record of
/// 150 MB, some 400 MB at the moment of the copy).
#[derive(Debug, Default)]
pub struct Pieces {
    pieces: Vec<Vec<u8>>,
    /// Where each piece starts, from the record's start.
    starts: Vec<usize>,
    len: usize,
}

impl Pieces {
    /// The record's length in bytes.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True for no text at all.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Every line, without its newline, in order.
    fn lines(&self) -> impl Iterator<Item = &[u8]> + '_ {
        self.pieces.iter().flat_map(|piece| {
            let piece = piece.strip_suffix(b"\n").unwrap_or(piece);
            piece.split(|&byte| byte == b'\n')
        })
    }

    /// The line that starts at `offset`, without its newline.
    fn line_at(&self, offset: usize) -> &[u8] {
        let piece = self.starts.partition_point(|&start| start <= offset) - 1;
        let rest = &self.pieces[piece][offset - self.starts[piece]..];
        let end = rest
            .iter()
            .position(|&byte| byte == b'\n')
            .unwrap_or(rest.len());
        &rest[..end]
    }
}

impl From<Vec<u8>> for Pieces {
    fn from(text: Vec<u8>) -> Pieces {
        let mut pieces = Pieces::default();
        if !text.is_empty() {
            pieces.len = text.len();
            pieces.starts.push(0);
            pieces.pieces.push(text);
        }
        pieces
    }
}

impl io::Write for Pieces {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let full = self
            .pieces
            .last()
            .is_none_or(|last| last.len() + bytes.len() > last.capacity());
        if full {
            // The line under way moves to the next piece, so that no line
            // is cut in two.
            let (carried, start) = match self.pieces.last_mut() {
                Some(last) => {
                    let cut = last
                        .iter()
                        .rposition(|&byte| byte == b'\n')
                        .map_or(0, |at| at + 1);
                    let carried = last.split_off(cut);
                    (carried, self.starts.last().copied().unwrap_or(0) + cut)
                }
                None => (Vec::new(), 0),
            };
            let mut next = Vec::with_capacity(PIECE.max(carried.len() + bytes.len()));
            next.extend_from_slice(&carried);
            if self.pieces.last().is_some_and(Vec::is_empty) {
                self.pieces.pop();
                self.starts.pop();
            }
            self.pieces.push(next);
            self.starts.push(start);
        }
        if let Some(last) = self.pieces.last_mut() {
            last.extend_from_slice(bytes);
        }
        self.len += bytes.len();
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A `node` line's fields.
#[derive(Deserialize)]
struct NodeLine<'a> {
    id: u32,
    parent: Option<u32>,
    level: u32,
    #[serde(rename = "move", borrow)]
    mv: Option<&'a str>,
    alpha: Option<i32>,
    beta: Option<i32>,
    #[serde(borrow)]
    kind: Option<&'a str>,
}

/// A `result` line's fields.
#[derive(Deserialize)]
struct ResultLine<'a> {
    node: u32,
    value: Option<i32>,
    #[serde(borrow)]
    best: Option<&'a str>,
}

/// The fields of any other line the index reads.
#[derive(Deserialize)]
struct OtherLine {
    node: Option<u32>,
    value: Option<Value>,
}

/// The fields a node's moments are read from, as the record's reader
/// reads them.
#[derive(Deserialize)]
struct MomentLine<'a> {
    #[serde(borrow)]
    event: &'a str,
    value: Option<i64>,
    cut: Option<bool>,
    #[serde(rename = "move", borrow)]
    mv: Option<&'a str>,
}

/// A hasher for the index's keys, a node id and a move: a multiply and
/// a rotation a word, as the Rust compiler's own `FxHasher` does, where
/// the standard one guards against inputs made to collide, which a record
/// the module wrote is not.
#[derive(Default)]
struct Fx(u64);

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.add(u64::from(byte));
        }
    }

    fn write_u32(&mut self, word: u32) {
        self.add(u64::from(word));
    }

    fn write_usize(&mut self, word: usize) {
        self.add(word as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl Fx {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// Reads a line written as the workspace's recorder writes it, field by
/// field in its order; `None` as soon as it is written otherwise, and the
/// line is then read by `serde_json`.
struct Cursor<'a>(&'a [u8]);

impl<'a> Cursor<'a> {
    fn tag(&mut self, tag: &[u8]) -> Option<()> {
        self.0 = self.0.strip_prefix(tag)?;
        Some(())
    }

    fn null(&mut self) -> bool {
        self.tag(b"null").is_some()
    }

    fn int(&mut self) -> Option<i32> {
        let negative = self.0.first() == Some(&b'-');
        let digits = &self.0[usize::from(negative)..];
        let count = digits
            .iter()
            .take_while(|byte| byte.is_ascii_digit())
            .count();
        if count == 0 || count > 9 {
            return None;
        }
        let value = digits[..count]
            .iter()
            .fold(0i32, |value, &digit| value * 10 + i32::from(digit - b'0'));
        self.0 = &digits[count..];
        Some(if negative { -value } else { value })
    }

    fn id(&mut self) -> Option<u32> {
        u32::try_from(self.int()?).ok()
    }

    fn string(&mut self) -> Option<&'a str> {
        let rest = self.0.strip_prefix(b"\"")?;
        let end = rest
            .iter()
            .position(|&byte| byte == b'"' || byte == b'\\')?;
        if rest[end] != b'"' {
            return None;
        }
        self.0 = &rest[end + 1..];
        std::str::from_utf8(&rest[..end]).ok()
    }

    fn end(&self) -> Option<()> {
        (self.0 == b"}").then_some(())
    }
}

/// A `node` line as the recorder writes it.
fn fast_node(line: &[u8]) -> Option<NodeLine<'_>> {
    let mut at = Cursor(line.strip_prefix(br#"{"event":"node","id":"#)?);
    let id = at.id()?;
    at.tag(br#","parent":"#)?;
    let parent = if at.null() { None } else { Some(at.id()?) };
    at.tag(br#","level":"#)?;
    let level = at.id()?;
    at.tag(br#","move":"#)?;
    let mv = if at.null() { None } else { Some(at.string()?) };
    at.tag(br#","alpha":"#)?;
    let alpha = Some(at.int()?);
    at.tag(br#","beta":"#)?;
    let beta = Some(at.int()?);
    at.tag(br#","kind":"#)?;
    let kind = Some(at.string()?);
    at.end()?;
    Some(NodeLine {
        id,
        parent,
        level,
        mv,
        alpha,
        beta,
        kind,
    })
}

/// A `result` line as the recorder writes it.
fn fast_result(line: &[u8]) -> Option<ResultLine<'_>> {
    let mut at = Cursor(line.strip_prefix(br#"{"event":"result","node":"#)?);
    let node = at.id()?;
    at.tag(br#","value":"#)?;
    let value = Some(at.int()?);
    at.tag(br#","best":"#)?;
    let best = if at.null() { None } else { Some(at.string()?) };
    at.end()?;
    Some(ResultLine { node, value, best })
}

/// Any other line's node, when it names one as its second field, and,
/// for a cut or another step's event, its `value` when it is a number
/// (a swap's and a move list's fields hold none).
fn fast_other(line: &[u8], kind: Kind) -> Option<(Option<u32>, Option<f64>)> {
    let rest = line.strip_prefix(br#"{"event":""#)?;
    let rest = &rest[rest.iter().position(|&byte| byte == b'"')? + 1..];
    let node = match rest.strip_prefix(br#","node":"#) {
        Some(rest) => Some(Cursor(rest).id()?),
        None if rest == b"}" => None,
        None => return None,
    };
    let value = match kind {
        Kind::Swap | Kind::Moves => None,
        _ => {
            let key = br#""value":"#;
            match line.windows(key.len()).position(|window| window == key) {
                // A value that is no plain number is read by serde_json.
                Some(at) => Some(f64::from(Cursor(&line[at + key.len()..]).int()?)),
                None => None,
            }
        }
    };
    Some((node, value))
}

fn move_name(mv: Option<&str>, line: usize) -> Result<Option<MoveName>> {
    mv.map(|mv| MoveName::new(mv).ok_or_else(|| anyhow!("line {line}: no move '{mv}'")))
        .transpose()
}

impl Steps {
    /// Indexes the record in `text`, in one pass over its lines.
    pub fn new(text: impl Into<Pieces>) -> Result<Steps> {
        let text = text.into();
        let mut lines = text.lines();
        let first = lines.next().unwrap_or_default();
        let header: Value = serde_json::from_slice(first).context("line 1: not the header")?;
        if header.get("event").and_then(Value::as_str) != Some("search") {
            bail!("line 1: the first event is not `search`");
        }
        let mut steps = Steps {
            header,
            report: None,
            offsets: Vec::new(),
            kinds: Vec::new(),
            subjects: Vec::new(),
            focus: Vec::new(),
            nodes: Vec::new(),
            first: HashMap::default(),
            extent: 100.0,
            kind_names: Vec::new(),
            last_child: Vec::new(),
            text: Pieces::default(),
        };
        let mut offset = first.len() + 1;
        let (mut current, mut open) = (NONE, Vec::new());
        for (i, line) in lines.enumerate() {
            let at = u32::try_from(offset).context("a record over 4 GB")?;
            offset += line.len() + 1;
            let number = i + 2;
            if line.is_empty() {
                continue;
            }
            if event_name(line) == Some("report") {
                steps.report = Some(serde_json::from_slice(line).context("the report")?);
                continue;
            }
            let step = steps.kinds.len() as u32;
            current = steps
                .take(line, number, step, current, &mut open)
                .with_context(|| format!("line {number}"))?;
            steps.offsets.push(at);
            steps.focus.push(current);
        }
        if steps.nodes.is_empty() {
            bail!("the record has no node");
        }
        steps.text = text;
        steps.last_child = Vec::new();
        Ok(steps)
    }

    /// Reads one step's line; the node the stepper shows after it.
    fn take(
        &mut self,
        line: &[u8],
        number: usize,
        step: u32,
        current: u32,
        open: &mut Vec<u32>,
    ) -> Result<u32> {
        let (kind, subject, next) = match event_name(line) {
            Some("node") => {
                let node = match fast_node(line) {
                    Some(node) => node,
                    None => serde_json::from_slice(line)?,
                };
                let id = self.enter(node, number, step)?;
                open.push(id);
                (Kind::Node, id, id)
            }
            Some("result") => {
                let result = match fast_result(line) {
                    Some(result) => result,
                    None => serde_json::from_slice(line)?,
                };
                let node = self.node_mut(result.node)?;
                node.exit = step;
                node.value = result.value;
                node.best = move_name(result.best, number)?;
                let parent = node.parent;
                self.widen(result.value.map(f64::from));
                open.pop();
                let shown = if parent == NONE { result.node } else { parent };
                (Kind::Result, result.node, shown)
            }
            name => {
                let kind = match name {
                    Some("swap") => Kind::Swap,
                    Some("cut") => Kind::Cut,
                    Some("moves") => Kind::Moves,
                    _ => Kind::Other,
                };
                let node = match fast_other(line, kind) {
                    Some((node, value)) => {
                        self.widen(value);
                        node
                    }
                    None => {
                        let other: OtherLine = serde_json::from_slice(line)?;
                        self.widen(other.value.as_ref().and_then(Value::as_f64));
                        other.node
                    }
                };
                match node {
                    Some(node) => {
                        self.node_mut(node)?;
                        (kind, node, node)
                    }
                    None => (kind, NONE, current),
                }
            }
        };
        self.kinds.push(kind);
        self.subjects.push(subject);
        Ok(next)
    }

    /// A `node` line: the node, linked to its parent and its twins.
    fn enter(&mut self, line: NodeLine<'_>, number: usize, step: u32) -> Result<u32> {
        let id = self.nodes.len() as u32 + 1;
        if line.id != id {
            bail!("node {} comes where node {id} should", line.id);
        }
        let parent = line.parent.unwrap_or(NONE);
        if parent != NONE {
            self.node_mut(parent)?;
        }
        let mv = move_name(line.mv, number)?;
        let kind = self.kind_of(line.kind)?;
        self.widen(line.alpha.map(f64::from));
        self.widen(line.beta.map(f64::from));
        self.nodes.push(Node {
            parent,
            level: line.level,
            mv,
            alpha: line.alpha,
            beta: line.beta,
            kind,
            value: None,
            best: None,
            enter: step,
            exit: NEVER,
            first_child: NONE,
            next_sibling: NONE,
            twin: 0,
            path_first: id,
            next_twin: NONE,
        });
        if parent != NONE {
            self.link(parent, id);
        }
        self.twin(id);
        Ok(id)
    }

    /// Links child `id` after its parent's last child.
    fn link(&mut self, parent: u32, id: u32) {
        self.last_child.resize(self.nodes.len() + 1, NONE);
        match std::mem::replace(&mut self.last_child[parent as usize], id) {
            NONE => self.nodes[parent as usize - 1].first_child = id,
            last => self.nodes[last as usize - 1].next_sibling = id,
        }
    }

    /// Node `id`'s path, named by the first node that had it, and its twin:
    /// how many nodes had it before. A re-search has its parent's path.
    fn twin(&mut self, id: u32) {
        let node = &self.nodes[id as usize - 1];
        let moved = node.mv.filter(|_| !self.is_research(id));
        let first = match (node.parent, moved) {
            (NONE, _) => *self.first.entry((NONE, MoveName::default())).or_insert(id),
            (parent, None) => self.nodes[parent as usize - 1].path_first,
            (parent, Some(mv)) => {
                let parent_first = self.nodes[parent as usize - 1].path_first;
                *self.first.entry((parent_first, mv)).or_insert(id)
            }
        };
        self.nodes[id as usize - 1].path_first = first;
        if first == id {
            return;
        }
        let (mut last, mut count) = (first, 1);
        while self.nodes[last as usize - 1].next_twin != NONE {
            last = self.nodes[last as usize - 1].next_twin;
            count += 1;
        }
        self.nodes[last as usize - 1].next_twin = id;
        self.nodes[id as usize - 1].twin = count;
    }

    /// A kind's place in `kind_names`, added when new.
    fn kind_of(&mut self, kind: Option<&str>) -> Result<u8> {
        let Some(kind) = kind else {
            return Ok(NO_KIND);
        };
        let place = match self.kind_names.iter().position(|name| name == kind) {
            Some(place) => place,
            None => {
                self.kind_names.push(kind.to_string());
                self.kind_names.len() - 1
            }
        };
        u8::try_from(place)
            .ok()
            .filter(|&place| place != NO_KIND)
            .ok_or_else(|| anyhow!("more kinds of node than the index holds"))
    }

    fn widen(&mut self, value: Option<f64>) {
        if let Some(value) = value.filter(|value| value.is_finite()) {
            self.extent = self.extent.max(value.abs());
        }
    }

    fn node_mut(&mut self, id: u32) -> Result<&mut Node> {
        self.nodes
            .get_mut((id as usize).wrapping_sub(1))
            .ok_or_else(|| anyhow!("node {id}, which was not entered"))
    }

    fn node(&self, id: u32) -> &Node {
        &self.nodes[id as usize - 1]
    }

    /// True for a re-search: its parent's position searched again, at its
    /// parent's level (`Record::is_research`).
    fn is_research(&self, id: u32) -> bool {
        let node = self.node(id);
        node.parent != NONE && self.node(node.parent).level == node.level
    }

    /// The number of steps, the events between the header and the report.
    pub fn len(&self) -> u32 {
        self.kinds.len() as u32
    }

    /// True when the record has no step (never, once indexed).
    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }

    /// The record's text, as it was made: in one piece, or else copied
    /// into one.
    pub fn text(&self) -> Cow<'_, [u8]> {
        match self.text.pieces.as_slice() {
            [one] => Cow::Borrowed(one.as_slice()),
            pieces => Cow::Owned(pieces.concat()),
        }
    }

    /// What the stepper knows of the record before any step: its header,
    /// report, numbers of steps and nodes, the window line's extent, and
    /// its size in bytes.
    pub fn summary(&self) -> Value {
        json!({
            "bytes": self.text.len(),
            "header": self.header,
            "report": self.report,
            "steps": self.len(),
            "nodes": self.nodes.len(),
            "extent": self.extent,
        })
    }

    fn line(&self, step: u32) -> &[u8] {
        self.text.line_at(self.offsets[step as usize] as usize)
    }

    fn event(&self, step: u32) -> Result<Value> {
        serde_json::from_slice(self.line(step)).with_context(|| format!("step {step}"))
    }

    /// The children of `id`, in the order entered.
    fn children(&self, id: u32) -> impl Iterator<Item = u32> + '_ {
        let first = self.node(id).first_child;
        std::iter::successors((first != NONE).then_some(first), |&child| {
            let next = self.node(child).next_sibling;
            (next != NONE).then_some(next)
        })
    }

    /// Node `id`'s own steps and its children's returns, in order: a step
    /// of its own with `None`, a child's `result` with the child.
    fn own_steps(&self, id: u32) -> Vec<(u32, Option<u32>)> {
        let node = self.node(id);
        let end = node.exit.min(self.len().saturating_sub(1));
        let mut own = Vec::new();
        let mut step = node.enter;
        while step <= end {
            if step != node.enter && self.kinds[step as usize] == Kind::Node {
                let child = self.subjects[step as usize];
                let exit = self.node(child).exit;
                if exit == NEVER {
                    break;
                }
                own.push((exit, Some(child)));
                step = exit + 1;
            } else {
                own.push((step, None));
                step += 1;
            }
        }
        own
    }

    /// The move the stepper names a node by: a re-search's is its
    /// parent's, a root has none.
    fn shown_move(&self, id: u32) -> Option<MoveName> {
        let node = self.node(id);
        match node.parent {
            NONE => None,
            parent if self.is_research(id) => self.shown_move(parent),
            _ => node.mv,
        }
    }

    /// The moves from the root to `id`; a re-search adds none.
    fn path(&self, id: u32) -> Vec<MoveName> {
        let mut path = Vec::new();
        let mut at = id;
        while at != NONE {
            if !self.is_research(at) {
                path.extend(self.node(at).mv);
            }
            at = self.node(at).parent;
        }
        path.reverse();
        path
    }

    /// The depth a re-search searched: the `deepened` line its parent
    /// writes once it has returned.
    fn research_depth(&self, id: u32) -> Result<Option<i64>> {
        let (parent, exit) = (self.node(id).parent, self.node(id).exit);
        for (step, child) in self.own_steps(parent) {
            let deepened = event_name(self.line(step))
                .and_then(StepKind::from_name)
                .is_some_and(|kind| kind == StepKind::Deepened);
            if child.is_none() && step > exit && deepened {
                return Ok(self.event(step)?.get("depth").and_then(Value::as_i64));
            }
        }
        Ok(None)
    }

    /// What the stepper shows of node `id`, as [`Record::facts`] gives it
    /// (`lamosca_reader::Record::facts`); with `whole` false, only what a
    /// row of its parent shows: no position, no moments.
    pub fn facts(&self, id: u32, whole: bool) -> Result<NodeFacts> {
        let node = self.node(id);
        let research = self.is_research(id);
        let path = self.path(id);
        let value = Bounded::of(
            node.value.unwrap_or(0),
            node.alpha.unwrap_or(i32::MIN),
            node.beta.unwrap_or(i32::MAX),
        );
        let worth = if research { value } else { value.turned() };
        let reply = self.cut_move(id)?.or(node.best);
        let mut facts = NodeFacts {
            path: path
                .iter()
                .map(MoveName::as_str)
                .collect::<Vec<_>>()
                .join(" "),
            twin: node.twin,
            research,
            fen: String::new(),
            value: value.to_string(),
            worth: worth.to_string(),
            refuted: worth.bound == Bound::Upper,
            reply: reply.map(|mv| mv.to_string()),
            depth: if research {
                self.research_depth(id)?
            } else {
                None
            },
            so_far: Vec::new(),
            cutoff: None,
        };
        if whole {
            facts.fen = self.fen(&path)?;
            self.add_moments(id, &mut facts)?;
        }
        Ok(facts)
    }

    /// The move of node `id`'s last `cut` line, if it has one.
    fn cut_move(&self, id: u32) -> Result<Option<MoveName>> {
        let mut cut = None;
        for (step, child) in self.own_steps(id) {
            if child.is_none() && self.kinds[step as usize] == Kind::Cut {
                let event = self.event(step)?;
                cut = event
                    .get("move")
                    .and_then(Value::as_str)
                    .and_then(MoveName::new);
            }
        }
        Ok(cut)
    }

    fn fen(&self, path: &[MoveName]) -> Result<String> {
        let fen = self
            .header
            .get("fen")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let mut position =
            Position::from_fen(fen).map_err(|error| anyhow!("bad fen in the header: {error}"))?;
        for mv in path {
            let legal = position
                .parse_move_or_pass(mv.as_str())
                .with_context(|| format!("the path breaks at {mv}"))?;
            position.make(legal);
        }
        Ok(position.to_fen())
    }

    /// Node `id`'s moments, by the record reader's rules: each step at
    /// which its best value so far rose, and the step of its cut.
    fn add_moments(&self, id: u32, facts: &mut NodeFacts) -> Result<()> {
        let mut so_far = SoFar::default();
        for (step, child) in self.own_steps(id) {
            let raised = match child {
                // A child's return offers its value turned to this node's
                // side; a re-search offers nothing (`SoFar::returned`).
                Some(child) => so_far.take(Moment {
                    stand_pat: (!self.is_research(child))
                        .then(|| -self.node(child).value.unwrap_or(0)),
                    cutoff: None,
                }),
                None if step == self.node(id).enter => false,
                None => {
                    let line = self.line(step);
                    if !event_name(line).is_some_and(Moment::may_say) {
                        continue;
                    }
                    let fields: MomentLine = serde_json::from_slice(line)?;
                    let moment =
                        Moment::from_fields(fields.event, fields.value, fields.cut, fields.mv);
                    let raised = so_far.take(moment);
                    if facts.cutoff.is_none() {
                        facts.cutoff = so_far.cutoff().map(|cut| (step, cut.words()));
                    }
                    raised
                }
            };
            if raised {
                facts.so_far.push((step, so_far.value()));
            }
        }
        Ok(())
    }
}

/// A node as the stepper's view holds it; `whole` for the node shown, with
/// its moves, swaps, cut and notes, and its children's ids.
impl Steps {
    fn node_json(&self, id: u32, whole: bool) -> Result<Value> {
        let node = self.node(id);
        let step_or_none = |step: u32| {
            if step == NEVER {
                json!(-1)
            } else {
                json!(step)
            }
        };
        let mut fields = json!({
            "id": id,
            "parent": (node.parent != NONE).then_some(node.parent),
            "level": node.level,
            "move": self.shown_move(id).map(|mv| mv.to_string()),
            "again": self.is_research(id),
            "alpha": node.alpha,
            "beta": node.beta,
            "kind": self.kind_names.get(usize::from(node.kind)),
            "enter": node.enter,
            "exit": step_or_none(node.exit),
            "value": node.value,
            "best": node.best.map(|mv| mv.to_string()),
            "facts": self.facts(id, whole)?,
        });
        if whole {
            let (mut swaps, mut notes, mut moves, mut cut) =
                (Vec::new(), Vec::new(), json!([]), NEVER);
            for (step, child) in self.own_steps(id) {
                if child.is_some() || self.subjects[step as usize] != id {
                    continue;
                }
                match self.kinds[step as usize] {
                    Kind::Swap => swaps.push(step),
                    Kind::Cut => cut = step,
                    Kind::Moves => {
                        moves = self.event(step)?.get("moves").cloned().unwrap_or(json!([]))
                    }
                    Kind::Other => notes.push(step),
                    Kind::Node | Kind::Result => {}
                }
            }
            let children: Vec<u32> = self.children(id).collect();
            if let Value::Object(map) = &mut fields {
                map.insert("path".into(), json!(self.path_text(id)));
                map.insert("swaps".into(), json!(swaps));
                map.insert("notes".into(), json!(notes));
                map.insert("moves".into(), moves);
                map.insert("cut".into(), step_or_none(cut));
                map.insert("children".into(), json!(children));
            }
        }
        Ok(fields)
    }

    fn path_text(&self, id: u32) -> String {
        self.path(id)
            .iter()
            .map(MoveName::as_str)
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// What the stepper draws at `step`, showing node `focus` (by default
    /// the one the step concerns): that node whole, its parent and
    /// children as its rows show them, and the lines the view reads (the
    /// step's own, the node's swaps and its cut), by step.
    pub fn view(&self, step: u32, focus: Option<u32>) -> Result<Value> {
        if step >= self.len() {
            bail!("no step {step}: the record has {}", self.len());
        }
        let focus = focus.unwrap_or(self.focus[step as usize]);
        if focus == NONE || focus as usize > self.nodes.len() {
            bail!("no node {focus}");
        }
        let shown = self.node_json(focus, true)?;
        let mut nodes = vec![shown.clone()];
        let mut ids = vec![focus];
        let parent = self.node(focus).parent;
        ids.extend((parent != NONE).then_some(parent));
        ids.extend(self.children(focus));
        let subject = self.subjects[step as usize];
        if subject != NONE && !ids.contains(&subject) {
            ids.push(subject);
        }
        for &id in &ids[1..] {
            nodes.push(self.node_json(id, false)?);
        }
        let mut lines = Map::new();
        let mut wanted = vec![step];
        wanted.extend(
            shown["swaps"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_u64)
                .map(|s| s as u32),
        );
        let cutoff = shown["facts"]["cutoff"][0].as_u64();
        wanted.extend(cutoff.map(|s| s as u32));
        for at in wanted {
            lines.insert(at.to_string(), self.event(at)?);
        }
        Ok(json!({"step": step, "focus": focus, "nodes": nodes, "lines": lines}))
    }

    /// "Into": the step at which the node shown at `step` enters its next
    /// child, if it does before it returns.
    pub fn into_child(&self, step: u32) -> Option<u32> {
        let focus = *self.focus.get(step as usize)?;
        let mut at = step + 1;
        while at < self.len() {
            let subject = self.subjects[at as usize];
            match self.kinds[at as usize] {
                Kind::Node if self.node(subject).parent == focus => return Some(at),
                Kind::Node => at = self.node(subject).exit.max(at),
                Kind::Result if subject == focus => return None,
                _ => {}
            }
            at += 1;
        }
        None
    }

    /// "Out": the step at which the node shown returns, or, at its own
    /// return, its parent's.
    pub fn out(&self, step: u32) -> Option<u32> {
        let focus = *self.focus.get(step as usize)?;
        let own_end =
            self.kinds[step as usize] == Kind::Result && self.subjects[step as usize] == focus;
        let parent = self.node(focus).parent;
        let target = if own_end && parent != NONE {
            parent
        } else {
            focus
        };
        let exit = self.node(target).exit;
        (exit != NEVER && exit > step).then_some(exit)
    }

    /// The next `cut` or `swap` after `step`.
    pub fn next(&self, kind: &str, step: u32) -> Result<Option<u32>> {
        let kind = match kind {
            "cut" => Kind::Cut,
            "swap" => Kind::Swap,
            other => bail!("no kind '{other}' to step to: cut or swap"),
        };
        Ok((step + 1..self.len()).find(|&at| self.kinds[at as usize] == kind))
    }

    /// The move the line at `step` is about, as the stepper marks its row.
    fn event_move(&self, step: u32) -> Result<Option<String>> {
        let subject = self.subjects[step as usize];
        Ok(match self.kinds[step as usize] {
            Kind::Node | Kind::Result => self.shown_move(subject).map(|mv| mv.to_string()),
            Kind::Swap => self
                .event(step)?
                .get("in")
                .and_then(Value::as_str)
                .map(str::to_string),
            _ => self
                .event(step)?
                .get("move")
                .and_then(Value::as_str)
                .map(str::to_string),
        })
    }

    /// This record's node with the path and twin of `other`'s node `id`,
    /// or its last twin when it has fewer.
    fn twin_of(&self, other: &Steps, id: u32) -> Option<u32> {
        let mut first = *self.first.get(&(NONE, MoveName::default()))?;
        for mv in other.path(id) {
            first = *self.first.get(&(first, mv))?;
        }
        let mut at = first;
        for _ in 0..other.node(id).twin {
            match self.node(at).next_twin {
                NONE => break,
                next => at = next,
            }
        }
        Some(at)
    }
}

/// Where the stepper's second record stands when the first is at `step`:
/// its step, the node it shows, and, when it never reached the first's
/// node, why (the stepper's lockstep by path, as `follow` in
/// `book/stepper/stepper.js` does it for the chapters' records).
pub fn follow(leader: &Steps, follower: &Steps, step: u32) -> Result<Value> {
    if step >= leader.len() {
        bail!("no step {step}: the record has {}", leader.len());
    }
    let focus = leader.focus[step as usize];
    let kind = leader.kinds[step as usize];
    if let Some(twin) = follower.twin_of(leader, focus) {
        let node = follower.node(twin);
        let cut = follower.node_json(twin, true)?;
        let cut_step = cut["cut"].as_i64().unwrap_or(-1);
        let mut at = i64::from(node.enter);
        if kind == Kind::Result {
            let child = leader.subjects[step as usize];
            let matched = if child == focus {
                Some(twin)
            } else {
                follower.twin_of(leader, child)
            };
            at = match matched {
                Some(matched) => exit_or(follower.node(matched).exit, -1),
                None if cut_step >= 0 => cut_step,
                None => exit_or(node.exit, -1),
            };
        } else if kind == Kind::Cut || kind == Kind::Swap {
            let candidates: Vec<i64> = if kind == Kind::Cut {
                vec![cut_step]
            } else {
                cut["swaps"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_i64)
                    .collect()
            };
            let wanted = leader.event_move(step)?;
            for candidate in candidates.into_iter().filter(|&s| s >= 0) {
                if follower.event_move(candidate as u32)? == wanted {
                    at = candidate;
                    break;
                }
            }
        }
        return Ok(json!({"step": at.max(0), "focusId": twin, "missing": null}));
    }
    missing_place(leader, follower, focus)
}

/// Where the second record stands when it never reached the first's node
/// `focus`: the deepest node of its path it did reach, at the moment it
/// gave the branch up, and why.
fn missing_place(leader: &Steps, follower: &Steps, focus: u32) -> Result<Value> {
    let mut prefix = leader.node(focus).parent;
    let mut reached = None;
    while prefix != NONE && reached.is_none() {
        reached = follower.twin_of(leader, prefix);
        prefix = leader.node(prefix).parent;
    }
    let reached = reached.unwrap_or(follower.focus[0]);
    let shown = follower.node_json(reached, true)?;
    let cut_step = shown["cut"].as_i64().unwrap_or(-1);
    let node = follower.node(reached);
    let at = if cut_step >= 0 {
        cut_step
    } else if node.exit != NEVER {
        i64::from(node.exit)
    } else {
        i64::from(node.enter)
    };
    let cut = if cut_step >= 0 {
        let mv = follower
            .event(cut_step as u32)?
            .get("move")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        format!(": {mv} cut it off at node {reached}")
    } else {
        String::new()
    };
    let version = follower
        .header
        .get("version")
        .and_then(Value::as_str)
        .filter(|v| !v.is_empty())
        .unwrap_or("this search");
    let missing = format!("{version} never visits {}{cut}.", leader.path_text(focus));
    Ok(json!({"step": at, "focusId": reached, "missing": missing}))
}

fn exit_or(exit: u32, none: i64) -> i64 {
    if exit == NEVER {
        none
    } else {
        i64::from(exit)
    }
}

/// The records the module keeps, by handle.
#[derive(Default)]
pub struct Kept {
    records: HashMap<u32, Steps>,
    next: u32,
}

impl Kept {
    /// Keeps `steps`; its handle.
    pub fn keep(&mut self, steps: Steps) -> u32 {
        self.next += 1;
        self.records.insert(self.next, steps);
        self.next
    }

    /// The record kept under `handle`.
    pub fn get(&self, handle: u32) -> Result<&Steps> {
        self.records
            .get(&handle)
            .ok_or_else(|| anyhow!("no record {handle}: it was let go, or never kept"))
    }

    /// Lets the record under `handle` go; true when there was one.
    pub fn release(&mut self, handle: u32) -> bool {
        self.records.remove(&handle).is_some()
    }
}
