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
    /// How the games ended: `checkmate 36, threefold repetition 12.`
    endings: String,
}

impl Match {
    /// The report `measured/matches/<name>.md`.
    fn read(root: &Path, name: &str) -> Result<Match> {
        let file = format!("matches/{name}.md");
        let rows = Rows::measured(root, &file)?;
        let text = std::fs::read_to_string(root.join("book/chapters/measured").join(&file))?;
        let endings = text
            .lines()
            .find_map(|line| line.strip_prefix("How the games ended: "))
            .ok_or_else(|| anyhow!("{name}: no line on how the games ended"))?;
        match rows.rows().split_first() {
            Some((row, details)) if row.len() == 7 => Ok(Match {
                row: row.clone(),
                details: details.to_vec(),
                endings: endings.trim_end_matches('.').to_string(),
            }),
            _ => bail!("{name}: no row of seven cells first"),
        }
    }

    /// The first engine's wins, draws and losses, from `+36 =12 -0`.
    fn wdl(&self) -> Result<[u32; 3]> {
        let mut counts = self.row[4].split(' ').map(|cell| cell[1..].parse::<u32>());
        let mut next = || -> Result<u32> { Ok(counts.next().ok_or_else(|| anyhow!("no count"))??) };
        Ok([next()?, next()?, next()?])
    }

    /// How many games ended as `how` (`threefold repetition`).
    fn ended(&self, how: &str) -> u32 {
        self.endings
            .split(", ")
            .find_map(|ending| ending.strip_prefix(how)?.trim().parse().ok())
            .unwrap_or(0)
    }

    /// A detail as a number, for the first engine and the second.
    fn figure(&self, row: &str) -> Result<(f64, f64)> {
        let (a, b) = self.detail(row)?;
        let read = |cell: &str| {
            if cell == "none" {
                Ok(0.0)
            } else {
                number(cell.trim_end_matches(" ms"))
            }
        };
        Ok((read(&a)?, read(&b)?))
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
    out.extend(games(root)?);
    out.extend(long_clock(&read("v11-v10-10s")?, &read("v11-v10")?)?);
    out.push(through_fairymax(root)?);
    out.push(blind_draws(root)?);
    out.push(behind_fairymax(&read("v11-fairymax")?)?);
    out.push(goal(root)?);
    out.extend(variants(root)?);
    out.push(crate::replays::v11_blunder(root)?);
    Ok(out)
}

/// The goal, Fairy-Max at ten seconds: v0.11 with and without its table,
/// and v0.10.
fn goal(root: &Path) -> Result<Generated> {
    let read = |name| Match::read(root, name);
    let (idle, hash, v10) = (
        read("v11-fairymax-10s")?,
        read("v11hash-fairymax-10s")?,
        read("v10-fairymax-10s")?,
    );
    let ((a, a_bar), (b, b_bar), (c, _)) = (idle.finite()?, hash.finite()?, v10.finite()?);
    let tops = [a + a_bar, b + b_bar];
    if tops.iter().any(|top| *top >= 0)
        || a <= c
        || (a - c) * 2 <= -c
        || (a - b).abs() > a_bar.min(b_bar)
    {
        bail!("the matches against Fairy-Max at ten seconds changed: rewrite \"The goal\"");
    }
    let (short, long) = (read("v11-fairymax")?.figure(DEPTH)?, idle.figure(DEPTH)?);
    Ok(sentence(
        "strength-goal",
        format!(
            "Over {} games each, v0.11 takes {} of the points without the table and {} with \
             it, {} to {} Elo points short of an even score; the error bars (±{a_bar} and \
             ±{b_bar}) keep even their tops, near {}, well below it, and the table makes no \
             difference the matches can see. The longer clock helps Fairy-Max as much as \
             v0.11: its mean depth goes from {:.1} to {:.1} plies, v0.11's nominal one from \
             {:.1} to {:.1}. v0.10 stands at {}, about {} points short, so v0.11's step \
             closes more than half the distance.",
            idle.games()?,
            idle.score()?,
            hash.score()?,
            about(-a, 5),
            about(-b, 5),
            about((tops[0] + tops[1]) / 2, 10),
            short.1,
            long.1,
            short.0,
            long.0,
            v10.score()?,
            about(-c, 10)
        ),
    ))
}

/// v0.11 against Fairy-Max at ten seconds with a switch changed, or on a
/// busy machine, beside the idle match with the defaults.
fn variants(root: &Path) -> Result<Vec<Generated>> {
    let read = |name| Match::read(root, name);
    let idle = read("v11-fairymax-10s")?;
    let ((a, a_bar), (depth, _)) = (idle.finite()?, idle.figure(DEPTH)?);
    let (hash_depth, hash_theirs) = read("v11hash-fairymax-10s")?.figure(DEPTH)?;
    let (nosel, kornilov, busy) = (
        read("v11nosel-fairymax-10s")?,
        read("v11kornilov-fairymax-10s")?,
        read("v11-fairymax-10s-busy")?,
    );
    if (busy.finite()?.0 - a).abs() > a_bar {
        bail!("the busy machine's match is no longer within the idle one's bar: rewrite it");
    }
    let without = nosel.finite()?.0;
    if (without - a).abs() > a_bar || without > a {
        bail!("v0.11 without its selective stand pat is no longer within the bars and no better: rewrite \"The selectivity\"");
    }
    let over = |found: &Match| -> Result<String> {
        Ok(format!("{} over {} games", found.score()?, found.games()?))
    };
    Ok(vec![
        sentence(
            "strength-selective",
            format!(
                "reaches {:.1} plies on average instead of {depth:.1}, and against Fairy-Max at \
                 10+0.1 scores {} against {} with it",
                nosel.figure(DEPTH)?.0,
                over(&nosel)?,
                idle.score()?
            ),
        ),
        sentence(
            "strength-hash-depth",
            format!(
                "{hash_depth:.1} plies on average at 10+0.1, against Fairy-Max's {hash_theirs:.1}"
            ),
        ),
        sentence(
            "strength-kornilov",
            format!(
                "at the same depth ({:.1} plies on average) and the same clock, v0.11 scores {} \
                 instead of {}, some {} points lower",
                kornilov.figure(DEPTH)?.0,
                over(&kornilov)?,
                idle.score()?,
                about(a - kornilov.finite()?.0, 10)
            ),
        ),
        sentence(
            "strength-busy",
            format!(
                "It scores {}, within the error bars of the idle {}; its mean depth ({:.1})",
                busy.score()?,
                idle.score()?,
                busy.figure(DEPTH)?.0
            ),
        ),
    ])
}

/// "No game", "1 game", "2 games".
fn games_of(count: u32) -> String {
    match count {
        0 => "no game".to_string(),
        1 => "1 game".to_string(),
        _ => format!("{count} games"),
    }
}

const DEPTH: &str = "mean depth of its moves";
const PAWN_UP: &str = "draws it scored a pawn or more up";

/// The games of the first two steps, and v0.07 against the engines from
/// outside.
fn games(root: &Path) -> Result<Vec<Generated>> {
    let read = |name| Match::read(root, name);
    let (v09, v10) = (read("v09-v07")?, read("v10-v09")?);
    let (d09, d07) = v09.figure(DEPTH)?;
    let [won, _, lost] = v09.wdl()?;
    let lost = if lost == 0 {
        "none".to_string()
    } else {
        games_of(lost)
    };
    let fairymax = read("v07-fairymax")?;
    let [fm_won, fm_drawn, fm_lost] = fairymax.wdl()?;
    if fm_won + fm_drawn > 1 {
        bail!("v0.07 now takes points from Fairy-Max: rewrite \"stands no chance\"");
    }
    Ok(vec![
        sentence(
            "strength-won-v09",
            format!(
                "{:.1} plies more are all the difference, and it wins {won} games of {} and \
                 loses {lost}.",
                d09 - d07,
                v09.games()?
            ),
        ),
        sentence(
            "strength-outside-v07",
            format!(
                "v0.07 stands no chance against Fairy-Max ({fm_lost} games lost of {}) and \
                 scores {} against the held-back Stockfish.",
                fairymax.games()?,
                read("v07-sf1350")?.score()?
            ),
        ),
        sentence(
            "strength-lost-v10",
            format!(
                "yet it loses {} of {}",
                games_of(v10.wdl()?[2]),
                v10.games()?
            ),
        ),
    ])
}

/// The step to v0.11 at ten seconds: how its games ended, and the time
/// and depth of a move at each clock.
fn long_clock(long: &Match, short: &Match) -> Result<Vec<Generated>> {
    let threefold = "threefold repetition";
    let (repeated, before) = (long.ended(threefold), short.ended(threefold));
    if repeated * 2 <= long.games()? {
        bail!(
            "no more than half the games at ten seconds end in a repetition: rewrite the paragraph"
        );
    }
    let (_, pawn_up) = long.detail(PAWN_UP)?;
    let ((time, _), (time_before, _)) = (
        long.figure("mean time a move")?,
        short.figure("mean time a move")?,
    );
    let (selective, full) = long.figure(DEPTH)?;
    Ok(vec![
        sentence(
            "strength-endings-10s",
            format!(
                "More than half of them ({repeated}) ended in a threefold repetition, against \
                 {before} of {} at two seconds, and v0.10 scored itself a pawn or more up in \
                 {pawn_up} of its draws.",
                short.games()?
            ),
        ),
        sentence(
            "strength-time-10s",
            format!(
                "With {:.1} times the time a move ({time} ms against {time_before}), v0.10's \
                 full-width search ({full} plies on average) outplays v0.11's selective one \
                 ({selective} nominal plies)",
                time / time_before
            ),
        ),
    ])
}

/// The step to v0.11 as Fairy-Max measures it, against the direct match.
fn through_fairymax(root: &Path) -> Result<Generated> {
    let read = |name| Match::read(root, name);
    let (before, after) = (
        read("v10-fairymax")?.finite()?.0,
        read("v11-fairymax")?.finite()?.0,
    );
    let (direct, bar) = read("v11-v10")?.finite()?;
    if (after - before - direct).abs() > bar {
        bail!("Fairy-Max and the direct match no longer agree on v0.10 to v0.11: rewrite the paragraph");
    }
    Ok(sentence(
        "strength-through-fairymax",
        format!(
            "through Fairy-Max, v0.10 to v0.11 is worth about {} ({before} to {after}), the \
             direct match says {} ± {bar}.",
            signed(after - before),
            signed(direct)
        ),
    ))
}

/// The draws the versions before v0.11 scored a pawn or more up; v0.11
/// must have none.
fn blind_draws(root: &Path) -> Result<Generated> {
    let read = |name| Match::read(root, name);
    let pawn_up = |found: &Match| -> Result<(String, u32)> {
        Ok((found.detail(PAWN_UP)?.0, found.wdl()?[1]))
    };
    for name in ["v11-v10", "v11-fairymax", "v11-sf1350", "v11-v10-10s"] {
        if read(name)?.detail(PAWN_UP)?.0 != "0" {
            bail!("{name}: v0.11 drew a game it scored a pawn up: rewrite the paragraph");
        }
    }
    let long = read("v11-v10-10s")?;
    let ((v09, v09_draws), (v10, v10_draws), (fm, fm_draws)) = (
        pawn_up(&read("v09-v07")?)?,
        pawn_up(&read("v10-v09")?)?,
        pawn_up(&read("v10-fairymax")?)?,
    );
    Ok(sentence(
        "strength-blind-draws",
        format!(
            "{v09} of the {v09_draws} games v0.09 drew against v0.07 ended with v0.09 scoring \
             itself a pawn or more up, {v10} of the {v10_draws} that v0.10 drew against v0.09 \
             with v0.10 a pawn up, and {fm} of its {fm_draws} draws against Fairy-Max. v0.11 \
             scores a repeated position as a draw in its search, and drew no game it thought it \
             was winning. At 10 seconds a game the same blindness cost v0.10 {} of its {} draws \
             against v0.11 (above).",
            long.detail(PAWN_UP)?.1,
            long.wdl()?[1]
        ),
    ))
}

/// What is left between v0.11 and Fairy-Max.
fn behind_fairymax(found: &Match) -> Result<Generated> {
    let (elo, _) = found.finite()?;
    let (depth, theirs) = found.figure(DEPTH)?;
    if elo >= 0 || (depth - theirs).abs() >= 1.0 {
        bail!("v0.11 against Fairy-Max changed: rewrite \"What holds v0.11 back\"");
    }
    Ok(sentence(
        "strength-behind-fairymax",
        format!(
            "Against Fairy-Max at 2 seconds a game v0.11 scores {}, about {} points below. Its \
             searches reach a nominal depth like Fairy-Max's ({depth:.1} against {theirs:.1} \
             plies on average",
            found.score()?,
            about(-elo, 10)
        ),
    ))
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
            format!(
                "{:.1} plies deeper ({d11} against {d10b} in their match)",
                number(&d11)? - number(&d10b)?
            ),
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
