//! The explorer's screen, painted with ratatui.

use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};
use ratatui::Frame;

use super::state::{Explorer, Mode, MoveRow, HELP};
use common::{Color, Position, Square};
use lamosca_reader::Bounded;
use lamosca_record::{ChapterEvent, Event};
use lamosca_search::events::StepKind;

/// The width of the board: a rank digit, then three columns a square.
const BOARD_WIDTH: u16 = 26;

/// The width of one move in the list; two fit side by side in 80 columns.
const ROW_WIDTH: u16 = 39;

/// Paints the whole screen.
pub fn draw(frame: &mut Frame, explorer: &Explorer) {
    let [title, top, moves, event, status] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(9),
        Constraint::Min(3),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(frame.area());
    let [board, node] =
        Layout::horizontal([Constraint::Length(BOARD_WIDTH), Constraint::Min(10)]).areas(top);
    frame.render_widget(Paragraph::new(title_line(explorer)), title);
    frame.render_widget(Paragraph::new(board_lines(explorer)), board);
    frame.render_widget(Paragraph::new(node_lines(explorer)), node);
    draw_moves(frame, moves, explorer);
    frame.render_widget(Paragraph::new(event_line(explorer)), event);
    frame.render_widget(
        Paragraph::new(status_line(explorer)).style(Style::new().add_modifier(Modifier::REVERSED)),
        status,
    );
    if *explorer.mode() == Mode::Help {
        draw_help(frame);
    }
}

fn title_line(explorer: &Explorer) -> String {
    let record = explorer.record();
    let header = record.header();
    format!(
        "{} · depth {} · {} events · {} nodes",
        header.version,
        header.depth,
        record.events(),
        record.node_count()
    )
}

/// The board, white at the bottom; the last move's squares in brackets.
fn board_lines(explorer: &Explorer) -> Vec<Line<'static>> {
    let position = match explorer.board() {
        Some(Ok(position)) => position,
        Some(Err(why)) => return vec![Line::from(why.clone())],
        None => return vec![Line::from("no node here")],
    };
    let marked = last_move_squares(position);
    let mut lines = Vec::new();
    for rank in (0..8).rev() {
        let mut text = format!("{} ", rank + 1);
        for file in 0..8 {
            let square = Square::new(file, rank);
            let piece = position.piece_at(square);
            let letter = if piece.is_empty() {
                '.'
            } else {
                piece.letter()
            };
            if marked.contains(&square) {
                text.push_str(&format!("[{letter}]"));
            } else {
                text.push_str(&format!(" {letter} "));
            }
        }
        lines.push(Line::from(text));
    }
    lines.push(Line::from("   a  b  c  d  e  f  g  h"));
    lines
}

fn last_move_squares(position: &Position) -> Vec<Square> {
    position
        .last_move()
        .map(|mv| vec![mv.from, mv.to])
        .unwrap_or_default()
}

/// The node: number, kind, level, path, window, value so far, its own
/// chapter events.
fn node_lines(explorer: &Explorer) -> Vec<Line<'static>> {
    let Some(node) = explorer.node() else {
        return vec![Line::from("no node: the header or the report")];
    };
    let side = match explorer.board() {
        Some(Ok(position)) if position.side_to_move() == Color::White => ", white to move",
        Some(Ok(_)) => ", black to move",
        _ => "",
    };
    let path: Vec<String> = explorer.path().iter().map(|mv| mv.to_string()).collect();
    let path = if path.is_empty() {
        "the root".to_string()
    } else {
        path.join(" ")
    };
    // A re-search is its parent's position searched again: its path is
    // the parent's, and the line says so.
    let research = if explorer.record().is_research(node.id) {
        format!(" (re-search of node {})", node.parent.unwrap_or(0))
    } else {
        String::new()
    };
    let mut lines = vec![
        Line::from(format!(
            "node {} · {} · level {}{side}",
            node.id,
            node.kind.name(),
            node.level
        )),
        Line::from(format!("path: {path}{research}")),
        Line::from(format!("window: alpha {}, beta {}", node.alpha, node.beta)),
        Line::from(match explorer.value_so_far() {
            Some((value, Some(mv))) => format!("value so far: {value} ({mv})"),
            Some((value, None)) => format!("value so far: {value}"),
            None => "value so far: none yet".to_string(),
        }),
    ];
    if explorer.returned(node) {
        lines.push(Line::from(format!(
            "returned {}{}",
            Bounded::of_node(node),
            node.best
                .map(|mv| format!(", best {mv}"))
                .unwrap_or_default()
        )));
    }
    for event in explorer.events_so_far() {
        if let Event::Chapter(chapter) = event {
            lines.push(Line::from(chapter_text(chapter)));
        }
    }
    lines
}

/// A chapter's event in words, as the log's vocabulary says them: `stand
/// pat on -4, which reaches beta: cut`, `lazy cut: score -10, value -10 at
/// depth 2, margin 0, beta -10`. An event no step reports shows its
/// fields as they are.
fn chapter_text(chapter: &ChapterEvent) -> String {
    let field = |name: &str| {
        chapter
            .field(name)
            .map_or("?".to_string(), |value| match value {
                serde_json::Value::String(text) => text.clone(),
                serde_json::Value::Null => "none".to_string(),
                other => other.to_string(),
            })
    };
    let cut = chapter.field("cut").and_then(|cut| cut.as_bool()) == Some(true);
    let cuts = if cut { ", which reaches beta: cut" } else { "" };
    let Some(kind) = chapter.step_kind() else {
        return other_text(chapter);
    };
    match kind {
        StepKind::Horizon => format!(
            "horizon: the quiescence search begins, window ({}, {})",
            field("alpha"),
            field("beta")
        ),
        StepKind::StandPat => format!("stand pat on {}{cuts}", field("value")),
        StepKind::SelectiveStandPat => format!(
            "selective stand pat on {} (the move gained {}, under the limit {}){cuts}",
            field("value"),
            field("gain"),
            field("limit")
        ),
        StepKind::Skipped => format!(
            "capture {} skipped: its gain stays under the win limit {}",
            field("move"),
            field("win_limit")
        ),
        StepKind::QuiescenceResult => {
            let found = chapter.field("found").and_then(|found| found.as_bool());
            let found = if found == Some(false) {
                ", no capture found"
            } else {
                ""
            };
            format!("quiescence returns {}{found}", field("value"))
        }
        StepKind::Deepened => format!(
            "deepened to depth {} first: best {}, value {}",
            field("depth"),
            field("move"),
            field("value")
        ),
        StepKind::LazyCut => format!(
            "lazy cut: score {}, value {} at depth {}, margin {}, beta {}",
            field("score"),
            field("value"),
            field("depth"),
            field("margin"),
            field("beta")
        ),
        StepKind::TableHit => {
            let bound = match chapter.field("bound").and_then(|bound| bound.as_i64()) {
                Some(1) => "at least ",
                Some(-1) => "at most ",
                _ => "exactly ",
            };
            let heading = if cut { "table cut" } else { "table hit" };
            format!(
                "{heading}: depth {}, {bound}{}, best {}",
                field("depth"),
                field("value"),
                field("move")
            )
        }
        StepKind::Draw => "draw by the rules: the line ends with 0".to_string(),
    }
}

/// An event no step reports (a test's, a later schema's): its name and
/// fields as they are.
fn other_text(chapter: &ChapterEvent) -> String {
    let fields: Vec<String> = chapter
        .fields
        .iter()
        .map(|(name, value)| format!("{name}={value}"))
        .collect();
    format!("{} {}", chapter.kind, fields.join(" "))
}

/// The moves in two columns, scrolled so the last move entered shows.
fn draw_moves(frame: &mut Frame, area: Rect, explorer: &Explorer) {
    let block = Block::new()
        .borders(Borders::TOP)
        .title(" moves in the order tried: # move order value reply ");
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let rows = explorer.rows();
    if rows.is_empty() {
        let text = if explorer.node().is_some() {
            "no move generated yet"
        } else {
            ""
        };
        frame.render_widget(Paragraph::new(text), inner);
        return;
    }
    let per_column = usize::from(inner.height.max(1));
    let columns = usize::from((inner.width / ROW_WIDTH).max(1));
    let visible = per_column * columns;
    // The move being searched or last searched at the cursor; once the
    // node has returned, its best move, so that the top of its table shows.
    let best = explorer
        .node()
        .filter(|node| explorer.returned(node))
        .and_then(|node| node.best)
        .and_then(|best| {
            rows.iter()
                .position(|row| row.research.is_none() && row.mv == best.as_str())
        });
    let current = best.or_else(|| {
        rows.iter().rposition(|row| {
            row.child
                .and_then(|child| explorer.record().node(child))
                .is_some_and(|child| child.start <= explorer.cursor())
        })
    });
    let first = (current.unwrap_or(0) + 1).saturating_sub(visible);
    let shown: Vec<(usize, &MoveRow)> = rows.iter().enumerate().skip(first).take(visible).collect();
    for (column, chunk) in shown.chunks(per_column).enumerate() {
        let lines: Vec<Line> = chunk
            .iter()
            .map(|(at, row)| {
                let style = if Some(*at) == current {
                    Style::new().add_modifier(Modifier::BOLD)
                } else {
                    Style::new()
                };
                Line::from(Span::styled(row_text(row), style))
            })
            .collect();
        let x = inner.x + ROW_WIDTH * column as u16;
        let width = ROW_WIDTH.min(inner.right().saturating_sub(x));
        let area = Rect::new(x, inner.y, width, inner.height);
        frame.render_widget(Paragraph::new(lines), area);
    }
}

/// One move: `3 >c1h6   8   ≤ -12 d7d5`, with `>` when `pick` swapped it
/// forward, then its value or bound and the reply that refuted it (or the
/// best reply), once its child has returned, and `cut` on the move that
/// cut the node off; a re-search as `(re-search at depth 3)` and its value.
fn row_text(row: &MoveRow) -> String {
    let value = row.value.map_or(String::new(), |value| value.to_string());
    if let Some(depth) = row.research {
        let depth = depth.map_or("?".to_string(), |depth| depth.to_string());
        return format!("    (re-search at depth {depth}){value:>9}");
    }
    let tried = row.tried.map_or("-".to_string(), |n| n.to_string());
    let swap = if row.swapped_for.is_some() { '>' } else { ' ' };
    let order = row.order.map_or(String::new(), |order| order.to_string());
    let mut text = format!("{tried:>3} {swap}{:<6}{order:>6}{value:>8}", row.mv);
    if let Some(reply) = &row.reply {
        text += &format!(" {reply}");
    }
    if row.cut {
        text += " cut";
    }
    text.trim_end().to_string()
}

fn event_line(explorer: &Explorer) -> String {
    let text = match explorer.event() {
        Event::Search(_) => "the search's header".to_string(),
        Event::Node(entry) => format!(
            "enter node {} by {}",
            entry.id,
            entry.mv.as_deref().unwrap_or("no move (a root)")
        ),
        Event::Moves(list) => format!("{} moves generated and ordered", list.moves.len()),
        Event::Swap(swap) => format!(
            "swap: {}={} out, {}={} in",
            swap.out, swap.out_value, swap.into, swap.in_value
        ),
        Event::Cut(cut) => {
            let beta = explorer
                .record()
                .node(cut.node)
                .map_or(String::new(), |node| format!(" ≥ beta {}", node.beta));
            format!("alpha-beta cut: {} fails high, {}{beta}", cut.mv, cut.value)
        }
        Event::Result(result) => format!(
            "node {} returns {}{}",
            result.node,
            explorer
                .record()
                .node(result.node)
                .map_or(result.value.to_string(), |node| Bounded::of_node(node)
                    .to_string()),
            result
                .best
                .as_ref()
                .map(|mv| format!(", best {mv}"))
                .unwrap_or_default()
        ),
        Event::Report(summary) => format!(
            "report: best {}, value {}, nodes {}",
            summary.best.as_deref().unwrap_or("none"),
            summary.value,
            summary.nodes
        ),
        Event::Chapter(chapter) => chapter_text(chapter),
    };
    format!("event: {text}")
}

fn status_line(explorer: &Explorer) -> String {
    if let Mode::Path(typed) = explorer.mode() {
        // A path that could not be followed stays open to be mended, with
        // the reason before it.
        return match explorer.message() {
            Some(why) => format!("{why} · go to: {typed}_"),
            None => format!("go to path (from the root): {typed}_"),
        };
    }
    if let Mode::Why(typed) = explorer.mode() {
        return match explorer.message() {
            Some(why) => format!("{why} · why not: {typed}_"),
            None => format!("why not this root move: {typed}_"),
        };
    }
    if let Some(message) = explorer.message() {
        return message.to_string();
    }
    let record = explorer.record();
    let through = 100 * explorer.cursor() / record.size().max(1);
    let node = match explorer.node() {
        Some(node) => format!(
            "node {} of {} · level {} · swaps: {} · {}",
            node.id,
            record.node_count(),
            node.level,
            explorer.swaps_so_far(),
            explorer
                .cut_so_far()
                .map_or("no cut".to_string(), |cut| cut.words())
        ),
        None => format!("{} nodes", record.node_count()),
    };
    format!("{node} · {through}% · ? keys")
}

/// The keys, over the middle of the screen.
fn draw_help(frame: &mut Frame) {
    let area = frame.area();
    let height = (HELP.len() as u16 + 2).min(area.height);
    let width = 64.min(area.width);
    let help = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    let lines: Vec<Line> = HELP
        .iter()
        .map(|(keys, what)| Line::from(format!("{keys:<16} {what}")))
        .collect();
    frame.render_widget(Clear, help);
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(" keys ")),
        help,
    );
}
