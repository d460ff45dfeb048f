//! Standard output for the `book` program: lines that end the program
//! quietly when their reader goes away.
//!
//! `println!` panics when the reader at the other end of a pipe has gone,
//! as `head` does once it has its lines. [`say!`](crate::say) prints the
//! same way but ends the program quietly then.

use std::io::{self, Write};

/// Prints a line on standard output, as `println!` does; a reader that
/// went away (`cargo run -p book -- generate | head -3`) ends the
/// program with success rather than a panic.
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::output::print(&format!("{}\n", format_args!($($arg)*)))
    };
}

/// Writes `text` on standard output, ending the program when it cannot:
/// quietly if the reader went away, with a message otherwise.
pub fn print(text: &str) {
    let mut out = io::stdout().lock();
    if let Err(error) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        if error.kind() == io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write to standard output: {error}");
        std::process::exit(1);
    }
}
