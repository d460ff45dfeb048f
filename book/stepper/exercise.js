// The exercise mode of a step chapter, on until the reader switches it
// off (the page remembers the choice: localStorage, one key per step):
// every listing of the page folds each hole's lines into one line, the
// hole itself (its number and what it asks) with a "show" control that
// unfolds it there. The code around a hole stays as it was. Without
// JavaScript the listings show their plain code.
//
// The holes come from the chapter's "Build it yourself" section, whose
// generated table ends with
//   <div class="exercise-holes" data-step="v09" data-holes="[...]">
// (book/src/exercises.rs). Each hole there has its number, what it asks,
// its section, and a fingerprint of each of its lines, never the lines:
// [print, length], the print being FNV-1a over the UTF-16 code units of
// the line without its indentation. A listing's line is a hole's when the
// hole's prints follow one another in it; in a diff each side (context
// and `+`, context and `-`) is read by itself, so that a hole stays whole
// across the other side's lines. A long line of a hole met anywhere else
// is taken out too, so that no part of an answer shows.
//
// The mode reaches past the step's chapter. Its page keeps the holes'
// data in the browser (localStorage, beside the switch), and the step's
// "in numbers" page carries it too (<div class="exercise-holes-carried">),
// so that every other page of the book, that one's diff among them, folds
// the holes of each step whose mode is on and offers the switch under its
// title. And while a mode is on, or the reader chose nothing yet, mdBook's
// search results carry no teaser: a result says where a word stands, not
// the code round it.
//
// Everything else here reads the page's <pre><code> text and nothing of
// mdBook's own scripts, so it works with any mdBook version.
//
// In Node.js the pure part is exported for book/stepper/test/exercise.test.js.
(function () {
  "use strict";
  const inNode = typeof module === "object" && module.exports;

  // A hole line this long (without its indentation) is hidden wherever it
  // stands, even away from the rest of its hole.
  const LONG_LINE = 12;

  // The fingerprint of a line, as book/src/exercises.rs's `line_print`.
  function linePrint(line) {
    const text = line.trim();
    let hash = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) {
      hash = (hash ^ text.charCodeAt(i)) >>> 0;
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    return hash;
  }

  // The sides of a listing: lists of line numbers read as one text. A
  // diff (every line starts with " ", "+", "-" or "@@") has two, the old
  // and the new; other code has one.
  function sides(lines, diff) {
    if (!diff) return [{ indices: lines.map((_, i) => i), strip: 0 }];
    const side = (keep) => ({
      indices: lines.map((_, i) => i).filter((i) => keep.includes(lines[i][0])),
      strip: 1,
    });
    return [side(" -"), side(" +")];
  }

  // Which lines of a listing belong to which hole: a Map from line number
  // to the hole. `lines` is the listing's text split at newlines.
  function holeLines(lines, holes, diff) {
    const found = new Map();
    const prints = lines.map((line, i) => linePrint(diff ? line.slice(1) : line));
    for (const { indices } of sides(lines, diff)) {
      for (const hole of holes) {
        const wanted = hole.lines.map(([print]) => print);
        if (wanted.length === 0) continue;
        for (let at = 0; at + wanted.length <= indices.length; at++) {
          if (wanted.every((print, k) => prints[indices[at + k]] === print)) {
            for (let k = 0; k < wanted.length; k++) found.set(indices[at + k], hole);
          }
        }
      }
    }
    for (const hole of holes) {
      const long = new Set(hole.lines.filter(([, length]) => length >= LONG_LINE).map(([print]) => print));
      prints.forEach((print, i) => {
        if (long.has(print) && !found.has(i)) found.set(i, hole);
      });
    }
    return found;
  }

  // The words that stand for a hole; a hole of another step than the
  // page's (`away`) names its step.
  function holeText(hole) {
    const step = hole.away ? `${hole.step} ` : "";
    return `// ${step}hole ${hole.number} of ${hole.of}, ${hole.name}: ${hole.asks}; see "${hole.section}"`;
  }

  // The listing's lines with each run of one hole's lines replaced by one
  // line that names the hole: a list of {line} (an index kept) and
  // {hole, indent, lines} items (the indices the hole's line folds).
  function plan(lines, holes, diff) {
    const found = holeLines(lines, holes, diff);
    const items = [];
    lines.forEach((line, i) => {
      const hole = found.get(i);
      if (!hole) {
        items.push({ line: i });
        return;
      }
      const last = items[items.length - 1];
      if (last && last.hole === hole) {
        last.lines.push(i);
        return;
      }
      const body = diff ? line.slice(1) : line;
      const indent = (diff ? line[0] : "") + body.slice(0, body.length - body.trimStart().length);
      items.push({ hole, indent, lines: [i] });
    });
    return { items, hidden: found.size };
  }

  // Whether a step's mode is on, from the choice stored for it: on until
  // the reader switches it off, so that a first visit shows no answer.
  function modeOn(stored) {
    return stored === null || stored === undefined || stored !== "off";
  }

  if (inNode) {
    module.exports = { linePrint, holeLines, plan, holeText, modeOn };
    return;
  }
  if (typeof window === "undefined") return;

  const KEY = "lamosca-exercise-mode-";
  const HOLES_KEY = "lamosca-exercise-holes-";
  const originals = new Map();

  function storage() {
    try {
      return window.localStorage;
    } catch (error) {
      return null;
    }
  }

  // A page without storage keeps its step's mode here until it is left.
  const unstored = new Map();

  // Whether a step's mode is on, from its stored choice ([`modeOn`]).
  function remembered(step) {
    try {
      const stored = storage().getItem(KEY + step);
      if (stored !== null) return modeOn(stored);
    } catch (error) {
      // Kept in `unstored`.
    }
    return modeOn(unstored.has(step) ? (unstored.get(step) ? "on" : "off") : null);
  }

  function remember(step, on) {
    unstored.set(step, on);
    try {
      storage().setItem(KEY + step, on ? "on" : "off");
    } catch (error) {
      // Kept in `unstored`.
    }
  }

  // The holes' data a page carries for steps other than its own (a
  // step's "in numbers" page), by step.
  const carried = new Map();

  // The steps whose holes this page knows: its own, those it carries and
  // those a chapter stored.
  function stepsKnown() {
    const steps = new Set(carried.keys());
    if (page.step) steps.add(page.step);
    try {
      const store = storage();
      for (let i = 0; i < store.length; i++) {
        const key = store.key(i);
        if (key.startsWith(HOLES_KEY)) steps.add(key.slice(HOLES_KEY.length));
      }
    } catch (error) {
      // No storage: only what the page holds.
    }
    return Array.from(steps).sort();
  }

  // The steps whose mode is on, from any page.
  function stepsOn() {
    return stepsKnown().filter(remembered);
  }

  // A step's holes as its page last stored them, or as this page carries
  // them; null when neither has them.
  function storedHoles(step) {
    try {
      const holes = JSON.parse(storage().getItem(HOLES_KEY + step));
      if (Array.isArray(holes)) return holes;
    } catch (error) {
      // Then the page's own copy, if any.
    }
    return carried.get(step) || null;
  }

  function storeHoles(step, holes) {
    try {
      storage().setItem(HOLES_KEY + step, JSON.stringify(holes));
    } catch (error) {
      // The other pages will not know this step's holes.
    }
  }

  // The code's content split at its newlines, each line's text wrapped in
  // copies of the highlighting elements it stood in.
  function lineFragments(code) {
    const lines = [document.createDocumentFragment()];
    const wrap = (node, shells) => shells.reduceRight((inner, shell) => {
      const copy = shell.cloneNode(false);
      copy.append(inner);
      return copy;
    }, node);
    const walk = (node, shells) => {
      for (const child of node.childNodes) {
        if (child.nodeType === Node.TEXT_NODE) {
          child.data.split("\n").forEach((part, i) => {
            if (i > 0) lines.push(document.createDocumentFragment());
            if (part) lines[lines.length - 1].append(wrap(document.createTextNode(part), shells));
          });
        } else if (child.nodeType === Node.ELEMENT_NODE) {
          walk(child, shells.concat(child));
        }
      }
    };
    walk(code, []);
    return lines;
  }

  function isDiff(code) {
    return /(^|\s)language-diff(\s|$)/.test(code.className);
  }

  // Shows `code` with the holes folded: each hole's lines give way to one
  // line with its question and a "show" control that unfolds it there.
  // Returns the steps whose holes it folded (none when no hole's line is
  // in it).
  function hideHoles(code, holes) {
    const original = originals.get(code) || code.cloneNode(true);
    const lines = original.textContent.split("\n");
    const { items, hidden } = plan(lines, holes, isDiff(code));
    if (hidden === 0) return [];
    originals.set(code, original);
    const fragments = lineFragments(original.cloneNode(true));
    const out = document.createDocumentFragment();
    items.forEach((item, k) => {
      if (k > 0) out.append("\n");
      if (item.hole === undefined) {
        out.append(fragments[item.line]);
        return;
      }
      out.append(fold(item, fragments));
    });
    code.replaceChildren(out);
    code.classList.add("exercise-listing");
    return items.filter((item) => item.hole).map((item) => item.hole.step);
  }

  // A hole folded: its question, and a control that puts its lines back
  // in its place, in this listing only.
  function fold(item, fragments) {
    const mark = document.createElement("span");
    mark.className = "exercise-hole";
    mark.textContent = item.indent + holeText(item.hole) + " ";
    const show = document.createElement("button");
    show.type = "button";
    show.className = "exercise-show";
    show.textContent = "show";
    show.title = "Show this hole's lines, the answer, here";
    show.addEventListener("click", () => {
      const lines = document.createDocumentFragment();
      item.lines.forEach((line, k) => {
        if (k > 0) lines.append("\n");
        lines.append(fragments[line]);
      });
      mark.replaceWith(lines);
    });
    mark.append(show);
    return mark;
  }

  function showCode(code) {
    const original = originals.get(code);
    if (!original) return;
    code.replaceChildren(...Array.from(original.cloneNode(true).childNodes));
    code.classList.remove("exercise-listing");
  }

  // The page's own step and its holes, when it is a step's chapter.
  const page = { step: null, holes: [] };

  // The holes to fold on this page: the page's step's when its mode is
  // on, and those of every other step whose mode is on.
  function activeHoles() {
    const holes = [];
    if (page.step && remembered(page.step)) {
      holes.push(...page.holes.map((hole) => ({ ...hole, step: page.step })));
    }
    for (const step of stepsOn()) {
      if (step === page.step) continue;
      const stored = storedHoles(step) || [];
      holes.push(...stored.map((hole) => ({ ...hole, step, away: true })));
    }
    return holes;
  }

  // A search result's teaser is a piece of the page's text, listings
  // included: in exercise mode it gives way to a note.
  function quietTeasers() {
    if (!document.documentElement.classList.contains("exercise-mode")) return;
    document.querySelectorAll("#mdbook-searchresults .teaser, #searchresults .teaser").forEach((teaser) => {
      if (teaser.dataset.exercise === "hidden") return;
      teaser.dataset.exercise = "hidden";
      teaser.textContent = "(the teaser is hidden in exercise mode)";
    });
  }

  function watchSearch() {
    const results = document.getElementById("mdbook-searchresults") || document.getElementById("searchresults");
    if (!results) return;
    new MutationObserver(quietTeasers).observe(results, { childList: true, subtree: true });
  }

  // A switch for `step` under the page's title, once.
  function titleToggle(step) {
    const title = document.querySelector("main h1");
    if (!title || document.querySelector(`.exercise-toggle[data-step="${step}"]`)) return;
    title.after(toggle(step));
  }

  function refresh() {
    const holes = activeHoles();
    const folded = new Set();
    document.querySelectorAll("pre > code").forEach((code) => {
      showCode(code);
      if (holes.length > 0) hideHoles(code, holes).forEach((step) => folded.add(step));
    });
    // A step whose holes this page folds can be switched off here too.
    folded.forEach(titleToggle);
    document.querySelectorAll(".exercise-toggle[data-step]").forEach((button) => {
      const step = button.dataset.step;
      const on = remembered(step);
      button.setAttribute("aria-pressed", on ? "true" : "false");
      button.textContent = on
        ? `Exercise mode is on: the holes of ${step} are folded in their code. Switch it off`
        : `Switch on the exercise mode: the holes of ${step} folded in their code`;
    });
    // A reader who chose nothing yet is in exercise mode everywhere, the
    // search results included.
    const fresh = stepsKnown().length === 0;
    document.documentElement.classList.toggle("exercise-mode", fresh || stepsOn().length > 0);
    quietTeasers();
  }

  function toggle(step) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "exercise-toggle";
    button.dataset.step = step;
    button.addEventListener("click", () => {
      remember(step, button.getAttribute("aria-pressed") !== "true");
      refresh();
    });
    return button;
  }

  // The page's own step: its holes' data, kept for the other pages, and
  // its two switches, at the top and in "Build it yourself".
  function startStep(data, title) {
    const step = data.dataset.step;
    let holes;
    try {
      holes = JSON.parse(data.dataset.holes);
    } catch (error) {
      console.error(`exercise mode: the holes of ${step} do not read: ${error.message}`);
      return;
    }
    page.step = step;
    page.holes = holes;
    storeHoles(step, holes);
    data.append(toggle(step));
    if (title) title.after(toggle(step));
  }

  function startAll() {
    const title = document.querySelector("main h1");
    const data = document.querySelector(".exercise-holes[data-step]");
    if (data) startStep(data, title);
    // A page that shows a step's code away from its chapter (its "in
    // numbers" page) carries the step's holes, for a reader who comes
    // there first.
    document.querySelectorAll(".exercise-holes-carried[data-step]").forEach((carrier) => {
      try {
        carried.set(carrier.dataset.step, JSON.parse(carrier.dataset.holes));
      } catch (error) {
        console.error(`exercise mode: the holes of ${carrier.dataset.step} do not read: ${error.message}`);
      }
    });
    refresh();
    watchSearch();
    // For the browser test: the listings are as the mode wants them.
    document.documentElement.dataset.exerciseMode = "ready";
  }

  // After every script of the page (mdBook's highlighting among them) ran.
  if (document.readyState === "complete") startAll();
  else window.addEventListener("load", startAll);
})();
