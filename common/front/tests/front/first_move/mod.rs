//! A stand-in engine for the UCI loop's tests in this process: it plays
//! the first legal move at once, so that a session's answer follows from
//! the position alone, and declares one option of each kind for the option
//! parser to read. `uci_loop.rs` and `parsers.rs` share it.

use std::io::Write;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use common::Position;
use lamosca_search::events::Tracer;
use lamosca_search::{Engine, EngineOption, OptionKind, Report, SearchControl};

/// Plays the first legal move; with `Verbose` on it scores it 1, so that a
/// test can see the option reach the engine.
#[derive(Debug, Default)]
pub struct FirstMove {
    verbose: bool,
}

impl Engine for FirstMove {
    const NAME: &'static str = "FirstMove";

    const OPTIONS: &'static [EngineOption<Self>] = &[
        EngineOption {
            name: "Verbose",
            flag: "verbose",
            help: "say more",
            kind: OptionKind::Check {
                default: false,
                set: |engine, on| engine.verbose = on,
            },
        },
        // Its setter does nothing, as `check_options` must notice.
        EngineOption {
            name: "Width",
            flag: "width",
            help: "how wide",
            kind: OptionKind::Spin {
                default: 4,
                min: 1,
                max: 8,
                set: |_, _| {},
            },
        },
        EngineOption {
            name: "Order",
            flag: "order",
            help: "which order",
            kind: OptionKind::Combo {
                default: "see",
                choices: &["see", "mvvlva"],
                set: |_, _| {},
            },
        },
    ];

    fn new() -> Self {
        FirstMove::default()
    }

    fn search(
        &mut self,
        position: &mut Position,
        depth: u32,
        _control: &SearchControl,
        _tracer: &mut Tracer<'_>,
    ) -> Report {
        let best = position.legal_moves().first().copied();
        Report {
            best,
            value: i32::from(self.verbose),
            nodes: 1,
            depth,
            pv: best.into_iter().collect(),
            interrupted: false,
            statistics: Vec::new(),
        }
    }
}

/// A `Write` into a buffer the test keeps.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The lines the UCI loop, run with [`FirstMove`], answers to `script`;
/// `None` when the session does not end `within` that time.
pub fn session(script: &str, within: Duration) -> Option<Vec<String>> {
    let output = Shared::default();
    let (done, ended) = mpsc::channel();
    let (writer, script) = (output.clone(), script.to_string());
    thread::spawn(move || {
        lamosca_front::uci::run::<FirstMove>(script.as_bytes(), writer);
        let _ = done.send(());
    });
    ended.recv_timeout(within).ok()?;
    let bytes = output.0.lock().unwrap().clone();
    Some(
        String::from_utf8_lossy(&bytes)
            .lines()
            .map(str::to_string)
            .collect(),
    )
}
