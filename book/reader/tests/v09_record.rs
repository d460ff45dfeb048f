//! v0.09's record of the seed's search: it agrees with the report, it
//! holds the seed's first swap and the cut that follows, and the text log
//! can be rendered from it line for line. (Every step's record against
//! its report, on many positions: `steps.rs`.)

use std::collections::HashMap;

use common::Position;
use lamosca_reader::{check_record, Bounds};
use lamosca_record::{record_search, Event, NodeEntry, Swap};
use lamosca_search::events::Tracer;
use lamosca_search::log::{capture, Words};
use lamosca_search::{Engine, SearchControl};
use lamosca_v09::AlphaBeta;

/// The seed's search: 1.d2d4, then Black searches 4 levels.
fn seed_position() -> Position {
    let mut position = Position::startpos();
    position.play_moves(&["d2d4"]).unwrap();
    position
}

/// The events of a record of `position` searched `depth` plies deep.
fn recorded(position: &Position, depth: u32) -> Vec<Event> {
    let options = serde_json::Map::new();
    let (_, bytes) = record_search(
        &mut AlphaBeta::new(),
        position,
        depth,
        0,
        options,
        Vec::new(),
    )
    .unwrap();
    let text = String::from_utf8(bytes).unwrap();
    text.lines()
        .map(|line| Event::from_line(line).unwrap())
        .collect()
}

#[test]
fn the_seed_search_records_its_first_swap_then_the_cut_on_that_move() {
    let events = recorded(&seed_position(), 4);
    let at = events
        .iter()
        .position(|event| matches!(event, Event::Swap(_)))
        .expect("a swap");
    let Event::Swap(swap) = &events[at] else {
        unreachable!()
    };
    let expected = Swap {
        node: swap.node,
        out: "d5d6".into(),
        out_value: 0,
        into: "c1h6".into(),
        in_value: 8,
    };
    assert_eq!(swap, &expected);
    // The next event of that node, after the subtree of the move: a cut.
    let next = events[at + 1..]
        .iter()
        .find(|event| event.node() == Some(swap.node) && !matches!(event, Event::Node(_)))
        .expect("an event after the swap");
    match next {
        Event::Cut(cut) => assert_eq!(cut.mv, "c1h6"),
        other => panic!("{other:?} follows the swap"),
    }
}

#[test]
fn the_seed_search_agrees_with_its_report() {
    let report = check_record::<AlphaBeta>(&seed_position(), 4, Bounds::FailHard).unwrap();
    // Recording changes nothing: the same search without a record.
    let plain = AlphaBeta::new().search(
        &mut seed_position(),
        4,
        &SearchControl::unlimited(),
        &mut Tracer::off(),
    );
    assert_eq!(
        (report.value, report.nodes, report.best),
        (plain.value, plain.nodes, plain.best)
    );
}

/// One node of a record, for rendering: its entry, whether it listed its
/// moves, its result and what happened in it, in order.
#[derive(Default)]
struct Rendered {
    entry: Option<NodeEntry>,
    listed: bool,
    found: bool,
    value: i32,
    best: Option<String>,
    items: Vec<Event>,
}

/// The English text log of levels 1 to `levels`, rendered from a record
/// of this version (whose nodes list their moves, and whose leaves do not).
fn render(events: &[Event], levels: u32) -> String {
    let mut nodes: HashMap<u32, Rendered> = HashMap::new();
    let mut root = None;
    for event in events {
        match event {
            Event::Node(entry) => {
                match entry.parent {
                    Some(parent) => nodes.entry(parent).or_default().items.push(event.clone()),
                    None => root = Some(entry.id),
                }
                nodes.entry(entry.id).or_default().entry = Some(entry.clone());
            }
            Event::Moves(list) => {
                let node = nodes.entry(list.node).or_default();
                node.listed = true;
                node.found = !list.moves.is_empty();
            }
            Event::Result(result) => {
                let node = nodes.entry(result.node).or_default();
                node.value = result.value;
                node.best = result.best.clone();
            }
            Event::Swap(_) | Event::Cut(_) => {
                let id = event.node().unwrap();
                nodes.entry(id).or_default().items.push(event.clone());
            }
            _ => {}
        }
    }
    let mut text = String::new();
    render_node(&nodes, root.unwrap(), levels, &mut text);
    text
}

fn render_node(nodes: &HashMap<u32, Rendered>, id: u32, levels: u32, text: &mut String) {
    let node = &nodes[&id];
    let entry = node.entry.as_ref().unwrap();
    if !node.listed || entry.level > levels {
        return;
    }
    let (mut moves, mut swap) = (String::new(), None);
    for (i, item) in node.items.iter().enumerate() {
        match item {
            Event::Swap(s) => {
                swap = Some(format!(
                    "Swap {}={} with {}={}",
                    s.out, s.out_value, s.into, s.in_value
                ))
            }
            Event::Node(child) => {
                render_node(nodes, child.id, levels, text);
                let value = -nodes[&child.id].value;
                let cut = matches!(node.items.get(i + 1), Some(Event::Cut(_)));
                let mark = if cut { " // Cut" } else { "" };
                if let Some(line) = swap.take() {
                    text.push_str(&format!("{line}{mark}\n"));
                }
                let mv = child.mv.as_deref().unwrap();
                moves.push_str(&format!(" {mv}={value}{mark}"));
            }
            _ => {}
        }
    }
    let level = entry.level;
    text.push_str(&format!("Moves level {level}:{moves}\n"));
    text.push_str(&format!(
        "Result level {level}: Found={}, Value={}, Alpha={}, Beta={}",
        u8::from(node.found),
        node.value,
        entry.alpha,
        entry.beta
    ));
    if let Some(best) = node.best.as_ref().filter(|_| level == 1) {
        text.push_str(&format!(", Move={best}"));
    }
    text.push('\n');
}

#[test]
fn the_text_log_renders_from_the_record() {
    let position = seed_position();
    let (log, _) = capture(Words::English, 4, |tracer| {
        AlphaBeta::new().search(
            &mut position.clone(),
            4,
            &SearchControl::unlimited(),
            tracer,
        )
    });
    let rendered = render(&recorded(&position, 4), 4);
    assert_eq!(rendered.lines().count(), log.lines().count());
    assert_eq!(rendered, log);
}
