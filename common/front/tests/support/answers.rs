//! The driver's one rule for the answer, through a step's binary as a GUI
//! speaks to it: `bestmove` is always the first move of the last
//! `info ... pv` line, however the search ends. Every step's tests include
//! this file and run [`check_answers`] on their own binary.
//!
//! The searches end every way a GUI ends them: `go movetime` at several
//! times, `go infinite` and `stop` after a delay, `go ponder` and `stop`,
//! `go ponder` and `ponderhit`. The delays are drawn afresh at every run,
//! from the clock, and printed with a failure.

use std::thread;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::uci_child::{played_and_last_pv, Engine};

/// The positions searched, as `position` gives them: the start, two
/// openings, two middle games and an ending with a lone king.
const POSITIONS: [&str; 6] = [
    "startpos",
    "startpos moves e2e4",
    "startpos moves d2d4 g8f6 c2c4 e7e6",
    "fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
    "fen r3k2r/ppp2ppp/2n1bn2/3qp3/3P4/2P1BN2/PP2BPPP/RN1QK2R w KQkq - 0 9",
    "fen 8/8/8/8/8/2k5/8/1K1Q4 w - - 0 1",
];

/// The times tried with `go movetime`, in milliseconds. Before the rule,
/// the driver played a move its last `pv` did not show in 5 of these 30
/// searches for v0.09, 2 for v0.10.
const MOVETIMES: [u64; 5] = [40, 90, 150, 250, 400];

/// Delays before `stop` or `ponderhit`, between 0 and 300 ms, drawn from
/// the clock's nanoseconds by a small linear congruential generator.
fn delays(count: usize) -> Vec<u64> {
    let mut seed = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(1, |time| u64::from(time.subsec_nanos()));
    (0..count)
        .map(|_| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) % 300
        })
        .collect()
}

/// Sends `position`, then `go` and what follows it, and checks that the
/// move played is the last `pv`'s first.
fn check(engine: &mut Engine, position: &str, commands: &[(u64, &str)]) {
    engine.send(&format!("position {position}"));
    for &(delay, command) in commands {
        thread::sleep(Duration::from_millis(delay));
        engine.send(command);
    }
    let asked = format!("position {position}, then {commands:?}");
    let lines = engine.until_bestmove(&asked);
    let (played, pv_first) = played_and_last_pv(&lines);
    assert!(
        pv_first.is_some(),
        "{asked}: no info line with a pv: {lines:?}"
    );
    assert_eq!(played, pv_first, "{asked}: {lines:?}");
}

/// Ends searches of `binary` every way a GUI may, on every position, and
/// checks each answer against the last `pv` told. Each position has an
/// engine of its own, on a thread of its own: the searches are bounded by
/// the clock, not by the processor, so the six run side by side and the
/// check takes the time of one position's eight searches, not of all 48.
pub fn check_answers(binary: &str) {
    thread::scope(|scope| {
        for position in POSITIONS {
            scope.spawn(move || check_position(binary, position));
        }
    });
}

/// The eight ways of ending a search, on one position, with an engine of
/// its own.
fn check_position(binary: &str, position: &str) {
    let mut engine = Engine::start(binary);
    for movetime in MOVETIMES {
        let go = format!("go movetime {movetime}");
        check(&mut engine, position, &[(0, &go)]);
    }
    let [stop, ponder_stop, hit, _] = delays(4)[..] else {
        unreachable!("four delays asked");
    };
    check(&mut engine, position, &[(0, "go infinite"), (stop, "stop")]);
    let ponder = "go ponder wtime 3000 btime 3000";
    check(&mut engine, position, &[(0, ponder), (ponder_stop, "stop")]);
    check(&mut engine, position, &[(0, ponder), (hit, "ponderhit")]);
    engine.send("quit");
}
