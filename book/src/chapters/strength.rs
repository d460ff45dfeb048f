//! The chapter "How strong is each step": the sentences that sum up its
//! match reports.
//!
//! Its tables are the reports under `measured/matches/`, which the page
//! includes as they are; the sentences are written from the same reports
//! (see [`crate::sentences`]).

use std::path::Path;

use anyhow::{anyhow, bail, Result};

use crate::chapter::{Chapter, Sources};
use crate::files::Generated;
use crate::sentences::{number, sentence, Rows};

/// The chapter.
pub const CHAPTER: Chapter = Chapter {
    page: "strength.md",
    krate: None,
    generated,
    measured: &[],
};

/// A match as its report gives it.
struct Match {
    /// The row the chapter's tables include: engine, opponent, clock,
    /// games, won drawn lost, score, Elo difference.
    row: Vec<String>,
    /// The details: a figure for each engine, row by row.
    details: Vec<Vec<String>>,
}

impl Match {
    /// The report `measured/matches/<name>.md`.
    fn read(root: &Path, name: &str) -> Result<Match> {
        let rows = Rows::measured(root, &format!("matches/{name}.md"))?;
        match rows.rows().split_first() {
            Some((row, details)) if row.len() == 7 => Ok(Match {
                row: row.clone(),
                details: details.to_vec(),
            }),
            _ => bail!("{name}: no row of seven cells first"),
        }
    }

    /// How many games were played.
    fn games(&self) -> Result<u32> {
        Ok(self.row[3].parse()?)
    }

    /// The Elo difference and its error bar, `None` when the bar is
    /// infinite.
    fn elo(&self) -> Option<(i32, i32)> {
        let (mid, bar) = self.row[6].split_once(" ± ")?;
        Some((mid.replace('+', "").parse().ok()?, bar.parse().ok()?))
    }

    /// The Elo difference and its bar, which must be finite.
    fn finite(&self) -> Result<(i32, i32)> {
        self.elo()
            .ok_or_else(|| anyhow!("no finite Elo difference in {:?}", self.row))
    }

    /// The score as the chapter writes it: `15%`, or `36.5%` when the half
    /// matters.
    fn score(&self) -> Result<String> {
        let exact = number(&self.row[5])?;
        Ok(if (exact * 2.0).fract() == 0.0 && exact.fract() != 0.0 {
            format!("{exact:.1}%")
        } else {
            format!("{}%", exact.round())
        })
    }

    /// A figure of the details, for the first engine and the second.
    fn detail(&self, row: &str) -> Result<(String, String)> {
        self.details
            .iter()
            .find(|cells| cells[0] == row && cells.len() == 3)
            .map(|cells| (cells[1].clone(), cells[2].clone()))
            .ok_or_else(|| anyhow!("no detail {row:?}"))
    }
}

/// An Elo difference with its sign, `+221`.
fn signed(elo: i32) -> String {
    format!("{elo:+}")
}

/// `x` rounded to the nearest multiple of `to`.
fn about(x: i32, to: i32) -> i32 {
    (x as f64 / to as f64).round() as i32 * to
}

/// The chapter's sentences, read from the reports of `sources.root`.
fn generated(sources: &Sources) -> Result<Vec<Generated>> {
    let root = &sources.root;
    let read = |name| Match::read(root, name);
    let mut out = vec![
        bars(root)?,
        clocks(&read("v11-v10-10s")?, &read("v11-v10")?)?,
    ];
    out.extend(steps(root)?);
    Ok(out)
}

/// The error bars of the 48-game matches the page includes.
fn bars(root: &Path) -> Result<Generated> {
    let page = std::fs::read_to_string(root.join("book/chapters").join(CHAPTER.page))?;
    let mut bars = Vec::new();
    for name in page.lines().filter_map(|line| {
        line.strip_prefix("{{#include measured/matches/")?
            .strip_suffix(".md:row}}")
    }) {
        let found = Match::read(root, name)?;
        if found.games()? == 48 {
            bars.extend(found.elo().map(|(_, bar)| bar));
        }
    }
    let (Some(low), Some(high)) = (bars.iter().min(), bars.iter().max()) else {
        bail!("no 48-game match with a finite bar in {}", CHAPTER.page);
    };
    Ok(sentence(
        "strength-bars",
        format!("from ±{low} to ±{high} points"),
    ))
}

/// The step to v0.11 at ten seconds against two: the scores, and where
/// their error bars overlap.
fn clocks(long: &Match, short: &Match) -> Result<Generated> {
    let ((a, a_bar), (b, b_bar)) = (long.finite()?, short.finite()?);
    let (from, to) = ((a - a_bar).max(b - b_bar), (a + a_bar).min(b + b_bar));
    if to <= from || a >= b {
        bail!("the step to v0.11 no longer scores less at ten seconds within overlapping bars");
    }
    Ok(sentence(
        "strength-clocks",
        format!(
            "{} against {} at two seconds, though the two matches do not prove that it is worth \
             less: the bars, {} ± {a_bar} and {} ± {b_bar}, overlap over {} points, from {} to {}.",
            long.score()?,
            short.score()?,
            signed(a),
            signed(b),
            to - from,
            signed(from),
            signed(to)
        ),
    ))
}

/// What each step of the ladder is worth: its Elo difference, the depths
/// and draws of its match, its scores against the engines from outside,
/// and the three added up.
fn steps(root: &Path) -> Result<Vec<Generated>> {
    let read = |name| Match::read(root, name);
    let (v09, v10, v11) = (read("v09-v07")?, read("v10-v09")?, read("v11-v10")?);
    let elo = [v09.finite()?.0, v10.finite()?.0, v11.finite()?.0];
    let mut out: Vec<Generated> = ["v09", "v10", "v11"]
        .iter()
        .zip(elo)
        .map(|(step, elo)| {
            sentence(
                &format!("strength-step-{step}"),
                format!("about {}.", signed(about(elo, 10))),
            )
        })
        .collect();
    out.push(sentence(
        "strength-sum",
        format!("about {} Elo points", about(elo.iter().sum(), 50)),
    ));
    let depth = "mean depth of its moves";
    let ((d09, d07), (d10, d09b), (d11, d10b)) =
        (v09.detail(depth)?, v10.detail(depth)?, v11.detail(depth)?);
    let lower = if number(&d10)? < number(&d09b)? {
        "lower"
    } else {
        "not higher"
    };
    let (draws11, draws10) = v11.detail("draws it scored a pawn or more up")?;
    let draws11 = if draws11 == "0" {
        "none".into()
    } else {
        draws11
    };
    out.extend([
        sentence(
            "strength-depth-v09",
            format!("{d09} plies on average against v0.07's {d07}"),
        ),
        sentence(
            "strength-depth-v10",
            format!("v0.10's nominal depth is {lower} ({d10} plies against {d09b})"),
        ),
        sentence(
            "strength-depth-v11",
            format!("({d11} against {d10b} in their match)"),
        ),
        sentence(
            "strength-draws-v11",
            format!("v0.10 drew {draws10} games it scored a pawn or more up, v0.11 {draws11}."),
        ),
    ]);
    out.extend(outside(root)?);
    Ok(out)
}

/// v0.10's and v0.11's steps as the engines from outside see them.
fn outside(root: &Path) -> Result<Vec<Generated>> {
    let score = |name| Match::read(root, name)?.score();
    let bar = |name| Ok::<_, anyhow::Error>(Match::read(root, name)?.finite()?.1);
    Ok(vec![
        sentence(
            "strength-scores-v10",
            format!(
                "against Fairy-Max ({} to {}) and against the held-back Stockfish ({} to {})",
                score("v09-fairymax")?,
                score("v10-fairymax")?,
                score("v09-sf1350")?,
                score("v10-sf1350")?
            ),
        ),
        sentence(
            "strength-scores-v11",
            format!(
                "Against Fairy-Max the score rises from {} to {}; against the held-back \
                 Stockfish from {} to {}, where the error bars (±{} and ±{} Elo)",
                score("v10-fairymax")?,
                score("v11-fairymax")?,
                score("v10-sf1350")?,
                score("v11-sf1350")?,
                bar("v10-sf1350")?,
                bar("v11-sf1350")?
            ),
        ),
    ])
}
