//! The switches of `match` and `session`.
//!
//! ```text
//! cargo run --release -p book -- match \
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

use anyhow::{bail, Context as _, Result};

use crate::game::Settings;
use crate::openings::{self, Opening};
use crate::player::{Control, Spawn};
use crate::process::{EngineSpec, Log, Protocol};
use crate::runner::{self, MatchPlan};
use crate::{pgn, session};

/// The help of `match`.
pub const MATCH_USAGE: &str = "\
usage: cargo run --release -p book -- match --engine CMD [--name N] [--option NAME=VALUE]...
                                            --engine CMD [--name N] [--option NAME=VALUE]...
                                            [--games N] [--tc BASE+INC | --movetime MS | --depth D]
                                            [--openings FILE] [--concurrency N] [--pgn FILE]
                                            [--report FILE] [--log FILE] [--grace MS] [--timeout S]

Plays games between two engines and prints the score and the Elo difference.

  --engine CMD        the engine's command line, split at spaces; `uci:CMD` or
                      `xboard:CMD` names the protocol (UCI when none is named)
  --name N            the name to show for the engine before (default: its own)
  --option NAME=VALUE an option for the engine before: `setoption` in UCI,
                      `option NAME=VALUE` in xboard
  --games N           how many games [default: 10]
  --tc BASE+INC       a clock of BASE seconds, INC seconds more a move [default: 2+0.05]
  --movetime MS       a fixed time a move instead (whole seconds for xboard engines)
  --depth D           a fixed depth instead, and no clock
  --openings FILE     openings, one line of UCI moves each [default: 24 built-in]
  --concurrency N     games played at once [default: 1]
  --pgn FILE          write the games there
  --report FILE       write the result as a markdown fragment for the book
  --log FILE          write every line sent to or read from the engines
  --grace MS          time allowed beyond the clock before a loss on time [default: 100]
  --timeout S         silence that loses at a fixed depth [default: 60]";

/// The help of `session`.
pub const SESSION_USAGE: &str = "\
usage: cargo run --release -p book -- session --engine CMD [--out FILE]

Runs a short UCI session with the engine and prints the transcript, or
writes it as a markdown fragment to FILE.";

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

/// The value after a switch.
fn value<'a>(switch: &str, words: &mut impl Iterator<Item = &'a str>) -> Result<&'a str> {
    words
        .next()
        .with_context(|| format!("{switch} needs a value"))
}

/// A number after a switch.
fn number<'a, T: std::str::FromStr>(
    switch: &str,
    words: &mut impl Iterator<Item = &'a str>,
) -> Result<T> {
    let text = value(switch, words)?;
    text.parse()
        .ok()
        .with_context(|| format!("{switch} needs a number, not '{text}'"))
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

/// Reads the arguments of `match`.
pub fn read_match(words: &[&str]) -> Result<MatchArgs> {
    let mut args = MatchArgs {
        engines: Vec::new(),
        games: 10,
        settings: Settings::new(Control::Clock {
            base: Duration::from_secs(2),
            increment: Duration::from_millis(50),
        }),
        openings: openings::built_in(),
        concurrency: 1,
        pgn: None,
        report: None,
        log: None,
    };
    let mut controls = 0;
    let mut words = words.iter().copied();
    while let Some(switch) = words.next() {
        match switch {
            "--engine" => args
                .engines
                .push(EngineSpec::parse(value(switch, &mut words)?).map_err(anyhow::Error::msg)?),
            "--name" | "--option" => {
                let text = value(switch, &mut words)?;
                let Some(engine) = args.engines.last_mut() else {
                    bail!("{switch} belongs after the --engine it is for");
                };
                if switch == "--name" {
                    engine.name = Some(text.to_string());
                } else {
                    let (name, value) = text
                        .split_once('=')
                        .with_context(|| format!("--option needs NAME=VALUE, not '{text}'"))?;
                    engine.options.push((name.to_string(), value.to_string()));
                }
            }
            "--games" => args.games = number(switch, &mut words)?,
            "--tc" => {
                args.settings.control = read_clock(value(switch, &mut words)?)?;
                controls += 1;
            }
            "--movetime" => {
                let ms: u64 = number(switch, &mut words)?;
                args.settings.control = Control::MoveTime(Duration::from_millis(ms.max(1)));
                controls += 1;
            }
            "--depth" => {
                let depth: u32 = number(switch, &mut words)?;
                if depth == 0 {
                    bail!("--depth needs a depth of at least 1");
                }
                args.settings.control = Control::Depth(depth);
                controls += 1;
            }
            "--openings" => args.openings = openings::read(value(switch, &mut words)?.as_ref())?,
            "--concurrency" => args.concurrency = number::<usize>(switch, &mut words)?.max(1),
            "--pgn" => args.pgn = Some(value(switch, &mut words)?.into()),
            "--report" => args.report = Some(value(switch, &mut words)?.into()),
            "--log" => args.log = Some(value(switch, &mut words)?.into()),
            "--grace" => {
                args.settings.grace = Duration::from_millis(number(switch, &mut words)?);
            }
            "--timeout" => {
                args.settings.timeout = Duration::from_secs(number(switch, &mut words)?);
            }
            _ => bail!("unknown switch '{switch}'"),
        }
    }
    if args.engines.len() != 2 {
        bail!("a match needs two --engine, not {}", args.engines.len());
    }
    if controls > 1 {
        bail!("give one of --tc, --movetime and --depth");
    }
    if let Control::MoveTime(time) = args.settings.control {
        let xboard = args.engines.iter().any(|e| e.protocol == Protocol::Xboard);
        if xboard && time.as_millis() % 1000 != 0 {
            bail!("xboard engines take a time a move in whole seconds (`st`): use --movetime 1000, 2000 ... or --tc");
        }
    }
    Ok(args)
}

/// What `session` was asked to do: the engine's command and where the
/// transcript goes.
pub fn read_session(words: &[&str]) -> Result<(Vec<String>, Option<PathBuf>)> {
    let (mut engine, mut out) = (None, None);
    let mut words = words.iter().copied();
    while let Some(switch) = words.next() {
        match switch {
            "--engine" => {
                engine = Some(
                    value(switch, &mut words)?
                        .split_whitespace()
                        .map(str::to_string)
                        .collect::<Vec<_>>(),
                );
            }
            "--out" => out = Some(PathBuf::from(value(switch, &mut words)?)),
            _ => bail!("unknown switch '{switch}'"),
        }
    }
    match engine {
        Some(command) if !command.is_empty() => Ok((command, out)),
        _ => bail!("session needs --engine CMD"),
    }
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
        assert_eq!(error(&["--games"]), "--games needs a value");
        assert_eq!(error(&["--bogus"]), "unknown switch '--bogus'");
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
        let (command, out) =
            read_session(&["--engine", "target/release/lamosca-v09", "--out", "x.md"]).unwrap();
        assert_eq!(command, ["target/release/lamosca-v09"]);
        assert_eq!(out, Some(PathBuf::from("x.md")));
        assert!(read_session(&[]).is_err());
    }
}
