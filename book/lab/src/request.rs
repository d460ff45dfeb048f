//! What the page asks for, read as the command line reads it.
//!
//! A request is a JSON object with the fields of `search`'s command line:
//!
//! ```json
//! {"version": "v09", "fen": "...", "moves": "e2e4 e7e5", "depth": 4,
//!  "options": {"History": false}, "nodes": 200000,
//!  "words": "it", "trace": 2, "paths": false, "recordLevels": 3}
//! ```
//!
//! Every field but `version` may be left out, and means what leaving its
//! switch out means. A mistake is refused with the words the binary prints
//! for the same mistake on its command line (`error: bad --fen '...': ...`),
//! so that the page and the terminal tell a reader the same thing.

use anyhow::{anyhow, Context, Result};
use serde::Deserialize;
use serde_json::{Map, Value};

use common::{Move, Position};
use lamosca_record::option_json;
use lamosca_search::deepen::{DEFAULT_DEPTH, MAX_DEPTH};
use lamosca_search::log::Words;
use lamosca_search::{Engine, EngineOption, OptionKind, OptionValue};

/// The most of a FEN echoed back in an error, in characters, as the
/// command line's (`common/front/src/echo.rs`): a paste of the wrong text
/// into the FEN field must not come back whole.
const ECHOED_FEN: usize = 100;

/// The most of a reason echoed back, in characters, as the command line's.
const ECHOED_REASON: usize = 200;

/// `text` cut to its first `most` characters, with `...` when cut, as the
/// command line cuts it.
fn shortened(text: &str, most: usize) -> String {
    match text.char_indices().nth(most) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.to_string(),
    }
}

/// The level the log goes down to when `trace` is not given, as `search`'s.
pub const DEFAULT_TRACE: u32 = 2;

/// The nodes a search may visit when the request names no cap: enough for
/// the depths the chapters' forms start with. A record takes from about 165
/// bytes a node (v0.07) to 700 (v0.11, whose nodes list their moves), so
/// the cap keeps the worst record near 150 MB, which a browser still holds.
pub const DEFAULT_NODE_CAP: u64 = 200_000;

/// The largest cap the page takes. The page keeps the record of the
/// deepest finished depth whole, to step through it, beside the search
/// under way: at about 700 bytes a node (v0.11's, the largest) a cap of
/// 500,000 nodes is some 350 MB of record, near what a browser's tab holds
/// (and a JavaScript string holds at most about 500 million characters).
/// A larger cap is refused before anything is searched.
pub const MAX_NODE_CAP: u64 = 500_000;

/// The request as the page sends it, before it is checked.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
pub struct Request {
    /// The step: `v07`, `v09`, `v10` or `v11`.
    pub version: String,
    /// `--fen`; the start position when absent.
    pub fen: Option<String>,
    /// `--moves`, as one string or a list.
    pub moves: Moves,
    /// `--depth`, as a number or text.
    pub depth: Option<Value>,
    /// The engine's switches by UCI name.
    pub options: Map<String, Value>,
    /// The node cap; the default when absent.
    pub nodes: Option<u64>,
    /// `--words`: `en` or `it`.
    pub words: Option<String>,
    /// `--trace`.
    pub trace: Option<Value>,
    /// `--paths`.
    pub paths: bool,
    /// `--record-levels`.
    pub record_levels: Option<Value>,
    /// White's name, for a game's PGN.
    pub white: Option<String>,
    /// Black's name, for a game's PGN.
    pub black: Option<String>,
}

/// `--moves`: one string of moves, or a list of them.
#[derive(Debug, Default, Deserialize)]
#[serde(untagged)]
pub enum Moves {
    /// No moves.
    #[default]
    None,
    /// `"e2e4 e7e5"`.
    Text(String),
    /// `["e2e4", "e7e5"]`.
    List(Vec<String>),
}

impl Request {
    /// Reads a request from its JSON text.
    pub fn from_json(text: &str) -> Result<Request> {
        serde_json::from_str(text).context("the request is not one the lab understands")
    }

    /// The position, after the moves, with `search`'s words for a bad FEN
    /// or an illegal move.
    pub fn position(&self) -> Result<Position> {
        let mut position = self.start()?;
        for mv in self.position_moves(&position)? {
            position.make(mv);
        }
        Ok(position)
    }

    /// The position before the moves: `--fen`, or the start position.
    pub fn start(&self) -> Result<Position> {
        match &self.fen {
            Some(fen) => Position::from_fen(fen).map_err(|error| {
                anyhow!(
                    "bad --fen '{}': {}",
                    shortened(fen, ECHOED_FEN),
                    shortened(&error.to_string(), ECHOED_REASON)
                )
            }),
            None => Ok(Position::startpos()),
        }
    }

    /// The moves, each checked to be legal where it is played from `start`.
    pub fn position_moves(&self, start: &Position) -> Result<Vec<Move>> {
        let texts: Vec<&str> = match &self.moves {
            Moves::None => Vec::new(),
            Moves::Text(text) => text.split_whitespace().collect(),
            Moves::List(list) => list
                .iter()
                .flat_map(|text| text.split_whitespace())
                .collect(),
        };
        let mut position = start.clone();
        let mut moves = Vec::new();
        for (index, text) in texts.into_iter().enumerate() {
            let mv = position.parse_move(text).map_err(|error| {
                let reason = shortened(&error.to_string(), ECHOED_REASON);
                anyhow!("move {} of --moves: {reason}", index + 1)
            })?;
            position.make(mv);
            moves.push(mv);
        }
        Ok(moves)
    }

    /// The depth, 1 to [`MAX_DEPTH`], [`DEFAULT_DEPTH`] when not given.
    pub fn depth(&self) -> Result<u32> {
        ranged(&self.depth, "--depth <N>", 1, MAX_DEPTH).map(|depth| depth.unwrap_or(DEFAULT_DEPTH))
    }

    /// The levels the log prints, 0 to [`MAX_DEPTH`].
    pub fn trace(&self) -> Result<u32> {
        ranged(&self.trace, "--trace <L>", 0, MAX_DEPTH).map(|trace| trace.unwrap_or(DEFAULT_TRACE))
    }

    /// The levels the record keeps, every level when not given.
    pub fn record_levels(&self) -> Result<u32> {
        ranged(&self.record_levels, "--record-levels <L>", 1, MAX_DEPTH)
            .map(|levels| levels.unwrap_or(u32::MAX))
    }

    /// The language of the log.
    pub fn words(&self) -> Result<Words> {
        match self.words.as_deref() {
            None | Some("en" | "english") => Ok(Words::English),
            Some("it" | "italian") => Ok(Words::Italian),
            Some(other) => anyhow::bail!(
                "invalid value '{other}' for '--words <WORDS>' [possible values: en, it]"
            ),
        }
    }

    /// The node cap, 1 to [`MAX_NODE_CAP`], [`DEFAULT_NODE_CAP`] when not
    /// given; a larger one is refused with the reason.
    pub fn node_cap(&self) -> Result<u64> {
        let cap = self.nodes.unwrap_or(DEFAULT_NODE_CAP).max(1);
        if cap > MAX_NODE_CAP {
            anyhow::bail!(
                "a node cap of {cap} is more than the page can hold: it keeps a search's record whole \
                 to step through it, up to 700 bytes a node, so it takes at most {MAX_NODE_CAP} nodes; \
                 search deeper with the binary (`search --depth N --record FILE`)"
            );
        }
        Ok(cap)
    }

    /// The node budget of a move in a game: the page keeps no record of
    /// it, so any budget is held.
    pub fn budget(&self) -> u64 {
        self.nodes.unwrap_or(DEFAULT_NODE_CAP).max(1)
    }

    /// A fresh engine with the request's options set, and every option's
    /// value by UCI name for the record's header, as `search` writes it.
    pub fn engine<E: Engine>(&self) -> Result<(E, Map<String, Value>)> {
        let mut engine = E::new();
        let mut given = Vec::new();
        for (name, value) in &self.options {
            let option = E::OPTIONS
                .iter()
                .find(|option| option.name.eq_ignore_ascii_case(name))
                .with_context(|| format!("unknown option: {name}"))?;
            let value = option_value(option, value)?;
            option.set(&mut engine, value).map_err(anyhow::Error::msg)?;
            given.push((option.name, value));
        }
        let values = E::OPTIONS
            .iter()
            .map(|option| {
                let value = given
                    .iter()
                    .rev()
                    .find(|(name, _)| *name == option.name)
                    .map_or_else(|| option.default_value(), |&(_, value)| value);
                (option.name.to_string(), option_json(value))
            })
            .collect();
        Ok((engine, values))
    }
}

/// A whole number from `min` to `max`, refused as clap refuses `switch`.
fn ranged(value: &Option<Value>, switch: &str, min: u32, max: u32) -> Result<Option<u32>> {
    let Some(value) = value else {
        return Ok(None);
    };
    let text = match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    };
    let number: i64 = text.parse().map_err(|_| {
        anyhow::anyhow!("invalid value '{text}' for '{switch}': invalid digit found in string")
    })?;
    if !(i64::from(min)..=i64::from(max)).contains(&number) {
        anyhow::bail!("invalid value '{text}' for '{switch}': {number} is not in {min}..={max}");
    }
    Ok(u32::try_from(number).ok())
}

/// The value of `option` the page gave as JSON, read as UCI's `setoption`
/// reads its text; a value it does not take is refused in the words a
/// switch's value is refused with on the command line.
fn option_value<E>(option: &EngineOption<E>, value: &Value) -> Result<OptionValue> {
    let text = match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    };
    option
        .parse_value(&text)
        .map_err(|refusal| match option.kind {
            OptionKind::Check { .. } => anyhow::anyhow!(refusal),
            OptionKind::Spin { .. } => anyhow::anyhow!(
                "invalid value '{text}' for '--{} <N>': {refusal}",
                option.flag
            ),
            OptionKind::Combo { choices, .. } => anyhow::anyhow!(
                "invalid value '{text}' for '--{} <WORD>' [possible values: {}]",
                option.flag,
                choices.join(", ")
            ),
            OptionKind::List { .. } => anyhow::anyhow!(
                "invalid value '{text}' for '--{} <LIST>': {refusal}",
                option.flag
            ),
        })
}
