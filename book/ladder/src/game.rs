//! One game between two players, refereed.
//!
//! The referee trusts nothing a player says. Before each move it judges
//! the position by the rules, with the same [`Position`] the engines
//! search: a side with no legal move is mated or stalemated, and a third
//! occurrence of a position, fifty moves by each side without a capture or
//! a pawn move, or material that can never mate end the game drawn. Then it
//! asks the side to move, times the answer and checks it: a move that is
//! not legal, a move too late, a crash, or a protocol error loses the game
//! on the spot.
//!
//! The clock is the referee's. Each side's clock loses the time from the
//! moment the request is sent to the moment the move arrives, and gains
//! the increment after the move; the engine is told both clocks before
//! every move. A move that arrives after the clock ran out loses, unless it
//! is within [`DEFAULT_GRACE`]: starting a process, writing a line and
//! reading it back take a few milliseconds that no engine controls, and a
//! busy machine can stretch them. With a time per move, the same grace is
//! allowed beyond that time. At a fixed depth there is no clock, and only
//! an engine that says nothing for [`DEFAULT_TIMEOUT`] loses.
//!
//! A promotion written without its piece (`e7e8`, as some old xboard
//! engines write it) is read as a queen; any other text that is not a
//! legal move loses.

use std::fmt;
use std::time::{Duration, Instant};

use common::{Color, Move, Position};

use crate::openings::Opening;
use crate::player::{Control, Failure, Player, Reply, Request};

/// The time a move may come after its side's clock ran out: process
/// latency, not thinking time.
pub const DEFAULT_GRACE: Duration = Duration::from_millis(100);

/// At a fixed depth, how long an engine may be silent before it loses.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);

/// How the games are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The time control, or the depth.
    pub control: Control,
    /// The time allowed beyond a clock or a time per move.
    pub grace: Duration,
    /// The silence that loses at a fixed depth.
    pub timeout: Duration,
}

impl Settings {
    /// `control`, with the default grace and timeout.
    pub fn new(control: Control) -> Settings {
        Settings {
            control,
            grace: DEFAULT_GRACE,
            timeout: DEFAULT_TIMEOUT,
        }
    }
}

/// Who won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// 1-0.
    WhiteWins,
    /// 0-1.
    BlackWins,
    /// 1/2-1/2.
    Draw,
}

impl Outcome {
    /// The win for `color`.
    pub fn win_for(color: Color) -> Outcome {
        match color {
            Color::White => Outcome::WhiteWins,
            Color::Black => Outcome::BlackWins,
        }
    }

    /// The result as PGN writes it.
    pub fn pgn(self) -> &'static str {
        match self {
            Outcome::WhiteWins => "1-0",
            Outcome::BlackWins => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }

    /// The points `color` scores: 1, ½ or 0.
    pub fn points_for(self, color: Color) -> f64 {
        match (self, color) {
            (Outcome::Draw, _) => 0.5,
            (Outcome::WhiteWins, Color::White) | (Outcome::BlackWins, Color::Black) => 1.0,
            _ => 0.0,
        }
    }
}

/// Why the game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The side to move is mated.
    Checkmate,
    /// The side to move has no move and is not in check.
    Stalemate,
    /// The position occurred for the third time.
    Repetition,
    /// A hundred plies without a capture or a pawn move.
    FiftyMoves,
    /// Neither side can ever mate.
    InsufficientMaterial,
    /// The loser's clock (or its time per move) ran out, grace included.
    Time,
    /// The loser answered with this text, which is not a legal move.
    IllegalMove(String),
    /// The loser resigned.
    Resignation,
    /// The loser crashed, fell silent or broke the protocol.
    Failure(Failure),
}

impl Ending {
    /// True when the game ended by the rules of chess rather than by a
    /// player's fault.
    pub fn is_by_the_rules(&self) -> bool {
        matches!(
            self,
            Ending::Checkmate
                | Ending::Stalemate
                | Ending::Repetition
                | Ending::FiftyMoves
                | Ending::InsufficientMaterial
                | Ending::Resignation
        )
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Checkmate => f.write_str("checkmate"),
            Ending::Stalemate => f.write_str("stalemate"),
            Ending::Repetition => f.write_str("threefold repetition"),
            Ending::FiftyMoves => f.write_str("fifty-move rule"),
            Ending::InsufficientMaterial => f.write_str("insufficient material"),
            Ending::Time => f.write_str("loss on time"),
            Ending::IllegalMove(text) => write!(f, "illegal move '{text}'"),
            Ending::Resignation => f.write_str("resignation"),
            Ending::Failure(failure) => failure.fmt(f),
        }
    }
}

/// What one side did in a game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideRecord {
    /// The engine's name.
    pub name: String,
    /// The moves it played.
    pub moves: u32,
    /// The sum of the depths it reported, over `depths` moves.
    pub depth_sum: u64,
    /// How many of its moves came with a depth.
    pub depths: u32,
    /// The time it took over all its moves.
    pub thinking: Duration,
    /// The score of its last report, as it wrote it (`cp 35`, `mate 3`).
    pub last_score: Option<String>,
}

/// A finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The game's number in the match, from 1.
    pub number: usize,
    /// The opening it started from.
    pub opening: String,
    /// How many of `moves` are the opening's.
    pub opening_plies: usize,
    /// Every move of the game, in UCI notation.
    pub moves: Vec<String>,
    /// For each move an engine played, the score, depth and time it took,
    /// as a PGN comment (`+0.35/7 0.120s`); empty for the opening's moves.
    pub notes: Vec<String>,
    /// White's side, then Black's.
    pub sides: [SideRecord; 2],
    /// Who won.
    pub outcome: Outcome,
    /// Why.
    pub ending: Ending,
    /// The side at fault, for an ending that is a player's fault.
    pub at_fault: Option<Color>,
}

impl GameRecord {
    /// The end of the game in words, as the PGN's last comment and the
    /// progress line say it: `Black mates`, `White loses on time`,
    /// `Draw by threefold repetition`.
    pub fn describe(&self) -> String {
        let name = |color: Color| match color {
            Color::White => "White",
            Color::Black => "Black",
        };
        let winner = match self.outcome {
            Outcome::WhiteWins => Some(Color::White),
            Outcome::BlackWins => Some(Color::Black),
            Outcome::Draw => None,
        };
        match (&self.ending, winner, self.at_fault) {
            (Ending::Checkmate, Some(winner), _) => format!("{} mates", name(winner)),
            (Ending::Resignation, Some(winner), _) => format!("{} resigns", name(winner.other())),
            (Ending::Time, _, Some(loser)) => format!("{} loses on time", name(loser)),
            (ending, _, Some(loser)) => format!("{} loses: {ending}", name(loser)),
            (ending, _, None) => format!("Draw by {ending}"),
        }
    }
}

// ANCHOR: judge
/// Judges a position by the rules: the result and why, or `None` when the
/// game goes on.
pub fn judge(position: &Position) -> Option<(Outcome, Ending)> {
    if position.legal_moves().is_empty() {
        return Some(if position.in_check() {
            (
                Outcome::win_for(position.side_to_move().other()),
                Ending::Checkmate,
            )
        } else {
            (Outcome::Draw, Ending::Stalemate)
        });
    }
    if position.has_insufficient_material() {
        return Some((Outcome::Draw, Ending::InsufficientMaterial));
    }
    // Two earlier occurrences make this the third.
    if position.repetitions() >= 2 {
        return Some((Outcome::Draw, Ending::Repetition));
    }
    if position.is_fifty_move_draw() {
        return Some((Outcome::Draw, Ending::FiftyMoves));
    }
    None
}
// ANCHOR_END: judge

/// The legal move the text names; a promotion without its piece is a
/// queen's.
pub fn read_move(position: &Position, text: &str) -> Option<Move> {
    let text = text.to_ascii_lowercase();
    position.parse_move(&text).ok().or_else(|| {
        (text.len() == 4)
            .then(|| position.parse_move(&format!("{text}q")).ok())
            .flatten()
    })
}

/// True when a score (`cp 150`, `mate 3`) says the side that gave it is
/// at least a pawn up: [`WINNING_SCORE`] or a mate to give.
pub fn is_winning(score: &str) -> bool {
    match score.split_once(' ') {
        Some(("cp", value)) => value.parse::<i64>().is_ok_and(|cp| cp >= WINNING_SCORE),
        Some(("mate", value)) => value.parse::<i64>().is_ok_and(|moves| moves > 0),
        _ => false,
    }
}

/// The score, in centipawns, from which an engine counts as winning in
/// [`is_winning`]: a pawn.
pub const WINNING_SCORE: i64 = 100;

/// The PGN comment for a move: the score in pawns from the mover's side
/// (`+0.35`, `+M3`, `-M2`), the depth and the time, as cutechess writes it.
pub fn note(score: Option<&str>, depth: Option<u32>, time: Duration) -> String {
    let score = score.and_then(|score| {
        let (kind, value) = score.split_once(' ')?;
        let value: i64 = value.parse().ok()?;
        Some(match kind {
            "mate" if value >= 0 => format!("+M{value}"),
            "mate" => format!("-M{}", -value),
            _ => format!("{:+.2}", value as f64 / 100.0),
        })
    });
    let depth = depth.map(|depth| format!("/{depth}")).unwrap_or_default();
    match score {
        Some(score) => format!("{score}{depth} {:.3}s", time.as_secs_f64()),
        None => format!("{:.3}s", time.as_secs_f64()),
    }
}

/// Plays game `number` from `opening`, White first in `players`. The
/// opening's moves must be legal (see [`crate::openings::check`]).
pub fn play(
    number: usize,
    opening: &Opening,
    mut players: [&mut dyn Player; 2],
    settings: &Settings,
) -> GameRecord {
    let mut record = GameRecord {
        number,
        opening: opening.name.clone(),
        opening_plies: opening.moves.len(),
        moves: Vec::new(),
        notes: Vec::new(),
        sides: [Color::White, Color::Black].map(|color| SideRecord {
            name: players[color.index()].name().to_string(),
            ..SideRecord::default()
        }),
        outcome: Outcome::Draw,
        ending: Ending::Stalemate,
        at_fault: None,
    };
    let (outcome, ending, at_fault) = referee(&mut players, opening, settings, &mut record);
    record.outcome = outcome;
    record.ending = ending;
    record.at_fault = at_fault;
    record
}

/// The game proper: the result, why, and who was at fault.
fn referee(
    players: &mut [&mut dyn Player; 2],
    opening: &Opening,
    settings: &Settings,
    record: &mut GameRecord,
) -> (Outcome, Ending, Option<Color>) {
    let lost =
        |color: Color, ending: Ending| (Outcome::win_for(color.other()), ending, Some(color));

    // Step 1. Both engines get ready; one that cannot loses.
    for color in [Color::White, Color::Black] {
        if let Err(failure) = players[color.index()].new_game(&settings.control) {
            return lost(color, Ending::Failure(failure));
        }
    }

    // Step 2. The opening's moves are played for both.
    let mut position = Position::startpos();
    for text in &opening.moves {
        let mv = read_move(&position, text).expect("openings are checked when read");
        position.make(mv);
        record.moves.push(mv.to_string());
        record.notes.push(String::new());
    }

    let mut clocks = match settings.control {
        Control::Clock { base, .. } => [base; 2],
        _ => [Duration::ZERO; 2],
    };
    loop {
        // Step 3. The rules end the game before anyone is asked.
        if let Some((outcome, ending)) = judge(&position) {
            return (outcome, ending, None);
        }

        // ANCHOR: referee
        // Step 4. The side to move is asked, and timed.
        let side = position.side_to_move();
        let limit = match settings.control {
            Control::Clock { .. } => clocks[side.index()] + settings.grace,
            Control::MoveTime(time) => time + settings.grace,
            Control::Depth(_) => settings.timeout,
        };
        let started = Instant::now();
        let request = Request {
            moves: &record.moves,
            side,
            clocks,
            deadline: started + limit,
        };
        let reply = players[side.index()].think(&request);
        let elapsed = started.elapsed();
        let stats = &mut record.sides[side.index()];
        stats.thinking += elapsed;

        // Step 5. The answer is checked: in time, a move, and legal.
        let timed = !matches!(settings.control, Control::Depth(_));
        let (text, depth, score) = match reply {
            Err(Failure::Silent) if timed => return lost(side, Ending::Time),
            Err(failure) => return lost(side, Ending::Failure(failure)),
            Ok(Reply::Resign) => {
                return (Outcome::win_for(side.other()), Ending::Resignation, None)
            }
            Ok(Reply::Move { text, depth, score }) => (text, depth, score),
        };
        if timed && elapsed > limit {
            return lost(side, Ending::Time);
        }
        let Some(mv) = read_move(&position, &text) else {
            return lost(side, Ending::IllegalMove(text));
        };

        // Step 6. The move is made and the clock moves on.
        if let Control::Clock { increment, .. } = settings.control {
            let clock = &mut clocks[side.index()];
            *clock = clock.saturating_sub(elapsed) + increment;
        }
        stats.moves += 1;
        if let Some(depth) = depth {
            stats.depth_sum += u64::from(depth);
            stats.depths += 1;
        }
        record.notes.push(note(score.as_deref(), depth, elapsed));
        if score.is_some() {
            stats.last_score = score;
        }
        record.moves.push(mv.to_string());
        position.make(mv);
        // ANCHOR_END: referee
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::openings::built_in;
    use std::collections::VecDeque;

    /// A player that answers from a script, then with the first legal
    /// move; `Err` entries fail.
    pub(crate) struct Scripted {
        pub name: String,
        pub answers: VecDeque<Result<Reply, Failure>>,
        pub delay: Duration,
        pub seen: Vec<usize>,
    }

    impl Scripted {
        pub(crate) fn new(name: &str) -> Scripted {
            Scripted {
                name: name.to_string(),
                answers: VecDeque::new(),
                delay: Duration::ZERO,
                seen: Vec::new(),
            }
        }

        pub(crate) fn answering(mut self, texts: &[&str]) -> Scripted {
            self.answers.extend(texts.iter().map(|text| {
                Ok(Reply::Move {
                    text: text.to_string(),
                    depth: Some(3),
                    score: Some("cp 12".to_string()),
                })
            }));
            self
        }
    }

    impl Player for Scripted {
        fn name(&self) -> &str {
            &self.name
        }

        fn new_game(&mut self, _control: &Control) -> Result<(), Failure> {
            Ok(())
        }

        fn think(&mut self, request: &Request<'_>) -> Result<Reply, Failure> {
            self.seen.push(request.moves.len());
            std::thread::sleep(self.delay);
            if let Some(answer) = self.answers.pop_front() {
                return answer;
            }
            let mut position = Position::startpos();
            for text in request.moves {
                position.make(position.parse_move(text).unwrap());
            }
            let first = position.legal_moves()[0];
            Ok(Reply::Move {
                text: first.to_string(),
                depth: None,
                score: None,
            })
        }

        fn stop(self: Box<Self>) {}
    }

    fn opening(moves: &str) -> Opening {
        Opening {
            name: "test".to_string(),
            moves: moves.split_whitespace().map(str::to_string).collect(),
        }
    }

    fn depth_game(white: &mut Scripted, black: &mut Scripted, start: &str) -> GameRecord {
        play(
            1,
            &opening(start),
            [white, black],
            &Settings::new(Control::Depth(1)),
        )
    }

    #[test]
    fn fools_mate_is_judged_checkmate() {
        let mut white = Scripted::new("W").answering(&["f2f3", "g2g4"]);
        let mut black = Scripted::new("B").answering(&["e7e5", "d8h4"]);
        let game = depth_game(&mut white, &mut black, "");
        assert_eq!(
            (game.outcome, &game.ending),
            (Outcome::BlackWins, &Ending::Checkmate)
        );
        assert_eq!(game.moves, ["f2f3", "e7e5", "g2g4", "d8h4"]);
        assert!(game.notes[3].starts_with("+0.12/3 "), "{}", game.notes[3]);
        assert_eq!(game.sides[1].moves, 2);
        assert_eq!(game.sides[1].depth_sum, 6);
        assert_eq!(game.sides[1].last_score.as_deref(), Some("cp 12"));
        assert_eq!(game.at_fault, None);
    }

    #[test]
    fn the_opening_is_played_for_both_sides() {
        let mut white = Scripted::new("W").answering(&["f1c4"]);
        let mut black = Scripted::new("B").answering(&["e8e7"]);
        let game = depth_game(&mut white, &mut black, "e2e4 e7e5");
        // Each was first asked after the two opening moves and White's.
        assert_eq!(white.seen[0], 2);
        assert_eq!(black.seen[0], 3);
        assert_eq!(game.opening_plies, 2);
        assert_eq!(&game.moves[..4], ["e2e4", "e7e5", "f1c4", "e8e7"]);
    }

    #[test]
    fn an_illegal_move_loses() {
        let mut white = Scripted::new("W").answering(&["e2e5"]);
        let mut black = Scripted::new("B");
        let game = depth_game(&mut white, &mut black, "");
        assert_eq!(game.outcome, Outcome::BlackWins);
        assert_eq!(game.ending, Ending::IllegalMove("e2e5".to_string()));
        assert_eq!(game.ending.to_string(), "illegal move 'e2e5'");
        assert_eq!(game.at_fault, Some(Color::White));
    }

    #[test]
    fn a_crash_loses() {
        let mut white = Scripted::new("W");
        let mut black = Scripted::new("B");
        black.answers.push_back(Err(Failure::Closed));
        let game = depth_game(&mut white, &mut black, "");
        assert_eq!(game.outcome, Outcome::WhiteWins);
        assert_eq!(game.ending, Ending::Failure(Failure::Closed));
        assert_eq!(game.at_fault, Some(Color::Black));
    }

    #[test]
    fn a_move_after_the_flag_falls_loses_on_time() {
        let mut white = Scripted::new("W");
        white.delay = Duration::from_millis(30);
        let mut black = Scripted::new("B");
        let settings = Settings {
            control: Control::Clock {
                base: Duration::from_millis(5),
                increment: Duration::ZERO,
            },
            grace: Duration::from_millis(10),
            timeout: DEFAULT_TIMEOUT,
        };
        let game = play(1, &opening(""), [&mut white, &mut black], &settings);
        assert_eq!(
            (game.outcome, &game.ending),
            (Outcome::BlackWins, &Ending::Time)
        );
        // Silence past the deadline is a loss on time too.
        let mut white = Scripted::new("W");
        white.answers.push_back(Err(Failure::Silent));
        let game = play(1, &opening(""), [&mut white, &mut black], &settings);
        assert_eq!(game.ending, Ending::Time);
    }

    #[test]
    fn the_clock_loses_the_time_taken_and_gains_the_increment() {
        /// Remembers the clocks it is shown.
        struct Watch(Vec<[Duration; 2]>);
        impl Player for Watch {
            fn name(&self) -> &str {
                "watch"
            }
            fn new_game(&mut self, _control: &Control) -> Result<(), Failure> {
                Ok(())
            }
            fn think(&mut self, request: &Request<'_>) -> Result<Reply, Failure> {
                self.0.push(request.clocks);
                std::thread::sleep(Duration::from_millis(20));
                let text = ["g1f3", "g8f6", "f3g1", "f6g8"][request.moves.len() % 4];
                Ok(Reply::Move {
                    text: text.to_string(),
                    depth: None,
                    score: None,
                })
            }
            fn stop(self: Box<Self>) {}
        }
        let (mut white, mut black) = (Watch(Vec::new()), Watch(Vec::new()));
        let settings = Settings::new(Control::Clock {
            base: Duration::from_secs(1),
            increment: Duration::from_millis(100),
        });
        let game = play(1, &opening(""), [&mut white, &mut black], &settings);
        // Knights out and back twice: the start position a third time.
        assert_eq!(game.ending, Ending::Repetition);
        assert_eq!(game.moves.len(), 8);
        let after_one_move = black.0[0][0];
        assert!(after_one_move > Duration::from_millis(1_000));
        assert!(after_one_move <= Duration::from_millis(1_080));
        assert_eq!(black.0[0][1], Duration::from_secs(1));
    }

    #[test]
    fn the_rules_end_games_drawn() {
        let drawn = |fen: &str| judge(&Position::from_fen(fen).unwrap());
        assert_eq!(
            drawn("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),
            Some((Outcome::Draw, Ending::Stalemate))
        );
        assert_eq!(
            drawn("8/8/4k3/8/8/3NK3/8/8 w - - 0 1"),
            Some((Outcome::Draw, Ending::InsufficientMaterial))
        );
        assert_eq!(
            drawn("8/8/4k3/8/8/3RK3/8/8 w - - 100 80"),
            Some((Outcome::Draw, Ending::FiftyMoves))
        );
        assert_eq!(drawn("8/8/4k3/8/8/3RK3/8/8 w - - 99 80"), None);
        // Mate on the hundredth ply is still mate.
        assert_eq!(
            drawn("R5k1/5ppp/8/8/8/8/8/6K1 b - - 100 80"),
            Some((Outcome::WhiteWins, Ending::Checkmate))
        );
    }

    #[test]
    fn a_promotion_without_its_piece_is_a_queen() {
        let position = Position::from_fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1").unwrap();
        assert_eq!(read_move(&position, "e7e8").unwrap().to_string(), "e7e8q");
        assert_eq!(read_move(&position, "E7E8N").unwrap().to_string(), "e7e8n");
        assert_eq!(read_move(&position, "e1e3"), None);
        assert_eq!(read_move(&position, "(none)"), None);
    }

    #[test]
    fn a_pawn_up_is_winning() {
        assert!(is_winning("cp 100") && is_winning("mate 3"));
        assert!(!is_winning("cp 99") && !is_winning("mate -2") && !is_winning("cp x"));
    }

    #[test]
    fn notes_read_like_cutechess() {
        let ms = Duration::from_millis;
        assert_eq!(note(Some("cp -35"), Some(7), ms(120)), "-0.35/7 0.120s");
        assert_eq!(note(Some("mate 3"), Some(9), ms(5)), "+M3/9 0.005s");
        assert_eq!(note(Some("mate -2"), None, ms(5)), "-M2 0.005s");
        assert_eq!(note(None, None, ms(1_500)), "1.500s");
    }

    #[test]
    fn the_built_in_openings_start_playable_games() {
        for opening in built_in().iter().take(2) {
            let mut white = Scripted::new("W");
            let mut black = Scripted::new("B");
            let game = play(
                1,
                opening,
                [&mut white, &mut black],
                &Settings::new(Control::Depth(1)),
            );
            assert!(game.ending.is_by_the_rules(), "{}", game.ending);
        }
    }
}
