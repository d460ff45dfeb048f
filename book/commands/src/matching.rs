//! What a command printed against what its page shows, with trycmd's two
//! wildcards: `[..]` in a line stands for any text, and a line `...` for
//! any number of lines.

/// Whether `actual` is what `expected` shows, line by line, trailing
/// spaces aside.
pub fn matches(expected: &str, actual: &str) -> bool {
    let expected: Vec<&str> = expected.lines().map(str::trim_end).collect();
    let actual: Vec<&str> = actual.lines().map(str::trim_end).collect();
    lines_match(&expected, &actual)
}

fn lines_match(expected: &[&str], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((&"...", rest)) => (0..=actual.len()).any(|skip| lines_match(rest, &actual[skip..])),
        Some((line, rest)) => {
            !actual.is_empty() && line_matches(line, actual[0]) && lines_match(rest, &actual[1..])
        }
    }
}

/// Whether one `actual` line is the `expected` one, `[..]` standing for
/// any text.
pub fn line_matches(expected: &str, actual: &str) -> bool {
    let mut parts = expected.split("[..]");
    let first = parts.next().unwrap_or_default();
    let Some(mut rest) = actual.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    let Some((last, middle)) = parts.split_last() else {
        return rest.is_empty();
    };
    for part in middle {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.ends_with(last)
}

/// A unified diff of `expected` against `actual`, for a failed check.
pub fn diff(expected: &str, actual: &str) -> String {
    similar::TextDiff::from_lines(expected, actual)
        .unified_diff()
        .header("the page shows", "the command printed")
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_wildcard_stands_for_any_text_and_nothing_else_varies() {
        assert!(line_matches(
            "perft 5: 4865609 leaves in [..] s",
            "perft 5: 4865609 leaves in 0.12 s"
        ));
        assert!(line_matches("[..]ok", "all ok"));
        assert!(line_matches("a[..]b[..]c", "a1b2c"));
        assert!(!line_matches(
            "perft 5: 4865609 leaves",
            "perft 5: 4865610 leaves"
        ));
        assert!(!line_matches("a[..]b", "a1c"));
        assert!(!line_matches("ab", "abc"));
    }

    #[test]
    fn three_dots_stand_for_any_lines_and_every_other_line_must_be_there() {
        assert!(matches("first\n...\nlast\n", "first\na\nb\nlast\n"));
        assert!(matches("first\n...\nlast\n", "first\nlast\n"));
        assert!(!matches("first\nlast\n", "first\na\nlast\n"));
        assert!(!matches("first\n...\nlast\n", "first\na\n"));
        assert!(matches("x  \n", "x\n"));
    }

    #[test]
    fn the_diff_names_both_sides() {
        let diff = diff("a\nb\n", "a\nc\n");
        assert!(diff.contains("-b") && diff.contains("+c"), "{diff}");
    }
}
