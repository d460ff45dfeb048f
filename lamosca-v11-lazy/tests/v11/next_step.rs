//! A next step builds on v0.11 as v0.11 builds on v0.10: the null-move
//! step (`null_move/`) restates only v0.11's node and names its idea, and
//! with the null move dropped it is v0.11, node for node; with every idea
//! dropped, v0.10.

use common::{Move, Position, START_FEN};
use lamosca_record::{default_options, record_search, Event};
use lamosca_search::events::Tracer;
use lamosca_search::log::{capture, Words};
use lamosca_search::{Engine, Figure, OptionValue, Report, SearchControl};
use lamosca_v10_quiescence::QuiescenceSearch;
use lamosca_v11_lazy::LazySearch;

use crate::null_move::NullMoveSearch;

const WAC_001: &str = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1";

/// Positions with pieces to pass with, and the deepest depth each is
/// searched to.
const CASES: [(&str, &str, u32); 4] = [
    ("start", START_FEN, 6),
    (
        "Kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
    ),
    ("WAC.001", WAC_001, 5),
    (
        "Ruy Lopez",
        "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
        5,
    ),
];

/// An engine with `--ideas LIST`.
fn keeping<E: Engine>(list: &str) -> E {
    let mut engine = E::new();
    let ideas = E::OPTIONS[0].parse_value(list).expect("a list of ideas");
    engine.set_option("Ideas", ideas).unwrap();
    engine
}

/// What a search found and how many nodes it took.
fn seen(report: &Report) -> (i32, Option<Move>, u64, Vec<Move>) {
    (report.value, report.best, report.nodes, report.pv.clone())
}

/// The text log of `engine` searching `fen` `depth` plies deep, and its
/// report.
fn traced(engine: &mut impl Engine, fen: &str, depth: u32) -> (String, Report) {
    let mut position = Position::from_fen(fen).expect("valid FEN");
    let control = SearchControl::unlimited();
    capture(Words::English, u32::MAX, |tracer| {
        engine.search(&mut position, depth, &control, tracer)
    })
}

fn search(engine: &mut impl Engine, fen: &str, depth: u32) -> Report {
    let mut position = Position::from_fen(fen).expect("valid FEN");
    let control = SearchControl::unlimited();
    engine.search(&mut position, depth, &control, &mut Tracer::off())
}

#[test]
fn the_null_move_is_one_more_idea_before_the_table() {
    let option = &NullMoveSearch::OPTIONS[0];
    let OptionValue::List(default) = option.default_value() else {
        panic!("{} takes a list", option.name);
    };
    let v11 = "order,fail-soft,draws,iid,lazy,selective,incremental";
    assert_eq!(default.to_string(), format!("{v11},null"));
    assert_eq!(default.of.last(), Some(&"table"));
    assert!(NullMoveSearch::new().step.null);
    let no_null = keeping::<NullMoveSearch>("no-null");
    assert!(!no_null.step.null);
    assert_eq!(no_null.switches.ideas, LazySearch::new().switches.ideas);
}

#[test]
fn without_the_null_move_it_is_v11_node_for_node() {
    for (step, v11) in [
        ("no-null", "default"),
        ("all,no-null", "all"),
        ("order,fail-soft,draws,iid", "order,fail-soft,draws,iid"),
        ("selective,incremental", "selective,incremental"),
    ] {
        for (name, fen, deepest) in CASES {
            for depth in 1..=deepest {
                let new = search(&mut keeping::<NullMoveSearch>(step), fen, depth);
                let old = search(&mut keeping::<LazySearch>(v11), fen, depth);
                assert_eq!(seen(&new), seen(&old), "{step}: {name}, depth {depth}");
            }
        }
    }
}

#[test]
fn without_the_null_move_it_traces_v11s_tree() {
    let (new, _) = traced(&mut keeping::<NullMoveSearch>("no-null"), WAC_001, 4);
    let (old, _) = traced(&mut LazySearch::new(), WAC_001, 4);
    assert!(new.lines().count() > 100);
    assert_eq!(new, old);
}

#[test]
fn with_no_idea_it_is_v10_node_for_node() {
    for (name, fen, deepest) in CASES {
        for depth in 1..=deepest.min(4) {
            let new = search(&mut keeping::<NullMoveSearch>("none"), fen, depth);
            let old = search(&mut QuiescenceSearch::new(), fen, depth);
            let found = |report: &Report| (report.value, report.best, report.nodes);
            assert_eq!(found(&new), found(&old), "{name}, depth {depth}");
        }
    }
}

/// The count called `label` in `report`'s figures, or a share's part.
fn figure(report: &Report, label: &str) -> u64 {
    let statistic = report.statistics.iter().find(|s| s.label == label);
    match statistic.unwrap_or_else(|| panic!("no {label}")).value {
        Figure::Count(count) | Figure::Share { part: count, .. } => count,
        Figure::Ratio(_) => panic!("{label} is no count"),
    }
}

#[test]
fn with_the_null_move_it_searches_another_tree() {
    let mut changed = 0;
    for (name, fen, deepest) in CASES {
        let new = search(&mut NullMoveSearch::new(), fen, deepest);
        let old = search(&mut LazySearch::new(), fen, deepest);
        let position = Position::from_fen(fen).unwrap();
        assert!(
            position.legal_moves().contains(&new.best.unwrap()),
            "{name}"
        );
        assert!(figure(&new, "null moves") > 0, "{name}");
        changed += usize::from(new.nodes != old.nodes);
    }
    assert_eq!(changed, CASES.len());
    let (log, report) = traced(&mut NullMoveSearch::new(), WAC_001, 5);
    assert!(figure(&report, "null-move cut-offs") > 0);
    assert!(log.contains("0000"), "the log names the pass");
}

#[test]
fn its_record_holds_the_passes_and_reads_back() {
    let position = Position::from_fen(WAC_001).unwrap();
    let mut engine = NullMoveSearch::new();
    let options = default_options::<NullMoveSearch>();
    let (report, out) = record_search(&mut engine, &position, 5, 0, options, Vec::new()).unwrap();
    let text = String::from_utf8(out).unwrap();
    let events: Vec<Event> = text
        .lines()
        .map(|line| Event::from_line(line).unwrap())
        .collect();
    let pass = Some(Move::NULL.to_string());
    let passes = events
        .iter()
        .filter(|event| matches!(event, Event::Node(node) if node.mv == pass));
    assert_eq!(passes.count() as u64, figure(&report, "null moves"));
    let cuts = events
        .iter()
        .filter(|event| matches!(event, Event::Cut(cut) if cut.mv == "0000"));
    assert_eq!(cuts.count() as u64, figure(&report, "null-move cut-offs"));
    let Some(Event::Search(header)) = events.first() else {
        panic!("a record begins with its header");
    };
    assert!(format!("{header:?}").contains("null"));
    assert!(matches!(events.last(), Some(Event::Report(_))));
}
