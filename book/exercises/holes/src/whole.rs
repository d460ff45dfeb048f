//! The whole step as an exercise: the lesson files with the body of each
//! function `whole.toml` lists taken out, one `todo!()` in its place and
//! its contract added to its doc comment, every hole holding the step's
//! own lines. Pure functions of the texts, as [`crate::lesson`]'s.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::exercises::Exercise;
use crate::lesson::{filled_lesson, Fill, Hole, Result};
use crate::HoleSlip;

/// The whole steps' data of this checkout, compiled in.
pub const WHOLE: &str = include_str!("../../whole.toml");

/// The whole steps' data, from the repository root.
pub const WHOLE_FILE: &str = "book/exercises/whole.toml";

/// One function of a whole step, as `whole.toml` lists it.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct WholeEntry {
    /// The step's file, relative to its crate.
    pub file: String,
    /// The function whose body is taken out.
    pub function: String,
    /// What its `fn` line holds, when `fn <function>(` stands on more
    /// than one line of the file.
    pub signature: Option<String>,
    /// The chapter's section that teaches it.
    pub section: String,
    /// Its contract, the lines added to its doc comment: what it
    /// receives and returns, what its log shows and the section that
    /// teaches it, never the calls to make (those are `hints.toml`'s).
    pub guide: String,
    /// Slips of its body, with what the checks must say of each.
    #[serde(default)]
    pub slips: Vec<HoleSlip>,
}

/// Every step's functions, by step, read from `text` (a `whole.toml`).
pub fn parse_whole(text: &str) -> Result<BTreeMap<String, Vec<WholeEntry>>> {
    toml::from_str(text).map_err(|error| error.to_string())
}

/// What the bodies of a whole lesson hold.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Body {
    /// A `todo!()`, as `--whole` writes it.
    #[default]
    Todo,
    /// The step's own lines, as `--whole --fill` writes them.
    Step,
    /// The step's lines with its slip number N (from 1, over its
    /// functions in `whole.toml`'s order), as `--whole --slip N` writes
    /// them.
    Slip(usize),
}

/// The words that mark a lesson file as a whole step's, on its first line.
const MARK: &str = "--whole`: the whole step";

/// Whether the lesson file `text` is a whole step's.
pub fn is_whole(text: &str) -> bool {
    text.lines().next().is_some_and(|line| line.contains(MARK))
}

/// The two lines that open every whole lesson file.
fn heading(exercise: &Exercise, file: &str) -> String {
    format!(
        "// The lesson file of {}, made from {}/{file} by `cargo exercise {} {MARK}.\n\
         // Write each body that is a `todo!()`, as its doc comment says; `{}` checks it.\n",
        exercise.crate_name(),
        exercise.krate,
        exercise.step,
        exercise.command()
    )
}

/// The message of a whole function's `todo!()`: the function, where its
/// contract is, the section that teaches it, and the command that gives
/// a hint.
pub fn todo_message(exercise: &Exercise, entry: &WholeEntry) -> String {
    format!(
        "the whole step, {}: write its body to the contract in its doc comment; see \"{}\" in \
         book/chapters/{}; a hint, from book/exercises: cargo exercise {} --hint",
        entry.function, entry.section, exercise.chapter, exercise.step
    )
}

/// The `todo!(` that opens the body of `function` while it is still to
/// write, as `--whole` writes it.
pub fn todo_start(function: &str) -> String {
    format!("todo!(\"the whole step, {function}:")
}

/// The lines `lines[open + 1..close]` of the body of `entry`'s function
/// in `lines`, with the line of its `fn`: `(fn, open, close)`.
pub(crate) fn body_of(
    lines: &[String],
    entry: &WholeEntry,
    file: &str,
) -> Result<(usize, usize, usize)> {
    let function = &entry.function;
    let signature = entry
        .signature
        .clone()
        .unwrap_or_else(|| format!("fn {function}("));
    let found: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].contains(&signature) && !lines[i].trim_start().starts_with("//"))
        .collect();
    let [at] = found[..] else {
        return Err(format!(
            "{WHOLE_FILE}: `{signature}` stands {} times in {file}, not once",
            found.len()
        ));
    };
    let indent = &lines[at][..lines[at].len() - lines[at].trim_start().len()];
    let open = (at..lines.len())
        .find(|&i| {
            lines[i].ends_with('{') && (i == at || lines[i].starts_with(&format!("{indent})")))
        })
        .ok_or_else(|| format!("{file}: `{signature}` opens no body"))?;
    let close = (open + 1..lines.len())
        .find(|&i| lines[i] == format!("{indent}}}"))
        .ok_or_else(|| format!("{file}: the body of `{function}` has no end"))?;
    Ok((at, open, close))
}

/// The whole lesson made from the step's `file`, whose text is `text`
/// and whose holes are `holes`: every hole filled with the step's lines,
/// and the body of each function of `entries` (the step's, in
/// `whole.toml`'s order) in that file as `body` says, after its guide.
pub fn whole_lesson(
    exercise: &Exercise,
    holes: &[Hole],
    entries: &[WholeEntry],
    file: &str,
    text: &str,
    body: Body,
) -> Result<String> {
    let all = Fill {
        filled: holes.len(),
        slip: false,
    };
    let filled = filled_lesson(exercise, holes, file, text, all)?;
    let mut lines: Vec<String> = filled.lines().skip(2).map(str::to_string).collect();
    let mut slip = 0;
    for entry in entries {
        let first = slip + 1;
        slip += entry.slips.len();
        if entry.file != file {
            continue;
        }
        let (at, open, close) = body_of(&lines, entry, file)?;
        let indent = lines[at][..lines[at].len() - lines[at].trim_start().len()].to_string();
        let inner: Vec<String> = match body {
            Body::Todo => vec![format!(
                "{indent}    todo!({:?})",
                todo_message(exercise, entry)
            )],
            Body::Step => lines[open + 1..close].to_vec(),
            Body::Slip(n) if (first..=slip).contains(&n) => {
                let made = &entry.slips[n - first];
                let body: String = lines[open + 1..close]
                    .iter()
                    .map(|l| format!("{l}\n"))
                    .collect();
                if body.matches(made.from.as_str()).count() != 1 {
                    return Err(format!(
                        "{WHOLE_FILE}: slip {n} of {} needs `{}` once in the body of `{}`",
                        exercise.step, made.from, entry.function
                    ));
                }
                let slipped = body.replacen(&made.from, &made.to, 1);
                slipped.lines().map(str::to_string).collect()
            }
            Body::Slip(_) => lines[open + 1..close].to_vec(),
        };
        lines.splice(open + 1..close, inner);
        let guide = std::iter::once(format!("{indent}///"))
            .chain(std::iter::once(format!(
                "{indent}/// # The whole step: its contract"
            )))
            .chain(std::iter::once(format!("{indent}///")))
            .chain(
                entry
                    .guide
                    .trim_end()
                    .lines()
                    .map(|line| format!("{indent}/// {line}").trim_end().to_string()),
            );
        let guide: Vec<String> = guide.collect();
        lines.splice(at..at, guide);
    }
    let mut out = heading(exercise, file);
    for line in lines {
        out += &line;
        out.push('\n');
    }
    Ok(out)
}

/// The slips of `entries`, the step's, counted from 1 over its functions.
pub fn slips(entries: &[WholeEntry]) -> Vec<&HoleSlip> {
    entries.iter().flat_map(|entry| &entry.slips).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_checkouts_whole_steps_read() {
        let whole = parse_whole(WHOLE).unwrap();
        let steps: Vec<&str> = whole.keys().map(String::as_str).collect();
        assert_eq!(steps, ["v07", "v09", "v10", "v11"]);
        for step in ["v09", "v11"] {
            assert_eq!(whole[step][0].function, "alpha_beta");
            assert!(slips(&whole[step]).len() >= 3, "{step}");
        }
    }

    /// What the checks must say of a slip, whole or in a hole, is the
    /// log's words or the chapter's, never the answer's code: neither the
    /// slip's `from` nor its `to`, nor a call on `self`.
    #[test]
    fn no_slip_is_told_in_the_answers_code() {
        let whole = parse_whole(WHOLE).unwrap();
        let holes = crate::parse(crate::HOLES).unwrap();
        let whole_slips = whole.values().flatten().flat_map(|entry| &entry.slips);
        let hole_slips = holes
            .values()
            .flatten()
            .filter_map(|hole| hole.slip.as_ref());
        let mut told = 0;
        for slip in whole_slips.chain(hole_slips) {
            let Some(names) = &slip.names else { continue };
            told += 1;
            for code in [slip.from.trim(), slip.to.trim()] {
                assert!(code.is_empty() || !names.contains(code), "{names}: {code}");
            }
            assert!(!names.contains("self."), "{names}");
        }
        assert!(told > 10, "{told}");
    }

    #[test]
    fn a_lesson_file_is_told_whole_by_its_first_line() {
        let v09 = crate::find("v09").unwrap();
        assert!(is_whole(&heading(v09, "src/search.rs")));
        assert!(!is_whole(
            "// The lesson file of exercise-v09, made from ..."
        ));
    }
}
