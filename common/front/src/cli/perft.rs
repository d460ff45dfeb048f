//! `perft` and `perft-suite`: the move generator's proof, from the command
//! line.
//!
//! `perft 3 --divide` prints the lines Stockfish prints for `go perft 3`:
//! one `move: count` line per legal move, a blank line and
//! `Nodes searched: N`. The moves come in another order (each program
//! lists them as it generates them) and Stockfish ends with one more blank
//! line, so sort both before comparing them:
//! `diff -B <(sort ours.txt) <(sort theirs.txt)`. When a count is wrong,
//! the first line that differs names the move below which they disagree;
//! play it with `--moves` and divide again, one ply lower, until the wrong
//! move is found.
//!
//! `perft-suite` counts every position of an EPD file whose lines end in
//! published counts (`FEN ;D1 20 ;D2 400 ;D3 8902`), one line of output per
//! position. It reads the file a line at a time, and counts each position
//! as it is read: a suite of any length is checked in the memory of one
//! line, and a line it cannot read (longer than [`MAX_SUITE_LINE`], not
//! text, not a FEN with counts) ends the run there, named by its number.

use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use clap::Args;

use super::{depth_parser, PositionArgs, EXIT_WRONG_COUNT};
use crate::lines::{read_line, Line};
use common::Position;
use common::{divide, perft};
use lamosca_search::deepen::{nodes_per_second, MAX_DEPTH};

/// The arguments of `perft`.
#[derive(Args, Debug)]
pub(super) struct PerftArgs {
    /// How many plies deep to count, 1 to 64
    #[arg(value_parser = depth_parser())]
    depth: u32,

    #[command(flatten)]
    position: PositionArgs,

    /// First print the count below each legal move, in generation order
    #[arg(long)]
    divide: bool,
}

/// Counts and prints as Stockfish does; the time goes to standard error.
pub(super) fn run_perft(args: &PerftArgs, out: &mut impl Write) -> Result<()> {
    let mut position = args.position.position()?;
    let depth = args.depth as usize;
    let started = Instant::now();
    let nodes = if args.divide {
        let counts = divide(&mut position, depth);
        for (mv, count) in &counts {
            writeln!(out, "{mv}: {count}")?;
        }
        writeln!(out)?;
        counts.iter().map(|(_, count)| count).sum()
    } else {
        perft(&mut position, depth)
    };
    writeln!(out, "Nodes searched: {nodes}")?;
    print_time(started.elapsed(), nodes);
    Ok(())
}

/// The arguments of `perft-suite`.
#[derive(Args, Debug)]
pub(super) struct SuiteArgs {
    /// An EPD file whose lines end in counts: `FEN ;D1 20 ;D2 400 ...`
    file: PathBuf,

    /// Check the counts up to this depth only [default: every count given]
    #[arg(long, value_name = "N", value_parser = depth_parser())]
    depth: Option<u32>,
}

/// The longest line of a suite read, in bytes: a FEN and its counts take
/// under 200 (185 at the most in `common/suites/`), so a longer line is no
/// suite's, and is refused before it fills the memory.
pub(super) const MAX_SUITE_LINE: usize = 4096;

/// One position of a suite, with its published counts.
#[derive(Debug)]
struct Entry {
    /// The line of the file it comes from.
    line: usize,
    /// The FEN as written.
    fen: String,
    position: Position,
    /// `(depth, count)` pairs, in the order given.
    counts: Vec<(u32, u64)>,
}

/// Checks every position as it is read; the exit code says whether every
/// count was right.
pub(super) fn run_suite(args: &SuiteArgs, out: &mut impl Write) -> Result<ExitCode> {
    let name = args.file.display();
    let file = File::open(&args.file).with_context(|| format!("cannot read {name}"))?;
    let deepest = args.depth.unwrap_or(MAX_DEPTH);
    let started = Instant::now();
    let (mut checked, mut wrong, mut nodes) = (0, 0, 0);
    let positions = read_suite(BufReader::new(file), |entry| {
        let mut position = entry.position.clone();
        let mut counts = String::new();
        let mut right = true;
        for &(depth, expected) in entry.counts.iter().filter(|(depth, _)| *depth <= deepest) {
            let found = perft(&mut position, depth as usize);
            nodes += found;
            checked += 1;
            let _ = write!(counts, " D{depth} {found}");
            if found != expected {
                right = false;
                wrong += 1;
                let _ = write!(counts, " (expected {expected})");
            }
        }
        if counts.is_empty() {
            return Ok(()); // no count as shallow as asked
        }
        let verdict = if right { "ok" } else { "FAIL" };
        writeln!(
            out,
            "{verdict:<4} line {:>3}:{counts}  {}",
            entry.line, entry.fen
        )?;
        Ok(())
    })
    .with_context(|| name.to_string())?;
    let outcome = match wrong {
        0 => "all right".to_string(),
        _ => format!("{wrong} wrong"),
    };
    writeln!(out, "{positions} positions, {checked} counts: {outcome}")?;
    print_time(started.elapsed(), nodes);
    Ok(if wrong == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EXIT_WRONG_COUNT)
    })
}

/// Reads the positions of an EPD suite and their counts, a line at a time,
/// and hands each to `each` as it is read; returns how many there were.
/// Empty lines and lines starting with `#` are skipped; operations other
/// than counts (`id`, `bm`, ...) are ignored. A file with no position, or
/// with positions but not one count, is refused: it would check nothing.
fn read_suite(mut input: impl BufRead, mut each: impl FnMut(Entry) -> Result<()>) -> Result<usize> {
    let (mut positions, mut counted) = (0, false);
    let mut bytes = Vec::new();
    for line_number in 1.. {
        let read = read_line(&mut input, MAX_SUITE_LINE, &mut bytes)
            .with_context(|| format!("cannot read line {line_number}"))?;
        match read {
            Line::End => break,
            Line::TooLong => bail!(
                "line {line_number} is longer than {MAX_SUITE_LINE} bytes: a suite's line \
                 holds a FEN and its counts, under 200"
            ),
            Line::Read => {}
        }
        let Ok(line) = std::str::from_utf8(&bytes) else {
            bail!("line {line_number} is not text (UTF-8)");
        };
        if let Some(entry) = read_entry(line_number, line)? {
            positions += 1;
            counted |= !entry.counts.is_empty();
            each(entry)?;
        }
    }
    if positions == 0 {
        bail!("no position in the file");
    }
    if !counted {
        bail!("no perft count in any position: a suite gives them as operations like 'D3 8902'");
    }
    Ok(positions)
}

/// The position and counts of line `line_number`, `line`; none for an
/// empty line or a comment.
fn read_entry(line_number: usize, line: &str) -> Result<Option<Entry>> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let (fen, operations) = split_epd(line);
    let position =
        Position::from_fen(&fen).with_context(|| format!("line {line_number}: bad fen"))?;
    let mut counts = Vec::new();
    for operation in &operations {
        let (opcode, operand) = operation
            .split_once(char::is_whitespace)
            .unwrap_or((operation, ""));
        // A count's opcode is `D` and its depth: `D3 8902`.
        let Some(depth) = opcode
            .strip_prefix('D')
            .filter(|depth| !depth.is_empty() && depth.bytes().all(|b| b.is_ascii_digit()))
        else {
            continue;
        };
        counts.push(read_count(depth, operand).with_context(|| {
            format!("line {line_number}: '{operation}' is not a count like 'D3 8902'")
        })?);
    }
    Ok(Some(Entry {
        line: line_number,
        fen,
        position,
        counts,
    }))
}

/// Splits a line of EPD into its position and its operations. The position
/// is the four fields of EPD, followed by the two move counters when a FEN
/// is written whole (`FEN ;D1 20 ;D2 400`); the operations follow, each
/// ended by `;` (`bm Qd1+; id "BK.01";`).
fn split_epd(line: &str) -> (String, Vec<String>) {
    let (head, tail) = line.split_once(';').unwrap_or((line, ""));
    let words: Vec<&str> = head.split_whitespace().collect();
    let counters = words
        .iter()
        .skip(4)
        .take(2)
        .take_while(|word| word.bytes().all(|b| b.is_ascii_digit()))
        .count();
    let fen_words = (4 + counters).min(words.len());
    let first_operation = words[fen_words..].join(" ");
    let operations = std::iter::once(first_operation)
        .chain(
            tail.split(';')
                .map(|operation| operation.trim().to_string()),
        )
        .filter(|operation| !operation.is_empty())
        .collect();
    (words[..fen_words].join(" "), operations)
}

/// Reads the `3` and the `8902` of `D3 8902`, a depth and its count.
fn read_count(depth: &str, count: &str) -> Result<(u32, u64)> {
    let mut words = count.split_whitespace();
    let (Some(count), None) = (words.next(), words.next()) else {
        bail!("one count is needed");
    };
    let depth: u32 = depth.parse().context("the depth is not a number")?;
    if !(1..=MAX_DEPTH).contains(&depth) {
        bail!("the depth is outside 1 to {MAX_DEPTH}");
    }
    Ok((depth, count.parse().context("the count is not a number")?))
}

/// Prints the time and speed on standard error, away from the counts.
fn print_time(elapsed: Duration, nodes: u64) {
    let _ = writeln!(
        io::stderr(),
        "Time: {:.1} ms, nps {}",
        elapsed.as_secs_f64() * 1_000.0,
        nodes_per_second(nodes, elapsed)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every position of `text`, or why it is refused.
    fn read_suite(text: &str) -> Result<Vec<Entry>> {
        let mut entries = Vec::new();
        super::read_suite(text.as_bytes(), |entry| {
            entries.push(entry);
            Ok(())
        })?;
        Ok(entries)
    }

    #[test]
    fn suites_are_read_with_their_counts() {
        let entries = read_suite(
            "# the start\n\n\
             rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;id \"start\"\n",
        )
        .unwrap();
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].line, 3);
        assert_eq!(entries[0].counts, [(1, 20), (2, 400)]);
    }

    #[test]
    fn epd_operations_after_the_four_fields_are_read() {
        let entries = read_suite(
            "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id \"BK.01\"; D1 48;\n\
             4k3/8/8/8/8/8/8/4K3 w - - 0 1;D2 9\n",
        )
        .unwrap();
        assert_eq!(
            entries[0].fen,
            "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - -"
        );
        assert_eq!(entries[0].counts, [(1, 48)]);
        assert_eq!(entries[1].fen, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(entries[1].counts, [(2, 9)]);
    }

    #[test]
    fn a_suite_that_checks_nothing_is_refused() {
        let error = read_suite("# only a comment\n\n").unwrap_err();
        assert_eq!(format!("{error:#}"), "no position in the file");
        let error =
            read_suite("1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id \"BK.01\";\n")
                .unwrap_err();
        assert!(format!("{error:#}").starts_with("no perft count in any position"));
    }

    #[test]
    fn a_bad_line_is_named() {
        let error = read_suite("8/8/8/8/8/8/8/8 w - - ;D1 1\n").unwrap_err();
        assert!(format!("{error:#}").starts_with("line 1: bad fen: "));
        let error = read_suite("4k3/8/8/8/8/8/8/4K3 w - - ;D1 x\n").unwrap_err();
        assert_eq!(
            format!("{error:#}"),
            "line 1: 'D1 x' is not a count like 'D3 8902': the count is not a number: invalid digit found in string"
        );
    }

    #[test]
    fn a_line_too_long_or_not_text_is_refused_with_its_number() {
        let long = format!("4k3/8/8/8/8/8/8/4K3 w - - ;D1 5\n{}\n", "0".repeat(5000));
        let error = read_suite(&long).unwrap_err();
        assert_eq!(
            format!("{error:#}"),
            "line 2 is longer than 4096 bytes: a suite's line holds a FEN and its counts, under 200"
        );
        let error = read_suite("4k3/8/8/8/8/8/8/4K3 w - - ;D1 5\n\u{0}\n").unwrap_err();
        assert!(format!("{error:#}").starts_with("line 2: bad fen"));
        let error = super::read_suite(&b"\xff\xfe\n"[..], |_| Ok(())).unwrap_err();
        assert_eq!(format!("{error:#}"), "line 1 is not text (UTF-8)");
    }

    #[test]
    fn an_endless_file_is_refused_at_its_first_line() {
        let zeros = io::BufReader::new(io::repeat(0));
        let error = super::read_suite(zeros, |_| Ok(())).unwrap_err();
        assert!(format!("{error:#}").starts_with("line 1 is longer than 4096 bytes"));
    }
}
