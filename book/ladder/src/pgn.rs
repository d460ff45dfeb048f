//! The games in PGN, the format every chess GUI reads.
//!
//! PGN writes moves in standard algebraic notation (SAN: `Nf3`, `exd5`,
//! `O-O`, `e8=Q+`), which [`crate::san`] writes. Each move an engine played carries a comment with its
//! score, depth and time, as cutechess writes it (`{+0.35/7 0.120s}`), and
//! the last comment says how the game ended.

use std::fmt::Write as _;
use std::time::{SystemTime, UNIX_EPOCH};

use common::Position;

use crate::game::{read_move, Ending, GameRecord};
use crate::player::{seconds, Control};
use crate::san::san;

/// The longest line of the movetext, as the PGN standard asks.
const LINE_WIDTH: usize = 79;

/// The PGN `TimeControl` tag: `10+0.1` for a clock, `-` otherwise.
fn time_control(control: &Control) -> String {
    match control {
        Control::Clock { base, increment } => format!("{}+{}", seconds(*base), seconds(*increment)),
        Control::MoveTime(_) | Control::Depth(_) => "-".to_string(),
    }
}

/// The PGN `Termination` tag.
fn termination(ending: &Ending) -> &'static str {
    match ending {
        Ending::Time => "time forfeit",
        Ending::IllegalMove(_) => "rules infraction",
        Ending::Failure(_) => "abandoned",
        _ => "normal",
    }
}

/// One game in PGN, with its tags, moves and comments.
pub fn game(record: &GameRecord, event: &str, date: &str, control: &Control) -> String {
    let mut pgn = String::new();
    let tags = [
        ("Event", event.to_string()),
        ("Site", "?".to_string()),
        ("Date", date.to_string()),
        ("Round", record.number.to_string()),
        ("White", record.sides[0].name.clone()),
        ("Black", record.sides[1].name.clone()),
        ("Result", record.outcome.pgn().to_string()),
        ("Opening", record.opening.clone()),
        ("TimeControl", time_control(control)),
        ("Termination", termination(&record.ending).to_string()),
        ("PlyCount", record.moves.len().to_string()),
    ];
    for (name, value) in tags {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        writeln!(pgn, "[{name} \"{value}\"]").expect("a String takes any write");
    }
    pgn.push('\n');

    let mut words = Vec::new();
    let mut position = Position::startpos();
    for (ply, (text, note)) in record.moves.iter().zip(&record.notes).enumerate() {
        let Some(mv) = read_move(&position, text) else {
            break;
        };
        if ply % 2 == 0 {
            words.push(format!("{}.", ply / 2 + 1));
        }
        words.push(san(&position, mv));
        if !note.is_empty() {
            words.push(format!("{{{note}}}"));
        }
        position.make(mv);
    }
    words.push(format!("{{{}}}", record.describe()));
    words.push(record.outcome.pgn().to_string());

    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.len() + 1 + word.len() > LINE_WIDTH {
            pgn.push_str(&line);
            pgn.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    pgn.push_str(&line);
    pgn.push_str("\n\n");
    pgn
}

/// Today's date as PGN writes it, `2025.03.09`, by the system clock (UTC).
pub fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |time| time.as_secs() / 86_400);
    let (year, month, day) = civil_from_days(days as i64);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The calendar date `days` days after 1970-01-01 (the proleptic
/// Gregorian calendar, Howard Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let mp = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Outcome, SideRecord};

    #[test]
    fn a_game_in_pgn() {
        let record = GameRecord {
            number: 3,
            opening: "Fool's Mate".to_string(),
            opening_plies: 2,
            moves: ["f2f3", "e7e5", "g2g4", "d8h4"]
                .map(str::to_string)
                .to_vec(),
            notes: vec![
                String::new(),
                String::new(),
                "1.500s".to_string(),
                "+M1/1 0.010s".to_string(),
            ],
            sides: [
                SideRecord {
                    name: "W".to_string(),
                    ..SideRecord::default()
                },
                SideRecord {
                    name: "B".to_string(),
                    ..SideRecord::default()
                },
            ],
            outcome: Outcome::BlackWins,
            ending: Ending::Checkmate,
            at_fault: None,
        };
        let clock = Control::Clock {
            base: std::time::Duration::from_secs(10),
            increment: std::time::Duration::from_millis(100),
        };
        let text = game(&record, "test", "2025.01.02", &clock);
        assert_eq!(
            text,
            "[Event \"test\"]\n[Site \"?\"]\n[Date \"2025.01.02\"]\n[Round \"3\"]\n\
             [White \"W\"]\n[Black \"B\"]\n[Result \"0-1\"]\n[Opening \"Fool's Mate\"]\n\
             [TimeControl \"10+0.1\"]\n[Termination \"normal\"]\n[PlyCount \"4\"]\n\n\
             1. f3 e5 2. g4 {1.500s} Qh4# {+M1/1 0.010s} {Black mates} 0-1\n\n"
        );
    }

    #[test]
    fn dates_count_from_1970() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_089), (2025, 1, 1));
    }
}
