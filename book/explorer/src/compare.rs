//! Two searches of one position side by side.
//!
//! [`compare`] prints what differs between two records of the same
//! position and depth, made by two versions or one version with different
//! options: the answer each found, and why: both principal variations,
//! every root move with each side's value or bound (`≥ v` for a move whose
//! search failed high, `≤ v` for one that failed low) and the reply that
//! refuted or answered it, and the first node of A's principal path where
//! the two differ in value; then the nodes each searched per level, the
//! first subtrees one search cut off and the other searched (each way
//! round, the cuts of the search with fewer nodes first, each search
//! named by its version or by the options that set it apart), and the
//! order each tried its moves along the principal path. With a deepening search, the
//! deepest depth both finished is compared ([`Record::depths`]); a re-search
//! (v0.11's internal deepening) is no move, and is left out of the moves.
//!
//! A search stopped by its budget leaves its last depth cut short. `compare`
//! names the side and the depth it finished, sets every finished depth side
//! by side, and draws no conclusion from a depth cut short: when the two
//! searches share no finished depth, the depth compared is one side's
//! partial one, and its value, line and first difference are not read.

use std::fmt;
use std::io::{self, Write};

use serde_json::{Map, Value};

use lamosca_reader::{Bounded, Depth, NodeInfo, Record, RecordError};

/// How many subtrees one search cut off and the other searched are
/// listed, each way round.
pub const SUBTREES_LISTED: usize = 5;

/// How many moves of a node are listed along the principal path.
const MOVES_LISTED: usize = 10;

/// How many of the moves B cut off are named, so a line fits 80 columns.
const CUT_MOVES_LISTED: usize = 4;

/// Why two records cannot be compared.
#[derive(Debug)]
pub enum CompareError {
    /// They search different positions.
    DifferentPositions {
        /// A's FEN.
        a: String,
        /// B's FEN.
        b: String,
    },
    /// They share no depth: none that both began.
    DifferentDepths {
        /// A's depth.
        a: u32,
        /// B's depth.
        b: u32,
    },
    /// A record's depths could not be read.
    Record(RecordError),
    /// A record holds no node.
    NoNodes,
    /// The output could not be written.
    Io(io::Error),
}

impl fmt::Display for CompareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompareError::DifferentPositions { a, b } => write!(
                f,
                "the records search different positions: A '{a}', B '{b}'"
            ),
            CompareError::DifferentDepths { a, b } => {
                write!(f, "the records search to different depths: A {a}, B {b}")
            }
            CompareError::NoNodes => write!(f, "a record holds no node to compare"),
            CompareError::Record(error) => write!(f, "{error}"),
            CompareError::Io(_) => write!(f, "the comparison could not be written"),
        }
    }
}

impl std::error::Error for CompareError {
    /// The failed write, so that the driver can tell a reader that went
    /// away (`compare A B | head`) from a real failure.
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CompareError::Io(error) => Some(error),
            _ => None,
        }
    }
}

impl From<RecordError> for CompareError {
    fn from(error: RecordError) -> Self {
        CompareError::Record(error)
    }
}

impl From<io::Error> for CompareError {
    fn from(error: io::Error) -> Self {
        CompareError::Io(error)
    }
}

/// The depth of each side set side by side: its node, and whether that
/// depth was cut short (then nothing is concluded from it); and whether
/// its search fails soft ([`Record::fails_soft`]), which says what its
/// bounds are.
#[derive(Clone, Copy)]
struct Side<'a> {
    name: &'static str,
    record: &'a Record,
    depth: Depth,
    soft: bool,
}

impl Side<'_> {
    fn partial(&self) -> bool {
        !self.depth.finished
    }
}

/// Prints the comparison of `a` and `b`.
pub fn compare(a: &Record, b: &Record, out: &mut impl Write) -> Result<(), CompareError> {
    let (header_a, header_b) = (a.header(), b.header());
    if header_a.fen != header_b.fen {
        return Err(CompareError::DifferentPositions {
            a: header_a.fen.clone(),
            b: header_b.fen.clone(),
        });
    }
    let (depths_a, depths_b) = (a.depths()?, b.depths()?);
    let (depth_a, depth_b) = match_depths(&depths_a, &depths_b).ok_or_else(|| {
        let told = |depths: &[Depth], header: u32| {
            Depth::deepest_finished(depths).map_or(header, |depth| depth.depth)
        };
        let empty = depths_a.is_empty() || depths_b.is_empty();
        if empty && header_a.depth == header_b.depth {
            return CompareError::NoNodes;
        }
        CompareError::DifferentDepths {
            a: told(&depths_a, header_a.depth),
            b: told(&depths_b, header_b.depth),
        }
    })?;
    let side_a = Side {
        name: "A",
        record: a,
        depth: depth_a,
        soft: a.fails_soft(),
    };
    let side_b = Side {
        name: "B",
        record: b,
        depth: depth_b,
        soft: b.fails_soft(),
    };
    let (root_a, root_b) = (depth_a.node, depth_b.node);
    writeln!(out, "Position: {}, depth {}", header_a.fen, depth_a.depth)?;
    stops(&[(side_a, &depths_a), (side_b, &depths_b)], out)?;
    answers(side_a, side_b, out)?;
    finished_depths((a, &depths_a), (b, &depths_b), out)?;
    variations(side_a, side_b, out)?;
    root_moves(side_a, side_b, out)?;
    if side_a.partial() || side_b.partial() {
        writeln!(out)?;
        writeln!(
            out,
            "Below the root: not compared, a depth cut short has no values to set side by side"
        )?;
    } else {
        first_difference(side_a, side_b, out)?;
    }
    nodes_per_level(a, b, out)?;
    cut_subtrees(side_a, side_b, &Names::of(a, b), out)?;
    principal_path(a, b, root_a, root_b, out)?;
    Ok(())
}

/// The depths to set side by side: the deepest both finished; or, when
/// they share none, the deepest both began, one of them cut short.
fn match_depths(a: &[Depth], b: &[Depth]) -> Option<(Depth, Depth)> {
    let shared = |finished: bool| {
        a.iter()
            .filter(|one| one.finished || !finished)
            .filter_map(|one| {
                b.iter()
                    .find(|other| other.depth == one.depth && (other.finished || !finished))
                    .map(|other| (*one, *other))
            })
            .max_by_key(|(one, _)| one.depth)
    };
    shared(true).or_else(|| shared(false))
}

/// Step 1: each side stopped in a depth, which depth it finished, and
/// which depth is compared.
fn stops(sides: &[(Side<'_>, &Vec<Depth>)], out: &mut impl Write) -> io::Result<()> {
    for (side, depths) in sides {
        let deepest = Depth::deepest_finished(depths);
        if let Some(stopped) = depths.iter().find(|depth| !depth.finished) {
            let finished = match deepest {
                Some(depth) => format!("the deepest it finished is depth {}", depth.depth),
                None => "it finished no depth".to_string(),
            };
            writeln!(
                out,
                "{} is partial: its search was stopped during depth {}; {finished}",
                side.name, stopped.depth
            )?;
        }
        if side.partial() {
            writeln!(
                out,
                "{}'s depth {} was cut short: it is shown, and nothing is concluded from it",
                side.name, side.depth.depth
            )?;
        } else if deepest.is_some_and(|depth| depth.depth > side.depth.depth) {
            writeln!(
                out,
                "{} is compared at depth {}, the deepest both finished",
                side.name, side.depth.depth
            )?;
        }
    }
    Ok(())
}

/// Step 2: who searched, with what, and what each found at the depth
/// compared; the root values set side by side only when both finished.
fn answers(a: Side<'_>, b: Side<'_>, out: &mut impl Write) -> io::Result<()> {
    for side in [a, b] {
        let record = side.record;
        let found = match record.node(side.depth.node) {
            Some(_) if side.partial() => format!("depth {} cut short", side.depth.depth),
            Some(root) => format!(
                "value {}, move {}",
                root.value,
                root.best.map_or("none".to_string(), |mv| mv.to_string())
            ),
            None => "no root".to_string(),
        };
        writeln!(
            out,
            "{}: {}, options {}: {found}, nodes {}",
            side.name,
            record.header().version,
            options(&record.header().options),
            record.summary().nodes
        )?;
    }
    let value = |side: Side<'_>| side.record.node(side.depth.node).map(|root| root.value);
    match (a.partial(), b.partial(), value(a), value(b)) {
        (false, false, Some(value_a), Some(value_b)) if value_a != value_b => {
            writeln!(out, "The root values differ: A {value_a}, B {value_b}")
        }
        (false, false, Some(value_a), _) => writeln!(out, "The root values agree: {value_a}"),
        _ => writeln!(
            out,
            "The root values are not compared: a depth cut short has none"
        ),
    }
}

/// Step 3: every depth either side began, its value and move side by
/// side, `cut short` for a depth stopped, `-` for one not searched.
fn finished_depths(
    (record_a, a): (&Record, &[Depth]),
    (record_b, b): (&Record, &[Depth]),
    out: &mut impl Write,
) -> io::Result<()> {
    if a.len() < 2 && b.len() < 2 && a.iter().chain(b).all(|depth| depth.finished) {
        return Ok(());
    }
    let mut numbers: Vec<u32> = a.iter().chain(b).map(|depth| depth.depth).collect();
    numbers.sort_unstable();
    numbers.dedup();
    writeln!(out)?;
    writeln!(out, "Depths, the value and the move of each:")?;
    writeln!(out, "depth                  A                  B")?;
    for number in numbers {
        let cell = |record: &Record, depths: &[Depth]| match depths
            .iter()
            .find(|depth| depth.depth == number)
        {
            None => "-".to_string(),
            Some(depth) if !depth.finished => "cut short".to_string(),
            Some(depth) => record.node(depth.node).map_or(String::new(), |node| {
                let best = node.best.map_or("none".to_string(), |mv| mv.to_string());
                format!("{} {best}", node.value)
            }),
        };
        let (cell_a, cell_b) = (cell(record_a, a), cell(record_b, b));
        writeln!(out, "{number:>5} {cell_a:>18} {cell_b:>18}")?;
    }
    Ok(())
}

/// Step 4: each side's principal variation, as its record holds it: the
/// best move of each node from the root, as long as it was searched; none
/// for a depth cut short.
fn variations(a: Side<'_>, b: Side<'_>, out: &mut impl Write) -> io::Result<()> {
    writeln!(out)?;
    writeln!(out, "Principal variations:")?;
    for side in [a, b] {
        let record = side.record;
        let line: Vec<String> = variation(record, side.depth.node)
            .iter()
            .filter_map(|&id| record.node(id).and_then(|node| node.mv))
            .map(|mv| mv.to_string())
            .collect();
        let line = if side.partial() {
            format!("none, depth {} was cut short", side.depth.depth)
        } else if line.is_empty() {
            "no move".to_string()
        } else {
            line.join(" ")
        };
        writeln!(out, "  {}: {line}", side.name)?;
    }
    Ok(())
}

/// The nodes of the principal variation below `root`, in order.
fn variation(record: &Record, root: u32) -> Vec<u32> {
    let mut nodes = Vec::new();
    let mut at = root;
    while let Some(best) = record.node(at).and_then(|node| node.best) {
        let Some(next) = record.child_by_move(at, best.as_str()) else {
            break;
        };
        nodes.push(next);
        at = next;
    }
    nodes
}

/// Step 5: every root move, A's first in A's order, then any only B
/// searched: each side's value or bound for the side to move at the
/// root, and the reply that refuted the move (the reply that cut its
/// node off) or answered it (the best reply found). In a depth cut short,
/// the move being searched when it stopped has no value: `cut short`.
fn root_moves(a: Side<'_>, b: Side<'_>, out: &mut impl Write) -> io::Result<()> {
    let mut moves: Vec<String> = Vec::new();
    for side in [a, b] {
        for child in side.record.move_children(side.depth.node) {
            let mv = child.mv.map(|mv| mv.to_string()).unwrap_or_default();
            if !moves.contains(&mv) {
                moves.push(mv);
            }
        }
    }
    writeln!(out)?;
    writeln!(
        out,
        "Root moves, for the side to move: value, or bound (≤ v: the reply refuted"
    )?;
    writeln!(out, "the move, which is worth at most v), and the reply")?;
    bounds_told(a, b, out)?;
    writeln!(out, "move           A reply          B reply")?;
    for mv in moves {
        let (value_a, reply_a) = move_value(a, &mv);
        let (value_b, reply_b) = move_value(b, &mv);
        let row = format!("{mv:<7} {value_a:>8} {reply_a:<7} {value_b:>8} {reply_b}");
        writeln!(out, "{}", row.trim_end())?;
    }
    Ok(())
}

/// What `≤ v` holds on each side, when one fails soft: a fail-hard search
/// proves a refuted move worth at most the root's alpha, a fail-soft one at
/// most the value the refutation found, which may be lower. Two fail-hard
/// searches mean the same by it, and nothing is added.
fn bounds_told(a: Side<'_>, b: Side<'_>, out: &mut impl Write) -> io::Result<()> {
    const HARD: &str = "v is the root's alpha, the best value found before the move";
    const SOFT: &str = "v is the value the refutation found, at or below the root's alpha";
    match (a.soft, b.soft) {
        (false, false) => Ok(()),
        (true, true) => writeln!(out, "A and B fail soft: {SOFT}"),
        _ => {
            for side in [a, b] {
                let (fails, what) = if side.soft {
                    ("soft", SOFT)
                } else {
                    ("hard", HARD)
                };
                writeln!(out, "{} fails {fails}: {what}", side.name)?;
            }
            Ok(())
        }
    }
}

/// A root move's value or bound for the side to move at the root, and its
/// child's reply: `-` for a move the side did not search, the reply empty
/// when there was none, `cut short` for the move a stopped depth was
/// searching.
fn move_value(side: Side<'_>, mv: &str) -> (String, String) {
    let (record, root) = (side.record, side.depth.node);
    let Some(child) = record
        .child_by_move(root, mv)
        .and_then(|id| record.node(id))
    else {
        return ("-".to_string(), String::new());
    };
    let last = record.move_children(root).last().map(|last| last.id);
    if side.partial() && last == Some(child.id) {
        return ("cut short".to_string(), String::new());
    }
    let reply = child.reply().map(|mv| mv.to_string()).unwrap_or_default();
    (Bounded::of_node(child).turned().to_string(), reply)
}

/// Step 6: the first node of A's principal path below the root (whose
/// values step 1 gives), where the two searches differ in value, and what
/// each found there: its value or bound, and the reply that refuted it or
/// the best one. Two bounds on one side are no contradiction, and said to
/// be none: a fail-soft search's bound may be tighter than a fail-hard one's.
fn first_difference(side_a: Side<'_>, side_b: Side<'_>, out: &mut impl Write) -> io::Result<()> {
    let (a, b) = (side_a.record, side_b.record);
    let (root_a, root_b) = (side_a.depth.node, side_b.depth.node);
    writeln!(out)?;
    let mut path = vec![root_a];
    path.extend(variation(a, root_a));
    let mut node_b = Some(root_b);
    for (place, &node_a) in path.iter().enumerate() {
        let Some(id_b) = node_b else {
            writeln!(
                out,
                "Below the root, the values agree along A's principal path as far as B searched it"
            )?;
            return Ok(());
        };
        let (Some(info_a), Some(info_b)) = (a.node(node_a), b.node(id_b)) else {
            break;
        };
        let (value_a, value_b) = (Bounded::of_node(info_a), Bounded::of_node(info_b));
        if value_a != value_b && place > 0 {
            writeln!(
                out,
                "The values first differ below the root, on A's principal path, at {}",
                path_text(a, node_a)
            )?;
            writeln!(out, "(values for the side to move there):")?;
            for (name, info, value) in [("A", info_a, value_a), ("B", info_b, value_b)] {
                let reply = match (info.cut, info.best) {
                    (Some(cut), _) => format!(", refuted by {cut}"),
                    (None, Some(best)) => format!(", best {best}"),
                    (None, None) => String::new(),
                };
                writeln!(out, "  {name}: {value}{reply}")?;
            }
            if value_a.is_bound() && value_a.bound == value_b.bound {
                writeln!(
                    out,
                    "(both are bounds on one side, so both hold: each is what its search proved)"
                )?;
            }
            return Ok(());
        }
        node_b = path
            .get(place + 1)
            .and_then(|&next| a.node(next))
            .and_then(|next| next.mv)
            .and_then(|mv| b.child_by_move(id_b, mv.as_str()));
    }
    writeln!(
        out,
        "Below the root, the values agree along A's principal path"
    )
}

/// The options as `Name=value, ...`, or `none`.
fn options(options: &Map<String, Value>) -> String {
    if options.is_empty() {
        return "none".to_string();
    }
    let pairs: Vec<String> = options
        .iter()
        .map(|(name, value)| match value {
            Value::String(text) => format!("{name}={text}"),
            other => format!("{name}={other}"),
        })
        .collect();
    pairs.join(", ")
}

/// Step 7: nodes per level, and B's count as a share of A's.
fn nodes_per_level(a: &Record, b: &Record, out: &mut impl Write) -> io::Result<()> {
    let (levels_a, levels_b) = (levels(a), levels(b));
    writeln!(out)?;
    writeln!(out, "Nodes per level (every root):")?;
    writeln!(out, "{:>5} {:>10} {:>10} {:>7}", "level", "A", "B", "B/A")?;
    let deepest = levels_a.len().max(levels_b.len());
    let count = |levels: &[u64], level: usize| levels.get(level).copied().unwrap_or(0);
    for level in 1..deepest {
        let (in_a, in_b) = (count(&levels_a, level), count(&levels_b, level));
        writeln!(
            out,
            "{level:>5} {in_a:>10} {in_b:>10} {:>7}",
            ratio(in_b, in_a)
        )?;
    }
    let (total_a, total_b) = (levels_a.iter().sum::<u64>(), levels_b.iter().sum::<u64>());
    writeln!(
        out,
        "{:>5} {total_a:>10} {total_b:>10} {:>7}",
        "all",
        ratio(total_b, total_a)
    )
}

/// The nodes of each level, indexed by level.
fn levels(record: &Record) -> Vec<u64> {
    let mut levels = Vec::new();
    for id in 1..=record.node_count() {
        let Some(node) = record.node(id) else {
            continue;
        };
        let level = node.level as usize;
        if levels.len() <= level {
            levels.resize(level + 1, 0);
        }
        levels[level] += 1;
    }
    levels
}

fn ratio(part: u64, whole: u64) -> String {
    if whole == 0 {
        "-".to_string()
    } else {
        format!("{:.2}", part as f64 / whole as f64)
    }
}

/// Step 8: where one search cut a node off and the other went on to
/// search more of its moves, each way round: walking both trees along the
/// paths they share, the first such nodes, with the cutting move and
/// window, and the moves searched beyond it. The search with fewer nodes
/// is the one that cut more, and its cuts come first: `compare on off`
/// lists first where the ordered search cut and the unordered one did not.
fn cut_subtrees(a: Side<'_>, b: Side<'_>, names: &Names, out: &mut impl Write) -> io::Result<()> {
    writeln!(out)?;
    writeln!(
        out,
        "First subtrees one search cut off and the other searched:"
    )?;
    let size = |side: Side<'_>| side.record.subtree_size(side.depth.node);
    let a_first = size(a) <= size(b);
    let ways = if a_first {
        [(a, &names.a, b, &names.b), (b, &names.b, a, &names.a)]
    } else {
        [(b, &names.b, a, &names.a), (a, &names.a, b, &names.b)]
    };
    for (cutter, cutter_name, searcher, searcher_name) in ways {
        writeln!(out, "  cut by {cutter_name}, searched by {searcher_name}:")?;
        let found = cut_in_one(cutter, searcher, out)?;
        if found == 0 {
            writeln!(out, "    none")?;
        }
    }
    Ok(())
}

/// The first [`SUBTREES_LISTED`] nodes, depth first in `searcher`'s
/// order, that `cutter` cut off and `searcher` searched further; how many
/// there were.
fn cut_in_one(cutter: Side<'_>, searcher: Side<'_>, out: &mut impl Write) -> io::Result<usize> {
    let (cut_record, searched) = (cutter.record, searcher.record);
    let mut listed = 0;
    let mut pending = vec![(searcher.depth.node, cutter.depth.node)];
    while let Some((node_s, node_c)) = pending.pop() {
        if listed == SUBTREES_LISTED {
            break;
        }
        let mut shared = Vec::new();
        let mut only_searched = Vec::new();
        for child in searched.move_children(node_s) {
            let mv = child.mv.map(|name| name.to_string()).unwrap_or_default();
            match cut_record.child_by_move(node_c, &mv) {
                Some(child_c) => shared.push((child.id, child_c)),
                None => only_searched.push(*child),
            }
        }
        let cut = cut_record.node(node_c).filter(|node| node.cut.is_some());
        if let (Some(cut), false) = (cut, only_searched.is_empty()) {
            listed += 1;
            let nodes: u32 = only_searched
                .iter()
                .map(|child| searched.subtree_size(child.id))
                .sum();
            let mut moves: Vec<String> = only_searched
                .iter()
                .take(CUT_MOVES_LISTED)
                .map(|child| child.mv.map(|mv| mv.to_string()).unwrap_or_default())
                .collect();
            if only_searched.len() > CUT_MOVES_LISTED {
                moves.push("...".to_string());
            }
            writeln!(
                out,
                "    {}: {} cut with {} in window ({}, {})",
                path_text(cut_record, node_c),
                cutter.name,
                cut.cut.map(|mv| mv.to_string()).unwrap_or_default(),
                cut.alpha,
                cut.beta
            )?;
            writeln!(
                out,
                "      {} searched {} there that {} did not ({}): {}",
                searcher.name,
                plural(only_searched.len(), "move"),
                cutter.name,
                plural(nodes as usize, "node"),
                moves.join(" ")
            )?;
        }
        // Depth first, in the searcher's order.
        pending.extend(shared.into_iter().rev());
    }
    Ok(listed)
}

/// `1 move`, `2 moves`.
fn plural(count: usize, word: &str) -> String {
    if count == 1 {
        format!("{count} {word}")
    } else {
        format!("{count} {word}s")
    }
}

/// What tells the two searches apart, for the lines that say which
/// searched what: `A (LaMoSca v0.07)` and `B (LaMoSca v0.09)` when the
/// versions differ, `A (Ordering=true)` and `B (Ordering=false)` when
/// the options do, the bare letters when neither does.
struct Names {
    a: String,
    b: String,
}

impl Names {
    fn of(a: &Record, b: &Record) -> Names {
        let (header_a, header_b) = (a.header(), b.header());
        let (told_a, told_b) = if header_a.version != header_b.version {
            (header_a.version.clone(), header_b.version.clone())
        } else {
            let differ = |one: &Map<String, Value>, other: &Map<String, Value>| {
                let pairs: Vec<String> = one
                    .iter()
                    .filter(|(name, value)| other.get(*name) != Some(*value))
                    .map(|(name, value)| options(&Map::from_iter([(name.clone(), value.clone())])))
                    .collect();
                pairs.join(", ")
            };
            (
                differ(&header_a.options, &header_b.options),
                differ(&header_b.options, &header_a.options),
            )
        };
        let name = |letter: &str, told: String| {
            if told.is_empty() {
                letter.to_string()
            } else {
                format!("{letter} ({told})")
            }
        };
        Names {
            a: name("A", told_a),
            b: name("B", told_b),
        }
    }
}

fn path_text(record: &Record, id: u32) -> String {
    let path = record.path(id);
    if path.is_empty() {
        return "the root".to_string();
    }
    let moves: Vec<String> = path.iter().map(|mv| mv.to_string()).collect();
    moves.join(" ")
}

/// Step 9: along the principal path (A's best moves, while B searched
/// them too), the order each side tried its moves.
fn principal_path(
    a: &Record,
    b: &Record,
    root_a: u32,
    root_b: u32,
    out: &mut impl Write,
) -> io::Result<()> {
    writeln!(out)?;
    writeln!(out, "Order of the moves tried along A's principal path:")?;
    let (mut node_a, mut node_b) = (root_a, root_b);
    loop {
        writeln!(out, "  at {}:", path_text(a, node_a))?;
        writeln!(out, "    A: {}", tried(a, node_a))?;
        writeln!(out, "    B: {}", tried(b, node_b))?;
        let Some(best) = a.node(node_a).and_then(|node| node.best) else {
            break;
        };
        let (Some(next_a), Some(next_b)) = (
            a.child_by_move(node_a, best.as_str()),
            b.child_by_move(node_b, best.as_str()),
        ) else {
            break;
        };
        (node_a, node_b) = (next_a, next_b);
    }
    Ok(())
}

/// A node's moves in the order tried, the cutting one marked.
fn tried(record: &Record, id: u32) -> String {
    let cut = record.node(id).and_then(|node| node.cut);
    let children: Vec<&NodeInfo> = record.move_children(id).collect();
    if children.is_empty() {
        return "no move searched".to_string();
    }
    let mut words: Vec<String> = children
        .iter()
        .take(MOVES_LISTED)
        .map(|child| {
            let mv = child.mv.map(|mv| mv.to_string()).unwrap_or_default();
            if child.mv.is_some() && child.mv == cut {
                format!("{mv} (cut)")
            } else {
                mv
            }
        })
        .collect();
    if children.len() > MOVES_LISTED {
        words.push(format!("... {} more", children.len() - MOVES_LISTED));
    }
    words.join(" ")
}
