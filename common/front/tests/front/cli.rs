//! The command line, through a real binary (the one-ply stand-in engine of
//! `tests/support/stub_engine.rs`): what `search`, `perft` and `perft-suite` print, and how
//! bad input is refused (one line on standard error, exit code 2, never a
//! panic).
//!
//! Every run is bounded by [`TIMEOUT`], so a hang fails the test instead of
//! blocking it.

use std::io::{Read, Write};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

/// The longest any run here may take; they take well under a second.
const TIMEOUT: Duration = Duration::from_secs(30);

/// What a run of the binary left behind.
struct Run {
    status: ExitStatus,
    stdout: String,
    stderr: String,
}

/// Runs the binary with `args` and `input` on standard input.
fn lamosca(args: &[&str], input: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_lamosca-stub"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    // Written on a thread: a full pipe must not block the test.
    thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let read = |mut pipe: Box<dyn Read + Send>| {
        let (sender, receiver) = mpsc::channel();
        thread::spawn(move || {
            let mut text = String::new();
            let _ = pipe.read_to_string(&mut text);
            let _ = sender.send(text);
        });
        receiver
    };
    let stdout = read(Box::new(child.stdout.take().unwrap()));
    let stderr = read(Box::new(child.stderr.take().unwrap()));
    let (sender, receiver) = mpsc::channel();
    thread::spawn(move || {
        let _ = sender.send(child.wait());
    });
    let Ok(status) = receiver.recv_timeout(TIMEOUT) else {
        panic!("lamosca-stub {args:?} did not end within {TIMEOUT:?}");
    };
    Run {
        status: status.unwrap(),
        stdout: stdout.recv_timeout(TIMEOUT).unwrap(),
        stderr: stderr.recv_timeout(TIMEOUT).unwrap(),
    }
}

/// One ply from the start: every move's evaluation, the first of the best
/// (d2d4 before e2e4, as generated) chosen, the root and its 20 children
/// counted.
#[test]
fn search_prints_the_trace_in_the_words_asked_for() {
    let run = lamosca(&["search", "--depth", "1", "--words", "it"], "");
    assert!(run.status.success(), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    for expected in [
        "Mosse livello 1: a2a3=1 a2a4=2 b2b3=2 b2b4=4 c2c3=3 c2c4=6 d2d3=8 d2d4=12 e2e3=8 e2e4=12 f2f3=3 f2f4=6 g2g3=2 g2g4=4 h2h3=1 h2h4=2 b1a3=5 b1c3=10 g1f3=10 g1h3=5",
        "Risultato livello 1: Trovata=1, Valore=12, Mossa=d2d4",
        "Statistics: nodes 21, moves tried 20",
    ] {
        assert!(lines.contains(&expected), "missing {expected:?} in\n{}", run.stdout);
    }
    // The time goes aside, so that two runs print the same bytes.
    assert!(!run.stdout.contains("Time: "));
    assert!(run.stderr.starts_with("Time: "), "{}", run.stderr);
    let last = lines.last().unwrap();
    assert!(
        last.starts_with("bestmove d2d4 value 12 nodes 21"),
        "{last}"
    );
}

#[test]
fn search_without_a_trace_prints_statistics_and_move() {
    let run = lamosca(&["search", "--depth", "1", "--trace", "0"], "");
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.stdout);
    assert_eq!(lines[0], "Statistics: nodes 21, moves tried 20");
    assert_eq!(lines[1], "bestmove d2d4 value 12 nodes 21");
    assert!(run.stderr.starts_with("Time: "), "{}", run.stderr);
}

#[test]
fn search_with_movetime_deepens() {
    let run = lamosca(&["search", "--movetime", "100", "--trace", "0"], "");
    assert!(run.status.success(), "{}", run.stderr);
    assert!(
        run.stdout.starts_with("info depth 1 seldepth 1 score cp "),
        "{}",
        run.stdout
    );
    assert!(run.stdout.lines().last().unwrap().starts_with("bestmove "));
}

#[test]
fn a_mated_side_has_no_move() {
    let fool = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let run = lamosca(&["search", "--fen", fool, "--trace", "0"], "");
    assert!(run.status.success(), "{}", run.stderr);
    let last = run.stdout.lines().last().unwrap();
    assert_eq!(last, "bestmove 0000 value -31000 nodes 1");
    let stalemate = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
    let run = lamosca(&["search", "--fen", stalemate, "--movetime", "50"], "");
    let last = run.stdout.lines().last().unwrap();
    assert!(last.starts_with("bestmove 0000 value 0 "), "{last}");
}

#[test]
fn perft_divide_prints_as_stockfish_does() {
    let run = lamosca(&["perft", "3", "--divide"], "");
    assert!(run.status.success(), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 22, "{}", run.stdout);
    assert_eq!(lines[0], "a2a3: 380");
    assert!(lines[..20].iter().all(|line| line.contains(": ")));
    assert_eq!(lines[20], "");
    assert_eq!(lines[21], "Nodes searched: 8902");

    // Stockfish's divide of the start position at depth 4 says
    // `e2e4: 13160`; so must the count one ply lower after e2e4.
    let run = lamosca(&["perft", "3", "--moves", "e2e4"], "");
    assert_eq!(run.stdout, "Nodes searched: 13160\n");
}

#[test]
fn perft_suite_checks_every_count() {
    let suite = concat!(env!("CARGO_MANIFEST_DIR"), "/../suites/cpw_perft.epd");
    let run = lamosca(&["perft-suite", suite, "--depth", "2"], "");
    assert!(run.status.success(), "{}{}", run.stdout, run.stderr);
    assert_eq!(run.stdout.lines().count(), 8);
    assert!(run
        .stdout
        .lines()
        .take(7)
        .all(|line| line.starts_with("ok ")));
    assert_eq!(
        run.stdout.lines().last().unwrap(),
        "7 positions, 14 counts: all right"
    );

    let wrong = std::env::temp_dir().join(format!("lamosca-wrong-{}.epd", std::process::id()));
    std::fs::write(&wrong, "4k3/8/8/8/8/8/8/4K3 w - - ;D1 5 ;D2 26\n").unwrap();
    let run = lamosca(&["perft-suite", wrong.to_str().unwrap()], "");
    let _ = std::fs::remove_file(&wrong);
    assert_eq!(run.status.code(), Some(1), "{}", run.stdout);
    assert!(
        run.stdout
            .starts_with("FAIL line   1: D1 5 D2 25 (expected 26)"),
        "{}",
        run.stdout
    );
}

#[test]
fn bad_input_is_one_line_and_exit_code_2() {
    let cases: [&[&str]; 10] = [
        &[
            "search",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        ],
        &["search", "--moves", "e2e4", "e2e4"],
        &["search", "--moves", "e2e4", "castle"],
        &["search", "--depth", "0"],
        &["search", "--depth", "10000"],
        &["perft", "0"],
        &["perft"],
        &["castle"],
        &["search", "--no-such-switch"],
        &["perft-suite", "/no/such/file.epd"],
    ];
    for args in cases {
        let run = lamosca(args, "");
        assert_eq!(run.status.code(), Some(2), "{args:?}: {}", run.stderr);
        assert_eq!(run.stderr.lines().count(), 1, "{args:?}: {}", run.stderr);
        assert!(
            run.stderr.starts_with("error: "),
            "{args:?}: {}",
            run.stderr
        );
        assert!(!run.stderr.contains("panicked"), "{args:?}: {}", run.stderr);
        assert!(run.stdout.is_empty(), "{args:?}: {}", run.stdout);
    }
    let run = lamosca(&["search", "--moves", "e2e4", "e2e4"], "");
    assert_eq!(
        run.stderr,
        "error: move 2 of --moves: 'e2e4' is not a legal move here\n"
    );
}

#[test]
fn every_command_has_help() {
    for command in ["perft", "perft-suite", "search", "bench", "uci"] {
        let run = lamosca(&[command, "--help"], "");
        assert!(run.status.success(), "{command}: {}", run.stderr);
        assert!(run.stdout.contains("Usage: "), "{command}: {}", run.stdout);
    }
    let run = lamosca(&["--help"], "");
    assert!(run.status.success());
    assert!(run.stdout.contains("LaMoSca stub"));
}

#[test]
fn no_arguments_speak_uci_until_the_input_ends() {
    let run = lamosca(&[], "");
    assert!(run.status.success(), "{}", run.stderr);
    assert!(run.stdout.is_empty());
    let run = lamosca(&[], "uci\n");
    assert!(run.stdout.ends_with("uciok\n"), "{}", run.stdout);
}

#[test]
fn two_runs_of_one_search_print_the_same_bytes() {
    let first = lamosca(&["search", "--depth", "1"], "");
    let second = lamosca(&["search", "--depth", "1"], "");
    assert!(first.status.success(), "{}", first.stderr);
    assert_eq!(first.stdout, second.stdout);
}

#[test]
fn paths_start_each_log_line_with_the_moves_from_the_root() {
    let run = lamosca(
        &["search", "--depth", "1", "--moves", "e2e4", "--paths"],
        "",
    );
    assert!(run.status.success(), "{}", run.stderr);
    let first = run.stdout.lines().next().unwrap();
    assert!(first.starts_with("[] Moves level 1: "), "{first}");
}

#[test]
fn a_record_on_standard_output_leaves_the_rest_to_standard_error() {
    let run = lamosca(
        &["search", "--depth", "1", "--trace", "1", "--record", "-"],
        "",
    );
    assert!(run.status.success(), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert!(
        lines[0].starts_with(r#"{"event":"search","schema":1,"#),
        "{}",
        lines[0]
    );
    let last = lines.last().unwrap();
    assert!(
        last.starts_with(r#"{"event":"report","best":"d2d4","value":12,"nodes":21,"#),
        "{last}"
    );
    assert!(
        run.stderr.contains("Moves level 1: a2a3=1"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("bestmove d2d4 value 12 nodes 21"),
        "{}",
        run.stderr
    );
}

/// A file of the system's scratch folder, named after this process and
/// `name`, so that parallel runs do not meet.
fn scratch(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("lamosca-front-{}-{name}", std::process::id()))
}

#[test]
fn perft_suite_refuses_an_endless_line_at_once() {
    let run = lamosca(&["perft-suite", "/dev/zero"], "");
    assert_eq!(run.status.code(), Some(2), "{}", run.stderr);
    assert_eq!(
        run.stderr,
        "error: /dev/zero: line 1 is longer than 4096 bytes: a suite's line holds a FEN and its counts, under 200\n"
    );
    assert!(run.stdout.is_empty(), "{}", run.stdout);
}

#[test]
fn a_long_fen_is_echoed_shortened() {
    let fen = "p".repeat(100_000);
    let run = lamosca(&["search", "--fen", &fen], "");
    assert_eq!(run.status.code(), Some(2), "{}", run.stderr);
    assert!(
        run.stderr.starts_with("error: bad --fen 'ppp"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.len() < 400, "{} bytes", run.stderr.len());
}

#[test]
fn a_record_that_reaches_its_bound_stops_the_search_and_is_removed() {
    let path = scratch("bounded.jsonl");
    let name = path.to_str().unwrap();
    // The whole record takes 433 bytes; 200 is the bound a test can reach.
    let run = lamosca(
        &[
            "search",
            "--depth",
            "3",
            "--trace",
            "0",
            "--record",
            name,
            "--record-limit",
            "200",
        ],
        "",
    );
    assert_eq!(run.status.code(), Some(2), "{}", run.stderr);
    assert_eq!(
        run.stderr.lines().last().unwrap(),
        format!(
            "error: the record would pass 200 bytes, so the search was stopped and '{name}' was removed: \
             search less deep (a --depth below 3) or under a node budget (--nodes N), or record fewer levels \
             (--record-levels L)"
        )
    );
    assert!(!run.stdout.contains("bestmove"), "{}", run.stdout);
    assert!(!path.exists());
    // Within the bound, the same search is recorded.
    let run = lamosca(
        &[
            "search",
            "--depth",
            "3",
            "--trace",
            "0",
            "--record",
            name,
            "--record-limit",
            "433",
        ],
        "",
    );
    assert!(run.status.success(), "{}", run.stderr);
    assert_eq!(std::fs::metadata(&path).unwrap().len(), 433);
    std::fs::remove_file(&path).unwrap();
    // No bound above the readers' is taken.
    let above = (lamosca_record::MAX_RECORD_BYTES + 1).to_string();
    let run = lamosca(&["search", "--record", name, "--record-limit", &above], "");
    assert_eq!(run.status.code(), Some(2), "{}", run.stderr);
}

#[test]
fn a_file_that_is_no_record_is_never_replaced() {
    let source = scratch("mywork.rs");
    std::fs::write(&source, "fn main() {}\n").unwrap();
    let run = lamosca(
        &[
            "search",
            "--depth",
            "1",
            "--record",
            source.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(run.status.code(), Some(2), "{}", run.stderr);
    assert!(
        run.stderr.starts_with(&format!(
            "error: cannot write the record '{}': the file exists and is not a search record",
            source.display()
        )),
        "{}",
        run.stderr
    );
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    assert_eq!(std::fs::read_to_string(&source).unwrap(), "fn main() {}\n");
    std::fs::remove_file(&source).unwrap();

    // A record is replaced by the next one.
    let record = scratch("replaced.jsonl");
    let name = record.to_str().unwrap();
    for fen in [common::START_FEN, "4k3/8/8/8/8/8/8/4K2R w K - 0 1"] {
        let run = lamosca(
            &["search", "--depth", "1", "--fen", fen, "--record", name],
            "",
        );
        assert!(run.status.success(), "{}", run.stderr);
    }
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(text.lines().next().unwrap().contains("4K2R"), "{text}");
    std::fs::remove_file(&record).unwrap();
}

#[test]
fn a_long_argument_is_echoed_shortened_in_clap_s_errors_too() {
    let long = "x".repeat(100_000);
    for args in [
        vec!["search", "--depth", long.as_str()],
        vec![long.as_str()],
        vec!["search", "--moves", "e2e4", long.as_str()],
    ] {
        let run = lamosca(&args, "");
        assert_eq!(run.status.code(), Some(2), "{}", run.stderr);
        assert!(run.stderr.starts_with("error: "), "{}", run.stderr);
        assert!(run.stderr.len() < 400, "{} bytes", run.stderr.len());
    }
}
