//! What every reader shows of a node, worked out once: the path, the twin
//! a second visit of a path is, the position, the bounded value as the
//! node and its parent see it, the refuting reply and a re-search's depth.

mod record_support;

use common::Position;
use lamosca_reader::{NodeFacts, Record, RecordError};
use record_support::{record_search, Algorithm, SCANDINAVIAN};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A record from its lines, each a JSON object, with the header first.
fn record(lines: &[&str]) -> Record {
    read(lines).unwrap()
}

/// A record read from its lines, or why it is refused.
fn read(lines: &[&str]) -> Result<Record, RecordError> {
    let header =
        format!(r#"{{"event":"search","schema":1,"version":"test","fen":"{START}","depth":2}}"#);
    let mut text = header + "\n";
    for line in lines {
        text.push_str(line);
        text.push('\n');
    }
    Record::from_bytes(text.into_bytes())
}

/// v0.11's internal deepening by hand: node 3 searches its own position
/// again, shallower (node 4, at its own level), before its moves; then
/// d7d5 cuts it.
fn research() -> Record {
    record(&[
        r#"{"event":"node","id":1,"parent":null,"level":1,"move":null,"alpha":-100,"beta":100,"kind":"main"}"#,
        r#"{"event":"node","id":2,"parent":1,"level":2,"move":"e2e4","alpha":-100,"beta":100,"kind":"main"}"#,
        r#"{"event":"result","node":2,"value":-10,"best":null}"#,
        r#"{"event":"node","id":3,"parent":1,"level":2,"move":"d2d4","alpha":-100,"beta":-10,"kind":"main"}"#,
        r#"{"event":"node","id":4,"parent":3,"level":2,"move":"d2d4","alpha":-100,"beta":-10,"kind":"reduced"}"#,
        r#"{"event":"node","id":5,"parent":4,"level":3,"move":"d7d5","alpha":10,"beta":100,"kind":"main"}"#,
        r#"{"event":"result","node":5,"value":-30,"best":null}"#,
        r#"{"event":"result","node":4,"value":30,"best":"d7d5"}"#,
        r#"{"event":"deepened","node":3,"depth":1,"move":"d7d5","value":30}"#,
        r#"{"event":"node","id":6,"parent":3,"level":3,"move":"d7d5","alpha":10,"beta":100,"kind":"main"}"#,
        r#"{"event":"result","node":6,"value":-20,"best":null}"#,
        r#"{"event":"cut","node":3,"move":"d7d5","value":20}"#,
        r#"{"event":"result","node":3,"value":20,"best":"d7d5"}"#,
        r#"{"event":"result","node":1,"value":10,"best":"e2e4"}"#,
        r#"{"event":"report","best":"e2e4","value":10,"nodes":6}"#,
    ])
}

#[test]
fn a_re_search_keeps_its_node_s_path_and_position() {
    let facts = research().facts().unwrap();
    let paths: Vec<(&str, u32, bool)> = facts
        .iter()
        .map(|fact| (fact.path.as_str(), fact.twin, fact.research))
        .collect();
    assert_eq!(
        paths,
        [
            ("", 0, false),
            ("e2e4", 0, false),
            ("d2d4", 0, false),
            ("d2d4", 1, true),
            ("d2d4 d7d5", 0, false),
            ("d2d4 d7d5", 1, false),
        ]
    );
    assert_eq!(facts[3].fen, facts[2].fen);
    assert_eq!(
        facts[4].fen,
        "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2"
    );
    // The depth the re-search searched, from the `deepened` after it; a
    // move's node has none.
    assert_eq!((facts[3].depth, facts[2].depth), (Some(1), None));
}

#[test]
fn a_value_is_bounded_by_its_window_and_turned_for_its_parent() {
    let facts = research().facts().unwrap();
    // d2d4's node failed high (20 >= beta -10): at least 20 for Black, at
    // most -20 for White, refuted by d7d5.
    let d2d4 = &facts[2];
    assert_eq!(
        (d2d4.value.as_str(), d2d4.worth.as_str()),
        ("≥ 20", "≤ -20")
    );
    assert!(d2d4.refuted);
    assert_eq!(d2d4.reply.as_deref(), Some("d7d5"));
    // e2e4 fell inside its window: exact, and no reply.
    let e2e4 = &facts[1];
    assert_eq!((e2e4.value.as_str(), e2e4.worth.as_str()), ("-10", "10"));
    assert!(!e2e4.refuted && e2e4.reply.is_none());
    // The re-search's value is for the same side: not turned.
    let again = &facts[3];
    assert_eq!(
        (again.value.as_str(), again.worth.as_str()),
        ("≥ 30", "≥ 30")
    );
    assert_eq!(again.reply.as_deref(), Some("d7d5"));
}

/// A node's moments: each step its best value rose at, and its cut.
type Moments = (Vec<(u32, i32)>, Option<(u32, String)>);

/// The moments of each node, in the order of ids.
fn moments(record: &Record) -> Vec<Moments> {
    let facts = record.facts().unwrap();
    facts
        .into_iter()
        .map(|fact| (fact.so_far, fact.cutoff))
        .collect()
}

#[test]
fn the_best_so_far_rises_with_returned_moves_and_not_with_a_re_search() {
    // Steps count from the line after the header: node 2 returns -10 at
    // step 2; node 3's re-search returns 30 at step 7, which is no move;
    // d7d5 returns -20 at step 10 and cuts at step 11.
    let moments = moments(&research());
    assert_eq!(moments[0], (vec![(2, 10)], None));
    assert_eq!(
        moments[2],
        (
            vec![(10, 20)],
            Some((11, "alpha-beta cut by d7d5".to_string()))
        )
    );
    assert_eq!(moments[3], (vec![(6, 30)], None));
    assert_eq!(moments[1], (vec![], None));
}

#[test]
fn a_stand_pat_raises_the_best_so_far_and_may_cut() {
    let record = record(&[
        r#"{"event":"node","id":1,"parent":null,"level":1,"move":null,"alpha":-100,"beta":100,"kind":"main"}"#,
        r#"{"event":"node","id":2,"parent":1,"level":2,"move":"e2e4","alpha":-100,"beta":100,"kind":"quiescence"}"#,
        r#"{"event":"stand_pat","node":2,"value":-10,"cut":false}"#,
        r#"{"event":"node","id":3,"parent":2,"level":3,"move":"d7d5","alpha":-100,"beta":10,"kind":"quiescence"}"#,
        r#"{"event":"stand_pat","node":3,"value":30,"cut":true}"#,
        r#"{"event":"result","node":3,"value":30,"best":null}"#,
        r#"{"event":"result","node":2,"value":-10,"best":null}"#,
        r#"{"event":"result","node":1,"value":10,"best":"e2e4"}"#,
        r#"{"event":"report","best":"e2e4","value":10,"nodes":3}"#,
    ]);
    let moments = moments(&record);
    // Node 2 stands pat at -10; d7d5's -30 for it is no better.
    assert_eq!(moments[1], (vec![(2, -10)], None));
    assert_eq!(
        moments[2],
        (vec![(4, 30)], Some((4, "stand-pat cut".to_string())))
    );
    assert_eq!(moments[0], (vec![(6, 10)], None));
}

#[test]
fn facts_leave_out_the_fields_that_say_nothing() {
    let facts = research().facts().unwrap();
    let json = |fact: &NodeFacts| serde_json::to_string(fact).unwrap();
    assert_eq!(
        json(&facts[1]),
        r#"{"path":"e2e4","fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1","value":"-10","worth":"10"}"#
    );
    assert!(json(&facts[3]).contains(r#""twin":1,"research":true,"#));
    assert!(json(&facts[3]).ends_with(r#""reply":"d7d5","depth":1,"so_far":[[6,30]]}"#));
}

#[test]
fn each_position_is_the_header_s_after_the_node_s_path() {
    let (path, _) = record_search(SCANDINAVIAN, 3, Algorithm::AlphaBeta, "facts.jsonl");
    let record = Record::open(&path).unwrap();
    let facts = record.facts().unwrap();
    assert_eq!(facts.len() as u32, record.node_count());
    for (id, fact) in (1..).zip(&facts) {
        let mut position = Position::from_fen(&record.header().fen).unwrap();
        for mv in record.path(id) {
            let legal = position.parse_move(mv.as_str()).unwrap();
            position.make(legal);
        }
        assert_eq!(fact.fen, position.to_fen(), "node {id}");
        let moves: Vec<String> = record.path(id).iter().map(|mv| mv.to_string()).collect();
        assert_eq!(fact.path, moves.join(" "), "node {id}");
    }
}

#[test]
fn a_path_that_is_no_legal_line_is_refused_as_it_is_read() {
    let error = read(&[
        r#"{"event":"node","id":1,"parent":null,"level":1,"move":null,"alpha":-100,"beta":100,"kind":"main"}"#,
        r#"{"event":"node","id":2,"parent":1,"level":2,"move":"e2e5","alpha":-100,"beta":100,"kind":"main"}"#,
        r#"{"event":"result","node":2,"value":0,"best":null}"#,
        r#"{"event":"result","node":1,"value":0,"best":"e2e5"}"#,
        r#"{"event":"report","best":"e2e5","value":0,"nodes":2}"#,
    ])
    .err()
    .expect("e2e5 is no move of the start position");
    assert_eq!(
        error.to_string(),
        format!("line 3: 'e2e5' is no legal move in the position of node 1, {START}")
    );
}

#[test]
fn each_kind_of_event_says_its_moment() {
    use lamosca_reader::{Cutoff, Moment};
    let moment = |name, value, cut, mv| {
        let found = Moment::from_fields(name, value, cut, mv);
        (found.stand_pat, found.cutoff)
    };
    let alpha_beta = Some(Cutoff::AlphaBeta("d7d5".to_string()));
    assert_eq!(
        moment("cut", Some(20), None, Some("d7d5")),
        (None, alpha_beta)
    );
    assert_eq!(
        moment("stand_pat", Some(-10), Some(false), None),
        (Some(-10), None)
    );
    let stood = (Some(30), Some(Cutoff::StandPat));
    assert_eq!(moment("stand_pat", Some(30), Some(true), None), stood);
    assert_eq!(
        moment("selective_stand_pat", Some(30), Some(true), None),
        stood
    );
    assert_eq!(
        moment("lazy_cut", Some(90), None, None),
        (None, Some(Cutoff::Lazy))
    );
    assert_eq!(
        moment("table_hit", Some(5), Some(true), None),
        (None, Some(Cutoff::Table))
    );
    assert_eq!(
        moment("table_hit", Some(5), Some(false), None),
        (None, None)
    );
    assert_eq!(moment("swap", None, None, None), (None, None));
    assert_eq!(
        moment("no_such_event", Some(1), Some(true), None),
        (None, None)
    );
}
