//! The board chapter: the boards, the 0x88 array, the move, perft,
//! evaluation, FEN error, draw and Zobrist tables, each computed by the
//! workspace's own code.
//!
//! Every function here is deterministic: it counts, searches and draws, but
//! never reads a clock, so its output can be committed and checked for
//! staleness. The examples of bad FEN are one list, `CASES` in
//! `fen_errors_table`: a row of the table each, in order.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use anyhow::{anyhow, ensure, Context as _, Result};
use common::{
    divide, evaluate, perft, piece_value, square_bonus, Color, Move, MoveKind, PieceKind, Position,
    Square, START_FEN,
};

use crate::chapter::Chapter;
use crate::draw::diagram::{self, Marks, Tint};
use crate::files::Generated;
use crate::markdown::{code, md, thousands, thousands_signed, Align, Table};
use crate::searches::KIWIPETE;

/// The board chapter in the book.
pub const CHAPTER: Chapter = Chapter {
    page: "board.md",
    krate: None,
    generated: |sources| board_chapter(&sources.root),
    measured: &[],
};

/// A position that shows where the moves the original never generated go:
/// promotions with and without capture, an en-passant capture, castling on
/// both sides.
pub const ORDER_FEN: &str = "r1r3k1/1P6/5n2/3pP3/8/8/2P5/R3K2R w KQ d6 0 1";

/// White in check from the bishop on b4, with the knight on e2 pinned by
/// the rook on e8: only four moves are legal.
pub const LEGALITY_FEN: &str = "4r1k1/8/8/8/1b6/R7/4N3/4K3 w - - 0 1";

/// LaMoSca's knight steps on the 0x88 board, in its order, with the words
/// of `lamosca-facts`: the same numbers as `KNIGHT_STEPS` in
/// `common/src/attacks.rs`, checked against the move generator below.
const KNIGHT_STEPS: [(i32, &str); 8] = [
    (31, "2 up, 1 left"),
    (33, "2 up, 1 right"),
    (14, "1 up, 2 left"),
    (18, "1 up, 2 right"),
    (-18, "1 down, 2 left"),
    (-14, "1 down, 2 right"),
    (-33, "2 down, 1 left"),
    (-31, "2 down, 1 right"),
];

/// How deep the perft table of the board chapter counts.
const PERFT_TABLE_DEPTH: usize = 4;

/// The names of the positions of `common/suites/cpw_perft.epd`, in order.
const CPW_NAMES: [&str; 7] = [
    "start position",
    "Kiwipete (position 2)",
    "position 3",
    "position 4",
    "position 4, mirrored",
    "position 5",
    "position 6",
];

fn position(fen: &str) -> Result<Position> {
    Position::from_fen(fen).map_err(|error| anyhow!("bad FEN `{fen}`: {error}"))
}

fn square(name: &str) -> Square {
    Square::parse(name).expect("a square name written in the generator")
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn kind_name(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::Pawn => "pawn",
        PieceKind::Knight => "knight",
        PieceKind::Bishop => "bishop",
        PieceKind::Rook => "rook",
        PieceKind::Queen => "queen",
        PieceKind::King => "king",
    }
}

/// Everything the board chapter shows.
pub fn board_chapter(root: &std::path::Path) -> Result<Vec<Generated>> {
    let mut out = vec![
        Generated::new(
            "svg/0x88.svg",
            diagram::array_0x88(
                "The 0x88 array: 8 rows of 16 indices; a knight on h4 and its eight steps",
                square("h4"),
                &KNIGHT_STEPS.map(|(step, _)| step),
            ),
        ),
        knight_steps_table()?,
        board_svg(
            "svg/startpos.svg",
            START_FEN,
            "The start position",
            Marks::none(),
        )?,
        board_svg(
            "svg/kiwipete.svg",
            KIWIPETE,
            "Kiwipete, the second perft position",
            Marks::none(),
        )?,
        board_svg(
            "svg/move-order.svg",
            ORDER_FEN,
            "A position with promotions, en passant and castling to generate",
            Marks {
                tinted: vec![(square("d7"), Tint::Move), (square("d5"), Tint::Move)],
                arrows: vec![(square("d7"), square("d5"))],
            },
        )?,
        move_order_table()?,
        board_svg(
            "svg/legality.svg",
            LEGALITY_FEN,
            "White in check from b4, the knight on e2 pinned by the rook on e8",
            Marks {
                tinted: vec![
                    (square("b4"), Tint::Check),
                    (square("c3"), Tint::Check),
                    (square("d2"), Tint::Check),
                    (square("e1"), Tint::Check),
                    (square("e8"), Tint::Pin),
                    (square("e7"), Tint::Pin),
                    (square("e6"), Tint::Pin),
                    (square("e5"), Tint::Pin),
                    (square("e4"), Tint::Pin),
                    (square("e3"), Tint::Pin),
                    (square("e2"), Tint::Pin),
                ],
                arrows: vec![],
            },
        )?,
        legal_moves_table("tables/legality.md", LEGALITY_FEN)?,
        perft_table(root)?,
        divide_listing(),
    ];
    out.extend(evaluation_example()?);
    out.push(fen_errors_table());
    out.push(draws_table()?);
    out.push(zobrist_table()?);
    Ok(out)
}

fn board_svg(path: &str, fen: &str, title: &str, marks: Marks) -> Result<Generated> {
    let position = position(fen)?;
    Ok(Generated::new(
        path,
        diagram::board(&position, title, &marks),
    ))
}

/// The knight on h4 and where each of its steps lands, with the 0x88 test.
fn knight_steps_table() -> Result<Generated> {
    let origin = square("h4");
    let mut table = Table::new(&[
        ("step", Align::Left),
        ("delta", Align::Right),
        ("index", Align::Right),
        ("index & 0x88", Align::Right),
        ("lands on", Align::Left),
    ]);
    let mut on_board = Vec::new();
    for (step, words) in KNIGHT_STEPS {
        let index = origin.index() as i32 + step;
        let lands = match Square::from_index(index) {
            Some(target) => {
                on_board.push(target.to_string());
                target.to_string()
            }
            None => "off the board".to_string(),
        };
        table.row([
            words.to_string(),
            format!("{step:+}"),
            code(format!("0x{index:02x}")),
            code(format!("0x{:02x}", index & 0x88)),
            lands,
        ]);
    }
    // The steps above must be the generator's: a lone knight on h4 has
    // exactly the moves that land on the board, in this order.
    let lone = position("4k3/8/8/8/7N/8/8/4K3 w - - 0 1")?;
    let generated: Vec<String> = lone
        .legal_moves()
        .iter()
        .filter(|mv| mv.from == origin)
        .map(|mv| mv.to.to_string())
        .collect();
    ensure!(
        generated == on_board,
        "the knight steps of the book ({on_board:?}) differ from the generator's ({generated:?})"
    );
    Ok(md(
        "tables/knight-h4.md",
        format!(
            "The knight stands on h4, index {}.\n\n{}",
            code(format!("0x{:02x}", origin.index())),
            table.render()
        ),
    ))
}

/// A short description of what a move is.
fn move_note(mv: &Move) -> String {
    let mut notes = Vec::new();
    match mv.kind {
        MoveKind::Castle if mv.to.file() == 6 => notes.push("castling, king-side".to_string()),
        MoveKind::Castle => notes.push("castling, queen-side".to_string()),
        MoveKind::EnPassant => notes.push("en passant".to_string()),
        MoveKind::DoublePush => notes.push("two squares".to_string()),
        MoveKind::Normal => {}
    }
    if mv.is_capture() && mv.kind != MoveKind::EnPassant {
        let victim = mv.captured.kind().map_or("?", kind_name);
        notes.push(format!("takes the {victim}"));
    }
    if let Some(kind) = mv.promotion.kind() {
        notes.push(format!("promotes to a {}", kind_name(kind)));
    }
    notes.join(", ")
}

fn move_rows(position: &Position) -> Table {
    let mut table = Table::new(&[
        ("#", Align::Right),
        ("move", Align::Left),
        ("piece", Align::Left),
        ("what it is", Align::Left),
    ]);
    for (i, mv) in position.legal_moves().iter().enumerate() {
        table.row([
            (i + 1).to_string(),
            code(mv),
            mv.piece.kind().map_or("?", kind_name).to_string(),
            move_note(mv),
        ]);
    }
    table
}

/// Every legal move of the order example, in generation order.
fn move_order_table() -> Result<Generated> {
    let position = position(ORDER_FEN)?;
    let moves = position.legal_moves();
    Ok(md(
        "tables/move-order.md",
        format!(
            "{} legal moves, in the order the generator gives them:\n\n{}",
            moves.len(),
            move_rows(&position).render()
        ),
    ))
}

fn legal_moves_table(path: &str, fen: &str) -> Result<Generated> {
    let position = position(fen)?;
    let moves = position.legal_moves();
    Ok(md(
        path,
        format!(
            "{} legal moves, in generation order:\n\n{}",
            moves.len(),
            move_rows(&position).render()
        ),
    ))
}

/// One line of an EPD perft suite: the position and its published counts.
struct PerftLine {
    fen: String,
    counts: BTreeMap<usize, u64>,
}

fn read_perft_suite(text: &str) -> Result<Vec<PerftLine>> {
    let mut lines = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or("").trim().to_string();
        let mut counts = BTreeMap::new();
        for part in parts {
            let part = part.trim();
            let Some(rest) = part.strip_prefix('D') else {
                continue;
            };
            let (depth, count) = rest
                .split_once(' ')
                .ok_or_else(|| anyhow!("line {}: cannot read `{part}`", number + 1))?;
            counts.insert(
                depth.parse().context(format!("line {}", number + 1))?,
                count
                    .trim()
                    .parse()
                    .context(format!("line {}", number + 1))?,
            );
        }
        lines.push(PerftLine { fen, counts });
    }
    Ok(lines)
}

/// The CPW perft positions to a small depth, beside the published counts.
fn perft_table(root: &std::path::Path) -> Result<Generated> {
    let path = root.join("common/suites/cpw_perft.epd");
    let text = std::fs::read_to_string(&path).context(format!("reading {}", path.display()))?;
    let suite = read_perft_suite(&text)?;
    ensure!(
        suite.len() == CPW_NAMES.len(),
        "{} holds {} positions, the book names {}",
        path.display(),
        suite.len(),
        CPW_NAMES.len()
    );
    let mut table = Table::new(&[
        ("position", Align::Left),
        ("depth", Align::Right),
        ("counted here", Align::Right),
        ("published", Align::Right),
        ("", Align::Center),
    ]);
    let mut agree = 0;
    let mut total = 0;
    for (name, line) in CPW_NAMES.iter().zip(&suite) {
        let mut position = position(&line.fen)?;
        for depth in 1..=PERFT_TABLE_DEPTH {
            let counted = perft(&mut position, depth);
            let published = line.counts.get(&depth).copied();
            let mark = match published {
                Some(p) if p == counted => {
                    agree += 1;
                    "✓"
                }
                Some(_) => "✗",
                None => "",
            };
            total += 1;
            table.row([
                if depth == 1 {
                    name.to_string()
                } else {
                    String::new()
                },
                depth.to_string(),
                thousands(counted),
                published.map_or("-".to_string(), thousands),
                mark.to_string(),
            ]);
        }
    }
    Ok(md(
        "tables/perft-cpw.md",
        format!(
            "{}\n{agree} of {total} counts agree with the published ones.\n",
            table.render()
        ),
    ))
}

/// `divide` of the start position to depth 3, written as Stockfish's
/// `go perft 3` writes it.
fn divide_listing() -> Generated {
    let mut position = Position::startpos();
    let mut text = String::new();
    let mut total = 0;
    for (mv, nodes) in divide(&mut position, 3) {
        let _ = writeln!(text, "{mv}: {nodes}");
        total += nodes;
    }
    let _ = writeln!(text, "\nNodes searched: {total}");
    Generated::new("tables/divide-startpos-d3.txt", text)
}

/// The evaluation after 1.a3 Na6, piece by piece.
fn evaluation_example() -> Result<Vec<Generated>> {
    let mut after = Position::startpos();
    after
        .play_moves(&["a2a3", "b8a6"])
        .map_err(|error| anyhow!("{error}"))?;
    let svg = diagram::board(
        &after,
        "After 1.a3 Na6",
        &Marks {
            tinted: vec![
                (square("a2"), Tint::Move),
                (square("a3"), Tint::Move),
                (square("b8"), Tint::Move),
                (square("a6"), Tint::Move),
            ],
            arrows: vec![],
        },
    );
    let breakdown = Breakdown::of(&after);
    let white_total = breakdown.total(Color::White);
    let black_total = breakdown.total(Color::Black);
    let score = evaluate(&after);
    ensure!(
        score == white_total - black_total,
        "the breakdown ({white_total} - {black_total}) disagrees with evaluate ({score})"
    );
    let body = format!(
        "Every piece whose bonus is not zero, and the two that moved:\n\n{}\n\
         The totals:\n\n{}\n\
         White is to move, so {} returns White's total minus Black's: \
         {} - {} = **{score}**. One level up, Black's move b8a6 is worth the \
         negation, **{}**.\n",
        breakdown.pieces.render(),
        breakdown.totals().render(),
        code("evaluate"),
        thousands(white_total as u64),
        thousands(black_total as u64),
        -score
    );
    Ok(vec![
        Generated::new("svg/a3-na6.svg", svg),
        md("tables/eval-a3-na6.md", body),
    ])
}

/// A position's evaluation, side by side: each side's material and table
/// bonuses, and the pieces worth showing.
struct Breakdown {
    /// Every piece whose bonus is not zero or that is not on its square
    /// of the start position.
    pieces: Table,
    /// Material, then bonuses, indexed by colour.
    material: [i32; 2],
    bonuses: [i32; 2],
}

impl Breakdown {
    fn of(position: &Position) -> Breakdown {
        let start = Position::startpos();
        let mut breakdown = Breakdown {
            pieces: Table::new(&[
                ("side", Align::Left),
                ("piece", Align::Left),
                ("on", Align::Left),
                ("reads the table at", Align::Left),
                ("bonus", Align::Right),
            ]),
            material: [0; 2],
            bonuses: [0; 2],
        };
        for sq in Square::SCAN_ORDER {
            let piece = position.piece_at(sq);
            let Some(kind) = piece.kind() else { continue };
            let color = piece.color();
            let bonus = square_bonus(color, kind, sq);
            breakdown.material[color.index()] += piece_value(kind);
            breakdown.bonuses[color.index()] += bonus;
            let moved = start.piece_at(sq) != piece;
            if bonus != 0 || moved {
                let read = match color {
                    Color::White => sq,
                    Color::Black => sq.flip(),
                };
                breakdown.pieces.row([
                    color_name(color).to_string(),
                    kind_name(kind).to_string(),
                    sq.to_string(),
                    read.to_string(),
                    signed(bonus),
                ]);
            }
        }
        breakdown
    }

    /// A side's material plus its bonuses.
    fn total(&self, color: Color) -> i32 {
        self.material[color.index()] + self.bonuses[color.index()]
    }

    /// Each side's material, bonuses and total.
    fn totals(&self) -> Table {
        let mut totals = Table::new(&[
            ("side", Align::Left),
            ("material", Align::Right),
            ("table bonuses", Align::Right),
            ("total", Align::Right),
        ]);
        for color in [Color::White, Color::Black] {
            let i = color.index();
            totals.row([
                color_name(color).to_string(),
                thousands_signed(self.material[i] as i64),
                signed(self.bonuses[i]),
                thousands_signed(self.total(color) as i64),
            ]);
        }
        totals
    }
}

/// FENs with one mistake each: the mistake, and the FEN that makes it.
const FEN_MISTAKES: [(&str, &str); 21] = [
    (
        "three fields",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq",
    ),
    (
        "seven ranks",
        "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "a 9",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "a short rank",
        "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "no white king",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
    ),
    (
        "a pawn on rank 8",
        "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1",
    ),
    (
        "sixteen black pawns",
        "rnbqkbnr/pppppppp/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "a seventeenth white piece",
        "rnbqkbnr/pppppppp/8/8/4N3/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
    ),
    (
        "three queens beside eight pawns",
        "QQQ1k3/8/8/8/8/8/PPPPPPPP/4K3 b - - 0 1",
    ),
    (
        "two dark-squared bishops beside eight pawns",
        "4k3/8/8/8/8/P7/1PPPPPPP/B1B1K3 w - - 0 1",
    ),
    (
        "side `x`",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    ),
    (
        "a right twice",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1",
    ),
    (
        "a right without its rook",
        "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "en passant on the wrong rank",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
    ),
    (
        "en passant with no pawn",
        "4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1",
    ),
    (
        "en passant across a knight",
        "4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1",
    ),
    (
        "the king not to move in check",
        "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
    ),
    (
        "a check from before the double step",
        "k7/8/8/8/4P3/8/8/4K2B b - e3 0 1",
    ),
    (
        "three checking pieces",
        "4k3/8/3N4/1B6/8/8/8/4R1K1 b - - 0 1",
    ),
    ("two checking knights", "4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1"),
    (
        "a clock that is no number",
        "4k3/8/8/8/8/8/4R3/4K3 w - - x 1",
    ),
];

/// FENs with one mistake each, and what the reader says about them.
fn fen_errors_table() -> Generated {
    let mut table = Table::new(&[
        ("mistake", Align::Left),
        ("FEN", Align::Left),
        ("what the reader says", Align::Left),
    ]);
    for (mistake, fen) in FEN_MISTAKES {
        let said = match Position::from_fen(fen) {
            Ok(_) => "(accepted)".to_string(),
            Err(error) => error.to_string(),
        };
        table.row([mistake.to_string(), code(fen), said]);
    }
    md("tables/fen-errors.md", table.render())
}

/// A bonus with its sign, and 0 without one.
fn signed(n: i32) -> String {
    if n == 0 {
        "0".to_string()
    } else {
        format!("{n:+}")
    }
}

fn yes_no(answer: bool) -> String {
    if answer { "yes" } else { "no" }.to_string()
}

/// The three draw rules the later versions use, on small examples.
fn draws_table() -> Result<Generated> {
    let mut table = Table::new(&[
        ("position", Align::Left),
        ("question", Align::Left),
        ("answer", Align::Left),
    ]);
    let repetitions: [&[&str]; 3] = [
        &["g1f3", "g8f6", "f3g1", "f6g8"],
        &[
            "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
        ],
        &["e2e4", "e7e5", "e1e2", "e8e7", "e2e1", "e7e8"],
    ];
    for moves in repetitions {
        let mut position = Position::startpos();
        position
            .play_moves(moves)
            .map_err(|error| anyhow!("{error}"))?;
        table.row([
            format!("start, then {}", code(moves.join(" "))),
            format!("{} / {}", code("is_repetition"), code("repetitions")),
            format!(
                "{} / {}",
                yes_no(position.is_repetition()),
                position.repetitions()
            ),
        ]);
    }
    for fen in [
        "8/8/4k3/8/8/4K3/8/R7 w - - 99 80",
        "8/8/4k3/8/8/4K3/8/R7 w - - 100 80",
    ] {
        let position = position(fen)?;
        table.row([
            code(fen),
            code("is_fifty_move_draw"),
            yes_no(position.is_fifty_move_draw()),
        ]);
    }
    for (what, fen) in [
        ("kings alone", "8/8/4k3/8/8/4K3/8/8 w - - 0 1"),
        ("king and knight", "8/8/4k3/8/8/4K3/8/6N1 w - - 0 1"),
        ("king and bishop", "8/8/4k3/8/8/4K3/8/5B2 w - - 0 1"),
        (
            "bishops on light squares",
            "8/8/4k3/8/8/4K3/8/1b3B2 w - - 0 1",
        ),
        (
            "bishops on opposite colours",
            "8/8/4k3/8/8/4K3/8/b4B2 w - - 0 1",
        ),
        ("two knights", "8/8/4k3/8/8/4K3/8/1N4N1 w - - 0 1"),
        ("a pawn", "8/8/4k3/8/8/4K3/4P3/8 w - - 0 1"),
    ] {
        let position = position(fen)?;
        table.row([
            format!("{what}: {}", code(fen)),
            code("has_insufficient_material"),
            yes_no(position.has_insufficient_material()),
        ]);
    }
    Ok(md("tables/draws.md", table.render()))
}

/// Equal positions reached in different ways hash equally.
fn zobrist_table() -> Result<Generated> {
    let mut table = Table::new(&[
        ("reached by", Align::Left),
        ("hash", Align::Left),
        ("FEN", Align::Left),
    ]);
    let mut add = |how: String, position: &Position| {
        debug_assert_eq!(position.hash(), position.compute_hash());
        table.row([
            how,
            code(format!("{:016x}", position.hash())),
            code(position.to_fen()),
        ]);
    };
    let start = Position::startpos();
    add("the start".to_string(), &start);
    for moves in [
        &["e2e4", "e7e5", "g1f3"][..],
        &["g1f3", "e7e5", "e2e4"][..],
        &["e2e4"][..],
    ] {
        let mut position = Position::startpos();
        position
            .play_moves(moves)
            .map_err(|error| anyhow!("{error}"))?;
        add(code(moves.join(" ")), &position);
    }
    let typed = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    add(
        format!("the FEN above, with {}", code("e3")),
        &position(typed)?,
    );
    let mut there_and_back = Position::startpos();
    there_and_back
        .play_moves(&["e2e4"])
        .map_err(|error| anyhow!("{error}"))?;
    there_and_back.unmake();
    add(format!("{}, then unmade", code("e2e4")), &there_and_back);
    Ok(md("tables/zobrist.md", table.render()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_an_epd_perft_line() {
        let suite = read_perft_suite("# comment\n8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 ;D2 9\n")
            .expect("a valid line");
        assert_eq!(suite.len(), 1);
        assert_eq!(suite[0].fen, "8/8/8/8/8/8/8/K6k w - - 0 1");
        assert_eq!(suite[0].counts.get(&2), Some(&9));
    }

    #[test]
    fn notes_special_moves() {
        let position = position(ORDER_FEN).unwrap();
        let notes: Vec<String> = position.legal_moves().iter().map(move_note).collect();
        assert!(notes.contains(&"en passant".to_string()));
        assert!(notes.contains(&"castling, queen-side".to_string()));
        assert!(notes.contains(&"takes the rook, promotes to a knight".to_string()));
    }
}
