// Tests of the stepper's board: `node --test book/stepper/test/board.test.js`.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { parseFen, play, playAll, toFen, BoardError } = require("../board.js");

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

const after = (fen, ...moves) => toFen(playAll(parseFen(fen), moves));

test("a FEN reads back as itself", () => {
  for (const fen of [START, KIWIPETE, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 7"]) {
    assert.equal(toFen(parseFen(fen)), fen);
  }
});

test("the move clocks may be left out", () => {
  assert.equal(toFen(parseFen("4k3/8/8/8/8/8/8/4K3 b -  -")), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
});

test("quiet moves, captures and the clocks", () => {
  assert.equal(after(START, "g1f3"), "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
  assert.equal(
    after(START, "e2e4", "d7d5", "e4d5"),
    "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"
  );
});

test("a double push sets the en passant square, the next move clears it", () => {
  assert.equal(after(START, "e2e4"), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  assert.equal(after(START, "e2e4", "g8f6"), "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2");
});

test("en passant takes the pawn beside, for both sides", () => {
  assert.equal(after("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 7", "e5d6"), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 7");
  assert.equal(after("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 7", "d4e3"), "4k3/8/8/8/8/4p3/8/4K3 w - - 0 8");
});

test("a diagonal pawn move onto an empty square that is not the en passant square is refused", () => {
  assert.throws(() => after("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 7", "e5d6"), BoardError);
});

test("castling moves the rook too, on all four sides", () => {
  assert.equal(after(KIWIPETE, "e1g1"), "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq - 1 1");
  assert.equal(after(KIWIPETE, "e1c1"), "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/2KR3R b kq - 1 1");
  assert.equal(
    after(KIWIPETE, "a2a3", "e8g8"),
    "r4rk1/p1ppqpb1/bn2pnp1/3PN3/1p2P3/P1N2Q1p/1PPBBPPP/R3K2R w KQ - 1 2"
  );
  assert.equal(
    after(KIWIPETE, "a2a3", "e8c8"),
    "2kr3r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/P1N2Q1p/1PPBBPPP/R3K2R w KQ - 1 2"
  );
});

test("a rook that moves or is taken loses its side's right", () => {
  assert.equal(after(KIWIPETE, "h1f1"), "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3KR2 b Qkq - 1 1");
  // White's rook leaves a1 (White loses Q) and takes on a8 (Black loses q).
  assert.equal(
    after("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "a1a8"),
    "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1"
  );
});

test("promotion to each piece, with and without a capture", () => {
  const fen = "1n2k3/P7/8/8/8/8/7p/4K1N1 w - - 0 1";
  assert.equal(after(fen, "a7a8q"), "Qn2k3/8/8/8/8/8/7p/4K1N1 b - - 0 1");
  assert.equal(after(fen, "a7b8n"), "1N2k3/8/8/8/8/8/7p/4K1N1 b - - 0 1");
  assert.equal(after(fen, "a7a8r", "h2g1b"), "Rn2k3/8/8/8/8/8/8/4K1b1 w - - 0 2");
});

test("moves that cannot be played are refused with a reason", () => {
  const cases = [
    [START, "e3e4", /no piece on e3/],
    [START, "e7e5", /not White's/],
    [START, "d1d2", /own piece/],
    [START, "e2e4x", /not a move in UCI/],
    [START, "0000", /not a move in UCI/],
    ["4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8", /must promote/],
    [START, "g1f3q", /only a pawn on the last rank promotes/],
  ];
  for (const [fen, move, reason] of cases) {
    assert.throws(() => after(fen, move), (error) => error instanceof BoardError && reason.test(error.message));
  }
});

test("a bad move in a path names its place", () => {
  assert.throws(() => after(START, "e2e4", "e2e4"), /move 2: e2e4: no piece on e2/);
});

test("malformed FEN is refused with the field that is wrong", () => {
  const cases = [
    ["", "fen"],
    ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "placement"],
    ["rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement"],
    ["rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement"],
    ["rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "placement"],
    [START.replace(" w ", " x "), "side"],
    [START.replace("KQkq", "KQkx"), "castling"],
    [START.replace(" - ", " e4 "), "en-passant"],
    [START.replace(" 0 1", " -1 1"), "clock"],
    [START.replace(" 0 1", " 0 0"), "clock"],
  ];
  for (const [fen, kind] of cases) {
    assert.throws(() => parseFen(fen), (error) => error instanceof BoardError && error.kind === kind, fen);
  }
});
