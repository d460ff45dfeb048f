// Tests of the lab worker's protocol, with a stand-in for the module:
// `node --test book/stepper/test/lab.test.js`. The module itself is
// checked against the binaries by lab_browser_test.py.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { respond, progress, watching, counted } = require("../lab.js");

// Answers as the module does: JSON text, `{"ok": ...}` or `{"error": ...}`.
const engines = {
  calls: [],
  search(request) {
    this.calls.push(["search", request]);
    const { fen } = JSON.parse(request);
    if (fen === "bad") return JSON.stringify({ error: "error: bad --fen 'bad': the FEN has 1 field, not 4 to 6" });
    // A search's answer: the JSON line, then the record as it is.
    return JSON.stringify({ ok: { nodes: 1, depth: 3, stopped: null } }) + '\n{"event":"search"}\n{"event":"report"}\n';
  },
  log(request) {
    this.calls.push(["log", request]);
    return JSON.stringify({ ok: { nodes: 1, depth: 1, stopped: "depth 1 finished, depth 2 stopped" } }) + "\nbestmove 0000 value 0 nodes 1\n";
  },
  compare(a, b) {
    this.calls.push(["compare", a, b]);
    return JSON.stringify({ ok: `${a} against ${b}` });
  },
  options(version) {
    if (version === "trap") throw new Error("unreachable");
    if (version === "garbage") return "not json";
    return JSON.stringify({ ok: { name: version, options: [] } });
  },
  steps() {
    return JSON.stringify({ ok: [{ version: "v07", title: "v0.07" }, { version: "v09", title: "v0.09" }] });
  },
};

test("a request is passed to the module as JSON and its answer comes back with its id", () => {
  const answer = respond(engines, { id: 7, op: "search", args: { version: "v09", depth: 3 } });
  assert.equal(answer.id, 7);
  assert.deepEqual(answer.ok, { text: '{"event":"search"}\n{"event":"report"}\n', nodes: 1, depth: 3, stopped: null });
  assert.deepEqual(engines.calls.at(-1), ["search", '{"version":"v09","depth":3}']);
  const log = respond(engines, { id: 8, op: "log", args: {} }).ok;
  assert.equal(log.text, "bestmove 0000 value 0 nodes 1\n");
  assert.equal(log.stopped, "depth 1 finished, depth 2 stopped");
});

test("each answer says where the worker's time went", () => {
  const { ms } = respond(engines, { id: 10, op: "search", args: {} });
  assert.equal(typeof ms.module, "number");
  assert.equal(typeof ms.read, "number");
  assert.ok(ms.module >= 0 && ms.read >= 0);
});

test("the steps are the module's list, not the page's", () => {
  assert.deepEqual(respond(engines, { id: 3, op: "steps", args: {} }).ok.map((step) => step.version), ["v07", "v09"]);
});

test("compare takes the two records' text", () => {
  assert.equal(respond(engines, { id: 1, op: "compare", args: { a: "A", b: "B" } }).ok, "A against B");
});

test("the module's refusal comes back as the error, the worker stays", () => {
  const answer = respond(engines, { id: 2, op: "search", args: { fen: "bad" } });
  assert.equal(answer.error, "error: bad --fen 'bad': the FEN has 1 field, not 4 to 6");
  assert.equal(answer.ok, undefined);
  assert.equal(answer.broken, undefined);
});

test("an unknown request or a message that is no request is refused", () => {
  assert.deepEqual(respond(engines, { id: 3, op: "perft", args: {} }), { id: 3, error: "error: the lab has no request 'perft'" });
  assert.deepEqual(respond(engines, { id: 4, op: "toString" }), { id: 4, error: "error: the lab has no request 'toString'" });
  assert.equal(respond(engines, null).error, "error: the lab has no request 'undefined'");
});

test("a module that traps or answers no JSON is reported broken, to be started again", () => {
  const trapped = respond(engines, { id: 5, op: "options", args: { version: "trap" } });
  assert.deepEqual(trapped, { id: 5, error: "error: the engine stopped: unreachable", broken: true });
  const garbled = respond(engines, { id: 6, op: "options", args: { version: "garbage" } });
  assert.equal(garbled.broken, true);
  assert.deepEqual(respond(engines, { id: 9, op: "options", args: { version: "v11" } }).ok, { name: "v11", options: [] });
});

test("a kept record is asked by handle, step and focus, as numbers", () => {
  const kept = {
    calls: [],
    view(handle, step, focus) {
      this.calls.push(["view", handle, step, focus]);
      return JSON.stringify({ ok: { step, focus: focus || 7, nodes: [], lines: {} } });
    },
    key(handle, key, step) {
      this.calls.push(["key", handle, key, step]);
      return JSON.stringify({ ok: { step: null, view: null } });
    },
    follow(leader, follower, step) {
      this.calls.push(["follow", leader, follower, step]);
      return JSON.stringify({ ok: { step, focusId: 1, missing: null } });
    },
    release(handle) {
      this.calls.push(["release", handle]);
      return JSON.stringify({ ok: true });
    },
  };
  assert.deepEqual(respond(kept, { id: 1, op: "view", args: { handle: "3", step: "12" } }).ok, { step: 12, focus: 7, nodes: [], lines: {} });
  respond(kept, { id: 2, op: "key", args: { handle: 3, key: "cut", step: 12 } });
  respond(kept, { id: 3, op: "follow", args: { leader: 3, follower: 4, step: 12 } });
  respond(kept, { id: 4, op: "release", args: { handle: 3 } });
  assert.deepEqual(kept.calls, [["view", 3, 12, 0], ["key", 3, "cut", 12], ["follow", 3, 4, 12], ["release", 3]]);
});

test("a search longer than a second shows which search runs, what is done, and the seconds", () => {
  const steps = [
    { title: "v0.11 to depth 6", done: null },
    { title: "v0.10 to depth 6", done: null },
  ];
  // Within the first second, only whose turn it is.
  assert.equal(progress(steps, 0.4), "v0.11 to depth 6: searching; v0.10 to depth 6: waiting...");
  assert.equal(progress(steps, 6.2), "v0.11 to depth 6: searching; v0.10 to depth 6: waiting... (6 s)");
  steps[0].done = "finished depth 6, 10322 nodes";
  assert.equal(progress(steps, 7.9), "v0.11 to depth 6: finished depth 6, 10322 nodes; v0.10 to depth 6: searching... (7 s)");
  steps[1].done = "finished depth 6, 4101 nodes";
  assert.equal(progress(steps, 9), "v0.11 to depth 6: finished depth 6, 10322 nodes; v0.10 to depth 6: finished depth 6, 4101 nodes (9 s)");
});

// The lab's status line, as `watching` draws it, on a stand-in for the form.
function fakeForm() {
  return { status: { textContent: "" } };
}

test("an error stays on the status line when a search still running ends after it", () => {
  // v0.11 refuses its ideas at once; v0.10, searched beside it, ends later.
  const ui = fakeForm();
  const watch = watching(ui, ["v0.11 to depth 4", "v0.10 to depth 4"]);
  assert.equal(ui.status.textContent, "v0.11 to depth 4: searching; v0.10 to depth 4: waiting...");
  watch.stop();
  ui.status.textContent = "error: bad --ideas 'order,,lazy': an empty name";
  watch.done(1, { depth: 4, nodes: 1234 });
  watch.again("v0.10", 3);
  assert.equal(ui.status.textContent, "error: bad --ideas 'order,,lazy': an empty name");
});

test("a search of one node is said in the singular", () => {
  const ui = fakeForm();
  const watch = watching(ui, ["v0.07 to depth 1", "v0.09 to depth 1"]);
  watch.done(0, { depth: 1, nodes: 1 });
  assert.equal(ui.status.textContent, "v0.07 to depth 1: finished depth 1, 1 node; v0.09 to depth 1: searching...");
  watch.done(1, { depth: 1, nodes: 2 });
  watch.stop();
  assert.equal(ui.status.textContent, "v0.07 to depth 1: finished depth 1, 1 node; v0.09 to depth 1: finished depth 1, 2 nodes");
  assert.equal(counted(0, "node"), "0 nodes");
});
