//! `replay` on the committed ladder games (book/chapters/measured/games):
//! one game a step (and one of v0.11 with its table), every engine move
//! of it run again node for node; a move whose position repeats an
//! earlier one of the game; bad input.

use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use lamosca_explorer::pgn::read_games;
use lamosca_explorer::replay::told;
use lamosca_search::deepen::{deepen, Limits, Trace, MAX_DEPTH};
use lamosca_search::engine::Engine;

fn games(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../chapters/measured/games")
        .join(name)
}

fn replay(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_replay"))
        .args(args)
        .output()
        .expect("the replay binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// One short game for each step, and one of v0.11 keeping its table from
/// move to move, every move of both sides replayed.
#[test]
fn a_game_of_every_step_is_replayed_node_for_node() {
    let mut steps = Vec::new();
    for (file, game) in [
        ("v09-v07.pgn", "7"),
        ("v10-v09.pgn", "10"),
        ("v11-v10.pgn", "7"),
        // v0.11 with its table: every search replayed after the side's
        // earlier ones, each stopped where the clock stopped it.
        ("v11-table-v10.pgn", "2"),
    ] {
        let path = games(file);
        let output = replay(&[path.to_str().unwrap(), "--game", game, "--all"]);
        let stdout = text(&output.stdout);
        assert!(
            output.status.success(),
            "{file}: {stdout}{}",
            text(&output.stderr)
        );
        for line in stdout
            .lines()
            .filter(|line| line.contains("searches reproduced"))
        {
            let (engine, counts) = line.split_once(": ").unwrap();
            let (good, rest) = counts.split_once(" of ").unwrap();
            let total = rest.split_whitespace().next().unwrap();
            assert_eq!(good, total, "{file}: {line}");
            assert!(good.parse::<u32>().unwrap() >= 15, "{file}: {line}");
            steps.push(engine.to_string());
        }
    }
    steps.sort();
    steps.dedup();
    let names: Vec<String> = lamosca_reader::STEPS
        .iter()
        .map(|step| format!("LaMoSca {}", step.title))
        .collect();
    assert_eq!(steps, names);
}

/// Game 2 of v0.11 against v0.10 ends in a threefold repetition: v0.11's
/// last move, 44... Rf6, repeats a position for the third time. Replayed
/// with the game's history it is the move played, worth a draw; searched
/// from the same position without that history, the same budget gives
/// another move.
#[test]
fn a_repetition_in_the_history_gives_the_games_move() {
    let path = games("v11-v10.pgn");
    let output = replay(&[
        path.to_str().unwrap(),
        "--game",
        "2",
        "--move",
        "44...",
        "--why-not",
        "d6c6",
        "--stockfish",
        "/nonexistent",
    ]);
    let stdout = text(&output.stdout);
    assert!(output.status.success(), "{stdout}{}", text(&output.stderr));
    assert!(
        stdout.contains("reproduced: the same move, value, depth and nodes"),
        "{stdout}"
    );
    let moves = stdout
        .lines()
        .find(|line| line.starts_with("move "))
        .unwrap();
    assert_eq!(
        moves.split_whitespace().collect::<Vec<_>>(),
        ["move", "Rf6", "Rf6"]
    );
    assert!(stdout.contains("+0.00"), "{stdout}");
    assert!(stdout.contains("(d6c6)?"), "{stdout}");

    let text = std::fs::read_to_string(&path).unwrap();
    let game = &read_games(&text, "v11-v10.pgn").unwrap()[1];
    let ply = game.moves.len() - 1;
    let (_, _, nodes) = told(&game.moves[ply].comment).unwrap().unwrap();
    let position = game.position_before(ply);
    let mut alone = common::Position::from_fen(&position.to_fen()).unwrap();
    let limits = Limits {
        depth: MAX_DEPTH,
        deadline: None,
        nodes: Some(nodes + 1),
    };
    let mut engine = lamosca_v11_lazy::LazySearch::new();
    let stop = Arc::new(AtomicBool::new(false));
    let report = deepen(
        &mut engine,
        &mut alone,
        &limits,
        &stop,
        Trace::off(),
        |_| {},
    );
    assert_eq!(game.moves[ply].mv.to_string(), "d6f6");
    assert_ne!(report.best.unwrap().to_string(), "d6f6");
}

/// Each mistake is one line of standard error and exit code 2.
#[test]
fn bad_input_is_refused_in_one_line_with_code_2() {
    let folder = std::env::temp_dir().join(format!("replay-bad-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let write = |name: &str, text: &str| {
        let path = folder.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let prose = write("notes.pgn", "These are my notes, not a game.\n");
    let empty = write("empty.pgn", "");
    let stranger = write(
        "stranger.pgn",
        "[Event \"e\"]\n[White \"Fairy-Max\"]\n[Black \"LaMoSca v0.10\"]\n\n\
         1. e4 {+0.10/5 0.100s n=500} e5 {+0.00/5 0.100s n=700} *\n",
    );
    let committed = games("v10-v09.pgn");
    let committed = committed.to_str().unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec![&prose, "--move", "1."], "a game begins with its tags"),
        (
            vec![&empty, "--move", "1."],
            "no game in the file, so it is no PGN",
        ),
        (
            vec!["/nonexistent.pgn", "--move", "1."],
            "cannot read '/nonexistent.pgn'",
        ),
        (
            vec![committed, "--game", "99", "--move", "10."],
            "holds 10 games: no game 99",
        ),
        (
            vec![committed, "--game", "1", "--move", "300w"],
            "no move 300w",
        ),
        (
            vec![committed, "--game", "1", "--move", "1."],
            "is the opening's",
        ),
        (
            vec![committed, "--move", "x"],
            "--move needs a number and a side",
        ),
        (
            vec![committed, "--move", "10.", "--why-not", "Ke9"],
            "is no legal move here",
        ),
        (
            vec![&stranger, "--move", "1."],
            "'Fairy-Max' is none of the steps",
        ),
        (vec![committed], "--all"),
        (
            vec![
                committed,
                "--game",
                "5",
                "--move",
                "27...",
                "--stockfish",
                "/bin/true",
            ],
            "is it a UCI engine?",
        ),
    ];
    for (args, reason) in cases {
        let output = replay(&args);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(reason), "{args:?}: {stderr}");
        if !reason.starts_with("--all") {
            assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
            assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
        }
    }
    let _ = std::fs::remove_dir_all(&folder);
}

/// replayed.md, the committed shares, counts what the games hold: each
/// row's searches are the moves of its engine in its file whose comment
/// tells a search, and its share is its reproduced searches over them.
/// (Replaying every game again is a command the file prints, not a test.)
#[test]
fn the_replayed_shares_count_the_committed_games_searches() {
    let table = std::fs::read_to_string(games("replayed.md")).unwrap();
    let mut rows = 0;
    for row in table.lines().filter(|line| line.contains(".pgn |")) {
        let cells: Vec<&str> = row.trim_matches('|').split('|').map(str::trim).collect();
        let [file, engine, _options, searches, reproduced, share] = cells[..] else {
            panic!("a row of six cells: {row}");
        };
        let text = std::fs::read_to_string(games(file)).unwrap();
        let mut counted = 0;
        for game in read_games(&text, file).unwrap() {
            for (ply, played) in game.moves.iter().enumerate() {
                let white_to_move = (ply + usize::from(game.fen.contains(" b "))).is_multiple_of(2);
                let side = if white_to_move { "White" } else { "Black" };
                if game.tag(side) == Some(engine) && told(&played.comment).unwrap().is_some() {
                    counted += 1;
                }
            }
        }
        let number = |cell: &str| cell.replace(',', "").parse::<u32>().unwrap();
        assert_eq!(number(searches), counted, "{row}");
        let percent = 100.0 * f64::from(number(reproduced)) / f64::from(counted);
        assert_eq!(share, format!("{percent:.1}%"), "{row}");
        rows += 1;
    }
    assert_eq!(rows, 8, "a row per engine of each of the four files");
}
