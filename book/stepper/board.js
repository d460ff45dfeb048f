// The chess board of the search stepper, for drawing only: the pieces of a
// FEN's placement and the two squares of a move in UCI notation (`e2e4`,
// `e7e8q`).
//
// The position at each node comes with the record, as FEN: the record's
// reader works it out, in Rust, from the header's position and the node's
// path (`Record::facts`), so the page plays no move itself.
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

  const FILES = "abcdefgh";

  /** The index of a square named like `e4`, a1 = 0, h8 = 63; -1 if not a square. */
  function squareIndex(name) {
    if (typeof name !== "string" || name.length !== 2) return -1;
    const file = FILES.indexOf(name[0]);
    const rank = "12345678".indexOf(name[1]);
    return file < 0 || rank < 0 ? -1 : rank * 8 + file;
  }

  /** The 64 squares of a FEN's placement, a1 first: a piece's letter (`K`, `p`) or null. */
  function pieces(fen) {
    const board = new Array(64).fill(null);
    String(fen).split(" ")[0].split("/").forEach((text, row) => {
      let file = 0;
      for (const ch of text) {
        if (ch >= "1" && ch <= "8") file += Number(ch);
        else if (file < 8 && row < 8) board[(7 - row) * 8 + file++] = ch;
      }
    });
    return board;
  }

  /** The squares a move in UCI notation goes from and to, or null for no move and for a pass (`0000`), which moves nothing. */
  function squares(uci) {
    if (typeof uci !== "string") return null;
    const from = squareIndex(uci.slice(0, 2));
    const to = squareIndex(uci.slice(2, 4));
    return from < 0 || to < 0 ? null : { from, to };
  }

  return { pieces, squares, squareIndex };
});
