//! Reading a text one line at a time, in bounded memory.
//!
//! Whatever a user points a command at (a suite that is a log of
//! gigabytes, `/dev/zero`) or a GUI sends, the front holds one line of it
//! at a time, and never more than a bound the reader states: a longer
//! line is seen to be too long once the bound is passed, not read to its
//! end. UCI skips such a line and goes on; `perft-suite` refuses the file.

use std::io::{self, BufRead, Read};

/// What [`read_line`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Line {
    /// A line, now in the buffer, with its `\n` if it had one.
    Read,
    /// A line longer than the bound: its first bytes are in the buffer,
    /// the rest is still to be read (or skipped with [`skip_line`]).
    TooLong,
    /// The end of the input.
    End,
}

/// Reads the next line of `input` into `bytes` (emptied first), reading
/// no more than `most` bytes of it and its `\n`.
pub(crate) fn read_line(
    input: &mut impl BufRead,
    most: usize,
    bytes: &mut Vec<u8>,
) -> io::Result<Line> {
    bytes.clear();
    let read = input.take(most as u64 + 1).read_until(b'\n', bytes)?;
    Ok(if read == 0 {
        Line::End
    } else if bytes.len() > most && !bytes.ends_with(b"\n") {
        Line::TooLong
    } else {
        Line::Read
    })
}

/// Skips what is left of a line too long to read, up to its end.
pub(crate) fn skip_line(input: &mut impl BufRead) {
    loop {
        let Ok(buffer) = input.fill_buf() else {
            return;
        };
        if buffer.is_empty() {
            return;
        }
        match buffer.iter().position(|&byte| byte == b'\n') {
            Some(at) => return input.consume(at + 1),
            None => {
                let length = buffer.len();
                input.consume(length);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_past_the_bound_is_found_too_long_without_being_read_whole() {
        let text = format!("short\n{}\nlast", "x".repeat(100));
        let mut input = text.as_bytes();
        let mut bytes = Vec::new();
        assert_eq!(read_line(&mut input, 10, &mut bytes).unwrap(), Line::Read);
        assert_eq!(bytes, b"short\n");
        assert_eq!(
            read_line(&mut input, 10, &mut bytes).unwrap(),
            Line::TooLong
        );
        assert_eq!(bytes.len(), 11);
        skip_line(&mut input);
        assert_eq!(read_line(&mut input, 10, &mut bytes).unwrap(), Line::Read);
        assert_eq!(bytes, b"last");
        assert_eq!(read_line(&mut input, 10, &mut bytes).unwrap(), Line::End);
        // A line of exactly the bound, with its `\n`, is read.
        let mut input = &b"0123456789\n"[..];
        assert_eq!(read_line(&mut input, 10, &mut bytes).unwrap(), Line::Read);
    }

    #[test]
    fn an_endless_line_is_refused_after_the_bound() {
        let mut zeros = io::BufReader::new(io::repeat(0));
        let mut bytes = Vec::new();
        assert_eq!(
            read_line(&mut zeros, 4096, &mut bytes).unwrap(),
            Line::TooLong
        );
        assert_eq!(bytes.len(), 4097);
    }
}
