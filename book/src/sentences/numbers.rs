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
const BOTH: &str = "v0.11 --ideas all (deepening and table)";
const NEITHER: &str = "v0.11 --ideas no-iid (neither)";
const TABLE_ALONE: &str = "v0.11 --ideas all,no-iid (table, no deepening)";

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

/// `--ideas no-iid` on Win At Chess in a second, as the hash run measured it.
pub fn v11_no_iid(root: &Path) -> Result<Generated> {
    let cell = Rows::measured(root, "v11-hash-wac.md")?.cell(NEITHER, None, "solved")?;
    Ok(sentence("v11-no-iid-wac", count(number(&cell)?)))
}

/// The v0.10 node tables' positions: the file's name and the page's.
const V10_POSITIONS: [(&str, &str); 4] = [
    ("start", "the start"),
    ("kiwipete", "Kiwipete"),
    ("middlegame", "the middlegame"),
    ("endgame", "the endgame"),
];

/// v0.10 as it ships, in the measured tables.
const DEFAULT: &str = "see, Δ 50";

/// The v0.10 numbers page's reading of its node tables ("The effect").
pub fn v10_effect(root: &Path) -> Result<Vec<Generated>> {
    let table = |name| Rows::measured(root, &format!("v10-nodes-{name}.md"));
    let nodes =
        |rows: &Rows, row: &str, depth: u32| rows.number(row, None, &format!("depth {depth}"));
    let mut growth = Vec::new();
    let mut fewest = (f64::INFINITY, String::new());
    for (name, words) in V10_POSITIONS {
        let rows = table(name)?;
        growth.push(nodes(&rows, DEFAULT, 5)? / nodes(&rows, "v0.09", 5)?);
        for (depth, delta) in [4, 5]
            .into_iter()
            .flat_map(|d| [0, 50, 100, 200].map(|x| (d, x)))
        {
            let see = nodes(&rows, &format!("see, Δ {delta}"), depth)?;
            let simple = nodes(&rows, &format!("simple, Δ {delta}"), depth)?;
            if see / simple < fewest.0 {
                let at = format!(
                    "{} at depth {depth} with `DELTA` {delta}",
                    words.trim_start_matches("the ")
                );
                fewest = (
                    see / simple,
                    format!("({at}: {} against {})", count(see), count(simple)),
                );
            }
        }
    }
    let (least, most) = (
        growth.iter().copied().fold(f64::INFINITY, f64::min),
        growth.iter().copied().fold(0.0, f64::max),
    );
    if growth[0] != least || growth[1] != most || least >= 1.0 || fewest.0 >= 0.2 {
        bail!("v10-numbers.md's \"The effect\" no longer reads its tables: {growth:?}, {fewest:?}");
    }
    let kiwipete = table("kiwipete")?;
    let share = kiwipete.cell(DEFAULT, None, "depth 5")?;
    let share = share
        .split("<br>")
        .nth(1)
        .unwrap_or_default()
        .trim_end_matches(" q.")
        .to_string();
    let (no_root, with_root) = (
        nodes(&kiwipete, "see, Δ 50, no quiRoot", 5)?,
        nodes(&kiwipete, DEFAULT, 5)?,
    );
    if no_root >= with_root {
        bail!("`quiRoot` no longer costs nodes on Kiwipete: rewrite v10-numbers.md");
    }
    let middlegame = table("middlegame")?;
    let lamosca = nodes(&kiwipete, "LaMoSca v0.10", 5)?;
    let (slow, forum) = (
        nodes(&middlegame, "LaMoSca v0.10", 5)?,
        nodes(&middlegame, DEFAULT, 5)?,
    );
    Ok(vec![
        sentence("v10-growth", format!("fewer nodes than v0.09 from the start to {most:.1} times as many on Kiwipete")),
        sentence("v10-kiwipete-share", share),
        sentence("v10-see-simple", format!("sometimes less than a fifth as many {}", fewest.1)),
        sentence("v10-no-quiroot", format!("{} nodes instead of {}", count(no_root), count(with_root))),
        sentence(
            "v10-lamosca-nodes",
            format!(
                "{} nodes on Kiwipete at depth 5, {:.0} times the forum search's, and {:.1} million on the \
                 middlegame against {:.0} thousand",
                count(lamosca),
                lamosca / with_root,
                slow / 1e6,
                forum / 1e3
            ),
        ),
    ])
}

/// A cell of the Win At Chess table: positions solved, nodes over the
/// suite, and how many positions ran out of the node budget.
struct Suite {
    solved: f64,
    nodes: f64,
    ran_out: f64,
}

/// The cell of `search` at `depth` in `wac.md`'s first table.
fn suite(rows: &Rows, search: &str, depth: u32) -> Result<Suite> {
    let cell = rows.cell(search, None, &format!("depth {depth}"))?;
    let lines: Vec<&str> = cell.split("<br>").collect();
    let ran_out = lines.iter().find(|line| line.ends_with(" ran out"));
    Ok(Suite {
        solved: number(&cell)?,
        nodes: number(
            lines
                .get(1)
                .ok_or_else(|| anyhow!("no nodes in {cell:?}"))?,
        )?,
        ran_out: ran_out.map_or(Ok(0.0), |line| number(line))?,
    })
}

/// A share as "a fortieth": the nearest tenth of a fraction's inverse.
fn fraction(x: f64) -> String {
    const TENTHS: [&str; 9] = [
        "tenth",
        "twentieth",
        "thirtieth",
        "fortieth",
        "fiftieth",
        "sixtieth",
        "seventieth",
        "eightieth",
        "ninetieth",
    ];
    let tens = (1.0 / x / 10.0).round() as usize;
    TENTHS
        .get(tens.wrapping_sub(1))
        .map_or(format!("1/{}", tens * 10), |word| word.to_string())
}

/// The v0.10 numbers page's reading of Win At Chess: v0.10 against v0.09,
/// `see` against `simple`, `quiRoot` and LaMoSca's own mode.
pub fn v10_wac(root: &Path) -> Result<Vec<Generated>> {
    let rows = Rows::measured(root, "wac.md")?;
    let at = |search, depth| suite(&rows, search, depth);
    let (v10, v09) = (at(DEFAULT, 3)?, at("v0.09", 5)?);
    let (two, four) = (at(DEFAULT, 2)?, at("v0.09", 4)?);
    if (v10.solved - v09.solved).abs() > 5.0 || (two.solved - four.solved).abs() > 5.0 {
        bail!("v0.10 no longer solves about as many as v0.09 two plies deeper: rewrite v10-numbers.md");
    }
    let deeper = format!(
        "5 ({}) with about a {} of the nodes. v0.10 at depth 2 ({}) is close to v0.09 at depth 4 ({})",
        count(v09.solved),
        fraction(v10.nodes / v09.nodes),
        count(two.solved),
        count(four.solved)
    );
    let [s4, s5, d4, d5] = [
        ("simple, Δ 50", 4),
        ("simple, Δ 50", 5),
        (DEFAULT, 4),
        (DEFAULT, 5),
    ]
    .map(|(search, depth)| at(search, depth).map(|cell| cell.solved));
    let [s4, s5, d4, d5] = [s4?, s5?, d4?, d5?];
    if s4 <= d4 || s5 <= d5 {
        bail!("`simple` no longer solves more at depths 4 and 5: rewrite v10-numbers.md");
    }
    let root_off = |depth| at("see, Δ 50, no quiRoot", depth).map(|cell| cell.solved);
    let shipped = |depth| at(DEFAULT, depth).map(|cell| cell.solved);
    if (root_off(3)? - shipped(3)?).abs() > 3.0 || (root_off(5)? - shipped(5)?).abs() > 3.0 {
        bail!("without `quiRoot` depths 3 and 5 change: rewrite v10-numbers.md");
    }
    Ok(vec![
        sentence("v10-wac-deeper", deeper),
        v10_see_simple(root)?,
        sentence(
            "v10-wac-simple",
            format!(
                "({} and {} against {} and {})",
                count(s4),
                count(s5),
                count(d4),
                count(d5)
            ),
        ),
        sentence(
            "v10-wac-quiroot",
            format!(
                "depth 2 solves {} positions instead of {} and depth 4 {} instead of {}",
                count(root_off(2)?),
                count(shipped(2)?),
                count(root_off(4)?),
                count(shipped(4)?)
            ),
        ),
        v10_wac_lamosca(&rows)?,
    ])
}

/// `see` against `simple` on Win At Chess, position by position.
fn v10_see_simple(root: &Path) -> Result<Generated> {
    let rows = Rows::measured(root, "wac.md")?.from_header("depth")?;
    let mut same = Vec::new();
    let (mut fewer, mut shares) = (f64::INFINITY, Vec::new());
    for depth in 2..=5 {
        let depth = depth.to_string();
        let cell = |column| rows.number(&depth, None, column);
        same.push(cell("same move")?);
        fewer = fewer.min(cell("see fewer nodes")? / cell("same move")?);
        shares.push(100.0 * cell("see nodes")? / cell("simple nodes")?);
    }
    let low = |values: &[f64]| values.iter().copied().fold(f64::INFINITY, f64::min);
    let high = |values: &[f64]| values.iter().copied().fold(0.0, f64::max);
    Ok(sentence(
        "v10-wac-see-simple",
        format!(
            "they choose the same move on {} to {} of the 300, and on {:.0}% or more of those `see` \
             needed fewer nodes, between {:.0}% and {:.0}% of `simple`'s in all",
            low(&same),
            high(&same),
            (100.0 * fewer / 5.0).floor() * 5.0,
            low(&shares),
            high(&shares)
        ),
    ))
}

/// LaMoSca's own mode on Win At Chess against v0.09.
fn v10_wac_lamosca(rows: &Rows) -> Result<Generated> {
    let mut pairs = Vec::new();
    let mut times = Vec::new();
    for depth in 2..=5 {
        let (own, v09) = (
            suite(rows, "LaMoSca v0.10", depth)?,
            suite(rows, "v0.09", depth)?,
        );
        if (own.solved < v09.solved) != (depth != 2) {
            bail!("LaMoSca's mode no longer trails v0.09 at every depth but the second");
        }
        pairs.push(format!(
            "{} against {} at depth {depth}",
            count(own.solved),
            count(v09.solved)
        ));
        times.push((own.nodes / v09.nodes / 10.0).round() * 10.0);
    }
    let ran_out = suite(rows, "LaMoSca v0.10", 5)?.ran_out;
    Ok(sentence(
        "v10-wac-lamosca",
        format!(
            "{}, {}, {} and {}, for {} to {} times v0.09's nodes; at depth 5, {} positions ran out",
            pairs[0],
            pairs[1],
            pairs[2],
            pairs[3],
            times.iter().copied().fold(f64::INFINITY, f64::min),
            times.iter().copied().fold(0.0, f64::max),
            count(ran_out)
        ),
    ))
}

/// The v0.10 numbers page's "Why `DELTA` stays at 50", from Win At Chess
/// and Kiwipete.
pub fn v10_delta(root: &Path) -> Result<Vec<Generated>> {
    let rows = Rows::measured(root, "wac.md")?;
    let margin = |delta: u32, depth| suite(&rows, &format!("see, Δ {delta}"), depth);
    for depth in 2..=5 {
        let cells = [0, 50, 100, 200]
            .map(|delta| margin(delta, depth))
            .into_iter()
            .collect::<Result<Vec<_>>>()?;
        let solved: Vec<f64> = cells.iter().map(|cell| cell.solved).collect();
        let spread = solved.iter().copied().fold(0.0, f64::max)
            - solved.iter().copied().fold(f64::INFINITY, f64::min);
        if cells.windows(2).any(|pair| pair[1].nodes <= pair[0].nodes)
            || (depth < 5 && spread > 6.0)
            || (solved[0] - solved[1]).abs() > 4.0
        {
            bail!(
                "the margins at depth {depth} no longer read as \"Why `DELTA` stays at 50\" says"
            );
        }
    }
    let three = [0, 50, 100, 200].map(|delta| margin(delta, 3).map(|cell| cell.solved));
    let [a, b, c, d] = three;
    let [a, b, c, d] = [a?, b?, c?, d?];
    if a != b || c != d || a <= c {
        bail!("at depth 3 the two smaller margins no longer solve one more than the larger");
    }
    let millions = [0, 50, 100, 200]
        .into_iter()
        .map(|delta| margin(delta, 5).map(|cell| format!("{:.0}", cell.nodes / 1e6)))
        .collect::<Result<Vec<_>>>()?;
    let (wide, shipped) = (margin(200, 5)?, margin(50, 5)?);
    let kiwipete = Rows::measured(root, "v10-nodes-kiwipete.md")?;
    let nodes = |row| kiwipete.number(row, None, "depth 5");
    let (wide_k, shipped_k) = (nodes("see, Δ 200")?, nodes(DEFAULT)?);
    Ok(vec![
        sentence(
            "v10-delta-depth3",
            format!("{} positions, the two larger {}", count(a), count(c)),
        ),
        sentence(
            "v10-delta-cost",
            format!(
                "at depth 5, {}, {}, {} and {} million over the suite. Only at depth 5 does 200 \
                 pull ahead, with {} positions against 50's {}, for {:.0}% more nodes; on \
                 Kiwipete the same margin costs {:.1} times as many nodes at that depth ({} \
                 against {})",
                millions[0],
                millions[1],
                millions[2],
                millions[3],
                count(wide.solved),
                count(shipped.solved),
                100.0 * (wide.nodes / shipped.nodes - 1.0),
                wide_k / shipped_k,
                count(wide_k),
                count(shipped_k)
            ),
        ),
    ])
}

/// The share of LaMoSca's own nodes past the horizon in the middlegame,
/// after the page's "more than thirty times the default's, and fewer at
/// the greater depth", which it checks.
pub fn v10_lamosca_shares(root: &Path) -> Result<Generated> {
    let rows = Rows::measured(root, "v10-nodes-middlegame.md")?;
    let cell = |row, depth| rows.cell(row, None, &format!("depth {depth}"));
    let share = |depth| -> Result<String> {
        let cell = cell("LaMoSca v0.10", depth)?;
        Ok(cell
            .split("<br>")
            .nth(1)
            .unwrap_or_default()
            .trim_end_matches(" q.")
            .to_string())
    };
    let nodes = |row, depth| cell(row, depth).and_then(|cell| number(&cell));
    let (four, five) = (nodes("LaMoSca v0.10", 4)?, nodes("LaMoSca v0.10", 5)?);
    if five >= four || four.min(five) <= 30.0 * nodes(DEFAULT, 4)?.max(nodes(DEFAULT, 5)?) {
        bail!("LaMoSca's own mode in the middlegame no longer reads as v10-numbers.md says");
    }
    Ok(sentence(
        "v10-lamosca-shares",
        format!("({} and {})", share(4)?, share(5)?),
    ))
}
