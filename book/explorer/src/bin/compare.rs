//! `compare A B`: two records of one search side by side.
//!
//! Both files are read as records ([`lamosca_reader::Record`]) and set side
//! by side by [`lamosca_explorer::compare::compare`]. A file that is no
//! record, or is cut short, is named with the line where it goes wrong;
//! records of different positions or depths are refused. Either way the
//! program exits with code 2.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::Parser;

use lamosca_explorer::compare::compare;
use lamosca_explorer::limits;

/// Set two search records of one position and depth side by side.
#[derive(Parser, Debug)]
#[command(name = "compare")]
struct CompareArgs {
    /// The first record (A), as `search --record FILE` writes it
    #[arg(value_name = "A")]
    a: PathBuf,
    /// The second record (B), of the same position and depth
    #[arg(value_name = "B")]
    b: PathBuf,
}

/// Reads both records and prints what differs.
fn run_compare(args: &CompareArgs, out: &mut impl Write) -> Result<()> {
    let open = |side: &str, path: &PathBuf| {
        limits::open(path)
            .with_context(|| format!("cannot read record {side} {}", limits::named(path)))
    };
    let a = open("A", &args.a)?;
    let b = open("B", &args.b)?;
    compare(&a, &b, out)?;
    Ok(())
}

fn main() -> ExitCode {
    let args = match CompareArgs::try_parse() {
        Ok(args) => args,
        Err(error) => {
            let _ = error.print();
            return ExitCode::from(if error.use_stderr() { 2 } else { 0 });
        }
    };
    let out = &mut io::stdout().lock();
    match run_compare(&args, out).and_then(|()| Ok(out.flush()?)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if is_closed_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            let _ = writeln!(io::stderr(), "error: {error:#}");
            ExitCode::from(2)
        }
    }
}

/// A reader that went away (`| head`) is no mistake of the user's.
fn is_closed_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|error| error.kind() == io::ErrorKind::BrokenPipe)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use lamosca_record::{Event, Header, RecordWriter, Summary, SCHEMA};

    /// A record of no node, written to a file of the system's scratch
    /// folder named after this process, so parallel runs do not meet.
    fn empty_record(name: &str, depth: u32) -> PathBuf {
        let path = std::env::temp_dir().join(format!("{}-{name}", std::process::id()));
        let mut writer = RecordWriter::create(&path).unwrap();
        writer
            .write(&Event::Search(Header {
                schema: SCHEMA,
                version: "test".into(),
                fen: common::START_FEN.into(),
                depth,
                options: Default::default(),
            }))
            .unwrap();
        writer
            .write(&Event::Report(Summary {
                best: None,
                value: 0,
                nodes: 0,
                statistics: Vec::new(),
            }))
            .unwrap();
        writer.finish().unwrap();
        path
    }

    #[test]
    fn errors_name_the_side_the_file_and_the_line() {
        let good = empty_record("compare-good.jsonl", 2);
        let cut = empty_record("compare-cut.jsonl", 2);
        let text = std::fs::read_to_string(&cut).unwrap();
        std::fs::write(&cut, &text[..text.len() - 3]).unwrap();
        let args = CompareArgs {
            a: good.clone(),
            b: cut.clone(),
        };
        let error = run_compare(&args, &mut Vec::new()).unwrap_err();
        assert_eq!(
            format!("{error:#}"),
            format!(
                "cannot read record B '{}': line 2: the record is truncated (it stops before the search's report)",
                cut.display()
            )
        );
        let deeper = empty_record("compare-deeper.jsonl", 3);
        let args = CompareArgs { a: good, b: deeper };
        let error = run_compare(&args, &mut Vec::new()).unwrap_err();
        assert_eq!(
            format!("{error:#}"),
            "the records search to different depths: A 2, B 3"
        );
    }
}
