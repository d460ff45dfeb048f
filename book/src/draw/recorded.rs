//! The recorded searches the pictures and steppers are drawn from: a real
//! engine searches under [`lamosca_record::record_search`], which writes
//! the events its [`lamosca_search::events::Tracer`] emits as a search record, and
//! the book keeps the record's events in memory.
//!
//! The book draws nothing it computes itself: every node, window, swap,
//! cut and value of a picture comes from one of these records.
//!
//! ```
//! use book::draw::recorded::record;
//! use lamosca_record::Event;
//! let recorded = record::<lamosca_v09::AlphaBeta>("7k/8/8/8/8/8/8/K5R1 w - - 0 1", 2).unwrap();
//! assert!(matches!(recorded.events.first(), Some(Event::Search(_))));
//! assert!(matches!(recorded.events.last(), Some(Event::Report(_))));
//! ```

use anyhow::{anyhow, Result};
use common::Position;
use lamosca_record::{record_search, Event};
use lamosca_search::{Engine, OptionValue, Report};

/// One real search, as a record.
#[derive(Clone, Debug)]
pub struct Recorded {
    /// The events, the header first and the report last.
    pub events: Vec<Event>,
    /// What the engine reported.
    pub report: Report,
    /// The record as JSON Lines, as `search --record` writes it.
    pub text: String,
}

impl Recorded {
    /// The record as JSON Lines text, one event per line.
    pub fn jsonl(&self) -> Result<String> {
        Ok(self.text.clone())
    }
}

/// Searches `fen` to `depth` with a fresh engine `E`, recording every
/// level, and returns the record.
pub fn record<E: Engine>(fen: &str, depth: u32) -> Result<Recorded> {
    record_with::<E>(fen, depth, &[])
}

/// [`record`] with some of the engine's options set, by their UCI names.
pub fn record_with<E: Engine>(
    fen: &str,
    depth: u32,
    options: &[(&str, OptionValue)],
) -> Result<Recorded> {
    let mut engine = E::new();
    let mut named = serde_json::Map::new();
    for (name, value) in options {
        engine
            .set_option(name, *value)
            .map_err(|error| anyhow!("option {name}: {error}"))?;
        named.insert(name.to_string(), lamosca_record::option_json(*value));
    }
    let position = Position::from_fen(fen).map_err(|error| anyhow!("bad FEN `{fen}`: {error}"))?;
    let (report, bytes) = record_search(&mut engine, &position, depth, 0, named, Vec::new())?;
    let text = String::from_utf8(bytes)?;
    let events = text
        .lines()
        .map(Event::from_line)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Recorded {
        events,
        report,
        text,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use lamosca_reader::Record;
    use lamosca_record::NodeResult;
    use std::io::Write as _;

    /// Writes `recorded` to a file and opens it with the record reader,
    /// which checks the contract's rules.
    fn reopen(recorded: &Recorded, name: &str) -> Record {
        let path =
            std::env::temp_dir().join(format!("lamosca-book-{name}-{}.jsonl", std::process::id()));
        let mut file = std::fs::File::create(&path).unwrap();
        file.write_all(recorded.jsonl().unwrap().as_bytes())
            .unwrap();
        drop(file);
        let record = Record::open(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        record
    }

    const FEN: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    #[test]
    fn a_record_has_a_node_per_reported_node_and_reads_back() {
        let v07 = record::<lamosca_v07::NegaMax>(FEN, 2).unwrap();
        let read = reopen(&v07, "v07");
        assert_eq!(u64::from(read.node_count()), v07.report.nodes);
        let v09 = record::<lamosca_v09::AlphaBeta>(FEN, 3).unwrap();
        let read = reopen(&v09, "v09");
        assert_eq!(u64::from(read.node_count()), v09.report.nodes);
        let cuts = v09
            .events
            .iter()
            .filter(|e| matches!(e, Event::Cut(_)))
            .count() as u64;
        let reported = lamosca_search::statistic(&v09.report.statistics, "beta cut-offs")
            .and_then(|figure| figure.count());
        assert_eq!(Some(cuts), reported);
    }

    #[test]
    fn every_node_returns_the_value_its_parent_saw() {
        let v09 = record::<lamosca_v09::AlphaBeta>(FEN, 3).unwrap();
        let entered = v09
            .events
            .iter()
            .filter(|e| matches!(e, Event::Node(_)))
            .count();
        let returned = v09
            .events
            .iter()
            .filter(|e| matches!(e, Event::Result(_)))
            .count();
        assert_eq!(entered, returned);
        let Some(Event::Result(root)) = v09
            .events
            .iter()
            .rev()
            .find(|e| matches!(e, Event::Result(NodeResult { node: 1, .. })))
        else {
            panic!("the root returns")
        };
        assert_eq!(root.value, v09.report.value);
    }
}
