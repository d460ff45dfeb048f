//! What the generator writes for the v0.10 chapter: the boards of its
//! examples, its node tables and its Win At Chess scores. The traces come
//! from the crate's snapshots, copied by [`crate::generate`].

use std::path::Path;

use anyhow::{anyhow, Result};
use common::Square;

use crate::draw::diagram::{self, Marks, Tint};
use crate::generate::Generated;
use crate::searches::{position, v10_generated};
use crate::snapshots::Snapshot;
use crate::wac;

/// The position of the horizon-effect example: the knight on c3 and the
/// rook on d1 both attack the pawn on d5, which only the queen defends.
pub const RECAPTURE: &str = "3q2k1/5ppp/8/3p4/8/2N5/5PPP/3R2K1 w - - 0 1";

/// A static exchange evaluation example from `see.rs`'s tests: the knight
/// takes a pawn that a bishop defends, and the rook on d1 wins the bishop.
pub const SEE_EXAMPLE: &str = "4k3/8/2b5/3p4/5N2/8/8/3RK3 w - - 0 1";

fn square(name: &str) -> Square {
    Square::parse(name).expect("a square name written in the generator")
}

/// The move a snapshot's report chose: its `best move: d1d5, ...` line.
fn best_move_of(snapshot: &Snapshot) -> Option<&str> {
    snapshot
        .body
        .lines()
        .find_map(|line| line.strip_prefix("best move: "))
        .and_then(|rest| rest.split(',').next())
}

/// Everything the v0.10 chapter shows beyond the mirrored snapshots.
pub fn v10_chapter(root: &Path, snapshots: &[Snapshot]) -> Result<Vec<Generated>> {
    let find = |name: &str| {
        snapshots
            .iter()
            .find(|s| s.crate_name == "lamosca-v10-quiescence" && s.name == name)
            .ok_or_else(|| {
                anyhow!("no snapshot lamosca-v10-quiescence/tests/snapshots/{name}.snap")
            })
    };
    // The arrows are the two versions' answers, read from their traces.
    let recapture = position(RECAPTURE)?;
    let mut marks = Marks::none();
    for name in ["traces__recapture_d2_v09", "traces__recapture_d2_v10"] {
        let text = best_move_of(find(name)?).ok_or_else(|| anyhow!("{name} names no best move"))?;
        let mv = recapture
            .parse_move(text)
            .map_err(|error| anyhow!("{name}: {error}"))?;
        marks.tinted.push((mv.from, Tint::Move));
        marks.tinted.push((mv.to, Tint::Move));
        marks.arrows.push((mv.from, mv.to));
    }
    let see = position(SEE_EXAMPLE)?;
    let mut out = vec![
        Generated::new(
            "svg/v10-recapture.svg",
            diagram::board(
                &recapture,
                "The pawn on d5 is defended by the queen alone; the arrows are v0.09's and v0.10's answers",
                &marks,
            ),
        ),
        Generated::new(
            "svg/v10-see.svg",
            diagram::board(
                &see,
                "Nxd5 Bxd5 Rxd5: a pawn and a bishop for the knight",
                &Marks {
                    tinted: vec![(square("f4"), Tint::Move), (square("d5"), Tint::Move)],
                    arrows: vec![
                        (square("f4"), square("d5")),
                        (square("c6"), square("d5")),
                        (square("d1"), square("d5")),
                    ],
                },
            ),
        ),
    ];
    out.extend(v10_generated()?);
    out.extend(wac::generated(root)?);
    Ok(out)
}
