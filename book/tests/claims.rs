//! What the pages say that no table can write for them.
//!
//! A sentence that sums up a table is written by the generator from that
//! table (`src/sentences.rs` and the chapter modules) and included in its
//! paragraph, so it cannot drift and needs no test here. What is left:
//!
//! - judgements over a whole table, which stay written by hand because a
//!   different table would call for a different explanation, not other
//!   words: "`see` needs fewer nodes than `simple` on every position and
//!   margin" (`v10-numbers.md`), "finds the same value and move as NegaMax"
//!   and "its value is v0.10's here" (`side-by-side.md`). The test checks
//!   the table still bears the judgement out;
//! - counts a page quotes from a search no table holds (LaMoSca's own
//!   mode in the middlegame, the guard's queen ending, the quiescence
//!   root's one check), searched again here: each is cheap;
//! - what is about the pages rather than a table: the measured files'
//!   headers, the UCI session the GUI chapter quotes, the lengths of the
//!   step chapters and their "In one minute" sections.
//!
//! The measured tables are read as committed (a fresh run would take
//! minutes and vary), so a new measurement that breaks a judgement fails
//! here until the page is mended.

use book::chapters::gui;
use book::files::Workspace;
use book::markdown::{table_rows, thousands};
use book::sentences::Rows;

/// The text of `relative` under the chapters' folder.
fn read(relative: &str) -> String {
    let path = Workspace::here().chapters().join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// A page's prose with every run of white space made one space, so that a
/// sentence is found wherever its lines were wrapped.
fn prose(page: &str) -> String {
    read(page).split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Fails unless `page` says each of `fragments`.
fn says(page: &str, fragments: &[String]) {
    let text = prose(page);
    for fragment in fragments {
        assert!(
            text.contains(fragment.as_str()),
            "{page} should say \"{fragment}\", which is what its table shows now"
        );
    }
}

/// A count or share as a table cell shows it, `1,234` or `89.3%`: the
/// generator's own reading ([`book::sentences::number`]).
fn number(cell: &str) -> f64 {
    book::sentences::number(cell).unwrap_or_else(|error| panic!("{error}"))
}

/// The cell of a table where the row is `row` (the row labels carry down
/// through empty first cells) and `second` is the second cell, under the
/// column headed `column`: the generator's own lookup
/// ([`book::sentences::Rows::cell`]).
fn cell(rows: &[Vec<String>], row: &str, second: Option<&str>, column: &str) -> String {
    Rows::from(rows.to_vec())
        .cell(row, second, column)
        .unwrap_or_else(|error| panic!("{error}"))
}

/// Nodes of `row` at `depth` in a v0.10 node table.
fn nodes(rows: &[Vec<String>], row: &str, depth: u32) -> u64 {
    number(&cell(rows, row, None, &format!("depth {depth}"))) as u64
}

/// The `info depth` lines of a transcript's searches, without what reads
/// a clock.
fn iterations(transcript: &str) -> Vec<Vec<String>> {
    gui::searches(transcript)
        .into_iter()
        .map(|answers| {
            answers
                .iter()
                .filter(|answer| answer.starts_with("info depth"))
                .filter_map(|answer| gui::timeless(answer))
                .collect()
        })
        .collect()
}

#[test]
fn the_measured_uci_session_finds_what_the_generated_one_does() {
    let workspace = Workspace::here();
    let generated = read(&format!("generated/{}", gui::GENERATED_PATH));
    let measured = gui::read_measured(&workspace).expect("the measured session");
    let (expected, found) = (iterations(&generated), iterations(&measured));
    assert_eq!(expected.len(), found.len(), "the number of searches");
    for (search, (expected, found)) in expected.iter().zip(&found).enumerate() {
        assert!(!found.is_empty(), "search {search} finished no depth");
        assert!(
            found.len() <= expected.len(),
            "the measured search {search} got deeper than the generated one: \
             raise gui::GAME_DEPTH"
        );
        for (e, f) in expected.iter().zip(found) {
            assert_eq!(
                e, f,
                "the measured session is stale: measure it again with \
                 `cargo run --release -p book -- measure uci-session`"
            );
        }
    }
    // The mate is found whatever the clock.
    let last_move = |text: &str| {
        gui::searches(text)
            .last()
            .and_then(|answers| answers.last().cloned())
    };
    assert_eq!(last_move(&generated), last_move(&measured));
}

#[test]
fn the_gui_chapter_quotes_the_measured_session() {
    // The `info` line the chapter takes apart is one the session printed.
    let measured = gui::read_measured(&Workspace::here()).expect("the measured session");
    let page = read("gui.md");
    let quoted: Vec<&str> = page
        .lines()
        .filter(|line| line.starts_with("info depth"))
        .collect();
    assert!(!quoted.is_empty());
    for line in quoted {
        assert!(
            measured.contains(&format!("< {line}\n")),
            "gui.md quotes `{line}`, which the measured session does not print"
        );
    }
}

#[test]
fn every_measured_file_says_when_where_and_how() {
    let dir = Workspace::here().measured();
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).expect("the measured folder") {
        let path = entry.expect("an entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("md") {
            continue;
        }
        seen += 1;
        let text = std::fs::read_to_string(&path).expect("readable");
        let head: String = text.lines().take(3).collect::<Vec<_>>().join("\n");
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("?");
        assert!(
            head.contains("by `"),
            "{name}: no command in its first lines"
        );
        assert!(has_date(&head), "{name}: no date in its first lines");
        if !head.starts_with("<!-- Counted") {
            assert!(
                head.contains(std::env::consts::ARCH) || head.contains("hardware thread"),
                "{name}: no machine in its first lines"
            );
        }
    }
    assert!(seen > 10, "only {seen} measured files in {}", dir.display());
    for entry in std::fs::read_dir(dir.join("matches")).expect("the matches") {
        let path = entry.expect("an entry").path();
        let text = std::fs::read_to_string(&path).expect("readable");
        assert!(
            has_date(&text)
                && (text.contains("cargo run --release -p book -- match")
                    || text.contains("python3 book/ladder/ladder.py")
                    || text.contains("by `python3 book/ladder/analysis/")),
            "{}: no date or command",
            path.display()
        );
    }
}

/// Whether `text` holds a date written `2026-11-25`.
fn has_date(text: &str) -> bool {
    text.as_bytes().windows(10).any(|w| {
        w.iter().enumerate().all(|(i, b)| match i {
            4 | 7 => *b == b'-',
            _ => b.is_ascii_digit(),
        })
    })
}

#[test]
fn the_v11_chapter_reads_in_at_most_450_lines() {
    // Issue 28: the measurements live on their own page, so that the
    // chapter tells one idea at a time.
    let lines = read("v11-lazy.md").lines().count();
    assert!(lines <= 450, "v11-lazy.md has {lines} lines");
}

#[test]
fn every_step_side_by_side_keeps_or_changes_the_value_as_the_page_says() {
    let rows = table_rows(&read("generated/tables/side-by-side.md"));
    let answer = |version: &str| {
        (
            cell(&rows, version, None, "value"),
            cell(&rows, version, None, "move"),
        )
    };
    // "alpha-beta with move ordering finds the same value and move as
    // NegaMax"; "the quiescence search ... changes the value"; "its value
    // is v0.10's here".
    assert_eq!(answer("v0.07"), answer("v0.09"));
    assert_ne!(answer("v0.09").0, answer("v0.10").0);
    assert_eq!(answer("v0.10").0, answer("v0.11").0);
    says(
        "side-by-side.md",
        &[
            "finds the same value and move as NegaMax".to_string(),
            "its value is v0.10's here".to_string(),
        ],
    );
}

#[test]
fn see_needs_fewer_nodes_than_simple_at_depths_4_and_5() {
    for position in ["start", "kiwipete", "middlegame", "endgame"] {
        let rows = table_rows(&read(&format!("measured/v10-nodes-{position}.md")));
        for depth in [4, 5] {
            for delta in [0, 50, 100, 200] {
                let see = nodes(&rows, &format!("see, Δ {delta}"), depth);
                let simple = nodes(&rows, &format!("simple, Δ {delta}"), depth);
                assert!(
                    see < simple,
                    "{position}, depth {depth}, Δ {delta}: see {see}, simple {simple}"
                );
            }
        }
    }
    says(
        "v10-numbers.md",
        &[
            "`see` needs fewer nodes than `simple` on every position and margin at depths 4 and 5"
                .to_string(),
        ],
    );
}

#[test]
fn the_step_chapters_main_pages_read_in_at_most_450_lines() {
    // Issue 36: each step chapter tells its ideas; its measurements live on
    // its "in numbers" page.
    for page in ["v09-alphabeta.md", "v10-quiescence.md"] {
        let lines = read(page).lines().count();
        assert!(lines <= 450, "{page} has {lines} lines");
    }
}

/// The "In one minute" section of a step chapter, its words joined.
fn one_minute(page: &str) -> String {
    let text = read(page);
    let start = text
        .find("## In one minute\n")
        .unwrap_or_else(|| panic!("{page} has no \"In one minute\""));
    let rest = &text[start + 3..];
    let end = rest.find("\n## ").unwrap_or(rest.len());
    rest[..end].split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn each_step_chapter_opens_with_one_minute_before_the_original() {
    for page in [
        "v07-negamax.md",
        "v09-alphabeta.md",
        "v10-quiescence.md",
        "v11-lazy.md",
    ] {
        let text = read(page);
        let minute = text.find("## In one minute\n");
        let original = text.find("## What the ");
        assert!(
            minute.is_some() && minute < original,
            "{page}: \"In one minute\" must come before \"What the original ... said\""
        );
        assert!(
            one_minute(page).contains("!["),
            "{page}'s minute has no picture"
        );
    }
}

#[test]
fn the_guard_finds_the_mate_in_the_nodes_the_page_says() {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    use lamosca_search::deepen::{deepen, Limits, Trace};
    use lamosca_search::Engine;
    use lamosca_v11_lazy::LazySearch;

    // "with it, the same depth finds the mate in four ... in 269,284
    // nodes, as `--ideas no-selective` does in 269,420"
    let fen = "8/8/8/8/8/2k5/8/1K1Q4 w - - 0 1";
    let search = |selective: bool| {
        let mut engine = LazySearch::new();
        let list = if selective { "default" } else { "no-selective" };
        let ideas = LazySearch::OPTIONS[0].parse_value(list).expect("a list");
        engine
            .set_option("Ideas", ideas)
            .expect("a declared option");
        deepen(
            &mut engine,
            &mut book::searches::position(fen).expect("the page's position"),
            &Limits::depth(8),
            &Arc::new(AtomicBool::new(false)),
            Trace::off(),
            |_| {},
        )
    };
    let (guarded, full) = (search(true), search(false));
    // A mate in four is seven plies: the mate score less seven.
    assert_eq!(guarded.value, 31_000 - 7, "the guarded search's value");
    assert_eq!(full.value, guarded.value, "`--ideas no-selective`'s value");
    says(
        "v11-numbers.md",
        &[format!(
            "in {} nodes, as `--ideas no-selective` does in {}:",
            thousands(guarded.nodes),
            thousands(full.nodes)
        )],
    );
}

#[test]
fn lamoscas_own_mode_takes_the_nodes_the_page_says_on_the_middlegame() {
    use book::searches::{position, run, MIDDLEGAME, V10_CONFIGS};

    // "on the middlegame position of the tables, depth 3 takes 587,649
    // nodes": too many for the generated table's budget, cheap here.
    let config = V10_CONFIGS
        .iter()
        .find(|config| config.label == "LaMoSca v0.10")
        .expect("LaMoSca's own mode among the v0.10 searches");
    let fresh = run(
        config.searcher,
        &position(MIDDLEGAME).expect("the middlegame"),
        3,
        None,
    );
    says(
        "v10-numbers.md",
        &[format!("depth 3 takes {} nodes,", thousands(fresh.nodes))],
    );
}

#[test]
fn what_each_idea_saves_reads_as_the_v11_numbers_page_says() {
    let rows = table_rows(&read("measured/v11-depths.md"));
    let from = rows
        .iter()
        .position(|row| row[0] == "configuration")
        .expect("the table of what each idea saves");
    let rows = &rows[from..];
    let positions = ["start", "Kiwipete", "middlegame", "endgame"];
    // "8.0× at depth 8", one ratio per position.
    let ratios = |configuration: &str| -> Vec<f64> {
        positions
            .iter()
            .map(|position| {
                let cell = cell(rows, configuration, None, position);
                let (ratio, depth) = cell.split_once("× at depth ").expect("a ratio");
                assert_eq!(depth, "8", "{configuration} on {position}: {cell}");
                ratio.parse().expect("a ratio")
            })
            .collect()
    };
    let [iid, lazy, selective, kornilov] = [
        "v0.11 --ideas no-iid",
        "v0.11 --ideas no-lazy",
        "v0.11 --ideas no-selective",
        "v0.11 --eval kornilov",
    ]
    .map(ratios);
    // The two positions where a ratio is largest, by index.
    let top_two = |ratios: &[f64]| {
        let mut order: Vec<usize> = (0..4).collect();
        order.sort_by(|a, b| ratios[*b].total_cmp(&ratios[*a]));
        let mut two = [order[0], order[1]];
        two.sort();
        two
    };
    // "does most of the work ... by three on Kiwipete and by seven or
    // eight elsewhere"
    for (at, ratio) in selective.iter().enumerate() {
        assert!(*ratio >= iid[at].max(lazy[at]).max(kornilov[at]));
        let expected = if at == 1 { 2.5..3.5 } else { 6.5..8.5 };
        assert!(expected.contains(ratio), "no-selective: {selective:?}");
    }
    // "depth 8 costs more everywhere, most in the endgame and on Kiwipete"
    assert!(iid.iter().all(|ratio| *ratio > 1.0) && top_two(&iid) == [1, 3]);
    // "saves nothing in the quiet start ... most ... Kiwipete and the endgame"
    assert!(lazy[0] <= 1.0 && top_two(&lazy) == [1, 3], "{lazy:?}");
    // "more nodes ... at the start and in the middlegame, and about as
    // many elsewhere"
    assert!(kornilov[0] > 1.2 && kornilov[2] > 1.2, "{kornilov:?}");
    assert!(kornilov[1] <= 1.1 && kornilov[3] <= 1.1, "{kornilov:?}");
    says(
        "v11-numbers.md",
        &[
            "by three on Kiwipete and by seven or eight elsewhere".to_string(),
            "depth 8 costs more everywhere, most in the endgame and on Kiwipete".to_string(),
            "side well ahead: Kiwipete and the endgame".to_string(),
            "at the start and in the middlegame, and about as many elsewhere".to_string(),
        ],
    );
}

#[test]
fn without_the_quiescence_root_the_horizon_log_skips_one_check() {
    use book::searches::{position, run, V10_CONFIGS};

    // "`--no-qui-root` skips `d5f6` (`d5f6<=-343`), six nodes fewer":
    // the position after 1.Nxd5, one ply deep.
    let after = position("3q2k1/5ppp/8/3N4/8/8/5PPP/3R2K1 b - - 0 1").expect("1.Nxd5");
    let nodes = |label: &str| {
        let config = V10_CONFIGS
            .iter()
            .find(|config| config.label == label)
            .expect("a v0.10 search");
        run(config.searcher, &after, 1, None).nodes
    };
    let snapshot =
        read("../../lamosca-v10-quiescence/tests/snapshots/traces__recapture_after_nxd5_d1.snap");
    let shown = nodes("see, Δ 50");
    assert!(
        snapshot.contains(&format!("nodes {shown}\n")),
        "the search here is not the chapter's trace"
    );
    let fewer = shown - nodes("see, Δ 50, no quiRoot");
    let words = [
        "none", "one", "two", "three", "four", "five", "six", "seven", "eight",
    ];
    says(
        "v10-quiescence.md",
        &[format!(
            "skips `d5f6` (`d5f6<=-343`), {} nodes fewer",
            words.get(fewer as usize).copied().unwrap_or("many")
        )],
    );
}

#[test]
fn the_v11_chapter_gives_the_ordering_bases_the_code_has() {
    use lamosca_v11_lazy::ordering::{CAPTURE_BASE, HASH_VALUE, HINT_VALUE, KILLER_BASE};

    says(
        "v11-lazy.md",
        &[
            format!("the move handed up {HINT_VALUE}, a capture {CAPTURE_BASE} plus its MVV/LVA"),
            format!("a killer {KILLER_BASE} plus 4 (the newer) or 3"),
            format!("right after the move handed up ({HASH_VALUE})"),
            format!("the move found best there is tried first (it gets {HINT_VALUE})"),
        ],
    );
}
