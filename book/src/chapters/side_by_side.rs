//! The closing page, "All the steps side by side": one position searched
//! by every version, v0.07 to v0.11.
//!
//! Two tables. The generated one searches the position to one fixed depth
//! with each version's defaults and gives the nodes, the value and the
//! move: counts that never vary, so the tests keep them true. The measured
//! one (`measure side-by-side`) gives each version one second on the clock,
//! searched as the driver searches it, and the depth it finished. The
//! strength of each version comes from the ladder's match reports, which
//! the page includes as they are.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use common::Position;
use lamosca_reader::for_each_step;
use lamosca_search::deepen::{deepen, Iteration, Limits, Trace, MAX_DEPTH};
use lamosca_search::{Engine, Report};

use crate::chapter::{Chapter, Sources};
use crate::draw::diagram::{self, Marks};
use crate::files::Generated;
use crate::markdown::{code, md, thousands, Align, Table};
use crate::measure::measured_header;
use crate::searches::{fixed, position, MIDDLEGAME};

/// The closing page.
pub const CHAPTER: Chapter = Chapter {
    page: "side-by-side.md",
    krate: None,
    generated,
    measured: &[("side-by-side", one_second)],
};

/// The position every version searches: the Queen's Gambit Declined
/// middlegame of the effect tables, quiet enough for v0.07 to reach the
/// depth below in a moment, busy enough for the steps to disagree.
const FEN: &str = MIDDLEGAME;

/// The fixed depth of the generated table: the deepest v0.07 searches in
/// about a second.
const DEPTH: u32 = 4;

/// The time each version gets in the measured table.
const MOVE_TIME: Duration = Duration::from_secs(1);

/// A version's name and what its search returns within `limits`, searched
/// the way the command line searches it, with the last iteration it
/// finished.
type Version = (
    &'static str,
    fn(&Position, &Limits) -> (Report, Option<Iteration>),
);

/// Every step of the book, in order: its list, [`lamosca_reader::STEPS`].
fn versions() -> Vec<Version> {
    let mut versions: Vec<Version> = Vec::new();
    for_each_step!(step, E => {
        versions.push((step.title, drive::<E>));
    });
    versions
}

/// Searches `position` with `E`'s defaults as the driver would: one depth
/// after another, or by itself for an engine that keeps its own clock.
/// Returns the report and the last iteration that finished.
fn drive<E: Engine>(position: &Position, limits: &Limits) -> (Report, Option<Iteration>) {
    let mut last = None;
    let report = deepen(
        &mut E::new(),
        &mut position.clone(),
        limits,
        &Arc::new(AtomicBool::new(false)),
        Trace::off(),
        |iteration| last = Some(iteration.clone()),
    );
    (report, last)
}

/// The generated table: every version to [`DEPTH`].
fn generated(sources: &Sources) -> Result<Vec<Generated>> {
    let start = position(FEN)?;
    let mut reports = Vec::new();
    for_each_step!(step, E => {
        reports.push((step.title, fixed::<E>(FEN, DEPTH, &[])?));
    });
    let mut table = Table::new(&[
        ("version", Align::Left),
        ("nodes", Align::Right),
        ("value", Align::Right),
        ("move", Align::Left),
    ]);
    for (name, report) in &reports {
        table.row(vec![
            name.to_string(),
            thousands(report.nodes),
            report.value.to_string(),
            best(report),
        ]);
    }
    let body = format!(
        "`{FEN}`, searched to depth {DEPTH} by each version with its defaults \
         (`search --depth {DEPTH}`):\n\n{}",
        table.render()
    );
    let board = diagram::board(&start, "The middlegame", &Marks::none());
    Ok(vec![
        Generated::new("svg/side-by-side.svg", board),
        md("tables/side-by-side.md", body),
        crate::sentences::side_by_side(&sources.root)?,
    ])
}

/// The measured table: the depth each version finishes in [`MOVE_TIME`].
fn one_second() -> Result<Vec<Generated>> {
    let start = position(FEN)?;
    let mut table = Table::new(&[
        ("version", Align::Left),
        ("depth", Align::Right),
        ("finished at", Align::Right),
        ("nodes to that depth", Align::Right),
        ("value", Align::Right),
        ("move", Align::Left),
        ("move played", Align::Left),
    ]);
    for (name, search) in versions() {
        let (report, last) = search(
            &start,
            &Limits {
                depth: MAX_DEPTH,
                deadline: Some(Instant::now() + MOVE_TIME),
                nodes: None,
            },
        );
        let Some(last) = last else {
            bail!("{name} finished no iteration in {} s", MOVE_TIME.as_secs());
        };
        table.row(vec![
            name.to_string(),
            last.depth.to_string(),
            format!("{} ms", last.elapsed.as_millis()),
            thousands(last.nodes),
            last.value.to_string(),
            last.pv.first().map_or_else(|| "-".to_string(), code),
            format!("{} {}", best(&report), report.value),
        ]);
    }
    let how = format!(
        "Each version had {} s on the clock on the wall, as in a game \
         (`search --movetime {}`), so a busy machine lets it reach less deep. \
         The depth is the deepest iteration it finished, with the time it finished at, the \
         nodes of every iteration up to it, and its value and move. The move played is the one \
         the driver reported when the time was up, with its value: it may come from the \
         iteration that was cut short, once that iteration has searched its first move.",
        MOVE_TIME.as_secs(),
        MOVE_TIME.as_millis()
    );
    let body = format!("{}{}", measured_header(&how), table.render());
    Ok(vec![Generated::new("side-by-side.md", body)])
}

/// A report's move, in backticks, or a dash when there is none.
fn best(report: &Report) -> String {
    report.best.map_or_else(|| "-".to_string(), code)
}
