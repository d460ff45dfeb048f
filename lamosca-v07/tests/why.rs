//! `--why` after a search cut short, through the real binary: the answer
//! is read from the deepest finished depth and names it, never from the
//! depth the budget stopped; and `--why-value` gives a mate the value the
//! search printed.

use std::process::Command;

/// What `search` prints on standard output with `args`.
fn search(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_lamosca-v07"))
        .arg("search")
        .args(["--trace", "0"])
        .args(args)
        .output()
        .expect("the binary runs");
    assert!(output.status.success(), "{args:?}: {output:?}");
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// The deepest depth an `info` line told, and the `bestmove` line's move
/// and value.
fn answer(text: &str) -> (u32, String, String) {
    let depth = text
        .lines()
        .filter_map(|line| line.strip_prefix("info depth "))
        .filter_map(|rest| rest.split(' ').next()?.parse().ok())
        .next_back()
        .expect("an info line");
    let words: Vec<&str> = text
        .lines()
        .find(|line| line.starts_with("bestmove "))
        .expect("a bestmove line")
        .split(' ')
        .collect();
    (depth, words[1].to_string(), words[3].to_string())
}

#[test]
fn why_after_a_node_budget_reads_the_deepest_finished_depth() {
    for mv in ["a2a3", "g1f3"] {
        let text = search(&["--nodes", "5000", "--why", mv]);
        let (depth, best, value) = answer(&text);
        assert!(depth < 64, "{text}");
        assert!(!text.contains("depth 64"), "{text}");
        assert!(!text.contains("was not searched"), "{text}");
        let head =
            format!("why not {mv}: LaMoSca v0.07, depth {depth}, best {best} with value {value}\n");
        assert!(text.contains(&head), "{text}");
        assert!(
            text.contains(&format!(
                "(depth {} was cut short; depth {depth} is the deepest the search finished",
                depth + 1
            )),
            "{text}"
        );
    }
}

#[test]
fn why_on_a_whole_search_says_nothing_of_a_stop() {
    let text = search(&["--depth", "2", "--why", "a2a3"]);
    assert!(
        text.contains("why not a2a3: LaMoSca v0.07, depth 2, best "),
        "{text}"
    );
    assert!(!text.contains("cut short"), "{text}");
}

#[test]
fn why_value_gives_a_mate_the_value_the_search_printed() {
    // Ra8 mates: the search prints 30999, a mate one ply away.
    let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let text = search(&["--fen", fen, "--depth", "3", "--why", "a1a2", "--why-value"]);
    assert!(text.contains("bestmove a1a8 value 30999"), "{text}");
    let last = text.lines().last().unwrap();
    assert!(last.starts_with("a1a2: "), "{text}");
    assert!(last.ends_with("(a1a8: +30999)"), "{text}");
    assert!(!text.contains("31000"), "{text}");
}
