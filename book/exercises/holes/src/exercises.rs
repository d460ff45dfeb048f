//! The four exercises, one per step: the step's crate, its chapter, the
//! files that hold its holes and the slip its chapter shows being caught.

/// Where the exercises' small workspace lies, from the repository root.
pub const EXERCISES_DIR: &str = "book/exercises";

/// The holes' data, from the repository root.
pub const HOLES_FILE: &str = "book/exercises/holes.toml";

/// One character changed in one step file: the slip the book shows being
/// caught.
#[derive(Clone, Copy, Debug)]
pub struct Slip {
    /// The step's file, relative to its crate.
    pub file: &'static str,
    /// The text the slip changes, which must occur once in the file.
    pub from: &'static str,
    /// What it becomes.
    pub to: &'static str,
}

/// A step's exercise.
#[derive(Clone, Copy, Debug)]
pub struct Exercise {
    /// The short name: `v09`, also its table's name in `holes.toml`.
    pub step: &'static str,
    /// The step's crate.
    pub krate: &'static str,
    /// The step's chapter, in `book/chapters`.
    pub chapter: &'static str,
    /// The lesson files, relative to the step's crate.
    pub files: &'static [&'static str],
    /// The slip the chapter shows.
    pub slip: Slip,
}

impl Exercise {
    /// The exercise crate's name: `exercise-v09`.
    pub fn crate_name(&self) -> String {
        format!("exercise-{}", self.step)
    }

    /// The command a learner runs, from the repository root. It enters
    /// the exercises' folder, whose `.cargo/config.toml` sends the build
    /// into the main `target` folder; `--manifest-path` from the root
    /// would not read that file.
    pub fn command(&self) -> String {
        format!("cd {EXERCISES_DIR} && cargo test -p {}", self.crate_name())
    }

    /// The file a learner edits for the step's `file`, from the
    /// exercises' folder: `exercise-v09/src/lesson/search.rs`.
    pub fn lesson_path(&self, file: &str) -> String {
        format!("{}/src/lesson/{}", self.crate_name(), base_name(file))
    }
}

/// The file name of a step file inside an exercise's folders:
/// `search.rs` for `src/search.rs`.
pub fn base_name(file: &str) -> &str {
    file.rsplit('/').next().unwrap_or(file)
}

/// The four exercises, one per step.
pub const EXERCISES: &[Exercise] = &[
    Exercise {
        step: "v07",
        krate: "lamosca-v07",
        chapter: "v07-negamax.md",
        files: &["src/search.rs"],
        slip: Slip {
            file: "src/search.rs",
            from: "if value > best_value {",
            to: "if value >= best_value {",
        },
    },
    Exercise {
        step: "v09",
        krate: "lamosca-v09",
        chapter: "v09-alphabeta.md",
        files: &["src/search.rs", "src/ordering.rs"],
        slip: Slip {
            file: "src/search.rs",
            from: "if value >= beta {",
            to: "if value > beta {",
        },
    },
    Exercise {
        step: "v10",
        krate: "lamosca-v10-quiescence",
        chapter: "v10-quiescence.md",
        files: &["src/quiescence.rs"],
        slip: Slip {
            file: "src/quiescence.rs",
            from: "if best >= beta {",
            to: "if best > beta {",
        },
    },
    Exercise {
        step: "v11",
        krate: "lamosca-v11-lazy",
        chapter: "v11-lazy.md",
        files: &["src/search.rs"],
        slip: Slip {
            file: "src/search.rs",
            from: "node.score - self.margin >= beta",
            to: "node.score - self.margin > beta",
        },
    },
];

/// The exercise of step `step` (`v09`).
pub fn find(step: &str) -> Option<&'static Exercise> {
    EXERCISES.iter().find(|exercise| exercise.step == step)
}
