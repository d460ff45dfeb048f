// The lab: every step's real engine, compiled to WebAssembly
// (`book/lab`, built by `book/lab/build.sh` into `lab/pkg/`), searching
// the reader's own position in a Web Worker.
//
// This one file plays three parts:
//   1. the protocol, in Node.js too: a request message in, an answer out
//      (`node --test book/stepper/test/lab.test.js`);
//   2. the worker: it loads the module and answers each message;
//   3. the page: `window.lamosca`, whose calls return promises, and the
//      "Your position" panel under each step chapter's stepper.
//
// The page's API (documented in the chapter "Reading, exploring and
// comparing searches"):
//   lamosca.search({version, fen, moves, depth, options, nodes, recordLevels})
//     -> the record, as `search ... --record -` writes it
//   lamosca.log({...the same..., words, trace, paths})
//     -> the log, statistics and bestmove lines, as `search` prints them
//   lamosca.compare(a, b) -> `compare A B`'s text for two records
//   lamosca.run("search" | "log", request) -> {text, nodes, depth, stopped}:
//     the deepest depth that finished within the cap (`depth`), and when
//     the depth asked for did not, which stopped and where (`stopped`)
//   lamosca.facts(record) -> each node's facts (path, position, bounded
//     value, reply, and its moments: the best value so far and its cut),
//     as the book writes them beside its records: what the stepper reads
//     with a record (`Record::facts`)
//   lamosca.why(record, move) -> `explore --why MOVE`'s answer for a record
//   lamosca.whyValue(request, record, move) -> `--why-value`'s line: the move and the chosen one, each valued with the full window
//   lamosca.game({fen, moves, white, black}) -> {fen, turn, check, legal:
//     [{uci, san}], played, over, result, pgn}: the rules of a game
//   lamosca.think({version, fen, moves, nodes, options}) -> {best, value,
//     depth, pv, nodes}: a step's move within a node budget
//   lamosca.options(version) -> {name, options: [{name, flag, kind, ...}]}
//   lamosca.steps() -> [{version, title}]: the steps the module runs, in
//     step order (the book's list, `lamosca_reader::STEPS`)
//   lamosca.memory() -> the module's memory in bytes, for the measurements
//   lamosca.heap() -> the worker's JavaScript heap in bytes, or null where
//     the browser does not say it
//   lamosca.keep(request) -> {handle, nodes, depth, stopped, summary}: the
//     search's record kept and indexed in the worker's module, where it
//     was made (`book/lab/src/steps.rs`), never sent to the page;
//     `summary` is {bytes, header, report, steps, nodes, extent}
//   lamosca.source(kept) -> what the stepper asks of a kept record: the
//     part of it a step shows, where a key goes, where a second record
//     stands (register it as `LaMoScaRecords[name] = {source}`)
//   lamosca.compareKept(a, b), lamosca.whyKept(handle, move),
//   lamosca.whyValueKept(handle, request, move) -> compare, why and
//     why-value on kept records; lamosca.release(handle) lets one go
// A mistake rejects with an Error whose message is the binary's words
// (`error: bad --fen '...': ...`).
(function () {
  "use strict";
  const inNode = typeof module === "object" && module.exports;
  const inWorker = !inNode && typeof window === "undefined" && typeof importScripts === "function";

  // 1. The protocol. A message is {id, op, args}; the answer is {id, ok}
  // or {id, error}, and `broken` when the module itself failed (it is
  // then started again). `ms` says where the worker's time went: in the
  // module (the search, and the text handed out of it) and in reading
  // the module's answer.
  //
  // The module answers with one line of JSON; a search's answer has its
  // record or log after that line, as it is, which becomes `ok.text`
  // (escaped inside the JSON, a big record would be copied, grown and
  // parsed once more).

  const OPS = {
    search: (engines, args) => engines.search(JSON.stringify(args)),
    log: (engines, args) => engines.log(JSON.stringify(args)),
    compare: (engines, args) => engines.compare(String(args.a), String(args.b)),
    options: (engines, args) => engines.options(String(args.version)),
    steps: (engines) => engines.steps(),
    facts: (engines, args) => engines.facts(String(args.record)),
    why: (engines, args) => engines.why(String(args.record), String(args.move)),
    why_value: (engines, args) => engines.why_value(JSON.stringify(args.request), String(args.record), String(args.move)),
    game: (engines, args) => engines.game(JSON.stringify(args)),
    think: (engines, args) => engines.think(JSON.stringify(args)),
    memory: (engines) => JSON.stringify({ ok: engines.memory_bytes() }),
    // The worker's JavaScript heap in bytes where the browser says it
    // (Chromium's `performance.memory`), else null.
    heap: () => JSON.stringify({ ok: typeof performance === "object" && performance.memory ? performance.memory.usedJSHeapSize : null }),
    keep: (engines, args) => engines.keep_search(JSON.stringify(args)),
    release: (engines, args) => engines.release(Number(args.handle)),
    view: (engines, args) => engines.view(Number(args.handle), Number(args.step), Number(args.focus) || 0),
    key: (engines, args) => engines.key(Number(args.handle), String(args.key), Number(args.step)),
    follow: (engines, args) => engines.follow(Number(args.leader), Number(args.follower), Number(args.step)),
    compare_kept: (engines, args) => engines.compare_kept(Number(args.a), Number(args.b)),
    why_kept: (engines, args) => engines.why_kept(Number(args.handle), String(args.move)),
    why_value_kept: (engines, args) => engines.why_value_kept(Number(args.handle), JSON.stringify(args.request), String(args.move)),
  };

  const now = () => (typeof performance === "object" ? performance.now() : Date.now());

  function respond(engines, message) {
    const { id, op, args } = message && typeof message === "object" ? message : {};
    if (!Object.prototype.hasOwnProperty.call(OPS, op)) {
      return { id, error: `error: the lab has no request '${op}'` };
    }
    let text;
    const started = now();
    try {
      text = OPS[op](engines, args && typeof args === "object" ? args : {});
    } catch (error) {
      return { id, error: `error: the engine stopped: ${error && error.message}`, broken: true };
    }
    const searched = now();
    let answer;
    try {
      const end = typeof text === "string" ? text.indexOf("\n") : -1;
      answer = JSON.parse(end < 0 ? text : text.slice(0, end));
      if (end >= 0 && answer && answer.ok && typeof answer.ok === "object") answer.ok.text = text.slice(end + 1);
    } catch (error) {
      return { id, error: "error: the engine's answer is not JSON", broken: true };
    }
    const ms = { module: searched - started, read: now() - searched };
    if (answer && "ok" in answer) return { id, ok: answer.ok, ms };
    return { id, error: String(answer && answer.error), ms };
  }

  // What the status line says while the page waits on the worker, which
  // runs one search at a time: each search in its turn, `done` the words
  // of one that finished (`finished depth 6, 10322 nodes`), the first unfinished
  // one "searching", the others "waiting"; past a second, the seconds.
  function progress(steps, seconds) {
    const running = steps.findIndex((step) => !step.done);
    const parts = steps.map((step, i) => `${step.title}: ${step.done || (i === running ? "searching" : "waiting")}`);
    const elapsed = seconds >= 1 ? ` (${Math.floor(seconds)} s)` : "";
    return `${parts.join("; ")}${running < 0 ? "" : "..."}${elapsed}`;
  }

  // `count` things named `word`: "1 node", "2 nodes".
  function counted(count, word) {
    return `${count} ${word}${count === 1 ? "" : "s"}`;
  }

  // The status line while the searches run: each search's turn, and the
  // seconds once a second has passed, so that a long search shows it goes on.
  // Once stopped (every search shown, or one refused) it draws no more: a
  // search still running when another was refused ends later, and must
  // not put its progress over the error, which stays until the next search.
  function watching(ui, titles) {
    const steps = titles.map((title) => ({ title, done: null }));
    const started = Date.now();
    let stopped = false;
    const draw = () => {
      if (!stopped) ui.status.textContent = progress(steps, (Date.now() - started) / 1000);
    };
    const timer = setInterval(draw, 250);
    draw();
    return {
      done(i, outcome) {
        steps[i].done = `finished depth ${outcome.depth}, ${counted(outcome.nodes, "node")}`;
        draw();
        return outcome;
      },
      again(title, depth) {
        steps.push({ title: `${title} again to depth ${depth}, to compare`, done: null });
        draw();
        return steps.length - 1;
      },
      stop() {
        stopped = true;
        clearInterval(timer);
      },
    };
  }

  if (inNode) {
    module.exports = { respond, progress, watching, counted };
    return;
  }

  // 2. The worker.

  if (inWorker) {
    // The script's own address, `stepper/lab.js` (mdBook 0.5 adds a hash to
    // the name: `stepper/lab-1a2b3c4d.js`), less its name, is the book's.
    const base = self.location.href.replace(/stepper\/lab(-[0-9a-f]+)?\.js([?#].*)?$/, "");
    let ready;
    try {
      importScripts(base + "lab/pkg/lamosca_lab.js");
      /* global wasm_bindgen */
      ready = wasm_bindgen({ module_or_path: base + "lab/pkg/lamosca_lab_bg.wasm" }).then(() => wasm_bindgen);
    } catch (error) {
      ready = Promise.reject(error);
    }
    ready.then(
      () => self.postMessage({ id: "ready", ok: true }),
      (error) => self.postMessage({ id: "ready", error: `error: the engines are not built (book/lab/build.sh): ${error}` })
    );
    self.onmessage = (event) => {
      ready.then(
        (engines) => self.postMessage(respond(engines, event.data)),
        (error) => self.postMessage({ id: event.data && event.data.id, error: `error: the engines are not built: ${error}` })
      );
    };
    return;
  }

  // 3. The page.

  const script = document.currentScript && document.currentScript.src;
  // The name the page prints for a step: `v09` is v0.09. Which steps there
  // are, the module says (`lamosca.steps()`).
  const stepTitle = (version) => `v0.${String(version).slice(1)}`;
  // The deepest depth the binary takes; the node cap stops a search long
  // before the deepest would finish.
  const MAX_DEPTH = 64;
  const DEFAULT_NODES = 200000;
  // The largest cap the page holds (the module refuses a larger one, with
  // the reason).
  const MAX_NODES = 500000;

  // Why the live engines cannot run here, or null when they can.
  function unavailable() {
    if (location.protocol === "file:") return "opened as a file";
    if (typeof WebAssembly !== "object") return "this browser has no WebAssembly";
    if (typeof Worker !== "function") return "this browser has no Web Workers";
    if (!script) return "the lab's script was not found";
    return null;
  }

  class Lab {
    constructor() {
      this.next = 1;
      this.waiting = new Map();
      this.start();
    }

    start() {
      this.worker = new Worker(script);
      this.ready = new Promise((resolve, reject) => {
        this.waiting.set("ready", { resolve, reject });
      });
      // A failed load is reported by the promises, not as unhandled.
      this.ready.catch(() => {});
      this.worker.onmessage = (event) => this.answer(event.data);
      this.worker.onerror = (event) => {
        event.preventDefault();
        this.failAll(`error: the engines could not start: ${event.message || "the worker failed"}`);
      };
    }

    answer(message) {
      const pending = this.waiting.get(message.id);
      if (!pending) return;
      this.waiting.delete(message.id);
      // Where the last answer's time went, for the measurements.
      this.timing = { ...(message.ms || {}), received: performance.now() };
      if ("ok" in message) pending.resolve(message.ok);
      else pending.reject(new Error(message.error));
      if (message.broken) {
        // A module that trapped is left in an unknown state: start afresh.
        this.worker.terminate();
        this.failAll("error: the engine stopped");
        this.start();
      }
    }

    failAll(words) {
      for (const pending of this.waiting.values()) pending.reject(new Error(words));
      this.waiting.clear();
    }

    call(op, args) {
      const id = this.next++;
      return new Promise((resolve, reject) => {
        this.waiting.set(id, { resolve, reject });
        this.worker.postMessage({ id, op, args });
      });
    }
  }

  let lab = null;
  const why = unavailable();
  const live = () => {
    if (why) return Promise.reject(new Error(`error: the live engines are off: ${why}`));
    if (!lab) lab = new Lab();
    return lab.ready.then(() => lab);
  };
  const run = (op, request) => live().then((lab) => lab.call(op, request));

  window.lamosca = {
    available: why === null,
    ready: () => live().then(() => true),
    run,
    search: (request) => run("search", request).then((outcome) => outcome.text),
    log: (request) => run("log", request).then((outcome) => outcome.text),
    compare: (a, b) => live().then((lab) => lab.call("compare", { a, b })),
    facts: (record) => live().then((lab) => lab.call("facts", { record })),
    why: (record, move) => live().then((lab) => lab.call("why", { record, move })),
    whyValue: (request, record, move) => live().then((lab) => lab.call("why_value", { request, record, move })),
    game: (request) => live().then((lab) => lab.call("game", request)),
    think: (request) => live().then((lab) => lab.call("think", request)),
    memory: () => live().then((lab) => lab.call("memory", {})),
    heap: () => live().then((lab) => lab.call("heap", {})),
    // {module, read, received}: the last answer's milliseconds in the
    // module and reading its answer (in the worker), and when the page
    // received it (performance.now()).
    timing: () => (lab ? lab.timing : undefined),
    options: (version) => live().then((lab) => lab.call("options", { version })),
    steps: () => live().then((lab) => lab.call("steps", {})),
    // The records kept in the worker, for the stepper.
    keep: (request) => run("keep", request),
    release: (handle) => live().then((lab) => lab.call("release", { handle })),
    source: (kept) => window.LaMoScaStepper.remote(kept.handle, kept.summary, (op, args) => live().then((lab) => lab.call(op, args))),
    compareKept: (a, b) => live().then((lab) => lab.call("compare_kept", { a, b })),
    whyKept: (handle, move) => live().then((lab) => lab.call("why_kept", { handle, move })),
    whyValueKept: (handle, request, move) => live().then((lab) => lab.call("why_value_kept", { handle, request, move })),
  };

  // "Your position": the form, the fresh record in a stepper, and compare.

  function make(tag, attributes, ...children) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value === false || value === null || value === undefined) continue;
      element.setAttribute(name, value === true ? "" : String(value));
    }
    for (const child of children) element.append(child);
    return element;
  }

  function field(label, input, note) {
    return make("label", { class: "lab-field" }, make("span", {}, label), input, note ? make("small", {}, note) : "");
  }

  function switchInput(option) {
    const id = `lab-opt-${option.name}`;
    if (option.kind === "check") {
      return make("input", { type: "checkbox", "data-option": option.name, checked: option.default, name: id, title: option.help });
    }
    if (option.kind === "spin") {
      return make("input", { type: "number", "data-option": option.name, value: option.default, min: option.min, max: option.max, name: id, title: option.help });
    }
    if (option.kind === "list") {
      const title = `${option.help}: all, none, or any of ${option.names.join(", ")} separated by commas`;
      return make("input", { type: "text", "data-option": option.name, value: option.default, name: id, title, spellcheck: "false" });
    }
    const select = make("select", { "data-option": option.name, name: id, title: option.help });
    for (const choice of option.choices) select.append(make("option", { value: choice, selected: choice === option.default }, choice));
    return select;
  }

  function optionValues(form) {
    const values = {};
    for (const input of form.querySelectorAll("[data-option]")) {
      values[input.dataset.option] = input.type === "checkbox" ? input.checked : input.value;
    }
    return values;
  }

  let serial = 0;

  /** The form of "Your position" for `version`, placed in `element`: its inputs, status and result. */
  function labForm(element, version) {
    const ui = {
      form: make("form", { class: "lab-form" }),
      fen: make("input", { type: "text", name: "fen", placeholder: "the start position", size: 60, spellcheck: "false" }),
      moves: make("input", { type: "text", name: "moves", placeholder: "e2e4 e7e5 ...", size: 40, spellcheck: "false" }),
      depth: make("input", { type: "number", name: "depth", value: element.dataset.depth || 3, min: 1, max: MAX_DEPTH }),
      nodes: make("input", { type: "number", name: "nodes", value: DEFAULT_NODES, min: 1 }),
      compare: make("select", { name: "compare" }, make("option", { value: "" }, "nothing")),
      switches: make("fieldset", { class: "lab-switches" }, make("legend", {}, "Switches")),
      go: make("button", { type: "submit" }, "Search"),
      status: make("p", { class: "lab-status", role: "status" }),
      result: make("div", { class: "lab-result" }),
    };
    ui.form.append(
      field("FEN", ui.fen),
      field("then moves", ui.moves),
      field("depth", ui.depth, `1 to ${MAX_DEPTH}; when the cap stops it, the deepest depth that finishes is shown`),
      field("node cap", ui.nodes, `nodes a depth may take, at most ${MAX_NODES}`),
      ui.switches,
      field("Compare with", ui.compare),
      ui.go
    );
    element.append(ui.form, ui.status, ui.result);
    Promise.all([window.lamosca.steps(), window.lamosca.options(version)]).then(
      ([steps, info]) => {
        for (const other of steps.filter((other) => other.version !== version)) {
          ui.compare.append(make("option", { value: other.version, selected: other.version === element.dataset.compare }, other.title));
        }
        if (info.options.length === 0) ui.switches.append(make("span", {}, "none: this step has no switches"));
        for (const option of info.options) ui.switches.append(field(option.name, switchInput(option), option.help));
      },
      (error) => {
        ui.status.textContent = error.message;
        ui.go.disabled = true;
      }
    );
    return ui;
  }

  function panel(element) {
    const version = element.dataset.version;
    element.textContent = "";
    element.append(make("h3", {}, `Your position, searched by ${stepTitle(version)}`));
    if (why) {
      element.append(make("p", { class: "lab-note" }, `The live engines are off (${why}); the recorded steppers above still step. Serve the book with \`mdbook serve book\` after README's steps to search your own position.`));
      return;
    }
    const ui = labForm(element, version);
    ui.form.addEventListener("submit", (event) => {
      event.preventDefault();
      const request = {
        version,
        moves: ui.moves.value,
        depth: ui.depth.value,
        nodes: Number(ui.nodes.value) || DEFAULT_NODES,
        options: optionValues(ui.form),
      };
      if (ui.fen.value.trim()) request.fen = ui.fen.value.trim();
      const other = ui.compare.value;
      const requests = [request];
      if (other) requests.push({ version: other, fen: request.fen, moves: request.moves, depth: request.depth, nodes: request.nodes });
      ui.go.disabled = true;
      ui.result.textContent = "";
      // The records shown before are let go: the worker keeps only these.
      for (const handle of ui.kept || []) window.lamosca.release(handle).catch(() => {});
      ui.kept = [];
      const watch = watching(ui, requests.map((asked) => `${stepTitle(asked.version)} to depth ${asked.depth}`));
      Promise.all(requests.map((asked, i) => window.lamosca.keep(asked).then((outcome) => watch.done(i, outcome))))
        .then((outcomes) => alike(requests, outcomes, watch))
        .then((sides) => {
          watch.stop();
          ui.kept = sides.map((side) => side.shown.handle);
          show(ui, [version, other], sides);
        })
        .catch((error) => {
          watch.stop();
          ui.status.textContent = error.message;
        })
        .finally(() => {
          ui.go.disabled = false;
        });
    });
  }

  // Two searches are compared only whole and at the same depth: the one
  // that finished deeper is searched again at the other's depth.
  function alike(requests, outcomes, watch) {
    const sides = outcomes.map((outcome, i) => ({ request: requests[i], outcome, shown: outcome }));
    if (sides.length < 2) return sides;
    const depth = Math.min(...outcomes.map((outcome) => outcome.depth));
    return Promise.all(
      sides.map((side) =>
        side.outcome.depth === depth
          ? side
          : ((step) =>
              window.lamosca.keep({ ...side.request, depth }).then((shown) => {
                watch.done(step, shown);
                window.lamosca.release(side.outcome.handle).catch(() => {});
                return { ...side, shown };
              }))(watch.again(stepTitle(side.request.version), depth))
      )
    );
  }

  function sentence(side, title) {
    const { outcome, shown } = side;
    const summary = report(shown);
    let words = `${title}: ${summary.best || "no move"}, value ${summary.value}, ${counted(summary.nodes, "node")} at depth ${shown.depth}`;
    if (outcome.stopped) words += ` (${outcome.stopped})`;
    else if (shown !== outcome) words += ` (it finished depth ${outcome.depth} too; shown at depth ${shown.depth}, beside the other)`;
    return words;
  }

  /** The searches of `versions` (the second empty when nothing is compared) in a stepper, with "why" and compare. */
  function show(ui, versions, sides) {
    const other = versions[1];
    const { status, result } = ui;
    const titles = sides.map((_, i) => stepTitle(versions[i]));
    const names = sides.map((_, i) => `lab-${++serial}-${versions[i]}`);
    window.LaMoScaRecords = window.LaMoScaRecords || {};
    // The records stay in the worker: the stepper asks it for each step.
    sides.forEach((side, i) => {
      window.LaMoScaRecords[names[i]] = { source: window.lamosca.source(side.shown) };
    });
    status.textContent = sides.map((side, i) => sentence(side, titles[i])).join("; ");
    // Every text shown is a whole search (the module never hands back a
    // depth the cap stopped); two are set side by side only at one depth.
    const deepest = Math.max(...sides.map((side) => side.shown.depth));
    const same = sides.every((side) => side.shown.depth === deepest);
    const stepper = make("div", { class: "lamosca-stepper", "data-record": same ? names.join(" ") : names[0] });
    result.append(stepper);
    if (window.LaMoScaStepper) window.LaMoScaStepper.start(stepper);
    result.append(whyBox(sides[0].shown.handle, { ...sides[0].request, depth: sides[0].shown.depth }));
    if (!other) return;
    const summary = make("pre", { class: "lab-compare" });
    if (!same) {
      // Only when the search again at the shallower depth did not finish
      // it: said, and nothing concluded.
      const partial = titles.filter((_, i) => sides[i].shown.depth < deepest);
      summary.textContent = `No comparison: ${partial.join(" and ")} did not finish depth ${deepest} within the cap when searched again, and a search cut short says nothing against a whole one.`;
      result.append(summary);
      return;
    }
    const depthNote = sides.some((side) => side.outcome.stopped)
      ? `compare ${titles[0]} ${titles[1]}, both searched whole to depth ${sides[0].shown.depth}, the deepest both finished within the cap:`
      : `compare ${titles[0]} ${titles[1]}:`;
    result.append(make("p", {}, depthNote), summary);
    window.lamosca.compareKept(sides[0].shown.handle, sides[1].shown.handle).then(
      (text) => {
        summary.textContent = text;
      },
      (error) => {
        summary.textContent = error.message;
      }
    );
  }

  // The report, the record's last line, as the module read it.
  function report(outcome) {
    return outcome.summary.report;
  }

  // "Why not this move?": a root move in, `explore --why`'s answer out;
  // "Its own value" searches it and the chosen move with the full window,
  // as `--why-value` does, one ply less deep than the record.
  function whyBox(handle, request) {
    const move = make("input", { type: "text", name: "why", placeholder: "e2e4", size: 6, spellcheck: "false" });
    const ask = make("button", { type: "submit" }, "Why not?");
    const value = make("button", { type: "button", name: "why-value" }, "Its own value");
    const answer = make("pre", { class: "lab-why" });
    const form = make("form", { class: "lab-why-form" }, field("Why not this move?", move), ask, value);
    const show = (promise) => {
      answer.textContent = "...";
      promise.then(
        (text) => {
          answer.textContent = text;
        },
        (error) => {
          answer.textContent = error.message;
        }
      );
    };
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      show(window.lamosca.whyKept(handle, move.value.trim()));
    });
    value.addEventListener("click", () => show(window.lamosca.whyValueKept(handle, request, move.value.trim())));
    return make("div", {}, form, answer);
  }

  function startAll() {
    document.querySelectorAll(".lamosca-lab").forEach(panel);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", startAll);
  else startAll();
})();
