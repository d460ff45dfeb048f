// The search stepper: a recorded search that the reader steps through,
// node by node, on the page.
//
// A chapter places one with a plain element,
//
//     <script src="generated/records/v09-d3.js"></script>
//     <div class="lamosca-stepper" data-record="v09-d3"> static trace </div>
//
// where the script registers the record under its name in
// `window.LaMoScaRecords` (a file:// page cannot `fetch`, so records travel
// as scripts). Two names,
// `data-record="v07-d3 v09-d3"`, set two searches of the same position side
// by side in lockstep by path. The element's own content is what a reader
// without JavaScript sees; the stepper keeps it below, folded.
//
// A record is registered as `{events, nodes}`. `events` is the JSON Lines
// contract of the workspace's `--record`: a `search` header (schema 1, the
// root FEN), then `node`, `swap`, `cut`, `result` and other events, and a
// closing `report`. `nodes` are its facts, one per node: the path, the
// twin, the position as FEN, the value with its bound, the reply and a
// re-search's depth, worked out once by the record's reader in Rust
// (`Record::facts`: the book program writes them beside each record).
//
// A search made in the page by the lab (lab.js) is registered as
// `{source}` instead: its record stays in the lab's worker, where it was
// made, indexed once by the module (`book/lab/src/steps.rs`), and the
// stepper asks it, step by step, for what it shows (the node at the
// cursor with its facts, its moves and window, the lines it reads) and
// where each key goes; the page never holds the record's events. Both
// kinds of record answer the same questions (1b, the sources).
//
// This file reads, draws, keeps two records in lockstep and takes the
// keys; it works out none of those facts again. The code reads top-down:
// 1. reading a record, 1b. the sources, 2. what the search knows at a
// step, 3. drawing, 4. lockstep of two records, 5. controls and keys,
// 6. start.
(function () {
  "use strict";

  // Under `node --test` the file is a module of its reading and lockstep
  // functions, which the tests call without a page.
  const inNode = typeof module === "object" && module.exports;
  const Board = inNode ? require("./board.js") : window.LaMoScaBoard;
  const SVG_NS = "http://www.w3.org/2000/svg";
  /** The record contract's version this viewer reads. */
  const SCHEMA = 1;
  /** Milliseconds between two steps while playing. */
  const PLAY_INTERVAL = 700;

  // 1. Reading a record.

  class RecordError extends Error {
    constructor(line, message) {
      super(line ? `line ${line}: ${message}` : message);
      this.name = "RecordError";
    }
  }

  /** The events of a record's JSON Lines text. */
  function readEvents(text) {
    const events = [];
    text.split("\n").forEach((line, i) => {
      if (line.trim() === "") return;
      try {
        events.push(JSON.parse(line));
      } catch (error) {
        throw new RecordError(i + 1, `not JSON: ${error.message}`);
      }
    });
    return events;
  }

  /** A node as the stepper keeps it: its `node` event, its facts, and the steps that concern it. */
  function newNode(event, fact, parent, step) {
    // A re-search (v0.11's internal deepening) is its parent's position
    // searched again: it shares the parent's path and position, and is no
    // move.
    const again = Boolean(fact.research);
    return {
      id: event.id,
      parent,
      level: event.level,
      move: again ? parent.move : parent ? event.move : null,
      again,
      alpha: event.alpha === undefined ? null : event.alpha,
      beta: event.beta === undefined ? null : event.beta,
      kind: event.kind || null,
      path: fact.path,
      occurrence: fact.twin || 0,
      facts: fact,
      enter: step,
      exit: -1,
      value: null,
      best: null,
      children: [],
      moves: [],
      swaps: [],
      cut: -1,
      notes: [],
    };
  }

  /**
   * Indexes a record registered with its facts, `{events, nodes}`: its
   * nodes, each with its facts (path, twin, re-search, FEN, value, reply,
   * worked out by the record's reader in Rust), and for each step (each
   * event between the header and the report) the node it concerns.
   */
  function indexRecord(registered) {
    if (!registered || typeof registered.events !== "string" || !Array.isArray(registered.nodes)) {
      throw new RecordError(0, "the record comes without its facts: register {events, nodes}, as the book program and the lab write it");
    }
    const events = readEvents(registered.events);
    const facts = registered.nodes;
    const header = events[0];
    if (!header || header.event !== "search") throw new RecordError(1, "the first event is not `search`");
    if (header.schema !== SCHEMA) throw new RecordError(1, `schema ${header.schema}, this viewer reads ${SCHEMA}`);

    const last = events[events.length - 1];
    const report = last && last.event === "report" ? last : null;
    const steps = events.slice(1, report ? -1 : undefined);
    const nodes = new Map();
    const byPath = new Map();
    const focus = new Int32Array(steps.length);
    let extent = 100;
    const widen = (value) => {
      if (typeof value === "number" && Number.isFinite(value)) extent = Math.max(extent, Math.abs(value));
    };
    let current = 0;

    steps.forEach((event, step) => {
      const line = step + 2;
      const nodeOf = (id) => {
        const node = nodes.get(id);
        if (!node) throw new RecordError(line, `\`${event.event}\` names node ${id}, which was not entered`);
        return node;
      };
      if (event.event === "node") {
        const fact = facts[nodes.size];
        if (!fact) throw new RecordError(line, `node ${event.id} has no facts`);
        const parent = event.parent === null || event.parent === undefined ? null : nodeOf(event.parent);
        const node = newNode(event, fact, parent, step);
        const twins = byPath.get(fact.path) || [];
        twins[node.occurrence] = node;
        byPath.set(fact.path, twins);
        nodes.set(node.id, node);
        if (parent) parent.children.push(node);
        widen(node.alpha);
        widen(node.beta);
        current = node.id;
      } else if (event.event === "result") {
        const node = nodeOf(event.node);
        node.exit = step;
        node.value = event.value;
        node.best = event.best === undefined ? null : event.best;
        widen(event.value);
        // The value goes back to the parent, which the reader sees next.
        current = node.parent ? node.parent.id : node.id;
      } else if (event.node !== undefined) {
        const node = nodeOf(event.node);
        if (event.event === "swap") node.swaps.push(step);
        else if (event.event === "cut") node.cut = step;
        else if (event.event === "moves") node.moves = event.moves || [];
        else node.notes.push(step);
        widen(event.value);
        current = node.id;
      }
      focus[step] = current;
    });
    if (nodes.size === 0) throw new RecordError(0, "the record has no node");
    if (nodes.size !== facts.length) throw new RecordError(0, `the record has ${nodes.size} nodes and facts for ${facts.length}`);
    return { header, report, steps, nodes, byPath, focus, extent };
  }

  // 1b. What the stepper asks of a record. A source answers the same
  // questions for a record read whole in the page (a chapter's record
  // file, `LocalSource`) and for a record kept by the lab's module where
  // it was made (`RemoteSource`): the record before any step (`meta`),
  // the part of it a step shows (`window`), where a key goes (`key`) and
  // where a second record stands beside the first (`follow`). A local
  // source answers at once, a remote one with a promise.

  /** Where a key takes the stepper from `step` in an indexed record, or null. */
  const KEYS = {
    /** Into the next child that the node shown enters. */
    into(record, step) {
      const focus = record.focus[step];
      for (let s = step + 1; s < record.steps.length; s++) {
        if (record.steps[s].event === "node" && record.steps[s].parent === focus) return s;
        if (record.steps[s].event === "result" && record.steps[s].node === focus) return null;
      }
      return null;
    },
    /** Out to the parent: on to the step where the node shown returns. */
    out(record, step) {
      const node = record.nodes.get(record.focus[step]);
      const event = record.steps[step];
      const atOwnEnd = event.event === "result" && event.node === node.id;
      const target = atOwnEnd && node.parent ? node.parent : node;
      return target.exit > step ? target.exit : null;
    },
    cut: (record, step) => nextOf(record, "cut", step),
    swap: (record, step) => nextOf(record, "swap", step),
  };

  function nextOf(record, kind, step) {
    for (let s = step + 1; s < record.steps.length; s++) {
      if (record.steps[s].event === kind) return s;
    }
    return null;
  }

  /** A record read whole in the page: `indexRecord`'s, answered at once. */
  class LocalSource {
    constructor(index) {
      this.index = index;
      this.meta = { header: index.header, report: index.report, steps: index.steps.length, nodes: index.nodes.size };
    }

    window(step, focusId) {
      return { record: this.index, focusId: focusId === undefined || focusId === null ? this.index.focus[step] : focusId };
    }

    key(name, step) {
      return KEYS[name](this.index, step);
    }

    follow(leader, step) {
      return follow(leader.index, this.index, step);
    }
  }

  /**
   * A record kept by the lab's module (`book/lab/src/steps.rs`), under
   * `handle`: `ask(op, args)` sends the question to the worker and
   * returns a promise of the answer. `summary` is what the module said of
   * it when it was kept: `{header, report, steps, nodes, extent}`.
   */
  class RemoteSource {
    constructor(handle, summary, ask) {
      this.handle = handle;
      this.summary = summary;
      this.ask = ask;
      this.ahead = null;
      this.meta = { header: summary.header, report: summary.report, steps: summary.steps, nodes: summary.nodes };
    }

    window(step, focusId) {
      // A key's answer brings the view of the step it goes to.
      const ahead = this.ahead;
      this.ahead = null;
      const data = ahead && ahead.step === step && !focusId
        ? Promise.resolve(ahead)
        : this.ask("view", { handle: this.handle, step, focus: focusId || 0 });
      return data.then((view) => ({ record: windowRecord(this.summary, view), focusId: view.focus }));
    }

    key(name, step) {
      return this.ask("key", { handle: this.handle, key: name, step }).then((answer) => {
        this.ahead = answer.view;
        return answer.step;
      });
    }

    follow(leader, step) {
      return this.ask("follow", { leader: leader.handle, follower: this.handle, step });
    }
  }

  /**
   * The part of a record that one view shows, shaped as `indexRecord`'s
   * whole record so that `viewAt`, `describe` and the drawing read it
   * alike: the node shown, its parent and children, the node the step
   * concerns, and the lines the view reads, by step.
   */
  function windowRecord(summary, data) {
    const steps = { length: summary.steps };
    for (const [at, event] of Object.entries(data.lines)) steps[at] = event;
    const nodes = new Map();
    for (const raw of data.nodes) {
      nodes.set(raw.id, {
        ...raw,
        path: raw.facts.path,
        occurrence: raw.facts.twin || 0,
        parent: null,
        children: [],
        moves: raw.moves || [],
        swaps: raw.swaps || [],
        notes: raw.notes || [],
        cut: raw.cut === undefined ? -1 : raw.cut,
      });
    }
    for (const raw of data.nodes) {
      const node = nodes.get(raw.id);
      node.parent = raw.parent === null ? null : nodes.get(raw.parent) || { id: raw.parent };
      node.children = (raw.children || []).map((id) => nodes.get(id));
    }
    return {
      header: summary.header,
      report: summary.report,
      steps,
      nodes: { get: (id) => nodes.get(id), size: summary.nodes },
      focus: { [data.step]: data.focus },
      extent: summary.extent,
    };
  }

  /** `fn(value)`, at once for a value, once it comes for a promise. */
  function when(value, fn) {
    return value && typeof value.then === "function" ? value.then(fn) : fn(value);
  }

  /** The values, at once when none is a promise, else a promise of them. */
  function all(values) {
    return values.some((value) => value && typeof value.then === "function") ? Promise.all(values) : values;
  }

  // 2. What the search knows at a step.

  /** The node of `record` shown at `step`, its moves so far, and what the step did. */
  function viewAt(record, step, focusId) {
    const node = record.nodes.get(focusId === undefined ? record.focus[step] : focusId);
    const event = record.steps[step];
    const tried = node.children.filter((child) => child.enter <= step);
    const moveList = node.moves;
    const order = new Map(moveList.map((entry) => [entry.move, entry.order]));
    const swapped = new Map();
    const swaps = [];
    for (const at of node.swaps) {
      if (at > step) break;
      const swap = record.steps[at];
      swaps.push(swap);
      swapped.set(swap.in, swap);
      if (!order.has(swap.in) || order.get(swap.in) === null) order.set(swap.in, swap.in_value);
    }
    // What the node has found by this step comes with the record's facts,
    // worked out by the record's one rule in Rust (`SoFar`): each step at
    // which its best value rose, and the step of the event that cut it off.
    const cutoff = node.facts.cutoff;
    const cut = cutoff && cutoff[0] <= step ? { event: record.steps[cutoff[0]], words: cutoff[1] } : null;
    let best = null;
    for (const [at, value] of node.facts.so_far || []) {
      if (at > step) break;
      best = value;
    }
    const rows = tried.map((child) => {
      const done = child.exit >= 0 && child.exit <= step;
      // What the row shows of a returned child comes with the record: its
      // value for this node's side, with its bound, and its reply.
      return {
        move: child.move,
        order: child.again ? null : order.has(child.move) ? order.get(child.move) : null,
        swap: child.again ? null : swapped.get(child.move) || null,
        worth: done ? child.facts.worth : null,
        refuted: done && Boolean(child.facts.refuted),
        reply: done ? child.facts.reply || null : null,
        searching: !done,
        cut: !child.again && cut !== null && cut.event.move === child.move,
        research: child.again ? { depth: child.facts.depth === undefined ? null : child.facts.depth } : null,
        child,
      };
    });
    // The moves not tried yet, in the order pick has left them: each swap
    // exchanges two places of the list.
    const triedMoves = new Set(tried.map((child) => child.move));
    // Without the node's move list (a record may leave it out), the moves
    // known to wait are those pick brought forward and not tried yet.
    const list = moveList.length
      ? moveList.slice()
      : swaps
          .filter((swap, i) => !swaps.slice(0, i).some((earlier) => earlier.in === swap.in))
          .map((swap) => ({ move: swap.in, order: swap.in_value }));
    for (const swap of swaps) {
      const a = list.findIndex((entry) => entry.move === swap.out);
      const b = list.findIndex((entry) => entry.move === swap.in);
      if (a >= 0 && b >= 0) [list[a], list[b]] = [list[b], list[a]];
    }
    const untried = list
      .filter((entry) => !triedMoves.has(entry.move))
      .map((entry) => ({ ...entry, order: order.get(entry.move), swap: swapped.get(entry.move) || null }));
    const done = node.exit >= 0 && node.exit <= step;
    return { node, event, step, rows, untried, best, cut, done };
  }

  // The note on a move the other search never searched at this node: its
  // search (whole, to the same depth) cut the move off, or never reached
  // the node; the step can generate the move all the same.
  function skipNote(other) {
    return make("span", { class: "lms-mark", title: `${other.label}'s search, to the same depth, never searched this move here: a cut made it needless, or its search ends at this node (a horizon it does not look past)` }, `not searched by ${other.label}`);
  }

  /** The move an event is about, to highlight its row. */
  function eventMove(record, event) {
    if (event.event === "node" || event.event === "result") {
      const node = record.nodes.get(event.event === "node" ? event.id : event.node);
      return node ? node.move : null;
    }
    return event.event === "swap" ? event.in : event.move || null;
  }

  // A pass, or null move: the side to move hands the turn over, and the
  // record names it as UCI names no move. Its node's position, in its
  // facts, is its parent's with the other side to move.
  const PASS = "0000";

  /** A move as a sentence names it: `e2e4`, or `a pass (0000)`. */
  function moveWords(move) {
    return move === PASS ? `a pass (${PASS})` : move;
  }

  /** What the step did, in a sentence. */
  function describe(record, event) {
    switch (event.event) {
      case "node": {
        const node = record.nodes.get(event.id);
        const window = node.alpha === null ? "" : `, window (${node.alpha}, ${node.beta})`;
        const kind = node.kind && node.kind !== "main" ? ` (${node.kind})` : "";
        if (node.again) {
          return `Search node ${node.parent.id}'s position again, shallower, for a move to try first${window}.`;
        }
        return node.parent
          ? `Enter node ${node.id}${kind} by ${moveWords(node.move)}, level ${node.level}${window}.`
          : `Start the search at the root, level ${node.level}${window}.`;
      }
      case "swap":
        return `Pick swaps ${event.in}=${event.in_value} forward, in place of ${event.out}=${event.out_value}.`;
      case "cut": {
        const node = record.nodes.get(event.node);
        const beta = node.beta === null ? "" : ` ≥ β = ${node.beta}`;
        const move = event.move === PASS ? `The pass (${PASS})` : event.move;
        return `${move} fails high with ${event.value}${beta}: the moves left are cut.`;
      }
      case "result": {
        const node = record.nodes.get(event.node);
        const best = event.best ? ` (best ${event.best})` : "";
        const { value, worth } = node.facts;
        if (node.again) {
          return `The re-search of node ${node.parent.id} returns ${value}${best}: the same position, for the same side.`;
        }
        return node.parent
          ? `Node ${node.id} returns ${value}${best}: ${moveWords(node.move)} is worth ${worth} here.`
          : `The root returns ${value}${best}: the search is over.`;
      }
      case "moves":
        return `The moves of node ${event.node}, in the order generated.`;
      default: {
        const fields = Object.entries(event)
          .filter(([name]) => name !== "event" && name !== "node")
          .map(([name, value]) => `${name} ${JSON.stringify(value)}`)
          .join(", ");
        return `${event.event.replace(/_/g, " ")}${fields ? ": " + fields : ""}.`;
      }
    }
  }

  // 3. Drawing.

  /** Creates an element with attributes and children. */
  function make(tag, attributes, ...children) {
    const element = tag.startsWith("svg:")
      ? document.createElementNS(SVG_NS, tag.slice(4))
      : document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value !== null && value !== undefined) element.setAttribute(name, value);
    }
    for (const child of children) {
      if (child !== null && child !== undefined) {
        element.append(typeof child === "object" ? child : String(child));
      }
    }
    return element;
  }

  // The board in the book's diagram style (book/src/diagram.rs): the same
  // square colours, move tint, arrow, coordinates and Unicode pieces.
  const SQUARE = 44;
  const LEFT = 22;
  const TOP = 6;
  const SIDE = LEFT + 8 * SQUARE + 6;
  const HEIGHT = TOP + 8 * SQUARE + 22;
  const LIGHT = "#f0d9b5";
  const DARK = "#b58863";
  const TINT = "#f6e94a";
  const ARROW = "#2e7d32";
  const FONT = "'DejaVu Sans', 'Segoe UI Symbol', 'Noto Sans Symbols 2', 'Arial Unicode MS', sans-serif";
  const SYMBOLS = { k: ["\u265A", "\u2654"], q: ["\u265B", "\u2655"], r: ["\u265C", "\u2656"], b: ["\u265D", "\u2657"], n: ["\u265E", "\u2658"], p: ["\u265F", "\u2659"] };
  /** The text-presentation selector: draw the symbol as text, not as emoji. */
  const AS_TEXT = "\uFE0E";
  let markerCount = 0;

  function corner(index) {
    return [LEFT + (index % 8) * SQUARE, TOP + (7 - Math.floor(index / 8)) * SQUARE];
  }

  function drawBoard(fen, lastMove, label) {
    const svg = make("svg:svg", { viewBox: `0 0 ${SIDE} ${HEIGHT}`, role: "img", "aria-label": label, class: "lms-board" });
    svg.append(make("svg:title", {}, label));
    const marker = `lms-head-${++markerCount}`;
    svg.append(
      make("svg:defs", {},
        make("svg:marker", { id: marker, viewBox: "0 0 10 10", refX: 5, refY: 5, markerWidth: 3, markerHeight: 3, orient: "auto" },
          make("svg:path", { d: "M0,0 L10,5 L0,10 z", fill: ARROW })))
    );
    svg.append(make("svg:rect", { width: SIDE, height: HEIGHT, class: "lms-board-bg" }));
    for (let index = 0; index < 64; index++) {
      const [x, y] = corner(index);
      const dark = ((index % 8) + Math.floor(index / 8)) % 2 === 0;
      svg.append(make("svg:rect", { x, y, width: SQUARE, height: SQUARE, fill: dark ? DARK : LIGHT }));
    }
    const move = lastMove ? Board.squares(lastMove) : null;
    if (move) {
      for (const index of [move.from, move.to]) {
        const [x, y] = corner(index);
        svg.append(make("svg:rect", { x, y, width: SQUARE, height: SQUARE, fill: TINT, "fill-opacity": 0.6, class: "lms-last-move" }));
      }
    }
    svg.append(make("svg:rect", { x: LEFT, y: TOP, width: 8 * SQUARE, height: 8 * SQUARE, fill: "none", stroke: "#5b4636" }));
    for (let i = 0; i < 8; i++) {
      svg.append(make("svg:text", { x: LEFT + i * SQUARE + SQUARE / 2, y: TOP + 8 * SQUARE + 16, "font-family": FONT, "font-size": 13, "text-anchor": "middle", class: "lms-coord" }, "abcdefgh"[i]));
      svg.append(make("svg:text", { x: LEFT / 2, y: TOP + (7 - i) * SQUARE + SQUARE / 2 + 5, "font-family": FONT, "font-size": 13, "text-anchor": "middle", class: "lms-coord" }, i + 1));
    }
    Board.pieces(fen).forEach((piece, index) => {
      if (piece === null) return;
      const [x, y] = corner(index);
      const at = { x: x + SQUARE / 2, y: y + SQUARE / 2 + (SQUARE * 3) / 10, "font-family": FONT, "font-size": (SQUARE * 4) / 5, "text-anchor": "middle" };
      const [solid, outline] = SYMBOLS[piece.toLowerCase()];
      if (piece === piece.toUpperCase()) {
        svg.append(make("svg:text", { ...at, fill: "#fff" }, solid + AS_TEXT));
        svg.append(make("svg:text", { ...at, fill: "#000" }, outline + AS_TEXT));
      } else {
        svg.append(make("svg:text", { ...at, fill: "#000" }, solid + AS_TEXT));
      }
    });
    if (move) {
      const [x1, y1] = corner(move.from).map((c) => c + SQUARE / 2);
      const [x2, y2] = corner(move.to).map((c) => c + SQUARE / 2);
      const length = Math.max(1, Math.hypot(x2 - x1, y2 - y1));
      const short = SQUARE * 0.3;
      svg.append(make("svg:line", {
        x1, y1, x2: (x2 - ((x2 - x1) / length) * short).toFixed(1), y2: (y2 - ((y2 - y1) / length) * short).toFixed(1),
        stroke: ARROW, "stroke-opacity": 0.8, "stroke-width": SQUARE / 6, "stroke-linecap": "round", "marker-end": `url(#${marker})`,
      }));
    }
    return svg;
  }

  /**
   * Where a value sits on the number line, 0 to 1. The scale is linear near
   * zero and logarithmic further out, so that a pawn's difference and the
   * infinite window bound both fit.
   */
  function scale(value, extent) {
    const squash = (v) => Math.sign(v) * Math.log1p(Math.abs(v) / 50);
    const clamped = Math.max(-extent, Math.min(extent, value));
    return 0.5 + squash(clamped) / squash(extent) / 2;
  }

  function drawWindow(record, view) {
    const { node, best } = view;
    const width = 320;
    const x = (value) => (12 + scale(value, record.extent) * (width - 24)).toFixed(1);
    const svg = make("svg:svg", { viewBox: `0 0 ${width} 34`, class: "lms-line", "aria-hidden": "true" });
    svg.append(make("svg:line", { x1: 12, y1: 14, x2: width - 12, y2: 14, class: "lms-axis" }));
    svg.append(make("svg:line", { x1: x(0), y1: 9, x2: x(0), y2: 19, class: "lms-axis" }));
    svg.append(make("svg:text", { x: x(0), y: 31, "text-anchor": "middle", class: "lms-tick" }, "0"));
    if (node.alpha !== null && node.beta !== null) {
      const raised = best !== null && best > node.alpha ? Math.min(best, node.beta) : node.alpha;
      svg.append(make("svg:rect", { x: x(node.alpha), y: 8, width: Math.max(1, x(node.beta) - x(node.alpha)), height: 12, class: "lms-band-spent" }));
      svg.append(make("svg:rect", { x: x(raised), y: 8, width: Math.max(1, x(node.beta) - x(raised)), height: 12, class: "lms-band" }));
      svg.append(make("svg:text", { x: x(node.alpha), y: 31, "text-anchor": "start", class: "lms-tick" }, "α"));
      svg.append(make("svg:text", { x: x(node.beta), y: 31, "text-anchor": "end", class: "lms-tick" }, "β"));
    }
    if (best !== null) {
      svg.append(make("svg:circle", { cx: x(best), cy: 14, r: 5, class: view.cut ? "lms-dot lms-dot-cut" : "lms-dot" }));
    }
    const text = [];
    if (node.alpha !== null) text.push(`α = ${node.alpha}`, `β = ${node.beta}`);
    text.push(`best so far ${best === null ? "none" : best}`);
    if (view.cut) text.push(view.cut.words);
    return make("div", { class: "lms-window" }, svg, make("span", { class: "lms-window-text" }, text.join(", ")));
  }

  function drawMoves(record, view, other) {
    // The row the step is about: the child entered or returning, the move
    // swapped forward or cutting.
    const { event } = view;
    const childId = event.event === "node" ? event.id : event.event === "result" ? event.node : null;
    const isCurrent = (row) => (childId !== null ? row.child.id === childId : row.move === eventMove(record, event));
    // A search without ordering values (NegaMax) gets no order column.
    const known = (order) => order !== null && order !== undefined;
    const ordered = view.rows.some((row) => known(row.order)) || view.untried.some((entry) => known(entry.order));
    const table = make("table", { class: "lms-moves" },
      make("caption", {}, `Moves of node ${view.node.id}, in the order tried`),
      make("thead", {}, make("tr", {},
        make("th", { scope: "col" }, "#"),
        make("th", { scope: "col" }, "move"),
        ordered ? make("th", { scope: "col", title: "the value the move ordering gave it" }, "order") : null,
        make("th", { scope: "col", title: "the value the move returned, for the side to move here" }, "value"),
        make("th", { scope: "col" }, "note"))));
    const body = make("tbody");
    // Moves count from 1 in the order tried; a re-search is no move.
    const moveRows = view.rows.filter((row) => !row.research);
    const number = (row) => moveRows.indexOf(row) + 1;
    const otherSkips = (move) => other && other.node && !other.node.children.some((c) => c.move === move);
    view.rows.forEach((row) => {
      const classes = ["lms-row"];
      const notes = [];
      if (row.swap) {
        classes.push("lms-swapped");
        notes.push(make("span", { class: "lms-mark", title: `pick swapped it forward, in place of ${row.swap.out}=${row.swap.out_value}` }, "⇄ swapped"));
      }
      if (row.cut) {
        classes.push("lms-cut");
        notes.push(make("span", { class: "lms-mark" }, "✂ cut"));
      }
      if (row.searching) notes.push(make("span", { class: "lms-mark" }, "searching"));
      if (otherSkips(row.move)) {
        classes.push("lms-other-skips");
        notes.push(skipNote(other));
      }
      const childKind = row.child.kind && row.child.kind !== "main" ? ` (${row.child.kind})` : "";
      if (childKind && !row.research) notes.push(make("span", { class: "lms-mark" }, childKind.trim()));
      if (row.reply) notes.push(make("span", { class: "lms-mark lms-reply" }, row.refuted ? `refuted by ${row.reply}` : `reply ${row.reply}`));
      if (isCurrent(row)) classes.push("lms-current");
      if (row.research) classes.push("lms-research");
      const depth = row.research && row.research.depth !== null && row.research.depth !== undefined ? ` at depth ${row.research.depth}` : "";
      body.append(make("tr", { class: classes.join(" ") },
        make("td", {}, row.research ? "" : number(row)),
        make("td", { class: "lms-move" }, row.research ? `(re-search${depth})` : row.move),
        ordered ? make("td", {}, known(row.order) ? row.order : "") : null,
        make("td", { class: "lms-value" }, row.worth === null ? "…" : row.worth),
        make("td", {}, ...notes)));
    });
    for (const entry of view.untried) {
      const classes = ["lms-row", view.cut ? "lms-pruned" : "lms-untried"];
      const notes = [];
      if (entry.swap) {
        classes.push("lms-swapped");
        notes.push(make("span", { class: "lms-mark", title: `pick swapped it forward, in place of ${entry.swap.out}=${entry.swap.out_value}` }, "⇄ swapped"));
      }
      if (otherSkips(entry.move)) {
        classes.push("lms-other-skips");
        notes.push(skipNote(other));
      } else {
        notes.push(view.cut ? "cut off" : view.done ? "" : "not tried yet");
      }
      if (childId === null && entry.move === eventMove(record, event)) classes.push("lms-current");
      body.append(make("tr", { class: classes.join(" ") },
        make("td", {}, ""),
        make("td", { class: "lms-move" }, entry.move),
        ordered ? make("td", {}, known(entry.order) ? entry.order : "") : null,
        make("td", {}, ""),
        make("td", {}, ...notes)));
    }
    if (view.rows.length === 0 && view.untried.length === 0) {
      body.append(make("tr", {}, make("td", { colspan: ordered ? 5 : 4, class: "lms-leaf" },
        view.node.children.length === 0 ? "No moves searched here: a leaf." : "No move tried yet.")));
    }
    table.append(body);
    return make("div", { class: "lms-moves-box" }, table);
  }

  /** Draws one record's panel at a step; `missing` says why the lockstep found no node. */
  function drawPanel(panel, record, view, other, missing) {
    const { node } = view;
    const path = node.path || "(root)";
    const label = `The position at node ${node.id}, after ${node.path || "no move"}`;
    const kind = node.kind && node.kind !== "main" ? `, ${node.kind}` : "";
    const status = `node ${node.id} of ${record.nodes.size}, level ${node.level}${kind}, step ${view.step + 1} of ${record.steps.length}`;
    panel.classList.toggle("lms-missing", Boolean(missing));
    // The board of the step before stays on the page when the position,
    // the move and the words are the same: a step within one node draws
    // no new board, and the browser lays none out again.
    const shown = [node.facts.fen, node.move, label].join("|");
    const before = Array.from(panel.children).find((child) => child.classList.contains("lms-board-box"));
    const board = before && before.dataset.shown === shown
      ? before
      : make("div", { class: "lms-board-box", "data-shown": shown }, drawBoard(node.facts.fen, node.move, label));
    const parts = [
      make("p", { class: "lms-title" }, record.header.version || "search", ` · depth ${record.header.depth}`),
      missing ? make("p", { class: "lms-missing-note" }, missing) : null,
      board,
      make("div", { class: "lms-info" },
        make("p", { class: "lms-path" }, make("span", { class: "lms-label" }, "Path "), make("span", { class: "lms-path-moves" }, path)),
        drawWindow(record, view),
        drawMoves(record, view, other),
        make("p", { class: "lms-event" }, describe(record, view.event)),
        make("p", { class: "lms-status" }, status),
        view.step === record.steps.length - 1 && record.report
          ? make("p", { class: "lms-report" }, `Best ${record.report.best}, value ${record.report.value}, ${record.report.nodes} nodes.`)
          : null),
    ];
    const kept = parts.filter((part) => part !== null);
    if (board === before) {
      // Everything but the board goes, and the rest is put around it.
      for (const child of Array.from(panel.childNodes)) if (child !== board) child.remove();
      const at = kept.indexOf(board);
      board.before(...kept.slice(0, at));
      board.after(...kept.slice(at + 1));
    } else {
      panel.replaceChildren(...kept);
    }
    const current = panel.querySelector(".lms-current");
    const box = panel.querySelector(".lms-moves-box");
    if (current && box) {
      const top = current.offsetTop - box.clientHeight / 2;
      box.scrollTop = Math.max(0, top);
    }
  }

  // 4. Lockstep of two records.

  /** The node of `record` with the same path as `node`, the same occurrence if the path recurs. */
  function twinOf(record, node) {
    const twins = record.byPath.get(node.path);
    if (!twins) return null;
    return twins[Math.min(node.occurrence, twins.length - 1)];
  }

  /** The follower's step that matches the leader's, or the node that cut the branch off. */
  function follow(leader, follower, step) {
    const focus = leader.nodes.get(leader.focus[step]);
    const event = leader.steps[step];
    const twin = twinOf(follower, focus);
    if (twin) {
      let at = twin.enter;
      if (event.event === "result") {
        const child = leader.nodes.get(event.node);
        const match = child === focus ? twin : twinOf(follower, child);
        at = match ? match.exit : twin.cut >= 0 ? twin.cut : twin.exit;
      } else if (event.event === "cut" || event.event === "swap") {
        const same = (event.event === "cut" ? [twin.cut] : twin.swaps).find(
          (s) => s >= 0 && eventMove(follower, follower.steps[s]) === eventMove(leader, event)
        );
        at = same === undefined ? twin.enter : same;
      }
      return { step: Math.max(0, at), focusId: twin.id, missing: null };
    }
    // The follower never reached this node: show the deepest node it did
    // reach on the way, at the moment it gave the branch up.
    let prefix = focus.parent;
    let reached = null;
    while (prefix && !(reached = twinOf(follower, prefix))) prefix = prefix.parent;
    if (!reached) reached = follower.nodes.get(follower.focus[0]);
    const at = reached.cut >= 0 ? reached.cut : reached.exit >= 0 ? reached.exit : reached.enter;
    const cut = reached.cut >= 0 ? `: ${follower.steps[reached.cut].move} cut it off at node ${reached.id}` : "";
    return {
      step: at,
      focusId: reached.id,
      missing: `${follower.header.version || "this search"} never visits ${focus.path}${cut}.`,
    };
  }

  // 5. Controls and keys.

  /** Each control: its name, its button text, its keys and what it does. */
  const CONTROLS = [
    { name: "reset", text: "⇤ Reset", keys: ["r", "Home"], shown: "R or Home", act: (s) => s.go(0) },
    { name: "back", text: "◀ Back", keys: ["ArrowLeft", "h"], shown: "←", act: (s) => s.go(s.step - 1) },
    { name: "step", text: "Step ▶", keys: ["ArrowRight", "l"], shown: "→", act: (s) => s.go(s.step + 1) },
    { name: "into", text: "↘ Into", keys: ["ArrowDown", "j"], shown: "↓", act: (s) => s.into() },
    { name: "out", text: "↖ Out", keys: ["ArrowUp", "k"], shown: "↑", act: (s) => s.out() },
    { name: "next-cut", text: "✂ Next cut", keys: ["c"], shown: "C", act: (s) => s.next("cut") },
    { name: "next-swap", text: "⇄ Next swap", keys: ["s"], shown: "S", act: (s) => s.next("swap") },
    { name: "play", text: "▷ Play", keys: ["p", " "], shown: "P or Space", act: (s) => s.togglePlay() },
  ];

  /** ARIA names for the keys, for `aria-keyshortcuts`. */
  const ARIA_KEYS = { " ": "Space", h: "H", l: "L", j: "J", k: "K", r: "R", c: "C", s: "S", p: "P" };

  class Stepper {
    constructor(element, sources, names) {
      this.element = element;
      this.sources = sources;
      this.names = names;
      this.step = 0;
      this.timer = null;
      this.renders = 0;

      // The static excerpt stays on the page, folded below the stepper.
      const fallback = make("details", { class: "lms-fallback" }, make("summary", {}, "The same search as text"));
      fallback.append(...element.childNodes);
      element.setAttribute("tabindex", "0");
      element.setAttribute("role", "group");
      element.setAttribute("aria-roledescription", "search stepper");
      element.setAttribute("aria-label", `Search stepper: ${sources.map((r) => r.meta.header.version).join(" beside ")}; the keys work while it has focus`);

      const bar = make("div", { class: "lms-controls", role: "toolbar", "aria-label": "Stepper controls" });
      this.buttons = {};
      for (const control of CONTROLS) {
        const shortcuts = control.keys.map((key) => ARIA_KEYS[key] || key).join(" ");
        const button = make("button", {
          type: "button",
          class: `lms-button lms-${control.name}`,
          "data-control": control.name,
          "aria-label": `${control.text.replace(/^[^A-Za-z]+|[^A-Za-z ]+$/g, "").trim()} (key ${control.shown})`,
          "aria-keyshortcuts": shortcuts,
          title: `${control.text.replace(/^[^A-Za-z]+|[^A-Za-z ]+$/g, "").trim()}, key ${control.shown}`,
        }, control.text);
        button.addEventListener("click", () => {
          if (control.name !== "play") this.pause();
          control.act(this);
        });
        this.buttons[control.name] = button;
        bar.append(button);
      }
      this.buttons.play.setAttribute("aria-pressed", "false");
      this.panels = sources.map(() => make("div", { class: "lms-panel" }));
      this.live = make("p", { class: "lms-live", "aria-live": "polite" });
      element.classList.add("lms-ready");
      if (sources.length > 1) element.classList.add("lms-pair");
      element.replaceChildren(bar, make("div", { class: "lms-panels" }, ...this.panels), this.live, fallback);
      element.addEventListener("keydown", (event) => this.onKey(event));
      this.render();
    }

    get leader() {
      return this.sources[0];
    }

    get last() {
      return this.leader.meta.steps - 1;
    }

    go(step) {
      this.step = Math.max(0, Math.min(this.last, step));
      this.render();
    }

    into() {
      this.move("into");
    }

    out() {
      this.move("out");
    }

    next(kind) {
      this.move(kind);
    }

    /** Where the key `name` (into, out, cut, swap) takes the stepper, asked of the leader's source. */
    move(name) {
      const from = this.step;
      this.settle(when(this.leader.key(name, from), (to) => {
        // A later key has moved the stepper on meanwhile: it wins.
        if (this.step !== from) return;
        if (to !== null && to !== undefined) this.go(to);
        else if (name === "cut" || name === "swap") this.live.textContent = `No ${name} after this step.`;
      }));
    }

    /** A source's failure, said in the live line rather than lost. */
    settle(result) {
      if (result && typeof result.catch === "function") {
        result.catch((error) => {
          this.live.textContent = `The stepper could not read the record: ${error.message}`;
        });
      }
    }

    togglePlay() {
      if (this.timer !== null) return this.pause();
      if (this.step >= this.last) this.go(0);
      this.timer = window.setInterval(() => {
        if (this.step >= this.last) this.pause();
        else this.go(this.step + 1);
      }, PLAY_INTERVAL);
      this.buttons.play.setAttribute("aria-pressed", "true");
      this.buttons.play.textContent = "❙❙ Pause";
    }

    pause() {
      if (this.timer === null) return;
      window.clearInterval(this.timer);
      this.timer = null;
      this.buttons.play.setAttribute("aria-pressed", "false");
      this.buttons.play.textContent = "▷ Play";
    }

    onKey(event) {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      // Space and Enter on a button press the button.
      if ((event.key === " " || event.key === "Enter") && event.target.tagName === "BUTTON") return;
      if (event.target.tagName === "SUMMARY" || event.target.closest(".lms-fallback")) return;
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      const control = CONTROLS.find((c) => c.keys.includes(key));
      if (!control) return;
      // The page's own keys (mdBook turns pages with the arrows and opens
      // its search with S) must not see a key the stepper used.
      event.preventDefault();
      event.stopPropagation();
      if (control.name !== "play") this.pause();
      control.act(this);
    }

    /**
     * Draws the step: asks each source for what it shows (at once for a
     * record read in the page, by a message to the lab's worker for one
     * kept there), then draws; a render overtaken by a later key is not
     * drawn.
     */
    render() {
      const step = this.step;
      const token = ++this.renders;
      const last = this.last;
      this.buttons.back.disabled = step === 0;
      this.buttons.reset.disabled = step === 0;
      this.buttons.step.disabled = step === last;
      const leader = this.leader;
      this.settle(when(leader.window(step), (lead) => {
        const others = this.sources.slice(1).map((source) =>
          when(source.follow(leader, step), (place) =>
            when(source.window(place.step, place.focusId), (shown) => ({ place, shown }))));
        return when(all(others), (placed) => {
          if (token === this.renders) this.draw(step, lead, placed);
        });
      }));
    }

    draw(step, lead, placed) {
      const leader = lead.record;
      const view = viewAt(leader, step, lead.focusId);
      const others = placed.map(({ place, shown }) => ({ record: shown.record, place, view: viewAt(shown.record, place.step, place.focusId) }));
      const label = (record) => record.header.version || "the other search";
      drawPanel(this.panels[0], leader, view, others[0] && !others[0].place.missing ? { node: others[0].view.node, label: label(others[0].record) } : null, null);
      others.forEach((other, i) => {
        const compare = other.place.missing ? null : { node: view.node, label: label(leader) };
        drawPanel(this.panels[i + 1], other.record, other.view, compare, other.place.missing);
      });
      this.live.textContent = describe(leader, view.event);
      this.element.dataset.step = String(step);
    }
  }

  // 6. Start: every stepper on the page.

  function start(element) {
    const names = (element.dataset.record || "").split(/\s+/).filter(Boolean);
    try {
      if (names.length < 1 || names.length > 2) throw new RecordError(0, "`data-record` names one or two records");
      const store = window.LaMoScaRecords || {};
      // A record registered as `{source}` (the lab's, kept in its worker)
      // is asked; one registered as `{events, nodes}` is read here.
      const sources = names.map((name) => {
        if (!(name in store)) throw new RecordError(0, `no record \`${name}\` on this page (is its script included?)`);
        if (store[name] && store[name].source) return store[name].source;
        try {
          return new LocalSource(indexRecord(store[name]));
        } catch (error) {
          error.message = `record \`${name}\`: ${error.message}`;
          throw error;
        }
      });
      if (sources.length === 2 && sources[0].meta.header.fen !== sources[1].meta.header.fen) {
        throw new RecordError(0, `\`${names[0]}\` and \`${names[1]}\` search different positions`);
      }
      return new Stepper(element, sources, names);
    } catch (error) {
      // The static excerpt stays; the reader and the console learn why.
      element.prepend(make("p", { class: "lms-error", role: "alert" }, `The stepper could not start: ${error.message}`));
      console.error(`lamosca stepper: ${error.message}`);
      return null;
    }
  }

  function startAll() {
    if (window.performance && performance.mark) performance.mark("lamosca-steppers-start");
    window.LaMoScaSteppers = Array.from(document.querySelectorAll(".lamosca-stepper"), start);
    // For measuring the time from page load to drawn steppers, and the
    // steppers' own share of it.
    if (window.performance && performance.mark) performance.mark("lamosca-steppers-drawn");
  }

  // The lab (lab.js) starts steppers on the records it searches.
  if (!inNode) {
    window.LaMoScaStepper = {
      start,
      indexRecord,
      remote: (handle, summary, ask) => new RemoteSource(handle, summary, ask),
    };
  }
  if (inNode) {
    module.exports = { RecordError, indexRecord, viewAt, follow, describe, KEYS, LocalSource, RemoteSource, windowRecord };
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", startAll);
  } else {
    startAll();
  }
})();
