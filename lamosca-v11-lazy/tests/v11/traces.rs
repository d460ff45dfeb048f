//! Search traces kept as snapshots, each showing one of Kornilov's ideas at
//! work: the root deepening two plies at a time, an internal deepening
//! handing its move up, a lazy cut, the selective stand pat, and the risk
//! the seed admits (a lazy cut that turns a depth-4 search into a depth-2
//! one).
//!
//! Every search is a fixed-depth search without a clock, so the traces are
//! the same on every run. Most are cut to the lines that show the idea; each
//! snapshot's description says which lines were kept. The trace is followed
//! by the report.

use common::{Position, START_FEN};
use lamosca_search::log::{capture, Words};
use lamosca_search::{Engine, OptionValue, Report, SearchControl};
use lamosca_v11_lazy::LazySearch;

/// v0.10's position: the knight on c3 and the rook on d1 both attack the
/// pawn on d5, which only the queen defends.
const RECAPTURE: &str = "3q2k1/5ppp/8/3p4/8/2N5/5PPP/3R2K1 w - - 0 1";

/// The perft suites' rook endgame: few moves, so deep lines stay short.
const ROOK_ENDGAME: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";

/// Win At Chess no. 1: 1.Qg6!! mates next move, 1...fxg6 2.Nxg6# or
/// 1...gxf6 2.Qh7#, and every other reply is mated as quickly.
const WAC_001: &str = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1";

/// Searches `fen` with `engine` to `depth`, tracing `shown` levels.
fn traced(mut engine: LazySearch, fen: &str, depth: u32, shown: u32) -> (String, Report) {
    let mut position = Position::from_fen(fen).expect("valid FEN");
    let control = SearchControl::unlimited();
    capture(Words::English, shown, |tracer| {
        engine.search(&mut position, depth, &control, tracer)
    })
}

/// The lines `from..to` of `trace`, with `...` where lines were left out
/// before them.
fn excerpt(trace: &str, from: usize, to: usize) -> String {
    let lines: Vec<&str> = trace.lines().collect();
    let mut text = String::new();
    if from > 0 {
        text += "...\n";
    }
    for line in &lines[from..to.min(lines.len())] {
        text += line;
        text.push('\n');
    }
    text
}

/// The index of the first line of `trace`, from line `after` on, that
/// starts with `prefix`.
fn find(trace: &str, after: usize, prefix: &str) -> usize {
    trace
        .lines()
        .enumerate()
        .skip(after)
        .find(|(_, line)| line.starts_with(prefix))
        .map(|(i, _)| i)
        .unwrap_or_else(|| panic!("no line starting with {prefix:?} after line {after}"))
}

fn snapshot(name: &str, description: String, text: String) {
    insta::with_settings!({
        description => description,
        omit_expression => true,
        snapshot_path => "../snapshots",
        prepend_module_to_snapshot => false,
    }, {
        insta::assert_snapshot!(format!("traces__{name}"), text);
    });
}

/// The root deepens by itself: called once with depth 6, it searches depth
/// 2, hands its move up to depth 4, which hands its own up to depth 6. Each
/// iteration tries the move handed up first.
#[test]
fn startpos_d6_root() {
    let (trace, report) = traced(LazySearch::new(), START_FEN, 6, 1);
    let kept: String = trace
        .lines()
        .filter(|line| !line.starts_with("Swap"))
        .map(|line| format!("{line}\n"))
        .collect();
    assert!(kept.contains("Deepening level 1: depth 2"));
    assert!(kept.contains("Deepening level 1: depth 4"));
    assert_eq!(report.depth, 6);
    snapshot(
        "startpos_d6_root",
        "startpos, depth 6, level 1 traced; the swap lines are left out".to_string(),
        kept + &report.closing_lines(),
    );
}

/// Below the root move 1.h3, Black's node is searched one ply deep first:
/// that search hands up ...d4, which the node's own search tries first, and
/// which cuts it off at once. (The root's swap line for 1.h3 comes last: a
/// swap is printed once the move brought forward has its value.)
#[test]
fn recapture_d4_deepening() {
    let (trace, report) = traced(LazySearch::new(), RECAPTURE, 4, 2);
    let root_iteration = find(&trace, 0, "Deepening level 1: depth 2");
    // The first node below the root handed its move up and was then cut
    // off by that very move, which the ordering values at 3000.
    let handed_up = trace
        .lines()
        .enumerate()
        .skip(root_iteration)
        .position(|(i, line)| {
            line.starts_with("Deepening level 2")
                && trace
                    .lines()
                    .nth(i + 1)
                    .is_some_and(|next| next.contains("=3000 // Cut"))
        })
        .map(|offset| root_iteration + offset)
        .expect("a move handed up that cuts");
    let from = handed_up - 3;
    let to = handed_up + 5;
    snapshot(
        "recapture_d4_deepening",
        format!(
            "{RECAPTURE}, depth 4, levels 1..2 traced; lines {}..{} kept: one node below the root",
            from + 1,
            to
        ),
        excerpt(&trace, from, to) + "...\n" + &report.closing_lines(),
    );
}

/// Below the root move 1.f4, Black's node is searched one ply deep, finds
/// ...d4 worth 301, and, its own score 297 standing more than the margin
/// above beta, is cut off unsearched; so is the next one, below 1.Ne4
/// (where ...dxe4 would open the d-file to Rxd8#).
#[test]
fn recapture_d4_lazy_cut() {
    let (trace, report) = traced(LazySearch::new(), RECAPTURE, 4, 2);
    let cut = find(&trace, 0, "Lazy cut level 2");
    let from = cut - 5;
    let to = cut + 8;
    snapshot(
        "recapture_d4_lazy_cut",
        format!(
            "{RECAPTURE}, depth 4, levels 1..2 traced; lines {}..{} kept: the first lazy cuts",
            from + 1,
            to
        ),
        excerpt(&trace, from, to) + "...\n" + &report.closing_lines(),
    );
}

/// Six plies deep in the rook endgame, the nodes at level 6 (ply 5) follow
/// moves that gained less than a pawn, ext[5]: each may stand pat, and most
/// are cut off by that alone or by their first move.
#[test]
fn rook_endgame_d6_selective() {
    let (trace, report) = traced(LazySearch::new(), ROOK_ENDGAME, 6, 6);
    let first = find(&trace, 0, "Moves level 6: stand-pat=");
    let from = find(&trace, first - 6, "Deepening level 4");
    let to = from + 20;
    snapshot(
        "rook_endgame_d6_selective",
        format!(
            "{ROOK_ENDGAME}, depth 6, levels 1..6 traced; lines {}..{} kept: the first selective stand pats",
            from + 1,
            to
        ),
        excerpt(&trace, from, to) + "...\n" + &report.closing_lines(),
    );
}

/// The risk the seed admits. Four plies deep, the node after 1.Qg6 is
/// searched one ply deep first: ...gxf6 takes a knight. Black, two pawns up
/// on the board, stands far above beta, that search confirms it, and the
/// node is cut off unsearched. Searched three plies deep it would have met
/// 2.Qh7#.
/// The lazy search answers what the depth-2 search answered; without lazy
/// cuts, the same depth finds the mate.
#[test]
fn wac001_d4_lazy_risk() {
    let (trace, report) = traced(LazySearch::new(), WAC_001, 4, 2);
    let iteration = find(&trace, 0, "Deepening level 1: depth 2");
    let queen = find(&trace, iteration, "Moves level 2: f7g6=");
    let from = queen - 2;
    let to = find(&trace, queen, "Lazy cut level 2") + 1;
    let last = trace.lines().count();
    let mut text = excerpt(&trace, from, to);
    text += &excerpt(&trace, last - 2, last);
    text += &report.closing_lines();

    let mut no_lazy = LazySearch::new();
    let (name, list) = crate::ideas("no-lazy");
    no_lazy.set_option(name, list).unwrap();
    let (plain, plain_report) = traced(no_lazy, WAC_001, 4, 1);
    let plain_last = plain.lines().count();
    text += "\nThe same search with --ideas no-lazy:\n";
    text += &excerpt(&plain, plain_last - 1, plain_last);
    text += &plain_report.closing_lines();

    let shallow = traced(LazySearch::new(), WAC_001, 2, 0).1;
    assert_eq!(report.best, shallow.best, "depth 4 answers depth 2's move");
    assert_eq!(
        plain_report.best.map(|mv| mv.to_string()).as_deref(),
        Some("g3g6")
    );
    snapshot(
        "wac001_d4_lazy_risk",
        format!(
            "{WAC_001}, depth 4, levels 1..2 traced; lines {}..{} kept (the node after 1.Qg6) and the root's result; then --ideas no-lazy, level 1, its root result",
            from + 1,
            to
        ),
        text,
    );
}

/// With the table on (`--ideas all --hash 1`), the last iteration meets the positions
/// the one before it stored. Below the root move 1.Rxd5, the node finds
/// its position in the table, searched one ply deep where it needs three:
/// too shallow to settle it, but its move comes first. The node's search
/// two plies shallower is a reduced search, where seed 002 allows no lazy
/// cut, so it is kept apart from the entry the full search stored, which
/// may hold lazy cuts: it searches its moves rather than end at once, and
/// hands its move up; the node tries it first. (The root's swap line for
/// 1.Rxd5 comes last, once the move has its value.)
#[test]
fn recapture_d4_hash_cut() {
    let mut engine = LazySearch::new();
    let (name, list) = crate::ideas("all");
    engine.set_option(name, list).unwrap();
    engine.set_option("Hash", OptionValue::Spin(1)).unwrap();
    let (trace, report) = traced(engine, RECAPTURE, 4, 2);
    let last_iteration = find(&trace, 0, "Deepening level 1: depth 2");
    let hit = find(&trace, last_iteration, "Hash level 2");
    let from = hit - 1;
    let to = hit + 13;
    snapshot(
        "recapture_d4_hash_cut",
        format!(
            "{RECAPTURE}, depth 4, --ideas all --hash 1, levels 1..2 traced; lines {}..{} kept: a node's move from the table, its reduced search kept apart",
            from + 1,
            to
        ),
        excerpt(&trace, from, to) + "...\n" + &report.closing_lines(),
    );
}
