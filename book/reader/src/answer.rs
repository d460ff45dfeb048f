//! The report's answer against the events: a record whose report says
//! what its tree does not is refused when it is opened.
//!
//! A search answers with its deepest finished depth ([`Record::depths`]):
//! the move and value that depth's node returned, and, in v0.11's report,
//! that depth as `depth reached`. A report edited by hand, or written for
//! another search, says otherwise, and every reader would set an answer
//! beside a tree that does not give it ("best d2d4 with value -500" beside
//! "e2e4 is worth at most 12"). The node count and the header's depth are
//! checked as the lines are read, in [`Record::open`]'s index.

use crate::error::RecordError;
use crate::reader::Record;

impl Record {
    /// Checks the report's value, move and depth reached against the
    /// deepest finished depth's node; a disagreement is an error at the
    /// report's line, the last.
    pub(crate) fn check_answer(&self) -> Result<(), RecordError> {
        let Some(finished) = self.deepest_finished()? else {
            return Ok(());
        };
        let refused = |reason: String| RecordError::Malformed {
            line: self.events(),
            reason,
        };
        let summary = self.summary();
        let depth = finished.depth;
        if let Some(node) = self.node(finished.node) {
            let returned = node.best.map(|mv| mv.to_string());
            if (summary.value, &summary.best) != (node.value, &returned) {
                let at = self
                    .top_result_line(node.id)
                    .map_or(String::new(), |line| format!(" on line {line}"));
                return Err(refused(format!(
                    "the report answers {} with value {}, and node {}, which searched depth \
                     {depth} (the deepest that finished), returned {} with value {}{at}",
                    name(&summary.best),
                    summary.value,
                    node.id,
                    name(&returned),
                    node.value,
                )));
            }
        }
        let reached = summary
            .statistics
            .iter()
            .find(|figure| figure.label == "depth reached")
            .and_then(|figure| figure.value.count());
        match reached {
            Some(reached) if reached != u64::from(depth) => Err(refused(format!(
                "the report's depth reached is {reached}, and the deepest depth that finished \
                 is {depth}"
            ))),
            _ => Ok(()),
        }
    }
}

/// A move as the report and the result lines name it, `none` for none.
fn name(mv: &Option<String>) -> &str {
    mv.as_deref().unwrap_or("none")
}
