//! A search tree small enough to draw: NegaMax's full tree above the tree
//! alpha-beta searches, with its cut-offs marked.
//!
//! Both trees are the engines' own: `lamosca-v07` and `lamosca-v09` search
//! the position with every level recorded ([`crate::draw::recorded`]), and
//! the trees are read from their records' events: each `node` event is a
//! box, each `result` its value, each `cut` a red edge, each `moves` list
//! the ordering values, each `swap` a move that `pick` brought forward. What alpha-beta never visited is taken from
//! NegaMax's record of the same position, in the order the moves were
//! still waiting in when the cut came: the moves as generated (NegaMax's
//! order), with the node's recorded swaps replayed on them.
//!
//! The drawing is SVG written as text, like [`crate::draw::diagram`]: the same
//! tree always gives the same bytes. Nodes are boxes holding the value of
//! the position for the side to move there; the move that leads to a node
//! is written above it. In the alpha-beta tree, a value that is only a
//! bound carries `≥` (the node failed high: at least this much) or `≤` (no
//! move reached alpha: at most this much); the window each inner node was
//! searched with is written beside it; the move that reached beta is red,
//! and what it spared, the moves after it and everything below them, is
//! drawn dashed and grey, without values, since nobody computed them.

use std::fmt::Write as _;

use anyhow::{anyhow, bail, Result};
use common::{Move, Position};
use lamosca_record::Event;
use lamosca_search::INFINITY;

use crate::draw::diagram::{self, Marks};
use crate::draw::recorded::record;
use crate::files::Generated;
use crate::markdown::{code, GENERATED_NOTE};

/// The position drawn: both kings and every piece but four pawns are
/// stuck, so each side has two or three moves at each node, and the first
/// captures and recaptures give the leaves different values.
pub const TREE_FEN: &str = "6bk/5p1p/5P1P/8/8/pp6/PP6/K7 w - - 0 1";

/// How deep the drawn trees go.
pub const TREE_DEPTH: u32 = 3;

/// What a node's value says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// The node's exact value.
    Exact(i32),
    /// A fail-high node: worth at least this (its beta).
    AtLeast(i32),
    /// A node where no move reached alpha: worth at most this.
    AtMost(i32),
    /// A node the search never visited.
    Unsearched,
}

impl Value {
    /// The number, for a node that was searched.
    pub fn number(self) -> Option<i32> {
        match self {
            Value::Exact(v) | Value::AtLeast(v) | Value::AtMost(v) => Some(v),
            Value::Unsearched => None,
        }
    }
}

/// One node of a recorded tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The move that leads here from the parent; `None` at the root.
    pub mv: Option<Move>,
    /// The value, from the side to move here.
    pub value: Value,
    /// The window the node was searched with (alpha-beta only).
    pub window: Option<(i32, i32)>,
    /// True when this node's move made its parent fail high.
    pub cut: bool,
    /// The value the move ordering gave this node's move, from the
    /// parent's recorded move list (alpha-beta only).
    pub order: Option<i32>,
    /// The swaps `pick` made at this node, in order: the move brought
    /// forward and its ordering value, the move it took the place of and
    /// its value.
    pub swaps: Vec<(Move, i32, Move, i32)>,
    /// The children, in the order they were searched; children never
    /// searched come last, in the order they were waiting in.
    pub children: Vec<Node>,
}

impl Node {
    /// The nodes the search visited, this one included.
    pub fn searched(&self) -> u64 {
        if self.value == Value::Unsearched {
            return 0;
        }
        1 + self.children.iter().map(Node::searched).sum::<u64>()
    }

    /// All the nodes of the tree, searched or not.
    pub fn size(&self) -> u64 {
        1 + self.children.iter().map(Node::size).sum::<u64>()
    }

    /// The leaves the search evaluated.
    pub fn leaves_searched(&self) -> u64 {
        match (&self.value, self.children.is_empty()) {
            (Value::Unsearched, _) => 0,
            (_, true) => 1,
            (_, false) => self.children.iter().map(Node::leaves_searched).sum(),
        }
    }

    /// The number of leaves drawn below (or at) this node.
    fn width(&self) -> usize {
        if self.children.is_empty() {
            1
        } else {
            self.children.iter().map(Node::width).sum()
        }
    }

    /// The child reached by `mv`.
    fn child(&self, mv: Move) -> Option<&Node> {
        self.children.iter().find(|child| child.mv == Some(mv))
    }

    /// The same subtree, every node marked as never searched.
    fn unsearched(&self) -> Node {
        Node {
            mv: self.mv,
            value: Value::Unsearched,
            window: None,
            cut: false,
            order: None,
            swaps: Vec::new(),
            children: self.children.iter().map(Node::unsearched).collect(),
        }
    }
}

/// A recorded search: the tree, its value and the move chosen at the root.
#[derive(Clone, Debug)]
pub struct Recorded {
    /// The root of the tree.
    pub root: Node,
    /// The root's value.
    pub value: i32,
    /// The root's move.
    pub best: Option<Move>,
}

/// A node as its record tells it, before it becomes a [`Node`].
#[derive(Clone, Debug, Default)]
struct Entered {
    mv: Option<String>,
    window: (i32, i32),
    value: Option<i32>,
    best: Option<String>,
    cut: Option<String>,
    swaps: Vec<(String, i32, String, i32)>,
    /// The node's moves with their ordering values, as generated.
    moves: Vec<(String, i32)>,
    children: Vec<usize>,
}

/// The tree of a record, node by node: entry `id - 1` is node `id`.
fn entered(events: &[Event]) -> Result<Vec<Entered>> {
    let mut nodes: Vec<Entered> = Vec::new();
    for event in events {
        match event {
            Event::Node(entry) => {
                if entry.id as usize != nodes.len() + 1 {
                    bail!("node {} entered out of order", entry.id);
                }
                if let Some(parent) = entry.parent {
                    let parent = nodes
                        .get_mut(parent as usize - 1)
                        .ok_or_else(|| anyhow!("node {} has no parent {parent}", entry.id))?;
                    parent.children.push(entry.id as usize - 1);
                }
                nodes.push(Entered {
                    mv: entry.mv.clone(),
                    window: (entry.alpha, entry.beta),
                    ..Entered::default()
                });
            }
            Event::Result(result) => {
                let node = node_mut(&mut nodes, result.node)?;
                node.value = Some(result.value);
                node.best = result.best.clone();
            }
            Event::Cut(cut) => node_mut(&mut nodes, cut.node)?.cut = Some(cut.mv.clone()),
            Event::Moves(list) => {
                node_mut(&mut nodes, list.node)?.moves = list
                    .moves
                    .iter()
                    .map(|entry| (entry.mv.clone(), entry.order))
                    .collect();
            }
            Event::Swap(swap) => node_mut(&mut nodes, swap.node)?.swaps.push((
                swap.into.clone(),
                swap.in_value,
                swap.out.clone(),
                swap.out_value,
            )),
            _ => {}
        }
    }
    if nodes.is_empty() {
        bail!("the record has no node");
    }
    Ok(nodes)
}

fn node_mut(nodes: &mut [Entered], id: u32) -> Result<&mut Entered> {
    nodes
        .get_mut((id as usize).wrapping_sub(1))
        .ok_or_else(|| anyhow!("an event names node {id}, never entered"))
}

/// The tree NegaMax's record holds: every node with its exact value.
pub fn negamax_tree(events: &[Event], position: &Position) -> Result<Recorded> {
    let nodes = entered(events)?;
    let root = grow(&nodes, 0, position, None, false)?;
    finish(root, &nodes[0], position)
}

/// The tree alpha-beta's record holds, with the windows, bounds and cuts,
/// and below each cut the subtrees of `full` (NegaMax's tree) it spared.
pub fn alpha_beta_tree(events: &[Event], position: &Position, full: &Node) -> Result<Recorded> {
    let nodes = entered(events)?;
    let root = grow(&nodes, 0, position, Some(full), true)?;
    finish(root, &nodes[0], position)
}

fn finish(root: Node, entry: &Entered, position: &Position) -> Result<Recorded> {
    let value = entry
        .value
        .ok_or_else(|| anyhow!("the root never returned"))?;
    let best = match &entry.best {
        Some(name) => Some(parse(position, name)?),
        None => None,
    };
    Ok(Recorded { root, value, best })
}

fn parse(position: &Position, name: &str) -> Result<Move> {
    position
        .parse_move(name)
        .map_err(|error| anyhow!("the record's move `{name}`: {error}"))
}

/// The ordering value `entry`'s move list gives the move `name`.
fn order_of(entry: &Entered, name: &str) -> Option<i32> {
    entry
        .moves
        .iter()
        .find(|(mv, _)| mv == name)
        .map(|(_, order)| *order)
}

/// Node `index` of a record as a [`Node`]; `full` is NegaMax's node at
/// the same place, which gives the moves the search never tried.
fn grow(
    nodes: &[Entered],
    index: usize,
    position: &Position,
    full: Option<&Node>,
    windows: bool,
) -> Result<Node> {
    let entry = &nodes[index];
    let value = entry
        .value
        .ok_or_else(|| anyhow!("node {} never returned", index + 1))?;
    let mut children = Vec::new();
    let mut raised = false;
    for &child in &entry.children {
        let name = nodes[child].mv.as_deref().unwrap_or_default();
        let mv = parse(position, name)?;
        let mut after = position.clone();
        after.make(mv);
        let twin = full.and_then(|full| full.child(mv));
        let mut node = grow(nodes, child, &after, twin, windows)?;
        node.mv = Some(mv);
        node.cut = entry.cut.as_deref() == Some(name);
        node.order = windows.then(|| order_of(entry, name)).flatten();
        let seen = nodes[child].value.map(|v| -v);
        raised |= seen.is_some_and(|seen| seen > entry.window.0);
        children.push(node);
    }
    let mut swaps = Vec::new();
    for (into, in_value, out, out_value) in &entry.swaps {
        swaps.push((
            parse(position, into)?,
            *in_value,
            parse(position, out)?,
            *out_value,
        ));
    }
    // What a cut spared: NegaMax's moves as generated, with pick's swaps
    // replayed, after the ones tried.
    if let (Some(full), Some(_)) = (full, &entry.cut) {
        let mut waiting: Vec<Move> = full.children.iter().filter_map(|c| c.mv).collect();
        for (into, _, out, _) in &swaps {
            if let (Some(i), Some(o)) = (
                waiting.iter().position(|m| m == into),
                waiting.iter().position(|m| m == out),
            ) {
                waiting.swap(i, o);
            }
        }
        for mv in waiting.into_iter().skip(children.len()) {
            let spared = full
                .child(mv)
                .ok_or_else(|| anyhow!("NegaMax's tree lacks the move {mv}"))?;
            let mut spared = spared.unsearched();
            spared.order = order_of(entry, &mv.to_string());
            children.push(spared);
        }
    }
    let is_root = index == 0;
    let value = match (windows, entry.cut.is_some()) {
        (false, _) => Value::Exact(value),
        (true, true) => Value::AtLeast(value),
        (true, false) if !entry.children.is_empty() && !raised && !is_root => Value::AtMost(value),
        (true, false) => Value::Exact(value),
    };
    Ok(Node {
        mv: None,
        order: None,
        value,
        window: (windows && !entry.children.is_empty()).then_some(entry.window),
        cut: false,
        swaps,
        children,
    })
}

// ---------------------------------------------------------------------------
// The drawing
// ---------------------------------------------------------------------------

/// The horizontal room of one leaf.
const SLOT: i32 = 44;
/// The vertical distance between two levels.
const LEVEL: i32 = 78;
/// A node's box.
const BOX_W: i32 = 40;
const BOX_H: i32 = 22;
/// The margins around a tree.
const MARGIN: i32 = 16;

/// The width of the row labels on the left, when a picture has them.
const RULER: i32 = 190;
/// Room above a tree for its title.
const TITLE: i32 = 34;

const FONT: &str = "'DejaVu Sans', 'Segoe UI', Arial, sans-serif";
const MONO: &str = "'DejaVu Sans Mono', Consolas, monospace";
const INK: &str = "#222";
const GREY: &str = "#9e9e9e";
const CUT: &str = "#c62828";
const CHOSEN: &str = "#2e7d32";
/// The fill of a box whose value is only a bound.
const BOUND_FILL: &str = "#fff3cd";

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A score as the picture writes it: `∞` for the initial window.
fn score(value: i32) -> String {
    match value {
        v if v >= INFINITY => "∞".to_string(),
        v if v <= -INFINITY => "-∞".to_string(),
        v => v.to_string(),
    }
}

fn label(value: Value) -> String {
    match value {
        Value::Exact(v) => score(v),
        Value::AtLeast(v) => format!("≥{}", score(v)),
        Value::AtMost(v) => format!("≤{}", score(v)),
        Value::Unsearched => String::new(),
    }
}

/// Where each node of a tree is drawn, found leaf by leaf from the left.
struct Layout<'a> {
    out: &'a mut String,
    top: i32,
    /// Where the leftmost leaf's slot begins.
    left: i32,
    next_leaf: i32,
    chosen: Option<Move>,
    windows: bool,
}

impl Layout<'_> {
    /// Draws `node` and its subtree; returns the x of its centre.
    fn draw(&mut self, node: &Node, depth: i32, on_chosen_line: bool) -> i32 {
        let y = self.top + depth * LEVEL;
        let centres: Vec<(i32, &Node)> = node
            .children
            .iter()
            .map(|child| {
                let chosen = depth == 0 && child.mv.is_some() && child.mv == self.chosen;
                (self.draw(child, depth + 1, chosen), child)
            })
            .collect();
        let x = match (centres.first(), centres.last()) {
            (Some((first, _)), Some((last, _))) => (first + last) / 2,
            _ => {
                let x = self.left + self.next_leaf * SLOT + SLOT / 2;
                self.next_leaf += 1;
                x
            }
        };
        self.edges(x, y, depth, &centres);
        if let Some(mv) = node.mv {
            self.move_name(mv, node, x, y, on_chosen_line);
        }
        self.node_box(node, x, y);
        x
    }

    /// The edges down to the children, each ending above the move's name:
    /// grey and dashed where unsearched, red where the child cut its node
    /// off, green on the chosen move.
    fn edges(&mut self, x: i32, y: i32, depth: i32, centres: &[(i32, &Node)]) {
        for (cx, child) in centres {
            let searched = child.value != Value::Unsearched;
            let chosen = depth == 0 && child.mv.is_some() && child.mv == self.chosen;
            let (stroke, width) = match (searched, child.cut, chosen) {
                (false, _, _) => (GREY, 1.0),
                (true, true, _) => (CUT, 2.0),
                (true, false, true) => (CHOSEN, 2.0),
                _ => (INK, 1.0),
            };
            let dash = if searched {
                ""
            } else {
                " stroke-dasharray=\"4 3\""
            };
            let _ = writeln!(
                self.out,
                "<line x1=\"{x}\" y1=\"{}\" x2=\"{cx}\" y2=\"{}\" stroke=\"{stroke}\" \
             stroke-width=\"{width}\"{dash}/>",
                y + BOX_H / 2,
                y + LEVEL - BOX_H / 2 - 15
            );
        }
    }

    /// The name of the move that leads to `node`, above its box.
    fn move_name(&mut self, mv: Move, node: &Node, x: i32, y: i32, on_chosen_line: bool) {
        let fill = match (node.value, node.cut, on_chosen_line) {
            (Value::Unsearched, _, _) => GREY,
            (_, true, _) => CUT,
            (_, _, true) => CHOSEN,
            _ => INK,
        };
        let weight = if node.cut || on_chosen_line {
            " font-weight=\"bold\""
        } else {
            ""
        };
        let _ = writeln!(
            self.out,
            "<text x=\"{x}\" y=\"{}\" font-family=\"{MONO}\" font-size=\"12\" \
         text-anchor=\"middle\" fill=\"{fill}\"{weight}>{mv}</text>",
            y - BOX_H / 2 - 4
        );
    }

    /// The node's box and its value, and beside a leaf its window when the
    /// picture shows windows.
    fn node_box(&mut self, node: &Node, x: i32, y: i32) {
        let (stroke, fill, dash) = match node.value {
            Value::Unsearched => (GREY, "#fafafa", " stroke-dasharray=\"3 2\""),
            Value::Exact(_) => (INK, "#fff", ""),
            Value::AtLeast(_) | Value::AtMost(_) => (INK, BOUND_FILL, ""),
        };
        let _ = writeln!(
            self.out,
            "<rect x=\"{}\" y=\"{}\" width=\"{BOX_W}\" height=\"{BOX_H}\" rx=\"4\" \
         fill=\"{fill}\" stroke=\"{stroke}\"{dash}/>",
            x - BOX_W / 2,
            y - BOX_H / 2
        );
        let text = label(node.value);
        if !text.is_empty() {
            let _ = writeln!(
                self.out,
                "<text x=\"{x}\" y=\"{}\" font-family=\"{FONT}\" font-size=\"12\" \
             text-anchor=\"middle\" fill=\"{INK}\">{}</text>",
                y + 4,
                escape(&text)
            );
        }
        if let (true, Some((alpha, beta)), false) =
            (self.windows, node.window, node.children.is_empty())
        {
            let _ = writeln!(
                self.out,
                "<text x=\"{}\" y=\"{}\" font-family=\"{FONT}\" font-size=\"11\" \
             fill=\"#666\">({}, {})</text>",
                x + BOX_W / 2 + 4,
                y + 4,
                score(alpha),
                score(beta)
            );
        }
    }
}

/// Draws one tree with its title below `top`; returns where it ends.
/// With `rulers`, the depth the search was asked for, each row is labelled
/// on the left with its ply, its level and the depth left there.
fn draw_tree(
    out: &mut String,
    tree: &Recorded,
    title: &str,
    top: i32,
    windows: bool,
    rulers: Option<u32>,
) -> i32 {
    let _ = writeln!(
        out,
        "<text x=\"{MARGIN}\" y=\"{}\" font-family=\"{FONT}\" font-size=\"15\" \
         font-weight=\"bold\" fill=\"{INK}\">{}</text>",
        top + 16,
        escape(title)
    );
    let first_row = top + TITLE + BOX_H / 2;
    if let Some(depth) = rulers {
        for row in 0..=depth_of(&tree.root) {
            let left = i32::try_from(depth).unwrap_or(i32::MAX) - row;
            let _ = writeln!(
                out,
                "<text x=\"{MARGIN}\" y=\"{}\" font-family=\"{FONT}\" font-size=\"12\" \
                 fill=\"#555\">ply {row} · level {} · depth {left}</text>",
                first_row + row * LEVEL + 4,
                row + 1
            );
        }
    }
    let mut layout = Layout {
        out,
        top: first_row,
        left: MARGIN + if rulers.is_some() { RULER } else { 0 },
        next_leaf: 0,
        chosen: tree.best,
        windows,
    };
    layout.draw(&tree.root, 0, false);
    top + TITLE + depth_of(&tree.root) * LEVEL + BOX_H + 8
}

fn depth_of(node: &Node) -> i32 {
    node.children
        .iter()
        .map(|child| 1 + depth_of(child))
        .max()
        .unwrap_or(0)
}

/// The two trees, NegaMax's above alpha-beta's, with a legend.
pub fn picture(full: &Recorded, pruned: &Recorded) -> String {
    picture_of(full, pruned, TREE_DEPTH, false)
}

/// [`picture`] of a search `depth` plies deep, with each row labelled by
/// its ply, level and depth when `rulers` is set.
pub fn picture_of(full: &Recorded, pruned: &Recorded, depth: u32, rulers: bool) -> String {
    let leaves = full.root.width() as i32;
    let ruler = if rulers { RULER } else { 0 };
    let width = 2 * MARGIN + ruler + leaves * SLOT;
    let rulers = rulers.then_some(depth);
    let mut body = String::new();
    let first = format!(
        "NegaMax (v0.07): every node, {} in all",
        full.root.searched()
    );
    let middle = draw_tree(&mut body, full, &first, 0, false, rulers);
    let second = format!(
        "Alpha-beta in v0.09's order: {} of the {} nodes searched",
        pruned.root.searched(),
        pruned.root.size()
    );
    let bottom = draw_tree(&mut body, pruned, &second, middle + 8, true, rulers);

    // The legend.
    let y = bottom + 14;
    let items: [(&str, &str, &str); 4] = [
        (CHOSEN, "", "the move chosen at the root"),
        (CUT, "", "a move that reached beta: its node fails high"),
        (GREY, " stroke-dasharray=\"4 3\"", "never searched: cut off"),
        (
            "",
            "",
            "a bound: ≥ at least, ≤ at most; (alpha, beta): the window",
        ),
    ];
    // Two columns where the picture is wide enough for them, else one.
    let columns = if width >= 760 { 2 } else { 1 };
    for (i, (color, dash, text)) in items.iter().enumerate() {
        let (column, row) = ((i % columns) as i32, (i / columns) as i32);
        let x = MARGIN + column * (width - 2 * MARGIN) / 2;
        let yy = y + row * 20;
        if color.is_empty() {
            let _ = writeln!(
                body,
                "<rect x=\"{}\" y=\"{}\" width=\"18\" height=\"12\" rx=\"3\" \
                 fill=\"{BOUND_FILL}\" stroke=\"{INK}\"/>",
                x + 2,
                yy - 10
            );
        } else {
            let _ = writeln!(
                body,
                "<line x1=\"{x}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{color}\" \
                 stroke-width=\"2\"{dash}/>",
                yy - 4,
                x + 22,
                yy - 4
            );
        }
        let _ = writeln!(
            body,
            "<text x=\"{}\" y=\"{yy}\" font-family=\"{FONT}\" font-size=\"13\" \
             fill=\"{INK}\">{}</text>",
            x + 30,
            escape(text)
        );
    }
    let height = y + (items.len().div_ceil(columns) as i32) * 20 + 4;
    let title = format!("A search tree {depth} plies deep: NegaMax and alpha-beta");
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" role=\"img\" aria-label=\"{title}\">\n\
         <title>{title}</title>\n\
         <rect width=\"{width}\" height=\"{height}\" fill=\"#fff\"/>\n{body}</svg>\n"
    )
}

/// The cut-offs of a tree, in the order they happened: the line that
/// leads to the node, the move that failed high and the moves it spared.
fn cut_offs(node: &Node, line: &mut Vec<Move>, out: &mut Vec<(Vec<Move>, Node)>) {
    if node.children.iter().any(|child| child.cut) {
        out.push((line.clone(), node.clone()));
    }
    for child in &node.children {
        if let (Some(mv), true) = (child.mv, child.value != Value::Unsearched) {
            line.push(mv);
            cut_offs(child, line, out);
            line.pop();
        }
    }
}

fn moves_text(moves: &[Move]) -> String {
    moves
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Where a node lies, in words: `at the root` or `after a2b3 a3b2`.
fn after(line: &[Move]) -> String {
    if line.is_empty() {
        "at the root".to_string()
    } else {
        format!("after {}", code(moves_text(line)))
    }
}

/// The searched nodes whose moves alpha-beta tried in another order than
/// they were generated, with the line to each and the generated order.
fn reorderings<'a>(
    pruned: &'a Node,
    full: &Node,
    line: &mut Vec<Move>,
    out: &mut Vec<(Vec<Move>, &'a Node, Vec<Move>)>,
) {
    if pruned.value == Value::Unsearched {
        return;
    }
    let generated: Vec<Move> = full.children.iter().filter_map(|c| c.mv).collect();
    let tried: Vec<Move> = pruned.children.iter().filter_map(|c| c.mv).collect();
    if generated != tried {
        out.push((line.clone(), pruned, generated));
    }
    for child in &pruned.children {
        let Some(mv) = child.mv else { continue };
        if let Some(twin) = full.child(mv) {
            line.push(mv);
            reorderings(child, twin, line, out);
            line.pop();
        }
    }
}

/// The two trees of [`TREE_FEN`], read from the records of `lamosca-v07`
/// and `lamosca-v09` searching it [`TREE_DEPTH`] plies deep.
pub fn trees() -> Result<(Recorded, Recorded)> {
    trees_of(TREE_FEN, TREE_DEPTH)
}

/// The two trees of `fen`, searched `depth` plies deep by `lamosca-v07`
/// and `lamosca-v09`, read from their records.
pub fn trees_of(fen: &str, depth: u32) -> Result<(Recorded, Recorded)> {
    let position = Position::from_fen(fen).map_err(|error| anyhow!("bad FEN `{fen}`: {error}"))?;
    let v07 = record::<lamosca_v07::NegaMax>(fen, depth)?;
    let v09 = record::<lamosca_v09::AlphaBeta>(fen, depth)?;
    let full = negamax_tree(&v07.events, &position)?;
    let pruned = alpha_beta_tree(&v09.events, &position, &full.root)?;
    Ok((full, pruned))
}

/// What the v0.09 chapter shows of the tree: the position, the picture
/// and a few sentences that read it.
pub fn v09_tree() -> Result<Vec<Generated>> {
    let position =
        Position::from_fen(TREE_FEN).map_err(|error| anyhow!("bad FEN `{TREE_FEN}`: {error}"))?;
    let (full, pruned) = trees()?;
    let board = diagram::board(
        &position,
        "White to move; each side has two or three moves",
        &Marks::none(),
    );
    let picture = picture(&full, &pruned);

    let cut_list = cut_list(&pruned);
    let order_text = order_text(&full, &pruned);
    let best = |recorded: &Recorded| recorded.best.map_or("none".to_string(), code);
    let body = format!(
        "![{alt}](generated/svg/v09-tree-position.svg)\n\n\
         ![The full NegaMax tree of this position, {TREE_DEPTH} plies deep, above the tree \
         alpha-beta searches, with the cut-off branches dashed](generated/svg/v09-tree.svg)\n\n\
         NegaMax visits {} nodes and evaluates {} leaves; alpha-beta, ordering as v0.09 \
         does, visits {} and evaluates {}. Both give the root the value {} and choose {}. \
         The cut-offs, in the order they happen:\n\n{cut_list}\n{order_text}",
        full.root.searched(),
        full.root.leaves_searched(),
        pruned.root.searched(),
        pruned.root.leaves_searched(),
        pruned.value,
        best(&pruned),
        alt = "The position of the tree: White's king on a1 behind its a- and b-pawns, \
               Black's king shut in on h8",
    );
    Ok(vec![
        Generated::new("svg/v09-tree-position.svg", board),
        Generated::new("svg/v09-tree.svg", picture),
        Generated::new("tables/v09-tree.md", format!("{GENERATED_NOTE}{body}")),
    ])
}

/// One line per cut-off of `pruned`, in the order they happen: where it
/// happens, its window, the move that reached beta and what it spared.
fn cut_list(pruned: &Recorded) -> String {
    let mut cuts = Vec::new();
    cut_offs(&pruned.root, &mut Vec::new(), &mut cuts);
    let mut cut_list = String::new();
    for (line, node) in &cuts {
        let cutter = node
            .children
            .iter()
            .find(|child| child.cut)
            .and_then(|child| child.mv)
            .expect("a node with a cut-off has the move that made it");
        let spared: Vec<&Node> = node
            .children
            .iter()
            .filter(|child| child.value == Value::Unsearched)
            .collect();
        let moves: Vec<Move> = spared.iter().filter_map(|child| child.mv).collect();
        let nodes: u64 = spared.iter().map(|child| child.size()).sum();
        let (alpha, beta) = node.window.unwrap_or((-INFINITY, INFINITY));
        let what = match moves.len() {
            0 => "it was the node's last move, so the cut skips nothing".to_string(),
            n => format!(
                "{} {} never searched, {nodes} node{} spared",
                code(moves_text(&moves)),
                if n == 1 { "is" } else { "are" },
                if nodes == 1 { "" } else { "s" }
            ),
        };
        let _ = writeln!(
            cut_list,
            "- {}, searched with the window ({}, {}): {} reaches beta; {what}.",
            after(line),
            score(alpha),
            score(beta),
            code(cutter),
        );
    }
    cut_list
}

/// Where `pick` changed the order of a node's moves, the order generated
/// and the order tried, each move with the value it was ordered by.
fn order_text(full: &Recorded, pruned: &Recorded) -> String {
    let mut reordered = Vec::new();
    reorderings(&pruned.root, &full.root, &mut Vec::new(), &mut reordered);
    let mut order_list = String::new();
    for (line, node, generated) in &reordered {
        let tried: Vec<String> = node
            .children
            .iter()
            .filter_map(|child| Some(format!("{} {}", code(child.mv?), child.order?)))
            .collect();
        let _ = writeln!(
            order_list,
            "- {}, generated as {}, tried as {}: {}.",
            after(line),
            code(moves_text(generated)),
            code(moves_text(
                &node
                    .children
                    .iter()
                    .filter_map(|c| c.mv)
                    .collect::<Vec<_>>()
            )),
            tried.join(", ")
        );
    }
    if order_list.is_empty() {
        "`pick` leaves every node's moves in the order they were generated.\n".to_string()
    } else {
        format!(
            "Where `pick` changes the order, each move is shown with the value it was \
             ordered by (MVV/LVA plus history):\n\n{order_list}"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lamosca_search::events::Tracer;
    use lamosca_search::{Engine, SearchControl, Statistic};
    use lamosca_v07::NegaMax;
    use lamosca_v09::AlphaBeta;

    fn leaves(statistics: &[Statistic]) -> u64 {
        statistics
            .iter()
            .find(|s| s.label == "leaves evaluated")
            .and_then(|s| s.value.count())
            .expect("the engine counts its leaves")
    }

    #[test]
    fn the_recorded_trees_are_the_engines_trees() {
        let (full, pruned) = trees().unwrap();
        let mut position = Position::from_fen(TREE_FEN).unwrap();
        let control = SearchControl::unlimited();

        let v07 = NegaMax::new().search(&mut position, TREE_DEPTH, &control, &mut Tracer::off());
        assert_eq!(full.root.searched(), v07.nodes);
        assert_eq!(full.root.leaves_searched(), leaves(&v07.statistics));
        assert_eq!((full.value, full.best), (v07.value, v07.best));

        let v09 = AlphaBeta::new().search(&mut position, TREE_DEPTH, &control, &mut Tracer::off());
        assert_eq!(pruned.root.searched(), v09.nodes);
        assert_eq!(pruned.root.leaves_searched(), leaves(&v09.statistics));
        assert_eq!((pruned.value, pruned.best), (v09.value, v09.best));

        // Alpha-beta returns NegaMax's value, and the position is left as
        // it was found.
        assert_eq!(pruned.value, full.value);
        assert_eq!(
            position.to_fen(),
            Position::from_fen(TREE_FEN).unwrap().to_fen()
        );
    }

    #[test]
    fn the_tree_is_small_and_has_cut_offs() {
        let (full, pruned) = trees().unwrap();
        assert_eq!(full.root.size(), pruned.root.size());
        assert!(full.root.width() <= 20, "too wide to read");
        assert!(pruned.root.searched() < full.root.searched());
        let mut cuts = Vec::new();
        cut_offs(&pruned.root, &mut Vec::new(), &mut cuts);
        assert!(!cuts.is_empty());
    }

    #[test]
    fn every_move_alpha_beta_tried_or_spared_has_its_ordering_value() {
        fn walk(node: &Node) {
            for child in &node.children {
                assert!(
                    child.order.is_some(),
                    "{:?} has no ordering value",
                    child.mv
                );
                if child.value != Value::Unsearched {
                    walk(child);
                }
            }
        }
        let (_, pruned) = trees().unwrap();
        walk(&pruned.root);
    }

    #[test]
    fn writes_bounds_and_infinity() {
        assert_eq!(label(Value::AtLeast(-177)), "≥-177");
        assert_eq!(label(Value::AtMost(5)), "≤5");
        assert_eq!(score(INFINITY), "∞");
        assert_eq!(score(-INFINITY), "-∞");
    }
}
