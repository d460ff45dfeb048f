//! Charts of what each version costs, drawn with `plotters` as SVG.
//!
//! Every version searches the same positions, the start position and
//! Kiwipete, depth after depth, through its [`Engine`] with no trace and no
//! limit. The node counts are the same on every machine, so the charts of
//! them are generated files, checked for staleness like any other:
//!
//! - nodes per depth, every version on one logarithmic axis;
//! - the same for v0.07 and v0.09 alone, for the alpha-beta chapter;
//! - the share of a quiescence search's nodes that lie past the horizon.
//!
//! How deep a series goes is decided by the counts themselves: a depth is
//! searched when the last depth's nodes, times the growth from the depth
//! before, stay within a budget of nodes. The generator's budget keeps
//! `cargo test` quick; `cargo run --release -p book -- measure` draws the
//! same charts with a budget many times larger, and the time each search
//! took, into `book/chapters/measured/` (times are never checked).
//!
//! plotters is used without its default features: its SVG backend writes
//! text as SVG `<text>` and measures it with built-in estimates, so no font
//! file or system library is needed, and the output is the same bytes on
//! every machine.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use anyhow::{anyhow, Result};
use common::{Position, START_FEN};
use lamosca_search::events::Tracer;
use lamosca_search::{Engine, Report, SearchControl};
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::files::Generated;
use crate::searches::KIWIPETE;

/// One version, as the charts run it.
#[derive(Clone, Copy)]
pub struct Version {
    /// The name on the charts (`v0.07`).
    pub name: &'static str,
    /// The crate (`lamosca-v07`).
    pub crate_name: &'static str,
    /// A fresh engine of the version, searching one position to one depth.
    pub search: fn(&mut Position, u32) -> Report,
}

fn run<E: Engine>(position: &mut Position, depth: u32) -> Report {
    E::new().search(
        position,
        depth,
        &SearchControl::unlimited(),
        &mut Tracer::off(),
    )
}

/// The versions the charts compare, in order: the book's list of steps
/// ([`lamosca_reader::STEPS`]), so that a new step is in every chart.
///
/// A fixed depth means the same for each: one call of
/// [`Engine::search`] with that depth. v0.11 deepens by itself inside that
/// call (2, 4, 6, ... or 1, 3, 5, ...), so its counts include its own
/// shallower iterations, as a real game's search would.
pub fn versions() -> Vec<Version> {
    let mut versions = Vec::new();
    lamosca_reader::for_each_step!(step, E => {
        versions.push(Version {
            name: step.title,
            crate_name: step.crate_name,
            search: run::<E>,
        });
    });
    versions
}

/// The positions every version searches, with their names.
pub const POSITIONS: [(&str, &str); 2] = [("start position", START_FEN), ("Kiwipete", KIWIPETE)];

/// The generator's budget: a depth predicted to cost more nodes than this
/// is left to `measure`. It keeps the whole set of searches to a second or
/// two in a test build.
pub const GENERATED_BUDGET: u64 = 300_000;

/// `measure`'s budget, for the deeper points.
pub const MEASURED_BUDGET: u64 = 30_000_000;

/// No series goes deeper than this, whatever its budget.
const MAX_DEPTH: u32 = 12;

/// One search of a series.
#[derive(Clone, Debug)]
pub struct Point {
    /// The depth searched.
    pub depth: u32,
    /// What the search reported.
    pub report: Report,
    /// How long it took (only `measure` reads it).
    pub time: Duration,
}

/// The searches of one version on one position, depth 1 upwards, while the
/// predicted cost of the next depth (the last depth's nodes times its
/// growth over the depth before) stays within `budget` nodes.
pub fn series(version: &Version, fen: &str, budget: u64) -> Result<Vec<Point>> {
    let mut points: Vec<Point> = Vec::new();
    for depth in 1..=MAX_DEPTH {
        // Depths 1 and 2 are always searched: a search whose first depth
        // already goes past the horizon says little about its growth.
        if let [.., before, last] = points.as_slice() {
            let nodes = last.report.nodes.max(1);
            let growth = nodes.div_ceil(before.report.nodes.max(1));
            if nodes.saturating_mul(growth) > budget {
                break;
            }
        }
        let mut position =
            Position::from_fen(fen).map_err(|error| anyhow!("bad FEN `{fen}`: {error}"))?;
        let start = Instant::now();
        let report = (version.search)(&mut position, depth);
        let time = start.elapsed();
        points.push(Point {
            depth,
            report,
            time,
        });
    }
    Ok(points)
}

/// One version's series on one position.
pub type Series = (Version, Vec<Point>);

/// Every version's series on every position.
pub struct Runs {
    /// For each position of [`POSITIONS`], its name and each version's
    /// series.
    pub positions: Vec<(&'static str, Vec<Series>)>,
}

/// Runs every version on every position within `budget`.
pub fn run_all(budget: u64) -> Result<Runs> {
    let mut positions = Vec::new();
    for (name, fen) in POSITIONS {
        let mut runs = Vec::new();
        for version in versions() {
            runs.push((version, series(&version, fen, budget)?));
        }
        positions.push((name, runs));
    }
    Ok(Runs { positions })
}

/// The statistic called `label`, a share, in percent.
pub fn share(report: &Report, label: &str) -> Option<f64> {
    lamosca_search::statistic(&report.statistics, label)?.percent()
}

// ---------------------------------------------------------------------------
// Drawing
// ---------------------------------------------------------------------------

/// How a chart's vertical axis reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// Node counts, on a logarithmic scale.
    Nodes,
    /// Seconds, on a logarithmic scale.
    Seconds,
    /// A share from 0 to 100%.
    Percent,
}

/// One line of a chart.
#[derive(Clone, Debug)]
pub struct Line {
    /// The legend's text.
    pub name: String,
    /// Which colour and marker it gets (its version's place in the list).
    pub style: usize,
    /// The points, depth and value.
    pub points: Vec<(u32, f64)>,
}

/// One panel of a chart: a position and its lines.
#[derive(Clone, Debug)]
pub struct Panel {
    /// The panel's title.
    pub title: String,
    /// Its lines.
    pub lines: Vec<Line>,
}

/// Colours that colour-blind readers can tell apart (Okabe and Ito's).
const COLOURS: [RGBColor; 6] = [
    RGBColor(0x00, 0x72, 0xB2),
    RGBColor(0xD5, 0x5E, 0x00),
    RGBColor(0x00, 0x9E, 0x73),
    RGBColor(0xCC, 0x79, 0xA7),
    RGBColor(0xE6, 0x9F, 0x00),
    RGBColor(0x56, 0xB4, 0xE9),
];

const FONT: &str = "sans-serif";
/// Text sizes. The chart is drawn 760 wide and shown about as wide on the
/// book's page; plotters writes a size of 20 as a 16 px `font-size`, the
/// body text's, and on a phone both shrink together.
const TEXT: u32 = 20;
const CAPTION: u32 = 22;
const WIDTH: u32 = 760;
const PANEL_HEIGHT: u32 = 380;

/// A count in few characters: `950`, `12k`, `3M`.
fn compact(value: f64) -> String {
    let v = value.round();
    let (scaled, unit) = if v >= 1e9 {
        (v / 1e9, "G")
    } else if v >= 1e6 {
        (v / 1e6, "M")
    } else if v >= 1e3 {
        (v / 1e3, "k")
    } else {
        (v, "")
    };
    if (scaled - scaled.round()).abs() < 1e-9 {
        format!("{}{unit}", scaled.round() as i64)
    } else {
        format!("{scaled:.1}{unit}")
    }
}

fn seconds(value: f64) -> String {
    if value >= 1.0 {
        format!("{value:.0} s")
    } else if value >= 1e-3 {
        format!("{:.0} ms", value * 1e3)
    } else {
        format!("{:.0} µs", value * 1e6)
    }
}

/// The decades `10^a ..= 10^b` that hold every value.
fn decades(panels: &[Panel]) -> (f64, f64) {
    let values = panels
        .iter()
        .flat_map(|p| &p.lines)
        .flat_map(|l| &l.points)
        .map(|&(_, v)| v)
        .filter(|v| *v > 0.0);
    let (low, high) = values.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
    if low > high {
        return (1.0, 10.0);
    }
    (
        10f64.powf(low.log10().floor()),
        10f64.powf(high.log10().ceil().max(low.log10().floor() + 1.0)),
    )
}

fn error<E: std::fmt::Display>(error: E) -> anyhow::Error {
    anyhow!("drawing a chart: {error}")
}

/// Draws the panels one above the other under `title`.
pub fn line_chart(title: &str, axis: Axis, panels: &[Panel]) -> Result<String> {
    let height = 40 + PANEL_HEIGHT * panels.len() as u32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, height)).into_drawing_area();
        root.fill(&WHITE).map_err(error)?;
        let root = root.titled(title, (FONT, CAPTION + 4)).map_err(error)?;
        let areas = root.split_evenly((panels.len(), 1));
        let max_depth = panels
            .iter()
            .flat_map(|p| &p.lines)
            .flat_map(|l| &l.points)
            .map(|&(d, _)| d)
            .max()
            .unwrap_or(1);
        let (low, high) = decades(panels);
        for (area, panel) in areas.iter().zip(panels) {
            match axis {
                Axis::Percent => draw_panel(area, panel, axis, max_depth, 0.0..100.0)?,
                _ => draw_log_panel(area, panel, axis, max_depth, low..high)?,
            }
        }
        root.present().map_err(error)?;
    }
    Ok(svg)
}

fn x_range(max_depth: u32) -> std::ops::Range<f64> {
    0.6..f64::from(max_depth) + 0.4
}

fn depth_label(value: &f64) -> String {
    if (value - value.round()).abs() < 1e-9 {
        format!("{}", value.round() as i64)
    } else {
        String::new()
    }
}

fn draw_log_panel(
    area: &DrawingArea<SVGBackend, Shift>,
    panel: &Panel,
    axis: Axis,
    max_depth: u32,
    range: std::ops::Range<f64>,
) -> Result<()> {
    let mut chart = ChartBuilder::on(area)
        .caption(&panel.title, (FONT, CAPTION))
        .margin(12)
        .x_label_area_size(56)
        .y_label_area_size(90)
        .build_cartesian_2d(x_range(max_depth), range.log_scale())
        .map_err(error)?;
    let y_label = |v: &f64| match axis {
        Axis::Seconds => seconds(*v),
        _ => compact(*v),
    };
    chart
        .configure_mesh()
        .x_desc("depth")
        .y_desc(match axis {
            Axis::Seconds => "time (log scale)",
            _ => "nodes (log scale)",
        })
        .x_labels(max_depth as usize)
        .x_label_formatter(&depth_label)
        .y_label_formatter(&y_label)
        .light_line_style(WHITE.mix(0.0))
        .bold_line_style(BLACK.mix(0.12))
        .label_style((FONT, TEXT))
        .axis_desc_style((FONT, TEXT))
        .draw()
        .map_err(error)?;
    draw_lines(&mut chart, panel)
}

fn draw_panel(
    area: &DrawingArea<SVGBackend, Shift>,
    panel: &Panel,
    _axis: Axis,
    max_depth: u32,
    range: std::ops::Range<f64>,
) -> Result<()> {
    let mut chart = ChartBuilder::on(area)
        .caption(&panel.title, (FONT, CAPTION))
        .margin(12)
        .x_label_area_size(56)
        .y_label_area_size(90)
        .build_cartesian_2d(x_range(max_depth), range)
        .map_err(error)?;
    chart
        .configure_mesh()
        .x_desc("depth")
        .y_desc("share of the nodes")
        .x_labels(max_depth as usize)
        .x_label_formatter(&depth_label)
        .y_labels(6)
        .y_label_formatter(&|v: &f64| format!("{v:.0}%"))
        .light_line_style(WHITE.mix(0.0))
        .bold_line_style(BLACK.mix(0.12))
        .label_style((FONT, TEXT))
        .axis_desc_style((FONT, TEXT))
        .draw()
        .map_err(error)?;
    draw_lines(&mut chart, panel)
}

fn draw_lines<'a, Y>(
    chart: &mut ChartContext<
        'a,
        SVGBackend<'a>,
        Cartesian2d<plotters::coord::types::RangedCoordf64, Y>,
    >,
    panel: &Panel,
) -> Result<()>
where
    Y: Ranged<ValueType = f64>,
{
    for line in &panel.lines {
        let colour = COLOURS[line.style % COLOURS.len()];
        let points: Vec<(f64, f64)> = line
            .points
            .iter()
            .map(|&(d, v)| (f64::from(d), v))
            .collect();
        chart
            .draw_series(LineSeries::new(points.clone(), colour.stroke_width(2)))
            .map_err(error)?
            .label(line.name.clone())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 22, y)], colour.stroke_width(2))
            });
        // A marker of its own for each line, so that it reads in grey too.
        let filled = colour.filled();
        let at = points.iter().copied();
        match line.style % 4 {
            0 => chart
                .draw_series(at.map(|p| Circle::new(p, 4, filled)))
                .map(drop),
            1 => chart
                .draw_series(at.map(|p| TriangleMarker::new(p, 5, filled)))
                .map(drop),
            2 => chart
                .draw_series(
                    at.map(|p| EmptyElement::at(p) + Rectangle::new([(-4, -4), (4, 4)], filled)),
                )
                .map(drop),
            _ => chart
                .draw_series(at.map(|p| Cross::new(p, 4, colour.stroke_width(2))))
                .map(drop),
        }
        .map_err(error)?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::LowerRight)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK.mix(0.3))
        .label_font((FONT, TEXT))
        .draw()
        .map_err(error)?;
    Ok(())
}

// ---------------------------------------------------------------------------
// The charts
// ---------------------------------------------------------------------------

/// The panels of nodes (or seconds) per depth, one per position, for the
/// versions that `keep` accepts.
fn panels(runs: &Runs, axis: Axis, keep: impl Fn(&Version) -> bool) -> Vec<Panel> {
    runs.positions
        .iter()
        .map(|(name, series)| Panel {
            title: name.to_string(),
            lines: series
                .iter()
                .enumerate()
                .filter(|(_, (version, _))| keep(version))
                .map(|(style, (version, points))| Line {
                    name: format!("{} ({})", version.name, version.crate_name),
                    style,
                    points: points
                        .iter()
                        .map(|p| {
                            let value = match axis {
                                Axis::Seconds => p.time.as_secs_f64().max(1e-6),
                                _ => p.report.nodes as f64,
                            };
                            (p.depth, value)
                        })
                        .collect(),
                })
                .collect(),
        })
        .collect()
}

/// The share of quiescence nodes per depth, one line per position, for
/// every version that reports it.
fn quiescence_panels(runs: &Runs) -> Vec<Panel> {
    let mut panels = Vec::new();
    for version in versions() {
        let mut lines = Vec::new();
        for (style, (name, series)) in runs.positions.iter().enumerate() {
            let Some((_, points)) = series.iter().find(|(v, _)| v.name == version.name) else {
                continue;
            };
            let points: Vec<(u32, f64)> = points
                .iter()
                .filter_map(|p| Some((p.depth, share(&p.report, "quiescence nodes")?)))
                .collect();
            if !points.is_empty() {
                lines.push(Line {
                    name: name.to_string(),
                    style,
                    points,
                });
            }
        }
        if !lines.is_empty() {
            panels.push(Panel {
                title: format!("{} ({})", version.name, version.crate_name),
                lines,
            });
        }
    }
    panels
}

/// The generator's searches, run once per process: the tests ask for the
/// generated files more than once, in parallel threads.
fn generated_runs() -> Result<&'static Runs> {
    static RUNS: OnceLock<Result<Runs, String>> = OnceLock::new();
    RUNS.get_or_init(|| run_all(GENERATED_BUDGET).map_err(|error| format!("{error:#}")))
        .as_ref()
        .map_err(|error| anyhow!("{error}"))
}

/// The chart of nodes per depth of the versions `keep` picks, from the
/// generator's searches, titled `title`.
pub fn generated_nodes_chart(title: &str, keep: impl Fn(&Version) -> bool) -> Result<String> {
    let runs = generated_runs()?;
    line_chart(title, Axis::Nodes, &panels(runs, Axis::Nodes, keep))
}

/// The chart of the share of the nodes searched past the horizon, from the
/// generator's searches; `None` while no version has a quiescence search.
pub fn generated_quiescence_chart() -> Result<Option<String>> {
    let quiescence = quiescence_panels(generated_runs()?);
    if quiescence.is_empty() {
        return Ok(None);
    }
    line_chart(
        "Share of the nodes searched past the horizon",
        Axis::Percent,
        &quiescence,
    )
    .map(Some)
}

/// The charts `measure` writes into `measured/`: the same searches, deeper,
/// and the time each took (each search is timed once).
pub fn measured_charts() -> Result<Vec<Generated>> {
    let runs = run_all(MEASURED_BUDGET)?;
    let threads = crate::measure::hardware_threads();
    Ok(vec![
        Generated::new(
            "nodes-per-depth.svg",
            line_chart(
                "Nodes searched per depth, every version, deeper",
                Axis::Nodes,
                &panels(&runs, Axis::Nodes, |_| true),
            )?,
        ),
        Generated::new(
            "time-to-depth.svg",
            line_chart(
                &format!(
                    "Time to each depth: {} {}, {threads}, release build",
                    std::env::consts::ARCH,
                    std::env::consts::OS,
                ),
                Axis::Seconds,
                &panels(&runs, Axis::Seconds, |_| true),
            )?,
        ),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use lamosca_search::Statistic;

    #[test]
    fn reads_a_share() {
        let report = Report {
            best: None,
            value: 0,
            nodes: 10,
            depth: 1,
            pv: vec![],
            interrupted: false,
            statistics: vec![Statistic::share("quiescence nodes", 3, 4)],
        };
        assert_eq!(share(&report, "quiescence nodes"), Some(75.0));
        assert_eq!(share(&report, "beta cut-offs"), None);
    }

    #[test]
    fn writes_counts_and_times_briefly() {
        assert_eq!(compact(950.0), "950");
        assert_eq!(compact(12_000.0), "12k");
        assert_eq!(compact(2_500_000.0), "2.5M");
        assert_eq!(seconds(0.25), "250 ms");
        assert_eq!(seconds(3.0), "3 s");
    }

    #[test]
    fn stops_before_a_depth_over_the_budget() {
        let v07 = versions()[0];
        let points = series(&v07, START_FEN, 100_000).unwrap();
        // 21, 421 and 9,323 nodes: depth 4 is predicted at 9,323 * 23 =
        // 214,429, over the budget.
        let depths: Vec<u32> = points.iter().map(|p| p.depth).collect();
        assert_eq!(depths, [1, 2, 3]);
    }

    #[test]
    fn draws_svg_text_without_fonts() {
        let panel = Panel {
            title: "a panel".into(),
            lines: vec![Line {
                name: "a line".into(),
                style: 0,
                points: vec![(1, 20.0), (2, 400.0), (3, 8_902.0)],
            }],
        };
        let svg = line_chart("a chart", Axis::Nodes, &[panel]).unwrap();
        assert!(svg.starts_with("<svg"));
        assert!(svg.contains("<text"));
        assert!(svg.contains("a chart"));
        assert!(svg.contains("\ndepth\n"));
    }
}
