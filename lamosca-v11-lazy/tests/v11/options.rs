//! Every switch this version declares reaches its engine, and refuses a
//! value of another kind.

use lamosca_search::{check_options, Engine};
use lamosca_v11_lazy::LazySearch;

#[test]
fn every_declared_option_reaches_the_engine() {
    // The switches the chapter names, by their UCI and command-line names.
    let declared: Vec<(&str, &str)> = LazySearch::OPTIONS
        .iter()
        .map(|option| (option.name, option.flag))
        .collect();
    assert_eq!(
        declared,
        [
            ("Ideas", "ideas"),
            ("Margin", "margin"),
            ("Hash", "hash"),
            ("Eval", "eval")
        ]
    );
    assert_eq!(check_options::<LazySearch>(), Ok(()));
}

/// `--ideas` on the command line and `Ideas` over UCI, a string option,
/// keep any list of the ideas' names, and refuse a name they do not know.
#[test]
fn the_ideas_are_a_list_on_the_command_line_and_over_uci() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let binary = env!("CARGO_BIN_EXE_lamosca-v11-lazy");
    let search = |ideas: &str| {
        let args = ["search", "--depth", "3", "--trace", "0", "--ideas", ideas];
        Command::new(binary).args(args).output().unwrap()
    };
    let kept = search("selective,order");
    assert!(kept.status.success());
    let stdout = String::from_utf8_lossy(&kept.stdout);
    assert!(stdout.contains("bestmove"), "{stdout}");
    let refused = search("order,null-move");
    assert_eq!(refused.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(stderr.contains("not 'order,null-move'"), "{stderr}");

    let mut uci = Command::new(binary)
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let script =
        "uci\nsetoption name Ideas value lazy,iid\nsetoption name Ideas value nothing\nquit\n";
    uci.stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let output = String::from_utf8(uci.wait_with_output().unwrap().stdout).unwrap();
    assert!(
        output.contains(
            "\noption name Ideas type string default order,fail-soft,draws,iid,lazy,selective,incremental\n"
        ),
        "{output}"
    );
    let refusals: Vec<&str> = output
        .lines()
        .filter(|line| line.starts_with("info string"))
        .collect();
    assert_eq!(refusals.len(), 1, "{output}");
    assert!(refusals[0].ends_with("not 'nothing'"), "{output}");
}
