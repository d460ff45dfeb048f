//! Running a page's block of commands as a learner's terminal would: one
//! Bash, from the repository root, with no input, stdout and stderr
//! together.

use std::io::Read as _;
use std::os::unix::process::CommandExt as _;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What one command of a block did.
#[derive(Debug)]
pub struct Outcome {
    /// Its exit code.
    pub status: i32,
    /// What it printed, stdout and stderr in the order they came.
    pub output: String,
    /// How long it ran, in seconds.
    pub seconds: f64,
}

/// Marks the end of a command's output in the block's, with its exit
/// code and the clock: a line no command prints.
const END: &str = "\u{1e}end-of-command";

/// The Bash script for a block's `commands`: each, then a line with its
/// exit code and the time. They run one after the other in one shell, as
/// in a learner's terminal, so a `cd` or a variable holds for the rest of
/// the block, and a failed command does not stop the next.
pub fn script(commands: &[String]) -> String {
    let mut script = String::from("exec 2>&1\nstart=$EPOCHREALTIME\n");
    for command in commands {
        script += command;
        script += &format!(
            "\nprintf '{END} %d %s %s\\n' $? \"$start\" \"$EPOCHREALTIME\"; start=$EPOCHREALTIME\n"
        );
    }
    script
}

/// Runs `commands` as one Bash script (see [`script`]) in `dir`, with no
/// input, and waits at most `limit` for the whole. The outcomes are those
/// of the commands that ended in time. The environment is the caller's,
/// less Cargo's own variables, so that a `cargo` the commands run behaves
/// as in a learner's terminal rather than as one inside a test.
pub fn run(commands: &[String], dir: &Path, limit: Duration) -> std::io::Result<Vec<Outcome>> {
    let mut command = Command::new("bash");
    command
        .args(["-o", "pipefail", "-c", &script(commands)])
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        // Its own process group, so that a block out of time is ended
        // with everything it started.
        .process_group(0);
    for (name, _) in std::env::vars_os() {
        let name = name.to_string_lossy();
        if name.starts_with("CARGO") && name != "CARGO_HOME" || name.starts_with("RUSTC") {
            command.env_remove(&*name);
        }
    }
    let start = Instant::now();
    let mut child = command.spawn()?;
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = stdout.read_to_end(&mut bytes);
        bytes
    });
    while child.try_wait()?.is_none() {
        if start.elapsed() > limit {
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", child.id())])
                .status();
            let _ = child.wait();
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let bytes = reader.join().unwrap_or_default();
    Ok(outcomes(&String::from_utf8_lossy(&bytes)))
}

/// The outcome of each command that ended, from the script's output.
fn outcomes(output: &str) -> Vec<Outcome> {
    let mut outcomes = Vec::new();
    let mut rest = output;
    while let Some(at) = rest.find(END) {
        let line_end = rest[at..].find('\n').map_or(rest.len(), |end| at + end);
        let fields: Vec<&str> = rest[at + END.len()..line_end].split_whitespace().collect();
        let number = |i: usize| fields.get(i).and_then(|field| field.parse::<f64>().ok());
        outcomes.push(Outcome {
            status: number(0).map_or(-1, |status| status as i32),
            output: rest[..at].to_string(),
            seconds: number(2)
                .zip(number(1))
                .map_or(0.0, |(end, start)| end - start),
        });
        rest = rest.get(line_end + 1..).unwrap_or_default();
    }
    outcomes
}

/// Whether `program` is on the `PATH`.
pub fn installed(program: &str) -> bool {
    Command::new("bash")
        .args(["-c", &format!("command -v {program}")])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn commands(lines: &[&str]) -> Vec<String> {
        lines.iter().map(|line| line.to_string()).collect()
    }

    fn run_for(lines: &[&str], limit: Duration) -> Vec<Outcome> {
        run(&commands(lines), Path::new("/"), limit).unwrap()
    }

    #[test]
    fn each_command_has_its_code_and_output_and_a_cd_or_a_variable_holds_after_it() {
        let block = [
            "cd /tmp && X=1",
            "pwd; echo err >&2; (exit 3)",
            "echo $X; pwd",
            "false",
        ];
        let outcomes = run_for(&block, Duration::from_secs(10));
        let codes: Vec<i32> = outcomes.iter().map(|outcome| outcome.status).collect();
        assert_eq!(codes, [0, 3, 0, 1]);
        assert_eq!(outcomes[1].output, "/tmp\nerr\n");
        assert_eq!(outcomes[2].output, "1\n/tmp\n");
    }

    #[test]
    fn output_without_a_last_newline_still_ends_where_the_command_does() {
        let outcomes = run_for(&["printf x", "echo y"], Duration::from_secs(10));
        assert_eq!(outcomes[0].output, "x");
        assert_eq!(outcomes[1].output, "y\n");
    }

    #[test]
    fn a_block_out_of_time_is_ended_with_what_it_started() {
        let start = Instant::now();
        let outcomes = run_for(&["true", "sleep 30 | cat"], Duration::from_millis(300));
        assert_eq!(outcomes.len(), 1);
        assert!(start.elapsed() < Duration::from_secs(10));
    }
}
