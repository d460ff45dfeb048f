//! A version's options as command-line switches.
//!
//! Each [`EngineOption`] becomes one switch, listed in `--help` under
//! [`HEADING`]:
//!
//! | kind | switch | given, it sets |
//! |---|---|---|
//! | check, on by default | `--no-FLAG` | false |
//! | check, off by default | `--FLAG` | true |
//! | spin | `--FLAG N` | the number, if in range |
//! | combo | `--FLAG WORD` | the word, if one of the choices |
//! | list | `--FLAG LIST` | the names, if each is one of the list's |
//!
//! A switch names the option by its `flag`; clap knows it by the UCI
//! `name`, which keeps it apart from the command's own switches. Only the
//! switches given reach the engine; the other options keep the defaults the
//! engine starts with.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Arg, ArgAction, ArgMatches};
use serde_json::{Map, Value};

use lamosca_record::option_json;
use lamosca_search::engine::{Engine, EngineOption, OptionKind, OptionValue};

/// The heading of the engine's switches in `--help`.
pub const HEADING: &str = "Engine options";

/// One switch per option, in the order the engine declares them.
pub fn args<E>(options: &'static [EngineOption<E>]) -> impl Iterator<Item = Arg> {
    options.iter().map(arg)
}

/// The switch of one option.
fn arg<E>(option: &'static EngineOption<E>) -> Arg {
    let arg = Arg::new(option.name).help_heading(HEADING);
    // Values are read as UCI's `setoption` reads them.
    let read = move |text: &str| option.parse_value(text);
    match option.kind {
        OptionKind::Check { default: true, .. } => arg
            .long(format!("no-{}", option.flag))
            .action(ArgAction::SetTrue)
            .help(format!("Switch off: {}", option.help)),
        OptionKind::Check { default: false, .. } => arg
            .long(option.flag)
            .action(ArgAction::SetTrue)
            .help(format!("Switch on: {}", option.help)),
        OptionKind::Spin {
            default, min, max, ..
        } => arg
            .long(option.flag)
            .value_name("N")
            .value_parser(read)
            .help(format!(
                "{}, {min} to {max} [default: {default}]",
                option.help
            )),
        OptionKind::Combo {
            default, choices, ..
        } => arg
            .long(option.flag)
            .value_name("WORD")
            .ignore_case(true)
            .value_parser(
                PossibleValuesParser::new(choices.iter().copied()).try_map(move |text| read(&text)),
            )
            .help(format!("{} [default: {default}]", capitalized(option.help))),
        OptionKind::List { default, .. } => arg
            .long(option.flag)
            .value_name("LIST")
            .value_parser(read)
            .help(format!(
                "{}: all, none, or any of {} separated by commas, each kept, or dropped with no- [default: {default}]",
                capitalized(option.help),
                default.of.join(", ")
            )),
    }
}

/// The help line with a capital, as clap writes its own.
fn capitalized(help: &str) -> String {
    let mut letters = help.chars();
    letters
        .next()
        .map(|first| first.to_uppercase().chain(letters).collect())
        .unwrap_or_default()
}

/// Passes the options given in `matches` to the engine. A command without
/// engine switches gives none.
pub fn apply<E: Engine>(engine: &mut E, matches: &ArgMatches) {
    for option in E::OPTIONS {
        if let Some(value) = given(option, matches) {
            // Clap read the value through the same declaration, so the
            // setter cannot refuse it.
            let set = option.set(engine, value);
            debug_assert!(set.is_ok(), "{set:?}");
        }
    }
}

/// Every option's value by its UCI name, given in `matches` or by
/// default, as a record's header keeps them.
pub fn values<E: Engine>(matches: &ArgMatches) -> Map<String, Value> {
    E::OPTIONS
        .iter()
        .map(|option| {
            let value = given(option, matches).unwrap_or_else(|| option.default_value());
            (option.name.to_string(), option_json(value))
        })
        .collect()
}

/// The value of `option` given in `matches`, if any.
fn given<E>(option: &EngineOption<E>, matches: &ArgMatches) -> Option<OptionValue> {
    {
        match option.kind {
            OptionKind::Check { default, .. } => matches
                .try_get_one::<bool>(option.name)
                .ok()
                .flatten()
                .is_some_and(|&set| set)
                .then_some(OptionValue::Check(!default)),
            OptionKind::Spin { .. } | OptionKind::Combo { .. } | OptionKind::List { .. } => matches
                .try_get_one::<OptionValue>(option.name)
                .ok()
                .flatten()
                .copied(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use common::Position;
    use lamosca_search::engine::{check_options, Report, SearchControl};
    use lamosca_search::events::Tracer;

    /// An engine with one option of each kind, that remembers what it is
    /// given.
    #[derive(Debug, Default)]
    struct Switches {
        given: Vec<(String, OptionValue)>,
    }

    impl Switches {
        fn note(&mut self, name: &str, value: OptionValue) {
            self.given.push((name.to_string(), value));
        }
    }

    impl Engine for Switches {
        const NAME: &'static str = "Switches";
        const OPTIONS: &'static [EngineOption<Self>] = &[
            EngineOption {
                name: "History",
                flag: "history",
                help: "the history heuristic",
                kind: OptionKind::Check {
                    default: true,
                    set: |engine, on| engine.note("History", OptionValue::Check(on)),
                },
            },
            EngineOption {
                name: "Debug",
                flag: "debug",
                help: "extra checks",
                kind: OptionKind::Check {
                    default: false,
                    set: |engine, on| engine.note("Debug", OptionValue::Check(on)),
                },
            },
            EngineOption {
                name: "Killers",
                flag: "killers",
                help: "killer moves per ply",
                kind: OptionKind::Spin {
                    default: 2,
                    min: 0,
                    max: 4,
                    set: |engine, n| engine.note("Killers", OptionValue::Spin(n)),
                },
            },
            EngineOption {
                name: "Order",
                flag: "order",
                help: "how captures are ordered",
                kind: OptionKind::Combo {
                    default: "mvvlva",
                    choices: &["mvvlva", "see"],
                    set: |engine, word| engine.note("Order", OptionValue::Combo(word)),
                },
            },
        ];

        fn new() -> Self {
            Switches::default()
        }

        fn search(
            &mut self,
            _position: &mut Position,
            _depth: u32,
            _control: &SearchControl,
            _tracer: &mut Tracer<'_>,
        ) -> Report {
            unreachable!("the command line is only parsed here")
        }
    }

    fn parse(args: &[&str]) -> Result<Vec<(String, OptionValue)>, clap::Error> {
        let matches = super::super::command::<Switches>()
            .try_get_matches_from(["lamosca"].iter().chain(args))?;
        let mut engine = Switches::new();
        if let Some((_, switches)) = matches.subcommand() {
            apply(&mut engine, switches);
        }
        Ok(engine.given)
    }

    #[test]
    fn the_command_line_is_well_formed() {
        super::super::command::<Switches>().debug_assert();
    }

    #[test]
    fn switches_given_reach_the_engine() {
        let given = parse(&[
            "search",
            "--no-history",
            "--debug",
            "--killers",
            "3",
            "--order",
            "SEE",
        ])
        .unwrap();
        assert_eq!(
            given,
            [
                ("History".to_string(), OptionValue::Check(false)),
                ("Debug".to_string(), OptionValue::Check(true)),
                ("Killers".to_string(), OptionValue::Spin(3)),
                ("Order".to_string(), OptionValue::Combo("see")),
            ]
        );
        assert!(parse(&["bench"]).unwrap().is_empty());
    }

    #[test]
    fn values_out_of_range_are_refused() {
        let error = parse(&["search", "--killers", "9"]).unwrap_err();
        assert!(error
            .to_string()
            .contains("option Killers takes a whole number from 0 to 4, not '9'"));
        let error = parse(&["bench", "--order", "random"]).unwrap_err();
        assert_eq!(error.kind(), clap::error::ErrorKind::InvalidValue);
        // `perft` has no engine switches.
        assert!(parse(&["perft", "1", "--debug"]).is_err());
    }

    #[test]
    fn an_option_that_changes_nothing_is_found() {
        // The setters of `Width` and `Order` in the UCI tests' engine do
        // nothing; here every setter records what it is given.
        assert_eq!(check_options::<Switches>(), Ok(()));
        let order = &Switches::OPTIONS[3];
        let values = order.other_values();
        assert_eq!(values, [OptionValue::Combo("see")]);
    }

    #[test]
    fn set_option_checks_the_name_and_the_value() {
        let mut engine = Switches::new();
        assert_eq!(engine.set_option("killers", OptionValue::Spin(1)), Ok(()));
        assert_eq!(
            engine.set_option("Width", OptionValue::Spin(1)),
            Err("unknown option: Width".to_string())
        );
        assert_eq!(
            engine.set_option("Killers", OptionValue::Check(true)),
            Err("option Killers takes a whole number from 0 to 4, not 'true'".to_string())
        );
        assert!(engine.set_option("Killers", OptionValue::Spin(5)).is_err());
        assert!(engine
            .set_option("Order", OptionValue::Combo("random"))
            .is_err());
        assert_eq!(
            engine.given,
            [("Killers".to_string(), OptionValue::Spin(1))]
        );
    }
}
