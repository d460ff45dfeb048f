//! `cargo exercise`: the exercises' watch mode, which runs an exercise's
//! checks, shows the hole it stands at, waits until a lesson file is
//! saved, and again; and the holes listed, put back or filled, and the
//! whole step's hints given one level at a time (`--hint`), through
//! `exercise-holes`, without building the checks unless every body of the
//! whole step is written.
//!
//! The checks are the exercise's own, `cargo test -q -p exercise-v09`, run
//! in the exercises' folder; their last lines say where the learner
//! stands ([`standing`]). The waiting is the `notify` crate's: the
//! system's own file events, no polling. A run shows its lines as they
//! come, and a save while it lasts stops it, with every process it
//! started, for the next to begin ([`run_watched`]).

use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use notify::{RecursiveMode, Watcher};

use exercise_holes::{find, Body, Exercise, Fill, EXERCISES};

/// What `--help` prints.
pub const HELP: &str = "\
usage, from book/exercises: cargo exercise <step> [--holes | --reset | --fill N [--slip]]
       cargo exercise <step> --whole [--reset | --fill | --slip N]
       cargo exercise <step> --hint [<function>]
  <step>      the step's exercise: v07, v09, v10 or v11

  (no option) run the exercise's checks, showing each as it ends, then again
              each time a lesson file is saved; a save while they run stops
              that run and starts another; only a save of a .rs file counts
              (not an editor's swap file); a check that never ends is
              stopped after 30 s, one that holds more than 1024 MB is
              stopped then, and either way its hole is named; if the folder
              is missing for a while, the watch waits for it; Ctrl-C stops
              the watch and the checks
  --holes     list the holes: number, name, where in the lesson files, what
              each asks and the chapter's section to read
  --reset     put the lesson files back to their holes; a file whose holes
              hold your own lines, or that was changed outside its holes,
              or is not UTF-8 text, is first copied to kept/ (book/exercises/
              kept/exercise-v09/search.1.rs...), and the `cp` line that puts
              it back is printed
  --fill N    write holes 1 to N with the step's own lines, as a learner who
              filled them has them, and leave every later hole as it is: for
              proving the checks (`.ci/run`) and for comparing; your own
              lines in holes 1 to N are copied to kept/ first, as --reset
              does; a file whose holes cannot be read one by one (changed
              outside them, or not UTF-8 text) is copied whole, and its later
              holes go back to their todo!(): the line it prints says so;
              --reset undoes it
  --slip      with --fill N, hole N holds its slip from holes.toml: the
              checks must name hole N as wrong
  --whole     the whole step instead of its holes: the body of each search
              function of whole.toml is one todo!(), under its contract in
              its doc comment (what it receives and returns, what its log
              shows, the chapter's section that teaches it), and every
              hole holds the step's lines; the same checks name the first
              node where your search differs; a file that holds your own
              lines is copied to kept/ first, as --reset does (--whole
              --reset is the same); --reset goes back to the holes
  --hint      with the whole step written (--whole), the next hint for the
              first function still a todo!(), or, every body written, the
              one the checks' failure points at (a compiler's error in its
              body, an event of its own, else the step's first; the checks
              run for it): one level more each time, from the chapter's
              section and the idea to the steps in words to the calls,
              then the last again; <function> asks for that function's;
              --reset and --whole start the hints over (they are kept in
              target/exercise-hints/ at the repository's root)

  --reset, --fill and --whole write all or nothing: a lesson file that
  cannot be read, or a file that cannot be written, stops them before any
  file is written (exit code 2); a write that fails puts back the files
  written before it; every copy kept is told, with its `cp` line, either way
  --whole --fill     the whole step with the step's own bodies: the
              checks pass
  --whole --slip N   the step's bodies with slip N of whole.toml: the
              checks must fail, saying what its `names` says
";

/// What `cargo exercise` was asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Run the checks, and again on each save.
    Watch,
    /// List the holes.
    Holes,
    /// Write the lesson files: back to their holes (nothing filled), or
    /// filled as far as the `Fill` says.
    Write(Fill),
    /// Write the lesson files as the whole step, the bodies as `Body`
    /// says.
    Whole(Body),
    /// The next hint of the whole step: for the function named, or the
    /// first the checks find wrong.
    Hint(Option<String>),
}

/// The exercise and the action `args` ask for; `None` for `--help`;
/// `Err` holds the one line to print for arguments that do not read.
pub fn parse_args(args: &[String]) -> Result<Option<(&'static Exercise, Action)>, String> {
    let steps: Vec<&str> = EXERCISES.iter().map(|exercise| exercise.step).collect();
    let usage = format!(
        "usage: cargo exercise <step> [--holes | --reset | --fill N [--slip] | \
         --whole [--reset | --fill | --slip N] | --hint [<function>]], from book/exercises; \
         <step> is one of {}",
        steps.join(", ")
    );
    if args.iter().any(|arg| arg == "--help" || arg == "-h") {
        return Ok(None);
    }
    let mut asked = Asked::default();
    let mut args = args.iter().peekable();
    while let Some(arg) = args.next() {
        // The number after `--fill` or `--slip`, when one follows.
        let mut number = || {
            let n = args.peek().and_then(|n| n.parse::<usize>().ok());
            n.inspect(|_| {
                args.next();
            })
        };
        match arg.as_str() {
            "--holes" => asked.actions.push("--holes"),
            "--reset" => asked.actions.push("--reset"),
            "--whole" => asked.whole = true,
            "--hint" => {
                // The function's name, when one follows that is no step.
                let name = args
                    .next_if(|name| !name.starts_with('-') && find(name).is_none())
                    .cloned();
                asked.hint = Some(name);
            }
            "--slip" => asked.slip = Some(number()),
            "--fill" => {
                asked.actions.push("--fill");
                asked.fill = number();
            }
            flag if flag.starts_with('-') => {
                return Err(format!("error: no option `{flag}`; {usage}"))
            }
            name if asked.step.is_none() => asked.step = Some(name.to_string()),
            extra => return Err(format!("error: one step only, not also `{extra}`; {usage}")),
        }
    }
    let step = asked.step.clone().ok_or_else(|| usage.clone())?;
    let exercise = find(&step).ok_or_else(|| format!("error: no exercise `{step}`; {usage}"))?;
    let action = if let Some(function) = &asked.hint {
        asked.hint_action(function)
    } else if asked.whole {
        asked.whole_action()
    } else {
        asked.holes_action()
    };
    action
        .map(|action| Some((exercise, action)))
        .map_err(|error| format!("error: {error}; {usage}"))
}

/// The options of a command line, as read.
#[derive(Default)]
struct Asked {
    step: Option<String>,
    /// `--holes`, `--reset` and `--fill`, in their order.
    actions: Vec<&'static str>,
    /// The number after `--fill`, if any.
    fill: Option<usize>,
    /// `--slip`, with the number after it, if any.
    slip: Option<Option<usize>>,
    whole: bool,
    /// `--hint`, with the function named after it, if any.
    hint: Option<Option<String>>,
}

impl Asked {
    /// The action without `--whole`.
    fn holes_action(&self) -> Result<Action, &'static str> {
        let fill = |filled: usize, slip: bool| Action::Write(Fill { filled, slip });
        match (self.actions.as_slice(), self.fill, self.slip) {
            (["--fill"], None | Some(0), _) => Err("--fill takes a hole's number, from 1"),
            (_, _, Some(Some(_))) => Err("--slip takes a number only with --whole"),
            ([], _, None) => Ok(Action::Watch),
            (["--holes"], _, None) => Ok(Action::Holes),
            (["--reset"], _, None) => Ok(fill(0, false)),
            (["--fill"], Some(n), slip) => Ok(fill(n, slip.is_some())),
            ([] | [_], _, Some(None)) => Err("--slip goes with --fill N"),
            _ => Err("one of --holes, --reset and --fill at a time"),
        }
    }

    /// The action with `--hint`, which goes alone.
    fn hint_action(&self, function: &Option<String>) -> Result<Action, &'static str> {
        match (self.actions.as_slice(), self.fill, self.slip, self.whole) {
            ([], None, None, false) => Ok(Action::Hint(function.clone())),
            _ => Err("--hint goes alone, or with the name of a function of the whole step"),
        }
    }

    /// The action with `--whole`.
    fn whole_action(&self) -> Result<Action, &'static str> {
        match (self.actions.as_slice(), self.fill, self.slip) {
            ([] | ["--reset"], None, None) => Ok(Action::Whole(Body::Todo)),
            (["--fill"], None, None) => Ok(Action::Whole(Body::Step)),
            ([], None, Some(Some(n))) if n > 0 => Ok(Action::Whole(Body::Slip(n))),
            _ => Err("--whole goes alone, or with one of --reset, --fill (no number) and --slip N"),
        }
    }
}

/// Where the exercises' checks must run: `book/exercises` of a checkout,
/// which holds their workspace, and two folders up the crates they read.
/// `Err` holds the one line to print when `dir` is not that.
pub fn in_checkout(dir: &Path) -> Result<(), String> {
    let root = dir.join("../..");
    let here = dir.join("Cargo.toml").is_file() && dir.join("holes.toml").is_file();
    let crates = ["common", "lamosca-v07", "lamosca-v09"]
        .iter()
        .all(|krate| root.join(krate).join("Cargo.toml").is_file());
    if here && crates {
        Ok(())
    } else {
        Err(format!(
            "error: run the exercises from book/exercises in a checkout of the repository, \
             not from {}: they build the steps' crates two folders up",
            dir.display()
        ))
    }
}

/// Where the learner stands, from the checks' output: the hole to fill
/// next, the check that fails, or done.
pub fn standing(output: &str) -> String {
    let line = |prefix: &str| output.lines().rev().find(|line| line.starts_with(prefix));
    if let Some(line) = line("next: fill ") {
        return format!("stands at {}", &line["next: fill ".len()..]);
    }
    if let Some(line) = line("next: write ") {
        return format!("stands at {}", &line["next: write ".len()..]);
    }
    if let Some(line) = line("all ") {
        return line.to_string();
    }
    if let Some(line) = output
        .lines()
        .find(|line| line.contains(", the last filled: the check "))
    {
        return format!("stopped at {line}");
    }
    if let Some(line) = line("  FAIL  ") {
        let check = line["  FAIL  ".len()..]
            .split(':')
            .next()
            .unwrap_or_default();
        return format!("the check `{check}` fails: its hint above names the holes, or the whole step's functions, to look at");
    }
    if output.contains("error[E") || output.contains("error: could not compile") {
        return "the lesson does not compile: the errors are above".to_string();
    }
    "the checks did not run to their end: see above".to_string()
}

/// The checks' output without cargo's closing words on a failed test,
/// which say nothing the checks did not.
pub fn without_cargo_close(output: &str) -> &str {
    output
        .find("error: test failed, to rerun")
        .map_or(output, |at| &output[..at])
}

/// Whether `event` in the watched folder `dir` is a save of a lesson
/// file: a change (not a read) to a `.rs` file, or to `dir` itself (moved
/// or removed). An editor's own files are not: vim's swap file
/// (`.search.rs.swp`, written every few seconds while you type), its
/// backup (`search.rs~`) and test file (`4913`), emacs's lock
/// (`.#search.rs`).
pub fn is_save(event: &notify::Event, dir: &Path) -> bool {
    let lesson = |path: &Path| {
        let name = path
            .file_name()
            .and_then(|name| name.to_str())
            .unwrap_or("");
        name.ends_with(".rs") && !name.starts_with(['.', '#'])
    };
    !matches!(event.kind, notify::EventKind::Access(_))
        && event
            .paths
            .iter()
            .any(|path| lesson(path) || path.ends_with(dir))
}

/// How often the watch looks whether the watched folder is still there.
const LOOK: Duration = Duration::from_millis(500);

/// Waits while `dir` is missing (a checkout switching branches, a folder
/// moved away and back); whether it was.
pub fn wait_for_folder(dir: &Path) -> bool {
    let missing = !dir.is_dir();
    while !dir.is_dir() {
        thread::sleep(LOOK);
    }
    missing
}

/// Waits until a lesson file under `dir` is saved ([`is_save`]), then for
/// the burst of events a save makes to end; or until `dir` comes back
/// after it was missing, or goes: either is a change. `None` after
/// `timeout` without one; `Err` when the folder cannot be watched.
pub fn wait_for_change(dir: &Path, timeout: Duration) -> Option<notify::Result<()>> {
    if wait_for_folder(dir) {
        return Some(Ok(()));
    }
    let (send, receive) = mpsc::channel();
    let watched = dir.to_path_buf();
    let mut watcher =
        match notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
            let _ = send.send(event.map(|event| is_save(&event, &watched)));
        }) {
            Ok(watcher) => watcher,
            Err(error) => return Some(Err(error)),
        };
    if let Err(error) = watcher.watch(dir, RecursiveMode::Recursive) {
        return (!dir.is_dir()).then_some(Ok(())).or(Some(Err(error)));
    }
    let deadline = Instant::now() + timeout;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match receive.recv_timeout(left.min(LOOK)) {
            Ok(Ok(true)) => break,
            Ok(Ok(false)) => continue,
            Ok(Err(_)) | Err(_) if !dir.is_dir() => return Some(Ok(())),
            Ok(Err(error)) => return Some(Err(error)),
            Err(_) if left.is_zero() => return None,
            Err(_) => continue,
        }
    }
    // An editor's save is several events (write, rename, chmod): let them
    // pass before the checks run.
    while receive.recv_timeout(Duration::from_millis(200)).is_ok() {}
    Some(Ok(()))
}

/// How a run of the checks under the watch ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunEnd {
    /// It ended by itself; what it printed, standard output and error
    /// as they came.
    Finished(String),
    /// A file of the watched folder was saved while it ran: it was
    /// stopped, its processes killed, for the next run to start.
    Saved,
    /// Its checks had started and it printed nothing more for this long:
    /// it was stopped, its processes killed.
    Silent(Duration),
}

/// The first line the checks' runner prints (`exercise-v09: 16 checks,
/// in the order of its holes`) ends so: from there on, each check prints
/// a line when it ends, and the silence limit counts.
const CHECKS_STARTED: &str = "checks, in the order of its holes";

/// How often a run that prints nothing says it is still going.
const TICK: Duration = Duration::from_secs(15);

/// What the watch hears while a run lasts.
enum Heard {
    Line(String),
    Closed,
    Saved,
}

/// Runs `command` (the checks, `cargo test -q -p exercise-v09`) while
/// watching `dir`: each line it prints goes to `show` as it comes, a save
/// in `dir` stops it, and so does a silence of `silence` once its checks
/// have started ([`RunEnd`]). Stopping kills the command and every
/// process it started (the build, the checks' binary): on Unix it runs in
/// a process group of its own, killed whole.
pub fn run_watched(
    mut command: Command,
    dir: &Path,
    silence: Duration,
    show: &mut dyn FnMut(&str),
) -> io::Result<RunEnd> {
    let (send, heard) = mpsc::channel();
    let saves = send.clone();
    let watched = dir.to_path_buf();
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        if event.is_ok_and(|event| is_save(&event, &watched)) {
            let _ = saves.send(Heard::Saved);
        }
    })
    .map_err(io::Error::other)?;
    watcher
        .watch(dir, RecursiveMode::Recursive)
        .map_err(io::Error::other)?;
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .stdin(Stdio::null())
        .spawn()?;
    // Ctrl-C reaches the terminal's group, not the checks' own: the guard
    // ends the checks' group when this process ends, however it ends.
    #[cfg(unix)]
    let _guard = Guard::new(child.id());
    let stdout = child.stdout.take().map(|out| read_lines(out, send.clone()));
    let stderr = child.stderr.take().map(|err| read_lines(err, send.clone()));
    let mut open = usize::from(stdout.is_some()) + usize::from(stderr.is_some());
    let (mut text, mut started, mut last) = (String::new(), None, Instant::now());
    let began = Instant::now();
    while open > 0 {
        let wait = match started {
            Some(_) => silence.saturating_sub(last.elapsed()).min(TICK),
            None => TICK,
        };
        match heard.recv_timeout(wait) {
            Ok(Heard::Line(line)) => {
                started = started.or(line.trim_end().ends_with(CHECKS_STARTED).then_some(()));
                last = Instant::now();
                show(&line);
                text += &line;
                text.push('\n');
            }
            Ok(Heard::Closed) => open -= 1,
            Ok(Heard::Saved) => {
                stop(&mut child);
                // An editor's save is several events: let them pass.
                while heard.recv_timeout(Duration::from_millis(200)).is_ok() {}
                return Ok(RunEnd::Saved);
            }
            Err(_) if started.is_some() && last.elapsed() >= silence => {
                stop(&mut child);
                return Ok(RunEnd::Silent(silence));
            }
            Err(_) => show(&format!(
                "  ... still running, {} s",
                began.elapsed().as_secs()
            )),
        }
    }
    child.wait()?;
    Ok(RunEnd::Finished(text))
}

/// A process that kills the process group of the checks once this
/// process is gone. The checks run in a group of their own, so that a save
/// can stop them all at once; Ctrl-C is sent to the terminal's group
/// only, which would leave them running to their time limit. The guard
/// stays in the terminal's group, ignores Ctrl-C, and waits for its
/// standard input to close: when the watch ends, by Ctrl-C or any signal,
/// the system closes it, and the guard kills the checks' group. A shell
/// does this, as Rust's standard library has no signal handling.
#[cfg(unix)]
struct Guard(Option<Child>);

#[cfg(unix)]
impl Guard {
    /// A guard of the process group `group`.
    fn new(group: u32) -> Guard {
        let script = "trap '' INT HUP TERM; read -r _; kill -KILL \"-$1\" 2>/dev/null";
        let guard = Command::new("sh")
            .args(["-c", script, "guard", &group.to_string()])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn();
        Guard(guard.ok())
    }
}

#[cfg(unix)]
impl Drop for Guard {
    /// The run is over: closing the guard's input ends it, and with it
    /// any process the checks left in their group.
    fn drop(&mut self) {
        if let Some(guard) = &mut self.0 {
            drop(guard.stdin.take());
            let _ = guard.wait();
        }
    }
}

/// Sends each line `from` gives to `to`, then that it closed.
fn read_lines(from: impl Read + Send + 'static, to: mpsc::Sender<Heard>) -> thread::JoinHandle<()> {
    thread::spawn(move || {
        let mut from = BufReader::new(from);
        let mut line = Vec::new();
        while matches!(from.read_until(b'\n', &mut line), Ok(n) if n > 0) {
            let text = String::from_utf8_lossy(&line);
            let _ = to.send(Heard::Line(text.trim_end_matches(['\n', '\r']).to_string()));
            line.clear();
        }
        let _ = to.send(Heard::Closed);
    })
}

/// Kills `child` and, on Unix, every process of its group (the checks'
/// binary that cargo started), then reaps it.
fn stop(child: &mut Child) {
    #[cfg(unix)]
    {
        let group = format!("-{}", child.id());
        let _ = Command::new("kill")
            .args(["-KILL", "--", &group])
            .stderr(Stdio::null())
            .status();
    }
    let _ = child.kill();
    let _ = child.wait();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Option<(&'static str, Action)>, String> {
        let args: Vec<String> = args.iter().map(|arg| arg.to_string()).collect();
        parse_args(&args).map(|parsed| parsed.map(|(exercise, action)| (exercise.step, action)))
    }

    #[test]
    fn the_step_alone_watches_and_each_option_is_its_action() {
        assert_eq!(parse(&["v09"]), Ok(Some(("v09", Action::Watch))));
        assert_eq!(parse(&["v07", "--holes"]), Ok(Some(("v07", Action::Holes))));
        assert_eq!(
            parse(&["--reset", "v11"]),
            Ok(Some(("v11", Action::Write(Fill::default()))))
        );
        let fill = |filled, slip| Ok(Some(("v10", Action::Write(Fill { filled, slip }))));
        assert_eq!(parse(&["v10", "--fill", "2"]), fill(2, false));
        assert_eq!(parse(&["v10", "--fill", "2", "--slip"]), fill(2, true));
        assert_eq!(parse(&["v09", "--help"]), Ok(None));
        let whole = |body| Ok(Some(("v09", Action::Whole(body))));
        assert_eq!(parse(&["v09", "--whole"]), whole(Body::Todo));
        assert_eq!(parse(&["v09", "--whole", "--reset"]), whole(Body::Todo));
        assert_eq!(parse(&["--whole", "--fill", "v09"]), whole(Body::Step));
        assert_eq!(
            parse(&["v09", "--whole", "--slip", "2"]),
            whole(Body::Slip(2))
        );
        let hint = |step, function: Option<&str>| {
            Ok(Some((step, Action::Hint(function.map(str::to_string)))))
        };
        assert_eq!(parse(&["v10", "--hint"]), hint("v10", None));
        assert_eq!(parse(&["--hint", "v10"]), hint("v10", None));
        assert_eq!(
            parse(&["v10", "--hint", "capture"]),
            hint("v10", Some("capture"))
        );
    }

    #[test]
    fn arguments_that_do_not_read_are_refused_in_one_line() {
        for args in [
            &[][..],
            &["v08"],
            &["v09", "v10"],
            &["v09", "--holes", "--reset"],
            &["v09", "--fill"],
            &["v09", "--fill", "0"],
            &["v09", "--slip"],
            &["v09", "--reset", "--slip"],
            &["v09", "--all"],
            &["v09", "--fill", "2", "--slip", "1"],
            &["v09", "--whole", "--fill", "2"],
            &["v09", "--whole", "--slip"],
            &["v09", "--whole", "--slip", "0"],
            &["v09", "--whole", "--holes"],
            &["v09", "--whole", "--reset", "--fill"],
            &["v09", "--hint", "--whole"],
            &["v09", "--whole", "--hint"],
            &["v09", "--hint", "--reset"],
            &["v09", "--hint", "--fill", "2"],
            &["v09", "--hint", "--slip"],
            &["v09", "--hint", "--holes"],
            &["v09", "--hint", "pick", "extra"],
            &["--hint"],
        ] {
            let error = parse(args).unwrap_err();
            assert!(
                error.contains("usage: cargo exercise <step>"),
                "{args:?}: {error}"
            );
            assert_eq!(error.lines().count(), 1, "{error}");
        }
        assert!(parse(&["v08"])
            .unwrap_err()
            .starts_with("error: no exercise `v08`"));
    }
}
