//! v0.11's record: a draw by repetition is in it, and the statistics count
//! the stand pats it holds. (Every step's record against its report:
//! `steps.rs`.)

use common::Position;
use lamosca_reader::{check_record, position_after_picks, Bounds};
use lamosca_v11_lazy::LazySearch;

/// A game whose moves lead back to a position seen before: a child of the
/// root is a draw by repetition, which ends unsearched. Its node and its
/// value must be in the record, or the root's 0 cannot be replayed.
#[test]
fn a_draw_by_repetition_is_in_the_record() {
    let picks = [
        8892, 28041, 35399, 38406, 28479, 62029, 57048, 3947, 55238, 42060, 38489, 28166,
    ];
    let position = position_after_picks(&picks);
    let report = check_record::<LazySearch>(&position, 2, Bounds::FailSoft).unwrap();
    let draws =
        lamosca_search::statistic(&report.statistics, "draws").and_then(|figure| figure.count());
    assert!(draws > Some(0), "the search meets a repetition: {draws:?}");
    assert_eq!(report.value, 0);
}

/// The statistics count the stand pats that end a node as the record
/// holds them, each kind under its own name: the selective search's
/// (`selective_stand_pat`, `"cut":true`) and the quiescence's (`stand_pat`,
/// `"cut":true`, v0.10's count).
#[test]
fn the_stand_pat_cut_offs_are_those_of_the_record() {
    use lamosca_record::{record_search, Event};
    let mut engine = <LazySearch as lamosca_search::Engine>::new();
    // Past ply 4 the selective stand pat has nodes to stand on.
    let position = Position::from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1").unwrap();
    let (report, bytes) =
        record_search(&mut engine, &position, 6, 0, Default::default(), Vec::new()).unwrap();
    let (mut selective, mut quiescence) = (0, 0);
    for line in String::from_utf8(bytes).unwrap().lines() {
        if let Event::Chapter(chapter) = Event::from_line(line).unwrap() {
            let cut = chapter.field("cut").and_then(|cut| cut.as_bool()) == Some(true);
            match chapter.kind.as_str() {
                "selective_stand_pat" if cut => selective += 1,
                "stand_pat" if cut => quiescence += 1,
                _ => {}
            }
        }
    }
    let count =
        |label| lamosca_search::statistic(&report.statistics, label).and_then(|f| f.count());
    assert!(quiescence > 0 && selective > 0, "{quiescence} {selective}");
    assert_eq!(count("selective stand-pat cut-offs"), Some(selective));
    assert_eq!(count("quiescence stand-pat cut-offs"), Some(quiescence));
}

/// A record of `E` searching the Italian game four plies deep, with the
/// option `Ideas` set to `ideas` when given, and the header's options as
/// the command line writes them (`empty`: none at all).
fn italian<E: lamosca_search::Engine>(ideas: Option<&str>, empty: bool) -> lamosca_reader::Record {
    use lamosca_record::{default_options, option_json, record_search};
    let fen = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 6 5";
    let position = Position::from_fen(fen).unwrap();
    let mut engine = E::new();
    let mut options = default_options::<E>();
    if let Some(ideas) = ideas {
        let option = E::OPTIONS.iter().find(|o| o.name == "Ideas").unwrap();
        let value = option.parse_value(ideas).unwrap();
        option.set(&mut engine, value).unwrap();
        options.insert("Ideas".into(), option_json(value));
    }
    if empty {
        options.clear();
    }
    let (_, bytes) = record_search(&mut engine, &position, 4, 0, options, Vec::new()).unwrap();
    lamosca_reader::Record::from_bytes(bytes).unwrap()
}

/// v0.11 fails soft, and its record says so twice: its header keeps the
/// idea, and its values leave their windows. With `--ideas none` or
/// without `fail-soft` it fails hard, as v0.10 does, and reads so.
#[test]
fn a_record_tells_whether_its_search_fails_soft() {
    use lamosca_v10_quiescence::QuiescenceSearch;
    assert!(italian::<LazySearch>(None, false).fails_soft());
    // Without the header's word, the values alone prove it.
    assert!(italian::<LazySearch>(None, true).fails_soft());
    assert!(italian::<LazySearch>(Some("order,fail-soft"), true).fails_soft());
    assert!(!italian::<LazySearch>(Some("none"), false).fails_soft());
    assert!(!italian::<LazySearch>(Some("order"), false).fails_soft());
    assert!(!italian::<QuiescenceSearch>(None, false).fails_soft());
}
