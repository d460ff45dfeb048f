// The chess board of the search stepper: read a position from FEN, play a
// move written in UCI notation (`e2e4`, `e1g1`, `e7e8q`), write the
// position back as FEN.
//
// A record names the root position once (its header's FEN) and each node
// the move that led to it, so the stepper rebuilds the position at a node by
// playing the moves of its path on the root. It trusts the record to hold
// legal moves: this module checks only what it needs to play a move at all
// (a piece of the side to move on the start square, no capture of one's own
// piece, a pawn that moves sideways takes something, a promotion piece
// exactly when a pawn reaches the last rank), and
// throws a `BoardError` naming what is wrong otherwise.
//
// The same file runs in the page (as `window.LaMoScaBoard`) and under
// `node --test` (as a CommonJS module), so the tests exercise the code the
// book ships.
(function (root, build) {
  "use strict";
  const api = build();
  if (typeof module === "object" && module.exports) {
    module.exports = api;
  } else {
    root.LaMoScaBoard = api;
  }
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  /** An error in a FEN or a move, with a short kind a test can match. */
  class BoardError extends Error {
    constructor(kind, message) {
      super(message);
      this.name = "BoardError";
      this.kind = kind;
    }
  }

  const FILES = "abcdefgh";
  const PIECES = "PNBRQKpnbrqk";

  /** The index of a square named like `e4`, a1 = 0, h8 = 63; -1 if not a square. */
  function squareIndex(name) {
    if (typeof name !== "string" || name.length !== 2) return -1;
    const file = FILES.indexOf(name[0]);
    const rank = "12345678".indexOf(name[1]);
    return file < 0 || rank < 0 ? -1 : rank * 8 + file;
  }

  function squareName(index) {
    return FILES[index % 8] + String(Math.floor(index / 8) + 1);
  }

  const isWhite = (piece) => piece === piece.toUpperCase();

  // 1. Reading FEN.

  /**
   * Reads a position from FEN. The last two fields (the move clocks) may be
   * left out, as many tools write them; they default to `0 1`.
   */
  function parseFen(fen) {
    if (typeof fen !== "string") throw new BoardError("fen", "the FEN is not text");
    const fields = fen.trim().split(/\s+/);
    if (fields.length < 4 || fields.length > 6) {
      throw new BoardError("fen", `a FEN has 4 to 6 fields, this one has ${fields.length}`);
    }
    const [placement, side, castling, ep, halfmove = "0", fullmove = "1"] = fields;

    const board = new Array(64).fill(null);
    const ranks = placement.split("/");
    if (ranks.length !== 8) {
      throw new BoardError("placement", `the placement has ${ranks.length} ranks, not 8`);
    }
    ranks.forEach((text, row) => {
      const rank = 7 - row;
      let file = 0;
      for (const ch of text) {
        if (ch >= "1" && ch <= "8") {
          file += Number(ch);
        } else if (PIECES.includes(ch)) {
          if (file > 7) break;
          board[rank * 8 + file] = ch;
          file += 1;
        } else {
          throw new BoardError("placement", `unknown piece \`${ch}\` on rank ${rank + 1}`);
        }
      }
      if (file !== 8) {
        throw new BoardError("placement", `rank ${rank + 1} has ${file} squares, not 8`);
      }
    });
    for (const king of ["K", "k"]) {
      const count = board.filter((p) => p === king).length;
      if (count !== 1) {
        throw new BoardError("placement", `the position has ${count} \`${king}\` kings, not 1`);
      }
    }

    if (side !== "w" && side !== "b") {
      throw new BoardError("side", `the side to move is \`${side}\`, not \`w\` or \`b\``);
    }
    if (!/^(-|K?Q?k?q?)$/.test(castling) || castling === "") {
      throw new BoardError("castling", `bad castling field \`${castling}\``);
    }
    let epSquare = -1;
    if (ep !== "-") {
      epSquare = squareIndex(ep);
      const rank = Math.floor(epSquare / 8);
      if (epSquare < 0 || (rank !== 2 && rank !== 5)) {
        throw new BoardError("en-passant", `bad en passant square \`${ep}\``);
      }
    }
    const half = Number(halfmove);
    const full = Number(fullmove);
    if (!Number.isInteger(half) || half < 0 || !Number.isInteger(full) || full < 1) {
      throw new BoardError("clock", `bad move clocks \`${halfmove} ${fullmove}\``);
    }
    return {
      board,
      whiteToMove: side === "w",
      castling: castling === "-" ? "" : castling,
      epSquare,
      halfmove: half,
      fullmove: full,
    };
  }

  // 2. Playing a move.

  /** The rook's start and end square for each castling king move. */
  const CASTLING_ROOK = {
    "e1g1": ["h1", "f1"],
    "e1c1": ["a1", "d1"],
    "e8g8": ["h8", "f8"],
    "e8c8": ["a8", "d8"],
  };

  /** The castling right lost when a piece leaves or is taken on a square. */
  const RIGHT_OF_SQUARE = { a1: "Q", e1: "KQ", h1: "K", a8: "q", e8: "kq", h8: "k" };

  /** Reads a UCI move into its squares and promotion piece. */
  function parseUci(uci) {
    if (typeof uci !== "string" || !/^[a-h][1-8][a-h][1-8][nbrq]?$/.test(uci)) {
      throw new BoardError("move", `\`${uci}\` is not a move in UCI notation`);
    }
    return {
      from: squareIndex(uci.slice(0, 2)),
      to: squareIndex(uci.slice(2, 4)),
      promotion: uci.length === 5 ? uci[4] : null,
    };
  }

  /** The position after `uci` is played in `position`; `position` is left as it was. */
  function play(position, uci) {
    const { from, to, promotion } = parseUci(uci);
    const board = position.board.slice();
    const piece = board[from];
    const mover = position.whiteToMove ? "White" : "Black";
    if (piece === null) {
      throw new BoardError("move", `${uci}: no piece on ${squareName(from)}`);
    }
    if (isWhite(piece) !== position.whiteToMove) {
      throw new BoardError("move", `${uci}: the piece on ${squareName(from)} is not ${mover}'s`);
    }
    const target = board[to];
    if (target !== null && isWhite(target) === isWhite(piece)) {
      throw new BoardError("move", `${uci}: ${squareName(to)} holds ${mover}'s own piece`);
    }
    const kind = piece.toLowerCase();
    const lastRank = position.whiteToMove ? 7 : 0;
    const reachesLastRank = kind === "p" && Math.floor(to / 8) === lastRank;
    if (reachesLastRank !== (promotion !== null)) {
      throw new BoardError(
        "move",
        reachesLastRank ? `${uci}: the pawn must promote` : `${uci}: only a pawn on the last rank promotes`
      );
    }

    // Step 1. The captured piece: on the target square, or, en passant,
    // the pawn beside the start square.
    let captured = target;
    const pawnCaptures = kind === "p" && from % 8 !== to % 8;
    const enPassant = pawnCaptures && target === null && to === position.epSquare;
    if (pawnCaptures && target === null && !enPassant) {
      throw new BoardError("move", `${uci}: a pawn moves sideways only to take`);
    }
    if (enPassant) {
      const behind = to + (position.whiteToMove ? -8 : 8);
      captured = board[behind];
      board[behind] = null;
    }

    // Step 2. The piece itself, promoted if it must be.
    board[from] = null;
    board[to] = promotion === null ? piece : position.whiteToMove ? promotion.toUpperCase() : promotion;

    // Step 3. Castling is the king moving two files; the rook jumps over it.
    if (kind === "k" && CASTLING_ROOK[uci]) {
      const [rookFrom, rookTo] = CASTLING_ROOK[uci].map(squareIndex);
      board[rookTo] = board[rookFrom];
      board[rookFrom] = null;
    }

    // Step 4. The rights, the en passant square and the clocks.
    let castling = position.castling;
    for (const square of [squareName(from), squareName(to)]) {
      for (const right of RIGHT_OF_SQUARE[square] || "") castling = castling.replace(right, "");
    }
    const doublePush = kind === "p" && Math.abs(to - from) === 16;
    return {
      board,
      whiteToMove: !position.whiteToMove,
      castling,
      epSquare: doublePush ? (from + to) / 2 : -1,
      halfmove: kind === "p" || captured !== null ? 0 : position.halfmove + 1,
      fullmove: position.fullmove + (position.whiteToMove ? 0 : 1),
    };
  }

  /** Plays `moves` one after another from `position`. */
  function playAll(position, moves) {
    return moves.reduce((at, uci, i) => {
      try {
        return play(at, uci);
      } catch (error) {
        if (error instanceof BoardError) error.message = `move ${i + 1}: ${error.message}`;
        throw error;
      }
    }, position);
  }

  // 3. Writing FEN.

  function toFen(position) {
    const ranks = [];
    for (let rank = 7; rank >= 0; rank--) {
      let text = "";
      let empty = 0;
      for (let file = 0; file < 8; file++) {
        const piece = position.board[rank * 8 + file];
        if (piece === null) {
          empty += 1;
        } else {
          text += (empty || "") + piece;
          empty = 0;
        }
      }
      ranks.push(text + (empty || ""));
    }
    return [
      ranks.join("/"),
      position.whiteToMove ? "w" : "b",
      position.castling || "-",
      position.epSquare < 0 ? "-" : squareName(position.epSquare),
      position.halfmove,
      position.fullmove,
    ].join(" ");
  }

  return { BoardError, parseFen, parseUci, play, playAll, toFen, squareIndex, squareName };
});
