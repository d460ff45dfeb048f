//! Reading the test suites in `common/suites/`, shared by the integration
//! tests of the board and of the front. A suite line is EPD: the four board fields of a FEN, perhaps the
//! two clocks, then operations separated by `;`. The perft suites use the
//! operations `;D1 20 ;D2 400 ...`: the number of leaves at each depth.

use std::path::PathBuf;

/// One line of a suite: its position and the perft counts it gives.
pub struct SuiteLine {
    /// Where the line comes from, as `file:line`, for failure messages.
    pub origin: String,
    /// The FEN as written: four fields, or six when the suite gives clocks.
    pub fen: String,
    /// `(depth, leaves)` pairs from the `;Dn count` operations, if any.
    pub counts: Vec<(usize, u64)>,
}

/// Reads `common/suites/<name>`. Panics with the line when a line is not
/// well formed: a broken suite must fail loudly, not shrink.
pub fn read_suite(name: &str) -> Vec<SuiteLine> {
    // The suites live in the board's folder, `common/suites`; the front's
    // tests, one folder down, read them too.
    let crate_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let board_dir = if crate_dir.join("suites").is_dir() {
        crate_dir
    } else {
        crate_dir.join("..")
    };
    let path = board_dir.join("suites").join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut lines = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let origin = format!("{name}:{}", number + 1);
        let (head, operations) = line.split_once(';').unwrap_or((line, ""));
        // The board fields, then the clocks when the next two words are
        // numbers (EPD operations such as `bm Qg6` follow the fourth field).
        let words: Vec<&str> = head.split_whitespace().collect();
        assert!(words.len() >= 4, "{origin}: fewer than 4 FEN fields");
        let mut fields = words[..4].to_vec();
        if words.len() >= 6 && words[4..6].iter().all(|w| w.parse::<u32>().is_ok()) {
            fields.extend_from_slice(&words[4..6]);
        }
        let mut counts = Vec::new();
        for operation in operations.split(';') {
            let operation = operation.trim();
            let Some(rest) = operation.strip_prefix('D') else {
                continue;
            };
            let mut parts = rest.split_whitespace();
            let depth = parts.next().and_then(|d| d.parse().ok());
            let leaves = parts.next().and_then(|n| n.parse().ok());
            match (depth, leaves) {
                (Some(depth), Some(leaves)) => counts.push((depth, leaves)),
                _ => panic!("{origin}: cannot read the perft operation '{operation}'"),
            }
        }
        lines.push(SuiteLine {
            origin,
            fen: fields.join(" "),
            counts,
        });
    }
    lines
}
