//! What the whole step asks a learner to write besides the algorithm.
//!
//! The body of a function of `whole.toml` holds the search's decisions
//! (the leaf, the window turned round, the cut, the best move) and the
//! lines that keep the books around them: counting a node, tracing an
//! event, clearing and setting the line (`pv`), making and unmaking the
//! move, stopping when the control says so, a check in debug builds. The
//! chapters teach the decisions; the bookkeeping the learner copies from
//! the guide under the doc comment. Here the body's lines are counted by
//! kind, so that each step's "The whole step" says how many of them are
//! bookkeeping: `generated/build-it/v09-bookkeeping.md`.
//!
//! The reading is by statement, not by parsing Rust: a statement runs on
//! while a bracket is open, or while the next line starts with `.`, `&&`
//! or `||`, or the line ends with `=`, `&&` or `||`. A statement is
//! bookkeeping by how it starts ([`kind`]); an `if` that asks whether to
//! stop is, with every line up to its closing brace. Any other `if`, its
//! braces and its `return` are the algorithm's, whatever they hold.

use anyhow::Result;

use crate::exercises::{Exercise, WholeBody};
use crate::files::Generated;

/// What a line of a body does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A decision of the algorithm, or what carries it.
    Algorithm,
    /// A counter the statistics print: `self.counts.nodes += 1`.
    Count,
    /// An event for the log: `self.tracer.node(...)`.
    Trace,
    /// The line the node expects: `pv.clear()`, `pv.set(...)`, the child's
    /// `Line`.
    Line,
    /// `position.make(mv)` and `position.unmake()`.
    Move,
    /// Stopping when the control says so: `if self.stopped { ... }`.
    Stop,
    /// A check in debug builds: `debug_assert_eq!(...)`.
    Check,
}

/// The bookkeeping kinds, in the order the table gives them, with their
/// column headings.
pub const COLUMNS: [(Kind, &str); 6] = [
    (Kind::Count, "counting"),
    (Kind::Trace, "tracing"),
    (Kind::Line, "the line (`pv`)"),
    (Kind::Move, "making, unmaking"),
    (Kind::Stop, "stopping"),
    (Kind::Check, "debug checks"),
];

/// The kind of a statement, from its first line, trimmed; `None` for an
/// `if` that asks whether to stop, which takes its whole block.
fn kind(first: &str) -> Option<Kind> {
    let starts = |prefixes: &[&str]| prefixes.iter().any(|prefix| first.starts_with(prefix));
    if starts(&["if self.control.poll(", "if self.stopped {"]) {
        return None;
    }
    Some(if starts(&["self.stopped ="]) {
        Kind::Stop
    } else if starts(&["self.counts."]) {
        Kind::Count
    } else if starts(&["self.tracer"]) {
        Kind::Trace
    } else if starts(&["pv.", "let mut line = Line::default();"]) {
        Kind::Line
    } else if starts(&["position.make(", "position.unmake()"]) {
        Kind::Move
    } else if starts(&["debug_assert"]) {
        Kind::Check
    } else {
        Kind::Algorithm
    })
}

/// The body's lines of code, trimmed: comments and blank lines left out.
fn code(lines: &[String]) -> Vec<&str> {
    lines
        .iter()
        .map(|line| line.trim())
        .filter(|line| !line.is_empty() && !line.starts_with("//"))
        .collect()
}

/// How many of `text`'s characters are in `open`, less those in `close`.
fn balance(text: &str, open: &[char], close: &[char]) -> i32 {
    text.chars()
        .map(|c| i32::from(open.contains(&c)) - i32::from(close.contains(&c)))
        .sum()
}

/// The body's statements, each its lines of code.
fn statements<'a>(code: &[&'a str]) -> Vec<Vec<&'a str>> {
    let mut statements: Vec<Vec<&str>> = Vec::new();
    let mut open = 0;
    for line in code {
        let before = statements.last().and_then(|statement| statement.last());
        let joined = before.is_some_and(|before| {
            open > 0
                || ["=", "&&", "||"].iter().any(|end| before.ends_with(end))
                || [".", "&&", "||"]
                    .iter()
                    .any(|start| line.starts_with(start))
        });
        match statements.last_mut() {
            Some(statement) if joined => statement.push(line),
            _ => statements.push(vec![line]),
        }
        open += balance(line, &['(', '['], &[')', ']']);
    }
    statements
}

/// The kind of each line of code of a body, in order.
pub fn kinds(lines: &[String]) -> Vec<Kind> {
    let mut kinds = Vec::new();
    // The braces still open of an `if` that asks whether to stop.
    let mut stopping = 0;
    for statement in statements(&code(lines)) {
        let braces: i32 = statement
            .iter()
            .map(|line| balance(line, &['{'], &['}']))
            .sum();
        let kind = if stopping > 0 {
            stopping += braces;
            Kind::Stop
        } else {
            kind(statement[0]).unwrap_or_else(|| {
                stopping = braces;
                Kind::Stop
            })
        };
        kinds.extend(statement.iter().map(|_| kind));
    }
    kinds
}

/// The table of `exercise`'s whole step: for each function, its lines of
/// code, how many are bookkeeping, and how many of each kind.
pub fn page(exercise: &Exercise, wholes: &[WholeBody]) -> Result<Generated> {
    let mut text = String::from("| Function | Lines of code | Bookkeeping |");
    for (_, heading) in COLUMNS {
        text += &format!(" {heading} |");
    }
    text += "\n|---|---:|---:|";
    text += &"---:|".repeat(COLUMNS.len());
    text += "\n";
    for whole in wholes {
        let kinds = kinds(&whole.lines);
        anyhow::ensure!(
            !kinds.is_empty(),
            "the body of {} in {} has no code",
            whole.function,
            exercise.step
        );
        let of = |wanted: Kind| kinds.iter().filter(|&&kind| kind == wanted).count();
        let bookkeeping = kinds.len() - of(Kind::Algorithm);
        text += &format!("| `{}` | {} | {bookkeeping} |", whole.function, kinds.len());
        for (kind, _) in COLUMNS {
            text += &format!(" {} |", of(kind));
        }
        text += "\n";
    }
    Ok(Generated::new(
        &format!("build-it/{}-bookkeeping.md", exercise.step),
        text,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(text: &str) -> Vec<String> {
        text.lines().map(str::to_string).collect()
    }

    #[test]
    fn each_line_of_a_body_is_read_by_its_statement() {
        let lines = body(
            "    self.counts.nodes += 1;
    pv.clear();
    self.tracer
        .node(ply, NodeKind::Main, position, None);
    // Stop when told to.
    if self.control.poll(self.counts.nodes) {
        self.stopped = true;
        return (0, None);
    }

    if depth == 0 {
        self.counts.leaves += 1;
        return (evaluate(position), None);
    }
    position.make(mv);
    let value = -self
        .negamax(position, depth - 1, ply + 1, &mut line)
        .0;
    position.unmake();
    if self.stopped {
        return (best_value, best_move);
    }
    self.tracer.step(Skipped {
        ply,
        mv,
    });
    debug_assert_eq!(
        a,
        b
    );",
        );
        use Kind::*;
        assert_eq!(
            kinds(&lines),
            [
                Count, Line, Trace, Trace, Stop, Stop, Stop, Stop, Algorithm, Count, Algorithm,
                Algorithm, Move, Algorithm, Algorithm, Algorithm, Move, Stop, Stop, Stop, Trace,
                Trace, Trace, Trace, Check, Check, Check, Check
            ]
        );
    }

    #[test]
    fn a_condition_over_lines_is_one_statement() {
        let lines = body(
            "let cut = hint.is_some()
    && ply != 0
    && !in_check;
let value =
    self.quiescence.stand_pat_on(position);
self.stopped = self.time_over();",
        );
        use Kind::*;
        assert_eq!(
            kinds(&lines),
            [Algorithm, Algorithm, Algorithm, Algorithm, Algorithm, Stop]
        );
    }
}
