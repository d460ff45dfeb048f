// The exercise mode's reading of listings (exercise.js), in Node.js's own
// test runner: node --test book/stepper/test/exercise.test.js
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const { linePrint, holeLines, plan, holeText, modeOn } = require("../exercise.js");

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
