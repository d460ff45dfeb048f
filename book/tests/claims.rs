//! Sentences that sum up a table, checked against the table.
//!
//! Most such sentences are no longer checked here: the generator writes
//! them from their tables (`src/sentences.rs`) and the pages include them,
//! so they cannot drift. What is left here:
//!
//! - judgements over a whole table that stay written by hand ("`see` needs
//!   fewer nodes than `simple` on every position and margin", "finds the
//!   same value and move as NegaMax"): the test checks the table still
//!   bears them out;
//! - sentences of pages whose figures come from the match reports and
//!   other measured files that no chapter module generates from yet
//!   (`strength.md`, some of `v10-numbers.md`, `v11-numbers.md` and
//!   `side-by-side.md`): the test reads the table and fails when the page
//!   does not quote it;
//! - the measured files' headers, the UCI session's, and the page lengths
//!   and "In one minute" sections, which are about the pages, not a table.
//!
//! The measured tables are read as committed (a fresh run would take
//! minutes and vary), so a new measurement that changes a figure fails
//! here until the sentence is mended.

use book::chapters::gui;
use book::files::Workspace;
use book::markdown::table_rows;
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

fn thousands(n: u64) -> String {
    book::markdown::thousands(n)
}

/// A match's row, as its report file gives it: the games and the Elo
/// difference with its error bar, `None` when the bar is infinite.
fn match_row(file: &str) -> (u32, Option<(i32, i32)>) {
    let text = read(&format!("measured/matches/{file}.md"));
    let rows = table_rows(&text);
    let row = &rows[0];
    let games: u32 = row[3].parse().expect("games");
    let elo = row[6].replace('+', "");
    let parsed = elo
        .split_once(" ± ")
        .and_then(|(mid, bar)| Some((mid.parse().ok()?, bar.parse().ok()?)));
    (games, parsed)
}

/// The match reports whose rows `page` includes.
fn included_matches(page: &str) -> Vec<String> {
    read(page)
        .lines()
        .filter_map(|line| {
            line.strip_prefix("{{#include measured/matches/")?
                .strip_suffix(".md:row}}")
                .map(str::to_string)
        })
        .collect()
}

#[test]
fn the_error_bars_of_48_games() {
    let bars: Vec<i32> = included_matches("strength.md")
        .iter()
        .map(|file| match_row(file))
        .filter(|(games, _)| *games == 48)
        .filter_map(|(_, elo)| elo.map(|(_, bar)| bar))
        .collect();
    assert!(bars.len() >= 5, "{bars:?}");
    let (low, high) = (bars.iter().min().unwrap(), bars.iter().max().unwrap());
    says(
        "strength.md",
        &[format!(
            "With 48 games the bar is wide: from ±{low} to ±{high} points in this chapter's tables"
        )],
    );
}

#[test]
fn the_step_to_v011_at_two_clocks() {
    let (_, long) = match_row("v11-v10-10s");
    let (_, short) = match_row("v11-v10");
    let ((a, a_bar), (b, b_bar)) = (long.unwrap(), short.unwrap());
    let overlap_from = (a - a_bar).max(b - b_bar);
    let overlap_to = (a + a_bar).min(b + b_bar);
    assert!(overlap_to > overlap_from, "the bars do not overlap");
    says(
        "strength.md",
        &[format!(
            "the bars, {a:+} ± {a_bar} and {b:+} ± {b_bar}, overlap over {} points, from {overlap_from:+} to {overlap_to:+}",
            overlap_to - overlap_from
        )],
    );
}

#[test]
fn the_steps_add_up() {
    let elo = |file: &str| match_row(file).1.expect("a finite bar").0;
    let steps = [elo("v09-v07"), elo("v10-v09"), elo("v11-v10")];
    let about = |x: i32, to: i32| (x as f64 / to as f64).round() as i32 * to;
    says(
        "strength.md",
        &[
            format!("(v0.07 to v0.09): about {:+}", about(steps[0], 10)),
            format!("(v0.09 to v0.10): about {:+}", about(steps[1], 10)),
            format!("(v0.10 to v0.11): about {:+}", about(steps[2], 10)),
            format!(
                "the three steps make about {} Elo points",
                about(steps.iter().sum(), 50)
            ),
        ],
    );
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
fn v11_says_the_full_width_margin_in_centipawns() {
    // The article's -64 is converted once; the chapter must quote the
    // converted figure wherever it gives `EXT`'s first entries.
    let full = lamosca_v11_lazy::FULL_WIDTH;
    assert!(lamosca_v11_lazy::EXT[..5].iter().all(|&e| e == full));
    says(
        "v11-numbers.md",
        &[format!(
            "five entries of `FULL_WIDTH`, which is `to_centipawns(-64)`, {full}"
        )],
    );
    says(
        "v11-lazy.md",
        &[format!("For plies 1 to 4, `ext` is {full}")],
    );
}

#[test]
fn v11_names_its_two_win_at_chess_runs() {
    // The same configuration is measured by two parts; the page must give
    // both counts together and say that they are separate runs.
    let solved = |file: &str, row: &str| {
        let rows = table_rows(&read(file));
        cell(&rows, row, None, "solved")
    };
    let alone = solved("measured/v11-wac.md", "v0.11");
    let among = solved("measured/v11-hash-wac.md", "v0.11 (deepening, no table)");
    let count = |cell: &str| cell.split(' ').next().unwrap_or(cell).to_string();
    says(
        "v11-numbers.md",
        &[format!(
            "solving {} and {}: two separate runs",
            count(&among),
            alone
        )],
    );
}

#[test]
fn the_v11_chapter_reads_in_at_most_450_lines() {
    // Issue 28: the measurements live on their own page, so that the
    // chapter tells one idea at a time.
    let lines = read("v11-lazy.md").lines().count();
    assert!(lines <= 450, "v11-lazy.md has {lines} lines");
}

#[test]
fn v09s_leaves_on_kiwipete_at_depth_5() {
    let minimal = table_rows(&read("measured/v09-minimal-tree.md"));
    let nodes = table_rows(&read("measured/v09-nodes.md"));
    let leaves = number(&cell(
        &minimal,
        "Kiwipete",
        Some("46.1"),
        "MVV/LVA + history, leaves",
    )) as u64;
    let all = number(&cell(&nodes, "Kiwipete", Some("5"), "MVV/LVA + history")) as u64;
    says(
        "v10-numbers.md",
        &[format!(
            "already {:.0}% of its nodes on Kiwipete at depth 5 ({} of {})",
            100.0 * leaves as f64 / all as f64,
            thousands(leaves),
            thousands(all)
        )],
    );
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
fn v10_against_v09_on_win_at_chess() {
    let rows = table_rows(&read("measured/wac.md"));
    let solved = |search: &str, depth: u32| -> i64 {
        let cell = cell(&rows, search, None, &format!("depth {depth}"));
        cell.trim_start_matches("**")
            .split("**")
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("not a count: {cell}"))
    };
    let ahead = |depth| solved("see, Δ 50", depth) - solved("v0.09", depth);
    for depth in 3..=5 {
        assert_eq!(
            (ahead(depth) as f64 / 10.0).round() as i64,
            6,
            "v0.10 is {} ahead at depth {depth}, not about 60",
            ahead(depth)
        );
    }
    says(
        "v10-numbers.md",
        &[
            format!(
                "Yes: {} positions against {}",
                solved("see, Δ 50", 3),
                solved("v0.09", 3)
            ),
            format!(
                "It is {} ahead at depth 2 and about 60 ahead at depths 3 to 5",
                ahead(2)
            ),
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
fn lamoscas_quiescence_misjudges_kiwipete() {
    let rows = table_rows(&read("measured/v10-answers.md"));
    let value = |search: &str| {
        let cell = cell(&rows, search, None, "Kiwipete");
        cell.rsplit(' ').next().unwrap_or_default().to_string()
    };
    let forum: Vec<String> = rows[1..]
        .iter()
        .filter(|row| row[0].starts_with("see") || row[0].starts_with("simple"))
        .map(|row| row[2].rsplit(' ').next().unwrap_or_default().to_string())
        .collect();
    assert!(forum.iter().all(|v| *v == forum[0]), "{forum:?}");
    says(
        "v10-numbers.md",
        &[format!(
            "({} on Kiwipete, where every setting of the forum search finds {} and v0.09, with no \
             quiescence, {})",
            value("LaMoSca v0.10"),
            forum[0],
            value("v0.09")
        )],
    );
}

/// A figure of a match's details, for the first engine and the second.
fn detail(file: &str, row: &str) -> (String, String) {
    let rows = table_rows(&read(&format!("measured/matches/{file}.md")));
    let found = rows
        .iter()
        .find(|cells| cells[0] == row)
        .unwrap_or_else(|| panic!("{file}: no row {row:?}"));
    (found[1].clone(), found[2].clone())
}

/// A match's score, rounded as the chapter writes it: `15%`, or `36.5%`
/// when the half matters.
fn score(file: &str) -> String {
    let rows = table_rows(&read(&format!("measured/matches/{file}.md")));
    let exact = number(&rows[0][5]);
    if (exact * 2.0).fract() == 0.0 && exact.fract() != 0.0 {
        format!("{exact:.1}%")
    } else {
        format!("{}%", exact.round())
    }
}

#[test]
fn what_each_step_is_worth_in_depth_draws_and_scores() {
    let depth = |file: &str| detail(file, "mean depth of its moves");
    let draws = |file: &str| detail(file, "draws it scored a pawn or more up");
    let (v09, v07) = depth("v09-v07");
    let (v10, v09b) = depth("v10-v09");
    let (v11, v10b) = depth("v11-v10");
    let (v11_draws, v10_draws) = draws("v11-v10");
    says(
        "strength.md",
        &[
            format!("{v09} plies on average against v0.07's {v07}"),
            format!("v0.10's nominal depth is lower ({v10} plies against {v09b})"),
            format!("({v11} against {v10b} in their match)"),
            format!(
                "v0.10 drew {v10_draws} games it scored a pawn or more up, v0.11 {}",
                if v11_draws == "0" {
                    "none".to_string()
                } else {
                    v11_draws
                }
            ),
            format!(
                "against Fairy-Max ({} to {}) and against the held-back Stockfish ({} to {})",
                score("v09-fairymax"),
                score("v10-fairymax"),
                score("v09-sf1350"),
                score("v10-sf1350")
            ),
            format!(
                "Against Fairy-Max the score rises from {} to {}; against the held-back Stockfish \
                 from {} to {}",
                score("v10-fairymax"),
                score("v11-fairymax"),
                score("v10-sf1350"),
                score("v11-sf1350")
            ),
        ],
    );
}

#[test]
fn the_two_one_second_runs_of_the_middlegame_are_told_apart() {
    let here = table_rows(&read("measured/side-by-side.md"));
    let there = table_rows(&read("measured/v11-one-second.md"));
    let depth_here = |version: &str| cell(&here, version, None, "depth");
    let depth_there = |column: &str| cell(&there, "middlegame", None, column);
    says(
        "side-by-side.md",
        &[format!(
            "there v0.10 finished depth {} and v0.11 depth {}, here v0.10 depth {} and v0.11 \
             depth {}",
            depth_there("v0.10 depth"),
            depth_there("v0.11 depth"),
            depth_here("v0.10"),
            depth_here("v0.11")
        )],
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
