//! The two commands as processes: bad input is one line of standard error
//! and exit code 2, and `explore` with no terminal says what to do instead.

#[path = "../../reader/tests/record_support/mod.rs"]
mod record_support;

use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use record_support::{record_search, Algorithm, SCANDINAVIAN};

fn run(binary: &str, args: &[&str]) -> Output {
    Command::new(binary)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary starts")
}

#[test]
fn explore_without_a_terminal_points_to_search_record() {
    let explore = env!("CARGO_BIN_EXE_explore");
    let out = run(explore, &["v07", "--depth", "1"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("search --record FILE"), "{stderr}");
    let out = run(explore, &["--record", "x.jsonl", "v09"]);
    assert_eq!(out.status.code(), Some(2), "--record and a step together");
    let out = run(explore, &["v09", "--moves", "e2e5"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("'e2e5' is not a legal move"), "{stderr}");
}

#[test]
fn compare_names_a_missing_record() {
    let out = run(
        env!("CARGO_BIN_EXE_compare"),
        &["no-such-a.jsonl", "no-such-b.jsonl"],
    );
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("error: cannot read record A 'no-such-a.jsonl'"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

/// A record of `record_search` with `edit` made to its lines; the file's
/// path.
fn edited(name: &str, edit: impl FnOnce(&mut Vec<String>)) -> String {
    let (path, _) = record_search(SCANDINAVIAN, 2, Algorithm::AlphaBeta, name);
    let text = fs::read_to_string(&path).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    edit(&mut lines);
    fs::write(&path, lines.join("\n") + "\n").unwrap();
    path.display().to_string()
}

/// `compare GOOD BAD` and `explore --record BAD`: each refuses the bad
/// record in one line of standard error with `reason`, exit code 2. Each
/// bad file has a good one of its own, since the tests run at once.
fn both_refuse(bad: &str, reason: &str) {
    let name = Path::new(bad).file_name().unwrap().to_string_lossy();
    let (good, _) = record_search(
        SCANDINAVIAN,
        2,
        Algorithm::AlphaBeta,
        &format!("good-{name}"),
    );
    let good = good.display().to_string();
    let compare = run(env!("CARGO_BIN_EXE_compare"), &[&good, bad]);
    let explore = run(env!("CARGO_BIN_EXE_explore"), &["--record", bad]);
    for (name, out) in [("compare", compare), ("explore", explore)] {
        assert_eq!(out.status.code(), Some(2), "{name}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(reason), "{name}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{name}: {stderr}");
        assert!(out.stdout.is_empty(), "{name} printed a comparison");
    }
}

#[test]
fn a_record_whose_position_is_no_fen_is_refused() {
    let bad = edited("garbage.jsonl", |lines| {
        lines[0] = lines[0].replace(SCANDINAVIAN, "garbage");
    });
    both_refuse(&bad, "line 1: the position 'garbage' is no FEN: ");
}

#[test]
fn a_record_with_an_impossible_root_move_is_refused() {
    let mut at = 0;
    let bad = edited("a2a8.jsonl", |lines| {
        at = lines
            .iter()
            .position(|line| line.starts_with("{\"event\":\"node\"") && line.contains("\"a2a3\""))
            .unwrap();
        lines[at] = lines[at].replace("a2a3", "a2a8");
    });
    let reason = format!(
        "line {}: 'a2a8' is no legal move in the position of node 1, ",
        at + 1
    );
    both_refuse(&bad, &reason);
}

/// The reproductions: node 2's level made 4294967295, then
/// 10000000, in a small recorded search. Both readers refuse the record at
/// its line, with exit code 2, rather than size a table by the level.
#[test]
fn a_record_whose_level_is_tampered_is_refused() {
    for level in ["4294967295", "10000000"] {
        let mut at = 0;
        let bad = edited(&format!("level-{level}.jsonl"), |lines| {
            at = lines
                .iter()
                .position(|line| line.contains("\"id\":2,\"parent\":1,\"level\":2,"))
                .unwrap();
            lines[at] = lines[at].replace("\"level\":2,", &format!("\"level\":{level},"));
        });
        let reason = format!(
            "line {}: node 2 is at level {level}, and its parent, node 1, at level 1",
            at + 1
        );
        both_refuse(&bad, &reason);
    }
}

/// `explore --record` and `--why` with its input given: bytes written to
/// its standard input, read as `-` and as `/dev/stdin` (a pipe, as
/// `<(...)` gives one).
fn explore_piped(args: &[&str], input: Vec<u8>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_explore"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().unwrap();
    // The reader may stop before the end: a write it refuses is no error.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

#[test]
fn a_record_is_read_from_a_pipe_and_zeros_are_no_record() {
    let (good, _) = record_search(SCANDINAVIAN, 2, Algorithm::AlphaBeta, "piped.jsonl");
    let bytes = fs::read(&good).unwrap();
    let from_file = run(
        env!("CARGO_BIN_EXE_explore"),
        &["--record", &good.display().to_string(), "--why", "a2a3"],
    );
    assert!(from_file.status.success(), "{from_file:?}");
    for name in ["-", "/dev/stdin"] {
        let out = explore_piped(&["--record", name, "--why", "a2a3"], bytes.clone());
        assert!(out.status.success(), "{name}: {out:?}");
        assert_eq!(out.stdout, from_file.stdout, "{name}");
        let out = explore_piped(&["--record", name, "--why", "a2a3"], vec![0; 10_000]);
        assert_eq!(out.status.code(), Some(2), "{name}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        let named = if name == "-" {
            "from standard input".to_string()
        } else {
            format!("'{name}'")
        };
        assert!(
            stderr.starts_with(&format!(
                "error: cannot read the record {named}: line 1: not a search record"
            )),
            "{name}: {stderr}"
        );
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
}

/// `explore STEP` with its scratch records in a folder of their own
/// (`TMPDIR`), which must be empty again when it returns.
fn explore_in_scratch(name: &str, args: &[&str]) -> Output {
    let folder = std::env::temp_dir().join(format!("lamosca-scratch-{name}"));
    let _ = fs::remove_dir_all(&folder);
    fs::create_dir_all(&folder).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_explore"))
        .args(args)
        .env("TMPDIR", &folder)
        .stdin(Stdio::null())
        .output()
        .expect("the binary starts");
    let left: Vec<_> = fs::read_dir(&folder).unwrap().collect();
    assert!(left.is_empty(), "{args:?} left {left:?}");
    out
}

/// A search whose record would pass the explorer's bound is refused before
/// a byte of it is written, with how to make it smaller; one within it is
/// recorded, answered and its scratch record gone.
#[test]
fn explore_refuses_a_search_too_large_before_recording_it() {
    for (name, args) in [
        ("depth", &["v07", "--depth", "5", "--why", "e2e4"][..]),
        ("budget", &["v07", "--nodes", "1000001", "--why", "e2e4"]),
    ] {
        let out = explore_in_scratch(name, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("more than 1000000 nodes"), "{stderr}");
        assert!(stderr.contains("search less deep (--depth)"), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
    let out = explore_in_scratch("within", &["v09", "--depth", "3", "--why", "e2e4"]);
    assert!(out.status.success(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("why not e2e4: "));
}

/// A file past the readers' bound is refused before it is indexed, by its
/// size alone: a sparse file of zeros, which would take many seconds and
/// much memory to read, is answered at once.
#[test]
fn a_record_too_large_to_read_is_refused_by_its_size() {
    let path = std::env::temp_dir().join("lamosca-too-large.jsonl");
    let file = fs::File::create(&path).unwrap();
    file.set_len(lamosca_explorer::limits::MOST_BYTES + 1)
        .unwrap();
    let bad = path.display().to_string();
    both_refuse(
        &bad,
        "and explore and compare read 268435456 at most: search less deep",
    );
    fs::remove_file(&path).unwrap();
}

/// `compare` and `explore --record FILE --why MOVE` read a record that
/// holds passes (`0000`) as any other.
#[test]
fn both_commands_read_a_record_with_passes() {
    let fixture = record_support::passing::pass_fixture();
    let fixture = fixture.to_str().unwrap();
    let compare = run(env!("CARGO_BIN_EXE_compare"), &[fixture, fixture]);
    assert!(compare.status.success(), "{compare:?}");
    let why = run(
        env!("CARGO_BIN_EXE_explore"),
        &["--record", fixture, "--why", "e1d1"],
    );
    assert!(why.status.success(), "{why:?}");
    let answer = String::from_utf8_lossy(&why.stdout);
    assert!(answer.starts_with("why not e1d1"), "{answer}");
}
