//! Echoing what a user typed in a message, cut to a length a line can hold.
//!
//! A message that repeats the input it refuses (`bad fen '...'`, `unknown
//! command: ...`) helps only while it fits on a line: a GUI gone wrong, or
//! a paste of the wrong file, may send a word of a hundred thousand
//! characters, and the answer must not be as long. Every echo of the
//! front goes through [`shortened`].

/// The most of an unknown command echoed back, in characters: enough to
/// recognise it.
pub(crate) const ECHOED: usize = 40;

/// The most of a FEN echoed back, in characters: any real position's FEN
/// fits whole (71 characters of placement at the most, and about 20 for
/// the other fields).
pub(crate) const ECHOED_FEN: usize = 100;

/// The most of one word of a command-line error echoed back, in
/// characters: no word of clap's own messages is as long.
pub(crate) const ECHOED_WORD: usize = 100;

/// The most of a reason echoed back, in characters: the reasons a FEN or a
/// move is refused run to about 130, and quote a field of the input.
pub(crate) const ECHOED_REASON: usize = 200;

/// `text` cut to its first `most` characters, with `...` when cut.
pub(crate) fn shortened(text: &str, most: usize) -> String {
    match text.char_indices().nth(most) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_echo_is_cut_and_says_so() {
        assert_eq!(shortened("hello", ECHOED), "hello");
        let long = "x".repeat(1_000_000);
        assert_eq!(
            shortened(&long, ECHOED),
            format!("{}...", "x".repeat(ECHOED))
        );
        // Cut between characters, never inside one.
        assert_eq!(shortened("ééé", 2), "éé...");
        assert_eq!(shortened("ééé", 3), "ééé");
    }
}
