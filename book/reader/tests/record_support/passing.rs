//! A record that holds passes, before any step passes: a small fail-hard
//! alpha-beta that tries a null move before its moves, recorded through the
//! real tracer and recorder, as a null-move step's record would be.
//!
//! The position is chosen so that every reader meets what a pass changes:
//! after 1.e4 Black could take en passant, and Black's pass drops that
//! square; a pass's own node has moves below it, played from the position
//! after the pass; and some passes cut their node off while others do not.
//! The record is also a committed fixture, `PASS_FIXTURE`, which the
//! stepper's tests in Node.js read; `pass_record.rs` checks that it is
//! this search's record.

use std::path::PathBuf;

use common::{evaluate, Move, Position};
use lamosca_record::{default_options, record_search};
use lamosca_search::events::{NodeKind, Tracer, Window};
use lamosca_search::{no_moves_score, Engine, Report, SearchControl, INFINITY};

/// White to move; 1.e4 leaves a pawn Black's d4 pawn may take en passant.
pub const PASS_FEN: &str = "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1";

/// Deep enough that a pass's node has moves below it.
pub const PASS_DEPTH: u32 = 3;

/// The committed record, relative to the book's folder.
pub const PASS_FIXTURE: &str = "stepper/test/records/test-pass.jsonl";

/// The fixture's path, from any of the book's crates.
pub fn pass_fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(PASS_FIXTURE)
}

/// The search's record, as the recorder writes it.
pub fn pass_record() -> String {
    let position = Position::from_fen(PASS_FEN).expect("the test's FEN is good");
    let options = default_options::<Passing>();
    let (_, bytes) =
        record_search(&mut Passing, &position, PASS_DEPTH, 0, options, Vec::new()).unwrap();
    String::from_utf8(bytes).unwrap()
}

/// Fail-hard alpha-beta over the legal moves in generation order, which
/// first passes at every node below the root that is two plies or more
/// from its horizon and not in check, and searches the pass one ply less
/// deep with the null window at beta, as null-move pruning does (with no
/// further reduction, so that the tree stays small).
pub struct Passing;

impl Engine for Passing {
    const NAME: &'static str = "test null move";

    fn new() -> Self {
        Passing
    }

    fn search(
        &mut self,
        position: &mut Position,
        depth: u32,
        _: &SearchControl,
        tracer: &mut Tracer<'_>,
    ) -> Report {
        let mut best = None;
        let value = alpha_beta(position, 0, depth, -INFINITY, INFINITY, tracer, &mut best);
        Report {
            best,
            value,
            nodes: tracer.nodes_entered(),
            depth,
            pv: best.into_iter().collect(),
            interrupted: false,
            statistics: vec![],
        }
    }
}

/// The node at `ply`, `depth` plies from its horizon, searched in
/// (`alpha`, `beta`); its best move goes to `best`.
fn alpha_beta(
    position: &mut Position,
    ply: usize,
    depth: u32,
    mut alpha: i32,
    beta: i32,
    tracer: &mut Tracer<'_>,
    best: &mut Option<Move>,
) -> i32 {
    let window = Some(Window { alpha, beta });
    // A node reached by a pass names it: the tracer reads the last move
    // made, and `make_null` makes `Move::NULL`.
    tracer.node(ply, NodeKind::Main, position, window);
    if depth == 0 {
        return evaluate(position);
    }
    if ply > 0 && depth >= 2 && !position.in_check() {
        position.make_null();
        let value = -alpha_beta(
            position,
            ply + 1,
            depth - 1,
            -beta,
            1 - beta,
            tracer,
            &mut None,
        );
        position.unmake_null();
        if value >= beta {
            return cut(ply, Move::NULL, value, window, tracer, best);
        }
        tracer.moved(ply, Move::NULL, value);
    }
    let moves = position.legal_moves();
    if moves.is_empty() {
        let value = no_moves_score(position, ply);
        tracer.result(ply, false, value, None, window);
        return value;
    }
    for mv in moves {
        position.make(mv);
        let value = -alpha_beta(
            position,
            ply + 1,
            depth - 1,
            -beta,
            -alpha,
            tracer,
            &mut None,
        );
        position.unmake();
        if value >= beta {
            return cut(ply, mv, value, window, tracer, best);
        }
        tracer.moved(ply, mv, value);
        if value > alpha {
            alpha = value;
            *best = Some(mv);
        }
    }
    tracer.result(ply, true, alpha, *best, window);
    alpha
}

/// `mv` (a move or the pass) reached beta: the node, searched in
/// `window`, returns beta.
fn cut(
    ply: usize,
    mv: Move,
    value: i32,
    window: Option<Window>,
    tracer: &mut Tracer<'_>,
    best: &mut Option<Move>,
) -> i32 {
    let beta = window.map_or(INFINITY, |window| window.beta);
    tracer.cut(ply, mv, value);
    *best = Some(mv);
    tracer.result(ply, true, beta, Some(mv), window);
    beta
}
