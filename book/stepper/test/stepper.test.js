// Tests of the stepper's reading of records and of its lockstep:
// `node --test book/stepper/test/stepper.test.js`.
//
// The records are those of `test/records/`, registered with their facts by
// the book program (`fixture-records.js`, written by `generate`): the facts
// themselves (paths, positions, bounds, replies) are the record reader's,
// tested in Rust (common/record/tests/facts.rs); here the stepper reads
// them.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");
const { RecordError, indexRecord, viewAt, follow, describe, KEYS, LocalSource, windowRecord } = require("../stepper.js");

const window = {};
vm.runInNewContext(fs.readFileSync(path.join(__dirname, "fixture-records.js"), "utf8"), { window });
const RECORDS = window.LaMoScaRecords;

// A depth-2 alpha-beta search by hand: pick brings e2e4 forward, then
// d2d4 is refuted by d7d5, which cuts. Its steps:
//   0 node 1, 1 moves, 2 swap, 3 node 2 e2e4, 4 result 2, 5 node 3 d2d4,
//   6 node 4 d7d5, 7 result 4, 8 cut d7d5, 9 result 3, 10 node 5 g1f3,
//   11 result 5, 12 result 1.
const ALPHA_BETA = RECORDS["test-alphabeta"];
// NegaMax over the same moves, searching both replies to d2d4; its step 4
// enters d2d4 e7e5.
const NEGAMAX = RECORDS["test-negamax"];
// v0.11's internal deepening: node 3 searches its own position again,
// shallower, before its moves; the record enters that re-search (node 4)
// at the node's own level, with the node's own move. Step 8 is the
// `deepened` note, 12 node 3's result, 13 the root's.
const RESEARCH = RECORDS["test-research"];
// A quiescence by hand: node 2 stands pat at -10 (step 2), and node 3
// stands pat at 30, at or above its beta of 10, and is cut (step 4).
const STAND_PAT = RECORDS["test-standpat"];

test("a record is indexed by node, with the paths its facts give", () => {
  const record = indexRecord(ALPHA_BETA);
  assert.equal(record.nodes.size, 5);
  assert.equal(record.steps.length, 13);
  assert.equal(record.nodes.get(4).path, "d2d4 d7d5");
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
  // A record may leave the list out: only the swap tells what comes next.
  const events = ALPHA_BETA.events.split("\n").filter((line) => !line.includes('"moves"')).join("\n");
  const record = indexRecord({ events, nodes: ALPHA_BETA.nodes });
  const view = viewAt(record, 1);
  assert.deepEqual(view.untried.map((e) => e.move), ["e2e4"]);
  assert.equal(view.untried[0].order, 5);
  assert.deepEqual(viewAt(record, 2).untried, []);
});

test("the moves tried so far carry their values for the side to move", () => {
  // The root at step 5, as d2d4 is entered.
  const view = viewAt(indexRecord(ALPHA_BETA), 5, 1);
  assert.deepEqual(view.rows.map((r) => [r.move, r.worth, r.searching]), [["e2e4", "10", false], ["d2d4", null, true]]);
  assert.equal(view.best, 10);
  assert.deepEqual(view.untried.map((e) => e.move), ["g1f3"]);
});

test("the cut marks its move and is the node's best value", () => {
  const view = viewAt(indexRecord(ALPHA_BETA), 8);
  assert.equal(view.node.id, 3);
  assert.equal(view.cut.event.move, "d7d5");
  assert.equal(view.cut.words, "alpha-beta cut by d7d5");
  assert.deepEqual(view.rows.map((r) => [r.move, r.cut]), [["d7d5", true]]);
  assert.equal(view.best, 20);
});

test("a stand pat raises the best so far, and a stand pat at beta is a cut", () => {
  const record = indexRecord(STAND_PAT);
  assert.equal(viewAt(record, 1, 2).best, null);
  assert.equal(viewAt(record, 2, 2).best, -10);
  // d7d5's -30 for node 2 is no better than its stand pat.
  assert.equal(viewAt(record, 6, 2).best, -10);
  const cut = viewAt(record, 4, 3);
  assert.equal(cut.best, 30);
  assert.equal(cut.cut.words, "stand-pat cut");
  assert.equal(viewAt(record, 3, 3).cut, null);
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
  const events = (...lines) => lines.map((e) => JSON.stringify(e)).join("\n") + "\n";
  const header = JSON.parse(ALPHA_BETA.events.split("\n")[0]);
  const node = { event: "node", id: 1, parent: null, level: 1, move: null, alpha: -1, beta: 1, kind: "main" };
  const cases = [
    [{ events: "", nodes: [] }, /line 1: the first event is not `search`/],
    [{ events: events({ ...header, schema: 2 }), nodes: [] }, /line 1: schema 2, this viewer reads 1/],
    [{ events: events(header) + "{not json\n", nodes: [] }, /line 2: not JSON/],
    [{ events: events(header, { event: "cut", node: 7, move: "e2e4", value: 1 }), nodes: [] }, /line 2: `cut` names node 7, which was not entered/],
    [{ events: events(header), nodes: [] }, /the record has no node/],
    [{ events: events(header, node), nodes: [] }, /line 2: node 1 has no facts/],
    [{ events: events(header, node), nodes: ALPHA_BETA.nodes }, /the record has 1 nodes and facts for 5/],
    [ALPHA_BETA.events, /without its facts/],
    [42, /without its facts/],
  ];
  for (const [raw, message] of cases) {
    assert.throws(() => indexRecord(raw), (error) => error instanceof RecordError && message.test(error.message), JSON.stringify(raw));
  }
});

test("the test records agree with their own reports", () => {
  for (const raw of Object.values(RECORDS)) {
    const record = indexRecord(raw);
    assert.equal(record.nodes.size, record.report.nodes);
    const cuts = record.steps.filter((e) => e.event === "cut").length;
    if (record.report.cuts !== undefined) assert.equal(cuts, record.report.cuts);
    assert.equal(record.nodes.get(1).value, record.report.value);
  }
});

test("a re-search is a row apart, with its depth and its value for the same side", () => {
  const record = indexRecord(RESEARCH);
  const again = record.nodes.get(4);
  assert.equal(again.again, true);
  assert.equal(again.path, "d2d4");
  assert.equal(again.move, "d2d4");
  // At node 3 once the re-search has returned: a row apart, its value for
  // the same side (≥ 30, not ≤ -30), and not the best so far.
  const view = viewAt(record, 8, 3);
  const research = view.rows.find((row) => row.research);
  assert.equal(research.research.depth, 1);
  assert.equal(research.worth, "≥ 30");
  assert.equal(view.best, null);
  assert.match(describe(record, record.steps[7]), /re-search of node 3 returns ≥ 30/);
});

test("a refuted move shows its bound and the refutation", () => {
  const record = indexRecord(RESEARCH);
  // The root at its end: d2d4 failed high at node 3 (20 >= beta -10), so
  // it is worth at most -20 to White, refuted by d7d5.
  const view = viewAt(record, 13, 1);
  const d2d4 = view.rows.find((row) => row.move === "d2d4");
  assert.deepEqual([d2d4.worth, d2d4.refuted, d2d4.reply], ["≤ -20", true, "d7d5"]);
  const e2e4 = view.rows.find((row) => row.move === "e2e4");
  assert.deepEqual([e2e4.worth, e2e4.refuted, e2e4.reply], ["10", false, null]);
  assert.match(describe(record, record.steps[12]), /returns ≥ 20 \(best d7d5\): d2d4 is worth ≤ -20 here/);
});

// What the lab's module answers for a step (book/lab/src/steps.rs,
// `Steps::view`), made here from a record read whole: the node shown,
// whole, its parent and children and the step's node as rows, and the
// lines the view reads.
function asModule(record, step) {
  const focus = record.focus[step];
  const plain = (node, whole) => ({
    id: node.id, parent: node.parent ? node.parent.id : null, level: node.level, move: node.move, again: node.again,
    alpha: node.alpha, beta: node.beta, kind: node.kind, enter: node.enter, exit: node.exit, value: node.value, best: node.best,
    facts: whole ? node.facts : { ...node.facts, fen: "", so_far: undefined, cutoff: undefined },
    ...(whole ? { path: node.path, swaps: node.swaps, notes: node.notes, moves: node.moves, cut: node.cut, children: node.children.map((c) => c.id) } : {}),
  });
  const shown = record.nodes.get(focus);
  const others = [shown.parent, ...shown.children].filter(Boolean);
  const event = record.steps[step];
  const subject = record.nodes.get(event.event === "node" ? event.id : event.node);
  if (subject && subject !== shown && !others.includes(subject)) others.push(subject);
  const lines = { [step]: event };
  for (const at of shown.swaps) lines[at] = record.steps[at];
  if (shown.facts.cutoff) lines[shown.facts.cutoff[0]] = record.steps[shown.facts.cutoff[0]];
  const summary = { header: record.header, report: record.report, steps: record.steps.length, nodes: record.nodes.size, extent: record.extent };
  return { summary, data: { step, focus, nodes: [plain(shown, true), ...others.map((node) => plain(node, false))], lines } };
}

test("a window of a record, as the lab's module answers it, is viewed as the whole record", () => {
  for (const registered of [ALPHA_BETA, RESEARCH, STAND_PAT]) {
    const record = indexRecord(registered);
    for (let step = 0; step < record.steps.length; step++) {
      const { summary, data } = asModule(record, step);
      const part = windowRecord(summary, data);
      const [whole, window] = [viewAt(record, step), viewAt(part, step, data.focus)];
      const rows = (view) => view.rows.map((row) => [row.move, row.order, row.worth, row.refuted, row.reply, row.searching, row.cut, row.research]);
      assert.deepEqual(rows(window), rows(whole), `step ${step}`);
      assert.deepEqual(window.untried, whole.untried, `step ${step}`);
      assert.deepEqual([window.best, window.cut, window.done], [whole.best, whole.cut, whole.done], `step ${step}`);
      assert.equal(describe(part, window.event), describe(record, whole.event), `step ${step}`);
      assert.equal(part.nodes.size, record.nodes.size);
    }
  }
});

test("a record read whole answers the stepper's questions at once", () => {
  const record = indexRecord(ALPHA_BETA);
  const source = new LocalSource(record);
  assert.deepEqual(source.meta, { header: record.header, report: record.report, steps: 13, nodes: 5 });
  assert.equal(source.window(6).focusId, 4);
  // Steps: 5 node 3 d2d4, 6 node 4 d7d5, 7 result 4, 8 cut, 9 result 3.
  assert.equal(source.key("cut", 0), 8);
  assert.equal(source.key("cut", 8), null);
  assert.equal(source.key("swap", 0), 2);
  assert.equal(source.key("into", 5), 6);
  assert.equal(source.key("out", 6), 7);
  assert.equal(source.key("out", 7), 9);
  assert.equal(KEYS.into(record, 10), null);
  const other = new LocalSource(indexRecord(NEGAMAX));
  assert.deepEqual(other.follow(source, 6), follow(record, other.index, 6));
});

// A search that tries a null move before its moves, recorded by the
// reader's tests (book/reader/tests/record_support/passing.rs): a pass is
// named `0000`, and its node's position, in its facts, is its parent's
// with the other side to move and no en-passant square.
const PASSES = RECORDS["test-pass"];

test("a pass's node is its parent's position with the other side to move", () => {
  const record = indexRecord(PASSES);
  const passes = Array.from(record.nodes.values()).filter((node) => node.move === "0000");
  assert.ok(passes.length > 0);
  let dropped = 0;
  for (const node of passes) {
    const [placement, side, castling, enPassant] = node.facts.fen.split(" ");
    const parent = node.parent.facts.fen.split(" ");
    assert.equal(placement, parent[0], node.facts.path);
    assert.equal(side, parent[1] === "w" ? "b" : "w", node.facts.path);
    assert.equal(castling, parent[2]);
    assert.equal(enPassant, "-");
    if (parent[3] !== "-") dropped += 1;
    assert.ok(node.facts.path.split(" ").includes("0000"));
  }
  assert.ok(dropped > 0, "no pass drops an en-passant square");
  // Moves below a pass are the other side's.
  const below = passes.find((node) => node.children.length > 0);
  assert.ok(below);
  assert.equal(below.children[0].facts.fen.split(" ")[1], below.facts.fen.split(" ")[1] === "w" ? "b" : "w");
});

test("the steps of a pass say so", () => {
  const record = indexRecord(PASSES);
  const enter = record.steps.find((event) => event.event === "node" && event.move === "0000");
  assert.match(describe(record, enter), /^Enter node \d+ by a pass \(0000\), level 3/);
  const cut = record.steps.find((event) => event.event === "cut" && event.move === "0000");
  assert.match(describe(record, cut), /^The pass \(0000\) fails high with /);
  // A record steps in lockstep with itself through its passes.
  const step = record.steps.indexOf(enter);
  assert.equal(follow(record, record, step).step, step);
});
