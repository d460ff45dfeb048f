//! `compare A B`: two records of one search side by side.
//!
//! Both files are read as records ([`crate::record::Record`]) and set side
//! by side by [`crate::record::compare::compare`]. A file that is no
//! record, or is cut short, is named with the line where it goes wrong;
//! records of different positions or depths are refused. Either way the
//! program exits with code 2.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::Args;

use crate::record::compare::compare;
use crate::record::Record;

/// The arguments of `compare`.
#[derive(Args, Debug)]
pub(super) struct CompareArgs {
    /// The first record (A), as `search --record FILE` writes it
    #[arg(value_name = "A")]
    a: PathBuf,
    /// The second record (B), of the same position and depth
    #[arg(value_name = "B")]
    b: PathBuf,
}

/// Reads both records and prints what differs.
pub(super) fn run_compare(args: &CompareArgs, out: &mut impl Write) -> Result<()> {
    let open = |side: &str, path: &PathBuf| {
        Record::open(path)
            .with_context(|| format!("cannot read record {side} '{}'", path.display()))
    };
    let a = open("A", &args.a)?;
    let b = open("B", &args.b)?;
    compare(&a, &b, out)?;
    Ok(())
}
