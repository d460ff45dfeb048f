//! `replay`: the search behind a move of a ladder game, run again node for
//! node.
//!
//! The ladder (`book/ladder/ladder.py`) writes with each engine move the
//! value and the depth of the search's last finished iteration and the
//! nodes of its last `info` line (`+0.35/7 0.120s n=12345`), and in the
//! headers each side's program and options (`WhiteEngine`,
//! `WhiteOptions`). The UCI front tells every node a search visited: when
//! the clock stopped an iteration inside, it adds `info nodes N` after the
//! last iteration's line, so the count is the search's whole. Every step
//! searches the same position with the same history, options and state
//! the same way, so the search a clock stopped is found again by a node
//! budget:
//!
//! - the position is the game's, reached by its moves, so that a
//!   repetition of an earlier position counts as it did in the game;
//! - the engine is the step the header names, made afresh and given the
//!   header's options, as the runner's fresh process was;
//! - where a step keeps something from one search to the next (v0.11's
//!   table, with `Ideas=all` or a list naming `table`), every earlier
//!   search of the same side is replayed first, with the same engine, so
//!   that the table is what it was; every other step starts each search
//!   afresh (its killers and history are cleared at the root), so the
//!   search asked for is replayed alone;
//! - the search deepens with no clock and a node budget. The search polls
//!   its control at every node it enters, once the node is counted, and
//!   the clock's flag, like a budget, is seen at the first poll after it
//!   rises: the node that reaches a budget of N is node N, and it is
//!   stopped before it does anything. A game's count of N means one of
//!   two searches:
//!   - the clock stopped an iteration inside, at node N (the `info nodes`
//!     line). A budget of exactly N stops the replay at that node, so
//!     that the nodes before it have written into the table what they
//!     wrote in the game, and nothing more;
//!   - the last iteration finished at node N, and no node came after
//!     (the search settled, or the flag rose between two depths). A
//!     budget of N would stop that iteration at its last node; one more,
//!     N + 1, lets it finish and stops the next iteration at its first
//!     node, before it writes anything.
//!
//!   The comment does not say which, so each search is tried under one
//!   budget and, if the result cannot be that case's (a finished
//!   iteration that does not end at node N, a depth short of the game's),
//!   under the other: a step with a table first with N, since its clock
//!   stops nearly all its searches inside an iteration (even the flag
//!   raised between two depths is seen at the next depth's first node,
//!   counted), and then built again from its earlier searches, for the
//!   first try changed its table; another step first with N + 1, which
//!   is all that games written before the `info nodes` line need.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use anyhow::{anyhow, bail, Context, Result};
use serde_json::{Map, Value};

use crate::limits;
use crate::pgn::{move_name, san, Game};
use common::{Color, Move, Position};
use lamosca_reader::{for_each_step, why, Record};
use lamosca_record::{option_json, Header, Recorder};
use lamosca_search::deepen::{deepen, Iteration, Limits, Score, Trace, MAX_DEPTH};
use lamosca_search::engine::{Engine, OptionValue, Report};

/// What a search said about a move: the game's comment, or the replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said {
    /// The move, in SAN.
    pub mv: String,
    /// The value as the ladder writes it: `+0.35`, `-M2`.
    pub value: String,
    /// The last finished iteration's depth.
    pub depth: u32,
    /// The nodes of the last finished iteration, over every depth.
    pub nodes: u64,
}

/// One engine move, as played and as replayed.
#[derive(Clone, Debug)]
pub struct Replayed {
    /// Its index in the game's moves.
    pub ply: usize,
    /// `23.` or `23...`.
    pub name: String,
    /// What the game's comment says.
    pub game: Said,
    /// What the replay found.
    pub replay: Said,
    /// The replay's principal variation, in SAN: the line its value is
    /// the value of.
    pub line: Vec<String>,
    /// The node budget that replayed it.
    pub budget: u64,
}

impl Replayed {
    /// True when move, value, depth and nodes are all the game's.
    pub fn reproduced(&self) -> bool {
        self.game == self.replay
    }

    /// What differs, `value +0.35 (game) against +0.40 (replay)`; empty
    /// when nothing does.
    pub fn differences(&self) -> Vec<String> {
        let (g, r) = (&self.game, &self.replay);
        let mut out = Vec::new();
        let mut differ = |what: &str, a: String, b: String| {
            if a != b {
                out.push(format!("{what} {a} in the game, {b} replayed"));
            }
        };
        differ("move", g.mv.clone(), r.mv.clone());
        differ("value", g.value.clone(), r.value.clone());
        differ("depth", g.depth.to_string(), r.depth.to_string());
        differ("nodes", g.nodes.to_string(), r.nodes.to_string());
        out
    }
}

/// One side of a game: which step played it, with which options.
#[derive(Clone, Debug)]
pub struct Player {
    /// White or Black.
    pub color: Color,
    /// The program's name, `LaMoSca v0.10`.
    pub engine: String,
    /// The options, `("Ideas", "all")`, in the order the runner set them.
    pub options: Vec<(String, String)>,
}

impl Player {
    /// The side `color` of `game`, from its headers.
    pub fn of(game: &Game, color: Color) -> Result<Player> {
        let side = if color == Color::White {
            "White"
        } else {
            "Black"
        };
        let engine = game
            .tag(&format!("{side}Engine"))
            .or_else(|| game.tag(side))
            .ok_or_else(|| anyhow!("the game names no {side} engine"))?;
        let options = game.tag(&format!("{side}Options")).unwrap_or("");
        let options = options
            .split(';')
            .filter(|option| !option.trim().is_empty())
            .map(|option| {
                let (name, value) = option.split_once('=').unwrap_or((option, ""));
                (name.trim().to_string(), value.trim().to_string())
            })
            .collect();
        Ok(Player {
            color,
            engine: engine.to_string(),
            options,
        })
    }

    /// True when the options keep v0.11's transposition table (`Ideas`
    /// naming `table`, or `all`), which carries from one search to the
    /// next.
    pub fn keeps_a_table(&self) -> bool {
        self.options.iter().any(|(name, value)| {
            name.eq_ignore_ascii_case("Ideas")
                && (value == "all" || value.split(',').any(|idea| idea.trim() == "table"))
        })
    }

    /// The options as the header says them: `Ideas=all; Hash=64`, or
    /// `the defaults`.
    pub fn options_text(&self) -> String {
        if self.options.is_empty() {
            return "the defaults".to_string();
        }
        let all: Vec<String> = self
            .options
            .iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect();
        all.join("; ")
    }
}

/// The value as the ladder writes it, from the side to move: `+0.35`,
/// `+M3` (mates in three moves), `-M2` (is mated in two).
pub fn value_text(value: i32) -> String {
    let score = Score(value).to_string();
    match score.split_once(' ') {
        Some(("mate", moves)) => match moves.strip_prefix('-') {
            Some(moves) => format!("-M{moves}"),
            None => format!("+M{moves}"),
        },
        _ => format!("{:+.2}", f64::from(value) / 100.0),
    }
}

/// What the ladder's comment says of a search: `+0.35/7 0.120s n=12345`.
/// None for a move no engine searched (an opening's), an error for an
/// engine move whose comment holds no node count.
pub fn told(comment: &str) -> Result<Option<(String, u32, u64)>> {
    if comment.is_empty() {
        return Ok(None);
    }
    let words: Vec<&str> = comment.split_whitespace().collect();
    let nodes = words.iter().find_map(|word| word.strip_prefix("n="));
    let Some(nodes) = nodes else {
        bail!(
            "its comment '{comment}' holds no node count (n=...): the game was written by an \
             earlier ladder.py; play it again to replay it"
        );
    };
    let nodes = nodes
        .parse()
        .with_context(|| format!("the node count in '{comment}'"))?;
    let (value, depth) = words[0].split_once('/').unwrap_or((words[0], ""));
    let depth = depth.parse().unwrap_or(0);
    Ok(Some((value.to_string(), depth, nodes)))
}

/// Which search a replay records, and where.
pub struct Wanted<'a> {
    /// The ply whose search is recorded.
    pub ply: usize,
    /// The record's path.
    pub path: &'a Path,
}

/// Replays every engine move of `player`'s side up to ply `last`
/// (included; every one with None), recording the search of `wanted`.
pub fn replay_side(
    game: &Game,
    player: &Player,
    last: Option<usize>,
    wanted: Option<&Wanted>,
) -> Result<Vec<Replayed>> {
    let mut result = None;
    for_each_step!(step, E => {
        if E::NAME == player.engine {
            let _ = step;
            result = Some(replay_with::<E>(game, player, last, wanted));
        }
    });
    result.unwrap_or_else(|| {
        let mut names = Vec::new();
        for_each_step!(step, E => {
            let _ = step;
            names.push(format!("'{}'", E::NAME));
        });
        bail!(
            "the {} engine '{}' is none of the steps ({})",
            color_name(player.color),
            player.engine,
            names.join(", ")
        )
    })
}

/// `White` or `Black`.
pub fn color_name(color: Color) -> &'static str {
    if color == Color::White {
        "White"
    } else {
        "Black"
    }
}

/// [`replay_side`] with the step's engine `E`.
fn replay_with<E: Engine>(
    game: &Game,
    player: &Player,
    last: Option<usize>,
    wanted: Option<&Wanted>,
) -> Result<Vec<Replayed>> {
    let (mut engine, options) = fresh_engine::<E>(player)?;
    let mut replayed = Vec::new();
    // The searches replayed so far, and the budget that replayed each: a
    // table's past, to be replayed again if a search must be tried twice.
    let mut earlier: Vec<(usize, (u64, bool))> = Vec::new();
    let keeps = player.keeps_a_table();
    let last_only = last.is_some() && !keeps;
    let last = last.unwrap_or(game.moves.len().saturating_sub(1));
    for ply in 0..=last.min(game.moves.len().saturating_sub(1)) {
        let position = game.position_before(ply);
        if position.side_to_move() != player.color {
            continue;
        }
        // A side that keeps nothing from one search to the next needs
        // only the search asked for replayed.
        if last_only && ply != last {
            continue;
        }
        let played = &game.moves[ply];
        let Some((value, depth, nodes)) =
            told(&played.comment).with_context(|| format!("move {}", move_name(&position)))?
        else {
            continue;
        };
        let record = wanted.filter(|wanted| wanted.ply == ply);
        // The two budgets of the module's words, the likelier first: a
        // table's searches were mostly stopped inside an iteration.
        let (inside, finished) = ((nodes, false), (nodes + 1, true));
        let budgets = if keeps {
            [inside, finished]
        } else {
            [finished, inside]
        };
        let mut found = search(&mut engine, &position, budgets[0], record, &options)?;
        if !found.fits(nodes, depth) {
            if keeps {
                // The first try changed the table: it is built again.
                engine = rebuilt::<E>(game, player, &earlier)?;
            }
            found = search(&mut engine, &position, budgets[1], record, &options)?;
        }
        earlier.push((ply, (found.budget, found.finished)));
        let best = found
            .report
            .best
            .map_or("0000".to_string(), |mv| san(&position, mv));
        let line = line_in_san(&position, &found.last.pv);
        replayed.push(Replayed {
            ply,
            name: move_name(&position),
            game: Said {
                mv: san(&position, played.mv),
                value,
                depth,
                nodes,
            },
            replay: Said {
                mv: best,
                value: value_text(found.last.value),
                depth: found.last.depth,
                nodes: found.told_nodes(),
            },
            line,
            budget: found.budget,
        });
    }
    Ok(replayed)
}

/// A fresh engine `E` with `player`'s options, told a new game, and every
/// option's value for a record's header.
fn fresh_engine<E: Engine>(player: &Player) -> Result<(E, Map<String, Value>)> {
    let (mut engine, options) = engine_for::<E>(player)?;
    engine.new_game();
    Ok((engine, options))
}

/// A fresh engine `E` that has searched `earlier` again, each search of
/// `game` under the budget that replayed it: the table those searches
/// left.
fn rebuilt<E: Engine>(game: &Game, player: &Player, earlier: &[(usize, (u64, bool))]) -> Result<E> {
    let (mut engine, options) = fresh_engine::<E>(player)?;
    for &(ply, budget) in earlier {
        search(
            &mut engine,
            &game.position_before(ply),
            budget,
            None,
            &options,
        )?;
    }
    Ok(engine)
}

/// `moves`, played from `position`, in SAN: `Nxe5 dxe5 Qxd8+`.
pub fn line_in_san(position: &Position, moves: &[Move]) -> Vec<String> {
    let mut position = position.clone();
    let mut line = Vec::new();
    for &mv in moves {
        if !position.legal_moves().contains(&mv) {
            break;
        }
        line.push(san(&position, mv));
        position.make(mv);
    }
    line
}

/// A fresh engine `E` with `player`'s options, and every option's value
/// for a record's header.
fn engine_for<E: Engine>(player: &Player) -> Result<(E, Map<String, Value>)> {
    let mut engine = E::new();
    let mut values: Map<String, Value> = E::OPTIONS
        .iter()
        .map(|option| (option.name.to_string(), option_json(option.default_value())))
        .collect();
    for (name, text) in &player.options {
        let option = E::OPTIONS
            .iter()
            .find(|option| option.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| anyhow!("{} has no option '{name}'", E::NAME))?;
        let value: OptionValue = option
            .parse_value(text)
            .map_err(|message| anyhow!("{}: {message}", E::NAME))?;
        engine
            .set_option(option.name, value)
            .map_err(|message| anyhow!("{}: {message}", E::NAME))?;
        values.insert(option.name.to_string(), option_json(value));
    }
    Ok((engine, values))
}

/// One replayed search: the budget it had, whether that budget supposes
/// the game's search ended with a finished iteration, its report and the
/// last iteration it told.
struct Found {
    budget: u64,
    finished: bool,
    report: Report,
    last: Iteration,
}

impl Found {
    /// The nodes the engine would have told last, as the ladder writes
    /// them: a finished iteration's (the replay's own stop, one node past
    /// it, is no node of the game's), or every node of a search stopped
    /// inside an iteration.
    fn told_nodes(&self) -> u64 {
        if self.finished {
            self.last.nodes
        } else {
            self.report.nodes
        }
    }

    /// True when the search fits the game's `nodes` and `depth` as its
    /// budget supposes: a budget of one node more than the game's count
    /// supposes that the last finished iteration ended at it, a budget of
    /// the game's count that the search was stopped at that node with the
    /// game's depth finished.
    fn fits(&self, nodes: u64, depth: u32) -> bool {
        if self.finished {
            self.last.nodes == nodes
        } else {
            self.last.depth == depth
        }
    }
}

/// One search of `position` under a budget of `budget` nodes, which
/// supposes a `finished` last iteration or not (see the module's words),
/// recorded into `record` if given.
fn search<E: Engine>(
    engine: &mut E,
    position: &Position,
    (budget, finished): (u64, bool),
    record: Option<&Wanted>,
    options: &Map<String, Value>,
) -> Result<Found> {
    let limits = Limits {
        depth: MAX_DEPTH,
        deadline: None,
        nodes: Some(budget),
    };
    let no_stop = Arc::new(AtomicBool::new(false));
    let mut last = None;
    let mut position = position.clone();
    let report = match record {
        None => deepen(
            engine,
            &mut position,
            &limits,
            &no_stop,
            Trace::off(),
            |it| last = Some(it.clone()),
        ),
        Some(wanted) => {
            let file = std::fs::File::create(wanted.path)
                .with_context(|| format!("cannot write the record '{}'", wanted.path.display()))?;
            let header = Header::of::<E>(&position, MAX_DEPTH, options.clone());
            let mut recorder = Recorder::new(std::io::BufWriter::new(file), &header, u32::MAX)?;
            let trace = Trace {
                levels: u32::MAX,
                listener: Some(&mut recorder),
            };
            let report = deepen(engine, &mut position, &limits, &no_stop, trace, |it| {
                last = Some(it.clone())
            });
            recorder
                .finish(&report)
                .with_context(|| format!("cannot write the record '{}'", wanted.path.display()))?;
            report
        }
    };
    // A position with no move tells no iteration.
    let last = last.unwrap_or(Iteration {
        depth: 0,
        seldepth: 0,
        value: report.value,
        nodes: report.nodes,
        elapsed: Default::default(),
        pv: Vec::new(),
    });
    Ok(Found {
        budget,
        finished,
        report,
        last,
    })
}

/// The record path for a move when none is given: in the system's scratch
/// folder, named after the file, the game and the move.
pub fn scratch_record(pgn: &Path, game: usize, name: &str) -> PathBuf {
    let stem = pgn
        .file_stem()
        .map_or("game".into(), |s| s.to_string_lossy());
    let side = if name.ends_with("...") { "b" } else { "w" };
    let number = name.trim_end_matches('.');
    std::env::temp_dir().join(format!("replay-{stem}-{game}-{number}{side}.jsonl"))
}

/// Prints the comparison of one replayed move.
pub fn print_one(out: &mut impl Write, replayed: &Replayed) -> Result<()> {
    let (g, r) = (&replayed.game, &replayed.replay);
    writeln!(out, "{:<7} {:>10} {:>10}", "", "game", "replay")?;
    let rows = [
        ("move", g.mv.clone(), r.mv.clone()),
        ("value", g.value.clone(), r.value.clone()),
        ("depth", g.depth.to_string(), r.depth.to_string()),
        ("nodes", g.nodes.to_string(), r.nodes.to_string()),
    ];
    for (what, a, b) in rows {
        let mark = if a == b { "" } else { "  differs" };
        writeln!(out, "{what:<7} {a:>10} {b:>10}{mark}")?;
    }
    writeln!(out, "line    {}", replayed.line.join(" "))?;
    let verdict = if replayed.reproduced() {
        "reproduced: the same move, value, depth and nodes"
    } else {
        "not reproduced"
    };
    writeln!(out, "{verdict}")?;
    Ok(())
}

/// The ply of move `at` (`23w`, `23b`, `23.`, `23...`) in `game`.
pub fn find_ply(game: &Game, at: &str) -> Result<usize> {
    let (number, color) = if let Some(n) = at.strip_suffix("...") {
        (n, Color::Black)
    } else if let Some(n) = at.strip_suffix(['b', 'B']) {
        (n, Color::Black)
    } else if let Some(n) = at.strip_suffix(['w', 'W', '.']) {
        (n, Color::White)
    } else {
        bail!("--move needs a number and a side, like 23w or 23... (Black's), not '{at}'");
    };
    let number: u16 = number
        .parse()
        .map_err(|_| anyhow!("--move needs a number and a side, like 23w, not '{at}'"))?;
    let mut position = game.position_before(0);
    let first = move_name(&position);
    for (ply, played) in game.moves.iter().enumerate() {
        if position.fullmove_number() == number && position.side_to_move() == color {
            return Ok(ply);
        }
        position.make(played.mv);
    }
    let last = game
        .moves
        .len()
        .checked_sub(1)
        .map(|ply| move_name(&game.position_before(ply)));
    let range = last.map_or("no move".to_string(), |last| {
        format!("moves {first} to {last}")
    });
    bail!("the game has {range}: no move {at}")
}

/// The told value, depth and nodes of ply `ply`, an engine move; an
/// opening's move, which no engine searched, is refused.
pub fn engine_move(game: &Game, ply: usize) -> Result<(String, u32, u64)> {
    let position = game.position_before(ply);
    let name = move_name(&position);
    let played = &game.moves[ply];
    told(&played.comment)
        .with_context(|| format!("move {name}"))?
        .ok_or_else(|| {
            anyhow!(
                "move {name} {} is the opening's: no engine searched it",
                played.san
            )
        })
}

/// Replays ply `ply` of game `number` (the searches it needs first),
/// records its search into `record`, and prints what was replayed and how
/// it compares with the game: the move replayed, and false when the
/// search is too large to record (more than [`limits::MOST_NODES`] nodes),
/// which it says.
pub fn replay_move(
    game: &Game,
    number: usize,
    ply: usize,
    record: &Path,
    out: &mut impl Write,
) -> Result<(Replayed, bool)> {
    let position = game.position_before(ply);
    let (_, _, nodes) = engine_move(game, ply)?;
    let player = Player::of(game, position.side_to_move())?;
    let recorded = nodes < limits::MOST_NODES;
    let wanted = Wanted { ply, path: record };
    let replayed = replay_side(game, &player, Some(ply), recorded.then_some(&wanted))?;
    let this = replayed
        .last()
        .expect("the move asked for is an engine move")
        .clone();
    let earlier = match replayed.len() - 1 {
        0 => String::new(),
        n => format!(", after its side's {n} earlier searches, for the table they leave"),
    };
    writeln!(
        out,
        "Game {number} ({}), {} {} by {} ({}, options: {}): replayed under a budget of {} \
         nodes{earlier}",
        game.tag("Opening").unwrap_or("?"),
        move_name(&position),
        game.moves[ply].san,
        player.engine,
        color_name(player.color),
        player.options_text(),
        this.budget,
    )?;
    print_one(out, &this)?;
    if !recorded {
        writeln!(
            out,
            "no record: more than {} nodes, the most the explorer opens",
            limits::MOST_NODES
        )?;
    }
    Ok((this, recorded))
}

/// Why the search recorded in `record`, of `position`, did not choose
/// `mv`: a heading, then the reader's answer.
pub fn why_not(position: &Position, record: &Path, mv: Move) -> Result<String> {
    let record: Record = limits::open(record)
        .with_context(|| format!("cannot read the record {}", limits::named(record)))?;
    let answer = why(&record, &mv.to_string())?;
    Ok(format!("\nWhy not {} ({mv})?\n{answer}", san(position, mv)))
}

/// The move `text` (SAN or UCI) in `position`, in UCI.
pub fn uci_of(position: &Position, text: &str) -> Result<Move> {
    position
        .parse_move(text)
        .or_else(|_| crate::pgn::parse_san(position, text))
        .with_context(|| format!("--why-not: '{text}' is no legal move here"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_as_the_ladder_writes_them() {
        assert_eq!(value_text(35), "+0.35");
        assert_eq!(value_text(-120), "-1.20");
        assert_eq!(value_text(0), "+0.00");
        let mate_in_three = lamosca_search::engine::MATE - 5;
        assert_eq!(value_text(mate_in_three), "+M3");
        assert_eq!(value_text(-(lamosca_search::engine::MATE - 4)), "-M2");
    }

    #[test]
    fn a_comment_tells_the_value_depth_and_nodes() {
        assert_eq!(
            told("+0.35/7 0.120s n=12345").unwrap(),
            Some(("+0.35".to_string(), 7, 12345))
        );
        assert_eq!(
            told("-M2/9 0.005s n=88 White mates").unwrap(),
            Some(("-M2".to_string(), 9, 88))
        );
        assert_eq!(told("").unwrap(), None);
        let error = told("+0.35/7 0.120s").unwrap_err().to_string();
        assert!(error.contains("holds no node count"), "{error}");
    }
}
