//! The steps, in one list: the book's machinery iterates it, and nothing
//! else in the book's workspaces names every step.
//!
//! The root workspace's `members` (`/Cargo.toml`) order the step crates;
//! each has one row here, with the name the tools use (`explore v09`, the
//! lab's `"version": "v09"`), its crate, its engine type and how its
//! alpha-beta bounds a value. [`STEPS`] is the list as data;
//! [`for_each_step!`](crate::for_each_step) runs a block once per step with
//! the step's engine as a type, for the explorer's subcommands, the lab's
//! versions and the steps' record test. The test below fails when the
//! root's members and this list disagree, and says which row to add.
//!
//! The engine types are paths into the step crates, resolved where the
//! macro is used: this crate depends on no step, and every crate that runs
//! one depends on all of them.

use crate::Bounds;

/// One step of the book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The name the tools take: `v09`.
    pub name: &'static str,
    /// The name the pages print: `v0.09`.
    pub title: &'static str,
    /// Its crate in the root workspace: `lamosca-v09`.
    pub crate_name: &'static str,
    /// How its alpha-beta bounds the value it returns.
    pub bounds: Bounds,
}

/// The list: one row per step, in the order of the root's members. Each
/// row is `name title crate engine bounds`. A new step adds its row here
/// (and its crate to the book's workspace dependencies, where the row's
/// engine is read).
#[doc(hidden)]
#[macro_export]
macro_rules! __step_rows {
    ($then:ident { $($pass:tt)* }) => {
        $crate::$then! {
            { $($pass)* }
            "v07" "v0.07" "lamosca-v07" lamosca_v07::NegaMax, None;
            "v09" "v0.09" "lamosca-v09" lamosca_v09::AlphaBeta, FailHard;
            "v10" "v0.10" "lamosca-v10-quiescence" lamosca_v10_quiescence::QuiescenceSearch, FailHard;
            "v11" "v0.11" "lamosca-v11-lazy" lamosca_v11_lazy::LazySearch, FailSoft;
        }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __steps_data {
    ({} $($name:literal $title:literal $krate:literal $engine:path, $bounds:ident;)*) => {
        /// Every step, in step order.
        pub const STEPS: &[Step] = &[$(Step {
            name: $name,
            title: $title,
            crate_name: $krate,
            bounds: Bounds::$bounds,
        }),*];
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __each_step {
    ({ $step:ident, $engine:ident => $body:block }
     $($name:literal $title:literal $krate:literal $path:path, $bounds:ident;)*) => {
        {$({
            #[allow(unused)]
            type $engine = $path;
            #[allow(unused)]
            let $step: &'static $crate::Step = &$crate::Step {
                name: $name,
                title: $title,
                crate_name: $krate,
                bounds: $crate::Bounds::$bounds,
            };
            $body
        })*}
    };
}

/// Runs the block once per step, in step order, with `$step` the step's
/// [`Step`] and `$engine` its engine type:
///
/// ```ignore
/// let mut names = Vec::new();
/// lamosca_reader::for_each_step!(step, E => {
///     names.push((step.name, <E as lamosca_search::Engine>::new().name()));
/// });
/// ```
///
/// The crate that uses it depends on every step's crate.
#[macro_export]
macro_rules! for_each_step {
    ($step:ident, $engine:ident => $body:block) => {
        $crate::__step_rows!(__each_step { $step, $engine => $body })
    };
}

__step_rows!(__steps_data {});

/// The step the tools call `name` (`v09`).
pub fn step(name: &str) -> Option<&'static Step> {
    STEPS.iter().find(|step| step.name == name)
}

/// The names of every step, for a message: `v07, v09, v10, v11`.
pub fn step_names() -> String {
    STEPS
        .iter()
        .map(|step| step.name)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The root workspace's members whose name is a step's: `lamosca-v`
    /// and a digit.
    fn root_steps() -> Vec<String> {
        let manifest = concat!(env!("CARGO_MANIFEST_DIR"), "/../../Cargo.toml");
        let text = std::fs::read_to_string(manifest).unwrap();
        let members = text
            .lines()
            .find_map(|line| line.trim().strip_prefix("members"))
            .expect("the root Cargo.toml lists its members on one line");
        members
            .split('"')
            .skip(1)
            .step_by(2)
            .filter(|member| {
                member
                    .strip_prefix("lamosca-v")
                    .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
            })
            .map(String::from)
            .collect()
    }

    #[test]
    fn the_list_is_the_root_workspaces_steps_in_their_order() {
        let listed: Vec<&str> = STEPS.iter().map(|step| step.crate_name).collect();
        let members = root_steps();
        assert_eq!(
            listed, members,
            "the root Cargo.toml's step members are {members:?}, but the book's list of steps \
             (book/reader/src/steps.rs, `__step_rows!`) has {listed:?}: give each step a row \
             there, in the members' order"
        );
    }

    #[test]
    fn each_name_is_its_crates_number_and_its_title_the_version() {
        for step in STEPS {
            let number = &step.name[1..];
            assert!(
                step.crate_name
                    .starts_with(&format!("lamosca-{}", step.name)),
                "{step:?}"
            );
            assert_eq!(step.title, format!("v0.{number}"), "{step:?}");
        }
        assert_eq!(step("v09").map(|s| s.crate_name), Some("lamosca-v09"));
        assert_eq!(step_names().split(", ").count(), STEPS.len());
    }
}
