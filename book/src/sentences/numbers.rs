//! The "in numbers" pages' sentences, from their measured tables.
//!
//! Each function reads the measured tables a page shows and writes the
//! sentences that read them, as the rest of [`crate::sentences`] does;
//! where the words hold only while the numbers do ("together, the two do
//! best"), it checks them and fails, naming the paragraph to rewrite.

use std::path::Path;

use anyhow::{anyhow, bail, Result};

use super::{count, number, sentence, Rows};
use crate::files::Generated;

/// The chapter's four positions, as the measured tables name them.
const POSITIONS: [&str; 4] = ["start", "Kiwipete", "middlegame", "endgame"];

/// The configurations of `measure v11-hash`, as its tables name them.
const AS_IT_IS: &str = "v0.11 (deepening, no table)";
const BOTH: &str = "v0.11 --hash 16 (deepening and table)";
const NEITHER: &str = "v0.11 --no-iid (neither)";
const TABLE_ALONE: &str = "v0.11 --no-iid --hash 16 (table, no deepening)";

/// The v0.11 numbers page's, from `measure v11-hash` and `v11-hash-wac`.
pub fn v11_hash(root: &Path) -> Result<Vec<Generated>> {
    let ratios = Rows::measured(root, "v11-hash-depths.md")?.from_header("configuration")?;
    // "0.39× at depth 8": the share of v0.11's nodes, and at which depth.
    let shares = |configuration: &str| -> Result<Vec<f64>> {
        POSITIONS
            .iter()
            .map(|position| {
                let cell = ratios.cell(configuration, None, position)?;
                match cell.split_once("× at depth ") {
                    Some((ratio, "8")) => Ok(ratio.parse()?),
                    _ => Err(anyhow!(
                        "{configuration} on {position}: {cell}, not at depth 8"
                    )),
                }
            })
            .collect()
    };
    let range = |shares: &[f64]| {
        let low = shares.iter().copied().fold(f64::INFINITY, f64::min);
        let high = shares.iter().copied().fold(0.0, f64::max);
        (format!("{low:.2} to {high:.2}"), high < 1.0)
    };
    let (both, both_fewer) = range(&shares(BOTH)?);
    let (alone, alone_fewer) = range(&shares(TABLE_ALONE)?);
    if !both_fewer || !alone_fewer {
        bail!("a table no longer saves nodes at depth 8: rewrite v11-numbers.md's bullets");
    }
    let second = Rows::measured(root, "v11-hash-one-second.md")?;
    let depth = |position, configuration| {
        second
            .number(position, Some(configuration), "depth")
            .map(|d| d as u32)
    };
    let mut deeper = Vec::new();
    for (position, words) in POSITIONS.iter().zip([
        "from the start",
        "on Kiwipete",
        "in the middlegame",
        "in the endgame",
    ]) {
        let (with, without) = (depth(position, BOTH)?, depth(position, AS_IT_IS)?);
        if with <= without {
            bail!("the table no longer goes deeper {words} in one second: rewrite v11-numbers.md");
        }
        deeper.push(format!("{with} against {without} {words}"));
    }
    let deepest = POSITIONS
        .iter()
        .map(|position| depth(position, BOTH))
        .collect::<Result<Vec<_>>>()?;
    if deepest.iter().max() != deepest.last() {
        bail!("the endgame no longer goes deepest with the table: rewrite v11-numbers.md");
    }
    Ok(vec![
        sentence(
            "v11-hash-together",
            format!(
                "depth 8 costs {both} of the nodes of v0.11 as it is, on every position. In one \
                 second the nominal depth climbs much further: {}, {}, {}, {}.",
                deeper[0], deeper[1], deeper[2], deeper[3]
            ),
        ),
        sentence(
            "v11-hash-alone",
            format!("with {alone} of the deepening's nodes on all four positions"),
        ),
        sentence("v11-hash-endgame", format!("{} with the table", deepest[3])),
        v11_hash_wac(root)?,
    ])
}

/// Win At Chess at one second a position, with and without the table.
fn v11_hash_wac(root: &Path) -> Result<Generated> {
    let rows = Rows::measured(root, "v11-hash-wac.md")?;
    let solved = |configuration| rows.number(configuration, None, "solved");
    let (both, alone) = (solved(BOTH)?, solved(TABLE_ALONE)?);
    let (as_it_is, neither) = (solved(AS_IT_IS)?, solved(NEITHER)?);
    if both < as_it_is || alone < neither {
        bail!("the table no longer helps on tactics: rewrite v11-numbers.md's \"In games\"");
    }
    Ok(sentence(
        "v11-hash-wac",
        format!(
            "solves {} Win At Chess positions with the deepening and {} without it, against {} \
             for v0.11 as it is and {} with neither",
            count(both),
            count(alone),
            count(as_it_is),
            count(neither)
        ),
    ))
}

/// `--no-iid` on Win At Chess in a second, as the hash run measured it.
pub fn v11_no_iid(root: &Path) -> Result<Generated> {
    let cell = Rows::measured(root, "v11-hash-wac.md")?.cell(NEITHER, None, "solved")?;
    Ok(sentence("v11-no-iid-wac", count(number(&cell)?)))
}
