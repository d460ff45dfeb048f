//! Measures what Kornilov's ideas buy: the time and nodes to reach depths 4
//! to 8 with each switch off in turn, against v0.10; the depth each version
//! reaches in one second; and the Win At Chess positions each solves in one
//! second. It prints markdown tables.
//!
//! ```text
//! cargo run --release -p lamosca-v11-lazy --example measure -- [--wac N] [--cap SECONDS]
//! ```
//!
//! `--wac N` measures the first N of the 300 WAC positions (all by default:
//! five minutes per version); `--cap SECONDS` skips the deeper depths of a
//! configuration once one depth took longer than that (10 by default).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::deepen::{deepen, Limits, MAX_DEPTH};
use common::trace::Tracer;
use common::{Engine, Move, MoveKind, OptionValue, PieceKind, Position, Report, START_FEN};
use lamosca_v10_quiescence::QuiescenceSearch;
use lamosca_v11_lazy::LazySearch;

/// The positions measured: the start, Kiwipete (the perft suites' position
/// 2, full of captures) and a quiet middlegame of the Queen's Gambit.
const POSITIONS: [(&str, &str); 3] = [
    ("start", START_FEN),
    (
        "Kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    (
        "middlegame",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
    ),
];

/// v0.11's configurations: a name and the switches it changes.
const CONFIGURATIONS: [(&str, &[(&str, OptionValue)]); 5] = [
    ("v0.11", &[]),
    ("v0.11 --no-iid", &[("Iid", OptionValue::Check(false))]),
    ("v0.11 --no-lazy", &[("Lazy", OptionValue::Check(false))]),
    (
        "v0.11 --no-selective",
        &[("Selective", OptionValue::Check(false))],
    ),
    (
        "v0.11 --eval kornilov",
        &[("Eval", OptionValue::Combo("kornilov"))],
    ),
];

/// The depths of the first table.
const DEPTHS: std::ops::RangeInclusive<u32> = 4..=8;

/// The time each version gets per move in the second and third tables.
const MOVE_TIME: Duration = Duration::from_secs(1);

/// The WAC suite, one EPD line per position with its best moves in SAN.
const WAC: &str = include_str!("../../common/suites/wac.epd");

fn main() {
    let mut wac_count = usize::MAX;
    let mut cap = Duration::from_secs(10);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next().and_then(|v| v.parse::<u64>().ok());
        match (arg.as_str(), value) {
            ("--wac", Some(n)) => wac_count = n as usize,
            ("--cap", Some(s)) => cap = Duration::from_secs(s),
            _ => {
                eprintln!("usage: measure [--wac N] [--cap SECONDS]");
                std::process::exit(2);
            }
        }
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "Measured with `cargo run --release -p lamosca-v11-lazy --example measure`, {} {}, {threads} hardware threads.\n",
        std::env::consts::ARCH,
        std::env::consts::OS
    );
    depth_tables(cap);
    one_second_table();
    wac_table(wac_count);
}

/// Searches `fen` to `depth` as the driver would without a clock: v0.10
/// one depth after another, v0.11 in one call that deepens by itself.
fn reach<E: Engine>(mut engine: E, fen: &str, depth: u32) -> (Report, Duration) {
    let mut position = Position::from_fen(fen).expect("a valid FEN");
    let started = Instant::now();
    let report = deepen(
        &mut engine,
        &mut position,
        &Limits::depth(depth),
        &Arc::new(AtomicBool::new(false)),
        &Tracer::OFF,
        |_| {},
    );
    (report, started.elapsed())
}

/// Searches `fen` for `time` as the driver would under a clock.
fn timed<E: Engine>(mut engine: E, fen: &str, time: Duration) -> Report {
    let mut position = Position::from_fen(fen).expect("a valid FEN");
    let limits = Limits {
        depth: MAX_DEPTH,
        deadline: Some(Instant::now() + time),
        nodes: None,
    };
    deepen(
        &mut engine,
        &mut position,
        &limits,
        &Arc::new(AtomicBool::new(false)),
        &Tracer::OFF,
        |_| {},
    )
}

fn v11(options: &[(&str, OptionValue)]) -> LazySearch {
    let mut engine = LazySearch::new();
    for &(name, value) in options {
        engine.set_option(name, value);
    }
    engine
}

fn cell(report: &Report, time: Duration) -> String {
    format!("{:.3} s / {}", time.as_secs_f64(), thousands(report.nodes))
}

fn depth_tables(cap: Duration) {
    println!("### Time and nodes to reach each depth\n");
    println!("Each cell: seconds / nodes to finish that depth, deepening from the first (v0.10 by the driver, one ply at a time; v0.11 by itself). \"-\" marks a depth not tried because the one before took more than {} s.\n", cap.as_secs());
    for (name, fen) in POSITIONS {
        println!("**{name}** (`{fen}`)\n");
        print!("| version |");
        for depth in DEPTHS {
            print!(" depth {depth} |");
        }
        println!();
        print!("| :--- |");
        for _ in DEPTHS {
            print!(" ---: |");
        }
        println!();
        let row = |label: &str, run: &mut dyn FnMut(u32) -> (Report, Duration)| {
            print!("| {label} |");
            let mut over = false;
            for depth in DEPTHS {
                if over {
                    print!(" - |");
                    continue;
                }
                let (report, time) = run(depth);
                over = time > cap;
                print!(" {} |", cell(&report, time));
            }
            println!();
        };
        row("v0.10", &mut |depth| {
            reach(QuiescenceSearch::new(), fen, depth)
        });
        for (label, options) in CONFIGURATIONS {
            row(label, &mut |depth| reach(v11(options), fen, depth));
        }
        println!();
    }
}

fn one_second_table() {
    println!("### Depth reached in one second\n");
    println!("| position | v0.10 depth | v0.10 nodes | v0.11 depth | v0.11 nodes |");
    println!("| :--- | ---: | ---: | ---: | ---: |");
    for (name, fen) in POSITIONS {
        let old = timed(QuiescenceSearch::new(), fen, MOVE_TIME);
        let new = timed(LazySearch::new(), fen, MOVE_TIME);
        println!(
            "| {name} | {} | {} | {} | {} |",
            old.depth,
            thousands(old.nodes),
            new.depth,
            thousands(new.nodes)
        );
    }
    println!();
}

/// One WAC position: its FEN and its best moves in SAN.
struct Problem {
    fen: String,
    best: Vec<String>,
}

/// Reads an EPD line: four FEN fields, then operations such as
/// `bm Qg6; id "WAC.001";`.
fn problem(line: &str) -> Option<Problem> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let fen = fields.get(..4)?.join(" ");
    let rest = fields.get(4..)?.join(" ");
    let best = rest
        .split(';')
        .map(str::trim)
        .find_map(|op| op.strip_prefix("bm "))?
        .split_whitespace()
        .map(|san| strip_marks(san).to_string())
        .collect();
    Some(Problem { fen, best })
}

fn wac_table(count: usize) {
    let problems: Vec<Problem> = WAC.lines().filter_map(problem).take(count).collect();
    let mut solved = [0usize; 2];
    for problem in &problems {
        let position = Position::from_fen(&problem.fen).expect("a valid FEN");
        let answers = [
            timed(QuiescenceSearch::new(), &problem.fen, MOVE_TIME).best,
            timed(LazySearch::new(), &problem.fen, MOVE_TIME).best,
        ];
        for (count, answer) in solved.iter_mut().zip(answers) {
            if answer.is_some_and(|mv| problem.best.contains(&san(&position, mv))) {
                *count += 1;
            }
        }
    }
    println!("### Win At Chess, one second a position\n");
    println!("| version | solved |");
    println!("| :--- | ---: |");
    let total = problems.len();
    println!(
        "| v0.10 (deepening by the driver) | {} of {total} |",
        solved[0]
    );
    println!("| v0.11 | {} of {total} |", solved[1]);
    println!();
}

/// A move in standard algebraic notation, without `+` or `#`: enough to
/// compare with an EPD's `bm`, whose check marks are stripped too.
fn san(position: &Position, mv: Move) -> String {
    if mv.kind == MoveKind::Castle {
        return if mv.to.file() == 6 { "O-O" } else { "O-O-O" }.to_string();
    }
    let kind = mv.piece.kind().unwrap_or(PieceKind::Pawn);
    let mut text = String::new();
    if kind == PieceKind::Pawn {
        if mv.is_capture() {
            text.push(file_letter(mv.from.file()));
        }
    } else {
        text.push(kind.letter().to_ascii_uppercase());
        // Name the file, the rank or both when another piece of the kind
        // can reach the same square.
        let rivals: Vec<Move> = position
            .legal_moves()
            .into_iter()
            .filter(|other| other.piece == mv.piece && other.to == mv.to && other.from != mv.from)
            .collect();
        if !rivals.is_empty() {
            let same_file = rivals.iter().any(|o| o.from.file() == mv.from.file());
            let same_rank = rivals.iter().any(|o| o.from.rank() == mv.from.rank());
            if !same_file {
                text.push(file_letter(mv.from.file()));
            } else if !same_rank {
                text.push(rank_digit(mv.from.rank()));
            } else {
                text.push(file_letter(mv.from.file()));
                text.push(rank_digit(mv.from.rank()));
            }
        }
    }
    if mv.is_capture() {
        text.push('x');
    }
    text += &mv.to.to_string();
    if let Some(promotion) = mv.promotion.kind() {
        text.push('=');
        text.push(promotion.letter().to_ascii_uppercase());
    }
    text
}

fn strip_marks(san: &str) -> &str {
    san.trim_end_matches(['+', '#', '!', '?'])
}

fn file_letter(file: u8) -> char {
    char::from(b'a' + file)
}

fn rank_digit(rank: u8) -> char {
    char::from(b'1' + rank)
}

/// 1234567 as 1,234,567.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}
