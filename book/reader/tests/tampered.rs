//! The reader on bytes no search wrote: bytes at random, and real records
//! with one field changed (a level, an id, a parent, a number, a move, a
//! position, an event's name), or a line dropped or doubled.
//!
//! Whatever the file, the reader opens it or names what is wrong, and
//! never panics, hangs or takes memory out of proportion to the file:
//!
//! - each case runs in a thread of its own and must return within
//!   [`RETURNS_WITHIN`], a bound far above its time (a few milliseconds);
//! - opening a record takes at most [`BYTES_PER_BYTE`] bytes of memory
//!   per byte of the file, plus [`BYTES_ANYWAY`], counted by this test's
//!   own allocator on the opening thread; reading it from a stream (a
//!   pipe) takes [`STREAM_PER_BYTE`] more, and a buffer;
//! - every table the index builds is sized by the record's lines, never
//!   by a number a line holds: at most one node per line, and no level
//!   deeper than the nodes there are;
//! - a record that opens is then read as the explorer, `compare` and the
//!   lab read it (every node's events and path, the depths, the facts,
//!   `--why` for every root move), and none of it panics.

mod record_support;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::mpsc;
use std::sync::OnceLock;
use std::thread;
use std::time::Duration;

use proptest::prelude::*;

use common::Position;
use lamosca_reader::{why, Record};
use lamosca_record::record_search;
use lamosca_search::Engine;
use lamosca_v09::AlphaBeta;
use lamosca_v11_lazy::LazySearch;
use record_support::tamper::{change, changed};

/// How long one case may take before it counts as a hang.
const RETURNS_WITHIN: Duration = Duration::from_secs(20);

/// The memory opening a record may take per byte of its file: its index
/// (about 100 bytes a node, for a node line of some 100 bytes), each
/// table's room to grow, and the legal moves of the nodes open. Measured:
/// 2.3 bytes a byte for v0.09's record below, 0.7 for v0.11's.
const BYTES_PER_BYTE: usize = 4;

/// The memory opening any record may take whatever its size: the move
/// generator's stack and the header's position.
const BYTES_ANYWAY: usize = 1 << 18;

/// What reading from a pipe adds: the bytes kept as they come (twice the
/// stream at most, as their buffer grows), and the reading's buffer.
const STREAM_PER_BYTE: usize = 2;
const STREAM_BUFFER: usize = 1 << 20;

/// An allocator that counts, per thread, the bytes live and the most
/// that were live at once.
struct Counting;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn count(change: isize) {
    let _ = LIVE.try_with(|live| {
        live.set(live.get() + change);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(live.get())));
    });
}

// SAFETY: every call is passed on to the system's allocator unchanged;
// the counting touches only this thread's two cells, which need no
// allocation and no destructor.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let pointer = System.alloc(layout);
        if !pointer.is_null() {
            count(layout.size() as isize);
        }
        pointer
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let pointer = System.alloc_zeroed(layout);
        if !pointer.is_null() {
            count(layout.size() as isize);
        }
        pointer
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        System.dealloc(pointer, layout);
        count(-(layout.size() as isize));
    }

    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        let moved = System.realloc(pointer, layout, size);
        if !moved.is_null() {
            count(size as isize - layout.size() as isize);
        }
        moved
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// What `work` returns, and the most memory it held at once beyond what
/// was live when it began.
fn measured<T>(work: impl FnOnce() -> T) -> (T, usize) {
    let start = LIVE.with(Cell::get);
    PEAK.with(|peak| peak.set(start));
    let answer = work();
    let peak = PEAK.with(Cell::get);
    (answer, (peak - start).max(0) as usize)
}

/// Runs `case` in a thread of its own; a case that does not return within
/// [`RETURNS_WITHIN`] fails as a hang, and a panic fails as one.
fn returns(case: impl FnOnce() + Send + 'static) {
    let (done, finished) = mpsc::channel();
    thread::spawn(move || {
        case();
        let _ = done.send(());
    });
    match finished.recv_timeout(RETURNS_WITHIN) {
        Ok(()) => {}
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("the case hung"),
        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("the case panicked"),
    }
}

/// Opens `bytes` as a record, within the memory stated; a record that
/// opens is then read every way a reader reads one.
fn open_and_read(bytes: Vec<u8>) {
    let size = bytes.len();
    let (streamed, memory) = measured(|| Record::from_stream(bytes.as_slice(), size as u64));
    let most = (BYTES_PER_BYTE + STREAM_PER_BYTE) * size + BYTES_ANYWAY + STREAM_BUFFER;
    assert!(
        memory <= most,
        "reading {size} bytes from a stream took {memory} bytes of memory"
    );
    let (opened, memory) = measured(|| Record::from_bytes(bytes));
    assert!(
        memory <= BYTES_PER_BYTE * size + BYTES_ANYWAY,
        "opening {size} bytes took {memory} bytes of memory"
    );
    assert_eq!(
        streamed
            .map(|record| record.events())
            .map_err(|e| e.to_string()),
        opened
            .as_ref()
            .map(Record::events)
            .map_err(|e| e.to_string()),
        "a stream reads as the same bytes in memory"
    );
    if let Ok(record) = opened {
        read_every_way(&record);
    }
}

/// Reads every part of `record`, checking that the index is sized by its
/// lines.
fn read_every_way(record: &Record) {
    let nodes = record.node_count();
    assert!(u64::from(nodes) <= record.events(), "more nodes than lines");
    assert!(record.roots().len() <= nodes as usize);
    for id in 1..=nodes {
        let node = record.node(id).expect("every id up to the count");
        assert!(
            node.level >= 1 && node.level <= nodes,
            "node {id}: {node:?}"
        );
        assert!(record.path(id).len() <= node.level as usize);
        assert!(record.subtree_size(id) <= nodes);
        record
            .node_events(id)
            .expect("an indexed node's lines read");
    }
    for event in record.iter().expect("the lines read") {
        event.expect("an indexed line reads as an event");
    }
    let _ = record.depths();
    let _ = record.facts();
    let moves: Vec<String> = record
        .roots()
        .iter()
        .flat_map(|&root| record.move_children(root))
        .filter_map(|child| child.mv.map(|mv| mv.to_string()))
        .collect();
    for mv in moves.iter().take(40) {
        let _ = why(record, mv);
    }
}

/// The real records the fields are changed in: v0.09 from the start, two
/// plies (alpha-beta's cuts and swaps), and v0.11 three plies (its
/// re-searches, its chapter events).
fn records() -> &'static [Vec<String>] {
    static RECORDS: OnceLock<Vec<Vec<String>>> = OnceLock::new();
    RECORDS.get_or_init(|| {
        let start = Position::startpos();
        vec![
            lines::<AlphaBeta>(&start, 2),
            lines::<LazySearch>(&start, 3),
        ]
    })
}

fn lines<E: Engine>(position: &Position, depth: u32) -> Vec<String> {
    let options = serde_json::Map::new();
    let (_, bytes) = record_search(&mut E::new(), position, depth, 0, options, Vec::new()).unwrap();
    let text = String::from_utf8(bytes).unwrap();
    text.lines().map(str::to_string).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Bytes at random, some starting as a record does.
    #[test]
    fn arbitrary_bytes_are_opened_or_refused(
        bytes in proptest::collection::vec(any::<u8>(), 0..4096),
        header in any::<bool>(),
    ) {
        let bytes = if header {
            let mut start = records()[0][..2].join("\n").into_bytes();
            start.push(b'\n');
            start.extend(bytes);
            start
        } else {
            bytes
        };
        returns(move || open_and_read(bytes));
    }

    /// A real record with one field changed, or one line dropped or
    /// doubled.
    #[test]
    fn a_record_with_one_field_changed_is_opened_or_refused(
        which in 0..2usize,
        change in change(),
    ) {
        let bytes = changed(&records()[which], &change);
        returns(move || open_and_read(bytes));
    }
}

/// The levels and a chain of nodes as deep as the file allows:
/// refused, or read in memory bounded by the file, never sized by the
/// number itself.
#[test]
fn a_level_or_a_depth_from_the_file_sizes_nothing() {
    let lines = &records()[0];
    for level in ["4294967295", "10000000", "130"] {
        let at = lines
            .iter()
            .position(|line| line.contains("\"id\":2,\"parent\":1,\"level\":2,"))
            .unwrap();
        let mut edited = lines.clone();
        edited[at] = edited[at].replace("\"level\":2,", &format!("\"level\":{level},"));
        let bytes = (edited.join("\n") + "\n").into_bytes();
        let error = Record::from_bytes(bytes).err().expect("refused");
        assert!(
            error.to_string().contains(&format!("level {level}")),
            "{error}"
        );
    }
    // Knights out and back, 300 plies deep: legal at every level, and
    // refused past the deepest level a search reaches. Quiescence nodes,
    // which no header's depth bounds.
    let mut chain = vec![lines[0].clone()];
    let knights = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let depth = 300;
    for id in 1..=depth {
        let (parent, mv) = match id {
            1 => ("null".to_string(), "null".to_string()),
            _ => (
                (id - 1).to_string(),
                format!("\"{}\"", knights[(id - 2) % 4]),
            ),
        };
        chain.push(format!(
            "{{\"event\":\"node\",\"id\":{id},\"parent\":{parent},\"level\":{id},\"move\":{mv},\"alpha\":-1,\"beta\":1,\"kind\":\"quiescence\"}}"
        ));
    }
    let error = Record::from_bytes((chain.join("\n") + "\n").into_bytes())
        .err()
        .expect("refused");
    assert!(
        error
            .to_string()
            .contains("node 130 is at level 130, deeper than any search goes"),
        "{error}"
    );
}
