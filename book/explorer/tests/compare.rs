//! `compare`: two records of one position set side by side.

#[path = "../../reader/tests/record_support/mod.rs"]
mod record_support;

use std::fs;

use common::Position;
use lamosca_explorer::compare::{compare, CompareError};
use lamosca_reader::Record;
use lamosca_record::{default_options, record_search as record_engine};
use lamosca_search::{Engine, OptionValue};
use lamosca_v09::AlphaBeta;
use record_support::{record_search, Algorithm, SCANDINAVIAN};

fn pair(depth: u32, name: &str) -> (Record, Record) {
    let (negamax, _) = record_search(
        SCANDINAVIAN,
        depth,
        Algorithm::NegaMax,
        &format!("{name}_a.jsonl"),
    );
    let (alpha_beta, _) = record_search(
        SCANDINAVIAN,
        depth,
        Algorithm::AlphaBeta,
        &format!("{name}_b.jsonl"),
    );
    (
        Record::open(&negamax).unwrap(),
        Record::open(&alpha_beta).unwrap(),
    )
}

fn compared(a: &Record, b: &Record) -> String {
    let mut out = Vec::new();
    compare(a, b, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn negamax_and_alpha_beta_agree_on_the_value() {
    let (a, b) = pair(2, "agree");
    assert_eq!(
        a.summary().value,
        b.summary().value,
        "alpha-beta returns the NegaMax value"
    );
    let text = compared(&a, &b);
    assert!(
        text.contains(&format!("The root values agree: {}", a.summary().value)),
        "{text}"
    );
}

#[test]
fn nodes_per_level_are_counted_from_the_trees() {
    let (a, b) = pair(2, "levels");
    let text = compared(&a, &b);
    let root_a = a.roots()[0];
    let root_b = b.roots()[0];
    let level_2 = (a.children(root_a).count(), b.children(root_b).count());
    let level_3 = |record: &Record| {
        (1..=record.node_count())
            .filter(|&id| record.node(id).unwrap().level == 3)
            .count()
    };
    let ratio = level_3(&b) as f64 / level_3(&a) as f64;
    assert!(
        text.contains(&format!(
            "{:>5} {:>10} {:>10} {:>7}",
            2, level_2.0, level_2.1, "1.00"
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "{:>5} {:>10} {:>10} {:>7.2}",
            3,
            level_3(&a),
            level_3(&b),
            ratio
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "{:>5} {:>10} {:>10}",
            "all",
            a.node_count(),
            b.node_count()
        )),
        "{text}"
    );
}

#[test]
fn the_subtrees_b_cut_are_searched_in_a_and_missing_in_b() {
    let (a, b) = pair(2, "subtrees");
    let text = compared(&a, &b);
    // B, alpha-beta, has fewer nodes: its cuts come first; A, NegaMax,
    // cuts nothing.
    let first = "  cut by B (test alpha-beta), searched by A (test NegaMax):";
    let listed: Vec<&str> = text
        .lines()
        .skip_while(|line| *line != first)
        .skip(1)
        .take_while(|line| line.starts_with("    "))
        .collect();
    assert!(
        text.contains("  cut by A (test NegaMax), searched by B (test alpha-beta):\n    none\n"),
        "{text}"
    );
    assert!(
        listed.len() >= 2 && listed.len().is_multiple_of(2),
        "{text}"
    );
    for lines in listed.chunks(2) {
        let (path, cut) = lines[0].trim().split_once(": B cut with ").unwrap();
        let walk = |record: &Record| {
            path.split(' ')
                .filter(|mv| *mv != "the")
                .try_fold(record.roots()[0], |at, mv| {
                    if mv == "root" {
                        Some(at)
                    } else {
                        record.child_by_move(at, mv)
                    }
                })
        };
        let (node_a, node_b) = (walk(&a).unwrap(), walk(&b).unwrap());
        let info = b.node(node_b).unwrap();
        assert_eq!(
            cut,
            format!(
                "{} in window ({}, {})",
                info.cut.unwrap(),
                info.alpha,
                info.beta
            )
        );
        // The moves A searched there and B did not, and their nodes.
        let only_in_a: Vec<_> = a
            .children(node_a)
            .filter(|child| {
                b.child_by_move(node_b, child.mv.unwrap().as_str())
                    .is_none()
            })
            .collect();
        let nodes: u32 = only_in_a.iter().map(|child| a.subtree_size(child.id)).sum();
        assert!(
            lines[1].starts_with(&format!(
                "      A searched {} there that B did not ({}): {}",
                plural(only_in_a.len(), "move"),
                plural(nodes as usize, "node"),
                only_in_a[0].mv.unwrap()
            )),
            "{}",
            lines[1]
        );
    }
}

fn plural(count: usize, word: &str) -> String {
    format!("{count} {word}{}", if count == 1 { "" } else { "s" })
}

#[test]
fn the_principal_path_lists_the_order_each_side_tried() {
    let (a, b) = pair(2, "order");
    let text = compared(&a, &b);
    let first_b: Vec<String> = b
        .children(b.roots()[0])
        .take(3)
        .map(|child| child.mv.unwrap().to_string())
        .collect();
    assert!(
        text.contains(&format!("    B: {}", first_b.join(" "))),
        "{text}"
    );
}

#[test]
fn different_values_are_said_on_a_line() {
    let (a, _) = pair(2, "differ");
    let (path, _) = record_search(SCANDINAVIAN, 2, Algorithm::AlphaBeta, "differ_edited.jsonl");
    let text = fs::read_to_string(&path).unwrap();
    // The root's value, as the root's result line gives it.
    let value = a.summary().value;
    let root = format!("{{\"event\":\"result\",\"node\":1,\"value\":{value},");
    assert!(text.contains(&root), "{text}");
    let text = text.replace(
        &root,
        &format!("{{\"event\":\"result\",\"node\":1,\"value\":{},", value + 1),
    );
    // And the report's, which a reader checks against the root's.
    let best = a.summary().best.clone().unwrap();
    let report = format!("\"best\":\"{best}\",\"value\":{value},\"nodes\"");
    assert!(text.contains(&report), "{text}");
    let text = text.replace(
        &report,
        &format!("\"best\":\"{best}\",\"value\":{},\"nodes\"", value + 1),
    );
    fs::write(&path, text).unwrap();
    let b = Record::open(&path).unwrap();
    let compared = compared(&a, &b);
    assert!(
        compared.contains(&format!(
            "The root values differ: A {value}, B {}",
            value + 1
        )),
        "{compared}"
    );
}

#[test]
fn records_of_different_depths_or_positions_are_refused() {
    let (a, _) = pair(1, "depth_1");
    let (_, b) = pair(2, "depth_2");
    let error = compare(&a, &b, &mut Vec::new()).unwrap_err();
    assert!(matches!(
        error,
        CompareError::DifferentDepths { a: 1, b: 2 }
    ));
    assert_eq!(
        error.to_string(),
        "the records search to different depths: A 1, B 2"
    );
    let (other, _) = record_search(common::START_FEN, 1, Algorithm::NegaMax, "startpos.jsonl");
    let other = Record::open(&other).unwrap();
    let error = compare(&a, &other, &mut Vec::new()).unwrap_err();
    assert!(matches!(error, CompareError::DifferentPositions { .. }));
}

#[test]
fn a_deepening_record_is_compared_by_its_last_root() {
    let (deepening, _) = record_support::deepening_record(SCANDINAVIAN, 2, "deepening_a.jsonl");
    let (single, _) = record_search(SCANDINAVIAN, 2, Algorithm::AlphaBeta, "deepening_b.jsonl");
    let (a, b) = (
        Record::open(&deepening).unwrap(),
        Record::open(&single).unwrap(),
    );
    let text = compared(&a, &b);
    // The last root of A is the same search as B: nothing cut off, and
    // the same order along the principal path.
    assert!(
        text.contains("  cut by A, searched by B:\n    none\n")
            && text.contains("  cut by B, searched by A:\n    none\n"),
        "{text}"
    );
    let orders: Vec<&str> = text
        .lines()
        .filter(|line| line.starts_with("    A: ") || line.starts_with("    B: "))
        .collect();
    for pair in orders.chunks(2) {
        assert_eq!(pair[0][7..], pair[1][7..], "{text}");
    }
}

#[test]
fn a_reader_that_went_away_is_the_source_of_the_error() {
    /// A pipe whose reader has gone, as `compare A B | head` leaves it.
    struct Closed;
    impl std::io::Write for Closed {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let (a, b) = pair(2, "closed");
    let error = compare(&a, &b, &mut Closed).unwrap_err();
    // The driver looks for the broken pipe among the error's sources to
    // end quietly, so it must be there, and said once only.
    let source = std::error::Error::source(&error)
        .and_then(|source| source.downcast_ref::<std::io::Error>())
        .map(std::io::Error::kind);
    assert_eq!(source, Some(std::io::ErrorKind::BrokenPipe));
    assert_eq!(error.to_string(), "the comparison could not be written");
}

#[test]
fn both_principal_variations_are_printed() {
    let (a, b) = pair(2, "variations");
    let text = compared(&a, &b);
    for (side, record) in [("A", &a), ("B", &b)] {
        let mut line = Vec::new();
        let mut at = record.roots()[0];
        while let Some(best) = record.node(at).unwrap().best {
            line.push(best.to_string());
            at = record.child_by_move(at, best.as_str()).unwrap();
        }
        assert_eq!(line.len(), 2, "two plies deep");
        assert!(
            text.contains(&format!("  {side}: {}\n", line.join(" "))),
            "{text}"
        );
    }
}

#[test]
fn every_root_move_has_each_sides_value_or_bound_and_its_reply() {
    use lamosca_reader::Bounded;
    let (a, b) = pair(2, "root_moves");
    let text = compared(&a, &b);
    let (root_a, root_b) = (a.roots()[0], b.roots()[0]);
    let mut bounds = 0;
    for child_b in b.children(root_b) {
        let mv = child_b.mv.unwrap().to_string();
        let child_a = a.node(a.child_by_move(root_a, &mv).unwrap()).unwrap();
        // NegaMax proves every value; alpha-beta only bounds the moves it
        // refuted, by the reply that cut their node off.
        let value_a = Bounded::of_node(child_a).turned();
        let value_b = Bounded::of_node(child_b).turned();
        assert!(!value_a.is_bound());
        let reply = |child: &lamosca_reader::NodeInfo| {
            child.cut.or(child.best).map(|mv| mv.to_string()).unwrap()
        };
        if value_b.is_bound() {
            bounds += 1;
            assert_eq!(child_b.cut, child_b.best, "the refutation is the cut");
            assert!(value_b.to_string().starts_with('≤'), "{value_b}");
        }
        let row = format!(
            "{mv:<7} {:>8} {:<7} {:>8} {}",
            value_a.to_string(),
            reply(child_a),
            value_b.to_string(),
            reply(child_b)
        );
        assert!(text.contains(&row), "no row '{row}' in\n{text}");
    }
    assert!(bounds > 0, "alpha-beta refutes some root moves");
}

#[test]
fn the_first_node_that_differs_on_the_principal_path_is_named() {
    let (a, b) = pair(2, "first_difference");
    let text = compared(&a, &b);
    assert!(
        text.contains("Below the root, the values agree along A's principal path"),
        "alpha-beta's principal path has NegaMax's values:\n{text}"
    );
    // B's leaf at the end of A's principal path, worth one more.
    let root = a.roots()[0];
    let first = a.node(root).unwrap().best.unwrap();
    let node = a.child_by_move(root, first.as_str()).unwrap();
    let second = a.node(node).unwrap().best.unwrap();
    let (path, _) = record_search(
        SCANDINAVIAN,
        2,
        Algorithm::AlphaBeta,
        "first_difference_edited.jsonl",
    );
    let b_leaf = b
        .child_by_move(
            b.child_by_move(b.roots()[0], first.as_str()).unwrap(),
            second.as_str(),
        )
        .unwrap();
    let value = b.node(b_leaf).unwrap().value;
    let text = fs::read_to_string(&path).unwrap();
    let old = format!("{{\"event\":\"result\",\"node\":{b_leaf},\"value\":{value},");
    assert!(text.contains(&old));
    let new = format!(
        "{{\"event\":\"result\",\"node\":{b_leaf},\"value\":{},",
        value + 1
    );
    fs::write(&path, text.replace(&old, &new)).unwrap();
    let edited = Record::open(&path).unwrap();
    let text = compared(&a, &edited);
    assert!(
        text.contains(&format!(
            "The values first differ below the root, on A's principal path, at {first} {second}\n(values for the side to move there):\n  A: {value}\n  B: {}\n",
            value + 1
        )),
        "{text}"
    );
}

/// A record of `E` searching the Ruy Lopez (Black to move) as `search
/// --record` does: one search to `depth`, or a deepening under a node
/// budget.
fn searched<E: lamosca_search::Engine>(depth: u32, nodes: Option<u64>, name: &str) -> Record {
    use lamosca_record::{Header, Recorder};
    use lamosca_search::deepen::{deepen, Limits, Trace};
    use lamosca_search::events::Tracer;
    use lamosca_search::SearchControl;
    use std::sync::{atomic::AtomicBool, Arc};
    let fen = "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3";
    let mut position = common::Position::from_fen(fen).unwrap();
    let header = Header::of::<E>(&position, depth, Default::default());
    let mut recorder = Recorder::new(Vec::new(), &header, u32::MAX).unwrap();
    let report = match nodes {
        // `--depth N`: one search, to that depth.
        None => {
            let mut tracer = Tracer::new(u32::MAX, &mut recorder);
            E::new().search(
                &mut position,
                depth,
                &SearchControl::unlimited(),
                &mut tracer,
            )
        }
        // `--nodes N`: a deepening, stopped where the budget runs out.
        Some(_) => {
            let limits = Limits {
                nodes,
                ..Limits::depth(depth)
            };
            let trace = Trace {
                levels: u32::MAX,
                listener: Some(&mut recorder),
            };
            let stop = Arc::new(AtomicBool::new(false));
            deepen(&mut E::new(), &mut position, &limits, &stop, trace, |_| {})
        }
    };
    let bytes = recorder.finish(&report).unwrap();
    let path = record_support::scratch(name);
    fs::write(&path, bytes).unwrap();
    Record::open(&path).unwrap()
}

#[test]
fn a_record_cut_short_is_named_and_no_conclusion_is_drawn_from_it() {
    // v0.07 stopped by its budget during depth 4, beside v0.09's whole
    // depth 4.
    let partial = searched::<lamosca_v07::NegaMax>(64, Some(50_000), "partial_v07.jsonl");
    let whole = searched::<lamosca_v09::AlphaBeta>(4, None, "whole_v09.jsonl");
    let text = compared(&partial, &whole);
    assert!(
        text.contains(
            "A is partial: its search was stopped during depth 4; the deepest it finished is depth 3\n"
        ),
        "{text}"
    );
    assert!(!text.contains("differ"), "{text}");
    assert!(!text.contains("no move"), "{text}");
    assert!(!text.contains("B is partial"), "{text}");
    assert!(
        text.contains("  A: none, depth 4 was cut short\n"),
        "{text}"
    );
    // The finished depths side by side: A's three, and B's one.
    assert!(
        text.contains("Depths, the value and the move of each:"),
        "{text}"
    );
    let rows: Vec<&str> = text
        .lines()
        .skip_while(|line| !line.starts_with("depth "))
        .skip(1)
        .take_while(|line| !line.is_empty())
        .collect();
    assert_eq!(rows.len(), 4, "{text}");
    assert!(rows[3].contains("cut short"), "{text}");
    assert!(rows[0].ends_with(" -"), "{text}");

    // Set the other way round, and beside a search that finished more:
    // the deepest depth both finished is compared, and says so.
    let deeper = searched::<lamosca_v09::AlphaBeta>(64, Some(50_000), "deeper_v09.jsonl");
    let text = compared(&deeper, &partial);
    assert!(
        text.starts_with(&format!("Position: {}, depth 3\n", partial.header().fen)),
        "{text}"
    );
    assert!(
        text.contains("B is partial: its search was stopped during depth 4"),
        "{text}"
    );
    assert!(
        text.contains("A is compared at depth 3, the deepest both finished"),
        "{text}"
    );
}

/// v0.09's search of its "Try it", `search --moves d2d4 --depth 4 --trace
/// 0 --record FILE`, with `--no-ordering` when `ordering` is false.
fn try_it_record(ordering: bool, name: &str) -> Record {
    let mut position = Position::startpos();
    position.play_moves(&["d2d4"]).unwrap();
    let mut engine = AlphaBeta::new();
    engine
        .set_option("Ordering", OptionValue::Check(ordering))
        .unwrap();
    let mut options = default_options::<AlphaBeta>();
    options.insert("Ordering".into(), serde_json::Value::Bool(ordering));
    let (_, bytes) = record_engine(&mut engine, &position, 4, 0, options, Vec::new()).unwrap();
    let path = record_support::scratch(name);
    fs::write(&path, bytes).unwrap();
    Record::open(&path).unwrap()
}

/// The node `path` names (`the root`, or moves from it) in `record`.
fn walk(record: &Record, path: &str) -> u32 {
    let root = record.roots()[0];
    if path == "the root" {
        return root;
    }
    path.split(' ')
        .try_fold(root, |at, mv| record.child_by_move(at, mv))
        .unwrap_or_else(|| panic!("no node at {path}"))
}

/// v0.09's "Try it" runs `cargo compare on.jsonl off.jsonl` and says what
/// comes first in the listing of cut subtrees: the subtrees the search
/// without `Pick` searched where the ordered search cut, under the heading
/// the page quotes.
#[test]
fn the_v09_try_it_comparison_lists_what_the_chapter_says() {
    let page = concat!(env!("CARGO_MANIFEST_DIR"), "/../chapters/v09-alphabeta.md");
    let chapter = fs::read_to_string(page).unwrap().replace("\n  ", " ");
    assert!(chapter.contains("cargo compare on.jsonl off.jsonl"));
    let heading = "cut by A (Ordering=true), searched by B (Ordering=false)";
    assert!(
        chapter.contains(&format!("`{heading}`")),
        "the page quotes the heading"
    );
    let (on, off) = (
        try_it_record(true, "try_it_on.jsonl"),
        try_it_record(false, "try_it_off.jsonl"),
    );
    let text = compared(&on, &off);
    let mut lines = text
        .lines()
        .skip_while(|line| !line.starts_with("First subtrees one search cut off"))
        .skip(1);
    assert_eq!(
        lines.next(),
        Some(format!("  {heading}:").as_str()),
        "{text}"
    );
    let listed: Vec<&str> = lines.take_while(|line| line.starts_with("    ")).collect();
    assert!(listed.len() >= 2, "{text}");
    for entry in listed.chunks(2) {
        // The ordered search, A, cut at the node; B searched moves there
        // that A did not.
        let (path, rest) = entry[0].trim().split_once(": A cut with ").unwrap();
        let cut = rest.split(' ').next().unwrap();
        let (node_on, node_off) = (walk(&on, path), walk(&off, path));
        assert_eq!(on.node(node_on).unwrap().cut.unwrap().as_str(), cut);
        let only_off: Vec<String> = off
            .move_children(node_off)
            .map(|child| child.mv.unwrap().to_string())
            .filter(|mv| on.child_by_move(node_on, mv).is_none())
            .collect();
        let searched = format!(
            "      B searched {} there that A did not",
            plural(only_off.len(), "move")
        );
        assert!(entry[1].starts_with(&searched), "{}", entry[1]);
    }
}

/// The Italian game, four plies deep: v0.11's fail-soft search refutes
/// moves with values well below the root's alpha.
const ITALIAN: &str = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 6 5";

/// A record of `E` searching the Italian game four plies deep with its
/// defaults, as `search --record` writes it.
fn italian<E: Engine>(name: &str) -> Record {
    let position = Position::from_fen(ITALIAN).unwrap();
    let (_, bytes) = record_engine(
        &mut E::new(),
        &position,
        4,
        0,
        default_options::<E>(),
        Vec::new(),
    )
    .unwrap();
    let path = record_support::scratch(name);
    fs::write(&path, bytes).unwrap();
    Record::open(&path).unwrap()
}

/// Each root move refuted, with its bound as a side's row prints it and
/// the root's alpha when it was searched (the best value found before
/// it): `(move, bound, alpha)`.
fn refuted(record: &Record) -> Vec<(String, i32, i32)> {
    let root = record.deepest_finished().unwrap().unwrap().node;
    record
        .move_children(root)
        .filter(|child| child.value >= child.beta)
        .map(|child| (child.mv.unwrap().to_string(), -child.value, -child.beta))
        .collect()
}

/// v0.10 fails hard: a move it refuted is worth at most the root's alpha,
/// no less. v0.11 fails soft: at most what its refutation found, below the
/// root's alpha for some moves; `compare` prints those values, and says
/// what each side's `≤ v` means.
#[test]
fn compare_states_the_bounds_each_search_proved() {
    let v10 = italian::<lamosca_v10_quiescence::QuiescenceSearch>("italian_v10.jsonl");
    let v11 = italian::<lamosca_v11_lazy::LazySearch>("italian_v11.jsonl");
    let text = compared(&v10, &v11);
    assert!(
        text.contains(
            "A fails hard: v is the root's alpha, the best value found before the move\n\
             B fails soft: v is the value the refutation found, at or below the root's alpha\n"
        ),
        "{text}"
    );
    let row = |mv: &str| {
        text.lines()
            .find(|line| line.split_whitespace().next() == Some(mv))
            .unwrap()
            .to_string()
    };
    for (mv, bound, alpha) in refuted(&v10) {
        assert_eq!(bound, alpha, "fail-hard: {mv} is held at the root's alpha");
        assert!(row(&mv).contains(&format!("≤ {bound} ")), "{}", row(&mv));
    }
    let below: Vec<(String, i32, i32)> = refuted(&v11)
        .into_iter()
        .filter(|(_, bound, alpha)| bound < alpha)
        .collect();
    assert!(!below.is_empty(), "fail-soft bounds below alpha:\n{text}");
    for (mv, bound, _) in below {
        assert!(
            row(&mv).ends_with(&format!("≤ {bound} {}", v11_reply(&v11, &mv))),
            "{}",
            row(&mv)
        );
    }
    // The other way round, each side names its own bounds.
    let text = compared(&v11, &v10);
    assert!(
        text.contains("A fails soft: ") && text.contains("B fails hard: "),
        "{text}"
    );
}

/// The reply that refuted `mv` at the root of `record`.
fn v11_reply(record: &Record, mv: &str) -> String {
    let root = record.deepest_finished().unwrap().unwrap().node;
    let child = record.child_by_move(root, mv).unwrap();
    record.node(child).unwrap().reply().unwrap().to_string()
}

/// Two fail-hard searches mean the same by `≤ v`: nothing is added, as
/// the chapters' comparisons of v0.07, v0.09 and v0.10 show.
#[test]
fn two_fail_hard_searches_are_compared_as_before() {
    let v10 = italian::<lamosca_v10_quiescence::QuiescenceSearch>("italian_hard_v10.jsonl");
    let v09 = italian::<AlphaBeta>("italian_hard_v09.jsonl");
    let text = compared(&v09, &v10);
    assert!(
        !text.contains("fails hard") && !text.contains("soft"),
        "{text}"
    );
    assert!(text.contains(
        "the move, which is worth at most v), and the reply\nmove           A reply          B reply\n"
    ));
}

/// A record that holds passes (`0000`), compared with itself and with
/// v0.10's search of the same position to the same depth: every pass is
/// replayed as one, so the moves below it are legal where they stand.
#[test]
fn a_record_with_passes_is_compared_as_any_other() {
    use lamosca_v10_quiescence::QuiescenceSearch;
    use record_support::passing::{pass_fixture, PASS_DEPTH, PASS_FEN};

    let passes = Record::open(&pass_fixture()).unwrap();
    let text = compared(&passes, &passes);
    assert!(
        text.contains(&format!(
            "The root values agree: {}",
            passes.summary().value
        )),
        "{text}"
    );
    let position = Position::from_fen(PASS_FEN).unwrap();
    let options = default_options::<QuiescenceSearch>();
    let (_, bytes) = record_engine(
        &mut QuiescenceSearch::new(),
        &position,
        PASS_DEPTH,
        0,
        options,
        Vec::new(),
    )
    .unwrap();
    let v10 = Record::from_bytes(bytes).unwrap();
    let text = compared(&v10, &passes);
    // A pass that cuts is named as any cutting move, and so is a pass
    // searched where v0.10 cut.
    assert!(text.contains("B cut with 0000 in window"), "{text}");
    assert!(text.contains("that A did not (2 nodes): 0000"), "{text}");
}
