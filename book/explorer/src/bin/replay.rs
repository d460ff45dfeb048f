//! `replay GAMES.pgn --game N --move 23...`: the search behind a move of a
//! ladder game, run again node for node ([`lamosca_explorer::replay`]).
//!
//! ```text
//! replay GAMES.pgn [--game N] --move 23w|23b|23.|23...  [--why-not MOVE] [--record FILE]
//! replay GAMES.pgn [--game N] --all
//! ```
//!
//! One move: replays its search (and every earlier search of the same
//! side, for the state a step keeps), writes its record, prints whether
//! the game's move, value, depth and nodes came again, then why the
//! search did not choose another move: `--why-not MOVE`, or by default
//! Stockfish's move where Stockfish is installed, judged as
//! `book/ladder/analysis/blunders.py` judges. `--all` replays every engine
//! move of the game (of every game without `--game`) and gives the share
//! reproduced per engine; it exits with code 1 when a move was not. Bad
//! input is one line of standard error and exit code 2.

use std::collections::BTreeMap;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{anyhow, bail, Context, Result};
use clap::{ArgGroup, Parser};

use common::{Color, Move, Position};
use lamosca_explorer::pgn::{self, move_name, san, Game};
use lamosca_explorer::replay::{
    color_name, engine_move, find_ply, replay_move, replay_side, scratch_record, uci_of, why_not,
    Player, Replayed,
};
use lamosca_explorer::stockfish::{self, analyse, judgement};

/// Replay the search behind a move of a ladder game, node for node.
#[derive(Parser, Debug)]
#[command(name = "replay")]
#[command(group(ArgGroup::new("which").required(true).args(["at", "all"])))]
struct ReplayArgs {
    /// The games, as book/ladder/ladder.py --pgn writes them
    #[arg(value_name = "GAMES.pgn")]
    pgn: PathBuf,
    /// The game, from 1 [default: 1, or with --all every game]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    game: Option<u64>,
    /// The move: its number and side, 23w or 23. for White's, 23b or 23... for Black's
    #[arg(long = "move", value_name = "MOVE")]
    at: Option<String>,
    /// Replay every engine move and give the share reproduced
    #[arg(long)]
    all: bool,
    /// Ask why the search did not choose MOVE (SAN or UCI) [default: Stockfish's move]
    #[arg(long, value_name = "MOVE", conflicts_with = "all")]
    why_not: Option<String>,
    /// Where to write the search's record [default: a file in the system's scratch folder]
    #[arg(long, value_name = "FILE", conflicts_with = "all")]
    record: Option<PathBuf>,
    /// Stockfish, asked for its move when no --why-not is given
    #[arg(long, value_name = "PATH", default_value = stockfish::STOCKFISH)]
    stockfish: PathBuf,
}

fn main() -> ExitCode {
    let args = match ReplayArgs::try_parse() {
        Ok(args) => args,
        Err(error) => {
            let _ = error.print();
            return ExitCode::from(if error.use_stderr() { 2 } else { 0 });
        }
    };
    let out = &mut io::stdout().lock();
    match run(&args, out).and_then(|code| Ok(out.flush().map(|()| code)?)) {
        Ok(code) => code,
        Err(error) => {
            let _ = writeln!(io::stderr(), "error: {error:#}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &ReplayArgs, out: &mut impl Write) -> Result<ExitCode> {
    let games = read_pgn(&args.pgn)?;
    let chosen = match args.game {
        Some(n) => {
            let index = usize::try_from(n - 1).unwrap_or(usize::MAX);
            let game = games.get(index).ok_or_else(|| {
                anyhow!(
                    "{} holds {} games: no game {n}",
                    args.pgn.display(),
                    games.len()
                )
            })?;
            vec![(n as usize, game)]
        }
        None if args.all => games.iter().enumerate().map(|(i, g)| (i + 1, g)).collect(),
        None => vec![(1, &games[0])],
    };
    if args.all {
        return replay_all(&chosen, out);
    }
    let (number, game) = chosen[0];
    let at = args.at.as_deref().expect("clap asks for --move or --all");
    replay_one(args, number, game, at, out)?;
    Ok(ExitCode::SUCCESS)
}

/// The games of the file at `path`, read within [`pgn::MOST_BYTES`].
fn read_pgn(path: &Path) -> Result<Vec<Game>> {
    let named = format!("'{}'", path.display());
    let file = std::fs::File::open(path).with_context(|| format!("cannot read {named}"))?;
    let mut bytes = Vec::new();
    file.take(pgn::MOST_BYTES + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {named}"))?;
    if bytes.len() as u64 > pgn::MOST_BYTES {
        bail!(
            "{named} is larger than {} MiB, so it is no PGN of a match",
            pgn::MOST_BYTES >> 20
        );
    }
    let text = String::from_utf8(bytes)
        .map_err(|_| anyhow!("{named} is not text in UTF-8, so it is no PGN"))?;
    pgn::read_games(&text, &named)
}

/// Replays move `at` of game `number`, writes its record, and asks why
/// not another move.
fn replay_one(
    args: &ReplayArgs,
    number: usize,
    game: &Game,
    at: &str,
    out: &mut impl Write,
) -> Result<()> {
    let ply = find_ply(game, at)?;
    let position = game.position_before(ply);
    let asked = args
        .why_not
        .as_ref()
        .map(|text| uci_of(&position, text))
        .transpose()?;
    // Checked before the record's path is touched.
    engine_move(game, ply)?;
    let path = args
        .record
        .clone()
        .unwrap_or_else(|| scratch_record(&args.pgn, number, &move_name(&position)));
    keep_earlier(&path, args.record.is_some(), out)?;
    if !replay_move(game, number, ply, &path, out)?.1 {
        return Ok(());
    }
    writeln!(out, "record: {}", path.display())?;
    writeln!(out, "open it: cargo explore --record {}", path.display())?;
    ask_why_not(args, asked, (game, ply), &position, &path, out)
}

/// A learner's own record file is never lost: kept as FILE.old first.
fn keep_earlier(path: &Path, given: bool, out: &mut impl Write) -> Result<()> {
    if given && path.exists() {
        let mut kept = path.as_os_str().to_owned();
        kept.push(".old");
        std::fs::copy(path, &kept)
            .with_context(|| format!("cannot keep a copy of '{}'", path.display()))?;
        writeln!(
            out,
            "kept the earlier '{}' as '{}'",
            path.display(),
            Path::new(&kept).display()
        )?;
    }
    Ok(())
}

/// Why the search did not choose `--why-not MOVE`, or Stockfish's move.
fn ask_why_not(
    args: &ReplayArgs,
    asked: Option<Move>,
    (game, ply): (&Game, usize),
    position: &Position,
    record: &Path,
    out: &mut impl Write,
) -> Result<()> {
    let other = match asked {
        Some(mv) => mv,
        None => {
            if !args.stockfish.exists() {
                writeln!(
                    out,
                    "no Stockfish at '{}': ask about a move with --why-not MOVE",
                    args.stockfish.display()
                )?;
                return Ok(());
            }
            let best = judge(args, game, ply, out)?;
            if best == game.moves[ply].mv.to_string() {
                writeln!(
                    out,
                    "Stockfish plays the game's move too: ask about another with --why-not MOVE"
                )?;
                return Ok(());
            }
            uci_of(position, &best)?
        }
    };
    write!(out, "{}", why_not(position, record, other)?)?;
    Ok(())
}

/// Stockfish's move before ply `ply` and its judgement of the game's, as
/// blunders.py makes it; returns its move (UCI).
fn judge(args: &ReplayArgs, game: &Game, ply: usize, out: &mut impl Write) -> Result<String> {
    let uci: Vec<String> = game.moves.iter().map(|p| p.mv.to_string()).collect();
    let before = analyse(&args.stockfish, &game.fen, &uci[..ply])?;
    let after_position = game.position_before(ply + 1);
    let now = if after_position.legal_moves().is_empty() {
        before.value
    } else {
        -analyse(&args.stockfish, &game.fen, &uci[..=ply])?.value
    };
    let position = game.position_before(ply);
    let best = position.parse_move(&before.best)?;
    let pawns = |cp: i32| format!("{:+.2}", f64::from(cp) / 100.0);
    let verdict = judgement(before.value, now).map_or(String::new(), |word| format!(": {word}"));
    writeln!(
        out,
        "\nStockfish ({} nodes a position, as blunders.py, with a fresh table): {} for the side \
         to move, best {}; after {} {}, {:.2} pawns lost{verdict}",
        stockfish::NODES,
        pawns(before.value),
        san(&position, best),
        game.moves[ply].san,
        pawns(now),
        f64::from(before.value - now) / 100.0,
    )?;
    Ok(before.best)
}

/// Replays every engine move of `games` and prints the share reproduced
/// per engine; code 1 when a move was not reproduced.
fn replay_all(games: &[(usize, &Game)], out: &mut impl Write) -> Result<ExitCode> {
    let mut tally: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for &(number, game) in games {
        let mut line = format!("game {number:>3}:");
        for color in [Color::White, Color::Black] {
            let player = Player::of(game, color)?;
            let replayed =
                replay_side(game, &player, None, None).with_context(|| format!("game {number}"))?;
            let good = replayed.iter().filter(|r| r.reproduced()).count();
            let entry = tally.entry(player.engine.clone()).or_default();
            *entry = (entry.0 + good, entry.1 + replayed.len());
            line += &format!(
                "  {} {} {good}/{}",
                color_name(color),
                player.engine,
                replayed.len()
            );
            let mut missed = replayed.iter().filter(|r| !r.reproduced()).peekable();
            if missed.peek().is_some() && player.keeps_a_table() {
                line += &format!("\n    {}", TABLE_REASON);
            }
            for missed in missed {
                line += &format!("\n    {}", missed_line(missed));
            }
        }
        writeln!(out, "{line}")?;
    }
    let mut all_good = true;
    for (engine, (good, total)) in &tally {
        let share = 100.0 * *good as f64 / (*total).max(1) as f64;
        writeln!(
            out,
            "{engine}: {good} of {total} searches reproduced ({share:.1}%)"
        )?;
        all_good &= good == total;
    }
    Ok(if all_good {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Why a side that keeps its table from one search to the next is not
/// replayed exactly.
const TABLE_REASON: &str = "this side keeps its table from one search to the next: a search the \
    clock stopped inside an iteration left entries of that iteration in it, and the PGN holds \
    the nodes of the last finished iteration only, so from the first such search on the \
    replay's table is not the game's";

/// `23... Nxe5 not reproduced: value +0.35 in the game, +0.40 replayed`.
fn missed_line(missed: &Replayed) -> String {
    format!(
        "{} {} not reproduced: {}",
        missed.name,
        missed.game.mv,
        missed.differences().join(", ")
    )
}
