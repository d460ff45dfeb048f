//! The score of a match, and the Elo difference it implies.
//!
//! A match of `N` games ends `W` wins, `D` draws and `L` losses for the
//! first engine. Its **score** is the share of the points it took,
//! `s = (W + D/2) / N`.
//!
//! The Elo model says that an engine `d` points stronger scores, on
//! average, `E(d) = 1 / (1 + 10^(-d/400))`: 50% at `d = 0`, 64% at
//! `d = 100`, 76% at `d = 200`. Turned round, a score `s` means
//!
//! ```text
//! d = -400 * log10(1/s - 1)
//! ```
//!
//! The match is a sample, and another one would score a little
//! differently. Each game gives 1, ½ or 0 points; with the frequencies
//! seen, one game's variance is
//!
//! ```text
//! var = (W (1 - s)² + D (1/2 - s)² + L (0 - s)²) / N
//! ```
//!
//! and the mean score of `N` games has the standard error
//! `se = sqrt(var / N)`. The score lies in `s ± 1.96 se` with 95%
//! confidence; mapped through the formula above, those two scores bound
//! the Elo difference. The error bar printed, `± m`, is half the width of
//! that interval in Elo, as cutechess-cli prints it. A match won or lost
//! without a single other result has no finite difference, and an
//! interval that reaches 0% or 100% has no finite bound.
//!
//! ```
//! use ladder::stats::Tally;
//! let tally = Tally { wins: 30, draws: 10, losses: 8 };
//! assert_eq!(tally.to_string(), "+30 =10 -8");
//! assert_eq!(tally.elo().to_string(), "+172 ± 99");
//! ```

use std::fmt;

/// The factor of the standard error for a 95% interval.
pub const Z_95: f64 = 1.96;

/// Wins, draws and losses, from one engine's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Tally {
    /// The games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The points: a win is one, a draw a half.
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// The share of the points, 0 to 1; `None` before any game.
    pub fn score(&self) -> Option<f64> {
        let games = self.games();
        (games > 0).then(|| self.points() / f64::from(games))
    }

    /// Adds one game's points: 1, ½ or 0.
    pub fn add(&mut self, points: f64) {
        if points > 0.75 {
            self.wins += 1;
        } else if points > 0.25 {
            self.draws += 1;
        } else {
            self.losses += 1;
        }
    }

    /// The same games from the other engine's side.
    pub fn flipped(&self) -> Tally {
        Tally {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }

    // ANCHOR: elo
    /// The Elo difference and its 95% error bar.
    pub fn elo(&self) -> Elo {
        let Some(score) = self.score() else {
            return Elo {
                difference: f64::NAN,
                margin: f64::NAN,
            };
        };
        let n = f64::from(self.games());
        let variance = (f64::from(self.wins) * (1.0 - score).powi(2)
            + f64::from(self.draws) * (0.5 - score).powi(2)
            + f64::from(self.losses) * score.powi(2))
            / n;
        let error = (variance / n).sqrt();
        let low = elo_of_score(score - Z_95 * error);
        let high = elo_of_score(score + Z_95 * error);
        Elo {
            difference: elo_of_score(score),
            margin: (high - low) / 2.0,
        }
    }
    // ANCHOR_END: elo
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "+{} ={} -{}", self.wins, self.draws, self.losses)
    }
}

// ANCHOR: elo_of_score
/// The Elo difference a score implies: `-400 log10(1/s - 1)`, infinite at
/// 0 and 1 (and beyond, where an interval may reach).
pub fn elo_of_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        // The same as -400 log10(1/s - 1), but an even score gives +0.
        400.0 * (score / (1.0 - score)).log10()
    }
}
// ANCHOR_END: elo_of_score

/// An Elo difference with its 95% error bar.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    /// The difference; infinite for a match without a point lost (or won).
    pub difference: f64,
    /// Half the width of the 95% interval; infinite when the interval
    /// reaches 0% or 100%.
    pub margin: f64,
}

impl fmt::Display for Elo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.difference.is_nan() {
            return f.write_str("-");
        }
        if self.difference.is_infinite() {
            let sign = if self.difference > 0.0 { '+' } else { '-' };
            return write!(f, "{sign}∞");
        }
        write!(f, "{:+.0}", self.difference)?;
        if self.margin.is_finite() {
            write!(f, " ± {:.0}", self.margin)
        } else {
            f.write_str(" ± ∞")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_score_is_no_difference() {
        let tally = Tally {
            wins: 5,
            draws: 10,
            losses: 5,
        };
        assert_eq!(tally.score(), Some(0.5));
        let elo = tally.elo();
        assert_eq!(elo.difference, 0.0);
        assert_eq!(elo.margin.round(), 111.0);
        assert_eq!(elo.to_string(), "+0 ± 111");
    }

    #[test]
    fn the_scale_of_the_elo_model() {
        assert_eq!(elo_of_score(0.5), 0.0);
        assert_eq!(elo_of_score(0.64).round(), 100.0);
        assert_eq!(elo_of_score(0.76).round(), 200.0);
        assert!((elo_of_score(0.25) + elo_of_score(0.75)).abs() < 1e-9);
    }

    #[test]
    fn a_clean_sweep_has_no_finite_difference() {
        let sweep = Tally {
            wins: 10,
            draws: 0,
            losses: 0,
        };
        assert_eq!(sweep.elo().to_string(), "+∞");
        assert_eq!(sweep.flipped().elo().to_string(), "-∞");
        // One draw makes it finite, but the interval reaches 100%.
        let nearly = Tally { draws: 1, ..sweep };
        assert_eq!(nearly.elo().to_string(), "+529 ± ∞");
        assert_eq!(Tally::default().elo().to_string(), "-");
    }

    #[test]
    fn points_add_up() {
        let mut tally = Tally::default();
        for points in [1.0, 0.5, 0.0, 1.0] {
            tally.add(points);
        }
        assert_eq!(tally.to_string(), "+2 =1 -1");
        assert_eq!(tally.points(), 2.5);
    }
}
