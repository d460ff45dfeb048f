//! Reading a record: an index of its nodes, and their events read on demand.
//!
//! [`Record::open`] reads the file once, line by line, and keeps one small
//! entry per node ([`NodeInfo`]: where its lines are, its parent, first
//! child and siblings, its move, window and value) and the places of the
//! cuts and swaps; no event is kept. [`Record::node_events`] then reads the
//! lines of one node, skipping its children's, and [`Record::line_at`] one
//! line anywhere, so that a record of millions of events opens in a second
//! and each step through it reads a few lines.
//!
//! The index checks the contract as it goes: a line that is not JSON, a
//! node whose parent is not the node open or whose level is not its
//! parent's plus one, an event of a node that is not the innermost open
//! one, a file that stops before the report. Ids, parents and levels are
//! thus all bounded by the lines read, and a reader may size a table by
//! them. Each is a
//! [`RecordError`] that names the line. It also plays the record's moves
//! as it reads them, from the header's position: the position must be a
//! FEN, and every move (a node's, a cut's, a best one, a move list's)
//! legal where it stands; a record that names an impossible move is no
//! search, and is refused with its line. A pass, `0000`, is played as one
//! (the other side to move, no en-passant square) where the side to move
//! is not in check.

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom};
use std::path::Path;

use common::{Move, MoveStack, Position, UciMove, MAX_PLY, NULL_MOVE};
use lamosca_search::events::{Ending, StepKind};
use lamosca_search::INFINITY;
use serde::Deserialize;

use crate::error::RecordError;
use lamosca_record::{Cut, Event, Header, NodeKind, Summary, Swap, KNOWN_EVENTS, SCHEMA};

/// The buffer of the pass that builds the index: large reads, few calls.
const INDEX_BUFFER: usize = 1 << 20;

/// The longest line a record may hold, far above any event's (a root's
/// move list is a few kilobytes): a file whose first line runs past it is
/// called foreign once this much is read, not after the whole file.
const LONGEST_LINE: usize = 1 << 20;

/// The deepest level a search reaches: a node at every ply the move
/// stack holds, and the root above them.
const DEEPEST_LEVEL: u32 = MAX_PLY as u32 + 1;

/// How far back [`Record::previous_line`] reads at a time; longer than
/// any line but a root's move list.
const BACK_STEP: u64 = 4096;

/// A move as the index keeps it: up to five UCI characters, `e7e8q`.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct MoveName([u8; 5]);

impl MoveName {
    /// The move named `text`, if it fits in five characters.
    pub fn new(text: &str) -> Option<MoveName> {
        let bytes = text.as_bytes();
        if bytes.is_empty() || bytes.len() > 5 || !text.is_ascii() {
            return None;
        }
        let mut name = [0; 5];
        name[..bytes.len()].copy_from_slice(bytes);
        Some(MoveName(name))
    }

    /// The move's text.
    pub fn as_str(&self) -> &str {
        let length = self.0.iter().position(|&byte| byte == 0).unwrap_or(5);
        // Only ASCII is stored.
        std::str::from_utf8(&self.0[..length]).unwrap_or("?")
    }
}

impl fmt::Display for MoveName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

impl fmt::Debug for MoveName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.as_str())
    }
}

/// What the index knows of one node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeInfo {
    /// The node's id, from 1.
    pub id: u32,
    /// Its parent, `None` for a root.
    pub parent: Option<u32>,
    /// Its level, 1 at a root.
    pub level: u32,
    /// Its kind of search.
    pub kind: NodeKind,
    /// The move that led here, `None` for a root.
    pub mv: Option<MoveName>,
    /// The window on entry.
    pub alpha: i32,
    /// The window's upper bound.
    pub beta: i32,
    /// The value it returned.
    pub value: i32,
    /// The best move it returned, if any.
    pub best: Option<MoveName>,
    /// The move that cut it off, if one did.
    pub cut: Option<MoveName>,
    /// The swaps `pick` made among its moves.
    pub swaps: u32,
    /// The byte offset of its `node` line.
    pub start: u64,
    /// The byte offset just after its `result` line.
    pub end: u64,
    first_child: Option<u32>,
    next_sibling: Option<u32>,
    previous_sibling: Option<u32>,
}

/// Where one cut or swap is: its line's offset and its node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// The byte offset of the line.
    pub offset: u64,
    /// The node it belongs to.
    pub node: u32,
}

/// Where a record's lines are read from: a file, or bytes in memory (a
/// web page has no files; the book's lab keeps its records as strings).
enum Source {
    File(File),
    Bytes(Vec<u8>),
}

impl Source {
    /// A reader of the lines from `offset` on.
    fn lines_from(&self, offset: u64, capacity: usize) -> io::Result<Box<dyn BufRead + '_>> {
        match self {
            Source::File(file) => {
                let mut reader = BufReader::with_capacity(capacity, file);
                reader.seek(SeekFrom::Start(offset))?;
                Ok(Box::new(reader))
            }
            Source::Bytes(bytes) => {
                let from = usize::try_from(offset).map_or(bytes.len(), |at| at.min(bytes.len()));
                Ok(Box::new(&bytes[from..]))
            }
        }
    }
}

/// An open record: the file and its index.
pub struct Record {
    file: Source,
    header: Header,
    summary: Summary,
    nodes: Vec<NodeInfo>,
    roots: Vec<u32>,
    cuts: Vec<Place>,
    swaps: Vec<Place>,
    chapter_cuts: ChapterCuts,
    /// The line of each result at level 1 (a root's, a re-search's), by
    /// node: where a depth's answer is.
    top_results: Vec<(u32, u64)>,
    lines: u64,
    size: u64,
}

/// Where the cuts a chapter teaches are: a node ended by its stand pat, by
/// a lazy cut or by the transposition table, rather than by a move.
#[derive(Default)]
struct ChapterCuts {
    stand_pat: Vec<Place>,
    lazy: Vec<Place>,
    table: Vec<Place>,
}

/// The fields the index reads from a line; the others are skipped.
#[derive(Deserialize)]
struct Peek<'a> {
    #[serde(borrow)]
    event: &'a str,
    id: Option<u32>,
    node: Option<u32>,
    parent: Option<u32>,
    level: Option<u32>,
    #[serde(rename = "move", borrow)]
    mv: Option<&'a str>,
    alpha: Option<i32>,
    beta: Option<i32>,
    kind: Option<NodeKind>,
    value: Option<i32>,
    #[serde(borrow)]
    best: Option<&'a str>,
    /// A chapter event's `cut`: a stand pat or a table hit that ends its
    /// node.
    cut: Option<bool>,
}

/// A move list, read without copying its moves. The moves are read only
/// to check them; their order values, only to check that they are there.
#[derive(Deserialize)]
struct MovesPeek<'a> {
    node: u32,
    #[serde(borrow)]
    moves: Vec<OrderedPeek<'a>>,
}

/// One move of a list, read to check that it is well formed and legal.
#[derive(Deserialize)]
struct OrderedPeek<'a> {
    #[serde(rename = "move")]
    mv: &'a str,
    #[serde(rename = "order")]
    _order: i32,
}

/// The least a line must have: a chapter event may use `value` or `move`
/// for anything it likes.
#[derive(Deserialize)]
struct Name {
    event: String,
    node: Option<u32>,
}

impl Record {
    /// Opens the record at `path` and builds its index.
    pub fn open(path: &Path) -> Result<Record, RecordError> {
        Record::from_file(File::open(path)?)
    }

    /// The record in `file`, read from its start, with its index: the same
    /// checks as [`Record::open`], for a file that may have no name left
    /// (a scratch record removed as soon as it was created).
    pub fn from_file(mut file: File) -> Result<Record, RecordError> {
        file.seek(SeekFrom::Start(0))?;
        let size = file.metadata()?.len();
        let builder = Builder::index(BufReader::with_capacity(INDEX_BUFFER, &file))?;
        builder.finish(Source::File(file), size)
    }

    /// The record read from `stream` (a pipe, standard input), which can
    /// be read only once, in order: its bytes are kept in memory as the
    /// index reads them, as [`Record::from_bytes`] keeps them. A stream of
    /// more than `most` bytes is refused ([`RecordError::TooLarge`]) once
    /// byte `most + 1` is read, and one that is no record once a megabyte
    /// of its first line is: memory stays within about twice `most`.
    pub fn from_stream(stream: impl Read, most: u64) -> Result<Record, RecordError> {
        let mut kept = Kept {
            stream: stream.take(most.saturating_add(1)),
            bytes: Vec::new(),
        };
        let indexed = Builder::index(BufReader::with_capacity(INDEX_BUFFER, &mut kept));
        let size = kept.bytes.len() as u64;
        if size > most {
            return Err(RecordError::TooLarge { most });
        }
        indexed?.finish(Source::Bytes(kept.bytes), size)
    }

    /// The record held in `bytes`, with its index: the same checks as
    /// [`Record::open`], for a record that never was a file.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Record, RecordError> {
        let builder = Builder::index(bytes.as_slice())?;
        let size = bytes.len() as u64;
        builder.finish(Source::Bytes(bytes), size)
    }

    /// The header: version, position, depth, options.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The report: best move, value, nodes, statistics.
    pub fn summary(&self) -> &Summary {
        &self.summary
    }

    /// The line of the result of `id`, a node at level 1 (a root or a
    /// re-search), if it is one.
    pub(crate) fn top_result_line(&self, id: u32) -> Option<u64> {
        self.top_results
            .iter()
            .find(|&&(node, _)| node == id)
            .map(|&(_, line)| line)
    }

    /// The number of lines, one per event.
    pub fn events(&self) -> u64 {
        self.lines
    }

    /// The number of nodes.
    pub fn node_count(&self) -> u32 {
        self.nodes.len() as u32
    }

    /// The size of the file in bytes.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The roots, one per search (a deepening search has one per depth).
    pub fn roots(&self) -> &[u32] {
        &self.roots
    }

    /// The node `id`, if there is one.
    pub fn node(&self, id: u32) -> Option<&NodeInfo> {
        self.nodes.get((id as usize).checked_sub(1)?)
    }

    /// The children of `id`, in the order they were entered.
    pub fn children(&self, id: u32) -> impl Iterator<Item = &NodeInfo> + '_ {
        let first = self.node(id).and_then(|node| node.first_child);
        std::iter::successors(first.and_then(|child| self.node(child)), move |node| {
            node.next_sibling.and_then(|next| self.node(next))
        })
    }

    /// The first child of `id`.
    pub fn first_child(&self, id: u32) -> Option<u32> {
        self.node(id)?.first_child
    }

    /// The sibling entered after `id`.
    pub fn next_sibling(&self, id: u32) -> Option<u32> {
        self.node(id)?.next_sibling
    }

    /// The sibling entered before `id`.
    pub fn previous_sibling(&self, id: u32) -> Option<u32> {
        self.node(id)?.previous_sibling
    }

    /// The moves from the root to `id`, the root first. A re-search
    /// repeats no move: it is its parent's position searched again.
    pub fn path(&self, id: u32) -> Vec<MoveName> {
        let mut path = Vec::new();
        let mut at = self.node(id);
        while let Some(node) = at {
            if !self.is_research(node.id) {
                path.extend(node.mv);
            }
            at = node.parent.and_then(|parent| self.node(parent));
        }
        path.reverse();
        path
    }

    /// The child of `id` reached by the move `mv`; never a re-search.
    pub fn child_by_move(&self, id: u32, mv: &str) -> Option<u32> {
        self.children(id)
            .find(|child| {
                child.mv.is_some_and(|name| name.as_str() == mv) && !self.is_research(child.id)
            })
            .map(|child| child.id)
    }

    /// True when node `id` is a re-search: its parent's own position
    /// searched again, shallower (v0.11's internal deepening), which the
    /// record enters at its parent's level, with its parent's move. It is
    /// no move of its parent, and its value is for the same side.
    pub fn is_research(&self, id: u32) -> bool {
        let Some(node) = self.node(id) else {
            return false;
        };
        node.parent
            .and_then(|parent| self.node(parent))
            .is_some_and(|parent| parent.level == node.level)
    }

    /// The children of `id` reached by a move, in the order entered: its
    /// children but its re-searches.
    pub fn move_children(&self, id: u32) -> impl Iterator<Item = &NodeInfo> + '_ {
        self.children(id)
            .filter(move |child| !self.is_research(child.id))
    }

    /// Where the cuts are, in the order of the file.
    pub fn cuts(&self) -> &[Place] {
        &self.cuts
    }

    /// Where the swaps are, in the order of the file.
    pub fn swaps(&self) -> &[Place] {
        &self.swaps
    }

    /// Where the stand pats that end their node are (`stand_pat` or
    /// `selective_stand_pat` with `"cut":true`), in the order of the file.
    pub fn stand_pat_cuts(&self) -> &[Place] {
        &self.chapter_cuts.stand_pat
    }

    /// Where the lazy cuts are (`lazy_cut`), in the order of the file.
    pub fn lazy_cuts(&self) -> &[Place] {
        &self.chapter_cuts.lazy
    }

    /// Where the table ends a node (`table_hit` with `"cut":true`), in the
    /// order of the file.
    pub fn table_cuts(&self) -> &[Place] {
        &self.chapter_cuts.table
    }

    /// The events of node `id` itself, with their offsets, in order: its
    /// `node` line, its moves, swaps, cuts, chapter events and `result`,
    /// without its children's.
    pub fn node_events(&self, id: u32) -> Result<Vec<(u64, Event)>, RecordError> {
        let Some(node) = self.node(id) else {
            return Ok(Vec::new());
        };
        let mut events = Vec::new();
        let mut from = node.start;
        for child in self.children(id) {
            self.read_events(from, child.start, &mut events)?;
            from = child.end;
        }
        self.read_events(from, node.end, &mut events)?;
        Ok(events)
    }

    /// The line that starts at `offset`, read as an event, and the offset of
    /// the next line; `None` at the end of the file.
    pub fn line_at(&self, offset: u64) -> Result<Option<(Event, u64)>, RecordError> {
        if offset >= self.size {
            return Ok(None);
        }
        let mut reader = self.file.lines_from(offset, BACK_STEP as usize)?;
        let mut line = String::new();
        let read = reader.read_line(&mut line)?;
        let event = parse(line.trim_end_matches('\n'), offset)?;
        Ok(Some((event, offset + read as u64)))
    }

    /// The offset of the line before the one at `offset`; `None` at the
    /// first line.
    pub fn previous_line(&self, offset: u64) -> Result<Option<u64>, RecordError> {
        if offset == 0 {
            return Ok(None);
        }
        // The byte before `offset` is the newline that ends the previous
        // line; that line starts after the newline before it.
        let mut end = offset - 1;
        loop {
            let from = end.saturating_sub(BACK_STEP);
            let bytes = self.read_range(from, end)?;
            if let Some(newline) = bytes.iter().rposition(|&byte| byte == b'\n') {
                return Ok(Some(from + newline as u64 + 1));
            }
            if from == 0 {
                return Ok(Some(0));
            }
            end = from;
        }
    }

    /// Calls `each` with every line in order, without its newline: a
    /// record held in memory is read in place, a file through one buffer.
    pub(crate) fn for_each_line<E: From<io::Error>>(
        &self,
        mut each: impl FnMut(&[u8]) -> Result<(), E>,
    ) -> Result<(), E> {
        if let Source::Bytes(bytes) = &self.file {
            return bytes
                .split_inclusive(|&byte| byte == b'\n')
                .try_for_each(|line| each(line.strip_suffix(b"\n").unwrap_or(line)));
        }
        let mut reader = self.file.lines_from(0, INDEX_BUFFER)?;
        let mut line = Vec::new();
        while reader.read_until(b'\n', &mut line)? > 0 {
            each(line.strip_suffix(b"\n").unwrap_or(&line))?;
            line.clear();
        }
        Ok(())
    }

    /// Every event in order, read as the iterator goes.
    pub fn iter(
        &self,
    ) -> Result<impl Iterator<Item = Result<Event, RecordError>> + '_, RecordError> {
        let reader = self.file.lines_from(0, INDEX_BUFFER)?;
        let mut offset = 0;
        Ok(reader.split(b'\n').map(move |line| {
            let line = line?;
            let event = parse(&String::from_utf8_lossy(&line), offset)?;
            offset += line.len() as u64 + 1;
            Ok(event)
        }))
    }

    fn read_range(&self, from: u64, to: u64) -> io::Result<Vec<u8>> {
        let mut bytes = vec![0; (to - from) as usize];
        self.file
            .lines_from(from, bytes.len())?
            .read_exact(&mut bytes)?;
        Ok(bytes)
    }

    fn read_events(
        &self,
        from: u64,
        to: u64,
        events: &mut Vec<(u64, Event)>,
    ) -> Result<(), RecordError> {
        if from >= to {
            return Ok(());
        }
        let bytes = self.read_range(from, to)?;
        let mut offset = from;
        for line in bytes.split_inclusive(|&byte| byte == b'\n') {
            let text = String::from_utf8_lossy(line);
            events.push((offset, parse(text.trim_end_matches('\n'), offset)?));
            offset += line.len() as u64;
        }
        Ok(())
    }
}

/// True when `line`, the start of a first line cut short, is the start of
/// a search header as records write it (`{"event":"search",...`): then the
/// file is a record cut short, and otherwise (zeros, random bytes, some
/// other text) no record at all.
fn opens_a_record(line: &[u8]) -> bool {
    const OPENING: &[u8] = br#"{"event":"search""#;
    let line = line.trim_ascii_start();
    let shared = line.len().min(OPENING.len());
    line[..shared] == OPENING[..shared]
}

/// Reads a line that the index has already checked; an error here means
/// the file changed since it was opened.
fn parse(line: &str, offset: u64) -> Result<Event, RecordError> {
    Event::from_line(line).map_err(|_| RecordError::Changed { offset })
}

/// A stream that keeps every byte read from it.
struct Kept<R> {
    stream: R,
    bytes: Vec<u8>,
}

impl<R: Read> Read for Kept<R> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        let read = self.stream.read(buffer)?;
        self.bytes.extend_from_slice(&buffer[..read]);
        Ok(read)
    }
}

/// The index in the making.
#[derive(Default)]
struct Builder {
    line: u64,
    header: Option<Header>,
    summary: Option<Summary>,
    nodes: Vec<NodeInfo>,
    roots: Vec<u32>,
    open: Vec<u32>,
    /// The last child of each open node, to link the next one to it.
    last_child: Vec<Option<u32>>,
    last_root: Option<u32>,
    cuts: Vec<Place>,
    swaps: Vec<Place>,
    chapter_cuts: ChapterCuts,
    top_results: Vec<(u32, u64)>,
    /// The position of the innermost open node, the record's moves played.
    board: Option<Position>,
    /// For each open node: whether a move was made to enter it (a root and
    /// a re-search are their parent's position), and whether its legal
    /// moves are in `legal` yet.
    played: Vec<(bool, bool)>,
    /// The legal moves of each open node, by its place in `played`, once
    /// asked for; the lists are kept and refilled, not made anew.
    legal: Vec<Vec<Move>>,
    /// Where the moves are generated.
    generator: MoveStack,
}

impl Builder {
    /// Reads every line of `reader` into a new index.
    fn index(mut reader: impl BufRead) -> Result<Builder, RecordError> {
        let mut builder = Builder::default();
        let mut line = Vec::new();
        let mut offset = 0;
        loop {
            line.clear();
            let mut bounded = (&mut reader).take(LONGEST_LINE as u64 + 1);
            let read = bounded.read_until(b'\n', &mut line)?;
            if read == 0 {
                break;
            }
            builder.line += 1;
            if line.last() != Some(&b'\n') {
                return Err(builder.unended(&line));
            }
            line.pop();
            builder.take(&line, offset)?;
            offset += read as u64;
        }
        Ok(builder)
    }

    /// A line with no end: past [`LONGEST_LINE`] it is no event, and a
    /// first line that long is no header; shorter, the file was cut, if
    /// what there is of it could start a record.
    fn unended(&self, line: &[u8]) -> RecordError {
        let first = self.header.is_none();
        if first && (line.len() > LONGEST_LINE || !opens_a_record(line)) {
            return RecordError::Foreign { line: self.line };
        }
        if line.len() > LONGEST_LINE {
            return self.malformed(format!(
                "a line of more than {LONGEST_LINE} bytes, longer than any event"
            ));
        }
        RecordError::Truncated { line: self.line }
    }

    fn malformed(&self, reason: impl Into<String>) -> RecordError {
        RecordError::Malformed {
            line: self.line,
            reason: reason.into(),
        }
    }

    /// Step 1: the header; then every other line, by its kind.
    fn take(&mut self, line: &[u8], offset: u64) -> Result<(), RecordError> {
        if self.header.is_none() {
            let header = self.read_header(line)?;
            self.board = Position::from_fen(&header.fen).ok();
            self.header = Some(header);
            return Ok(());
        }
        if self.summary.is_some() {
            return Err(self.malformed("a line after the search's report"));
        }
        let peek = match serde_json::from_slice::<Peek>(line) {
            Ok(peek) => peek,
            Err(error) => return self.take_other(line, offset, error),
        };
        match peek.event {
            "node" => self.enter(&peek, offset),
            "result" => self.leave(&peek, offset, line.len()),
            "swap" => {
                let swap: Swap = self.read(line)?;
                let node = self.check_open(Some(swap.node))?;
                self.nodes[node as usize - 1].swaps += 1;
                self.swaps.push(Place { offset, node });
                Ok(())
            }
            "cut" => {
                let cut: Cut = self.read(line)?;
                let node = self.check_open(Some(cut.node))?;
                self.check_value(|| format!("the cut of node {node}'s value"), cut.value)?;
                self.legal_here(&cut.mv, node)?;
                self.nodes[node as usize - 1].cut = MoveName::new(&cut.mv);
                self.cuts.push(Place { offset, node });
                Ok(())
            }
            "moves" => {
                let list: MovesPeek = self.read(line)?;
                let node = self.check_open(Some(list.node))?;
                for ordered in &list.moves {
                    self.legal_here(ordered.mv, node)?;
                }
                Ok(())
            }
            "report" => self.report(line),
            "search" => Err(self.malformed("a second search header")),
            _ => {
                if let Some(node) = peek.node {
                    let node = self.check_open(Some(node))?;
                    let place = Place { offset, node };
                    let cuts = &mut self.chapter_cuts;
                    let ending =
                        StepKind::from_name(peek.event).and_then(|kind| kind.ending(peek.cut));
                    match ending {
                        Some(Ending::StandPat) => cuts.stand_pat.push(place),
                        Some(Ending::Lazy) => cuts.lazy.push(place),
                        Some(Ending::Table) => cuts.table.push(place),
                        None => {}
                    }
                }
                Ok(())
            }
        }
    }

    /// The report, the last line, once every node has returned. A report
    /// counts every node the search entered, and the record holds at
    /// most those (fewer under `--record-levels`).
    fn report(&mut self, line: &[u8]) -> Result<(), RecordError> {
        if let Some(&open) = self.open.last() {
            return Err(self.malformed(format!("the report comes while node {open} is open")));
        }
        let summary: Summary = self.read(line)?;
        let entered = self.nodes.len() as u64;
        if entered > summary.nodes {
            return Err(self.malformed(format!(
                "the report counts {} nodes, and the record holds {entered} node events",
                summary.nodes
            )));
        }
        self.summary = Some(summary);
        Ok(())
    }

    /// A line whose fields are not those of the known events: a chapter
    /// event's own fields, or a broken line.
    fn take_other(
        &mut self,
        line: &[u8],
        _offset: u64,
        error: serde_json::Error,
    ) -> Result<(), RecordError> {
        match serde_json::from_slice::<Name>(line) {
            Ok(name) if !KNOWN_EVENTS.contains(&name.event.as_str()) => {
                if let Some(node) = name.node {
                    self.check_open(Some(node))?;
                }
                Ok(())
            }
            _ => Err(self.malformed(error.to_string())),
        }
    }

    fn read_header(&self, line: &[u8]) -> Result<Header, RecordError> {
        let foreign = RecordError::Foreign { line: self.line };
        let Ok(serde_json::Value::Object(object)) = serde_json::from_slice(line) else {
            return Err(foreign);
        };
        if object.get("event").and_then(|name| name.as_str()) != Some("search") {
            return Err(foreign);
        }
        match object.get("schema").and_then(|schema| schema.as_u64()) {
            Some(schema) if schema == u64::from(SCHEMA) => {}
            Some(schema) => {
                return Err(RecordError::UnknownSchema {
                    line: self.line,
                    schema,
                })
            }
            None => return Err(self.malformed("the search header has no schema")),
        }
        match Event::from_value(serde_json::Value::Object(object)) {
            Ok(Event::Search(header)) => match Position::from_fen(&header.fen) {
                Ok(_) => Ok(header),
                Err(error) => {
                    Err(self.malformed(format!("the position '{}' is no FEN: {error}", header.fen)))
                }
            },
            Ok(_) => Err(foreign),
            Err(error) => Err(self.malformed(error.to_string())),
        }
    }

    /// Reads a line as one kind of event, to check every field is there.
    fn read<'a, T: Deserialize<'a>>(&self, line: &'a [u8]) -> Result<T, RecordError> {
        serde_json::from_slice(line).map_err(|error| self.malformed(error.to_string()))
    }

    /// The node an event names must be the innermost open one.
    fn check_open(&self, node: Option<u32>) -> Result<u32, RecordError> {
        let open = self.open.last().copied();
        match (node, open) {
            (Some(node), Some(open)) if node == open => Ok(node),
            (Some(node), Some(open)) => Err(self.malformed(format!(
                "an event of node {node} while node {open} is the one open"
            ))),
            (Some(node), None) => {
                Err(self.malformed(format!("an event of node {node} while no node is open")))
            }
            (None, _) => Err(self.malformed("an event with no node")),
        }
    }

    /// Step 2: a node is entered. Its id is the next one, its parent the
    /// node open.
    fn enter(&mut self, peek: &Peek, offset: u64) -> Result<(), RecordError> {
        let expected = self.nodes.len() as u32 + 1;
        let id = peek
            .id
            .ok_or_else(|| self.malformed("a node line has no id"))?;
        if id != expected {
            return Err(self.malformed(format!(
                "node {id} comes where node {expected} should (nodes count from 1 in the order entered)"
            )));
        }
        let open = self.open.last().copied();
        if peek.parent != open {
            let name = |node: Option<u32>| node.map_or("none".to_string(), |id| id.to_string());
            return Err(self.malformed(format!(
                "node {id} names parent {} while the node open is {}",
                name(peek.parent),
                name(open)
            )));
        }
        let missing = |field: &str| self.malformed(format!("node {id} has no {field}"));
        let level = peek.level.ok_or_else(|| missing("level"))?;
        self.check_level(id, open, level)?;
        let kind = peek.kind.ok_or_else(|| missing("kind"))?;
        self.check_depth(id, level, kind)?;
        let alpha = peek.alpha.ok_or_else(|| missing("alpha"))?;
        let beta = peek.beta.ok_or_else(|| missing("beta"))?;
        self.check_value(|| format!("node {id}'s alpha"), alpha)?;
        self.check_value(|| format!("node {id}'s beta"), beta)?;
        let mv = match peek.mv {
            None => None,
            Some(text) => Some(
                MoveName::new(text)
                    .ok_or_else(|| self.malformed(format!("'{text}' is not a move")))?,
            ),
        };
        self.play(open, level, peek.mv)?;
        let previous_sibling = match open {
            Some(_) => self.last_child.last().copied().flatten(),
            None => self.last_root,
        };
        self.nodes.push(NodeInfo {
            id,
            parent: open,
            level,
            kind,
            mv,
            alpha,
            beta,
            value: 0,
            best: None,
            cut: None,
            swaps: 0,
            start: offset,
            end: offset,
            first_child: None,
            next_sibling: None,
            previous_sibling,
        });
        if let Some(previous) = previous_sibling {
            self.nodes[previous as usize - 1].next_sibling = Some(id);
        }
        match open {
            Some(parent) => {
                let parent_node = &mut self.nodes[parent as usize - 1];
                parent_node.first_child.get_or_insert(id);
                if let Some(last) = self.last_child.last_mut() {
                    *last = Some(id);
                }
            }
            None => {
                self.roots.push(id);
                self.last_root = Some(id);
            }
        }
        self.open.push(id);
        self.last_child.push(None);
        Ok(())
    }

    /// A root is at level 1, and a node one level below its parent, or at
    /// its parent's level when it is a re-search: so no level is more
    /// than the nodes before it, and a reader may size a table by levels.
    /// No level is deeper than [`DEEPEST_LEVEL`] either, so that what a
    /// reader keeps along a node's path (its moves, [`Record::facts`]'s
    /// path) stays within a bound per node.
    fn check_level(&self, id: u32, open: Option<u32>, level: u32) -> Result<(), RecordError> {
        let parent_level = open.and_then(|parent| self.nodes.get(parent as usize - 1));
        let reason = match parent_level.map(|parent| (parent.id, parent.level)) {
            None if level == 1 => return Ok(()),
            None => format!("node {id} is a root at level {level}, and a root is at level 1"),
            Some((_, above)) if level == above || Some(level) == above.checked_add(1) => {
                if level <= DEEPEST_LEVEL {
                    return Ok(());
                }
                format!(
                    "node {id} is at level {level}, deeper than any search goes \
                     ({DEEPEST_LEVEL}: the move stack's {MAX_PLY} plies below the root)"
                )
            }
            Some((parent, above)) => format!(
                "node {id} is at level {level}, and its parent, node {parent}, at level \
                 {above}: a child is one level below its parent, or at its level for a re-search"
            ),
        };
        Err(self.malformed(reason))
    }

    /// A search to depth `d` enters no node of its main search below level
    /// `d + 1` (the leaves of v0.07 and v0.09; v0.10 and v0.11 stop at
    /// level `d` and go on in the quiescence, whose nodes go deeper), so a
    /// header whose depth is less than the record's levels does not
    /// describe the search that follows it.
    fn check_depth(&self, id: u32, level: u32, kind: NodeKind) -> Result<(), RecordError> {
        let depth = self.header.as_ref().map_or(u32::MAX, |header| header.depth);
        let deepest = depth.saturating_add(1);
        if kind == NodeKind::Quiescence || level <= deepest {
            return Ok(());
        }
        Err(self.malformed(format!(
            "node {id} is at level {level}, and the header's depth {depth} lets the main \
             search go no deeper than level {deepest}"
        )))
    }

    /// A value or a bound of a window lies within the full window, as a
    /// search's do: so a reader may turn it round, or step past it,
    /// without overflow.
    fn check_value(&self, what: impl Fn() -> String, value: i32) -> Result<(), RecordError> {
        if (-INFINITY..=INFINITY).contains(&value) {
            return Ok(());
        }
        Err(self.malformed(format!(
            "{} is {value}, outside the full window ({}, {INFINITY}) a search's values lie in",
            what(),
            -INFINITY
        )))
    }

    /// Step 3: a node returns; it must be the one open.
    fn leave(&mut self, peek: &Peek, offset: u64, length: usize) -> Result<(), RecordError> {
        let node = self.check_open(peek.node)?;
        let value = peek
            .value
            .ok_or_else(|| self.malformed(format!("the result of node {node} has no value")))?;
        self.check_value(|| format!("node {node}'s value"), value)?;
        if let Some(best) = peek.best {
            self.legal_here(best, node)?;
        }
        let best = peek.best.and_then(MoveName::new);
        if let (Some((true, _)), Some(board)) = (self.played.pop(), self.board.as_mut()) {
            board.unmake();
        }
        let info = &mut self.nodes[node as usize - 1];
        if info.level == 1 {
            self.top_results.push((node, self.line));
        }
        info.value = value;
        info.best = best;
        info.end = offset + length as u64 + 1;
        self.open.pop();
        self.last_child.pop();
        Ok(())
    }

    /// Plays the move `mv` that enters a node at `level` below `open`: a
    /// root and a re-search (a node at its parent's level) are their
    /// parent's position, any other node its parent's after the move,
    /// which must be legal there, or after a pass (`0000`).
    fn play(&mut self, open: Option<u32>, level: u32, mv: Option<&str>) -> Result<(), RecordError> {
        let parent_level = open
            .and_then(|id| self.nodes.get(id as usize - 1))
            .map(|node| node.level);
        let (Some(parent), Some(text)) = (open, mv) else {
            self.played.push((false, false));
            return Ok(());
        };
        if parent_level == Some(level) {
            self.played.push((false, false));
            return Ok(());
        }
        let found = self.legal_here(text, parent)?;
        if let (Some(board), Some(found)) = (self.board.as_mut(), found) {
            board.make(found);
        }
        self.played.push((true, false));
        Ok(())
    }

    /// The move `text`, which must be legal in the position of `node`, the
    /// innermost open node; `None` when the record has no position to play
    /// it in. A pass, `0000`, is legal wherever the side to move is not in
    /// check.
    fn legal_here(&mut self, text: &str, node: u32) -> Result<Option<Move>, RecordError> {
        let Some(board) = self.board.as_ref() else {
            return Ok(None);
        };
        if text == NULL_MOVE {
            if board.in_check() {
                return Err(self.malformed(format!(
                    "node {node} passes ('{NULL_MOVE}') in check, in {}",
                    board.to_fen()
                )));
            }
            return Ok(Some(Move::NULL));
        }
        let wanted = UciMove::parse(text);
        let Some(place) = self.played.len().checked_sub(1) else {
            return Ok(None);
        };
        if !self.played[place].1 {
            self.played[place].1 = true;
            if self.legal.len() <= place {
                self.legal.resize_with(place + 1, Vec::new);
            }
            let moves = self
                .generator
                .generate(board, 0)
                .iter()
                .map(|scored| scored.mv);
            let list = &mut self.legal[place];
            list.clear();
            list.extend(moves);
        }
        match self.legal[place].iter().find(|mv| Some(mv.uci()) == wanted) {
            Some(&found) => Ok(Some(found)),
            None => Err(self.malformed(format!(
                "'{text}' is no legal move in the position of node {node}, {}",
                board.to_fen()
            ))),
        }
    }

    /// Step 4: the file is over; the report must have come.
    fn finish(self, file: Source, size: u64) -> Result<Record, RecordError> {
        let Some(header) = self.header else {
            return Err(RecordError::Empty);
        };
        let Some(summary) = self.summary else {
            return Err(RecordError::Truncated { line: self.line });
        };
        let record = Record {
            file,
            header,
            summary,
            nodes: self.nodes,
            roots: self.roots,
            cuts: self.cuts,
            swaps: self.swaps,
            chapter_cuts: self.chapter_cuts,
            top_results: self.top_results,
            lines: self.line,
            size,
        };
        record.check_answer()?;
        Ok(record)
    }
}

impl Record {
    /// The number of nodes in the subtree of `id`, `id` included: the
    /// nodes entered between its `node` line and its `result`.
    pub fn subtree_size(&self, id: u32) -> u32 {
        let Some(node) = self.node(id) else {
            return 0;
        };
        // Ids follow the order of the lines, so the subtree is the run of
        // nodes that start before the node's end.
        let after = self.nodes.partition_point(|other| other.start < node.end);
        after as u32 + 1 - id
    }
}
