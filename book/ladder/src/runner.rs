//! A match: games between two engines, their score and their reports.
//!
//! Game `i` (from 0) starts from opening `i / 2`: the first engine has
//! White in the even games and Black in the odd ones, so each opening is
//! played once with each colour. After the last opening the list starts
//! again. Every game gets fresh engine processes ([`Spawn`]): a crash
//! loses one game, and no engine carries what it learnt from one game to
//! the next.
//!
//! Games may run side by side (`--concurrency`), each on its own thread,
//! but engines then share the processor, and a machine busy with anything
//! else slows the engines unevenly: one game at a time is the fair
//! default.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use anyhow::{bail, Result};
use common::Color;

use crate::game::{self, Ending, GameRecord, Outcome, Settings, SideRecord};
use crate::openings::Opening;
use crate::player::{Failure, Spawn};
use crate::stats::Tally;
use crate::table::{Align, Table};

/// What a match is made of.
pub struct MatchPlan<'a> {
    /// The two engines: the scores are the first one's.
    pub engines: [&'a dyn Spawn; 2],
    /// How many games.
    pub games: usize,
    /// The openings, each played twice in a row with the colours swapped.
    pub openings: &'a [Opening],
    /// The time control and its margins.
    pub settings: Settings,
    /// How many games run at once.
    pub concurrency: usize,
}

/// A finished match.
#[derive(Clone, Debug)]
pub struct MatchResult {
    /// The engines' names, the first engine's first.
    pub names: [String; 2],
    /// Every game, in the order of their numbers.
    pub games: Vec<GameRecord>,
}

/// What one engine did over a match.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EngineTotals {
    /// The moves it played.
    pub moves: u64,
    /// The sum of the depths it reported, over `depths` moves.
    pub depth_sum: u64,
    /// How many of its moves came with a depth.
    pub depths: u64,
    /// The time it thought, over all its moves.
    pub thinking: Duration,
    /// Games lost on time.
    pub time_losses: u32,
    /// Games lost by an illegal move.
    pub illegal_moves: u32,
    /// Games lost by a crash, silence or a protocol error.
    pub failures: u32,
    /// Games drawn while its last score said it was winning (a pawn or
    /// more up, or a mate to give): a draw by repetition walked into, or a
    /// win it could not convert.
    pub drawn_ahead: u32,
}

impl EngineTotals {
    /// The mean depth of the moves that reported one.
    pub fn mean_depth(&self) -> Option<f64> {
        (self.depths > 0).then(|| self.depth_sum as f64 / self.depths as f64)
    }

    /// The mean time per move.
    pub fn mean_time(&self) -> Option<Duration> {
        (self.moves > 0).then(|| self.thinking / u32::try_from(self.moves).unwrap_or(u32::MAX))
    }

    fn add(&mut self, side: &SideRecord) {
        self.moves += u64::from(side.moves);
        self.depth_sum += side.depth_sum;
        self.depths += u64::from(side.depths);
        self.thinking += side.thinking;
    }
}

impl MatchResult {
    /// The first engine's wins, draws and losses.
    pub fn tally(&self) -> Tally {
        let mut tally = Tally::default();
        for game in &self.games {
            tally.add(game.outcome.points_for(first_engine_color(game.number)));
        }
        tally
    }

    /// What each engine did, the first engine's first.
    pub fn totals(&self) -> [EngineTotals; 2] {
        let mut totals = [EngineTotals::default(), EngineTotals::default()];
        for game in &self.games {
            let first = first_engine_color(game.number);
            for color in [Color::White, Color::Black] {
                let engine = usize::from(color != first);
                let side = &game.sides[color.index()];
                totals[engine].add(side);
                let ahead = side.last_score.as_deref().is_some_and(game::is_winning);
                if game.outcome == Outcome::Draw && ahead {
                    totals[engine].drawn_ahead += 1;
                }
                if game.at_fault == Some(color) {
                    match game.ending {
                        Ending::Time => totals[engine].time_losses += 1,
                        Ending::IllegalMove(_) => totals[engine].illegal_moves += 1,
                        _ => totals[engine].failures += 1,
                    }
                }
            }
        }
        totals
    }

    /// How many games ended each way, most frequent first.
    pub fn endings(&self) -> Vec<(String, usize)> {
        let mut counts: BTreeMap<String, usize> = BTreeMap::new();
        for game in &self.games {
            let name = match &game.ending {
                Ending::IllegalMove(_) => "illegal move".to_string(),
                Ending::Failure(Failure::Protocol(_)) => "protocol error".to_string(),
                Ending::Failure(Failure::Start(_)) => "engine failed to start".to_string(),
                ending => ending.to_string(),
            };
            *counts.entry(name).or_default() += 1;
        }
        let mut endings: Vec<(String, usize)> = counts.into_iter().collect();
        endings.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        endings
    }
}

/// The colour the first engine plays in game `number` (from 1).
pub fn first_engine_color(number: usize) -> Color {
    if number % 2 == 1 {
        Color::White
    } else {
        Color::Black
    }
}

/// The opening of game `number` (from 1).
pub fn opening_of(number: usize, openings: &[Opening]) -> &Opening {
    &openings[(number - 1) / 2 % openings.len()]
}

/// Plays the match, calling `on_game` as each game ends (in the order they
/// end) with the game and the first engine's tally so far.
pub fn play_match(
    plan: &MatchPlan<'_>,
    mut on_game: impl FnMut(&GameRecord, &Tally),
) -> Result<MatchResult> {
    if plan.openings.is_empty() {
        bail!("no openings to play");
    }
    // Each engine is started once first, for its name and to fail early
    // on a wrong command.
    let mut names = [String::new(), String::new()];
    for ((name, engine), which) in names.iter_mut().zip(plan.engines).zip(["first", "second"]) {
        let player = engine
            .spawn(0)
            .map_err(|failure| anyhow::anyhow!("the {which} engine: {failure}"))?;
        *name = player.name().to_string();
        player.stop();
    }

    let next = AtomicUsize::new(1);
    let (sender, receiver) = mpsc::channel();
    let mut games = Vec::with_capacity(plan.games);
    let mut tally = Tally::default();
    thread::scope(|scope| {
        for _ in 0..plan.concurrency.max(1) {
            let sender = sender.clone();
            let (next, names) = (&next, &names);
            scope.spawn(move || loop {
                let number = next.fetch_add(1, Ordering::Relaxed);
                if number > plan.games {
                    break;
                }
                if sender.send(play_one(plan, number, names)).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        for game in receiver {
            tally.add(game.outcome.points_for(first_engine_color(game.number)));
            on_game(&game, &tally);
            games.push(game);
        }
    });
    games.sort_by_key(|game| game.number);
    Ok(MatchResult { names, games })
}

/// Game `number`, with fresh engines; one that cannot start loses.
fn play_one(plan: &MatchPlan<'_>, number: usize, names: &[String; 2]) -> GameRecord {
    let opening = opening_of(number, plan.openings);
    let first = first_engine_color(number);
    // White's engine, then Black's.
    let order = if first == Color::White {
        [0, 1]
    } else {
        [1, 0]
    };
    let started = order.map(|engine| plan.engines[engine].spawn(number));
    match started {
        [Ok(mut white), Ok(mut black)] => {
            let record = game::play(
                number,
                opening,
                [white.as_mut(), black.as_mut()],
                &plan.settings,
            );
            white.stop();
            black.stop();
            record
        }
        [white, black] => {
            let (loser, failure) = match (&white, &black) {
                (Err(failure), _) => (Color::White, failure.clone()),
                (_, Err(failure)) => (Color::Black, failure.clone()),
                _ => unreachable!("one of the two failed"),
            };
            for player in [white, black].into_iter().flatten() {
                player.stop();
            }
            GameRecord {
                number,
                opening: opening.name.clone(),
                opening_plies: 0,
                moves: Vec::new(),
                notes: Vec::new(),
                sides: order.map(|engine| SideRecord {
                    name: names[engine].clone(),
                    ..SideRecord::default()
                }),
                outcome: Outcome::win_for(loser.other()),
                ending: Ending::Failure(failure),
                at_fault: Some(loser),
            }
        }
    }
}

/// The line printed as a game ends:
/// `game  3/48  v0.10 - Fairy-Max  0-1  Black mates  (Italian Game, 87 plies)  v0.10 +1 =0 -2`.
pub fn progress_line(game: &GameRecord, games: usize, first: &str, tally: &Tally) -> String {
    format!(
        "game {:>3}/{games}  {} - {}  {}  {}  ({}, {} plies)  {first} {tally}",
        game.number,
        game.sides[0].name,
        game.sides[1].name,
        game.outcome.pgn(),
        game.describe(),
        game.opening,
        game.moves.len()
    )
}

/// A mean depth with one decimal, or `-`.
fn depth_text(totals: &EngineTotals) -> String {
    totals
        .mean_depth()
        .map_or("-".to_string(), |depth| format!("{depth:.1}"))
}

/// A mean time per move in milliseconds, or `-`.
fn time_text(totals: &EngineTotals) -> String {
    totals
        .mean_time()
        .map_or("-".to_string(), |time| format!("{} ms", time.as_millis()))
}

/// The faults of an engine, `2 on time, 1 illegal move`, or `none`.
fn faults_text(totals: &EngineTotals) -> String {
    let mut faults = Vec::new();
    if totals.time_losses > 0 {
        faults.push(format!("{} on time", totals.time_losses));
    }
    if totals.illegal_moves > 0 {
        faults.push(format!("{} by an illegal move", totals.illegal_moves));
    }
    if totals.failures > 0 {
        faults.push(format!("{} by a crash or protocol error", totals.failures));
    }
    if faults.is_empty() {
        "none".to_string()
    } else {
        faults.join(", ")
    }
}

/// How the games ended, in words: `checkmate 30, threefold repetition 8`.
fn endings_text(result: &MatchResult) -> String {
    result
        .endings()
        .iter()
        .map(|(name, count)| format!("{name} {count}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The final table, for the terminal.
pub fn summary(result: &MatchResult, settings: &Settings) -> String {
    let tally = result.tally();
    let totals = result.totals();
    let mut table = Table::new(&[
        ("engine", Align::Left),
        ("games", Align::Right),
        ("won", Align::Right),
        ("drawn", Align::Right),
        ("lost", Align::Right),
        ("score", Align::Right),
        ("Elo (95%)", Align::Right),
        ("mean depth", Align::Right),
        ("time a move", Align::Right),
        ("draws a pawn up", Align::Right),
        ("lost by fault", Align::Left),
    ]);
    for (engine, tally) in [tally, tally.flipped()].iter().enumerate() {
        table.row([
            result.names[engine].clone(),
            tally.games().to_string(),
            tally.wins.to_string(),
            tally.draws.to_string(),
            tally.losses.to_string(),
            score_text(tally),
            tally.elo().to_string(),
            depth_text(&totals[engine]),
            time_text(&totals[engine]),
            totals[engine].drawn_ahead.to_string(),
            faults_text(&totals[engine]),
        ]);
    }
    let mut text = format!(
        "{} vs {}, {} games at {}\n\n",
        result.names[0],
        result.names[1],
        tally.games(),
        settings.control
    );
    text.push_str(&table.render());
    writeln!(text, "\nendings: {}", endings_text(result)).expect("a String takes any write");
    text
}

/// A score as a percentage, `72.9%`.
fn score_text(tally: &Tally) -> String {
    tally
        .score()
        .map_or("-".to_string(), |score| format!("{:.1}%", score * 100.0))
}

/// The processors this process may use, in words ("1 hardware thread",
/// "2 hardware threads"): all of the machine's, unless it was pinned to
/// fewer (`taskset`). Match reports and the book's measurements say it.
pub fn hardware_threads() -> String {
    match thread::available_parallelism().map_or(1, |n| n.get()) {
        1 => "1 hardware thread".to_string(),
        n => format!("{n} hardware threads"),
    }
}

/// The markdown report the book includes: a table row between
/// `ANCHOR: row` markers, for the ladder table of the chapter, then the
/// details between `ANCHOR: details` markers. `command` is the command line that played the match, and
/// `when` the date.
pub fn report(result: &MatchResult, settings: &Settings, command: &str, when: &str) -> String {
    let tally = result.tally();
    let totals = result.totals();
    let threads = hardware_threads();
    let mut text = String::new();
    text.push_str(
        "<!-- Written by `cargo run --release -p book -- match ... --report FILE`. Games differ \
         from run to run, so the tests never compare this file with a fresh run: play the \
         match again to update it. -->\n",
    );
    text.push_str("<!-- ANCHOR: row -->\n");
    writeln!(
        text,
        "| {} | {} | {} | {} | {} | {} | {} |",
        result.names[0],
        result.names[1],
        settings.control,
        tally.games(),
        tally,
        score_text(&tally),
        tally.elo()
    )
    .expect("a String takes any write");
    text.push_str("<!-- ANCHOR_END: row -->\n\n<!-- ANCHOR: details -->\n");
    writeln!(
        text,
        "{} against {}: {} games at {}, played on {when} on {} {} with {threads} available \
         to the match, by\n\n```text\n{command}\n```\n",
        result.names[0],
        result.names[1],
        tally.games(),
        settings.control,
        std::env::consts::ARCH,
        std::env::consts::OS,
    )
    .expect("a String takes any write");
    let mut table = Table::new(&[
        ("", Align::Left),
        (result.names[0].as_str(), Align::Right),
        (result.names[1].as_str(), Align::Right),
    ]);
    let both = |f: fn(&EngineTotals) -> String| [f(&totals[0]), f(&totals[1])];
    for (what, [first, second]) in [
        ("mean depth of its moves", both(depth_text)),
        ("mean time a move", both(time_text)),
        ("games lost by its own fault", both(faults_text)),
        (
            "draws it scored a pawn or more up",
            both(|t| t.drawn_ahead.to_string()),
        ),
    ] {
        table.row([what.to_string(), first, second]);
    }
    text.push_str(&table.render());
    writeln!(text, "\nHow the games ended: {}.", endings_text(result))
        .expect("a String takes any write");
    text.push_str("<!-- ANCHOR_END: details -->\n");
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::tests::Scripted;
    use crate::openings::built_in;
    use crate::player::{Control, Failure, Player};
    use std::sync::Mutex;

    /// Starts scripted players: `first_moves` answers the first move of
    /// each game it plays, and games listed in `broken` fail to start.
    struct Factory {
        name: &'static str,
        first_moves: &'static [&'static str],
        broken: Vec<usize>,
        spawned: Mutex<Vec<usize>>,
    }

    impl Factory {
        fn new(name: &'static str) -> Factory {
            Factory {
                name,
                first_moves: &[],
                broken: Vec::new(),
                spawned: Mutex::new(Vec::new()),
            }
        }
    }

    impl Spawn for Factory {
        fn spawn(&self, game: usize) -> Result<Box<dyn Player>, Failure> {
            self.spawned.lock().unwrap().push(game);
            if self.broken.contains(&game) {
                return Err(Failure::Start("no such file".to_string()));
            }
            Ok(Box::new(
                Scripted::new(self.name).answering(self.first_moves),
            ))
        }
    }

    fn plan<'a>(
        engines: [&'a dyn Spawn; 2],
        games: usize,
        openings: &'a [Opening],
    ) -> MatchPlan<'a> {
        MatchPlan {
            engines,
            games,
            openings,
            settings: Settings::new(Control::Depth(1)),
            concurrency: 1,
        }
    }

    #[test]
    fn colours_alternate_and_each_opening_is_played_twice() {
        let openings = built_in();
        let (a, b) = (Factory::new("A"), Factory::new("B"));
        let mut seen = Vec::new();
        let result = play_match(&plan([&a, &b], 4, &openings), |game, _| {
            seen.push(game.number)
        })
        .unwrap();
        assert_eq!(seen, [1, 2, 3, 4]);
        let whites: Vec<&str> = result
            .games
            .iter()
            .map(|g| g.sides[0].name.as_str())
            .collect();
        assert_eq!(whites, ["A", "B", "A", "B"]);
        let played: Vec<&str> = result.games.iter().map(|g| g.opening.as_str()).collect();
        assert_eq!(
            played,
            ["Italian Game", "Italian Game", "Ruy Lopez", "Ruy Lopez"]
        );
        // Once for the name, then once a game.
        assert_eq!(*a.spawned.lock().unwrap(), [0, 1, 2, 3, 4]);
        // The same scripted player on both sides plays the same moves: the
        // two games of an opening are the same game with the names swapped.
        assert_eq!(result.games[0].moves, result.games[1].moves);
        assert_eq!(result.tally().games(), 4);
        assert_eq!(result.tally().score(), Some(0.5));
    }

    #[test]
    fn an_engine_that_cannot_start_loses_that_game() {
        let openings = built_in();
        let a = Factory::new("A");
        let mut b = Factory::new("B");
        b.broken = vec![2];
        let result = play_match(&plan([&a, &b], 2, &openings), |_, _| {}).unwrap();
        let game = &result.games[1];
        // B had White in game 2.
        assert_eq!(game.outcome, Outcome::BlackWins);
        assert_eq!(game.at_fault, Some(Color::White));
        assert_eq!(game.describe(), "White loses: cannot start: no such file");
        assert_eq!(result.totals()[1].failures, 1);
    }

    #[test]
    fn a_broken_command_stops_the_match_before_it_starts() {
        let openings = built_in();
        let a = Factory::new("A");
        let mut b = Factory::new("B");
        b.broken = vec![0];
        let error = play_match(&plan([&a, &b], 2, &openings), |_, _| {}).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the second engine: cannot start: no such file"
        );
    }

    #[test]
    fn games_run_side_by_side() {
        let openings = built_in();
        let (a, b) = (Factory::new("A"), Factory::new("B"));
        let mut plan = plan([&a, &b], 6, &openings);
        plan.concurrency = 3;
        let result = play_match(&plan, |_, _| {}).unwrap();
        let numbers: Vec<usize> = result.games.iter().map(|g| g.number).collect();
        assert_eq!(numbers, [1, 2, 3, 4, 5, 6]);
    }

    #[test]
    fn an_illegal_first_move_shows_in_the_totals_and_the_report() {
        let openings = built_in();
        let mut a = Factory::new("A");
        a.first_moves = &["a1a8"];
        let b = Factory::new("B");
        let result = play_match(&plan([&a, &b], 2, &openings), |_, _| {}).unwrap();
        assert_eq!(
            result.tally(),
            Tally {
                wins: 0,
                draws: 0,
                losses: 2
            }
        );
        assert_eq!(result.totals()[0].illegal_moves, 2);
        assert_eq!(result.endings(), [("illegal move".to_string(), 2)]);
        let settings = Settings::new(Control::Depth(1));
        let report = report(
            &result,
            &settings,
            "cargo run -p book -- match",
            "2025.01.02",
        );
        assert!(report.contains(
            "<!-- ANCHOR: row -->\n| A | B | depth 1 | 2 | +0 =0 -2 | 0.0% | -∞ |\n<!-- ANCHOR_END: row -->"
        ));
        assert!(report.contains("| games lost by its own fault | 2 by an illegal move | none |"));
        assert!(report.contains("| draws it scored a pawn or more up | 0 | 0 |"));
        let summary = summary(&result, &settings);
        assert!(summary.starts_with("A vs B, 2 games at depth 1\n"));
        assert!(summary.contains("endings: illegal move 2\n"));
    }
}
