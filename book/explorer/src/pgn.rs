//! The games of a PGN file, as the ladder writes them: the tags, and each
//! move with its comment, read into the board's own moves.
//!
//! A small reader of its own rather than a crate: the ladder's files use
//! a handful of PGN's rules (tags, numbered SAN moves, `{...}` comments,
//! a result), the workspace allows no PGN crate, and the moves must be
//! the board's [`Move`]s anyway, which only the board's move generator
//! gives. A SAN move is read by writing every legal move of the position
//! in SAN ([`san`]) and taking the one that matches, so that a move the
//! board does not allow is never read. Variations (`(...)`), NAGs (`$1`)
//! and `;` comments are skipped; a game from a `FEN` tag starts there.

use anyhow::{bail, Context, Result};

use common::{Color, Move, Position, START_FEN};

use crate::san;
pub use crate::san::san;

/// The largest PGN file read, 64 MiB: some tens of thousands of games.
pub const MOST_BYTES: u64 = 64 << 20;

/// One game: its tags, in order, and its moves from its first position.
#[derive(Clone, Debug)]
pub struct Game {
    /// The tags: `("White", "LaMoSca v0.11")`.
    pub tags: Vec<(String, String)>,
    /// The first position's FEN.
    pub fen: String,
    /// Each move, with the comment after it (empty for none).
    pub moves: Vec<Played>,
}

/// One move of a game.
#[derive(Clone, Debug)]
pub struct Played {
    /// The move, as the board makes it.
    pub mv: Move,
    /// The move as the file wrote it: `Nxe5+`.
    pub san: String,
    /// The comment after the move, `+0.35/7 0.120s n=12345`, or empty.
    pub comment: String,
}

impl Game {
    /// The tag `name`, if the game has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag == name)
            .map(|(_, value)| value.as_str())
    }

    /// The position before move `ply` (0 for the first), with the moves
    /// before it made, so that its history holds every earlier position.
    pub fn position_before(&self, ply: usize) -> Position {
        let mut position = Position::from_fen(&self.fen).expect("read from this FEN");
        for played in &self.moves[..ply] {
            position.make(played.mv);
        }
        position
    }
}

/// Reads every game of `text`; `name` names the file in errors.
pub fn read_games(text: &str, name: &str) -> Result<Vec<Game>> {
    let mut games = Vec::new();
    let mut tokens = Tokens::new(text);
    while tokens.peek().is_some() {
        let number = games.len() + 1;
        let game = read_game(&mut tokens).with_context(|| format!("{name}, game {number}"))?;
        games.push(game);
    }
    if games.is_empty() {
        bail!("{name}: no game in the file, so it is no PGN");
    }
    Ok(games)
}

/// Reads one game: its tags, then its moves until its result.
fn read_game(tokens: &mut Tokens) -> Result<Game> {
    let mut tags = Vec::new();
    while let Some(Token::Tag(name, value)) = tokens.peek() {
        tags.push((name.clone(), value.clone()));
        tokens.next();
    }
    if tags.is_empty() {
        bail!(
            "a game begins with its tags ([Event \"...\"]), not '{}'",
            tokens.describe()
        );
    }
    let fen = tags
        .iter()
        .find(|(tag, _)| tag == "FEN")
        .map_or(START_FEN.to_string(), |(_, fen)| fen.clone());
    let mut position = Position::from_fen(&fen).with_context(|| format!("its FEN '{fen}'"))?;
    let mut moves: Vec<Played> = Vec::new();
    loop {
        match tokens.next() {
            None | Some(Token::Result) => break,
            Some(Token::Tag(..)) => bail!("a tag among the moves: the game has no result"),
            Some(Token::Comment(text)) => {
                if let Some(last) = moves.last_mut() {
                    last.comment = join(&last.comment, &text);
                }
            }
            Some(Token::Word(word)) => {
                let mv = parse_san(&position, &word)
                    .with_context(|| format!("move {}", move_name(&position)))?;
                position.make(mv);
                moves.push(Played {
                    mv,
                    san: word,
                    comment: String::new(),
                });
            }
        }
    }
    Ok(Game { tags, fen, moves })
}

fn join(a: &str, b: &str) -> String {
    if a.is_empty() {
        b.trim().to_string()
    } else {
        format!("{a} {}", b.trim())
    }
}

/// A move's number as a PGN writes it: `23.` for White's, `23...` for
/// Black's.
pub fn move_name(position: &Position) -> String {
    let dots = if position.side_to_move() == Color::White {
        "."
    } else {
        "..."
    };
    format!("{}{dots}", position.fullmove_number())
}

/// The legal move of `position` that `text` names in SAN (`Nbd7`, `exd6`,
/// `O-O`, `e8=Q+`), with or without its check sign and annotation, and
/// castling written with zeros too (`0-0`).
pub fn parse_san(position: &Position, text: &str) -> Result<Move> {
    san::parse_san(position, &text.replace('0', "O"))
        .with_context(|| format!("'{text}' is not a legal move in SAN here"))
}

/// A piece of PGN text.
#[derive(Clone, Debug, PartialEq)]
enum Token {
    Tag(String, String),
    Comment(String),
    /// A move, in SAN.
    Word(String),
    Result,
}

/// The tokens of PGN text, with move numbers, NAGs, `;` comments and
/// variations left out.
struct Tokens<'a> {
    rest: &'a str,
    peeked: Option<Option<Token>>,
}

impl<'a> Tokens<'a> {
    fn new(text: &'a str) -> Tokens<'a> {
        Tokens {
            rest: text.strip_prefix('\u{feff}').unwrap_or(text),
            peeked: None,
        }
    }

    fn peek(&mut self) -> Option<&Token> {
        if self.peeked.is_none() {
            self.peeked = Some(self.read());
        }
        self.peeked.as_ref().and_then(Option::as_ref)
    }

    fn next(&mut self) -> Option<Token> {
        match self.peeked.take() {
            Some(token) => token,
            None => self.read(),
        }
    }

    /// What comes next, shortened, for an error.
    fn describe(&mut self) -> String {
        match self.peek() {
            Some(Token::Word(word)) => word.chars().take(40).collect(),
            Some(Token::Comment(_)) => "a comment".to_string(),
            Some(Token::Result) => "a result".to_string(),
            Some(Token::Tag(name, _)) => format!("[{name} ...]"),
            None => "the end of the file".to_string(),
        }
    }

    fn read(&mut self) -> Option<Token> {
        loop {
            self.rest = self.rest.trim_start();
            let first = self.rest.chars().next()?;
            match first {
                '[' => return Some(self.tag()),
                '{' => return Some(Token::Comment(self.until('}'))),
                ';' => drop(self.until('\n')),
                '(' => self.skip_variation(),
                _ => {
                    if let Some(token) = self.word() {
                        return Some(token);
                    }
                }
            }
        }
    }

    /// The text after the first character up to `end` (or the end of the
    /// text), and the `end` consumed.
    fn until(&mut self, end: char) -> String {
        let body = &self.rest[1..];
        let (inside, rest) = body.split_once(end).unwrap_or((body, ""));
        self.rest = rest;
        inside.to_string()
    }

    fn tag(&mut self) -> Token {
        let inside = self.until(']');
        let (name, value) = inside.trim().split_once(' ').unwrap_or((inside.trim(), ""));
        let value = value.trim().trim_matches('"').replace("\\\"", "\"");
        Token::Tag(name.to_string(), value)
    }

    fn skip_variation(&mut self) {
        let mut depth = 0;
        for (at, c) in self.rest.char_indices() {
            match c {
                '(' => depth += 1,
                ')' if depth == 1 => {
                    self.rest = &self.rest[at + 1..];
                    return;
                }
                ')' => depth -= 1,
                _ => {}
            }
        }
        self.rest = "";
    }

    /// A word: a move, or nothing for a move number or a NAG.
    fn word(&mut self) -> Option<Token> {
        let end = self
            .rest
            .find(|c: char| c.is_whitespace() || "{}[]();".contains(c))
            .unwrap_or(self.rest.len())
            .max(1);
        let word = &self.rest[..end];
        self.rest = &self.rest[end..];
        if matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*") {
            return Some(Token::Result);
        }
        if word.starts_with('$') {
            return None;
        }
        // `23.`, `23...`, or `23.e4` written together.
        let number = word.trim_start_matches(|c: char| c.is_ascii_digit());
        if number.len() < word.len() && number.starts_with('.') {
            let after = number.trim_start_matches('.');
            return (!after.is_empty()).then(|| Token::Word(after.to_string()));
        }
        Some(Token::Word(word.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sans(fen: &str) -> Vec<String> {
        let position = Position::from_fen(fen).unwrap();
        let mut all: Vec<String> = position
            .legal_moves()
            .into_iter()
            .map(|mv| san(&position, mv))
            .collect();
        all.sort();
        all
    }

    #[test]
    fn san_names_each_move_once_and_as_a_pgn_does() {
        // Two knights reach e2 (told by file), two rooks reach a4 (by
        // rank), a pawn promotes with a capture and check, and White may
        // castle.
        let fen = "r3k3/1P6/8/R7/8/2N5/8/R3K1N1 w Q - 0 1";
        let all = sans(fen);
        for wanted in [
            "Nf3", "Nce2", "Nge2", "R5a4", "R1a4", "bxa8=Q+", "b8=N", "O-O-O",
        ] {
            assert!(all.contains(&wanted.to_string()), "{wanted} not in {all:?}");
        }
        // Every move, as python-chess writes them in this position.
        let python_chess = "Kd1 Kd2 Ke2 Kf1 Kf2 Na2 Na4 Nb1 Nb5 Nce2 Nd1 Nd5 Ne4 Nf3 Nge2 Nh3 \
            O-O-O R1a2 R1a3 R1a4 R5a2 R5a3 R5a4 Ra6 Ra7 Rb1 Rb5 Rc1 Rc5 Rd1 Rd5 Re5+ Rf5 Rg5 \
            Rh5 Rxa8+ b8=B b8=N b8=Q+ b8=R+ bxa8=B bxa8=N bxa8=Q+ bxa8=R+";
        assert_eq!(all, python_chess.split_whitespace().collect::<Vec<_>>());
        let position = Position::from_fen(fen).unwrap();
        assert_eq!(parse_san(&position, "bxa8=Q").unwrap().to_string(), "b7a8q");
        assert_eq!(parse_san(&position, "0-0-0").unwrap().to_string(), "e1c1");
        assert!(parse_san(&position, "Ne2").is_err());
        assert!(parse_san(&position, "Kd2").is_ok());
        assert!(parse_san(&position, "Qh5").is_err());
    }

    #[test]
    fn a_game_is_read_with_its_tags_comments_and_result() {
        let text = "[Event \"ladder\"]\n[White \"A\"]\n\n1. e4 {book} e5 2. Nf3 {+0.35/7 \
                    0.120s n=12345} $1 (2. f4 exf4) Nc6 ; a note\n3. Bb5# 1-0\n\n\
                    [Event \"two\"]\n1.d4 d5 *\n";
        let games = read_games(text, "t.pgn").unwrap();
        assert_eq!(games.len(), 2);
        let game = &games[0];
        assert_eq!(game.tag("White"), Some("A"));
        let moves: Vec<String> = game.moves.iter().map(|p| p.mv.to_string()).collect();
        assert_eq!(moves, ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"]);
        assert_eq!(game.moves[2].comment, "+0.35/7 0.120s n=12345");
        assert_eq!(game.moves[0].comment, "book");
        assert_eq!(games[1].moves.len(), 2);
        assert_eq!(move_name(&game.position_before(3)), "2...");
    }

    #[test]
    fn what_is_no_pgn_is_refused_with_where() {
        let refused = |text: &str| format!("{:#}", read_games(text, "x.pgn").unwrap_err());
        assert_eq!(refused(""), "x.pgn: no game in the file, so it is no PGN");
        assert!(refused("hello world").contains("a game begins with its tags"));
        let bad = refused("[Event \"e\"]\n1. e4 e4 *");
        assert_eq!(
            bad,
            "x.pgn, game 1: move 1...: 'e4' is not a legal move in SAN here"
        );
    }
}
