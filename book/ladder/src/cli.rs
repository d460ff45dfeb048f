//! The switches of `match` and `session`, read by clap.
//!
//! ```text
//! cargo run --release -p ladder -- match \
//!     --engine target/release/lamosca-v10-quiescence --option Delta=200 \
//!     --engine xboard:/usr/games/fairymax \
//!     --games 48 --tc 10+0.1 --pgn /tmp/v10-fairymax.pgn
//! ```
//!
//! `--name` and `--option` belong to the `--engine` before them, so each
//! engine gets its own. Times are in seconds for `--tc` and in
//! milliseconds for `--movetime` and `--grace`, as cutechess-cli and UCI
//! count them.

use std::fs::File;
use std::io::{BufWriter, Write as _};
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{anyhow, bail, Context as _, Result};
use clap::{ArgMatches, Args, FromArgMatches};

use crate::game::Settings;
use crate::openings::{self, Opening};
use crate::player::{Control, Spawn};
use crate::process::{EngineSpec, Log, Protocol};
use crate::runner::{self, MatchPlan};
use crate::{pgn, session};

/// The switches of `match`, as clap reads them. `--name` and `--option`
/// are gathered here in the order given; [`match_args`] hands each to the
/// `--engine` before it.
#[derive(Args, Debug)]
#[command(about = "Play games between two engines and print the score and the Elo difference")]
pub struct MatchSwitches {
    /// The engine's command line, split at spaces; `uci:CMD` or
    /// `xboard:CMD` names the protocol (UCI when none is named). Give two
    #[arg(long = "engine", value_name = "CMD")]
    engines: Vec<String>,
    /// The name to show for the engine before (default: its own)
    #[arg(long = "name", value_name = "N")]
    names: Vec<String>,
    /// An option for the engine before: `setoption` in UCI, `option
    /// NAME=VALUE` in xboard
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// How many games
    #[arg(long, value_name = "N", default_value_t = 10)]
    games: usize,
    /// A clock of BASE seconds, INC seconds more a move [default: 2+0.05]
    #[arg(long, value_name = "BASE+INC")]
    tc: Option<String>,
    /// A fixed time a move instead (whole seconds for xboard engines)
    #[arg(long, value_name = "MS")]
    movetime: Option<u64>,
    /// A fixed depth instead, and no clock
    #[arg(long, value_name = "D")]
    depth: Option<u32>,
    /// Openings, one line of UCI moves each [default: 24 built-in]
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// Games played at once
    #[arg(long, value_name = "N", default_value_t = 1)]
    concurrency: usize,
    /// Write the games there, in PGN
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
    /// Write the result as a markdown fragment for the book
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
    /// Write every line sent to or read from the engines
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,
    /// Time allowed beyond the clock before a loss on time, in milliseconds
    #[arg(long, value_name = "MS", default_value_t = 100)]
    grace: u64,
    /// Silence that loses at a fixed depth, in seconds
    #[arg(long, value_name = "S", default_value_t = 60)]
    timeout: u64,
}

/// The switches of `session`.
#[derive(Args, Debug)]
#[command(
    about = "Run a short UCI session with an engine and print the transcript, or write it as a markdown fragment"
)]
pub struct SessionSwitches {
    /// The engine's command line, split at spaces
    #[arg(long, value_name = "CMD")]
    engine: String,
    /// Write the transcript there, as a markdown fragment
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

/// What `match` was asked to do.
#[derive(Debug)]
pub struct MatchArgs {
    /// The two engines.
    pub engines: Vec<EngineSpec>,
    /// How many games.
    pub games: usize,
    /// The control and its margins.
    pub settings: Settings,
    /// The openings.
    pub openings: Vec<Opening>,
    /// Games at once.
    pub concurrency: usize,
    /// Where the PGN goes.
    pub pgn: Option<PathBuf>,
    /// Where the report goes.
    pub report: Option<PathBuf>,
    /// Where the dialogue goes.
    pub log: Option<PathBuf>,
}

/// Seconds, perhaps with a fraction: `10`, `0.05`.
fn read_seconds(text: &str) -> Option<Duration> {
    let seconds: f64 = text.parse().ok()?;
    Duration::try_from_secs_f64(seconds).ok()
}

/// Reads `BASE+INC` (or `BASE`) in seconds.
pub fn read_clock(text: &str) -> Result<Control> {
    let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
    match (read_seconds(base), read_seconds(increment)) {
        (Some(base), Some(increment)) if !base.is_zero() => Ok(Control::Clock { base, increment }),
        _ => bail!("--tc needs BASE+INC in seconds, like 10+0.1, not '{text}'"),
    }
}

/// The arguments of `match`, from the switches clap read into `matches`:
/// each `--name` and `--option` goes to the `--engine` given before it,
/// which only the switches' positions tell.
pub fn match_args(matches: &ArgMatches) -> Result<MatchArgs> {
    let switches = MatchSwitches::from_arg_matches(matches)?;
    let at = |id: &str| -> Vec<usize> { matches.indices_of(id).into_iter().flatten().collect() };
    let engine_at = at("engines");
    let mut engines = switches
        .engines
        .iter()
        .map(|text| EngineSpec::parse(text).map_err(anyhow::Error::msg))
        .collect::<Result<Vec<_>>>()?;
    // The engine a switch at `index` belongs to: the last one before it.
    let owner = |switch: &str, index: usize| {
        engine_at
            .iter()
            .rposition(|&engine| engine < index)
            .with_context(|| format!("{switch} belongs after the --engine it is for"))
    };
    for (name, index) in switches.names.iter().zip(at("names")) {
        engines[owner("--name", index)?].name = Some(name.clone());
    }
    for (text, index) in switches.options.iter().zip(at("options")) {
        let engine = owner("--option", index)?;
        let (name, value) = text
            .split_once('=')
            .with_context(|| format!("--option needs NAME=VALUE, not '{text}'"))?;
        engines[engine]
            .options
            .push((name.to_string(), value.to_string()));
    }
    if engines.len() != 2 {
        bail!("a match needs two --engine, not {}", engines.len());
    }
    let mut controls = Vec::new();
    if let Some(text) = &switches.tc {
        controls.push(read_clock(text)?);
    }
    if let Some(ms) = switches.movetime {
        controls.push(Control::MoveTime(Duration::from_millis(ms.max(1))));
    }
    if let Some(depth) = switches.depth {
        if depth == 0 {
            bail!("--depth needs a depth of at least 1");
        }
        controls.push(Control::Depth(depth));
    }
    if controls.len() > 1 {
        bail!("give one of --tc, --movetime and --depth");
    }
    let mut settings = Settings::new(controls.pop().unwrap_or(Control::Clock {
        base: Duration::from_secs(2),
        increment: Duration::from_millis(50),
    }));
    settings.grace = Duration::from_millis(switches.grace);
    settings.timeout = Duration::from_secs(switches.timeout);
    if let Control::MoveTime(time) = settings.control {
        let xboard = engines.iter().any(|e| e.protocol == Protocol::Xboard);
        if xboard && time.as_millis() % 1000 != 0 {
            bail!("xboard engines take a time a move in whole seconds (`st`): use --movetime 1000, 2000 ... or --tc");
        }
    }
    let openings = match &switches.openings {
        Some(path) => openings::read(path)?,
        None => openings::built_in(),
    };
    Ok(MatchArgs {
        engines,
        games: switches.games,
        settings,
        openings,
        concurrency: switches.concurrency.max(1),
        pgn: switches.pgn,
        report: switches.report,
        log: switches.log,
    })
}

/// The arguments of `session`: the engine's command and where the
/// transcript goes.
pub fn session_args(switches: &SessionSwitches) -> Result<(Vec<String>, Option<PathBuf>)> {
    let command: Vec<String> = switches
        .engine
        .split_whitespace()
        .map(str::to_string)
        .collect();
    if command.is_empty() {
        bail!("session needs --engine CMD");
    }
    Ok((command, switches.out.clone()))
}

/// A command line as a report quotes it, for a shell to run again:
/// `program`, then the words, each quoted when it holds anything but
/// letters, digits and `_@%+=:,./-`.
pub fn command_line(program: &str, words: &[String]) -> String {
    let quoted: Vec<String> = words.iter().map(|word| shell_word(word)).collect();
    format!("{program} {}", quoted.join(" "))
}

/// `word` as a POSIX shell reads it back: as it is when it is plain, else
/// in single quotes, each quote in it written `'\''` (close, an escaped
/// quote, open again).
fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_@%+=:,./-".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// Reads the words of `match` (what follows `match` on the command line),
/// for the tests and for any program that holds the words itself.
pub fn read_match(words: &[&str]) -> Result<MatchArgs> {
    let command = MatchSwitches::augment_args(clap::Command::new("match").no_binary_name(true));
    let matches = command
        .try_get_matches_from(words)
        .map_err(|error| anyhow!("{}", first_line(&error.render().to_string())))?;
    match_args(&matches)
}

/// The first line of a message of clap, without its `error: `.
fn first_line(message: &str) -> String {
    let line = message.lines().next().unwrap_or("bad command line");
    line.strip_prefix("error: ").unwrap_or(line).to_string()
}

/// Plays the match `args` describe: a progress line per game, then the
/// table; the PGN, the report and the log where asked. `command` is the
/// command line, for the report.
pub fn run_match(args: &MatchArgs, command: &str) -> Result<()> {
    let log = args
        .log
        .as_deref()
        .map(|path| Log::create(path).with_context(|| format!("cannot write {}", path.display())))
        .transpose()?;
    let engines: Vec<EngineSpec> = args
        .engines
        .iter()
        .map(|engine| EngineSpec {
            log: log.clone(),
            ..engine.clone()
        })
        .collect();
    let mut pgn_file = args
        .pgn
        .as_deref()
        .map(|path| {
            File::create(path)
                .map(BufWriter::new)
                .with_context(|| format!("cannot write {}", path.display()))
        })
        .transpose()?;
    let plan = MatchPlan {
        engines: [&engines[0] as &dyn Spawn, &engines[1]],
        games: args.games,
        openings: &args.openings,
        settings: args.settings,
        concurrency: args.concurrency,
    };
    let date = pgn::today();
    let mut pgn_error = None;
    let result = runner::play_match(&plan, |game, tally| {
        let first = &game.sides[runner::first_engine_color(game.number).index()].name;
        crate::say!("{}", runner::progress_line(game, args.games, first, tally));
        if let Some(file) = &mut pgn_file {
            let event = format!("{} vs {}", game.sides[0].name, game.sides[1].name);
            let written = file
                .write_all(pgn::game(game, &event, &date, &args.settings.control).as_bytes())
                .and_then(|()| file.flush());
            if let Err(error) = written {
                pgn_error.get_or_insert(error);
            }
        }
        if let Some(log) = &log {
            log.flush();
        }
    })?;
    crate::say!("\n{}", runner::summary(&result, &args.settings));
    if let Some(error) = pgn_error {
        bail!("the PGN could not be written: {error}");
    }
    if let Some(path) = &args.report {
        let text = runner::report(&result, &args.settings, command, &date.replace('.', "-"));
        std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))?;
        crate::say!("wrote {}", path.display());
    }
    Ok(())
}

/// Runs the sample UCI session with `engine`, and prints the transcript or
/// writes it to `out` as a markdown fragment.
pub fn run_session(engine: &[String], out: Option<&std::path::Path>) -> Result<()> {
    let transcript = session::run(engine, &session::SCRIPT)?;
    match out {
        None => crate::output::print(&transcript),
        Some(path) => {
            let text = session::fragment(&transcript, &engine.join(" "));
            std::fs::write(path, text)
                .with_context(|| format!("cannot write {}", path.display()))?;
            crate::say!("wrote {}", path.display());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{DEFAULT_GRACE, DEFAULT_TIMEOUT};

    /// A report's command line, run by `sh`, hands the program the very
    /// words it was given: spaces, quotes and all.
    #[test]
    fn a_quoted_command_line_reads_back_word_for_word() {
        let words: Vec<String> = [
            "--name",
            "LaMoSca v0.11, Kornilov's tables",
            "--option",
            "UCI_Elo=1350",
            "xboard:/usr/games/fairymax",
            "",
            "$HOME \\ \"x\"",
        ]
        .map(String::from)
        .to_vec();
        let line = command_line("printf '%s\\n'", &words);
        assert!(
            line.contains("--option UCI_Elo=1350 xboard:/usr/games/fairymax"),
            "{line}"
        );
        let output = std::process::Command::new("sh")
            .args(["-c", &line])
            .output()
            .expect("sh runs");
        let read_back: Vec<&str> = std::str::from_utf8(&output.stdout)
            .unwrap()
            .lines()
            .collect();
        assert_eq!(read_back, words, "{line}");
    }

    #[test]
    fn options_and_names_belong_to_the_engine_before() {
        let args = read_match(&[
            "--engine",
            "target/release/lamosca-v10-quiescence",
            "--option",
            "Delta=200",
            "--engine",
            "uci:/usr/games/stockfish",
            "--name",
            "SF 1350",
            "--option",
            "UCI_LimitStrength=true",
            "--option",
            "UCI_Elo=1350",
            "--games",
            "4",
            "--tc",
            "10+0.1",
        ])
        .unwrap();
        assert_eq!(
            args.engines[0].options,
            [("Delta".to_string(), "200".to_string())]
        );
        assert_eq!(args.engines[1].name.as_deref(), Some("SF 1350"));
        assert_eq!(args.engines[1].options.len(), 2);
        assert_eq!(args.games, 4);
        assert_eq!(args.settings.control.to_string(), "10+0.1 s");
        assert_eq!(args.settings.grace, DEFAULT_GRACE);
        assert_eq!(args.settings.timeout, DEFAULT_TIMEOUT);
    }

    #[test]
    fn mistakes_are_named() {
        let error = |words: &[&str]| read_match(words).unwrap_err().to_string();
        assert_eq!(
            error(&["--engine", "a"]),
            "a match needs two --engine, not 1"
        );
        assert_eq!(
            error(&["--option", "x=1"]),
            "--option belongs after the --engine it is for"
        );
        assert_eq!(
            error(&["--engine", "a", "--engine", "b", "--tc", "fast"]),
            "--tc needs BASE+INC in seconds, like 10+0.1, not 'fast'"
        );
        assert_eq!(
            error(&["--engine", "a", "--engine", "b", "--tc", "1", "--depth", "3"]),
            "give one of --tc, --movetime and --depth"
        );
        assert!(error(&[
            "--engine",
            "xboard:fairymax",
            "--engine",
            "b",
            "--movetime",
            "100"
        ])
        .starts_with("xboard engines take"));
        assert_eq!(
            error(&["--games"]),
            "a value is required for '--games <N>' but none was supplied"
        );
        assert_eq!(error(&["--bogus"]), "unexpected argument '--bogus' found");
    }

    #[test]
    fn clocks_are_in_seconds() {
        assert_eq!(
            read_clock("2+0.05").unwrap(),
            Control::Clock {
                base: Duration::from_secs(2),
                increment: Duration::from_millis(50)
            }
        );
        assert_eq!(
            read_clock("60").unwrap(),
            Control::Clock {
                base: Duration::from_secs(60),
                increment: Duration::ZERO
            }
        );
        assert!(read_clock("0+1").is_err());
        assert!(read_clock("-1+0").is_err());
    }

    #[test]
    fn a_session_needs_an_engine() {
        let read = |words: &[&str]| {
            let command =
                SessionSwitches::augment_args(clap::Command::new("session").no_binary_name(true));
            let matches = command.try_get_matches_from(words)?;
            anyhow::Ok(SessionSwitches::from_arg_matches(&matches)?)
        };
        let switches = read(&["--engine", "target/release/lamosca-v09", "--out", "x.md"]).unwrap();
        let (command, out) = session_args(&switches).unwrap();
        assert_eq!(command, ["target/release/lamosca-v09"]);
        assert_eq!(out, Some(PathBuf::from("x.md")));
        assert!(read(&[]).is_err());
        let blank = read(&["--engine", " "]).unwrap();
        assert!(session_args(&blank).is_err());
    }
}
