// The play page: a game against any step, in the page. The rules (legal
// moves, the game's end, the PGN) and the step's move come from the lab's
// module (`lamosca.game`, `lamosca.think`, in lab.js); this file draws the
// board and takes the reader's clicks.
(function () {
  "use strict";
  if (typeof window === "undefined") return;

  const TITLES = { v07: "v0.07", v09: "v0.09", v10: "v0.10", v11: "v0.11" };
  const GLYPHS = { K: "\u2654", Q: "\u2655", R: "\u2656", B: "\u2657", N: "\u2658", P: "\u2659", k: "\u265a", q: "\u265b", r: "\u265c", b: "\u265d", n: "\u265e", p: "\u265f" };
  const FILES = "abcdefgh";

  function make(tag, attributes, ...children) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value === false || value === null || value === undefined) continue;
      element.setAttribute(name, value === true ? "" : String(value));
    }
    for (const child of children) element.append(child);
    return element;
  }

  // The pieces of a FEN's first field, by square name.
  function pieces(fen) {
    const board = {};
    fen.split(" ")[0].split("/").forEach((row, i) => {
      let file = 0;
      for (const char of row) {
        if (/\d/.test(char)) file += Number(char);
        else board[FILES[file++] + (8 - i)] = char;
      }
    });
    return board;
  }

  function start(element) {
    element.textContent = "";
    if (!window.lamosca || !window.lamosca.available) {
      element.append(make("p", { class: "lab-note" }, "The live engines are off here (the page is opened as a file, or the browser has no WebAssembly); serve the book with `mdbook serve book` after README's steps to play."));
      return;
    }
    const versions = make("select", { name: "version" });
    for (const [version, title] of Object.entries(TITLES)) versions.append(make("option", { value: version, selected: version === "v09" }, title));
    const side = make("select", { name: "side" }, make("option", { value: "white" }, "White"), make("option", { value: "black" }, "Black"));
    const budget = make("input", { type: "number", name: "nodes", value: 20000, min: 100 });
    const promotion = make("select", { name: "promotion" }, ...["q", "r", "b", "n"].map((p) => make("option", { value: p }, p.toUpperCase())));
    const fresh = make("button", { type: "button", name: "new" }, "New game");
    const board = make("div", { class: "play-board", role: "grid" });
    // The board's coordinates, ranks at its left and files under it.
    const ranksEdge = make("div", { class: "play-ranks", "aria-hidden": "true" });
    const filesEdge = make("div", { class: "play-files", "aria-hidden": "true" });
    const frame = make("div", { class: "play-frame" }, ranksEdge, board, filesEdge);
    // A word on a click that is no legal move.
    const word = make("p", { class: "play-word", "aria-live": "polite" });
    const status = make("p", { class: "play-status", role: "status" });
    const thinking = make("p", { class: "play-thinking" });
    const moves = make("p", { class: "play-moves" });
    const pgn = make("textarea", { class: "play-pgn", rows: 6, cols: 60, readonly: true });
    const copy = make("button", { type: "button", name: "copy" }, "Copy the PGN");
    element.append(
      make("div", { class: "lab-form" },
        make("label", { class: "lab-field" }, make("span", {}, "Play against"), versions),
        make("label", { class: "lab-field" }, make("span", {}, "You play"), side),
        make("label", { class: "lab-field" }, make("span", {}, "its node budget per move"), budget),
        make("label", { class: "lab-field" }, make("span", {}, "promote to"), promotion),
        fresh),
      frame, word, status, thinking, moves, pgn, copy);

    let game = { moves: [], state: null, selected: null, busy: false, depth: 0 };

    const yourTurn = () => game.state && !game.state.over && game.state.turn === side.value;

    function draw() {
      const placed = pieces(game.state.fen);
      const from = new Set(game.state.legal.map((mv) => mv.uci.slice(0, 2)));
      const targets = new Set(game.state.legal.filter((mv) => mv.uci.startsWith(game.selected || "--")).map((mv) => mv.uci.slice(2, 4)));
      board.textContent = "";
      const ranks = side.value === "white" ? [8, 7, 6, 5, 4, 3, 2, 1] : [1, 2, 3, 4, 5, 6, 7, 8];
      const files = side.value === "white" ? FILES.split("") : FILES.split("").reverse();
      ranksEdge.replaceChildren(...ranks.map((rank) => make("span", {}, String(rank))));
      filesEdge.replaceChildren(...files.map((file) => make("span", {}, file)));
      const last = game.moves.length ? game.moves[game.moves.length - 1] : "";
      const lastSquares = new Set(last ? [last.slice(0, 2), last.slice(2, 4)] : []);
      const king = game.state.turn === "white" ? "K" : "k";
      const checked = game.state.check ? Object.keys(placed).find((name) => placed[name] === king) : null;
      for (const rank of ranks) {
        for (const file of files) {
          const name = file + rank;
          const dark = (FILES.indexOf(file) + rank) % 2 === 1 ? " dark" : ""; // a1 is dark
          const marks = (name === game.selected ? " selected" : "") + (targets.has(name) ? " target" : "") + (lastSquares.has(name) ? " last" : "") + (name === checked ? " check" : "");
          const label = name + (placed[name] ? " " + placed[name] : "") + (lastSquares.has(name) ? ", last move" : "") + (name === checked ? ", in check" : "");
          const square = make("button", { type: "button", class: "play-square" + dark + marks, "data-square": name, "aria-label": label, "data-from": from.has(name) || null, disabled: !yourTurn() }, placed[name] ? GLYPHS[placed[name]] : "");
          square.addEventListener("click", () => click(name));
          board.append(square);
        }
      }
      moves.textContent = game.state.played.map((san, i) => (i % 2 === 0 ? `${Math.floor(i / 2) + 1}. ` : "") + san).join(" ");
      pgn.value = game.state.pgn;
      element.dataset.moves = game.moves.join(" ");
      element.dataset.over = game.state.over || "";
      if (game.state.over) status.textContent = `Game over: ${game.state.over}, ${game.state.result}.`;
      else if (yourTurn()) status.textContent = game.state.check ? "Your move: you are in check." : "Your move.";
    }

    function update() {
      const title = TITLES[versions.value];
      const names = side.value === "white" ? { white: "Reader", black: `LaMoSca ${title}` } : { white: `LaMoSca ${title}`, black: "Reader" };
      return window.lamosca.game({ version: versions.value, moves: game.moves, ...names }).then((state) => {
        game.state = state;
        game.selected = null;
        draw();
        if (!state.over && !yourTurn()) return reply();
        return null;
      });
    }

    function reply() {
      const title = TITLES[versions.value];
      status.textContent = `${title} is thinking...`;
      game.busy = true;
      return window.lamosca
        .think({ version: versions.value, moves: game.moves, nodes: Number(budget.value) || 20000 })
        .then((thought) => {
          thinking.textContent = `${title} played ${thought.best}: depth ${thought.depth}, value ${thought.value}, line ${thought.pv.join(" ")}, ${thought.nodes} nodes` + shallower(thought);
          game.depth = thought.depth;
          game.moves.push(thought.best);
          game.busy = false;
          return update();
        });
    }

    // Why the depth is less than the last move's: the budget is the same
    // for every move, and this position's depths cost more nodes.
    function shallower(thought) {
      if (!game.depth || thought.depth >= game.depth) return "";
      const stopped = thought.stopped ? `; its budget of ${Number(budget.value) || 20000} nodes ran out in depth ${thought.stopped}` : "";
      return `. Depth ${thought.depth}, less than the ${game.depth} of its last move: each move gets the same node budget, and this position's depths take more nodes (more moves, more captures to follow)${stopped}, so it plays the move of the deepest depth it finished.`;
    }

    function click(name) {
      if (!yourTurn() || game.busy) return;
      const starts = (square) => game.state.legal.some((mv) => mv.uci.startsWith(square));
      const chosen = game.selected ? game.state.legal.filter((mv) => mv.uci.startsWith(game.selected + name)) : [];
      if (chosen.length) {
        const move = chosen.find((mv) => mv.uci.length === 4 || mv.uci[4] === promotion.value) || chosen[0];
        word.textContent = "";
        game.moves.push(move.uci);
        update().catch(fail);
        return;
      }
      if (starts(name)) {
        word.textContent = "";
        game.selected = name === game.selected ? null : name;
      } else if (game.selected) {
        const to = game.state.legal.filter((mv) => mv.uci.startsWith(game.selected)).map((mv) => mv.uci.slice(2, 4));
        word.textContent = `${game.selected}-${name} is not a legal move${game.state.check ? " (you are in check)" : ""}: from ${game.selected} you can go to ${[...new Set(to)].join(", ")}.`;
        game.selected = null;
      } else {
        word.textContent = `No legal move of yours starts on ${name}${game.state.check ? ": you are in check" : ""}.`;
      }
      draw();
    }

    function fail(error) {
      game.busy = false;
      status.textContent = error.message;
    }

    function newGame() {
      game = { moves: [], state: null, selected: null, busy: false, depth: 0 };
      thinking.textContent = "";
      word.textContent = "";
      update().catch(fail);
    }

    fresh.addEventListener("click", newGame);
    side.addEventListener("change", newGame);
    versions.addEventListener("change", newGame);
    copy.addEventListener("click", () => {
      pgn.select();
      const copied = navigator.clipboard ? navigator.clipboard.writeText(pgn.value) : Promise.reject(new Error("no clipboard"));
      copied.then(
        () => (copy.textContent = "Copied"),
        () => document.execCommand && document.execCommand("copy")
      );
    });
    newGame();
  }

  function startAll() {
    document.querySelectorAll(".lamosca-play").forEach(start);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", startAll);
  else startAll();
})();
