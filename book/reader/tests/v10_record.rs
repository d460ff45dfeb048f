//! v0.10's record: a quiescence node lists captures and queen promotions
//! only. (Every step's record against its report: `steps.rs`.)

use common::{PieceKind, Position};
use lamosca_reader::Record;
use lamosca_record::{default_options, record_search, Event, NodeKind};
use lamosca_search::Engine;
use lamosca_v10_quiescence::QuiescenceSearch;

/// Every quiescence node of a record whose side to move is not in check
/// lists captures and queen promotions only, the horizon nodes with none
/// to try included (their test for stalemate leaves the list alone); and
/// a queen promotion is among the moves listed where a pawn can make one.
#[test]
fn a_quiescence_node_lists_captures_and_promotions_only() {
    let positions = [
        (common::START_FEN, 3),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            2,
        ),
        ("3q2k1/5ppp/8/3p4/8/2N5/5PPP/3R2K1 w - - 0 1", 3),
        ("r6k/1P6/8/8/8/8/8/6K1 w - - 0 1", 2),
    ];
    let mut queenings = 0;
    for (fen, depth) in positions {
        let root = Position::from_fen(fen).unwrap();
        let mut engine = QuiescenceSearch::new();
        let options = default_options::<QuiescenceSearch>();
        let (_, bytes) = record_search(&mut engine, &root, depth, 0, options, Vec::new()).unwrap();
        let record = Record::from_bytes(bytes).unwrap();
        for id in 1..=record.node_count() {
            let node = record.node(id).unwrap();
            let mut position = root.clone();
            let moves = record.path(id);
            let path: Vec<&str> = moves.iter().map(|mv| mv.as_str()).collect();
            position.play_moves(&path).unwrap();
            if node.kind != NodeKind::Quiescence || position.in_check() {
                continue;
            }
            for (_, event) in record.node_events(id).unwrap() {
                let Event::Moves(list) = event else { continue };
                for listed in &list.moves {
                    let mv = position.parse_move(&listed.mv).unwrap();
                    let queening = mv.promotion.kind() == Some(PieceKind::Queen);
                    queenings += u32::from(queening && !mv.is_capture());
                    assert!(
                        mv.is_capture() || queening,
                        "{fen}, node {id} after {path:?}: {mv} listed"
                    );
                }
            }
        }
    }
    assert!(queenings > 0, "no quiet queen promotion was listed");
}
