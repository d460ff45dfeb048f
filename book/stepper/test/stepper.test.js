// Tests of the stepper's reading of records and of its lockstep:
// `node --test book/stepper/test/stepper.test.js`.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");
const { RecordError, indexRecord, viewAt, follow, describe, showValue } = require("../stepper.js");

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const lines = (...events) => events.map((e) => JSON.stringify(e)).join("\n") + "\n";
const header = { event: "search", schema: 1, version: "test alpha-beta", fen: START, depth: 2 };

// A depth-2 alpha-beta search by hand: pick brings e2e4 forward, then
// d2d4 is refuted by d7d5, which cuts.
const ALPHA_BETA = lines(
  header,
  { event: "node", id: 1, parent: null, level: 2, move: null, alpha: -100, beta: 100 }, // step 0
  { event: "moves", node: 1, moves: ["d2d4=3", "e2e4=5", "g1f3=1"] }, // 1
  { event: "swap", node: 1, out: "d2d4", out_value: 3, in: "e2e4", in_value: 5 }, // 2
  { event: "node", id: 2, parent: 1, level: 1, move: "e2e4", alpha: -100, beta: 100 }, // 3
  { event: "result", node: 2, value: -10, best: null }, // 4
  { event: "node", id: 3, parent: 1, level: 1, move: "d2d4", alpha: -100, beta: -10 }, // 5
  { event: "node", id: 4, parent: 3, level: 0, move: "d7d5", alpha: 10, beta: 100 }, // 6
  { event: "result", node: 4, value: -20, best: null }, // 7
  { event: "cut", node: 3, move: "d7d5", value: 20 }, // 8
  { event: "result", node: 3, value: -10, best: "d7d5" }, // 9
  { event: "node", id: 5, parent: 1, level: 1, move: "g1f3", alpha: -100, beta: -10 }, // 10
  { event: "result", node: 5, value: 0, best: null }, // 11
  { event: "result", node: 1, value: 10, best: "e2e4" }, // 12
  { event: "report", best: "e2e4", value: 10, nodes: 5 }
);

// NegaMax over the same moves, searching both replies to d2d4.
const NEGAMAX = [
  { ...header, version: "test NegaMax" },
  { event: "node", id: 1, parent: null, level: 2, move: null },
  { event: "node", id: 2, parent: 1, level: 1, move: "d2d4" },
  { event: "node", id: 3, parent: 2, level: 0, move: "d7d5" },
  { event: "result", node: 3, value: -20, best: null },
  { event: "node", id: 4, parent: 2, level: 0, move: "e7e5" }, // step 4
  { event: "result", node: 4, value: 5, best: null },
  { event: "result", node: 2, value: 20, best: "d7d5" },
  { event: "node", id: 5, parent: 1, level: 1, move: "e2e4" },
  { event: "result", node: 5, value: -10, best: null },
  { event: "result", node: 1, value: 10, best: "e2e4" },
  { event: "report", best: "e2e4", value: 10, nodes: 5 },
];

test("a record is indexed by node, with paths from the root", () => {
  const record = indexRecord(ALPHA_BETA);
  assert.equal(record.nodes.size, 5);
  assert.equal(record.steps.length, 13);
  assert.deepEqual(record.nodes.get(4).path, ["d2d4", "d7d5"]);
  assert.equal(record.nodes.get(3).cut, 8);
  assert.equal(record.report.nodes, record.nodes.size);
});

test("a node's result hands the focus back to its parent", () => {
  const record = indexRecord(ALPHA_BETA);
  assert.deepEqual(Array.from(record.focus), [1, 1, 1, 2, 1, 3, 4, 3, 3, 1, 5, 1, 1]);
});

test("a swap reorders the moves not yet tried, as pick does", () => {
  const view = viewAt(indexRecord(ALPHA_BETA), 2);
  assert.deepEqual(view.untried.map((e) => e.move), ["e2e4", "d2d4", "g1f3"]);
  assert.equal(view.untried[0].swap.out, "d2d4");
  assert.equal(view.untried[0].order, 5);
});

test("without a move list, the move pick brought forward waits as the next", () => {
  // The real records leave the list out: only the swap tells what comes next.
  const record = indexRecord(ALPHA_BETA.split("\n").filter((line) => !line.includes('"moves"')).join("\n"));
  const view = viewAt(record, 1);
  assert.deepEqual(view.untried.map((e) => e.move), ["e2e4"]);
  assert.equal(view.untried[0].order, 5);
  assert.deepEqual(viewAt(record, 2).untried, []);
});

test("a node searched again inside itself shares its parent's path", () => {
  // v0.11 enters the root again, with no move, for its internal deepening.
  const record = indexRecord(lines(
    header,
    { event: "node", id: 1, parent: null, level: 1, move: null, alpha: -100, beta: 100 },
    { event: "node", id: 2, parent: 1, level: 1, move: null, alpha: -100, beta: 100, kind: "reduced" },
    { event: "node", id: 3, parent: 2, level: 2, move: "e2e4", alpha: -100, beta: 100 },
    { event: "result", node: 3, value: 0, best: null },
    { event: "result", node: 2, value: 0, best: "e2e4" },
    { event: "result", node: 1, value: 0, best: "e2e4" },
    { event: "report", best: "e2e4", value: 0, nodes: 3 }
  ));
  assert.deepEqual(record.nodes.get(2).path, []);
  assert.deepEqual(record.nodes.get(3).path, ["e2e4"]);
  assert.equal(record.nodes.get(2).again, true);
});

test("the moves tried so far carry their values, negated for the side to move", () => {
  // The root at step 5, as d2d4 is entered.
  const view = viewAt(indexRecord(ALPHA_BETA), 5, 1);
  assert.deepEqual(view.rows.map((r) => [r.move, r.value, r.searching]), [["e2e4", 10, false], ["d2d4", null, true]]);
  assert.equal(view.best, 10);
  assert.deepEqual(view.untried.map((e) => e.move), ["g1f3"]);
});

test("the cut marks its move and is the node's best value", () => {
  const view = viewAt(indexRecord(ALPHA_BETA), 8);
  assert.equal(view.node.id, 3);
  assert.equal(view.cut.move, "d7d5");
  assert.deepEqual(view.rows.map((r) => [r.move, r.cut]), [["d7d5", true]]);
  assert.equal(view.best, 20);
});

test("two records step in lockstep by path", () => {
  const negamax = indexRecord(NEGAMAX);
  const alphaBeta = indexRecord(ALPHA_BETA);
  // NegaMax enters d2d4 d7d5 at its step 2; alpha-beta did at its step 6.
  assert.deepEqual(follow(negamax, alphaBeta, 2), { step: 6, focusId: 4, missing: null });
  // Back at the root as e2e4 returns, and as the root returns.
  assert.deepEqual(follow(negamax, alphaBeta, 8), { step: 4, focusId: 1, missing: null });
  assert.deepEqual(follow(negamax, alphaBeta, 9), { step: 12, focusId: 1, missing: null });
});

test("a branch the follower never visits names the move that cut it off", () => {
  const place = follow(indexRecord(NEGAMAX), indexRecord(ALPHA_BETA), 4);
  assert.equal(place.focusId, 3);
  assert.equal(place.step, 8);
  assert.equal(place.missing, "test alpha-beta never visits d2d4 e7e5: d7d5 cut it off at node 3.");
});

test("a broken record is refused with the line that is wrong", () => {
  const cases = [
    ["", /line 1: the first event is not `search`/],
    [lines({ ...header, schema: 2 }), /line 1: schema 2, this viewer reads 1/],
    [lines(header) + "{not json\n", /line 2: not JSON/],
    [lines(header, { event: "cut", node: 7, move: "e2e4", value: 1 }), /line 2: `cut` names node 7, which was not entered/],
    [lines(header, { event: "node", id: 1, parent: null, level: 1, move: null }, { event: "node", id: 1, parent: 1, level: 0, move: "e2e4" }), /line 3: node 1 is entered twice/],
    [lines(header, { event: "node", id: 1, parent: null, level: 1, move: null }, { event: "node", id: 2, parent: null, level: 0, move: null }), /line 3: node 2 has no parent/],
    [lines(header), /the record has no node/],
    [42, /neither text nor a list of events/],
  ];
  for (const [raw, message] of cases) {
    assert.throws(() => indexRecord(raw), (error) => error instanceof RecordError && message.test(error.message), String(raw));
  }
  assert.throws(() => indexRecord(lines({ ...header, fen: "8/8/8/8/8/8/8/8 w - - 0 1" })), /kings/);
});

test("the test records agree with their own reports", () => {
  const window = {};
  vm.runInNewContext(fs.readFileSync(path.join(__dirname, "fixture-records.js"), "utf8"), { window });
  for (const raw of Object.values(window.LaMoScaRecords)) {
    const record = indexRecord(raw);
    assert.equal(record.nodes.size, record.report.nodes);
    const cuts = record.steps.filter((e) => e.event === "cut").length;
    if (record.report.cuts !== undefined) assert.equal(cuts, record.report.cuts);
    assert.equal(record.nodes.get(1).value, record.report.value);
  }
});

// v0.11's internal deepening: node 3 searches its own position again,
// shallower, before its moves; the record enters that re-search at the
// node's own level, with the node's own move.
const RESEARCH = lines(
  { ...header, version: "test deepening" },
  { event: "node", id: 1, parent: null, level: 1, move: null, alpha: -100, beta: 100 }, // 0
  { event: "node", id: 2, parent: 1, level: 2, move: "e2e4", alpha: -100, beta: 100 }, // 1
  { event: "result", node: 2, value: -10, best: null }, // 2
  { event: "node", id: 3, parent: 1, level: 2, move: "d2d4", alpha: -100, beta: -10 }, // 3
  { event: "node", id: 4, parent: 3, level: 2, move: "d2d4", alpha: -100, beta: -10 }, // 4
  { event: "node", id: 5, parent: 4, level: 3, move: "d7d5", alpha: 10, beta: 100 }, // 5
  { event: "result", node: 5, value: -30, best: null }, // 6
  { event: "result", node: 4, value: 30, best: "d7d5" }, // 7
  { event: "deepened", node: 3, depth: 1, move: "d7d5", value: 30 }, // 8
  { event: "node", id: 6, parent: 3, level: 3, move: "d7d5", alpha: 10, beta: 100 }, // 9
  { event: "result", node: 6, value: -20, best: null }, // 10
  { event: "cut", node: 3, move: "d7d5", value: 20 }, // 11
  { event: "result", node: 3, value: 20, best: "d7d5" }, // 12
  { event: "result", node: 1, value: 10, best: "e2e4" }, // 13
  { event: "report", best: "e2e4", value: 10, nodes: 6 }
);

test("a re-search keeps its node's path and board, and its value's sign", () => {
  const record = indexRecord(RESEARCH);
  const again = record.nodes.get(4);
  assert.equal(again.again, true);
  assert.deepEqual(again.path, ["d2d4"]);
  assert.deepEqual(record.nodes.get(5).path, ["d2d4", "d7d5"]);
  // At node 3 once the re-search has returned: a row apart, its value for
  // the same side (30, not -30), and not the best so far.
  const view = viewAt(record, 8, 3);
  const research = view.rows.find((row) => row.research);
  assert.equal(research.research.depth, 1);
  assert.equal(research.value, 30);
  assert.equal(view.best, null);
  assert.match(describe(record, record.steps[7]), /re-search of node 3 returns ≥ 30/);
});

test("a refuted move shows its bound and the refutation", () => {
  const record = indexRecord(RESEARCH);
  // The root at its end: d2d4 failed high at node 3 (20 >= beta -10), so
  // it is worth at most -20 to White, refuted by d7d5.
  const view = viewAt(record, 13, 1);
  const d2d4 = view.rows.find((row) => row.move === "d2d4");
  assert.equal(showValue(d2d4.value, d2d4.bound), "≤ -20");
  assert.equal(d2d4.reply, "d7d5");
  const e2e4 = view.rows.find((row) => row.move === "e2e4");
  assert.equal(showValue(e2e4.value, e2e4.bound), "10");
  assert.match(describe(record, record.steps[12]), /returns ≥ 20 \(best d7d5\): d2d4 is worth ≤ -20 here/);
});
