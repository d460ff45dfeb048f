//! Moves of the committed ladder games (`book/chapters/measured/games/`),
//! replayed for the pages: the search that chose each, run again node for
//! node by the explorer's `replay`, and its answer to "why not" the move
//! Stockfish preferred.
//!
//! Stockfish's judgement is not run here: it is read from the committed
//! output of `blunders.py` (`games/blunders-*.md`), so that the book is
//! generated where Stockfish is not installed. The replay is run: a
//! change to a step's search that changes the move, the value, the depth
//! or the nodes changes the fragment, and the staleness test fails.

use std::path::Path;

use anyhow::{anyhow, bail, Context, Result};

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use common::{Color, Piece, PieceKind, Square};
use lamosca_explorer::pgn::{read_games, Game};
use lamosca_explorer::replay::{
    find_ply, line_in_san, replay_move, uci_of, value_text, why_not, Replayed,
};
use lamosca_search::deepen::{deepen, Iteration, Limits, Trace, MAX_DEPTH};
use lamosca_search::Engine;

use crate::files::Generated;
use crate::markdown::{md, thousands};

/// One move of a committed game, and the move to ask "why not" about.
#[derive(Clone, Copy, Debug)]
pub struct Example {
    /// The games' file under `measured/games/`: `v11-v10.pgn`.
    pub pgn: &'static str,
    /// The game, from 1.
    pub game: usize,
    /// The move: `23...` or `23.`.
    pub at: &'static str,
    /// The move asked about, in SAN: Stockfish's, where blunders.py lists
    /// the move.
    pub why_not: &'static str,
}

impl Example {
    /// The command that shows the same, typed at the workspace's root.
    pub fn command(&self) -> String {
        format!(
            "cargo replay book/chapters/measured/games/{} --game {} --move {} --why-not {}",
            self.pgn, self.game, self.at, self.why_not
        )
    }
}

/// The games of `measured/games/<name>`.
pub fn games(root: &Path, name: &str) -> Result<Vec<Game>> {
    let path = root.join("book/chapters/measured/games").join(name);
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    read_games(&text, name)
}

/// What `replay` prints for `example`, without the record's path, which
/// differs from machine to machine, and the move replayed.
pub fn replayed(root: &Path, example: &Example) -> Result<(String, Replayed)> {
    let games = games(root, example.pgn)?;
    let game = games
        .get(example.game - 1)
        .ok_or_else(|| anyhow!("{}: no game {}", example.pgn, example.game))?;
    let ply = find_ply(game, example.at)?;
    let position = game.position_before(ply);
    let other = uci_of(&position, example.why_not)?;
    // Named after the process and the thread too: two tests of one
    // process may generate the same example at once.
    let thread = format!("{:?}", std::thread::current().id());
    let record = std::env::temp_dir().join(format!(
        "lamosca-book-replay-{}-{}-{}-{}.jsonl",
        std::process::id(),
        thread.trim_start_matches("ThreadId(").trim_end_matches(')'),
        example.game,
        example.at.replace('.', "d")
    ));
    let mut out = Vec::new();
    let replay = replay_move(game, example.game, ply, &record, &mut out);
    let answer = replay.and_then(|(replayed, recorded)| {
        if !recorded {
            bail!("{}: the search is too large to record", example.command());
        }
        Ok((replayed, why_not(&position, &record, other)?))
    });
    let _ = std::fs::remove_file(&record);
    let (replayed, answer) = answer?;
    let mut text = String::from_utf8(out)?;
    text.push_str(&answer);
    if !replayed.reproduced() {
        bail!(
            "{} no longer reproduces the game's search:\n{text}",
            example.command()
        );
    }
    Ok((text, replayed))
}

/// The blunder of v0.11 that "What holds v0.11 back" replays: a pawn
/// break that opens the e-file under its own king.
pub const V11_BLUNDER: Example = Example {
    pgn: "v11-v10.pgn",
    game: 6,
    at: "10...",
    why_not: "Be7",
};

/// The v0.09 move of v0.10's chapter: a capture at the horizon.
pub const V09_HORIZON: Example = Example {
    pgn: "v10-v09.pgn",
    game: 5,
    at: "27...",
    why_not: "Nxd5",
};

/// The strength chapter's blunder: what blunders.py says of it, and its
/// search replayed, with why it did not play Stockfish's move.
pub fn v11_blunder(root: &Path) -> Result<Generated> {
    let example = V11_BLUNDER;
    let listed = listed(root, "blunders-v11-v10.md", &example)?;
    let (text, _) = replayed(root, &example)?;
    // The page says why the move loses: after it, the pawn on e4 is all
    // that stands between White's queen on e2 and the bishop on e6, with
    // the king on e8 behind it.
    let game = &games(root, example.pgn)?[example.game - 1];
    let after = game.position_before(find_ply(game, example.at)? + 1);
    let on = |square: &str, color, kind| {
        Square::parse(square).is_some_and(|sq| after.piece_at(sq) == Piece::new(color, kind))
    };
    let empty =
        |square: &str| Square::parse(square).is_some_and(|sq| after.piece_at(sq).is_empty());
    if !(on("e2", Color::White, PieceKind::Queen)
        && ["e3", "e5", "e7"].into_iter().all(empty)
        && on("e4", Color::White, PieceKind::Pawn)
        && on("e6", Color::Black, PieceKind::Bishop)
        && on("e8", Color::Black, PieceKind::King))
    {
        bail!(
            "the position after {} changed: rewrite strength.md's replayed blunder",
            example.at
        );
    }
    Ok(md(
        "replays/v11-blunder.md",
        format!(
            "In game {} of v0.11 against v0.10 (`book/chapters/measured/games/{}`), v0.11 \
             played {} {}; `blunders.py` counts it {} pawns lost, and Stockfish plays {} \
             instead. The search that chose it, replayed by\n\n```sh\n{}\n```\n\n\
             ```text\n{text}```\n",
            example.game,
            example.pgn,
            example.at,
            listed.san,
            listed.lost,
            listed.best,
            example.command(),
        ),
    ))
}

/// v0.10's chapter's horizon: v0.09's move replayed, then v0.10 searching
/// the same position, with the game's history, under the same budget.
pub fn v09_horizon(root: &Path) -> Result<Generated> {
    let example = V09_HORIZON;
    let listed = listed(root, "blunders-v10-v09.md", &example)?;
    let (text, replayed) = replayed(root, &example)?;
    let game = &games(root, example.pgn)?[example.game - 1];
    let ply = find_ply(game, example.at)?;
    let position = game.position_before(ply);
    let budget = replayed.budget;
    let v10 = v10_search(&position, budget);
    let v10_line = line_in_san(&position, &v10.pv);
    // The page says that v0.09's line ends in a capture, at its horizon,
    // and that v0.10 plays Stockfish's move.
    let last = replayed.line.last().map_or("", String::as_str);
    if !last.contains('x') || v10_line.first().map(String::as_str) != Some(example.why_not) {
        bail!("the horizon example changed: rewrite v10-quiescence.md's replayed game");
    }
    Ok(md(
        "replays/v10-horizon.md",
        format!(
            "In game {} of v0.10 against v0.09 (`book/chapters/measured/games/{}`), v0.09 \
             played {} {}; `blunders.py` counts it {} pawns lost, and Stockfish plays {} \
             instead. v0.09's search, replayed by\n\n```sh\n{}\n```\n\n\
             ```text\n{text}```\n\nv0.10, searching the same position (with the game's \
             history) under the same budget of {} nodes, finishes depth {} and plays {}, worth \
             {}: `{}`.\n",
            example.game,
            example.pgn,
            example.at,
            listed.san,
            listed.lost,
            listed.best,
            example.command(),
            thousands(budget),
            v10.depth,
            v10_line.first().map_or("?", String::as_str),
            value_text(v10.value),
            v10_line.join(" "),
        ),
    ))
}

/// v0.10's deepening of `position` under a budget of `nodes`: its last
/// finished iteration, whose line starts with the move it answers.
fn v10_search(position: &common::Position, nodes: u64) -> Iteration {
    let mut engine = lamosca_v10_quiescence::QuiescenceSearch::new();
    let limits = Limits {
        depth: MAX_DEPTH,
        deadline: None,
        nodes: Some(nodes),
    };
    let stop = Arc::new(AtomicBool::new(false));
    let mut last = None;
    let mut position = position.clone();
    deepen(
        &mut engine,
        &mut position,
        &limits,
        &stop,
        Trace::off(),
        |it| last = Some(it.clone()),
    );
    last.expect("depth 1 is always finished")
}

/// A blunder as `blunders.py` lists it: `game 3, 23... Nxe5 by LaMoSca
/// v0.11, 2.30 pawns lost (Stockfish: Bd6)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Blunder {
    /// The game, from 1.
    pub game: usize,
    /// `23...`.
    pub at: String,
    /// The move played, in SAN.
    pub san: String,
    /// The engine that played it.
    pub engine: String,
    /// Stockfish's judgement of what it lost, in pawns: `2.30`.
    pub lost: String,
    /// Stockfish's move.
    pub best: String,
}

/// The blunders listed in `measured/games/<name>`, a committed output of
/// `blunders.py`.
pub fn blunders(root: &Path, name: &str) -> Result<Vec<Blunder>> {
    let path = root.join("book/chapters/measured/games").join(name);
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    Ok(text.lines().filter_map(blunder).collect())
}

/// One line of blunders.py's list, if it is one.
fn blunder(line: &str) -> Option<Blunder> {
    let rest = line.strip_prefix("game ")?;
    let (game, rest) = rest.split_once(", ")?;
    let (at, rest) = rest.split_once(' ')?;
    let (san, rest) = rest.split_once(" by ")?;
    let (engine, rest) = rest.split_once(", ")?;
    let (lost, rest) = rest.split_once(" pawns lost")?;
    let best = rest
        .trim()
        .strip_prefix("(Stockfish: ")?
        .strip_suffix(')')?;
    Some(Blunder {
        game: game.parse().ok()?,
        at: at.to_string(),
        san: san.to_string(),
        engine: engine.to_string(),
        lost: lost.to_string(),
        best: best.to_string(),
    })
}

/// The blunder of `example` in the list `name`, which must list it with
/// Stockfish's move as the one asked about.
pub fn listed(root: &Path, name: &str, example: &Example) -> Result<Blunder> {
    let found = blunders(root, name)?
        .into_iter()
        .find(|b| b.game == example.game && b.at == example.at)
        .ok_or_else(|| {
            anyhow!(
                "{name} no longer lists {} {}: choose another blunder",
                example.game,
                example.at
            )
        })?;
    if found.best != example.why_not {
        bail!(
            "{name}: Stockfish now prefers {} to {} {}: ask about it",
            found.best,
            example.at,
            found.san
        );
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_of_blunders_py_is_read() {
        let line = "game 10, 9. Nxf7 by LaMoSca v0.09, 2.68 pawns lost (Stockfish: Nd5)";
        let read = blunder(line).unwrap();
        assert_eq!(
            (read.game, read.at.as_str(), read.san.as_str()),
            (10, "9.", "Nxf7")
        );
        assert_eq!(
            (read.engine.as_str(), read.lost.as_str()),
            ("LaMoSca v0.09", "2.68")
        );
        assert_eq!(read.best, "Nd5");
        assert_eq!(blunder("    cargo replay x.pgn --game 10 --move 9."), None);
    }
}
