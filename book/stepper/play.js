// The play page: a game against any step, in the page. The rules (legal
// moves, the game's end, the PGN) and the step's move come from the lab's
// module (`lamosca.game`, `lamosca.think`, in lab.js); this file draws the
// board and takes the reader's clicks. The pieces of a position are read
// by the stepper's board.js, which loads before it.
(function () {
  "use strict";
  if (typeof window === "undefined") return;

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

  // The pieces of a FEN's placement by square name, from the stepper's
  // board reader (board.js).
  function pieces(fen) {
    const placed = {};
    window.LaMoScaBoard.pieces(fen).forEach((piece, index) => {
      if (piece) placed[FILES[index % 8] + (Math.floor(index / 8) + 1)] = piece;
    });
    return placed;
  }

  /** The controls and the board of one game, placed in `element`. */
  function layout(element) {
    const ui = {
      versions: make("select", { name: "version" }),
      side: make("select", { name: "side" }, make("option", { value: "white" }, "White"), make("option", { value: "black" }, "Black")),
      budget: make("input", { type: "number", name: "nodes", value: 20000, min: 100 }),
      promotion: make("select", { name: "promotion" }, ...["q", "r", "b", "n"].map((p) => make("option", { value: p }, p.toUpperCase()))),
      fresh: make("button", { type: "button", name: "new" }, "New game"),
      board: make("div", { class: "play-board", role: "grid" }),
      // The board's coordinates, ranks at its left and files under it.
      ranksEdge: make("div", { class: "play-ranks", "aria-hidden": "true" }),
      filesEdge: make("div", { class: "play-files", "aria-hidden": "true" }),
      // A word on a click that is no legal move.
      word: make("p", { class: "play-word", "aria-live": "polite" }),
      status: make("p", { class: "play-status", role: "status" }),
      thinking: make("p", { class: "play-thinking" }),
      moves: make("p", { class: "play-moves" }),
      pgn: make("textarea", { class: "play-pgn", rows: 6, cols: 60, readonly: true }),
      copy: make("button", { type: "button", name: "copy" }, "Copy the PGN"),
    };
    const field = (text, control) => make("label", { class: "lab-field" }, make("span", {}, text), control);
    element.append(
      make("div", { class: "lab-form" },
        field("Play against", ui.versions),
        field("You play", ui.side),
        field("its node budget per move", ui.budget),
        field("promote to", ui.promotion),
        ui.fresh),
      make("div", { class: "play-frame" }, ui.ranksEdge, ui.board, ui.filesEdge),
      ui.word, ui.status, ui.thinking, ui.moves, ui.pgn, ui.copy);
    return ui;
  }

  /** A game against a step: its moves so far, the module's state of it, the square picked. */
  class Play {
    constructor(element) {
      this.element = element;
      this.ui = layout(element);
      const { fresh, side, versions, copy, pgn } = this.ui;
      fresh.addEventListener("click", () => this.newGame());
      side.addEventListener("change", () => this.newGame());
      versions.addEventListener("change", () => this.newGame());
      copy.addEventListener("click", () => {
        pgn.select();
        const copied = navigator.clipboard ? navigator.clipboard.writeText(pgn.value) : Promise.reject(new Error("no clipboard"));
        copied.then(
          () => (copy.textContent = "Copied"),
          () => document.execCommand && document.execCommand("copy")
        );
      });
      // The steps to play against are those the module runs; the game
      // starts once they are listed (or with the module's error).
      window.lamosca.steps().then(
        (steps) => {
          for (const { version, title } of steps) versions.append(make("option", { value: version, selected: version === "v09" }, title));
        },
        () => {}
      ).then(() => this.newGame());
    }

    yourTurn() {
      const { state } = this.game;
      return Boolean(state && !state.over && state.turn === this.ui.side.value);
    }

    /** The squares, the moves played, the PGN and the status line. */
    draw() {
      const { game, ui } = this;
      const placed = pieces(game.state.fen);
      const from = new Set(game.state.legal.map((mv) => mv.uci.slice(0, 2)));
      const targets = new Set(game.state.legal.filter((mv) => mv.uci.startsWith(game.selected || "--")).map((mv) => mv.uci.slice(2, 4)));
      ui.board.textContent = "";
      const ranks = ui.side.value === "white" ? [8, 7, 6, 5, 4, 3, 2, 1] : [1, 2, 3, 4, 5, 6, 7, 8];
      const files = ui.side.value === "white" ? FILES.split("") : FILES.split("").reverse();
      ui.ranksEdge.replaceChildren(...ranks.map((rank) => make("span", {}, String(rank))));
      ui.filesEdge.replaceChildren(...files.map((file) => make("span", {}, file)));
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
          const square = make("button", { type: "button", class: "play-square" + dark + marks, "data-square": name, "aria-label": label, "data-from": from.has(name) || null, disabled: !this.yourTurn() }, placed[name] ? GLYPHS[placed[name]] : "");
          square.addEventListener("click", () => this.click(name));
          ui.board.append(square);
        }
      }
      ui.moves.textContent = game.state.played.map((san, i) => (i % 2 === 0 ? `${Math.floor(i / 2) + 1}. ` : "") + san).join(" ");
      ui.pgn.value = game.state.pgn;
      this.element.dataset.moves = game.moves.join(" ");
      this.element.dataset.over = game.state.over || "";
      if (game.state.over) ui.status.textContent = `Game over: ${game.state.over}, ${game.state.result}.`;
      else if (this.yourTurn()) ui.status.textContent = game.state.check ? "Your move: you are in check." : "Your move.";
    }

    update() {
      const { versions, side } = this.ui;
      const title = versions.selectedOptions[0] ? versions.selectedOptions[0].textContent : versions.value;
      const names = side.value === "white" ? { white: "Reader", black: `LaMoSca ${title}` } : { white: `LaMoSca ${title}`, black: "Reader" };
      return window.lamosca.game({ version: versions.value, moves: this.game.moves, ...names }).then((state) => {
        this.game.state = state;
        this.game.selected = null;
        this.draw();
        if (!state.over && !this.yourTurn()) return this.reply();
        return null;
      });
    }

    reply() {
      const { versions, budget, status, thinking } = this.ui;
      const title = versions.selectedOptions[0] ? versions.selectedOptions[0].textContent : versions.value;
      status.textContent = `${title} is thinking...`;
      this.game.busy = true;
      return window.lamosca
        .think({ version: versions.value, moves: this.game.moves, nodes: Number(budget.value) || 20000 })
        .then((thought) => {
          thinking.textContent = `${title} played ${thought.best}: depth ${thought.depth}, value ${thought.value}, line ${thought.pv.join(" ")}, ${thought.nodes} nodes` + this.shallower(thought);
          this.game.depth = thought.depth;
          this.game.moves.push(thought.best);
          this.game.busy = false;
          return this.update();
        });
    }

    // Why the depth is less than the last move's: the budget is the same
    // for every move, and this position's depths cost more nodes.
    shallower(thought) {
      const { game } = this;
      if (!game.depth || thought.depth >= game.depth) return "";
      const stopped = thought.stopped ? `; its budget of ${Number(this.ui.budget.value) || 20000} nodes ran out in depth ${thought.stopped}` : "";
      return `. Depth ${thought.depth}, less than the ${game.depth} of its last move: each move gets the same node budget, and this position's depths take more nodes (more moves, more captures to follow)${stopped}, so it plays the move of the deepest depth it finished.`;
    }

    click(name) {
      const { game, ui } = this;
      if (!this.yourTurn() || game.busy) return;
      const starts = (square) => game.state.legal.some((mv) => mv.uci.startsWith(square));
      const chosen = game.selected ? game.state.legal.filter((mv) => mv.uci.startsWith(game.selected + name)) : [];
      if (chosen.length) {
        const move = chosen.find((mv) => mv.uci.length === 4 || mv.uci[4] === ui.promotion.value) || chosen[0];
        ui.word.textContent = "";
        game.moves.push(move.uci);
        this.update().catch((error) => this.fail(error));
        return;
      }
      if (starts(name)) {
        ui.word.textContent = "";
        game.selected = name === game.selected ? null : name;
      } else if (game.selected) {
        const to = game.state.legal.filter((mv) => mv.uci.startsWith(game.selected)).map((mv) => mv.uci.slice(2, 4));
        ui.word.textContent = `${game.selected}-${name} is not a legal move${game.state.check ? " (you are in check)" : ""}: from ${game.selected} you can go to ${[...new Set(to)].join(", ")}.`;
        game.selected = null;
      } else {
        ui.word.textContent = `No legal move of yours starts on ${name}${game.state.check ? ": you are in check" : ""}.`;
      }
      this.draw();
    }

    fail(error) {
      this.game.busy = false;
      this.ui.status.textContent = error.message;
    }

    newGame() {
      this.game = { moves: [], state: null, selected: null, busy: false, depth: 0 };
      this.ui.thinking.textContent = "";
      this.ui.word.textContent = "";
      this.update().catch((error) => this.fail(error));
    }
  }

  function start(element) {
    element.textContent = "";
    if (!window.lamosca || !window.lamosca.available) {
      element.append(make("p", { class: "lab-note" }, "The live engines are off here (the page is opened as a file, or the browser has no WebAssembly); serve the book with `mdbook serve book` after README's steps to play."));
      return;
    }
    new Play(element);
  }

  function startAll() {
    document.querySelectorAll(".lamosca-play").forEach(start);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", startAll);
  else startAll();
})();
