//! A game against a step in the page: the rules, the step's move, the PGN.
//! The rules are [`crate::rules`]'s and the moves' algebraic names
//! [`crate::san`]'s.
//!
//! The page keeps the game as the start position and the moves played;
//! [`game`] replays them and says what the rules allow next (the legal
//! moves, with their names in standard algebraic notation) and whether the
//! game is over: checkmate, stalemate, threefold repetition, the fifty-move
//! rule or insufficient material. [`think`] asks a step for its move,
//! deepening one depth at a time within a node budget, as the driver's
//! `deepen` does with a clock (the page's WebAssembly has no clock of its
//! own, so the budget is counted in nodes).

use anyhow::Result;
use serde::Serialize;

use common::Position;
use lamosca_search::events::Tracer;
use lamosca_search::{Engine, SearchControl};

use crate::request::Request;
use crate::rules::judge;
use crate::san::san;

/// The deepest a move is thought about, whatever the budget.
const THINK_DEPTH: u32 = 32;

/// A legal move, by its UCI name and its algebraic name.
#[derive(Debug, Serialize)]
pub struct LegalMove {
    /// `e7e8q`.
    pub uci: String,
    /// `e8=Q+`.
    pub san: String,
}

/// Where a game stands.
#[derive(Debug, Serialize)]
pub struct GameState {
    /// The position now.
    pub fen: String,
    /// `white` or `black`.
    pub turn: &'static str,
    /// The side to move is in check.
    pub check: bool,
    /// The legal moves; none once the game is over.
    pub legal: Vec<LegalMove>,
    /// The moves played, in algebraic notation.
    pub played: Vec<String>,
    /// Why the game is over, or `None`.
    pub over: Option<String>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'static str,
    /// The game in PGN.
    pub pgn: String,
}

/// What a step thought: its move and the last depth it finished.
#[derive(Debug, Serialize)]
pub struct Thought {
    /// Its move, in UCI notation.
    pub best: String,
    /// The value, for the side to move.
    pub value: i32,
    /// The last depth finished.
    pub depth: u32,
    /// Its principal variation.
    pub pv: Vec<String>,
    /// The nodes of every depth.
    pub nodes: u64,
    /// The depth the budget stopped, or left no nodes to start; `None`
    /// when the step thought as deep as it ever does.
    pub stopped: Option<u32>,
}

/// The game of `request` (its `fen` and `moves`), as the rules see it.
pub fn game(request: &Request) -> Result<GameState> {
    let start = request.start()?;
    let mut position = start.clone();
    let mut played = Vec::new();
    for mv in request.position_moves(&start)? {
        played.push(san(&position, mv));
        position.make(mv);
    }
    let judged = judge(&position);
    let over = judged.map(|(_, ending)| ending.to_string());
    let result = judged.map_or("*", |(result, _)| result);
    let white_to_move = position.side_to_move() == common::Color::White;
    let legal = if over.is_some() {
        Vec::new()
    } else {
        position
            .legal_moves()
            .into_iter()
            .map(|mv| LegalMove {
                uci: mv.to_string(),
                san: san(&position, mv),
            })
            .collect()
    };
    let players = [request.white.as_deref(), request.black.as_deref()];
    let pgn = pgn(&start, &played, players, result);
    Ok(GameState {
        fen: position.to_fen(),
        turn: if white_to_move { "white" } else { "black" },
        check: position.in_check(),
        legal,
        played,
        over,
        result,
        pgn,
    })
}

/// The move of the step `request.version` in the game's position, within
/// `request.nodes` nodes.
pub fn think<E: Engine>(request: &Request) -> Result<Thought> {
    let (mut engine, _) = request.engine::<E>()?;
    let mut position = request.position()?;
    let budget = request.budget();
    let Some(&first) = position.legal_moves().first() else {
        anyhow::bail!("the game is over: there is no legal move");
    };
    let mut thought = Thought {
        best: first.to_string(),
        value: 0,
        depth: 0,
        pv: vec![first.to_string()],
        nodes: 0,
        stopped: None,
    };
    // A step that deepens by itself (v0.11) is asked once; the others one
    // depth after another, keeping the last depth that finished.
    let deepens_itself = engine.deepens_itself();
    let depths = if deepens_itself {
        THINK_DEPTH..=THINK_DEPTH
    } else {
        1..=THINK_DEPTH
    };
    for depth in depths {
        let left = budget.saturating_sub(thought.nodes).max(1);
        let control = SearchControl::unlimited().with_node_limit(left);
        let report = engine.search(&mut position, depth, &control, &mut Tracer::off());
        thought.nodes += report.nodes;
        let whole = !(report.interrupted || control.stopped());
        // A depth cut short keeps the last whole one's move, but for a
        // step that deepens by itself, whose move is its last whole depth's.
        if let (Some(best), true) = (report.best, whole || deepens_itself) {
            thought.best = best.to_string();
            thought.value = report.value;
            thought.depth = report.depth;
            thought.pv = report.pv.iter().map(ToString::to_string).collect();
        }
        if !whole || thought.nodes >= budget {
            thought.stopped = Some(if whole { depth + 1 } else { thought.depth + 1 });
            break;
        }
    }
    Ok(thought)
}

/// The game in PGN: the seven-tag roster, the start position when it is
/// not the usual one, the moves and the result.
fn pgn(start: &Position, played: &[String], players: [Option<&str>; 2], result: &str) -> String {
    let name =
        |name: Option<&str>| name.map_or_else(|| "?".to_string(), |name| name.replace('"', "'"));
    let mut text = format!(
        "[Event \"LaMoSca lab\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"-\"]\n[White \"{}\"]\n[Black \"{}\"]\n[Result \"{result}\"]\n",
        name(players[0]),
        name(players[1])
    );
    let fen = start.to_fen();
    if fen != common::START_FEN {
        text.push_str(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n"));
    }
    text.push('\n');
    let mut number = start.fullmove_number();
    let mut white = start.side_to_move() == common::Color::White;
    let mut words = Vec::new();
    for (index, mv) in played.iter().enumerate() {
        if white {
            words.push(format!("{number}. {mv}"));
        } else {
            if index == 0 {
                words.push(format!("{number}... {mv}"));
            } else {
                words.push(mv.clone());
            }
            number += 1;
        }
        white = !white;
    }
    words.push(result.to_string());
    text.push_str(&words.join(" "));
    text.push('\n');
    text
}
