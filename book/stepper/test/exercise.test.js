// The exercise mode's reading of listings (exercise.js), in Node.js's own
// test runner: node --test book/stepper/test/exercise.test.js
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const { linePrint, holeLines, wholeLines, plan, holeText, modeOn } = require("../exercise.js");

// A hole as book/src/exercises.rs writes it: prints and lengths of its lines.
function hole(number, of, lines) {
  return {
    number,
    of,
    name: `h${number}`,
    asks: "do it",
    section: "S",
    lines: lines.map((line) => [linePrint(line), line.trim().length]),
  };
}

test("a line's print is FNV-1a of the line without its indentation, as the generator's", () => {
  // The values book/src/exercises.rs's test asserts for `line_print`.
  assert.strictEqual(linePrint("   "), 0x811c9dc5);
  assert.strictEqual(linePrint("  a  "), 0xe40c292c);
  assert.notStrictEqual(linePrint("a >= b"), linePrint("a > b"));
});

test("a hole's lines in a listing give way to one line that names it", () => {
  const window = hole(1, 2, ["let value = -self", ".alpha_beta(position, -beta, -alpha)", ".0;"]);
  const lines = [
    "position.make(mv);",
    "    let value = -self",
    "        .alpha_beta(position, -beta, -alpha)",
    "        .0;",
    "position.unmake();",
  ];
  const { items, hidden } = plan(lines, [window], false);
  assert.strictEqual(hidden, 3);
  // The hole's item keeps the lines it folds, for its "show" control.
  assert.deepStrictEqual(items, [{ line: 0 }, { hole: window, indent: "    ", lines: [1, 2, 3] }, { line: 4 }]);
  assert.strictEqual(holeText(window), '// hole 1 of 2, h1: do it; see "S"');
});

test("in a diff each side is read by itself, and a long hole line is hidden anywhere", () => {
  const cut = hole(2, 2, ["if value >= beta {", "return beta;", "}"]);
  const lines = [
    "@@ -1,3 +1,5 @@",
    "-    if value > best {",
    "+    if value >= beta {",
    "-        best = value;",
    "+        return beta;",
    "+    }",
    "     other();",
    "     if value >= beta {",
  ];
  const found = holeLines(lines, [cut], true);
  assert.deepStrictEqual([...found.keys()].sort(), [2, 4, 5, 7]);
  const { items } = plan(lines, [cut], true);
  assert.deepStrictEqual(items.map((item) => item.line ?? `hole ${item.indent}`), [
    0,
    1,
    "hole +    ",
    3,
    // The other side's line stays, and the hole's rest is named again after it.
    "hole +        ",
    6,
    "hole      ",
  ]);
});

test("a listing without a hole's lines is left alone", () => {
  const { hidden } = plan(["fn main() {}", "}"], [hole(1, 1, ["return beta;", "}"])], false);
  assert.strictEqual(hidden, 0);
});

test("a hole shown on a page of another step names its step", () => {
  const window = { ...hole(1, 4, ["let value = -self"]), step: "v09", away: true };
  assert.strictEqual(holeText(window), '// v09 hole 1 of 4, h1: do it; see "S"');
});

test("the mode is on for a reader who chose nothing, off only once switched off", () => {
  assert.strictEqual(modeOn(null), true);
  assert.strictEqual(modeOn(undefined), true);
  assert.strictEqual(modeOn("on"), true);
  assert.strictEqual(modeOn("off"), false);
});

// A function of a whole step as book/src/exercises.rs writes it: the
// prints and lengths of its body's lines.
function body(name, lines) {
  return { ...hole(1, 1, lines), name, whole: true };
}

const ALPHA_BETA = [
  "let count = self.stack.generate(position, ply).len();",
  "for i in 0..count {",
  "let value = -self.alpha_beta(position, -beta, -alpha);",
  "if value >= beta {",
  "return beta;",
  "}",
  "}",
  "alpha",
];

test("a listing of a whole step's function folds its body into one line, its signature left", () => {
  const search = body("alpha_beta", ALPHA_BETA);
  const lines = [
    "fn alpha_beta(&mut self) -> i32 {",
    ...ALPHA_BETA.map((line) => `    ${line}`),
    "}",
    "",
    "fn fail_high(&mut self) {",
    "}",
  ];
  const { items, hidden } = plan(lines, [], false, [search]);
  assert.strictEqual(hidden, ALPHA_BETA.length);
  assert.deepStrictEqual(items, [
    { line: 0 },
    { hole: search, indent: "    ", lines: ALPHA_BETA.map((_, i) => i + 1) },
    { line: 9 },
    { line: 10 },
    { line: 11 },
    { line: 12 },
  ]);
  assert.strictEqual(
    holeText({ ...search, step: "v09" }),
    '// the whole step, alpha_beta: its body, as cargo exercise v09 --whole asks; see "S"',
  );
  assert.strictEqual(
    holeText({ ...search, step: "v09", away: true }),
    '// the whole step of v09, alpha_beta: its body, as cargo exercise v09 --whole asks; see "S"',
  );
});

test("part of a whole body, or its lines in a diff, fold from its first long line to its last", () => {
  const search = body("alpha_beta", ALPHA_BETA);
  // An anchor inside the body: its short lines at the ends stay, as they
  // give nothing away; the long ones and what stands between them fold.
  const part = ["    }", "    if value >= beta {", "        return beta;", "    }", "    }", "    alpha"];
  assert.deepStrictEqual([...wholeLines(part, [search], false).keys()], [1, 2]);
  // A diff: the new side's lines fold, the old side's stay.
  const diff = [
    "-    let value = -self.negamax(position);",
    "+    let value = -self.alpha_beta(position, -beta, -alpha);",
    "+    if value >= beta {",
    "+        return beta;",
    "+    }",
    "     other();",
  ];
  assert.deepStrictEqual([...wholeLines(diff, [search], true).keys()].sort(), [1, 2, 3]);
  // Another function's code, short lines alike, is left alone.
  assert.strictEqual(wholeLines(["fn main() {", "}", "alpha"], [search], false).size, 0);
});

test("a body that stands whole is named, even where its lines are all another body's too", () => {
  const child = body("child", ["position.make(mv);", "let value = -self.alpha_beta(position, -beta, -alpha);", "value"]);
  const search = body("alpha_beta", ["position.make(mv);", ...ALPHA_BETA]);
  const lines = ["fn child() -> i32 {", "    position.make(mv);", "    let value = -self.alpha_beta(position, -beta, -alpha);", "    value", "}"];
  const found = wholeLines(lines, [search, child], false);
  assert.deepStrictEqual([...found.entries()].map(([i, b]) => [i, b.name]), [
    [1, "child"],
    [2, "child"],
    [3, "child"],
  ]);
});

test("with the holes and a whole step folded, a hole inside a body folds with the body", () => {
  const cut = hole(2, 2, ["if value >= beta {", "return beta;", "}"]);
  const search = body("alpha_beta", ALPHA_BETA);
  const lines = ALPHA_BETA.map((line) => `    ${line}`);
  const found = plan(lines, [cut], false, [search]).items.filter((item) => item.hole);
  assert.deepStrictEqual(found.map((item) => [item.hole.name, item.lines]), [
    ["alpha_beta", [0, 1, 2, 3, 4, 5, 6, 7]],
  ]);
});

test("a hole outside every body folds as a hole, beside a folded body", () => {
  const history = hole(1, 2, ["let entry = &mut self.history[mv.from][mv.to];", "*entry += depth * depth;"]);
  const search = body("alpha_beta", ALPHA_BETA);
  const lines = [
    "fn alpha_beta(&mut self) -> i32 {",
    ...ALPHA_BETA.map((line) => `    ${line}`),
    "}",
    "fn reward(&mut self) {",
    "    let entry = &mut self.history[mv.from][mv.to];",
    "    *entry += depth * depth;",
    "}",
  ];
  const found = plan(lines, [history], false, [search]).items.filter((item) => item.hole);
  assert.deepStrictEqual(found.map((item) => [item.hole.name, item.lines]), [
    ["alpha_beta", [1, 2, 3, 4, 5, 6, 7, 8]],
    ["h1", [11, 12]],
  ]);
});

test("a hole whose short last line stands past a body's last long line folds with the body", () => {
  const cut = hole(2, 2, ["return beta;", "}"]);
  // A listing of part of the body: its run folds to its last long line,
  // "return beta;", and the hole's "}" after it goes with the body.
  const search = body("alpha_beta", ["let count = moves.len();", "let value = -self.alpha_beta(position, -beta, -alpha);", "if value >= beta {", "return beta;", "}"]);
  assert.deepStrictEqual([...wholeLines(["    let value = -self.alpha_beta(position, -beta, -alpha);", "    if value >= beta {", "        return beta;", "    }"], [search], false).keys()], [0, 1, 2]);
  const lines = ["    let value = -self.alpha_beta(position, -beta, -alpha);", "    if value >= beta {", "        return beta;", "    }"];
  const found = plan(lines, [cut], false, [search]).items.filter((item) => item.hole);
  assert.deepStrictEqual(found.map((item) => [item.hole.name, item.lines]), [["alpha_beta", [0, 1, 2, 3]]]);
});
