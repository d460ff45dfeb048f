//! Where the explorer stands and how keys move it.

use common::{Position, NULL_MOVE};

use lamosca_reader::{
    research_depth, Bounded, Cutoff, MoveName, NodeInfo, Record, RecordError, SoFar,
};
use lamosca_record::Event;

// ANCHOR: keys
/// The keys, with what they do, as `?` shows them.
pub const HELP: &[(&str, &str)] = &[
    ("j  down  space", "next event"),
    ("k  up", "previous event"),
    ("l  right  enter", "into the first child"),
    ("h  left", "out to the parent, where this node returned"),
    ("n  p", "next, previous sibling"),
    ("e", "end of this node: its result"),
    ("E", "end of the search: the root's final table"),
    ("c  C", "next, previous cut of any kind"),
    ("a  t  z  #", "next alpha-beta, stand-pat, lazy, table cut"),
    ("s", "next swap"),
    ("g", "go to a path typed as moves, from the root"),
    ("w", "why not a root move: where it was refuted"),
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
    /// A root move is being typed, to see why it was not chosen.
    Why(String),
}

/// One move of the current node, as the screen lists it at the cursor:
/// what has not happened yet by the current event is not shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    /// The move; for a re-search, the node's own move (none at a root).
    pub mv: String,
    /// Its place in the order tried, from 1, once it has been entered;
    /// `None` if not tried yet, or never, and for a re-search.
    pub tried: Option<usize>,
    /// Its ordering value, if the node listed its moves.
    pub order: Option<i32>,
    /// The move `pick` swapped it in for, once it has.
    pub swapped_for: Option<String>,
    /// The value it returned, for the side to move at the node (minus its
    /// child's, the bound turned round), once its child has returned; a
    /// re-search's value is for the same side and is not negated.
    pub value: Option<Bounded>,
    /// The reply that refuted it (the move that cut its child off) or
    /// the best reply found, once its child has returned.
    pub reply: Option<String>,
    /// True for the move that cut the node off, once it has.
    pub cut: bool,
    /// Its child node, if tried.
    pub child: Option<u32>,
    /// For a re-search of the node (v0.11's internal deepening): the depth
    /// it searched, if the record says.
    pub research: Option<Option<i64>>,
}

/// The kinds of cut a record can hold: a node ends before its moves are
/// all searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CutKind {
    /// A move failed high (`cut`): alpha-beta, from v0.09 on.
    AlphaBeta,
    /// The side to move stood pat at or above beta (`stand_pat` or
    /// `selective_stand_pat` with `"cut":true`): v0.10 and v0.11.
    StandPat,
    /// v0.11's lazy cut (`lazy_cut`).
    Lazy,
    /// An entry of v0.11's transposition table settled the node
    /// (`table_hit` with `"cut":true`).
    Table,
}

impl CutKind {
    /// The kind's name, as the status line and the messages say it.
    pub fn name(self) -> &'static str {
        match self {
            CutKind::AlphaBeta => "alpha-beta",
            CutKind::StandPat => "stand-pat",
            CutKind::Lazy => "lazy",
            CutKind::Table => "table",
        }
    }

    /// The places of this kind of cut in `record`, in the order of the
    /// file.
    fn places(self, record: &Record) -> &[lamosca_reader::Place] {
        match self {
            CutKind::AlphaBeta => record.cuts(),
            CutKind::StandPat => record.stand_pat_cuts(),
            CutKind::Lazy => record.lazy_cuts(),
            CutKind::Table => record.table_cuts(),
        }
    }

    /// Why a search has none of this kind, and how to get some, in a
    /// status line (80 columns): the record's header says which version
    /// searched, with which options.
    fn none_in(self, record: &Record) -> String {
        let options = &record.header().options;
        let option = |name: &str| options.get(name);
        // Whether v0.11's `Ideas` keeps `idea`: its list as the header
        // writes it, `all`, `none` or the names kept.
        let keeps = |idea: &str| {
            let list = option("Ideas")?.as_str()?;
            Some(list == "all" || list.split(',').any(|name| name == idea))
        };
        match self {
            CutKind::AlphaBeta => {
                "no alpha-beta cut: NegaMax (v0.07) searches every move; v0.09 cuts".to_string()
            }
            CutKind::StandPat => {
                "no stand-pat cut: stand pats come with v0.10's quiescence, and v0.11".to_string()
            }
            CutKind::Lazy => match (keeps("lazy"), option("Margin")) {
                (Some(false), _) => {
                    "no lazy cut in this search: its options turn lazy cuts off".to_string()
                }
                (_, Some(margin)) => format!(
                    "no lazy cut in this search at margin {margin}: \
                     try explore v11 --depth 5 --margin 0"
                ),
                _ => "no lazy cut: they are v0.11's; try explore v11 --margin 0".to_string(),
            },
            CutKind::Table => match keeps("table") {
                Some(false) => {
                    "no table cut in this search: the table is off; try --ideas all".to_string()
                }
                Some(true) => "no table cut in this search: try a deeper one".to_string(),
                None => {
                    "no table cut: the table is v0.11's; try explore v11 --ideas all".to_string()
                }
            },
        }
    }
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
    rows: Vec<RowPlan>,
    /// The moves in the order the node generated them.
    generated: Vec<String>,
}

/// A row as it stands once the node has returned, with the offsets of
/// what it shows, so that the row at the cursor shows only what has
/// happened by then.
struct RowPlan {
    row: MoveRow,
    /// The offset of the swap that brought the move forward.
    swapped_at: Option<u64>,
}

impl RowPlan {
    /// The plan of a row no swap brought forward.
    fn of(row: MoveRow) -> RowPlan {
        RowPlan {
            row,
            swapped_at: None,
        }
    }
}

impl MoveRow {
    /// A row of `mv` with nothing known of it yet.
    fn listed(mv: String) -> MoveRow {
        MoveRow {
            mv,
            tried: None,
            order: None,
            swapped_for: None,
            value: None,
            reply: None,
            cut: false,
            child: None,
            research: None,
        }
    }
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

    /// The current node's moves as they stand at the cursor: its
    /// re-searches first, then the moves tried, in the order tried, then
    /// the others. Nothing is listed before the node has generated its
    /// moves or entered a child.
    pub fn rows(&self) -> Vec<MoveRow> {
        let Some(view) = self.node.as_ref() else {
            return Vec::new();
        };
        let generated = view
            .events
            .iter()
            .any(|(offset, event)| matches!(event, Event::Moves(_)) && *offset <= self.cursor);
        let cut_happened = self.cut_so_far().is_some();
        let mut rows = Vec::new();
        for plan in &view.rows {
            let mut row = plan.row.clone();
            let child = row.child.and_then(|child| self.record.node(child));
            let entered = child.is_some_and(|child| child.start <= self.cursor);
            let returned = child.is_some_and(|child| self.returned(child));
            if child.is_none() && !generated {
                continue;
            }
            if child.is_some() && !entered && !generated {
                continue;
            }
            if !entered {
                row.tried = None;
            }
            if plan.swapped_at.is_none_or(|at| at > self.cursor) {
                row.swapped_for = None;
            }
            if !returned {
                row.value = None;
                row.reply = None;
            }
            row.cut = row.cut && returned && cut_happened;
            rows.push(row);
        }
        // The moves not entered yet follow those that were, in the order
        // the node generated them: the order it will try them in is not
        // known yet.
        let listed = |mv: &str| view.generated.iter().position(|name| name == mv);
        rows.sort_by_key(|row| {
            let waiting = row.tried.is_none();
            (
                row.research.is_none(),
                waiting,
                if waiting { listed(&row.mv) } else { None },
            )
        });
        rows
    }

    /// True once node `info` has returned by the cursor: the cursor is past
    /// it, or on its `result` (seen from the node or from its parent).
    pub fn returned(&self, info: &NodeInfo) -> bool {
        info.end <= self.cursor
            || matches!(&self.event, Event::Result(result) if result.node == info.id)
    }

    /// The swaps the current node has made by the cursor.
    pub fn swaps_so_far(&self) -> usize {
        self.events_so_far()
            .filter(|event| matches!(event, Event::Swap(_)))
            .count()
    }

    /// How the current node has been cut off by the cursor, if it has.
    pub fn cut_so_far(&self) -> Option<Cutoff> {
        self.so_far().cutoff().cloned()
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
        if self.returned(&view.info) {
            return Some((view.info.value, view.info.best.map(|mv| mv.to_string())));
        }
        self.so_far()
            .best()
            .map(|(value, mv)| (value, mv.map(|mv| mv.to_string())))
    }

    /// What the current node has found by the cursor, by the record's one
    /// rule ([`SoFar`]): its own events so far, then its children that have
    /// returned.
    fn so_far(&self) -> SoFar {
        let mut so_far = SoFar::default();
        let Some(view) = self.node.as_ref() else {
            return so_far;
        };
        for event in self.events_so_far() {
            so_far.own(event);
        }
        for child in self.record.children(view.info.id) {
            if self.returned(child) {
                so_far.returned(child, self.record.is_research(child.id));
            }
        }
        so_far
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
            Mode::Why(typed) => self.type_why(typed, key),
            Mode::Browse => self.browse(key),
        }
    }

    fn browse(&mut self, key: Key) -> Result<(), RecordError> {
        match key {
            Key::Char('q') => self.done = true,
            Key::Char('?') => self.mode = Mode::Help,
            Key::Char('g') => self.mode = Mode::Path(String::new()),
            Key::Char('w') => self.mode = Mode::Why(String::new()),
            Key::Char('j') | Key::Char(' ') | Key::Down => self.next_event()?,
            Key::Char('k') | Key::Up => self.previous_event()?,
            Key::Char('l') | Key::Right | Key::Enter => {
                let child = self
                    .node()
                    .and_then(|node| self.record.first_child(node.id));
                self.go_to_node_or(child, "this node has no child")?;
            }
            Key::Char('h') | Key::Left => self.out_to_parent()?,
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
            Key::Char('e') => self.end_of_node()?,
            Key::Char('E') => self.end_of_search()?,
            Key::Char('c') => self.next_cut(&CUT_KINDS)?,
            Key::Char('C') => self.previous_cut()?,
            Key::Char('a') => self.next_cut(&[CutKind::AlphaBeta])?,
            Key::Char('t') => self.next_cut(&[CutKind::StandPat])?,
            Key::Char('z') => self.next_cut(&[CutKind::Lazy])?,
            Key::Char('#') => self.next_cut(&[CutKind::Table])?,
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

    /// "Why not this move?": the root move typed is followed, as `g`
    /// follows a path, and the cursor goes to the end of its node, where it
    /// returned: its value or bound, and the reply that refuted it. A move
    /// refused keeps the prompt open, with the reason.
    fn type_why(&mut self, mut typed: String, key: Key) -> Result<(), RecordError> {
        match key {
            Key::Enter => {
                self.follow(&typed)?;
                return match std::mem::replace(&mut self.mode, Mode::Browse) {
                    Mode::Path(refused) => {
                        self.mode = Mode::Why(refused);
                        Ok(())
                    }
                    _ if self.message.is_some() => Ok(()),
                    _ => self.end_of_node(),
                };
            }
            Key::Esc => return Ok(()),
            Key::Backspace => {
                typed.pop();
            }
            Key::Char(letter) => typed.push(letter),
            _ => {}
        }
        self.mode = Mode::Why(typed);
        Ok(())
    }

    /// Goes to the node the moves lead to from the current root, as far as
    /// they lead. A word that is no move in `e2e4` form (or `0000`, a
    /// pass), or no legal move where it is played, moves nothing: the
    /// prompt stays open with the text, to be mended.
    fn follow(&mut self, typed: &str) -> Result<(), RecordError> {
        let root = self
            .node()
            .map(|node| self.root_of(node.id))
            .or_else(|| self.record.roots().first().copied());
        let Some(mut at) = root else {
            self.message = Some("the record has no node".to_string());
            return Ok(());
        };
        let mut position = match Position::from_fen(&self.record.header().fen) {
            Ok(position) => position,
            Err(error) => {
                self.message = Some(format!("bad fen in the header: {error}"));
                return Ok(());
            }
        };
        let mut searched = true;
        for (played, mv) in typed.split_whitespace().enumerate() {
            if !is_move_form(mv) {
                return self.keep_typing(typed, format!("{mv} is not a move in e2e4 form"));
            }
            let Ok(legal) = position.parse_move_or_pass(mv) else {
                let place = match played {
                    0 => "at the root".to_string(),
                    _ => format!("after {}", words_before(typed, played)),
                };
                return self.keep_typing(typed, format!("{mv} is not a legal move {place}"));
            };
            position.make(legal);
            if searched {
                match self.record.child_by_move(at, mv) {
                    Some(child) => at = child,
                    None => {
                        self.message = Some(format!("{mv} was not searched here"));
                        searched = false;
                    }
                }
            }
        }
        self.go_to_node(at)
    }

    /// Leaves the prompt open with `typed` and says why it was not
    /// followed.
    fn keep_typing(&mut self, typed: &str, why: String) -> Result<(), RecordError> {
        self.mode = Mode::Path(typed.to_string());
        self.message = Some(why);
        Ok(())
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

    /// The cuts of the `kinds` asked for, in the order of the file.
    fn cuts_of(&self, kinds: &[CutKind]) -> Vec<(u64, CutKind)> {
        let mut cuts: Vec<(u64, CutKind)> = kinds
            .iter()
            .flat_map(|&kind| {
                kind.places(self.record)
                    .iter()
                    .map(move |place| (place.offset, kind))
            })
            .collect();
        cuts.sort_unstable_by_key(|(offset, _)| *offset);
        cuts
    }

    /// On to the next cut of one of `kinds`; or says there is none after
    /// the cursor, or none at all and how to get some.
    fn next_cut(&mut self, kinds: &[CutKind]) -> Result<(), RecordError> {
        let cuts = self.cuts_of(kinds);
        let next = cuts.partition_point(|(offset, _)| *offset <= self.cursor);
        match cuts.get(next) {
            Some(&(offset, _)) => self.go_to(offset),
            None => {
                let name = match kinds {
                    [kind] => format!("{} cut", kind.name()),
                    _ => "cut".to_string(),
                };
                self.message = Some(match (cuts.len(), kinds) {
                    (0, [kind]) => kind.none_in(self.record),
                    (0, _) => "this search has no cut of any kind".to_string(),
                    (count, _) => {
                        format!("no {name} after this event ({count} in the search: C goes back)")
                    }
                });
                Ok(())
            }
        }
    }

    /// Back to the previous cut of any kind.
    fn previous_cut(&mut self) -> Result<(), RecordError> {
        let cuts = self.cuts_of(&CUT_KINDS);
        let before = cuts.partition_point(|(offset, _)| *offset < self.cursor);
        match before.checked_sub(1).and_then(|at| cuts.get(at)) {
            Some(&(offset, _)) => self.go_to(offset),
            None => {
                self.message = Some("no cut before this event".to_string());
                Ok(())
            }
        }
    }

    /// On to the current node's `result`: what it returned.
    fn end_of_node(&mut self) -> Result<(), RecordError> {
        let Some(node) = self.node().copied() else {
            self.message = Some("no node here".to_string());
            return Ok(());
        };
        match self.record.previous_line(node.end)? {
            Some(result) => self.go_to_in(result, Some(node.id)),
            None => Ok(()),
        }
    }

    /// On to the report, the last line: the last root shown as it
    /// returned, with every move's value or bound.
    fn end_of_search(&mut self) -> Result<(), RecordError> {
        match self.record.previous_line(self.record.size())? {
            Some(report) => self.go_to(report),
            None => Ok(()),
        }
    }

    /// Out to the parent, at the moment the current node returned to it:
    /// the parent with the child's value in its table.
    fn out_to_parent(&mut self) -> Result<(), RecordError> {
        let Some(node) = self.node().copied() else {
            self.message = Some("no node here".to_string());
            return Ok(());
        };
        let Some(parent) = node.parent else {
            self.message = Some("this node is a root".to_string());
            return Ok(());
        };
        match self.record.previous_line(node.end)? {
            Some(result) => self.go_to_in(result, Some(parent)),
            None => self.go_to_node(parent),
        }
    }

    /// Moves the cursor to the event at `offset`, and reads its node if it
    /// is another.
    fn go_to(&mut self, offset: u64) -> Result<(), RecordError> {
        self.go_to_in(offset, None)
    }

    /// Moves the cursor to the event at `offset`, shown as part of node
    /// `shown` (a child's `result` seen from its parent) or of its own.
    fn go_to_in(&mut self, offset: u64, shown: Option<u32>) -> Result<(), RecordError> {
        let Some((event, _)) = self.record.line_at(offset)? else {
            return Ok(());
        };
        // An event of no node (the header, the report, a deepening
        // iteration) shows the root nearest before it.
        let node = shown.or(event.node()).or_else(|| {
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
        let generated = events
            .iter()
            .find_map(|(_, event)| match event {
                Event::Moves(list) => Some(list.moves.iter().map(|m| m.mv.clone()).collect()),
                _ => None,
            })
            .unwrap_or_default();
        Ok(NodeView {
            info,
            events,
            path,
            board,
            rows,
            generated,
        })
    }
}

/// The position after the path, or the first thing that stops it.
fn board(fen: &str, path: &[MoveName]) -> Result<Position, String> {
    let mut position =
        Position::from_fen(fen).map_err(|error| format!("bad fen in the header: {error}"))?;
    for mv in path {
        let legal = position
            .parse_move_or_pass(mv.as_str())
            .map_err(|error| format!("the path breaks at {mv}: {error}"))?;
        position.make(legal);
    }
    Ok(position)
}

/// The node's re-searches and moves, as they stand once it has returned:
/// the re-searches, the moves tried, in order, then the rest of its list.
fn rows(record: &Record, info: &NodeInfo, events: &[(u64, Event)]) -> Vec<RowPlan> {
    let mut orders: Vec<(String, i32)> = Vec::new();
    let mut swapped: Vec<(String, String, u64)> = Vec::new();
    for (offset, event) in events {
        match event {
            Event::Moves(list) => {
                orders = list.moves.iter().map(|m| (m.mv.clone(), m.order)).collect();
            }
            Event::Swap(swap) => swapped.push((swap.into.clone(), swap.out.clone(), *offset)),
            _ => {}
        }
    }
    let order_of = |mv: &str| {
        orders
            .iter()
            .find(|(name, _)| name == mv)
            .map(|(_, order)| *order)
    };
    let mut plans = Vec::new();
    let mut tried = 0;
    for child in record.children(info.id) {
        let mv = child.mv.map(|mv| mv.to_string()).unwrap_or_default();
        let value = Bounded::of_node(child);
        let reply = child.reply().map(|mv| mv.to_string());
        if record.is_research(child.id) {
            plans.push(RowPlan::of(MoveRow {
                value: Some(value),
                reply,
                child: Some(child.id),
                research: Some(research_depth(child, events)),
                ..MoveRow::listed(mv)
            }));
            continue;
        }
        tried += 1;
        let swap = swapped
            .iter()
            .find(|(into, _, at)| *into == mv && *at < child.start);
        plans.push(RowPlan {
            row: MoveRow {
                tried: Some(tried),
                order: order_of(&mv),
                swapped_for: swap.map(|(_, out, _)| out.clone()),
                value: Some(value.turned()),
                reply,
                cut: info.cut.is_some_and(|cut| cut.as_str() == mv),
                child: Some(child.id),
                research: None,
                mv,
            },
            swapped_at: swap.map(|(_, _, at)| *at),
        });
    }
    for (mv, order) in orders {
        let listed = plans
            .iter()
            .any(|plan| plan.row.research.is_none() && plan.row.mv == mv);
        if !listed {
            plans.push(RowPlan::of(MoveRow {
                order: Some(order),
                ..MoveRow::listed(mv)
            }));
        }
    }
    plans
}

/// True for a move in UCI's `e2e4` form: two squares, and a promotion
/// piece if any; or `0000`, a pass, which a record's line may hold.
fn is_move_form(text: &str) -> bool {
    if text == NULL_MOVE {
        return true;
    }
    let bytes = text.as_bytes();
    let square =
        |file: u8, rank: u8| (b'a'..=b'h').contains(&file) && (b'1'..=b'8').contains(&rank);
    match bytes {
        [a, b, c, d] => square(*a, *b) && square(*c, *d),
        [a, b, c, d, piece] => square(*a, *b) && square(*c, *d) && b"qrbn".contains(piece),
        _ => false,
    }
}

/// The first `count` words of `typed`, joined by spaces.
fn words_before(typed: &str, count: usize) -> String {
    typed
        .split_whitespace()
        .take(count)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every kind of cut, as `c` and `C` look for them.
const CUT_KINDS: [CutKind; 4] = [
    CutKind::AlphaBeta,
    CutKind::StandPat,
    CutKind::Lazy,
    CutKind::Table,
];
