//! LaMoSca v0.10's own search, `--quiescence lamosca`, against the default
//! mode: legality by king capture and its blind spot, and the original's
//! log layout.

use common::{Position, START_FEN};
use lamosca_search::log::{capture_in, Words};
use lamosca_search::{Engine, Figure, OptionValue, Report, SearchControl, MATE_BOUND};
use lamosca_v10_quiescence::QuiescenceSearch;

/// A back-rank mate: `Ra8` mates at once.
const BACK_RANK: &str = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";

/// `Qxd5+` wins a pawn with check. Black's only capture in reply, `Kxd5`,
/// is illegal, since the rook on d1 guards d5 once the queen has left d3.
const ILLEGAL_RECAPTURE: &str = "8/8/4k3/3p4/8/3Q4/8/K2R4 w - - 0 1";

/// The engine in the original's mode (`lamosca`) or the default one.
fn engine(original: bool) -> QuiescenceSearch {
    let mut engine = QuiescenceSearch::new();
    if original {
        engine
            .set_option("Quiescence", OptionValue::Combo("lamosca"))
            .expect("a declared value");
    }
    engine
}

/// Searches `fen` `depth` plies deep, tracing `shown` levels in `words`.
fn traced(original: bool, fen: &str, depth: u32, shown: u32, words: Words) -> (String, Report) {
    let mut position = Position::from_fen(fen).expect("valid FEN");
    let mut engine = engine(original);
    let control = SearchControl::unlimited();
    capture_in(words, engine.layout(depth), shown, |tracer| {
        engine.search(&mut position, depth, &control, tracer)
    })
}

fn best(report: &Report) -> String {
    report.best.map_or("none".to_string(), |mv| mv.to_string())
}

/// The value a root move is logged with on the `Moves level 1` line.
fn logged(trace: &str, mv: &str) -> i32 {
    let line = trace
        .lines()
        .find(|line| line.starts_with("Moves level 1:"))
        .expect("a root line");
    let item = line
        .split(' ')
        .find_map(|item| item.strip_prefix(&format!("{mv}=")))
        .unwrap_or_else(|| panic!("{mv} is not on the root line"));
    item.trim_end_matches(" // Cut").parse().expect("a value")
}

/// The default mode finds the mate two plies deep. The original's mode
/// does not: after `Ra8+` every Black move leaves the king to be taken, so
/// the node finds nothing and `Ra8` is skipped as if it were illegal; it
/// is logged with the value the root held before it.
#[test]
fn the_original_misses_a_mate_the_default_finds() {
    let (_, default) = traced(false, BACK_RANK, 2, 1, Words::English);
    assert_eq!(best(&default), "a1a8");
    assert!(default.value >= MATE_BOUND, "{}", default.value);

    let (trace, original) = traced(true, BACK_RANK, 2, 1, Words::English);
    assert_ne!(best(&original), "a1a8");
    assert!(original.value < MATE_BOUND, "{}", original.value);
    assert_eq!(logged(&trace, "a1a8"), logged(&trace, "a1a7"));
}

/// One ply deep, `Qxd5+` reaches a quiescence node whose only capture,
/// `Kxd5`, is illegal: the node finds nothing, and `Qxd5` vanishes from
/// the root's choices. The default mode answers the check with a king
/// move and takes the pawn.
#[test]
fn a_quiescence_node_with_only_illegal_captures_loses_the_capture_before_it() {
    let (_, default) = traced(false, ILLEGAL_RECAPTURE, 1, 1, Words::English);
    assert_eq!(best(&default), "d3d5");

    let (trace, original) = traced(true, ILLEGAL_RECAPTURE, 1, 1, Words::English);
    assert_ne!(best(&original), "d3d5");
    assert!(original.value < default.value);
    // Logged with the running value, the best found before it.
    assert_eq!(logged(&trace, "d3d5"), original.value);
    let no_legal_move = original
        .statistics
        .iter()
        .find(|s| s.label == "nodes with no legal move")
        .expect("the statistic");
    assert_eq!(no_legal_move.value, Figure::Count(1));
}

/// The trace followed by the lines `search` prints after it.
fn with_report(trace: &str, report: &Report) -> String {
    format!("{trace}{}", report.closing_lines())
}

/// The back-rank mate two plies deep in both modes, the root traced: the
/// book sets the two logs side by side.
#[test]
fn back_rank_d2_both_modes() {
    for (original, name, mode) in [
        (false, "back_rank_d2_default", "default"),
        (true, "back_rank_d2_lamosca", "--quiescence lamosca"),
    ] {
        let (trace, report) = traced(original, BACK_RANK, 2, 1, Words::English);
        assert_eq!(best(&report) == "a1a8", !original);
        insta::with_settings!({
            description => format!("{BACK_RANK}, v0.10 {mode}, depth 2, level 1 traced"),
            omit_expression => true,
            snapshot_path => "../snapshots",
            prepend_module_to_snapshot => false,
        }, {
            insta::assert_snapshot!(format!("original__{name}"), with_report(&trace, &report));
        });
    }
}

/// The same in the original's layout, two levels traced, up to the root's
/// `Ra8`: its node's every move is logged with the running value, the
/// node ends with `T=0`, and `L1a1a8` keeps the value the root held.
#[test]
fn back_rank_d2_original_layout() {
    let (trace, _) = traced(true, BACK_RANK, 2, 2, Words::Italian);
    let lines: Vec<&str> = trace.lines().collect();
    let end = lines
        .iter()
        .position(|line| line.contains("L1a1a8="))
        .expect("Ra8 at the root");
    assert!(lines[end].starts_with("Risultato L2: T=0, A=-2147483647"));
    assert!(lines[end].ends_with("L1a1a8=197 "), "{}", lines[end]);
    insta::with_settings!({
        description => format!("{BACK_RANK}, v0.10 --quiescence lamosca --words it, depth 2, trace 2, up to a1a8"),
        omit_expression => true,
        snapshot_path => "../snapshots",
        prepend_module_to_snapshot => false,
    }, {
        insta::assert_snapshot!("original__back_rank_d2_original_layout", lines[..=end].join("\n"));
    });
}

/// The original's own log layout: `--quiescence lamosca --words it`, the
/// start position four levels deep, its first lines.
#[test]
fn startpos_d4_original_layout() {
    let (trace, _) = traced(true, START_FEN, 4, 4, Words::Italian);
    let lines: Vec<&str> = trace.lines().take(14).collect();
    assert_eq!(lines[0], "LaMoSca v0.10 Log File - Livelli=4");
    assert_eq!(lines[1], "L=1, A=-2147483647, B=2147483647: ");
    assert!(lines[4].starts_with("L=4, A=-2147483647, B=2147483647: L4a8b8="));
    assert!(lines.iter().any(|line| line.ends_with("//Cut")));
    assert!(lines.iter().any(|line| line.contains("<S ")));
    insta::with_settings!({
        description => "startpos, v0.10 --quiescence lamosca --words it, depth 4, trace 4, first 14 lines",
        omit_expression => true,
        snapshot_path => "../snapshots",
        prepend_module_to_snapshot => false,
    }, {
        insta::assert_snapshot!("original__startpos_d4_original_layout", lines.join("\n"));
    });
}

/// English keeps the workspace's layout in the original's mode.
#[test]
fn english_keeps_the_shared_layout() {
    let (trace, _) = traced(true, START_FEN, 2, 1, Words::English);
    assert!(trace.starts_with("Moves level 1: "), "{trace}");
}
