//! A page's command blocks, read from its Markdown.

/// How a command is run, from its trailing comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// As printed.
    AsPrinted,
    /// Without a terminal, which it must refuse with exit code 2.
    NoTerminal,
    /// With `--help` in its place: it cannot run unattended, for the
    /// reason given.
    HelpOnly(String),
}

/// One command a page prints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// Its line in the page, from 1.
    pub line: usize,
    /// The command as printed, its continuation lines joined, without its
    /// trailing comment.
    pub text: String,
    /// How it is run.
    pub mode: Mode,
    /// The exit code the page expects: 0 unless the comment says otherwise.
    pub status: i32,
    /// The outside program it needs, if any.
    pub needs: Option<String>,
    /// The output the page shows for it (a console block), if any.
    pub output: Option<String>,
}

/// One block of commands: its opening line in the page, and its commands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// The line of its opening fence, from 1.
    pub line: usize,
    /// Its commands, in order.
    pub commands: Vec<Command>,
}

/// The kind of a fenced block, from its info string.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Shell,
    Console,
    /// ```` ```text ```` or no info string: output, or a command printed
    /// where the test would not see it.
    Text,
    Other,
}

/// The programs a page's commands start with: a plain block whose first
/// line starts with one of them holds a command, not output.
const PROGRAMS: [&str; 10] = [
    "cargo ",
    "python3 ",
    "mdbook ",
    "cd ",
    "git ",
    "rustup ",
    "node ",
    "bash ",
    "valgrind ",
    "hyperfine ",
];

fn kind(info: &str) -> Kind {
    match info.split([',', ' ']).next().unwrap_or_default() {
        "sh" | "bash" | "shell" => Kind::Shell,
        "console" => Kind::Console,
        "text" | "" => Kind::Text,
        _ => Kind::Other,
    }
}

/// A fenced block: its kind, the line of its opening fence and its lines,
/// each with its number in the page.
type Fenced<'a> = (Kind, usize, Vec<(usize, &'a str)>);

/// Every fenced block of a page's `text`.
fn fenced(text: &str) -> Vec<Fenced<'_>> {
    let lines: Vec<&str> = text.lines().collect();
    let mut fenced = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let Some(info) = lines[i].trim_start().strip_prefix("```") else {
            i += 1;
            continue;
        };
        let end = lines[i + 1..]
            .iter()
            .position(|line| line.trim_start().starts_with("```"))
            .map_or(lines.len(), |at| i + 1 + at);
        let body = (i + 1..end).map(|n| (n + 1, lines[n])).collect();
        fenced.push((kind(info.trim()), i + 1, body));
        i = end + 1;
    }
    fenced
}

/// The command blocks of a page's `text`, in order.
pub fn blocks(text: &str) -> Vec<Block> {
    fenced(text)
        .into_iter()
        .filter_map(|(kind, line, body)| {
            let commands = match kind {
                Kind::Shell => shell_commands(&body),
                Kind::Console => console_commands(&body),
                Kind::Text | Kind::Other => return None,
            };
            Some(Block { line, commands })
        })
        .collect()
}

/// The lines of a page's `text` where a plain block (```` ```text ````,
/// or no info string) starts with a command: the test would not run it.
pub fn commands_in_text_blocks(text: &str) -> Vec<usize> {
    fenced(text)
        .into_iter()
        .filter(|(kind, _, body)| {
            *kind == Kind::Text
                && body
                    .iter()
                    .find(|(_, line)| !line.trim().is_empty())
                    .is_some_and(|(_, line)| {
                        PROGRAMS.iter().any(|p| line.trim_start().starts_with(p))
                    })
        })
        .map(|(_, line, _)| line)
        .collect()
}

/// The commands of a ```` ```sh ```` block's numbered lines.
fn shell_commands(body: &[(usize, &str)]) -> Vec<Command> {
    let mut commands = Vec::new();
    let mut pending: Option<(usize, String)> = None;
    for &(number, line) in body {
        let (start, mut text) = match pending.take() {
            Some((start, text)) => (start, text + " " + line.trim()),
            None if line.trim().is_empty() || line.trim_start().starts_with('#') => continue,
            None => (number, line.trim().to_string()),
        };
        if let Some(rest) = text.strip_suffix('\\') {
            text = rest.trim_end().to_string();
            pending = Some((start, text));
            continue;
        }
        commands.push(command(start, &text, None));
    }
    if let Some((start, text)) = pending {
        commands.push(command(start, &text, None));
    }
    commands
}

/// The commands of a ```` ```console ```` block's numbered lines, each
/// with the output lines that follow it.
fn console_commands(body: &[(usize, &str)]) -> Vec<Command> {
    let mut commands: Vec<(usize, &str, Vec<&str>)> = Vec::new();
    for &(number, line) in body {
        if let Some(text) = line.strip_prefix("$ ") {
            commands.push((number, text, Vec::new()));
        } else if let Some((_, _, output)) = commands.last_mut() {
            output.push(line);
        }
    }
    commands
        .into_iter()
        .map(|(line, text, output)| {
            let output = output.iter().map(|line| format!("{line}\n")).collect();
            command(line, text, Some(output))
        })
        .collect()
}

/// A command from its printed `text`, read with its trailing comment.
fn command(line: usize, text: &str, output: Option<String>) -> Command {
    let (text, comment) = split_comment(text);
    let mut command = Command {
        line,
        text: text.trim_end().to_string(),
        mode: Mode::AsPrinted,
        status: 0,
        needs: None,
        output,
    };
    let Some(comment) = comment else {
        return command;
    };
    if let Some(at) = comment.find("not run in CI") {
        let reason = comment[at + "not run in CI".len()..].trim_start_matches([':', ' ']);
        command.mode = Mode::HelpOnly(reason.to_string());
        return command;
    }
    if let Some(code) = word_after(comment, "exit code ").and_then(|code| code.parse().ok()) {
        command.status = code;
    }
    if comment.contains("needs a terminal") {
        command.mode = Mode::NoTerminal;
        command.status = 2;
    } else if let Some(program) = word_after(comment, "needs ") {
        command.needs = Some(program.to_string());
    }
    command
}

/// The word that follows `prefix` in `text`, without trailing punctuation.
fn word_after<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let at = text.find(prefix)? + prefix.len();
    let word = text[at..].split_whitespace().next()?;
    Some(word.trim_end_matches([',', ';', '.', ')', ':']))
}

/// A command line and its trailing comment: the first `#` outside quotes
/// that starts a word, as the shell reads it.
pub fn split_comment(line: &str) -> (&str, Option<&str>) {
    let mut quote: Option<char> = None;
    let mut previous = ' ';
    let mut escaped = false;
    for (at, c) in line.char_indices() {
        if escaped {
            escaped = false;
            previous = c;
            continue;
        }
        match (quote, c) {
            (None | Some('"'), '\\') => escaped = true,
            (Some(open), c) if c == open => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '#') if previous.is_whitespace() => {
                return (&line[..at], Some(line[at + 1..].trim()));
            }
            _ => {}
        }
        previous = c;
    }
    (line, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shell_block_gives_one_command_a_line_without_its_comments() {
        let page = "text\n\n```sh\n# a comment\ncargo run -p a -- x \\\n    --y 1\n\ncd book && cargo test\n```\n\n```text\nnot a command\n```\n";
        let blocks = blocks(page);
        assert_eq!(blocks.len(), 1);
        assert_eq!(blocks[0].line, 3);
        let texts: Vec<(usize, &str)> = blocks[0]
            .commands
            .iter()
            .map(|command| (command.line, command.text.as_str()))
            .collect();
        assert_eq!(
            texts,
            [
                (5, "cargo run -p a -- x --y 1"),
                (8, "cd book && cargo test")
            ]
        );
    }

    #[test]
    fn a_trailing_comment_sets_the_exit_code_the_terminal_the_program_or_the_help() {
        let one = |line: &str| command(1, line, None);
        assert_eq!(
            one("cargo test   # exit code 101 until the holes are filled").status,
            101
        );
        let explore = one("cargo explore v09 --depth 4   # needs a terminal");
        assert_eq!((explore.mode, explore.status), (Mode::NoTerminal, 2));
        assert_eq!(
            one("stockfish  # needs stockfish").needs.as_deref(),
            Some("stockfish")
        );
        let serve = one("mdbook serve book   # not run in CI: it serves until Ctrl-C");
        assert_eq!(serve.text, "mdbook serve book");
        assert_eq!(serve.mode, Mode::HelpOnly("it serves until Ctrl-C".into()));
        let pgn = one("draws.py x.pgn   # not run in CI: needs the match's PGN");
        assert_eq!(
            (pgn.needs, pgn.mode),
            (None, Mode::HelpOnly("needs the match's PGN".into()))
        );
        assert_eq!(one("cargo test").status, 0);
    }

    #[test]
    fn a_hash_inside_quotes_or_a_word_is_not_a_comment() {
        assert_eq!(
            split_comment("echo 'a # b' x#y"),
            ("echo 'a # b' x#y", None)
        );
        assert_eq!(split_comment("echo \"#\" # c"), ("echo \"#\" ", Some("c")));
        assert_eq!(
            split_comment("echo 'a'\\''s # b' # c"),
            ("echo 'a'\\''s # b' ", Some("c"))
        );
    }

    #[test]
    fn a_command_in_a_text_block_is_found_and_output_is_not() {
        let page =
            "```text\ncargo run -p a\n```\n\n```\n20 moves\n```\n\n```\n\n  python3 x.py\n```\n";
        assert_eq!(commands_in_text_blocks(page), [1, 9]);
    }

    #[test]
    fn a_console_block_keeps_each_commands_output() {
        let page = "```console\n$ cargo run -q -- perft 1\n20\n$ false   # exit code 1\n```\n";
        let commands = &blocks(page)[0].commands;
        assert_eq!(commands[0].output.as_deref(), Some("20\n"));
        assert_eq!(
            (commands[1].text.as_str(), commands[1].status),
            ("false", 1)
        );
        assert_eq!(commands[1].output.as_deref(), Some(""));
    }
}
