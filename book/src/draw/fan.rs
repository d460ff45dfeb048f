//! The whole tree at a glance: a version's entire search of one position
//! drawn as a fan, read from its record.
//!
//! The root sits at the centre and each level on a ring further out; every
//! node gets a slice of its parent's angle in proportion to the leaves
//! below it, and its children share that slice in the order they were
//! tried, clockwise from the top. Each edge is coloured by the value its
//! move returned to the parent, from red (bad for the side that played
//! it) to green (good). A dot marks each move
//! that cut its node off; quiescence edges are thin and pale, edges of a
//! reduced (internal deepening) search dashed, and a dashed circle marks
//! the horizon, where the main search ends.
//!
//! A tree of ten thousand nodes must stay a light picture, so the edges
//! are not drawn one element each: every edge of the same colour and kind
//! joins one `<path>`, written with whole pixels.
//!
//! ```
//! use book::draw::fan::{fan, Tree};
//! use book::draw::recorded::record;
//! let recorded = record::<lamosca_v09::AlphaBeta>("7k/8/8/8/8/8/8/K5R1 w - - 0 1", 2).unwrap();
//! let tree = Tree::read(&recorded.events).unwrap();
//! assert_eq!(tree.len() as u64, recorded.report.nodes);
//! assert!(fan(&tree, "v0.09").starts_with("<svg"));
//! ```

use std::f64::consts::PI;
use std::fmt::Write as _;

use anyhow::{anyhow, bail, Result};
use lamosca_record::{Event, NodeKind};

use crate::files::Generated;
use crate::markdown::GENERATED_NOTE;

/// One node of a recorded tree, as the fan needs it.
#[derive(Clone, Debug)]
struct Node {
    level: u32,
    kind: NodeKind,
    /// The value the node returned, from its own side to move.
    value: Option<i32>,
    /// Its move made its parent fail high.
    cut: bool,
    children: Vec<usize>,
}

/// A record's tree: node `id` at index `id - 1`.
#[derive(Clone, Debug)]
pub struct Tree {
    nodes: Vec<Node>,
    /// The depth the search was asked for: its horizon.
    depth: u32,
}

impl Tree {
    /// Reads the tree from a record's events.
    pub fn read(events: &[Event]) -> Result<Tree> {
        let mut nodes: Vec<Node> = Vec::new();
        let mut depth = 0;
        // The child entered last under each node, to find a cut's child.
        for event in events {
            match event {
                Event::Search(header) => depth = header.depth,
                Event::Node(entry) => {
                    if entry.id as usize != nodes.len() + 1 {
                        bail!("node {} entered out of order", entry.id);
                    }
                    if let Some(parent) = entry.parent {
                        node_mut(&mut nodes, parent)?
                            .children
                            .push(entry.id as usize - 1);
                    }
                    nodes.push(Node {
                        level: entry.level,
                        kind: entry.kind,
                        value: None,
                        cut: false,
                        children: Vec::new(),
                    });
                }
                Event::Result(result) => {
                    node_mut(&mut nodes, result.node)?.value = Some(result.value)
                }
                Event::Cut(cut) => {
                    // The cut comes right after the child that made it returned.
                    let last = node_mut(&mut nodes, cut.node)?.children.last().copied();
                    if let Some(child) = last {
                        nodes[child].cut = true;
                    }
                }
                _ => {}
            }
        }
        if nodes.is_empty() {
            bail!("the record has no node");
        }
        Ok(Tree { nodes, depth })
    }

    /// The number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True for a tree without nodes (never, once read).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The nodes of each kind: main, quiescence, reduced.
    pub fn kinds(&self) -> (usize, usize, usize) {
        let count = |kind| self.nodes.iter().filter(|n| n.kind == kind).count();
        (
            count(NodeKind::Main),
            count(NodeKind::Quiescence),
            count(NodeKind::Reduced),
        )
    }

    /// The moves that cut their node off.
    pub fn cuts(&self) -> usize {
        self.nodes.iter().filter(|n| n.cut).count()
    }

    /// The leaves below each node, itself if it is one.
    fn leaves(&self) -> Vec<u32> {
        let mut leaves = vec![0u32; self.nodes.len()];
        // Children are entered after their parent: walk backwards.
        for i in (0..self.nodes.len()).rev() {
            leaves[i] = match self.nodes[i].children.as_slice() {
                [] => 1,
                children => children.iter().map(|&c| leaves[c]).sum(),
            };
        }
        leaves
    }

    fn deepest(&self) -> u32 {
        self.nodes.iter().map(|n| n.level).max().unwrap_or(1)
    }
}

fn node_mut(nodes: &mut [Node], id: u32) -> Result<&mut Node> {
    nodes
        .get_mut((id as usize).wrapping_sub(1))
        .ok_or_else(|| anyhow!("an event names node {id}, never entered"))
}

/// The picture's side, in pixels.
const SIZE: f64 = 560.0;
/// The fan's radius.
const RADIUS: f64 = 250.0;
/// Room below the fan for the title and the legend.
const FOOT: f64 = 70.0;
/// The value at which an edge is fully red or fully green: two pawns.
const SATURATION: i32 = 200;
/// The colours from bad to good (ColorBrewer's red-yellow-green).
const SCALE: [&str; 9] = [
    "#d73027", "#f46d43", "#fdae61", "#fee08b", "#ffffbf", "#d9ef8b", "#a6d96a", "#66bd63",
    "#1a9850",
];

const FONT: &str = "'DejaVu Sans', 'Segoe UI', Arial, sans-serif";
const INK: &str = "#222";

/// The colour bucket of a move's value for the side that played it.
fn bucket(value: i32) -> usize {
    let clamped = value.clamp(-SATURATION, SATURATION);
    let steps = (SCALE.len() - 1) as i32;
    ((clamped + SATURATION) * steps / (2 * SATURATION)) as usize
}

/// A node's place: its angle from the top, clockwise, and its radius.
fn point(angle: f64, radius: f64) -> (i32, i32) {
    let centre = SIZE / 2.0;
    let x = centre + radius * angle.sin();
    let y = centre - radius * angle.cos();
    (x.round() as i32, y.round() as i32)
}

/// The fan of `tree`, titled with the version's name.
pub fn fan(tree: &Tree, version: &str) -> String {
    let ring = RADIUS / f64::from(tree.deepest().saturating_sub(1).max(1));
    let edges = Edges::of(tree, ring);
    let mut body = horizon(tree, ring);
    body.push_str(&edges.paths());
    body.push_str(&legend(tree, version));
    let height = SIZE + FOOT;
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{SIZE}\" height=\"{height}\" \
         viewBox=\"0 0 {SIZE} {height}\" role=\"img\" aria-label=\"The whole search tree of \
         {version}, drawn as a fan\">\n<title>The whole search tree of {version}</title>\n\
         <rect width=\"{SIZE}\" height=\"{height}\" fill=\"#fff\"/>\n{body}</svg>\n"
    )
}

/// The kinds of edge, each drawn in its own style, in the order of
/// [`EDGE_STYLES`].
const EDGE_KINDS: [NodeKind; 3] = [NodeKind::Main, NodeKind::Reduced, NodeKind::Quiescence];

/// How each kind of edge is drawn: main solid, reduced dashed,
/// quiescence thin and pale.
const EDGE_STYLES: [&str; 3] = [
    "stroke-width=\"1\"",
    "stroke-width=\"1\" stroke-dasharray=\"3 2\"",
    "stroke-width=\"0.6\" stroke-opacity=\"0.7\"",
];

/// Every edge of a fan, as path data grouped by (kind, colour), and the
/// dots of the cut-offs.
struct Edges {
    /// `paths[kind][colour]`: one path's data for each pair.
    paths: Vec<Vec<String>>,
    cuts: String,
}

impl Edges {
    /// Lays out `tree`: each node gets a slice of its parent's angle in
    /// proportion to its leaves, and sits on the ring of its level.
    fn of(tree: &Tree, ring: f64) -> Edges {
        let leaves = tree.leaves();
        let mut edges = Edges {
            paths: vec![vec![String::new(); SCALE.len()]; EDGE_KINDS.len()],
            cuts: String::new(),
        };
        // Each node's slice: start angle and width; the root has the circle.
        let mut slice = vec![(0.0f64, 0.0f64); tree.nodes.len()];
        slice[0] = (0.0, 2.0 * PI);
        for (i, node) in tree.nodes.iter().enumerate() {
            let (start, width) = slice[i];
            let here = point(start + width / 2.0, f64::from(node.level - 1) * ring);
            let mut at = start;
            for &c in &node.children {
                let share = width * f64::from(leaves[c]) / f64::from(leaves[i].max(1));
                slice[c] = (at, share);
                at += share;
                let child = &tree.nodes[c];
                let there = point(slice[c].0 + share / 2.0, f64::from(child.level - 1) * ring);
                edges.add(child, here, there);
            }
        }
        edges
    }

    /// The edge from `here` to `child` at `there`, with its dot if the
    /// child's move cut its node off; a child without a value is not drawn.
    fn add(&mut self, child: &Node, here: (i32, i32), there: (i32, i32)) {
        let Some(value) = child.value else { return };
        let kind = EDGE_KINDS
            .iter()
            .position(|&k| k == child.kind)
            .unwrap_or(0);
        let _ = write!(
            self.paths[kind][bucket(-value)],
            "M{} {}L{} {}",
            here.0,
            here.1,
            there.0,
            there.1
        );
        if child.cut {
            let _ = write!(self.cuts, "M{} {}h0", there.0, there.1);
        }
    }

    /// The `<path>` elements: one per kind and colour that has edges, then
    /// the cut-offs' dots.
    fn paths(&self) -> String {
        let mut out = String::new();
        for (kind, colours) in self.paths.iter().enumerate() {
            for (colour, d) in colours.iter().enumerate() {
                if !d.is_empty() {
                    let _ = writeln!(
                        out,
                        "<path fill=\"none\" stroke=\"{}\" {} d=\"{d}\"/>",
                        SCALE[colour], EDGE_STYLES[kind]
                    );
                }
            }
        }
        if !self.cuts.is_empty() {
            let _ = writeln!(
                out,
                "<path fill=\"none\" stroke=\"{INK}\" stroke-width=\"3\" stroke-linecap=\"round\" \
                 d=\"{}\"/>",
                self.cuts
            );
        }
        out
    }
}

/// The horizon, where the main search's leaves lie: a dashed circle, drawn
/// only when quiescence reaches past it.
fn horizon(tree: &Tree, ring: f64) -> String {
    let mut out = String::new();
    let radius = f64::from(tree.depth) * ring;
    if tree.deepest() > tree.depth + 1 {
        let _ = writeln!(
            out,
            "<circle cx=\"{c}\" cy=\"{c}\" r=\"{radius:.0}\" fill=\"none\" stroke=\"#777\" \
             stroke-dasharray=\"4 4\"/>",
            c = SIZE / 2.0
        );
    }
    out
}

/// The title, the counts of nodes and cut-offs, and the colour scale.
fn legend(tree: &Tree, version: &str) -> String {
    let mut out = String::new();
    let y = SIZE + 8.0;
    let _ = writeln!(
        out,
        "<text x=\"12\" y=\"{y}\" font-family=\"{FONT}\" font-size=\"15\" font-weight=\"bold\" \
         fill=\"{INK}\">{version}</text>\n\
         <text x=\"12\" y=\"{}\" font-family=\"{FONT}\" font-size=\"13\" fill=\"{INK}\">{}</text>",
        y + 20.0,
        counts(tree)
    );
    for (i, colour) in SCALE.iter().enumerate() {
        let _ = writeln!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"14\" height=\"10\" fill=\"{colour}\"/>",
            12 + i * 14,
            y + 32.0
        );
    }
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" font-family=\"{FONT}\" font-size=\"12\" fill=\"{INK}\">\
         a move's value for its side, -{SATURATION} to +{SATURATION}; \
         dots: cut-offs</text>",
        12 + SCALE.len() * 14 + 6,
        y + 41.0
    );
    out
}

/// "N nodes (main, quiescence, reduced), C cut-offs", naming only the
/// kinds the tree has.
fn counts(tree: &Tree) -> String {
    let (main, quiescence, reduced) = tree.kinds();
    let mut counts = format!("{} nodes", tree.len());
    if quiescence > 0 {
        let _ = write!(counts, " ({main} main, {quiescence} quiescence");
        if reduced > 0 {
            let _ = write!(counts, ", {reduced} reduced");
        }
        counts.push(')');
    } else if reduced > 0 {
        let _ = write!(counts, " ({reduced} reduced)");
    }
    let _ = write!(counts, ", {} cut-offs", tree.cuts());
    counts
}

/// The position every version's fan searches: a pawn trade on the board,
/// so captures reach past the horizon; NegaMax's tree four plies deep has
/// some thirteen thousand nodes.
pub const FAN_FEN: &str = "4k3/8/3p4/4p3/3P4/2N5/8/4K3 w - - 0 1";

/// How deep every fan's search goes.
pub const FAN_DEPTH: u32 = 4;

/// The most a fan may weigh, so the page stays light.
pub const MAX_FAN_BYTES: usize = 300 * 1024;

/// The four versions' fans of [`FAN_FEN`] and the Markdown that sets them
/// side by side, for the v0.09 chapter.
pub fn v09_fans() -> Result<Vec<Generated>> {
    use crate::draw::recorded::{record, Recorded};
    let searches: [(&str, &str, Recorded); 4] = [
        (
            "v07",
            "v0.07, NegaMax",
            record::<lamosca_v07::NegaMax>(FAN_FEN, FAN_DEPTH)?,
        ),
        (
            "v09",
            "v0.09, alpha-beta",
            record::<lamosca_v09::AlphaBeta>(FAN_FEN, FAN_DEPTH)?,
        ),
        (
            "v10",
            "v0.10, quiescence",
            record::<lamosca_v10_quiescence::QuiescenceSearch>(FAN_FEN, FAN_DEPTH)?,
        ),
        (
            "v11",
            "v0.11, lazy",
            record::<lamosca_v11_lazy::LazySearch>(FAN_FEN, FAN_DEPTH)?,
        ),
    ];
    let mut files = Vec::new();
    let mut images = String::new();
    for (short, title, recorded) in &searches {
        let tree = Tree::read(&recorded.events)?;
        let svg = fan(&tree, title);
        if svg.len() > MAX_FAN_BYTES {
            bail!(
                "the fan of {short} weighs {} bytes, more than {MAX_FAN_BYTES}",
                svg.len()
            );
        }
        let _ = writeln!(
            images,
            "<img src=\"generated/svg/fan-{short}.svg\" width=\"49%\" alt=\"The whole search \
             tree of {title}, {} nodes, drawn as a fan\">",
            tree.len()
        );
        files.push(Generated::new(&format!("svg/fan-{short}.svg"), svg));
    }
    files.push(Generated::new(
        "tables/v09-fans.md",
        format!("{GENERATED_NOTE}<p class=\"lamosca-fans\">\n{images}</p>\n"),
    ));
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_run_from_red_to_green() {
        assert_eq!(SCALE[bucket(-SATURATION * 3)], "#d73027");
        assert_eq!(SCALE[bucket(0)], "#ffffbf");
        assert_eq!(SCALE[bucket(SATURATION)], "#1a9850");
    }

    #[test]
    fn a_fan_marks_each_cut_and_every_edge() {
        let recorded = crate::draw::recorded::record::<lamosca_v09::AlphaBeta>(
            crate::draw::tree::TREE_FEN,
            crate::draw::tree::TREE_DEPTH,
        )
        .unwrap();
        let tree = Tree::read(&recorded.events).unwrap();
        let svg = fan(&tree, "v0.09");
        let edges = svg.matches('L').count();
        assert_eq!(edges, tree.len() - 1);
        assert_eq!(svg.matches("h0").count(), tree.cuts());
        assert_eq!(tree.cuts(), 3);
    }
}
