//! The book's pictures, drawn as SVG by hand: chess boards drawn from a
//! position, and the 0x88 array.
//!
//! The SVG is written as text, a few elements per square, so that every
//! drawing is a pure function of its input: the same position gives the
//! same bytes, and the generated files can be checked for staleness like
//! any other. Pieces are the Unicode chess symbols: a white piece is the
//! solid symbol filled white under the outlined one, a black piece the
//! solid symbol filled black. Each symbol carries the text-presentation
//! selector (U+FE0E), so that no font draws the pawn as an emoji.

use std::fmt::Write as _;

use common::{Color, PieceKind, Position, Square};

/// The side of one square of a board diagram, in pixels.
const SQUARE: i32 = 44;
/// Room for the rank numbers on the left.
const LEFT: i32 = 22;
/// Room above the board.
const TOP: i32 = 6;
/// Room for the file letters below the board.
const BOTTOM: i32 = 22;
/// Room to the right of the board.
const RIGHT: i32 = 6;

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
/// The fonts to draw with, in single quotes: a family name with a word
/// that starts with a digit (`Noto Sans Symbols 2`) is not a valid bare
/// CSS name, and one invalid name voids the whole list.
const FONT: &str =
    "'DejaVu Sans', 'Segoe UI Symbol', 'Noto Sans Symbols 2', 'Arial Unicode MS', sans-serif";

/// How a marked square is tinted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tint {
    /// The squares of a move: where it starts and where it ends.
    Move,
    /// A piece that gives check, or the king in check.
    Check,
    /// A pinned piece, or the line it is pinned along.
    Pin,
}

impl Tint {
    fn color(self) -> &'static str {
        match self {
            Tint::Move => "#f6e94a",
            Tint::Check => "#e5533d",
            Tint::Pin => "#4a90d9",
        }
    }
}

/// What to draw on top of a board: tinted squares and arrows.
#[derive(Clone, Debug, Default)]
pub struct Marks {
    /// Squares to tint, drawn in order.
    pub tinted: Vec<(Square, Tint)>,
    /// Arrows from one square to another.
    pub arrows: Vec<(Square, Square)>,
}

impl Marks {
    /// No marks.
    pub fn none() -> Marks {
        Marks::default()
    }

    /// The two squares of a move, tinted, and an arrow between them.
    pub fn one_move(from: Square, to: Square) -> Marks {
        Marks {
            tinted: vec![(from, Tint::Move), (to, Tint::Move)],
            arrows: vec![(from, to)],
        }
    }
}

/// The top-left corner of a square on the diagram, White at the bottom.
fn corner(square: Square) -> (i32, i32) {
    (
        LEFT + square.file() as i32 * SQUARE,
        TOP + (7 - square.rank() as i32) * SQUARE,
    )
}

fn centre(square: Square) -> (i32, i32) {
    let (x, y) = corner(square);
    (x + SQUARE / 2, y + SQUARE / 2)
}

/// The solid and the outlined symbol of a kind, as character references.
fn symbols(kind: PieceKind) -> (&'static str, &'static str) {
    match kind {
        PieceKind::King => ("&#x265A;", "&#x2654;"),
        PieceKind::Queen => ("&#x265B;", "&#x2655;"),
        PieceKind::Rook => ("&#x265C;", "&#x2656;"),
        PieceKind::Bishop => ("&#x265D;", "&#x2657;"),
        PieceKind::Knight => ("&#x265E;", "&#x2658;"),
        PieceKind::Pawn => ("&#x265F;", "&#x2659;"),
    }
}

/// The text-presentation selector: draw the symbol as text, not as emoji.
const AS_TEXT: &str = "&#xFE0E;";

fn open_svg(out: &mut String, width: i32, height: i32, title: &str) {
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" role=\"img\" aria-label=\"{title}\">"
    );
    let _ = writeln!(out, "<title>{}</title>", escape(title));
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A board diagram of `position`, with `marks` drawn over it. `title` is the
/// picture's accessible name.
pub fn board(position: &Position, title: &str, marks: &Marks) -> String {
    let width = LEFT + 8 * SQUARE + RIGHT;
    let height = TOP + 8 * SQUARE + BOTTOM;
    let mut out = String::new();
    open_svg(&mut out, width, height, title);
    let _ = writeln!(
        out,
        "<defs><marker id=\"head\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" \
         markerWidth=\"3\" markerHeight=\"3\" orient=\"auto\">\
         <path d=\"M0,0 L10,5 L0,10 z\" fill=\"#2e7d32\"/></marker></defs>"
    );
    let _ = writeln!(
        out,
        "<rect width=\"{width}\" height=\"{height}\" fill=\"#fff\"/>"
    );
    board_squares(&mut out, &marks.tinted);
    board_coordinates(&mut out);
    board_pieces(&mut out, position);
    board_arrows(&mut out, &marks.arrows);
    out.push_str("</svg>\n");
    out
}

/// The squares, a1 dark, then the tinted ones and the board's frame.
fn board_squares(out: &mut String, tinted: &[(Square, Tint)]) {
    for square in Square::SCAN_ORDER {
        let (x, y) = corner(square);
        let fill = if (square.file() + square.rank()) % 2 == 0 {
            DARK
        } else {
            LIGHT
        };
        let _ = writeln!(
            out,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\" fill=\"{fill}\"/>"
        );
    }
    for &(square, tint) in tinted {
        let (x, y) = corner(square);
        let _ = writeln!(
            out,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\" fill=\"{}\" \
             fill-opacity=\"0.6\"/>",
            tint.color()
        );
    }
    let _ = writeln!(
        out,
        "<rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{}\" height=\"{}\" fill=\"none\" \
         stroke=\"#5b4636\" stroke-width=\"1\"/>",
        8 * SQUARE,
        8 * SQUARE
    );
}

/// The file letters below the board and the rank numbers to its left.
fn board_coordinates(out: &mut String) {
    for i in 0..8u8 {
        let x = LEFT + i as i32 * SQUARE + SQUARE / 2;
        let y = TOP + 8 * SQUARE + 16;
        let _ = writeln!(
            out,
            "<text x=\"{x}\" y=\"{y}\" font-family=\"{FONT}\" font-size=\"13\" \
             text-anchor=\"middle\" fill=\"#444\">{}</text>",
            (b'a' + i) as char
        );
        let y = TOP + (7 - i as i32) * SQUARE + SQUARE / 2 + 5;
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{y}\" font-family=\"{FONT}\" font-size=\"13\" \
             text-anchor=\"middle\" fill=\"#444\">{}</text>",
            LEFT / 2,
            i + 1
        );
    }
}

/// The pieces: a white one as the solid symbol filled white under the
/// outlined one, a black one as the solid symbol filled black.
fn board_pieces(out: &mut String, position: &Position) {
    let size = SQUARE * 4 / 5;
    for square in Square::SCAN_ORDER {
        let piece = position.piece_at(square);
        let Some(kind) = piece.kind() else { continue };
        let (x, y) = centre(square);
        let baseline = y + SQUARE * 3 / 10;
        let (solid, outline) = symbols(kind);
        let text = |fill: &str, symbol: &str| {
            format!(
                "<text x=\"{x}\" y=\"{baseline}\" font-family=\"{FONT}\" font-size=\"{size}\" \
                 text-anchor=\"middle\" fill=\"{fill}\">{symbol}{AS_TEXT}</text>\n"
            )
        };
        match piece.color() {
            Color::White => {
                out.push_str(&text("#fff", solid));
                out.push_str(&text("#000", outline));
            }
            Color::Black => out.push_str(&text("#000", solid)),
        }
    }
}

/// The arrows, stopping short of the target's centre.
fn board_arrows(out: &mut String, arrows: &[(Square, Square)]) {
    for &(from, to) in arrows {
        let (x1, y1) = centre(from);
        let (x2, y2) = centre(to);
        let (dx, dy) = ((x2 - x1) as f64, (y2 - y1) as f64);
        let length = (dx * dx + dy * dy).sqrt().max(1.0);
        let short = SQUARE as f64 * 0.3;
        let (ex, ey) = (
            x2 as f64 - dx / length * short,
            y2 as f64 - dy / length * short,
        );
        let _ = writeln!(
            out,
            "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{ex:.1}\" y2=\"{ey:.1}\" stroke=\"#2e7d32\" \
             stroke-opacity=\"0.8\" stroke-width=\"{}\" stroke-linecap=\"round\" \
             marker-end=\"url(#head)\"/>",
            SQUARE / 6
        );
    }
}

/// The width and height of one cell of the 0x88 picture.
const CELL_W: i32 = 38;
const CELL_H: i32 = 28;
/// Room for the rank names on the left and the titles above.
const ARRAY_LEFT: i32 = 64;
const ARRAY_TOP: i32 = 52;

/// The 0x88 array as 8 rows of 16 indices, rank 8 at the top, with the
/// off-board half shaded. A knight stands on `origin` and an arrow goes to
/// each index its `steps` reach: green where `index & 0x88` is 0 (on the
/// board), red where it is not. Steps that leave the array entirely are not
/// drawn.
pub fn array_0x88(title: &str, origin: Square, steps: &[i32]) -> String {
    let width = ARRAY_LEFT + 16 * CELL_W + 10;
    let height = ARRAY_TOP + 8 * CELL_H + 58;
    let mut out = String::new();
    open_svg(&mut out, width, height, title);
    array_background(&mut out, width, height);
    array_headings(&mut out);
    array_cells(&mut out);
    array_steps(&mut out, origin, steps);
    array_legend(&mut out);
    out.push_str("</svg>\n");
    out
}

/// The top-left corner of the cell of 0x88 index `index`.
fn array_cell(index: i32) -> (i32, i32) {
    let (rank, column) = (index >> 4, index & 15);
    (
        ARRAY_LEFT + column * CELL_W,
        ARRAY_TOP + (7 - rank) * CELL_H,
    )
}

/// The width of one half of the array, the board or the rest.
const ARRAY_HALF: i32 = 8 * CELL_W;

/// The hatching of the off-board half, the two arrow heads, and a white
/// background.
fn array_background(out: &mut String, width: i32, height: i32) {
    let _ = writeln!(
        out,
        "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" \
         patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#e4e4e4\"/>\
         <line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#cfcfcf\" stroke-width=\"3\"/>\
         </pattern>\
         <marker id=\"on\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" markerWidth=\"4\" \
         markerHeight=\"4\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#2e7d32\"/>\
         </marker>\
         <marker id=\"off\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" markerWidth=\"4\" \
         markerHeight=\"4\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#c62828\"/>\
         </marker></defs>"
    );
    let _ = writeln!(
        out,
        "<rect width=\"{width}\" height=\"{height}\" fill=\"#fff\"/>"
    );
}

/// Titles over the two halves, and the column names.
fn array_headings(out: &mut String) {
    for (column, text) in [(0, "on the board: files a to h"), (8, "off the board")] {
        let x = ARRAY_LEFT + column * CELL_W + ARRAY_HALF / 2;
        let _ = writeln!(
            out,
            "<text x=\"{x}\" y=\"18\" font-family=\"{FONT}\" font-size=\"14\" \
             text-anchor=\"middle\" fill=\"#333\">{text}</text>"
        );
    }
    for column in 0..16 {
        let x = ARRAY_LEFT + column * CELL_W + CELL_W / 2;
        let name = if column < 8 {
            ((b'a' + column as u8) as char).to_string()
        } else {
            format!("{column:x}")
        };
        let fill = if column < 8 { "#333" } else { "#888" };
        let _ = writeln!(
            out,
            "<text x=\"{x}\" y=\"{}\" font-family=\"{FONT}\" font-size=\"12\" \
             text-anchor=\"middle\" fill=\"{fill}\">{name}</text>",
            ARRAY_TOP - 8
        );
    }
}

/// The 128 cells with their indices, the rank names, and the line between
/// the halves.
fn array_cells(out: &mut String) {
    for index in 0..128 {
        let (x, y) = array_cell(index);
        let off = Square::is_off_board(index);
        let fill = match Square::from_index(index) {
            None => "url(#hatch)".to_string(),
            Some(square) if (square.file() + square.rank()) % 2 == 0 => DARK.to_string(),
            Some(_) => LIGHT.to_string(),
        };
        let _ = writeln!(
            out,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL_W}\" height=\"{CELL_H}\" fill=\"{fill}\" \
             stroke=\"#fff\" stroke-width=\"1\"/>"
        );
        let text_fill = if off { "#777" } else { "#222" };
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-family=\"'DejaVu Sans Mono', Consolas, monospace\" \
             font-size=\"12\" text-anchor=\"middle\" fill=\"{text_fill}\">{index:02x}</text>",
            x + CELL_W / 2,
            y + CELL_H / 2 + 4
        );
        if index & 15 == 0 {
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" font-family=\"{FONT}\" font-size=\"12\" \
                 text-anchor=\"end\" fill=\"#333\">rank {}</text>",
                ARRAY_LEFT - 8,
                y + CELL_H / 2 + 4,
                (index >> 4) + 1
            );
        }
    }
    let _ = writeln!(
        out,
        "<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#333\" stroke-width=\"2\"/>",
        ARRAY_LEFT + ARRAY_HALF,
        ARRAY_TOP - 4,
        ARRAY_TOP + 8 * CELL_H + 4
    );
}

/// The knight on `origin` and an arrow for each of its `steps`.
fn array_steps(out: &mut String, origin: Square, steps: &[i32]) {
    let from = origin.index() as i32;
    let (ox, oy) = array_cell(from);
    let (cx, cy) = (ox + CELL_W / 2, oy + CELL_H / 2);
    for &step in steps {
        let target = from + step;
        if !(0..128).contains(&target) {
            continue;
        }
        let (tx, ty) = array_cell(target);
        let (color, marker) = if Square::is_off_board(target) {
            ("#c62828", "off")
        } else {
            ("#2e7d32", "on")
        };
        let _ = writeln!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{color}\" \
             stroke-width=\"3\"/>",
            tx + 2,
            ty + 2,
            CELL_W - 4,
            CELL_H - 4
        );
        let (ex, ey) = (tx + CELL_W / 2, ty + CELL_H / 2);
        let (dx, dy) = ((ex - cx) as f64, (ey - cy) as f64);
        let length = (dx * dx + dy * dy).sqrt().max(1.0);
        let short = 13.0;
        let _ = writeln!(
            out,
            "<line x1=\"{cx}\" y1=\"{cy}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{color}\" \
             stroke-width=\"2\" stroke-opacity=\"0.85\" marker-end=\"url(#{marker})\"/>",
            ex as f64 - dx / length * short,
            ey as f64 - dy / length * short
        );
    }
    let _ = writeln!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#333\" rx=\"4\"/>",
        ox + 3,
        oy + 3,
        CELL_W - 6,
        CELL_H - 6
    );
    let _ = writeln!(
        out,
        "<text x=\"{cx}\" y=\"{}\" font-family=\"{FONT}\" font-size=\"20\" text-anchor=\"middle\" \
         fill=\"#fff\">&#x265E;{AS_TEXT}</text>",
        cy + 7
    );
}

/// What the two colours of arrow mean.
fn array_legend(out: &mut String) {
    let y = ARRAY_TOP + 8 * CELL_H + 26;
    let legend = [
        ("#2e7d32", "index &amp; 0x88 = 0: on the board"),
        ("#c62828", "index &amp; 0x88 &#8800; 0: off the board"),
    ];
    for (i, (color, text)) in legend.iter().enumerate() {
        let x = ARRAY_LEFT + i as i32 * ARRAY_HALF;
        let _ = writeln!(
            out,
            "<rect x=\"{x}\" y=\"{}\" width=\"18\" height=\"14\" fill=\"none\" stroke=\"{color}\" \
             stroke-width=\"3\"/>",
            y - 11
        );
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{y}\" font-family=\"{FONT}\" font-size=\"13\" fill=\"#333\">\
             {text}</text>",
            x + 26
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_every_piece_once() {
        let svg = board(&Position::startpos(), "the start", &Marks::none());
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.ends_with("</svg>\n"));
        // White pieces take two symbols each, black pieces one.
        assert_eq!(svg.matches(AS_TEXT).count(), 16 * 2 + 16);
        assert_eq!(svg.matches("&#x2654;").count(), 1); // one white king outline
        assert_eq!(svg.matches("&#x265A;").count(), 2); // its fill, and the black king
    }

    #[test]
    fn marks_a_move() {
        let e2 = Square::parse("e2").unwrap();
        let e4 = Square::parse("e4").unwrap();
        let svg = board(&Position::startpos(), "1.e4", &Marks::one_move(e2, e4));
        assert_eq!(svg.matches("fill-opacity=\"0.6\"").count(), 2);
        assert_eq!(svg.matches("marker-end=\"url(#head)\"").count(), 1);
    }

    #[test]
    fn shades_the_right_half_of_the_array() {
        let h4 = Square::parse("h4").unwrap();
        let svg = array_0x88("0x88", h4, &[31, 33]);
        assert_eq!(svg.matches("fill=\"url(#hatch)\"").count(), 64);
        assert_eq!(svg.matches("marker-end=\"url(#on)\"").count(), 1); // g6
        assert_eq!(svg.matches("marker-end=\"url(#off)\"").count(), 1); // 0x58
    }
}
