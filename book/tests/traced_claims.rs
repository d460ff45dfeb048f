//! What the step chapters say about the traces they show.
//!
//! A chapter shows a trace, one of its crate's insta snapshots, which the
//! crate's own tests check against the code, and then reads it in words:
//! "v0.09 plays a pawn move, `f2f4`, for -303". Those words are the
//! chapter's explanation, so they stay written by hand; but every move,
//! value and count they name is read here from the snapshot, and the test
//! fails, quoting the sentence as the trace now writes it, when the page no
//! longer says it. A changed search then fails here as well as in its
//! snapshot, and the paragraph is mended with the snapshot.

use book::files::Workspace;
use book::markdown::thousands;
use lamosca_v10_quiescence::DEFAULT_DELTA;

/// The text of `relative` under the chapters' folder.
fn read(relative: &str) -> String {
    let path = Workspace::here().chapters().join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// The body of the snapshot `name` of the crate `krate`.
fn snapshot(krate: &str, name: &str) -> String {
    read(&format!("../../{krate}/tests/snapshots/{name}.snap"))
}

/// Fails unless `page`, its white space made single spaces, says each of
/// `fragments`.
fn says(page: &str, fragments: &[String]) {
    let text = read(page).split_whitespace().collect::<Vec<_>>().join(" ");
    for fragment in fragments {
        assert!(
            text.contains(fragment.as_str()),
            "{page} should say \"{fragment}\", which is what its trace shows now"
        );
    }
}

/// The lines of `body` that start with `prefix`.
fn lines<'a>(body: &'a str, prefix: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    body.lines().filter(move |line| line.starts_with(prefix))
}

/// The first line of `body` that starts with `prefix`.
fn line<'a>(body: &'a str, prefix: &'a str) -> &'a str {
    lines(body, prefix)
        .next()
        .unwrap_or_else(|| panic!("no line {prefix:?}"))
}

/// The value of `key=` in `line`: `Move=f2f4` gives `f2f4`.
fn field<'a>(line: &'a str, key: &str) -> &'a str {
    let at = line
        .find(&format!("{key}="))
        .unwrap_or_else(|| panic!("no {key} in {line:?}"));
    line[at + key.len() + 1..]
        .split([',', ' '])
        .next()
        .unwrap_or_default()
}

/// The `move=value` pairs of a `Moves` or `Captures` line, in order.
fn pairs(line: &str) -> Vec<(&str, i32)> {
    line.split_once(": ")
        .map_or("", |(_, rest)| rest)
        .split(' ')
        .filter_map(|pair| pair.split_once('='))
        .filter_map(|(name, value)| Some((name, value.parse().ok()?)))
        .collect()
}

/// The value of `name` in a `Moves` or `Captures` line.
fn value_of(line: &str, name: &str) -> i32 {
    pairs(line)
        .into_iter()
        .find(|(move_name, _)| *move_name == name)
        .unwrap_or_else(|| panic!("no {name} in {line:?}"))
        .1
}

/// The count after `key ` in the `Statistics` line: `nodes 333`.
fn statistic(body: &str, key: &str) -> u64 {
    let stats = line(body, "Statistics: ");
    let at = stats
        .find(&format!("{key} "))
        .unwrap_or_else(|| panic!("no {key} in {stats:?}"));
    stats[at + key.len() + 1..]
        .split([' ', ','])
        .next()
        .and_then(|count| count.parse().ok())
        .unwrap_or_else(|| panic!("no count after {key}"))
}

#[test]
fn the_v10_chapter_reads_its_horizon_effect_traces_as_they_are() {
    let krate = "lamosca-v10-quiescence";
    let v09 = snapshot(krate, "traces__recapture_d2_v09");
    let v10 = snapshot(krate, "traces__recapture_d2_v10");
    let (moves09, result09) = (
        line(&v09, "Moves level 1: "),
        line(&v09, "Result level 1: "),
    );
    let value09 = field(result09, "Value");
    // "the captures show -303": both captures at the value of the move played.
    for capture in ["c3d5", "d1d5"] {
        assert_eq!(value_of(moves09, capture).to_string(), value09);
    }
    let (moves10, result10) = (
        line(&v10, "Moves level 1: "),
        line(&v10, "Result level 1: "),
    );
    let (knight, rook) = (value_of(moves10, "c3d5"), value_of(moves10, "d1d5"));
    let quiet = pairs(moves10)
        .into_iter()
        .filter(|(name, _)| !["c3d5", "d1d5"].contains(name))
        .map(|(_, value)| value)
        .max()
        .expect("quiet moves");
    // "both captures are worth about -195, a pawn better than anything
    // else, and the rook takes."
    assert!((knight - rook).abs() <= 10, "{knight} and {rook}");
    assert!((80..=120).contains(&(knight.min(rook) - quiet)), "{quiet}");
    assert_eq!(field(result10, "Move"), "d1d5");
    says(
        "v10-quiescence.md",
        &[
            format!(
                "plays a pawn move, `{}`, for {value09}. (The search is fail-hard, as the v0.09 \
                 chapter explains: the captures show {value09} because",
                field(result09, "Move")
            ),
            format!("worth about {rook}, a pawn better than anything else"),
            format!(
                "{} nodes instead of {}, of which {} are quiescence nodes",
                statistic(&v10, "nodes"),
                statistic(&v09, "nodes"),
                statistic(&v10, "quiescence nodes")
            ),
            format!("In the first pair, the value of `c3d5` and `d1d5` (about {rook} against"),
            format!("{value09}) and the move chosen"),
        ],
    );
}

#[test]
fn the_v10_chapter_reads_the_log_below_the_horizon_as_it_is() {
    let body = snapshot("lamosca-v10-quiescence", "traces__recapture_after_nxd5_d1");
    let root = pairs(line(&body, "Moves level 1: "));
    let ((first, first_value), (second, second_value)) = (root[0], root[1]);
    let stand_pats: Vec<&str> = lines(&body, "Captures level 2: ")
        .map(|line| field(line, "stand-pat"))
        .collect();
    let first_captures = line(&body, "Captures level 2: ");
    let (capture, _) = pairs(first_captures)[1];
    // The check on f6: Black's replies at level 3, then White's node.
    let replies = line(&body, "Captures level 3: g");
    let checked = lines(&body, "Captures level 2: ")
        .find(|line| line.contains("d5f6"))
        .expect("White's node that takes on f6");
    let kept = field(checked, "stand-pat");
    let window = line(&body, "Quiescence level 3: Found=1");
    let result = line(&body, "Result level 1: ");
    let f6 = value_of(line(&body, "Moves level 1: "), "f7f6");
    assert_eq!(f6.to_string(), kept.trim_start_matches('-'));
    let [(lose, lost), (win, won)] = [pairs(replies)[0], pairs(replies)[1]];
    says(
        "v10-quiescence.md",
        &[
            format!(
                "a line such as `Value={}, Alpha={}, Beta={}`",
                field(window, "Value"),
                field(window, "Alpha"),
                field(window, "Beta")
            ),
            format!("Black's first move is `{first}`"),
            format!(
                "White stands pat at {}, a rook against a queen",
                stand_pats[0]
            ),
            format!("its one capture, `{capture}`, takes the queen"),
            format!("back: `{first}` is worth {first_value} to Black"),
            format!(
                "Black's next move, `{second}`, reaches a horizon node where White stands pat \
                 at {} with nothing to capture: {second_value} for Black",
                stand_pats[1]
            ),
            format!("`beta` at the horizon is {}", stand_pats[1]),
            format!("(`stand-pat={} // Cut`)", stand_pats[1]),
            format!("After `f7f6` White stands at {kept} and may take on f6 with check, `d5f6`"),
            format!("`{lose}` loses the queen to the rook ({lost} for Black)"),
            format!("`{win}` wins the knight ({won}) and cuts. White keeps its stand pat, {kept}."),
            format!(
                "The best reply is `{}`, at {} for Black.",
                field(result, "Move"),
                field(result, "Value")
            ),
            // The quiescence root's check, which `--no-qui-root` skips.
            format!(
                "`d5f6<={}`: its `winLimit`, {kept} + (100 - 300) + {DEFAULT_DELTA}, does not \
                 exceed `alpha`, {kept}.",
                kept.parse::<i32>().expect("a value") - 200 + DEFAULT_DELTA
            ),
        ],
    );
}

#[test]
fn the_v11_chapter_reads_its_deepening_and_lazy_cut_traces_as_they_are() {
    let krate = "lamosca-v11-lazy";
    let deepening = snapshot(krate, "traces__recapture_d4_deepening");
    assert_eq!(
        field(line(&deepening, "Deepening level 2: "), "Move"),
        "d5d4"
    );
    assert!(
        deepening.contains("with h2h3="),
        "the node searched is no longer the one after 1.h3"
    );
    let lazy = snapshot(krate, "traces__recapture_d4_lazy_cut");
    let cut = line(&lazy, "Lazy cut level 2: ");
    let after = lazy
        .lines()
        .skip_while(|text| !text.starts_with("Lazy cut level 2: "))
        .nth(1)
        .unwrap_or_default();
    assert!(
        after.contains("with f2f4="),
        "the first lazy cut is not after 1.f4"
    );
    let second = lines(&lazy, "Moves level 2: ").nth(1).unwrap_or_default();
    assert!(
        second.contains("d5e4="),
        "the second lazy cut is not after 1.Ne4"
    );
    says(
        "v11-lazy.md",
        &[format!(
            "has a score of {}, more than the margin above beta, {}, and its one-ply search \
             confirms it with {}",
            field(cut, "Score"),
            field(cut, "Beta"),
            field(cut, "Value")
        )],
    );
}

#[test]
fn the_v11_chapter_names_the_moves_its_traces_play() {
    let krate = "lamosca-v11-lazy";
    let root = snapshot(krate, "traces__startpos_d6_root");
    let risk = snapshot(krate, "traces__wac001_d4_lazy_risk");
    let results: Vec<&str> = lines(&risk, "Result level 1: ").collect();
    let (lazy, careful) = (results[0], results[results.len() - 1]);
    let mate: i32 = field(careful, "Value").parse().expect("a value");
    assert!(
        mate > 30_000,
        "--ideas no-lazy no longer finds the mate: {careful}"
    );
    // "sees only that ...gxf6 wins a knight"
    assert_eq!(field(line(&risk, "Deepening level 2: "), "Move"), "g7f6");
    says(
        "v11-lazy.md",
        &[format!(
            "`Deepening level 1` line handing `{}` on, and `{}` at depth 6; with `--ideas none`, \
             v0.10's count; on WAC.001 without lazy cuts `{}` and a mate, not `{}`.",
            field(line(&root, "Deepening level 1: "), "Move"),
            field(
                lines(&root, "Result level 1: ").last().unwrap_or_default(),
                "Move"
            ),
            field(careful, "Move"),
            field(lazy, "Move")
        )],
    );
}

#[test]
fn the_v10_numbers_page_reads_lamoscas_own_traces_as_they_are() {
    let krate = "lamosca-v10-quiescence";
    let default = snapshot(krate, "original__back_rank_d2_default");
    let own = snapshot(krate, "original__back_rank_d2_lamosca");
    let layout = snapshot(krate, "original__back_rank_d2_original_layout");
    let (mate, played) = (
        line(&default, "Result level 1: "),
        line(&own, "Result level 1: "),
    );
    let held = field(played, "Value");
    assert_eq!(
        field(mate, "Move"),
        "a1a8",
        "the default mode no longer mates"
    );
    // "logged with 197, the value the root already held: the move was
    // skipped", and first worth it is the move played.
    let own_moves = pairs(line(&own, "Moves level 1: "));
    assert_eq!(
        value_of(line(&own, "Moves level 1: "), "a1a8").to_string(),
        held
    );
    let first = own_moves
        .iter()
        .find(|(_, value)| value.to_string() == held)
        .expect("a move worth the root's value");
    assert_eq!(first.0, field(played, "Move"));
    assert!(layout.contains(&format!("L1a1a8={held}")));
    let forum = snapshot(krate, "traces__recapture_d2_v10");
    let mode = snapshot(krate, "traces__recapture_d2_lamosca_mode");
    let knight = |body: &str| value_of(line(body, "Moves level 1: "), "c3d5");
    says(
        "v10-numbers.md",
        &[
            format!("`{}`, the first of the moves worth {held} to it", first.0),
            format!(
                "scores the [mate score](v07-negamax.md#mate-and-stalemate), {},",
                thousands(field(mate, "Value").parse().expect("a value"))
            ),
            format!("`a1a8` is logged with {held}, the value the root already held"),
            format!("the root writes `L1a1a8={held}`"),
            format!(
                "it values `Nxd5` at {} instead of {}:",
                knight(&mode),
                knight(&forum)
            ),
            format!("The {} comes from the missing stand pat.", knight(&mode)),
            format!(
                "The {} nodes above against {} are a mild case",
                thousands(statistic(&mode, "nodes")),
                thousands(statistic(&forum, "nodes"))
            ),
        ],
    );
}
