//! Kornilov's search, read from the top: the constants the seed names, the
//! engine the driver calls with its switches, then the recursive search
//! step by step, then what it calls. Set it beside v0.10's `search.rs`: the
//! alpha-beta loop is still there (steps 7 to 11), and around it come the
//! seed's steps: draws, the selective stand pat, the internal deepening and
//! the lazy cut.
//!
//! The recursion follows the seed's `Search(node, Depth, ply, alpha, beta,
//! retMove, score, isLazyEval, color)`:
//!
//! - `node` is the move that led to the position ([`Arrival`]): its gain and
//!   whether it captured; whether it gave check is asked of the position;
//! - `score` is the node's score, passed down instead of evaluated;
//! - `retMove` is the best move, handed back to the caller ([`Hint`]), with
//!   the depth at which it was found;
//! - `isLazyEval` says the node lies inside a reduced search, the `N - 2`
//!   search of some node above it, where nothing may be cut unsearched.
//!
//! The search is fail-soft, as the seed's: a node returns the best value it
//! saw, which may lie outside its window.

use common::trace::{Tracer, Window};
use common::{
    no_moves_score, piece_value, Engine, EngineOption, Move, MoveStack, OptionKind, OptionValue,
    PieceKind, Position, Report, SearchControl, Statistic, INFINITY,
};
use lamosca_v09::ordering::{pick, Killers};
use lamosca_v10_quiescence::Quiescence;

use crate::ordering::score_moves;
use crate::scoring::{to_centipawns, Evaluation, Scoring};

// ANCHOR: constants
/// The growth margin (Kornilov's "поле роста", seed 002) in the seed's
/// units: "equal to the largest strategic gain, usually half a pawn". A
/// quiet move deep in the tree is not expected to win more than that, so a
/// node whose score stands that far above beta is expected to stay there.
/// The `Margin` switch takes it in these units; the search uses
/// [`to_centipawns`] of it: 64 becomes 50, half of our pawn.
pub const GROWTH_MARGIN: i32 = 64;

/// Kornilov's `ext` for plies 1 to 4: -64 in the seed's units. No move
/// loses that much score (the largest strategic loss is 63, less than half
/// a pawn in either unit), so no node there stands pat: the first plies are
/// searched full width.
pub const FULL_WIDTH: i32 = to_centipawns(-64);

/// Kornilov's `ext[ply]` (seed 002), "the structure of the selective
/// search": a node `ply` plies from the root may stand pat unless the move
/// that led to it gained at least this much (the move "is extended") or
/// gave check. Full width for plies 1 to 4, then a pawn, a bishop, a rook
/// and a queen at plies 5 to 8, then [`INFINITY`]: the deeper the ply, the
/// larger the gain that is followed up without a stand pat. Material needs
/// no conversion: the seed's `W_PAWN` .. `W_QUEEN` are our piece values.
pub const EXT: [i32; 9] = [
    FULL_WIDTH, // the root, which never stands pat
    FULL_WIDTH,
    FULL_WIDTH,
    FULL_WIDTH,
    FULL_WIDTH,
    piece_value(PieceKind::Pawn),
    piece_value(PieceKind::Bishop),
    piece_value(PieceKind::Rook),
    piece_value(PieceKind::Queen),
];

/// The seed's test for "not a capture" in the lazy cut: a gain below a
/// pawn.
const PAWN: i32 = piece_value(PieceKind::Pawn);
// ANCHOR_END: constants

/// `ext[ply]`, [`INFINITY`] past the table.
fn ext(ply: usize) -> i32 {
    EXT.get(ply).copied().unwrap_or(INFINITY)
}

// ANCHOR: options
/// The switches of this version: each of Kornilov's ideas can be turned off
/// to measure it, the growth margin set, and his strategic tables chosen
/// instead of LaMoSca's evaluation.
const OPTIONS: &[EngineOption] = &[
    EngineOption {
        name: "Iid",
        flag: "iid",
        help: "internal iterative deepening: search each node two plies shallower first",
        kind: OptionKind::Check { default: true },
    },
    EngineOption {
        name: "Lazy",
        flag: "lazy",
        help: "lazy cuts: prune a node whose score and shallower value beat beta by the margin",
        kind: OptionKind::Check { default: true },
    },
    EngineOption {
        name: "Selective",
        flag: "selective",
        help: "selective stand pat past ply 4 after moves that gain less than ext[ply]",
        kind: OptionKind::Check { default: true },
    },
    EngineOption {
        name: "Margin",
        flag: "margin",
        help: "the growth margin of the lazy cut, in the seed's units (64 = half a pawn)",
        kind: OptionKind::Spin {
            default: GROWTH_MARGIN as i64,
            min: 0,
            max: 1280,
        },
    },
    EngineOption {
        name: "Eval",
        flag: "eval",
        help: "the tables behind each move's gain: lamosca or kornilov (strategic)",
        kind: OptionKind::Combo {
            default: "lamosca",
            choices: &["lamosca", "kornilov"],
        },
    },
];
// ANCHOR_END: options

/// The switches, as the search reads them.
#[derive(Clone, Copy, Debug)]
pub struct Switches {
    /// Internal iterative deepening.
    pub iid: bool,
    /// Lazy cuts (they need the internal deepening's result).
    pub lazy: bool,
    /// The selective stand pat.
    pub selective: bool,
    /// The growth margin, in centipawns.
    pub margin: i32,
    /// The tables behind the gains.
    pub evaluation: Evaluation,
}

impl Default for Switches {
    fn default() -> Self {
        Switches {
            iid: true,
            lazy: true,
            selective: true,
            margin: to_centipawns(GROWTH_MARGIN),
            evaluation: Evaluation::Lamosca,
        }
    }
}

/// LaMoSca v0.11: Kornilov's search with internal iterative deepening,
/// lazy cuts, a selective stand pat and incremental scoring, with v0.10's
/// quiescence at the horizon.
#[derive(Default)]
pub struct LazySearch {
    /// The moves of every ply, reused from one search to the next.
    stack: MoveStack,
    /// v0.09's killer moves, Kornilov's "best moves of the neighbouring
    /// node".
    killers: Killers,
    /// v0.10's quiescence search, called at the horizon.
    /// v0.10's quiescence search, called at the horizon.
    quiescence: Quiescence,
    /// The switches.
    pub switches: Switches,
}

impl Engine for LazySearch {
    const NAME: &'static str = "LaMoSca v0.11";

    const OPTIONS: &'static [EngineOption] = OPTIONS;

    /// The search deepens by itself until the deadline (seed 002's
    /// `TimeOver`), so the driver calls it once.
    const MANAGES_TIME: bool = true;

    fn new() -> Self {
        LazySearch::default()
    }

    fn set_option(&mut self, name: &str, value: OptionValue) {
        let switches = &mut self.switches;
        match (name, value) {
            ("Iid", OptionValue::Check(on)) => switches.iid = on,
            ("Lazy", OptionValue::Check(on)) => switches.lazy = on,
            ("Selective", OptionValue::Check(on)) => switches.selective = on,
            ("Margin", OptionValue::Spin(margin)) => {
                switches.margin = to_centipawns(margin.clamp(0, 1280) as i32);
            }
            ("Eval", OptionValue::Combo(name)) => {
                switches.evaluation = if name == "kornilov" {
                    Evaluation::Kornilov
                } else {
                    Evaluation::Lamosca
                };
            }
            _ => {}
        }
    }

    fn new_game(&mut self) {
        self.killers.clear();
    }

    // ANCHOR: entry
    fn search(
        &mut self,
        position: &mut Position,
        depth: u32,
        control: &SearchControl,
        tracer: &Tracer,
    ) -> Report {
        // Step 1. The tables are chosen once, at the root. The root's score
        // is the only one the main search evaluates from scratch; every
        // other node receives its own from its parent.
        let mut search = self.begin(position, control, tracer);
        let score = search.scoring.evaluate(position);
        let depth = depth as i32;

        // Step 2. The root is called once, with the whole depth: with
        // internal deepening it first searches itself at depth - 2, which
        // first searches depth - 4, and so on, so the root deepens 2, 4,
        // 6, ... by itself until the time is over. Without it, the root
        // deepens one ply at a time, as the driver does for v0.10.
        if search.switches.iid {
            search.search(position, Node::root(depth, score), -INFINITY, INFINITY);
        } else {
            for iteration in 1..=depth {
                search.search(position, Node::root(iteration, score), -INFINITY, INFINITY);
                if search.stopped {
                    break;
                }
            }
        }

        // Step 3. The answer is the move recorded while time was not over;
        // a search stopped before its first iteration ended answers the
        // first legal move.
        let (best, value) = match search.answer {
            Some(answer) => (Some(answer.mv), answer.value),
            None => match position.legal_moves().first() {
                Some(&first) => (Some(first), 0),
                None => (None, no_moves_score(position, 0)),
            },
        };
        let depth_reached = search.depth_reached;
        let stopped = search.stopped;
        let counts = search.counts;
        let quiescence = self.quiescence.counts;
        // A horizon node that stood pat on the score passed down counts as
        // the quiescence node it replaces.
        let quiescence_nodes = quiescence.nodes + counts.horizon_stand_pats;
        let nodes = counts.nodes + quiescence_nodes;
        Report {
            best,
            value,
            nodes,
            depth: depth_reached,
            pv: best.into_iter().collect(),
            interrupted: stopped,
            statistics: counts.statistics(quiescence_nodes, nodes, depth_reached),
        }
    }
    // ANCHOR_END: entry
}

impl LazySearch {
    /// A search from `position`: the tables chosen for it, the quiescence
    /// at the horizon standing pat on the same evaluation the incremental
    /// score adds up, and the killers of the last search forgotten.
    fn begin<'a>(
        &'a mut self,
        position: &Position,
        control: &'a SearchControl,
        tracer: &'a Tracer,
    ) -> Search<'a> {
        let scoring = Scoring::for_position(self.switches.evaluation, position);
        self.quiescence.settings.evaluate = scoring.evaluator();
        self.quiescence.reset_counts();
        self.killers.clear();
        Search {
            stack: &mut self.stack,
            killers: &mut self.killers,
            quiescence: &mut self.quiescence,
            switches: self.switches,
            scoring,
            control,
            tracer,
            counts: Counts::default(),
            stopped: false,
            answer: None,
            depth_reached: 0,
        }
    }
}

/// The move that led to a node (the seed's `node`), as far as the node
/// needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrival {
    /// Its gain for the side that made it.
    pub gain: i32,
    /// True when it captured.
    pub capture: bool,
}

/// A best move handed back to the caller (the seed's `retMove`): the move
/// and the depth of the search that last found it best.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The move.
    pub mv: Move,
    /// The depth it was found at.
    pub depth: i32,
}

/// What the recursion passes down to a node.
#[derive(Clone, Copy, Debug)]
pub struct Node {
    /// The plies left to search (`Depth`).
    pub depth: i32,
    /// The plies from the root (`ply`).
    pub ply: usize,
    /// The node's score for the side to move, passed down (`score`).
    pub score: i32,
    /// The move that led here (`node`).
    pub arrival: Arrival,
    /// Inside a reduced search (`isLazyEval`): no lazy cut here.
    pub reduced: bool,
}

impl Node {
    /// The root, `depth` plies deep, with the position's `score`.
    fn root(depth: i32, score: i32) -> Node {
        Node {
            depth,
            ply: 0,
            score,
            arrival: Arrival {
                gain: 0,
                capture: false,
            },
            reduced: false,
        }
    }

    /// The same node searched two plies shallower. Below the root that is
    /// a reduced search; at the root it is the previous iteration, a full
    /// search in its own right (seed 002: `ply == 0 ? false : true`).
    fn shallower(self) -> Node {
        Node {
            depth: self.depth - 2,
            reduced: self.reduced || self.ply > 0,
            ..self
        }
    }

    /// The node `mv` leads to: one ply less to go, one ply further from the
    /// root, and the score seen from the other side after the gain.
    fn child(self, mv: Move, gain: i32) -> Node {
        Node {
            depth: self.depth - 1,
            ply: self.ply + 1,
            score: -(self.score + gain),
            arrival: Arrival {
                gain,
                capture: mv.is_capture(),
            },
            reduced: self.reduced,
        }
    }
}

/// What a search counts, for its statistics; the quiescence counts its own
/// nodes.
#[derive(Clone, Copy, Debug, Default)]
struct Counts {
    nodes: u64,
    /// Nodes cut off by a move that reached beta.
    cuts: u64,
    /// Of those, the nodes cut off by the move the deepening handed up.
    hint_cuts: u64,
    /// Searches two plies shallower run before a node's own.
    deepenings: u64,
    /// Nodes cut off unsearched.
    lazy_cuts: u64,
    /// Nodes whose side to move stood pat in the main search.
    stand_pats: u64,
    /// Of those, the nodes where that alone reached beta.
    stand_pat_cuts: u64,
    /// Lines ended by a draw by the rules.
    draws: u64,
    /// Horizon nodes whose score passed down reached beta: the stand pat
    /// the quiescence would have made, without its evaluation.
    horizon_stand_pats: u64,
}

impl Counts {
    /// The figures printed after the trace.
    fn statistics(&self, quiescence_nodes: u64, nodes: u64, depth: u32) -> Vec<Statistic> {
        vec![
            Statistic::share("quiescence nodes", quiescence_nodes, nodes),
            Statistic::count("beta cut-offs", self.cuts),
            Statistic::share("cut-offs by the move handed up", self.hint_cuts, self.cuts),
            Statistic::count("internal deepenings", self.deepenings),
            Statistic::count("lazy cuts", self.lazy_cuts),
            Statistic::count("selective stand pats", self.stand_pats),
            Statistic::count("stand-pat cut-offs", self.stand_pat_cuts),
            Statistic::count("draws", self.draws),
            Statistic::count("depth reached", u64::from(depth)),
            Statistic::branching_factor(nodes, depth),
        ]
    }
}

/// The root's move and value, recorded while time is not over.
#[derive(Clone, Copy, Debug)]
struct Answer {
    mv: Move,
    value: i32,
}

/// One search: what the recursion shares.
struct Search<'a> {
    stack: &'a mut MoveStack,
    killers: &'a mut Killers,
    quiescence: &'a mut Quiescence,
    switches: Switches,
    scoring: Scoring,
    control: &'a SearchControl,
    tracer: &'a Tracer,
    counts: Counts,
    /// `TimeOver()`: set once the control says stop; every node then
    /// returns at once, and nothing it found is recorded.
    stopped: bool,
    /// The root's best move so far (the seed's `glMove`).
    answer: Option<Answer>,
    /// The deepest root iteration that finished.
    depth_reached: u32,
}

impl Search<'_> {
    // ANCHOR: search
    /// The value of `position` for the side to move, searched `node.depth`
    /// plies deep within (`alpha`, `beta`), fail-soft, and the best move
    /// found with the depth it was found at.
    fn search(
        &mut self,
        position: &mut Position,
        node: Node,
        mut alpha: i32,
        beta: i32,
    ) -> (i32, Option<Hint>) {
        let Node {
            depth,
            ply,
            score,
            arrival,
            ..
        } = node;
        let level = ply as u32 + 1;
        debug_assert_eq!(
            score,
            self.scoring.evaluate(position),
            "the score passed down differs from the evaluation"
        );

        // Step 1. A draw by the rules ends the line: a repetition of a
        // position of the game or of the line, the fifty-move rule, or too
        // little material to mate. Not at the root, which must choose a move.
        if ply > 0 && is_draw(position) {
            self.counts.draws += 1;
            return (0, None);
        }

        // ANCHOR: horizon_step
        // Step 2. The horizon: v0.10's quiescence search, standing pat on
        // the same evaluation the score adds up. When the score passed down
        // already reaches beta and the side to move is not in check, the
        // quiescence would stand pat on it and return at once: the score
        // is returned without building the evaluation again from scratch.
        if depth <= 0 {
            if score >= beta && !position.in_check() {
                self.counts.horizon_stand_pats += 1;
                let window = Window { alpha, beta };
                self.tracer.horizon(level, window);
                self.tracer.stand_pat(level, score, true);
                self.tracer.quiescence_result(level, true, score, window);
                return (score, None);
            }
            let horizon =
                self.quiescence
                    .horizon(position, alpha, beta, level, self.control, self.tracer);
            let Some(value) = horizon else {
                self.stopped = true;
                return (0, None);
            };
            return (value, None);
        }
        // ANCHOR_END: horizon_step
        self.counts.nodes += 1;

        // Step 3. TimeOver: once the time is over, every node returns at
        // once and the caller throws its value away.
        if self.control.poll(self.counts.nodes) {
            self.stopped = true;
            return (0, None);
        }
        let window = Window { alpha, beta };
        let in_check = position.in_check();
        let mut res = -INFINITY;

        // ANCHOR: selective_step
        // Step 4. The selective stand pat: past the root, after a move that
        // gained less than ext[ply] and gave no check, the side to move may
        // keep its score rather than move.
        let mut stood_pat = false;
        if self.switches.selective && ply > 0 && arrival.gain < ext(ply) && !in_check {
            self.counts.stand_pats += 1;
            res = score;
            alpha = alpha.max(res);
            if alpha >= beta {
                self.counts.stand_pat_cuts += 1;
                let tracer = self.tracer;
                tracer.selective_stand_pat(level, arrival.gain, ext(ply), score, true);
                tracer.result(level, true, res, None, Some(window));
                return (res, None);
            }
            stood_pat = true;
        }
        // ANCHOR_END: selective_step

        // ANCHOR: deepening_step
        // Step 5. Internal deepening: search this node two plies shallower
        // for a best move to try first.
        let mut hint = None;
        if self.switches.iid && depth > 2 {
            self.counts.deepenings += 1;
            let (value, found) = self.search(position, node.shallower(), alpha, beta);
            if self.stopped {
                return (0, found);
            }
            self.tracer
                .deepened(level, depth - 2, found.map(|hint| hint.mv), value);

            // Step 6. The lazy cut: the shallower search confirms what the
            // score says, so the whole branch is pruned unsearched.
            if self.switches.lazy
                && lazy_cut_allowed(&node, found, value, beta, in_check, self.switches.margin)
            {
                self.counts.lazy_cuts += 1;
                let margin = self.switches.margin;
                self.tracer
                    .lazy_cut(level, score, value, depth - 2, margin, beta);
                return (beta, None);
            }
            hint = found;
        }
        // ANCHOR_END: deepening_step
        if stood_pat {
            self.tracer
                .selective_stand_pat(level, arrival.gain, ext(ply), score, false);
        }

        // ANCHOR: moves_step
        // Step 7. The moves in Kornilov's order: the move handed up first.
        let count = self.stack.generate(position, ply).len();
        let moves = self.stack.moves_mut(ply);
        score_moves(moves, hint.map(|h| h.mv), self.scoring, self.killers, ply);
        // Until a move raises alpha, the best move is the one handed up, at
        // the depth it was found at (the seed keeps it in `retMove`).
        let mut best = hint;
        for i in 0..count {
            // Step 8. Bring the best remaining move forward (Pick).
            self.pick(ply, i, level);
            let mv = self.stack.moves(ply)[i].mv;

            // Step 9. Search it; the child's score is ours plus the gain,
            // seen from the other side.
            let value = self.child(position, node, mv, alpha, beta);
            if self.stopped {
                return (0, best);
            }
            res = res.max(value);

            // Step 10. A better move is recorded, with this depth. The time
            // is not over here, or the search would have returned: an
            // iteration cut short never replaces a finished answer.
            if res > alpha {
                alpha = res;
                best = Some(Hint { mv, depth });
                if ply == 0 {
                    self.answer = Some(Answer { mv, value: res });
                }
            }

            // Step 11. Fail high: the moves left are not searched.
            if alpha >= beta {
                self.fail_high(mv, i, ply, hint);
                self.tracer.cut(level, mv, value);
                self.tracer.result(level, true, res, Some(mv), Some(window));
                return (res, best);
            }
            self.tracer.moved(level, mv, value);
        }
        // ANCHOR_END: moves_step

        // Step 12. No legal move: mated or stalemated, whatever the stand
        // pat said.
        if count == 0 {
            res = no_moves_score(position, ply);
        }
        if ply == 0 {
            self.depth_reached = self.depth_reached.max(depth as u32);
        }
        let best_move = best.map(|hint| hint.mv);
        self.tracer
            .result(level, count > 0, res, best_move, Some(window));
        (res, best)
    }
    // ANCHOR_END: search

    // ANCHOR: child
    /// Makes `mv`, searches the node it leads to with the window turned
    /// round, and unmakes it. The child's score is not evaluated: it is
    /// `-(score + gain)`, Kornilov's incremental score.
    fn child(
        &mut self,
        position: &mut Position,
        node: Node,
        mv: Move,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let gain = self.scoring.gain(mv);
        position.make(mv);
        let value = -self.search(position, node.child(mv, gain), -beta, -alpha).0;
        position.unmake();
        value
    }
    // ANCHOR_END: child

    /// Brings the best of the moves from slot `i` on to slot `i`, and
    /// reports the swap before the move is searched.
    fn pick(&mut self, ply: usize, i: usize, level: u32) {
        let moves = self.stack.moves_mut(ply);
        if let Some(from) = pick(moves, i) {
            self.tracer.swap(level, moves[from], moves[i]);
        }
    }

    /// The move in slot `i` cut the node off: count it, and keep it as a
    /// killer of the ply when it is quiet.
    fn fail_high(&mut self, mv: Move, i: usize, ply: usize, hint: Option<Hint>) {
        self.counts.cuts += 1;
        if i == 0 && hint.is_some_and(|hint| hint.mv == mv) {
            self.counts.hint_cuts += 1;
        }
        if !mv.is_capture() {
            self.killers.store(ply, mv);
        }
    }
}

// ANCHOR: lazy_cut
/// Kornilov's conditions for cutting `node` off without searching it, once
/// its search two plies shallower returned `value` and the move `found`.
/// All must hold (seed 002):
pub fn lazy_cut_allowed(
    node: &Node,
    found: Option<Hint>,
    value: i32,
    beta: i32,
    in_check: bool,
    margin: i32,
) -> bool {
    let Some(found) = found else {
        return false; // the shallower search found a best move
    };
    found.depth >= node.depth - 2 // found at a sufficient depth
        && node.ply != 0 // not the root
        && !node.reduced // not inside a reduced search
        && node.score - margin >= beta // the score beats beta by the growth margin
        && value - margin >= beta // and the shallower search confirms it
        && !node.arrival.capture // the move that led here was not a capture
        && node.arrival.gain < PAWN // (the seed's test: it gained less than a pawn)
        && !in_check // nor a check
}
// ANCHOR_END: lazy_cut

// ANCHOR: draws
/// True when the rules make the position a draw, whatever follows: it
/// repeats a position of the game or of the line, fifty moves passed
/// without a capture or a pawn move, or neither side can mate.
fn is_draw(position: &Position) -> bool {
    position.is_repetition()
        || position.is_fifty_move_draw()
        || position.has_insufficient_material()
}
// ANCHOR_END: draws

#[cfg(test)]
mod tests {
    use super::*;

    /// A node that passes every condition of the lazy cut.
    fn cuttable() -> (Node, Option<Hint>) {
        let position = Position::startpos();
        let mv = position.parse_move("e2e4").unwrap();
        let node = Node {
            depth: 5,
            ply: 3,
            score: 200,
            arrival: Arrival {
                gain: 10,
                capture: false,
            },
            reduced: false,
        };
        (node, Some(Hint { mv, depth: 3 }))
    }

    #[test]
    fn the_lazy_cut_needs_every_condition() {
        let (node, found) = cuttable();
        let margin = 50;
        let allowed = |node: &Node, found, value, in_check| {
            lazy_cut_allowed(node, found, value, 100, in_check, margin)
        };
        assert!(allowed(&node, found, 180, false));
        // Never at the root, never inside a reduced search.
        assert!(!allowed(&Node { ply: 0, ..node }, found, 180, false));
        assert!(!allowed(
            &Node {
                reduced: true,
                ..node
            },
            found,
            180,
            false
        ));
        // Not without a move, nor with one from too shallow a search.
        assert!(!allowed(&node, None, 180, false));
        let stale = found.map(|hint| Hint { depth: 1, ..hint });
        assert!(!allowed(&node, stale, 180, false));
        // Both values must beat beta by the margin.
        assert!(!allowed(&Node { score: 149, ..node }, found, 180, false));
        assert!(!allowed(&node, found, 149, false));
        // Not after a capture or a check.
        let capture = Arrival {
            gain: 10,
            capture: true,
        };
        assert!(!allowed(
            &Node {
                arrival: capture,
                ..node
            },
            found,
            180,
            false
        ));
        let big_gain = Arrival {
            gain: 100,
            capture: false,
        };
        assert!(!allowed(
            &Node {
                arrival: big_gain,
                ..node
            },
            found,
            180,
            false
        ));
        assert!(!allowed(&node, found, 180, true));
    }

    #[test]
    fn ext_follows_the_seed() {
        let limits: Vec<i32> = (0..11).map(ext).collect();
        assert_eq!(
            limits,
            [-50, -50, -50, -50, -50, 100, 300, 500, 1000, INFINITY, INFINITY]
        );
    }

    /// The lazy cuts made below a node one ply from the root, searched six
    /// plies deep, as a main search or as a reduced one.
    fn lazy_cuts_below(fen: &str, reduced: bool) -> u64 {
        let mut position = Position::from_fen(fen).expect("valid FEN");
        let mut engine = LazySearch::new();
        let control = SearchControl::unlimited();
        let mut search = engine.begin(&position, &control, &Tracer::OFF);
        let node = Node {
            ply: 1,
            reduced,
            ..Node::root(6, search.scoring.evaluate(&position))
        };
        search.search(&mut position, node, -INFINITY, INFINITY);
        search.counts.lazy_cuts
    }

    #[test]
    fn no_lazy_cut_inside_a_reduced_search() {
        let positions = [
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
            "3q2k1/5ppp/8/3p4/8/2N5/5PPP/3R2K1 w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ];
        for fen in positions {
            // The same node, searched as a main search, does cut lazily.
            assert!(lazy_cuts_below(fen, false) > 0, "{fen}");
            assert_eq!(lazy_cuts_below(fen, true), 0, "{fen}");
        }
    }

    #[test]
    fn the_root_deepening_is_not_a_reduced_search() {
        let root = Node::root(6, 0);
        assert!(!root.shallower().reduced);
        let (node, _) = cuttable();
        assert!(node.shallower().reduced);
        assert!(node.shallower().shallower().reduced);
    }
}
