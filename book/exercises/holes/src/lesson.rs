//! The lesson made from a step's file: its hole markers found and
//! matched with the entries of `holes.toml`, each hole replaced by its
//! `todo!()` (or, for the checks' own proof, filled with the step's lines,
//! the last one with its slip), and the file with the chapter's slip.
//!
//! Pure functions of the texts: [`crate::files`] reads and writes them.

use crate::exercises::{Exercise, HOLES_FILE};
use crate::{HoleEntry, HoleSlip};

/// What goes wrong: a message that names the file and the line.
pub type Result<T> = std::result::Result<T, String>;

/// Returns `Err` with the message unless the condition holds.
macro_rules! ensure {
    ($condition:expr, $($message:tt)+) => {
        if !$condition {
            return Err(format!($($message)+));
        }
    };
}

/// The opening marker of a hole, after the comment's `//`.
const OPEN: &str = "ANCHOR: hole_";

/// The closing marker of a hole, before its name.
const CLOSE: &str = "ANCHOR_END: hole_";

/// One hole of a lesson file: its entry and where its marker is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hole {
    /// Its number, from 1, in the exercise's order.
    pub number: usize,
    /// Its name, after `hole_` in the marker.
    pub name: String,
    /// The step's file, relative to the step's crate.
    pub file: String,
    /// The line of the opening marker, from 1.
    pub line: usize,
    /// The binding the hole gives a value to (`value: i32`), if any.
    pub binding: Option<String>,
    /// What to write.
    pub asks: String,
    /// The chapter's section that teaches it.
    pub section: String,
    /// The lines the marker takes out.
    pub lines: usize,
    /// Those lines, as the step's file has them: the answer.
    pub answer: Vec<String>,
    /// A slip of this hole's lines, with which its checks must name it.
    pub slip: Option<HoleSlip>,
}

impl Hole {
    /// What to write and where the chapter says it:
    /// `search the child ...; see "From NegaMax to alpha-beta"`.
    pub fn hint(&self) -> String {
        format!("{}; see \"{}\"", self.asks, self.section)
    }
}

/// A hole's marker in a file: its name, the line of its opening marker
/// (from 1) and how many lines it encloses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Marker {
    /// The name after `hole_`.
    pub name: String,
    /// The opening marker's line, from 1.
    pub line: usize,
    /// The lines between the two markers.
    pub lines: usize,
}

/// The name an opening marker line holds, if it is one. A marker carries
/// nothing after its name: the words are `holes.toml`'s.
fn opening(line: &str, file: &str, number: usize) -> Result<Option<String>> {
    let Some(rest) = line
        .trim()
        .strip_prefix("// ")
        .and_then(|rest| rest.strip_prefix(OPEN))
    else {
        return Ok(None);
    };
    ensure!(
        !rest.is_empty() && rest.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'),
        "{file}:{number}: a hole's marker is `// {OPEN}<name>` alone on its line, \
         its words in {HOLES_FILE}: {}",
        line.trim()
    );
    Ok(Some(rest.to_string()))
}

/// The indentation of `line`: its leading spaces and tabs.
fn indentation(line: &str) -> &str {
    &line[..line.len() - line.trim_start().len()]
}

/// Refuses a hole's marker that follows code on its line, a trailing
/// comment: mdBook would not see it, nor would the lesson's generator.
fn alone(line: &str, file: &str, number: usize) -> Result<()> {
    let marker = [OPEN, CLOSE]
        .iter()
        .any(|marker| line.contains(&format!("// {marker}")));
    ensure!(
        !marker || line.trim_start().starts_with("// "),
        "{file}:{number}: a hole's marker stands alone on its line, not after code: {}",
        line.trim()
    );
    Ok(())
}

/// The hole markers of `text`, the step's `file`, in the file's order.
///
/// Each marker stands alone on its line, and a hole's closing marker at
/// the indentation of its opening one: rustfmt moves a comment line that
/// follows a trailing comment into that comment's column, which is then
/// refused here rather than left in the lesson.
pub fn markers(file: &str, text: &str) -> Result<Vec<Marker>> {
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        alone(line, file, i + 1)?;
    }
    let mut markers = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if line
            .trim()
            .strip_prefix("// ")
            .is_some_and(|rest| rest.starts_with(CLOSE))
        {
            let name = &line.trim()["// ".len() + CLOSE.len()..];
            ensure!(
                markers.iter().any(|marker: &Marker| marker.name == name),
                "{file}:{}: `{}` closes no hole opened before it, or carries words after its name",
                i + 1,
                line.trim()
            );
            continue;
        }
        let Some(name) = opening(line, file, i + 1)? else {
            continue;
        };
        let close = format!("// {CLOSE}{name}");
        let end = lines[i + 1..]
            .iter()
            .position(|line| line.trim() == close)
            .ok_or_else(|| format!("{file}: hole `{name}` has no `{close}` line"))?;
        let closing = lines[i + 1 + end];
        ensure!(
            indentation(closing) == indentation(line),
            "{file}:{}: `{close}` stands at column {}, its opening marker at column {}: \
             a marker is a line of its own at the code's indentation, not a trailing \
             comment's continuation",
            i + end + 2,
            indentation(closing).len() + 1,
            indentation(line).len() + 1
        );
        markers.push(Marker {
            name,
            line: i + 1,
            lines: end,
        });
    }
    Ok(markers)
}

/// The holes of `exercise` from its `entries` and its files' `texts`.
pub fn match_holes(
    exercise: &Exercise,
    entries: &[HoleEntry],
    texts: &[(&str, String)],
) -> Result<Vec<Hole>> {
    let mut found = Vec::new();
    for (file, text) in texts {
        let lines: Vec<&str> = text.lines().collect();
        for marker in markers(file, text)? {
            let answer = lines[marker.line..marker.line + marker.lines]
                .iter()
                .filter(|line| !line.contains("ANCHOR"))
                .map(|line| line.to_string())
                .collect::<Vec<_>>();
            found.push((file.to_string(), marker, answer));
        }
    }
    for (file, marker, _) in &found {
        ensure!(
            entries
                .iter()
                .any(|entry| entry.name == marker.name && entry.file == *file),
            "{}/{file}:{}: the marker `hole_{}` has no entry for {} in {HOLES_FILE}",
            exercise.krate,
            marker.line,
            marker.name,
            exercise.step
        );
    }
    let mut holes = Vec::new();
    for entry in entries {
        let Some((_, marker, answer)) = found
            .iter()
            .find(|(file, marker, _)| marker.name == entry.name && *file == entry.file)
        else {
            return Err(format!(
                "{HOLES_FILE}: hole `{}` of {} has no marker `// {OPEN}{}` in {}/{}",
                entry.name, exercise.step, entry.name, exercise.krate, entry.file
            ));
        };
        holes.push(Hole {
            number: entry.number,
            name: entry.name.clone(),
            file: entry.file.clone(),
            line: marker.line,
            binding: entry.binding.clone(),
            asks: entry.asks.clone(),
            section: entry.section.clone(),
            lines: marker.lines,
            answer: answer.clone(),
            slip: entry.slip.clone(),
        });
    }
    Ok(holes)
}

/// The message of a hole's `todo!()`: which hole, and what to write.
pub fn todo_message(exercise: &Exercise, hole: &Hole, of: usize) -> String {
    format!(
        "hole {} of {of}, {}: {} in book/chapters/{}",
        hole.number,
        hole.name,
        hole.hint(),
        exercise.chapter
    )
}

/// How far a learner got: holes 1 to `filled` hold the step's own
/// lines; with `slip`, the last of them, hole `filled`, holds them with
/// its slip from `holes.toml`, as a learner who wrote it wrong has it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fill {
    /// The holes filled, 1 to this.
    pub filled: usize,
    /// Whether the last filled hole holds its slip.
    pub slip: bool,
}

/// The lesson file made from the step's `file`, whose text is `text`:
/// each of `holes` marked in it replaced by its `todo!()`.
pub fn lesson(exercise: &Exercise, holes: &[Hole], file: &str, text: &str) -> Result<String> {
    filled_lesson(exercise, holes, file, text, Fill::default())
}

/// The lesson file as a learner has it who got as far as `fill`: the
/// holes filled keep the step's lines, without markers (the last with its
/// slip when `fill` says so), the others are `todo!()`s.
pub fn filled_lesson(
    exercise: &Exercise,
    holes: &[Hole],
    file: &str,
    text: &str,
    fill: Fill,
) -> Result<String> {
    refilled_lesson(exercise, holes, file, text, fill, &[])
}

/// [`filled_lesson`], where each hole after `fill.filled` that `kept`
/// holds (by number) keeps those lines instead of its `todo!()`: the
/// lines of the holes `--fill` does not reach, as the learner has them.
pub fn refilled_lesson(
    exercise: &Exercise,
    holes: &[Hole],
    file: &str,
    text: &str,
    fill: Fill,
    kept: &[(usize, Vec<String>)],
) -> Result<String> {
    let mut out = String::new();
    for piece in pieces(exercise, holes, file, text) {
        let lines = match piece {
            Piece::Line(line) => vec![line],
            Piece::Hole(hole) if hole.hole.number <= fill.filled => {
                if fill.slip && hole.hole.number == fill.filled {
                    hole.slipped(exercise)?
                } else {
                    hole.step
                }
            }
            Piece::Hole(hole) => kept
                .iter()
                .find(|(number, _)| *number == hole.hole.number)
                .map_or_else(|| vec![hole.todo.clone()], |(_, lines)| lines.clone()),
        };
        for line in lines {
            out += &line;
            out.push('\n');
        }
    }
    Ok(out)
}

/// What a hole of a lesson file holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Held {
    /// Its `todo!()`, as `--reset` writes it.
    Empty,
    /// The step's own lines, as `--fill` writes them.
    Step,
    /// The step's lines with the hole's slip, as `--fill N --slip` writes
    /// them.
    Slip,
    /// Lines of the learner's own: anything else.
    Own,
}

/// One hole as a lesson file holds it: its number, its lines and what
/// they are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The hole's number.
    pub number: usize,
    /// The lines in its place.
    pub lines: Vec<String>,
    /// What they are.
    pub held: Held,
}

/// The holes of the lesson file `lesson`, made from the step's `file`
/// (whose text is `text`), in the file's order: what each holds. `None`
/// when its lines outside the holes are not the lesson's (the learner
/// changed them too), so that no hole can be told apart.
///
/// A hole's lines are found between the lesson's lines before and after
/// it: its `todo!()`, the step's lines or the slip when they stand there,
/// else the fewest lines after which the rest of the file reads as the
/// lesson.
pub fn read_lesson(
    exercise: &Exercise,
    holes: &[Hole],
    file: &str,
    text: &str,
    lesson: &str,
) -> Option<Vec<Found>> {
    let pieces = pieces(exercise, holes, file, text);
    let lines: Vec<&str> = lesson.lines().collect();
    let mut found = align(exercise, &pieces, &lines)?;
    found.reverse();
    Some(found)
}

/// The holes of `lines` read against `pieces`, from the last: see
/// [`read_lesson`].
fn align(exercise: &Exercise, pieces: &[Piece], lines: &[&str]) -> Option<Vec<Found>> {
    let Some((piece, rest)) = pieces.split_first() else {
        return lines.is_empty().then(Vec::new);
    };
    let hole = match piece {
        Piece::Line(line) => {
            return (lines.first() == Some(&line.as_str()))
                .then(|| align(exercise, rest, &lines[1..]))
                .flatten()
        }
        Piece::Hole(hole) => hole,
    };
    let starts = |at: usize, known: &Vec<String>| {
        lines.len() >= at + known.len() && known.iter().zip(&lines[at..]).all(|(a, b)| a == b)
    };
    // Its own known lines first; then, before a hole, the ends after
    // which that hole's known lines stand; then any end.
    let known = hole.known(exercise);
    let own = known.iter().filter(|known| starts(0, known)).map(Vec::len);
    let next: Vec<usize> = match rest.first() {
        Some(Piece::Hole(next)) => {
            let known = next.known(exercise);
            (0..=lines.len())
                .filter(|&at| known.iter().any(|known| starts(at, known)))
                .collect()
        }
        _ => Vec::new(),
    };
    let ends = own.chain(next).chain(0..=lines.len());
    for end in ends {
        // After a hole comes a line of the lesson, or the file's end, or
        // another hole: only those ends can read.
        if let Some(Piece::Line(next)) = rest.first() {
            if lines.get(end) != Some(&next.as_str()) {
                continue;
            }
        }
        if let Some(mut found) = align(exercise, rest, &lines[end..]) {
            let held: Vec<String> = lines[..end].iter().map(|line| line.to_string()).collect();
            found.push(Found {
                number: hole.hole.number,
                held: hole.held(exercise, &held),
                lines: held,
            });
            return Some(found);
        }
    }
    None
}

/// A line of a lesson file as the markers make it: a line of the step's
/// file (or of the lesson's heading), or a hole.
enum Piece<'a> {
    Line(String),
    Hole(HoleLines<'a>),
}

/// A hole's lines, each way this crate writes them: its `todo!()`, the
/// step's own lines, and the step's with the hole's slip.
struct HoleLines<'a> {
    hole: &'a Hole,
    todo: String,
    step: Vec<String>,
}

impl HoleLines<'_> {
    /// The lines this crate writes in the hole: its `todo!()`, the
    /// step's, and the slip's when it has one.
    fn known(&self, exercise: &Exercise) -> Vec<Vec<String>> {
        let mut known = vec![vec![self.todo.clone()], self.step.clone()];
        known.extend(self.hole.slip.as_ref().and(self.slipped(exercise).ok()));
        known
    }

    /// The step's lines with the hole's slip made in them.
    fn slipped(&self, exercise: &Exercise) -> Result<Vec<String>> {
        let answer: String = self.step.iter().map(|line| format!("{line}\n")).collect();
        let slipped = slipped_hole(exercise, self.hole, &answer)?;
        Ok(slipped.lines().map(str::to_string).collect())
    }

    /// What `lines`, found in this hole's place, are.
    fn held(&self, exercise: &Exercise, lines: &[String]) -> Held {
        if lines.len() == 1 && lines[0] == self.todo {
            Held::Empty
        } else if lines == self.step.as_slice() {
            Held::Step
        } else if self.hole.slip.is_some() && self.slipped(exercise).ok().as_deref() == Some(lines)
        {
            Held::Slip
        } else {
            Held::Own
        }
    }
}

/// The pieces of the lesson file made from the step's `file`, `text`:
/// the lesson's two lines of heading, then the step's lines with each of
/// `holes` marked in them as one piece.
fn pieces<'a>(exercise: &Exercise, holes: &'a [Hole], file: &str, text: &str) -> Vec<Piece<'a>> {
    let lines: Vec<&str> = text.lines().collect();
    let mut pieces: Vec<Piece> = heading(exercise, file)
        .lines()
        .map(|line| Piece::Line(line.to_string()))
        .collect();
    let mut i = 0;
    while i < lines.len() {
        match holes
            .iter()
            .find(|hole| hole.file == file && hole.line == i + 1)
        {
            Some(hole) => {
                let todo = todo_line(exercise, hole, holes.len(), &lines[..=i]);
                pieces.push(Piece::Hole(HoleLines {
                    hole,
                    todo: todo.trim_end().to_string(),
                    step: lines[i + 1..=i + hole.lines]
                        .iter()
                        .map(|line| line.to_string())
                        .collect(),
                }));
                i += hole.lines + 2;
            }
            None => {
                pieces.push(Piece::Line(lines[i].to_string()));
                i += 1;
            }
        }
    }
    pieces
}

/// The two lines that open every lesson file.
fn heading(exercise: &Exercise, file: &str) -> String {
    format!(
        "// The lesson file of {}, made from {}/{file} by `cargo exercise {} --reset`.\n\
         // Fill each `todo!()`, in the order of their numbers; `{}` checks them.\n",
        exercise.crate_name(),
        exercise.krate,
        exercise.step,
        exercise.command()
    )
}

/// The lines of `hole`, `answer`, with the hole's slip made in them.
fn slipped_hole(exercise: &Exercise, hole: &Hole, answer: &str) -> Result<String> {
    let slip = hole.slip.as_ref().ok_or_else(|| {
        format!(
            "{HOLES_FILE}: hole {} `{}` of {} has no slip",
            hole.number, hole.name, exercise.step
        )
    })?;
    ensure!(
        answer.matches(slip.from.as_str()).count() == 1,
        "{HOLES_FILE}: the slip of hole `{}` of {} needs `{}` exactly once in the hole's lines",
        hole.name,
        exercise.step,
        slip.from
    );
    Ok(answer.replacen(&slip.from, &slip.to, 1))
}

/// The line that stands for `hole`, whose opening marker is the last of
/// `before`: its `todo!()`, after the binding when it has one.
fn todo_line(exercise: &Exercise, hole: &Hole, of: usize, before: &[&str]) -> String {
    let line = before[before.len() - 1];
    let indent = &line[..line.len() - line.trim_start().len()];
    let bind = hole
        .binding
        .as_ref()
        .map(|binding| format!("let {binding} = "))
        .unwrap_or_default();
    // `todo!()` formats, which a `const fn` may not: there the hole panics
    // with the words `todo!()` would print.
    let in_const_fn = before
        .iter()
        .rev()
        .find(|line| line.contains("fn "))
        .is_some_and(|line| line.contains("const fn "));
    let message = todo_message(exercise, hole, of);
    let call = if in_const_fn {
        format!("panic!({:?})", format!("not yet implemented: {message}"))
    } else {
        format!("todo!({message:?})")
    };
    format!("{indent}{bind}{call};\n")
}

/// The step's `text` with the exercise's slip made in it.
pub fn slipped(exercise: &Exercise, text: &str) -> Result<String> {
    let slip = exercise.slip;
    ensure!(
        text.matches(slip.from).count() == 1,
        "the slip of {} needs `{}` exactly once in {}",
        exercise.step,
        slip.from,
        slip.file
    );
    Ok(format!(
        "// {}/{} with one slip, `{}` for `{}`: the book shows the checks catch it.\n{}",
        exercise.krate,
        slip.file,
        slip.to,
        slip.from,
        text.replacen(slip.from, slip.to, 1)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exercises::Slip;

    const EXERCISE: Exercise = Exercise {
        step: "vt",
        krate: "lamosca-vt",
        chapter: "vt.md",
        files: &["src/search.rs"],
        slip: Slip {
            file: "src/search.rs",
            from: "a + b",
            to: "a - b",
        },
    };

    const HOLES: &str = r#"
[[vt]]
number = 1
name = "sum"
file = "src/search.rs"
binding = "total: i32"
asks = "add them"
section = "The sum"
slip = { from = "a + b", to = "a - b" }

[[vt]]
number = 2
name = "check"
file = "src/search.rs"
asks = "say no"
section = "Checks"
"#;

    const STEP: &str = "fn f(a: i32, b: i32) -> i32 {
    // ANCHOR: hole_check
    if a < 0 {
        return 0;
    }
    // ANCHOR_END: hole_check
    // ANCHOR: hole_sum
    let total = a + b;
    // ANCHOR_END: hole_sum
    total
}
";

    fn vt_holes(step: &str) -> Result<Vec<Hole>> {
        let entries = crate::parse(HOLES)?;
        match_holes(
            &EXERCISE,
            &entries["vt"],
            &[("src/search.rs", step.to_string())],
        )
    }

    #[test]
    fn a_hole_becomes_one_todo_with_its_number_from_the_data() {
        let holes = vt_holes(STEP).unwrap();
        let text = lesson(&EXERCISE, &holes, "src/search.rs", STEP).unwrap();
        let body: Vec<&str> = text.lines().skip(2).collect();
        assert_eq!(
            body,
            [
                "fn f(a: i32, b: i32) -> i32 {",
                "    todo!(\"hole 2 of 2, check: say no; see \\\"Checks\\\" in book/chapters/vt.md\");",
                "    let total: i32 = todo!(\"hole 1 of 2, sum: add them; see \\\"The sum\\\" in book/chapters/vt.md\");",
                "    total",
                "}",
            ]
        );
        assert_eq!(holes[0].answer, ["    let total = a + b;"]);
    }

    #[test]
    fn a_filled_hole_keeps_the_steps_lines() {
        let holes = vt_holes(STEP).unwrap();
        let text = filled_lesson(
            &EXERCISE,
            &holes,
            "src/search.rs",
            STEP,
            Fill {
                filled: 1,
                slip: false,
            },
        )
        .unwrap();
        assert!(text.contains("\n    let total = a + b;\n"), "{text}");
        assert!(text.contains("todo!(\"hole 2 of 2, check:"), "{text}");
        assert!(!text.contains("ANCHOR"), "{text}");
    }

    #[test]
    fn a_hole_in_a_const_fn_panics_as_todo_would() {
        let step = STEP.replace("fn f(", "const fn f(");
        let holes = vt_holes(&step).unwrap();
        let text = lesson(&EXERCISE, &holes, "src/search.rs", &step).unwrap();
        assert!(text.contains("    panic!(\"not yet implemented: hole 2 of 2, check: "));
        assert!(!text.contains("todo!(\""));
    }

    #[test]
    fn a_marker_without_its_end_is_refused() {
        let broken = STEP.replace("    // ANCHOR_END: hole_sum\n", "");
        let error = vt_holes(&broken).unwrap_err();
        assert!(error.contains("hole `sum` has no"), "{error}");
    }

    #[test]
    fn a_marker_that_carries_words_is_refused() {
        let broken = STEP.replace("// ANCHOR: hole_sum", "// ANCHOR: hole_sum — add them");
        let error = vt_holes(&broken).unwrap_err();
        assert!(error.contains("alone on its line"), "{error}");
        let broken = STEP.replace("// ANCHOR_END: hole_sum", "// ANCHOR_END: hole_sum done");
        assert!(vt_holes(&broken).is_err());
    }

    #[test]
    fn a_marker_that_is_a_trailing_comment_is_refused() {
        let trailing = STEP.replace(
            "    let total = a + b;\n    // ANCHOR_END: hole_sum\n",
            "    let total = a + b; // ANCHOR_END: hole_sum\n",
        );
        let error = vt_holes(&trailing).unwrap_err();
        assert!(error.contains("not after code"), "{error}");
        // As rustfmt leaves a marker that follows a trailing comment: in
        // that comment's column.
        let pushed = STEP.replace(
            "    let total = a + b;\n    // ANCHOR_END: hole_sum\n",
            "    let total = a + b; // the sum\n                       // ANCHOR_END: hole_sum\n",
        );
        let error = vt_holes(&pushed).unwrap_err();
        assert!(error.contains("stands at column 24"), "{error}");
        assert!(vt_holes(STEP).is_ok());
    }

    #[test]
    fn a_marker_without_an_entry_is_refused() {
        let extra = STEP.replace(
            "    total\n",
            "    // ANCHOR: hole_more\n    total\n    // ANCHOR_END: hole_more\n",
        );
        let error = vt_holes(&extra).unwrap_err();
        assert!(error.contains("has no entry"), "{error}");
    }

    #[test]
    fn an_entry_without_a_marker_is_refused() {
        let missing = STEP
            .replace("    // ANCHOR: hole_sum\n", "")
            .replace("    // ANCHOR_END: hole_sum\n", "");
        let error = vt_holes(&missing).unwrap_err();
        assert!(error.contains("has no marker"), "{error}");
    }

    #[test]
    fn the_slip_changes_its_text_once() {
        let text = slipped(&EXERCISE, STEP).unwrap();
        assert!(text.contains("let total = a - b;"));
        assert!(slipped(&EXERCISE, &format!("{STEP}// a + b\n")).is_err());
    }

    /// What `read_lesson` finds in each hole of `lesson`, in the file's
    /// order: `(number, held)`.
    fn read(lesson: &str) -> Option<Vec<(usize, Held)>> {
        let holes = vt_holes(STEP).unwrap();
        let found = read_lesson(&EXERCISE, &holes, "src/search.rs", STEP, lesson)?;
        Some(found.into_iter().map(|f| (f.number, f.held)).collect())
    }

    #[test]
    fn each_hole_of_a_lesson_file_is_read_as_empty_the_steps_the_slip_or_the_learners() {
        let holes = vt_holes(STEP).unwrap();
        let fill = |filled, slip| {
            filled_lesson(
                &EXERCISE,
                &holes,
                "src/search.rs",
                STEP,
                Fill { filled, slip },
            )
            .unwrap()
        };
        let empty = fill(0, false);
        assert_eq!(read(&empty), Some(vec![(2, Held::Empty), (1, Held::Empty)]));
        assert_eq!(
            read(&fill(1, true)),
            Some(vec![(2, Held::Empty), (1, Held::Slip)])
        );
        assert_eq!(
            read(&fill(2, false)),
            Some(vec![(2, Held::Step), (1, Held::Step)])
        );
        // The two holes stand next to each other: the learner's lines in
        // hole 2 end where hole 1's todo!() begins.
        let todo = empty.lines().nth(3).unwrap();
        assert!(todo.contains("hole 2 of 2, check"), "{empty}");
        let mine = empty.replacen(todo, "    if a < 0 {\n        return -1;\n    }", 1);
        let holes_read = read_lesson(&EXERCISE, &holes, "src/search.rs", STEP, &mine).unwrap();
        assert_eq!(holes_read[0].held, Held::Own);
        assert_eq!(holes_read[0].lines.len(), 3);
        assert_eq!(holes_read[1].held, Held::Empty);
        // A line the learner added outside the holes: no hole can be told.
        assert_eq!(read(&format!("{empty}fn mine() {{}}\n")), None);
        assert_eq!(
            read(&empty.replacen("    total\n", "    total + 1\n", 1)),
            None
        );
    }

    #[test]
    fn a_slipped_fill_writes_the_last_hole_with_its_slip() {
        let holes = vt_holes(STEP).unwrap();
        let fill = Fill {
            filled: 1,
            slip: true,
        };
        let text = filled_lesson(&EXERCISE, &holes, "src/search.rs", STEP, fill).unwrap();
        assert!(text.contains("\n    let total = a - b;\n"), "{text}");
        assert!(text.contains("todo!(\"hole 2 of 2, check:"), "{text}");
        let fill = Fill {
            filled: 2,
            slip: true,
        };
        let error = filled_lesson(&EXERCISE, &holes, "src/search.rs", STEP, fill).unwrap_err();
        assert!(
            error.contains("hole 2 `check` of vt has no slip"),
            "{error}"
        );
    }
}
