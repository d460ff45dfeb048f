//! Sentences that sum up a table, written from the table.
//!
//! A chapter may say in words what a table shows: "depth 4 takes NegaMax
//! 206,604 nodes". Written by hand, such a sentence drifts from its table
//! when the table is made again. So the generator writes it: each function
//! here reads a table the page shows, generated or measured, and writes
//! the sentence to `generated/sentences/`, named after its table. The page
//! includes it inside its paragraph:
//!
//! ```text
//! The cost is that it looks at everything: from the start position,
//! {{#include generated/sentences/v07-nodes.md}} The chapter goes ...
//! ```
//!
//! mdBook drops the file's last newline, so the sentence runs on in the
//! paragraph. Where the words around the numbers hold only while the
//! numbers do ("about 60 ahead at depths 3 to 5", "the bars overlap"),
//! the function checks them and fails with an error that says which
//! paragraph to rewrite. The strength chapter's sentences, read from the
//! match reports, are made by its own module,
//! [`crate::chapters::strength`]. A generated table is read from the chapter's own files; a
//! measured one as committed under `measured/`, so a new measurement makes
//! its sentences stale until the book is generated again.

use std::path::Path;

use anyhow::{anyhow, bail, Context as _, Result};

use crate::files::{Generated, MEASURED_DIR};
use crate::markdown::table_rows;

mod numbers;

/// A table's rows, its header first, as [`table_rows`] reads them.
pub struct Rows(Vec<Vec<String>>);

impl Rows {
    /// The table the generated file `path` holds, among `files`.
    pub fn generated(files: &[Generated], path: &str) -> Result<Rows> {
        let file = files
            .iter()
            .find(|file| file.path == Path::new(path))
            .ok_or_else(|| anyhow!("no generated table {path}"))?;
        Ok(Rows(table_rows(&file.text)))
    }

    /// The measured table `name`, as committed under `measured/`.
    pub fn measured(root: &Path, name: &str) -> Result<Rows> {
        let path = root.join("book/chapters").join(MEASURED_DIR).join(name);
        let text = std::fs::read_to_string(&path).context(format!("reading {}", path.display()))?;
        Ok(Rows(table_rows(&text)))
    }

    /// The rows from the one whose first cell is `first` on: the second
    /// table of a file, with its own header.
    pub fn from_header(self, first: &str) -> Result<Rows> {
        let at = self
            .0
            .iter()
            .position(|row| row[0] == first)
            .ok_or_else(|| anyhow!("no table headed {first:?}"))?;
        Ok(Rows(self.0[at..].to_vec()))
    }

    /// The cell in the row labelled `row` (labels carry down through empty
    /// first cells) whose second cell is `second`, if given, under the
    /// column headed `column`.
    pub fn cell(&self, row: &str, second: Option<&str>, column: &str) -> Result<String> {
        self.cell_where(row, second.map(|second| (1, second)), column)
    }

    /// The cell in the row labelled `row` whose cell number `at` is
    /// `value`, if given, under the column headed `column` (the first of
    /// that name).
    pub fn cell_where(
        &self,
        row: &str,
        key: Option<(usize, &str)>,
        column: &str,
    ) -> Result<String> {
        let header = &self.0[0];
        let at = header
            .iter()
            .position(|head| head == column)
            .ok_or_else(|| anyhow!("no column {column:?} in {header:?}"))?;
        let mut label = "";
        for cells in &self.0[1..] {
            if !cells[0].is_empty() {
                label = &cells[0];
            }
            if label == row && key.is_none_or(|(key, wanted)| cells[key] == wanted) {
                return Ok(cells[at].clone());
            }
        }
        Err(anyhow!("no row {row:?} {key:?} under {column:?}"))
    }

    /// The number at the start of a cell, `1,234` or `89.3%`.
    pub fn number(&self, row: &str, second: Option<&str>, column: &str) -> Result<f64> {
        number(&self.cell(row, second, column)?)
    }

    /// The rows themselves.
    pub fn rows(&self) -> &[Vec<String>] {
        &self.0
    }
}

impl From<Vec<Vec<String>>> for Rows {
    /// Rows already read, their header first.
    fn from(rows: Vec<Vec<String>>) -> Rows {
        Rows(rows)
    }
}

/// A count or share as a cell shows it, `1,234`, `**115** of 300` or
/// `89.3%`, read from the cell's first line.
pub fn number(cell: &str) -> Result<f64> {
    let first = cell.split("<br>").next().unwrap_or(cell);
    let first = first
        .trim_start_matches("**")
        .split("**")
        .next()
        .unwrap_or(first);
    first
        .split(' ')
        .next()
        .unwrap_or(first)
        .trim_end_matches('%')
        .replace(',', "")
        .parse()
        .map_err(|_| anyhow!("not a number: {cell:?}"))
}

/// A share as the chapters write it, `89.3%`.
pub fn pct(x: f64) -> String {
    format!("{x:.1}%")
}

/// A whole count with commas, `1,234`.
pub fn count(x: f64) -> String {
    crate::markdown::thousands(x as u64)
}

/// The steps, counted and named from the book's list of them
/// ([`lamosca_reader::STEPS`]): "the four steps, v0.07, v0.09, v0.10 and
/// v0.11". A page that says how many steps there are says it with this
/// sentence, so that a new step changes the words.
pub fn steps() -> Result<Generated> {
    let titles: Vec<&str> = lamosca_reader::STEPS
        .iter()
        .map(|step| step.title)
        .collect();
    let Some((last, before)) = titles.split_last() else {
        bail!("the book's list of steps is empty");
    };
    let named = if before.is_empty() {
        last.to_string()
    } else {
        format!("{} and {last}", before.join(", "))
    };
    Ok(sentence(
        "steps",
        format!("the {} steps, {named}", count_word(titles.len())?),
    ))
}

/// A small count in words, as the prose writes it: 4 is "four".
fn count_word(n: usize) -> Result<&'static str> {
    const WORDS: [&str; 13] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve",
    ];
    WORDS
        .get(n)
        .copied()
        .ok_or_else(|| anyhow!("{n} steps: write the count in words for the prose"))
}

/// The sentence file `sentences/<name>.md`: one line, run into the
/// paragraph that includes it.
pub fn sentence(name: &str, text: String) -> Generated {
    debug_assert!(!text.contains('\n'), "a sentence is one line: {text}");
    Generated::new(&format!("sentences/{name}.md"), format!("{text}\n"))
}

/// The v0.07 chapter's: what depth 4 costs NegaMax (its "In one minute").
pub fn v07(files: &[Generated]) -> Result<Vec<Generated>> {
    let rows = Rows::generated(files, "tables/v07-nodes.md")?;
    let deepest = rows
        .rows()
        .last()
        .map(|row| row[0].clone())
        .unwrap_or_default();
    let at = |column| rows.cell(&deepest, None, column);
    Ok(vec![sentence(
        "v07-nodes",
        format!(
            "depth {deepest} takes NegaMax {} nodes, and each depth multiplies the leaves by \
             about {}",
            at("nodes visited")?,
            at("leaves / leaves one depth less")?
        ),
    )])
}

/// The v0.09 chapter's: depth 4 from the start against v0.07's.
pub fn v09(files: &[Generated]) -> Result<Vec<Generated>> {
    let rows = Rows::generated(files, "tables/v09-nodes.md")?;
    let at = |column| rows.cell("start", Some("4"), column);
    Ok(vec![sentence(
        "v09-nodes",
        format!(
            "From the start, depth 4 costs v0.09 {} nodes where v0.07 needs {}.",
            at("MVV/LVA + history")?,
            at("v0.07")?
        ),
    )])
}

/// The v0.10 chapter's: Win At Chess solved at depth 3.
pub fn v10(files: &[Generated]) -> Result<Vec<Generated>> {
    let rows = Rows::generated(files, "tables/wac-solved.md")?;
    let solved = |search| rows.number(search, None, "depth 3").map(count);
    Ok(vec![sentence(
        "wac-solved",
        format!(
            "At depth 3, v0.10 solves {} of the 300 Win At Chess positions, where v0.09 \
             solves {}.",
            solved("v0.10")?,
            solved("v0.09")?
        ),
    )])
}

/// The v0.11 chapter's: the steps of the stepper where each idea first
/// shows.
pub fn v11(files: &[Generated]) -> Result<Vec<Generated>> {
    let rows = Rows::generated(files, "tables/v11-moments.md")?;
    let step = |idea| rows.cell(idea, None, "first step");
    let (lazy, selective) = (step("lazy cut")?, step("selective stand pat")?);
    Ok(vec![
        sentence(
            "v11-moments-deepening",
            format!(
                "step {}, the first move handed up by a search two plies shallower, and step {}, \
                 the first node of a reduced search.",
                step("internal deepening: a move handed up")?,
                step("internal deepening: a node of a reduced search")?
            ),
        ),
        sentence(
            "v11-moments-lazy",
            format!("step {lazy}, the first lazy cut,"),
        ),
        sentence(
            "v11-moments-selective",
            format!("step {selective}, the first selective stand pat:"),
        ),
        sentence(
            "v11-moments-scores",
            format!(
                "the lazy cut at step {lazy} compares one with beta, and the selective stand pat \
                 at step {selective} keeps one."
            ),
        ),
    ])
}

/// A small count in words, for "one time in eight".
fn in_words(n: f64) -> String {
    const WORDS: [&str; 11] = [
        "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    ];
    let n = n.round() as usize;
    WORDS
        .get(n.wrapping_sub(2))
        .map_or(n.to_string(), |word| word.to_string())
}

/// The v0.09 "in numbers" page's, from the measured tables: how often the
/// first move cuts, and the ordering against the minimal tree.
pub fn v09_numbers(root: &Path) -> Result<Vec<Generated>> {
    let rows = Rows::measured(root, "v09-first-move-cuts.md")?;
    let share = |position, depth, column| rows.number(position, Some(depth), column);
    let (none, mvv, history) = ("no ordering", "MVV/LVA", "MVV/LVA + history");
    let way = |from: f64, to: f64| if to >= from { "helps" } else { "costs" };
    let (start, kiwipete) = (share("start", "6", none)?, share("Kiwipete", "6", none)?);
    let [e5, e6, m5, m6, s5] = [
        ("endgame", "5"),
        ("endgame", "6"),
        ("middlegame", "5"),
        ("middlegame", "6"),
        ("start", "5"),
    ]
    .map(|(position, depth)| {
        Ok::<_, anyhow::Error>((
            share(position, depth, mvv)?,
            share(position, depth, history)?,
        ))
    });
    let ([e5, e6, m5, m6, s5], s6) = ([e5?, e6?, m5?, m6?, s5?], share("start", "6", history)?);
    let cuts = format!(
        "With no ordering, the first move cuts {} of the time at depth 6 from the start and {} on \
         Kiwipete, about one time in {}. MVV/LVA alone takes Kiwipete to {} and {} at depths 5 \
         and 6. History, added to MVV/LVA, {} the endgame from {} and {} to {} and {}. In the \
         middlegame it {} at depth 6 ({} to {}) {} {} at depth 5 ({} to {}). From the start it \
         {} at depth 5 ({} to {}) and {} depth 6 {} ({} with killers)",
        pct(start),
        pct(kiwipete),
        in_words(200.0 / (start + kiwipete)),
        pct(share("Kiwipete", "5", mvv)?),
        pct(share("Kiwipete", "6", mvv)?),
        if e5.1 >= e5.0 && e6.1 >= e6.0 {
            "lifts"
        } else {
            "changes"
        },
        pct(e5.0),
        pct(e6.0),
        pct(e5.1),
        pct(e6.1),
        way(m6.0, m6.1),
        pct(m6.0),
        pct(m6.1),
        if way(m6.0, m6.1) == way(m5.0, m5.1) {
            "and"
        } else {
            "but"
        },
        way(m5.0, m5.1),
        pct(m5.0),
        pct(m5.1),
        way(s5.0, s5.1),
        pct(s5.0),
        pct(s5.1),
        if s6 >= share("start", "6", mvv)? {
            "lifts"
        } else {
            "drops"
        },
        if s6 >= share("start", "6", mvv)? {
            format!("only to {}", pct(s6))
        } else {
            format!("to {}", pct(s6))
        },
        pct(share("start", "6", "+ killers")?),
    );
    Ok(vec![
        sentence("v09-first-move-cuts", cuts),
        v09_minimal(root)?,
    ])
}

/// How many times the minimal tree's leaves the default ordering
/// evaluates at depth 6.
fn v09_minimal(root: &Path) -> Result<Generated> {
    let rows = Rows::measured(root, "v09-minimal-tree.md")?;
    // The first "× minimal" column is the default ordering's; the rows
    // carry the position down and give the depth in the third cell.
    let times = |position: &str| -> Result<i64> {
        let cell = rows.cell_where(position, Some((2, "6")), "× minimal")?;
        Ok(number(&cell)?.round() as i64)
    };
    let (endgame, middlegame) = (times("endgame")?, times("middlegame")?);
    Ok(sentence(
        "v09-minimal-tree",
        format!(
            "at depth 6 it evaluates {} times the minimal tree's leaves on Kiwipete, {} to {} \
             times on the endgame and the middlegame, and {} times from the start.",
            times("Kiwipete")?,
            endgame.min(middlegame),
            endgame.max(middlegame),
            times("start")?
        ),
    ))
}

/// The v0.10 "in numbers" page's, from the measured node tables: v0.10
/// against v0.09, position by position.
pub fn v10_numbers(root: &Path) -> Result<Vec<Generated>> {
    let table = |position| Rows::measured(root, &format!("v10-nodes-{position}.md"));
    let nodes =
        |rows: &Rows, row: &str, depth: u32| rows.number(row, None, &format!("depth {depth}"));
    let default = "see, Δ 50";
    let against = |rows: &Rows, depth| -> Result<(f64, f64, String)> {
        let (new, old) = (nodes(rows, default, depth)?, nodes(rows, "v0.09", depth)?);
        Ok((
            new / old,
            new,
            format!("({} against {})", count(new), count(old)),
        ))
    };
    let (start, kiwipete) = (table("start")?, table("kiwipete")?);
    let (middlegame, endgame) = (table("middlegame")?, table("endgame")?);
    let (ratio, _, numbers) = against(&start, 5)?;
    let fewer = if ratio < 1.0 { "*fewer*" } else { "*more*" };
    let start = format!("v0.10 needs {fewer} nodes than v0.09 at depth 5 {numbers}");
    let (ratio, _, numbers) = against(&kiwipete, 5)?;
    let share = kiwipete.cell(default, None, "depth 5")?;
    let share = share
        .split("<br>")
        .nth(1)
        .unwrap_or_default()
        .trim_end_matches(" q.");
    let kiwipete = format!(
        "v0.10 visits {ratio:.1} times v0.09's nodes {numbers}, {share} of them in the quiescence."
    );
    let (ratio, _, _) = against(&middlegame, 5)?;
    let lamosca = |depth| nodes(&middlegame, "LaMoSca v0.10", depth).map(count);
    let middlegame = format!(
        "In the middlegame v0.10 visits about {ratio:.1} times v0.09's nodes at depth 5. \
         LaMoSca's own quiescence, the last row, visits {} nodes at depth 4 and {} at depth 5",
        lamosca(4)?,
        lamosca(5)?
    );
    let ((_, _, at5), (ratio, _, at4)) = (against(&endgame, 5)?, against(&endgame, 4)?);
    let endgame = format!("{at5}, but {ratio:.1} times as many at depth 4 {at4}.");
    Ok(vec![
        sentence("v10-nodes-start", start),
        sentence("v10-nodes-kiwipete", kiwipete),
        sentence("v10-nodes-middlegame", middlegame),
        sentence("v10-nodes-endgame", endgame),
        v10_leaves(root)?,
        v10_values(root)?,
        v10_wac(root)?,
    ]
    .into_iter()
    .chain(numbers::v10_effect(root)?)
    .chain(numbers::v10_wac(root)?)
    .chain(numbers::v10_delta(root)?)
    .chain([numbers::v10_lamosca_shares(root)?])
    .collect())
}

/// How much of v0.09's tree on Kiwipete at depth 5 its leaves are, which
/// v0.10's horizon nodes replace.
fn v10_leaves(root: &Path) -> Result<Generated> {
    let history = "MVV/LVA + history";
    let leaves = Rows::measured(root, "v09-minimal-tree.md")?.cell_where(
        "Kiwipete",
        Some((2, "5")),
        &format!("{history}, leaves"),
    )?;
    let nodes = Rows::measured(root, "v09-nodes.md")?.cell("Kiwipete", Some("5"), history)?;
    let (leaves, nodes) = (number(&leaves)?, number(&nodes)?);
    Ok(sentence(
        "v10-leaves",
        format!(
            "{:.0}% of its nodes on Kiwipete at depth 5 ({} of {}).",
            100.0 * leaves / nodes,
            count(leaves),
            count(nodes)
        ),
    ))
}

/// LaMoSca's value of Kiwipete against the forum search's and v0.09's.
fn v10_values(root: &Path) -> Result<Generated> {
    let rows = Rows::measured(root, "v10-answers.md")?;
    let value = |search: &str| -> Result<String> {
        let cell = rows.cell(search, None, "Kiwipete")?;
        Ok(cell.rsplit(' ').next().unwrap_or_default().to_string())
    };
    let forum = rows.rows()[1..]
        .iter()
        .filter(|row| row[0].starts_with("see") || row[0].starts_with("simple"))
        .map(|row| value(&row[0]))
        .collect::<Result<Vec<_>>>()?;
    if forum.is_empty() || forum.iter().any(|v| *v != forum[0]) {
        bail!("the forum search's settings disagree on Kiwipete: {forum:?}");
    }
    Ok(sentence(
        "v10-values",
        format!(
            "({} on Kiwipete, where every setting of the forum search finds {} and v0.09, with no \
             quiescence, {})",
            value("LaMoSca v0.10")?,
            forum[0],
            value("v0.09")?
        ),
    ))
}

/// v0.10 against v0.09 on Win At Chess, from `measure wac`.
fn v10_wac(root: &Path) -> Result<Generated> {
    let rows = Rows::measured(root, "wac.md")?;
    let solved = |search, depth: u32| rows.number(search, None, &format!("depth {depth}"));
    let ahead =
        |depth| Ok::<_, anyhow::Error>(solved("see, Δ 50", depth)? - solved("v0.09", depth)?);
    let tens = |depth| ahead(depth).map(|n| (n / 10.0).round() * 10.0);
    let (two, three) = (ahead(2)?, tens(3)?);
    if two < 0.0 || tens(4)? != three || tens(5)? != three {
        bail!("v0.10 is no longer about as far ahead of v0.09 at depths 3 to 5");
    }
    let (new, old) = (solved("see, Δ 50", 3)?, solved("v0.09", 3)?);
    let times = (new / old).round();
    let times = if times == 2.0 {
        "twice".to_string()
    } else {
        format!("{} times", in_words(times))
    };
    Ok(sentence(
        "wac-ahead",
        format!(
            "{} positions against {}, about {times} as many. It is {} ahead at depth 2 and about \
             {} ahead at depths 3 to 5",
            count(new),
            count(old),
            count(two),
            count(three)
        ),
    ))
}

/// The v0.11 chapter's, from the measured depths: its "In one minute",
/// and what switching each idea off costs to depth 8.
pub fn v11_lazy(root: &Path) -> Result<Vec<Generated>> {
    let rows = Rows::measured(root, "v11-depths.md")?;
    let nodes = |version| rows.cell(version, None, "depth 8");
    let first = |cell: String| cell.split("<br>").next().unwrap_or_default().to_string();
    let mut out = vec![sentence(
        "v11-depths",
        format!(
            "From the start position, v0.10 needs {} nodes to finish depth 8; v0.11 needs {}.",
            first(nodes("v0.10")?),
            first(nodes("v0.11")?)
        ),
    )];
    let saves = rows.from_header("configuration")?;
    for (name, configuration, said) in [
        (
            "iid",
            "v0.11 --ideas no-iid",
            "without it (`--ideas no-iid`)",
        ),
        (
            "lazy",
            "v0.11 --ideas no-lazy",
            "without it (`--ideas no-lazy`)",
        ),
        (
            "selective",
            "v0.11 --ideas no-selective",
            "without it (`--ideas no-selective`)",
        ),
        (
            "kornilov",
            "v0.11 --eval kornilov",
            "with Kornilov's (`--eval kornilov`)",
        ),
    ] {
        let ratio = |position| -> Result<String> {
            let cell = saves.cell(configuration, None, position)?;
            match cell.split_once(" at depth ") {
                Some((ratio, "8")) => Ok(ratio.to_string()),
                _ => Err(anyhow!(
                    "{configuration} on {position}: {cell}, not at depth 8"
                )),
            }
        };
        out.push(sentence(
            &format!("v11-depths-{name}"),
            format!(
                "{said}, depth 8 costs {} the nodes from the start, {} on Kiwipete, {} in the \
                 middlegame and {} in the endgame",
                ratio("start")?,
                ratio("Kiwipete")?,
                ratio("middlegame")?,
                ratio("endgame")?
            ),
        ));
    }
    out.extend([v11_wac(root)?, v11_table_slot()]);
    out.extend(numbers::v11_hash(root)?);
    out.push(numbers::v11_no_iid(root)?);
    Ok(out)
}

/// The two runs of one configuration of v0.11 on Win At Chess, at one
/// second a position, by two measured parts.
fn v11_wac(root: &Path) -> Result<Generated> {
    let alone = Rows::measured(root, "v11-wac.md")?.cell("v0.11", None, "solved")?;
    let among = Rows::measured(root, "v11-hash-wac.md")?.number(
        "v0.11 (deepening, no table)",
        None,
        "solved",
    )?;
    Ok(sentence(
        "v11-wac-runs",
        format!("solving {} and {alone}", count(among)),
    ))
}

/// The size of the v0.11 table's slot, and how many slots a megabyte
/// holds: what the chapter's table section says, and what "hash slots
/// used" is a share of.
fn v11_table_slot() -> Generated {
    use lamosca_v11_lazy::tt::{Entry, Table};
    let slot = std::mem::size_of::<Option<Entry>>();
    let slots = Table::with_megabytes(1).slots();
    sentence(
        "v11-table-slot",
        format!(
            "{slot} bytes, so that a megabyte (1,048,576 bytes) holds {} slots, and the \
             default 16 MB {}",
            crate::markdown::thousands(slots),
            crate::markdown::thousands(Table::with_megabytes(16).slots())
        ),
    )
}

/// The side-by-side page's: the depths of its one second on the
/// middlegame against those of the v0.11 numbers page's own run.
pub fn side_by_side(root: &Path) -> Result<Generated> {
    let here = Rows::measured(root, "side-by-side.md")?;
    let there = Rows::measured(root, "v11-one-second.md")?;
    let here = |version| here.cell(version, None, "depth");
    let there = |column| there.cell("middlegame", None, column);
    Ok(sentence(
        "side-by-side-one-second",
        format!(
            "there v0.10 finished depth {} and v0.11 depth {}, here v0.10 depth {} and v0.11 \
             depth {}.",
            there("v0.10 depth")?,
            there("v0.11 depth")?,
            here("v0.10")?,
            here("v0.11")?
        ),
    ))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_steps_sentence_counts_and_names_every_step() {
        let text = super::steps().unwrap().text;
        assert!(text.starts_with("the four steps, v0.07, "), "{text}");
        for step in lamosca_reader::STEPS {
            assert!(text.contains(step.title), "{text}");
        }
    }

    use super::*;

    #[test]
    fn reads_cells_as_the_tables_write_them() {
        let text = "| position | depth | a |\n| :--- | ---: | ---: |\n| start | 1 | 1,234 |\n\
                    |  | 2 | **55** of 300<br>9 nodes |\n| end | 1 | 89.3% |\n";
        let rows = Rows(table_rows(text));
        assert_eq!(rows.number("start", Some("1"), "a").unwrap(), 1234.0);
        assert_eq!(rows.number("start", Some("2"), "a").unwrap(), 55.0);
        assert_eq!(rows.number("end", None, "a").unwrap(), 89.3);
        assert!(rows.cell("start", Some("3"), "a").is_err());
        assert!(rows.cell("start", None, "b").is_err());
        assert_eq!(
            rows.cell_where("start", Some((1, "2")), "a").unwrap(),
            "**55** of 300<br>9 nodes"
        );
        assert!(rows.cell_where("end", Some((1, "2")), "a").is_err());
        assert_eq!(pct(12.06), "12.1%");
        assert_eq!(
            sentence("x", "One line.".into()).text,
            "One line.\n".to_string()
        );
    }
}
