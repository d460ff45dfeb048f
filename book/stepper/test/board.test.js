// Tests of the stepper's board, which only draws: `node --test book/stepper/test/board.test.js`.
// The positions it draws come with the record, worked out by the record's
// reader in Rust (common/record/tests/facts.rs tests them).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { pieces, squares, squareIndex } = require("../board.js");

test("a FEN's placement gives each square its piece, a1 first", () => {
  const board = pieces("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  assert.equal(board.length, 64);
  assert.equal(board[squareIndex("a1")], "R");
  assert.equal(board[squareIndex("e1")], "K");
  assert.equal(board[squareIndex("e4")], "P");
  assert.equal(board[squareIndex("e2")], null);
  assert.equal(board[squareIndex("h8")], "r");
  assert.equal(board.filter((piece) => piece !== null).length, 32);
});

test("a move's squares, a promotion's too", () => {
  assert.deepEqual(squares("e2e4"), { from: squareIndex("e2"), to: squareIndex("e4") });
  assert.deepEqual(squares("a7a8q"), { from: 48, to: 56 });
  assert.equal(squares(null), null);
  // A pass moves nothing: no squares, no arrow.
  assert.equal(squares("0000"), null);
  assert.equal(squares("0000"), null);
});
