//! Where the explorer stands and how keys move it.

use common::Position;

use lamosca_record::Event;
use lamosca_record::RecordError;
use lamosca_record::{MoveName, NodeInfo, Record};

// ANCHOR: keys
/// The keys, with what they do, as `?` shows them.
pub const HELP: &[(&str, &str)] = &[
    ("j  down  space", "next event"),
    ("k  up", "previous event"),
    ("l  right  enter", "into the first child"),
    ("h  left", "out to the parent"),
    ("n", "next sibling"),
    ("p", "previous sibling"),
    ("c", "next cut"),
    ("s", "next swap"),
    ("g", "go to a path typed as moves, from the root"),
    ("  enter  esc", "go there, or cancel"),
    ("?", "this help (any key closes it)"),
    ("q  ctrl-c", "quit"),
];
// ANCHOR_END: keys

/// A key, as the explorer understands it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// A printable character.
    Char(char),
    /// Enter.
    Enter,
    /// Backspace.
    Backspace,
    /// Escape.
    Esc,
    /// The arrow up.
    Up,
    /// The arrow down.
    Down,
    /// The arrow left.
    Left,
    /// The arrow right.
    Right,
    /// Ctrl-C.
    Interrupt,
}

impl Key {
    /// The keys of a script: characters as typed, and `<enter>`, `<esc>`,
    /// `<bs>`, `<up>`, `<down>`, `<left>`, `<right>` by name.
    pub fn script(text: &str) -> Vec<Key> {
        let mut keys = Vec::new();
        let mut rest = text;
        while let Some(first) = rest.chars().next() {
            let named = [
                ("<enter>", Key::Enter),
                ("<esc>", Key::Esc),
                ("<bs>", Key::Backspace),
                ("<up>", Key::Up),
                ("<down>", Key::Down),
                ("<left>", Key::Left),
                ("<right>", Key::Right),
            ];
            if let Some((name, key)) = named.iter().find(|(name, _)| rest.starts_with(name)) {
                keys.push(*key);
                rest = &rest[name.len()..];
            } else {
                keys.push(Key::Char(first));
                rest = &rest[first.len_utf8()..];
            }
        }
        keys
    }
}

/// What the keys do now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Moving through the record.
    Browse,
    /// The help is shown.
    Help,
    /// A path of moves is being typed.
    Path(String),
}

/// One move of the current node, as the screen lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    /// The move.
    pub mv: String,
    /// Its place in the order tried, from 1; `None` if never tried.
    pub tried: Option<usize>,
    /// Its ordering value, if the node listed its moves.
    pub order: Option<i32>,
    /// The move `pick` swapped it in for, if it did.
    pub swapped_for: Option<String>,
    /// The value it returned, for the side to move at the node (minus its
    /// child's); the screen shows it once the cursor is past the child.
    pub value: Option<i32>,
    /// True for the move that cut the node off.
    pub cut: bool,
    /// Its child node, if tried.
    pub child: Option<u32>,
}

/// The explorer's state: the current event, its node, and the node's view.
pub struct Explorer<'r> {
    record: &'r Record,
    cursor: u64,
    event: Event,
    node: Option<NodeView>,
    mode: Mode,
    message: Option<String>,
    done: bool,
}

/// What is read once per node, not once per key.
struct NodeView {
    info: NodeInfo,
    events: Vec<(u64, Event)>,
    path: Vec<MoveName>,
    board: Result<Position, String>,
    rows: Vec<MoveRow>,
}

impl<'r> Explorer<'r> {
    /// An explorer at the record's first root.
    pub fn new(record: &'r Record) -> Result<Explorer<'r>, RecordError> {
        let (event, _) = record.line_at(0)?.ok_or(RecordError::Empty)?;
        let mut explorer = Explorer {
            record,
            cursor: 0,
            event,
            node: None,
            mode: Mode::Browse,
            message: None,
            done: false,
        };
        match record.roots().first() {
            Some(&root) => explorer.go_to_node(root)?,
            None => explorer.go_to(0)?,
        }
        Ok(explorer)
    }

    /// The record explored.
    pub fn record(&self) -> &Record {
        self.record
    }

    /// The byte offset of the current event.
    pub fn cursor(&self) -> u64 {
        self.cursor
    }

    /// The current event.
    pub fn event(&self) -> &Event {
        &self.event
    }

    /// The current node, if the cursor is in one.
    pub fn node(&self) -> Option<&NodeInfo> {
        self.node.as_ref().map(|view| &view.info)
    }

    /// The moves from the root to the current node.
    pub fn path(&self) -> &[MoveName] {
        self.node.as_ref().map_or(&[], |view| &view.path)
    }

    /// The board at the current node, or why it cannot be set up.
    pub fn board(&self) -> Option<&Result<Position, String>> {
        self.node.as_ref().map(|view| &view.board)
    }

    /// The current node's moves: tried ones in the order tried, then the
    /// others.
    pub fn rows(&self) -> &[MoveRow] {
        self.node.as_ref().map_or(&[], |view| &view.rows)
    }

    /// The current node's own events up to and including the cursor.
    pub fn events_so_far(&self) -> impl Iterator<Item = &Event> {
        let cursor = self.cursor;
        self.node
            .iter()
            .flat_map(|view| view.events.iter())
            .filter(move |(offset, _)| *offset <= cursor)
            .map(|(_, event)| event)
    }

    /// The best value the node has found by the cursor (for the side to
    /// move there), with its move: the best of its returned moves and of
    /// any stand pat, or the node's result once it has returned.
    pub fn value_so_far(&self) -> Option<(i32, Option<String>)> {
        let view = self.node.as_ref()?;
        if self.cursor + 1 >= view.info.end {
            return Some((view.info.value, view.info.best.map(|mv| mv.to_string())));
        }
        let mut best: Option<(i32, Option<String>)> = None;
        let mut offer = |value: i32, mv: Option<String>| {
            if best.as_ref().is_none_or(|(so_far, _)| value > *so_far) {
                best = Some((value, mv));
            }
        };
        for event in self.events_so_far() {
            if let Event::Chapter(chapter) = event {
                if chapter.kind.ends_with("stand_pat") {
                    if let Some(value) = chapter.field("value").and_then(|value| value.as_i64()) {
                        offer(value as i32, None);
                    }
                }
            }
        }
        for child in self.record.children(view.info.id) {
            if child.end <= self.cursor {
                offer(-child.value, child.mv.map(|mv| mv.to_string()));
            }
        }
        best
    }

    /// What the keys do now.
    pub fn mode(&self) -> &Mode {
        &self.mode
    }

    /// The last message for the status line: a key that led nowhere.
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// True once the reader has asked to quit.
    pub fn done(&self) -> bool {
        self.done
    }

    /// Plays one key.
    pub fn press(&mut self, key: Key) -> Result<(), RecordError> {
        self.message = None;
        if key == Key::Interrupt {
            self.done = true;
            return Ok(());
        }
        match std::mem::replace(&mut self.mode, Mode::Browse) {
            Mode::Help => Ok(()),
            Mode::Path(typed) => self.type_path(typed, key),
            Mode::Browse => self.browse(key),
        }
    }

    fn browse(&mut self, key: Key) -> Result<(), RecordError> {
        match key {
            Key::Char('q') => self.done = true,
            Key::Char('?') => self.mode = Mode::Help,
            Key::Char('g') => self.mode = Mode::Path(String::new()),
            Key::Char('j') | Key::Char(' ') | Key::Down => self.next_event()?,
            Key::Char('k') | Key::Up => self.previous_event()?,
            Key::Char('l') | Key::Right | Key::Enter => {
                let child = self
                    .node()
                    .and_then(|node| self.record.first_child(node.id));
                self.go_to_node_or(child, "this node has no child")?;
            }
            Key::Char('h') | Key::Left => {
                let parent = self.node().and_then(|node| node.parent);
                self.go_to_node_or(parent, "this node is a root")?;
            }
            Key::Char('n') => {
                let next = self
                    .node()
                    .and_then(|node| self.record.next_sibling(node.id));
                self.go_to_node_or(next, "no next sibling")?;
            }
            Key::Char('p') => {
                let previous = self
                    .node()
                    .and_then(|node| self.record.previous_sibling(node.id));
                self.go_to_node_or(previous, "no previous sibling")?;
            }
            Key::Char('c') => {
                let cuts = self.record.cuts();
                let next = cuts.partition_point(|place| place.offset <= self.cursor);
                match cuts.get(next) {
                    Some(place) => self.go_to(place.offset)?,
                    None => self.message = Some("no cut after this event".to_string()),
                }
            }
            Key::Char('s') => {
                let swaps = self.record.swaps();
                let next = swaps.partition_point(|place| place.offset <= self.cursor);
                match swaps.get(next) {
                    Some(place) => self.go_to(place.offset)?,
                    None => self.message = Some("no swap after this event".to_string()),
                }
            }
            _ => self.message = Some("unknown key: ? shows the keys".to_string()),
        }
        Ok(())
    }

    fn type_path(&mut self, mut typed: String, key: Key) -> Result<(), RecordError> {
        match key {
            Key::Enter => return self.follow(&typed),
            Key::Esc => return Ok(()),
            Key::Backspace => {
                typed.pop();
            }
            Key::Char(letter) => typed.push(letter),
            _ => {}
        }
        self.mode = Mode::Path(typed);
        Ok(())
    }

    /// Goes to the node the moves lead to from the current root, as far as
    /// they lead.
    fn follow(&mut self, typed: &str) -> Result<(), RecordError> {
        let root = self
            .node()
            .map(|node| self.root_of(node.id))
            .or_else(|| self.record.roots().first().copied());
        let Some(mut at) = root else {
            self.message = Some("the record has no node".to_string());
            return Ok(());
        };
        for mv in typed.split_whitespace() {
            match self.record.child_by_move(at, mv) {
                Some(child) => at = child,
                None => {
                    self.message = Some(format!("{mv} was not searched here"));
                    break;
                }
            }
        }
        self.go_to_node(at)
    }

    fn root_of(&self, mut id: u32) -> u32 {
        while let Some(parent) = self.record.node(id).and_then(|node| node.parent) {
            id = parent;
        }
        id
    }

    fn next_event(&mut self) -> Result<(), RecordError> {
        match self.record.line_at(self.cursor)? {
            Some((_, next)) if next < self.record.size() => self.go_to(next),
            _ => {
                self.message = Some("this is the last event".to_string());
                Ok(())
            }
        }
    }

    fn previous_event(&mut self) -> Result<(), RecordError> {
        match self.record.previous_line(self.cursor)? {
            Some(previous) => self.go_to(previous),
            None => {
                self.message = Some("this is the first event".to_string());
                Ok(())
            }
        }
    }

    fn go_to_node_or(&mut self, node: Option<u32>, otherwise: &str) -> Result<(), RecordError> {
        match node {
            Some(id) => self.go_to_node(id),
            None => {
                self.message = Some(otherwise.to_string());
                Ok(())
            }
        }
    }

    fn go_to_node(&mut self, id: u32) -> Result<(), RecordError> {
        match self.record.node(id) {
            Some(node) => self.go_to(node.start),
            None => Ok(()),
        }
    }

    /// Moves the cursor to the event at `offset`, and reads its node if it
    /// is another.
    fn go_to(&mut self, offset: u64) -> Result<(), RecordError> {
        let Some((event, _)) = self.record.line_at(offset)? else {
            return Ok(());
        };
        // An event of no node (the header, the report, a deepening
        // iteration) shows the root nearest before it.
        let node = event.node().or_else(|| {
            let roots = self.record.roots();
            let before = roots.partition_point(|&root| {
                self.record
                    .node(root)
                    .is_some_and(|node| node.start <= offset)
            });
            roots.get(before.saturating_sub(1)).copied()
        });
        self.cursor = offset;
        self.event = event;
        if node != self.node().map(|info| info.id) {
            self.node = match node {
                Some(id) => Some(self.view(id)?),
                None => None,
            };
        }
        Ok(())
    }

    /// Reads what the screen shows of node `id`.
    fn view(&self, id: u32) -> Result<NodeView, RecordError> {
        let record = self.record;
        let info = *record.node(id).ok_or(RecordError::Empty)?;
        let events = record.node_events(id)?;
        let path = record.path(id);
        let board = board(&record.header().fen, &path);
        let rows = rows(record, &info, &events);
        Ok(NodeView {
            info,
            events,
            path,
            board,
            rows,
        })
    }
}

/// The position after the path, or the first thing that stops it.
fn board(fen: &str, path: &[MoveName]) -> Result<Position, String> {
    let mut position =
        Position::from_fen(fen).map_err(|error| format!("bad fen in the header: {error}"))?;
    for mv in path {
        let legal = position
            .parse_move(mv.as_str())
            .map_err(|error| format!("the path breaks at {mv}: {error}"))?;
        position.make(legal);
    }
    Ok(position)
}

/// The node's moves: those tried, in order, then the rest of its list.
fn rows(record: &Record, info: &NodeInfo, events: &[(u64, Event)]) -> Vec<MoveRow> {
    let mut orders: Vec<(String, i32)> = Vec::new();
    let mut swapped: Vec<(String, String)> = Vec::new();
    for (_, event) in events {
        match event {
            Event::Moves(list) => {
                orders = list.moves.iter().map(|m| (m.mv.clone(), m.order)).collect();
            }
            Event::Swap(swap) => swapped.push((swap.into.clone(), swap.out.clone())),
            _ => {}
        }
    }
    let order_of = |mv: &str| {
        orders
            .iter()
            .find(|(name, _)| name == mv)
            .map(|(_, order)| *order)
    };
    let mut rows: Vec<MoveRow> = record
        .children(info.id)
        .enumerate()
        .map(|(index, child)| {
            let mv = child.mv.map(|mv| mv.to_string()).unwrap_or_default();
            MoveRow {
                tried: Some(index + 1),
                order: order_of(&mv),
                swapped_for: swapped
                    .iter()
                    .find(|(into, _)| *into == mv)
                    .map(|(_, out)| out.clone()),
                value: Some(-child.value),
                cut: info.cut.is_some_and(|cut| cut.as_str() == mv),
                child: Some(child.id),
                mv,
            }
        })
        .collect();
    for (mv, order) in orders {
        if rows.iter().all(|row| row.mv != mv) {
            rows.push(MoveRow {
                mv,
                tried: None,
                order: Some(order),
                swapped_for: None,
                value: None,
                cut: false,
                child: None,
            });
        }
    }
    rows
}
