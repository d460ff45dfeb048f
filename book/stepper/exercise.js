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
// A step that can be written whole (`cargo exercise v09 --whole`, the
// functions of book/exercises/whole.toml) has the body of each of those
// functions folded too, in the same mode: each body gives way to one line
// that names its function, with a "show" control as a hole has, and a
// hole inside it is folded with it; the holes elsewhere fold as holes.
// Its data, in the same <div> as `data-whole`, has the same fingerprints
// of the body's lines. A listing that shows the body whole folds it into
// one line; anywhere else a run of its lines folds from its first long
// line to its last, so that a listing of part of a body (an anchor inside
// it, a diff, a later step's copy) shows none of it either.

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

  // Which lines of a listing belong to which function of a whole step:
  // a Map from line number to its body, as `holeLines` for the holes. A
  // side of a listing that holds a body whole is folded whole; anywhere
  // else, each run of lines of a body, from the first of its long lines
  // to the last.
  function wholeLines(lines, bodies, diff) {
    const found = new Map();
    const texts = lines.map((line) => (diff ? line.slice(1) : line).trim());
    const prints = texts.map(linePrint);
    const take = (indices, from, to, body) => {
      for (let k = from; k < to; k++) if (!found.has(indices[k])) found.set(indices[k], body);
    };
    const wanted = bodies.map((body) => body.lines.map(([print]) => print));
    const listing = sides(lines, diff);
    // Each body where it stands whole first, on either side, so that a
    // run of another body's lines does not take it.
    for (const { indices } of listing) {
      bodies.forEach((body, b) => {
        const length = wanted[b].length;
        for (let at = 0; length > 0 && at + length <= indices.length; at++) {
          if (wanted[b].every((print, k) => prints[indices[at + k]] === print)) take(indices, at, at + length, body);
        }
      });
    }
    for (const { indices } of listing) {
      const long = (k) => texts[indices[k]].length >= LONG_LINE;
      bodies.forEach((body, b) => {
        const own = new Set(wanted[b]);
        for (let start = 0; start < indices.length; ) {
          let end = start;
          while (end < indices.length && own.has(prints[indices[end]])) end++;
          let first = start;
          let last = end - 1;
          while (first <= last && !long(first)) first++;
          while (last >= first && !long(last)) last--;
          take(indices, first, last + 1, body);
          start = Math.max(end, start + 1);
        }
      });
    }
    return found;
  }

  // The words that stand for a hole, or for a whole step's body; one of
  // another step than the page's (`away`) names its step.
  function holeText(hole) {
    if (hole.whole) {
      const step = hole.away ? ` of ${hole.step}` : "";
      return `// the whole step${step}, ${hole.name}: its body, as cargo exercise ${hole.step} --whole asks; see "${hole.section}"`;
    }
    const step = hole.away ? `${hole.step} ` : "";
    return `// ${step}hole ${hole.number} of ${hole.of}, ${hole.name}: ${hole.asks}; see "${hole.section}"`;
  }

  // The listing's lines with each run of one hole's lines replaced by one
  // line that names the hole: a list of {line} (an index kept) and
  // {hole, indent, lines} items (the indices the hole's line folds). The
  // bodies of whole steps (`wholes`) fold the same way, a body standing
  // for a hole, and first: a run of a hole's lines that meets a body is
  // that body's, so that a hole inside a body folds with it.
  function plan(lines, holes, diff, wholes = []) {
    const found = wholeLines(lines, wholes, diff);
    const inHoles = holeLines(lines, holes, diff);
    const runs = [];
    [...inHoles.keys()].sort((a, b) => a - b).forEach((i) => {
      const last = runs[runs.length - 1];
      if (last && last.hole === inHoles.get(i) && last.lines[last.lines.length - 1] === i - 1) last.lines.push(i);
      else runs.push({ hole: inHoles.get(i), lines: [i] });
    });
    for (const run of runs) {
      const meets = [run.lines[0] - 1, ...run.lines, run.lines[run.lines.length - 1] + 1].find((i) => found.has(i));
      const owner = meets === undefined ? run.hole : found.get(meets);
      for (const i of run.lines) if (!found.has(i)) found.set(i, owner);
    }
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
    module.exports = { linePrint, holeLines, wholeLines, plan, holeText, modeOn };
    return;
  }
  if (typeof window === "undefined") return;

  const KEY = "lamosca-exercise-mode-";
  const HOLES_KEY = "lamosca-exercise-holes-";
  const WHOLE_KEY = "lamosca-exercise-whole-";
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
  // step's "in numbers" page), by step, and its whole step's.
  const carried = new Map();
  const carriedWhole = new Map();

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

  // A step's whole step, its functions' bodies, as its page stored them
  // or this page carries them; none when the step has no whole step.
  function wholeOf(step) {
    if (step === page.step) return page.whole;
    try {
      const whole = JSON.parse(storage().getItem(WHOLE_KEY + step));
      if (Array.isArray(whole)) return whole;
    } catch (error) {
      // Then the page's own copy, if any.
    }
    return carriedWhole.get(step) || [];
  }

  function storeWhole(step, whole) {
    try {
      storage().setItem(WHOLE_KEY + step, JSON.stringify(whole));
    } catch (error) {
      // The other pages will not fold this step's whole step.
    }
  }

  // The data of a step's <div>: its `attribute` read as JSON, [] when it
  // has none.
  function readData(element, attribute) {
    const text = element.dataset[attribute];
    if (text === undefined) return [];
    try {
      const data = JSON.parse(text);
      if (Array.isArray(data)) return data;
    } catch (error) {
      console.error(`exercise mode: the ${attribute} data of ${element.dataset.step} do not read: ${error.message}`);
    }
    return null;
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
  // line with its question and a "show" control that unfolds it there;
  // a whole step's bodies (`wholes`) likewise. Returns the steps whose
  // holes or bodies it folded (none when no such line is in it).
  function hideHoles(code, holes, wholes) {
    const original = originals.get(code) || code.cloneNode(true);
    const lines = original.textContent.split("\n");
    const { items, hidden } = plan(lines, holes, isDiff(code), wholes);
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
    mark.className = item.hole.whole ? "exercise-hole exercise-whole" : "exercise-hole";
    mark.textContent = item.indent + holeText(item.hole) + " ";
    const show = document.createElement("button");
    show.type = "button";
    show.className = "exercise-show";
    show.textContent = "show";
    show.title = item.hole.whole
      ? "Show these lines of the body, the answer, here"
      : "Show this hole's lines, the answer, here";
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

  // The page's own step, its holes and its whole step's bodies, when it
  // is a step's chapter.
  const page = { step: null, holes: [], whole: [] };

  // What to fold on this page: for the page's step when its mode is on,
  // and for every other step whose mode is on, its whole step's bodies
  // (when it has some) and its holes.
  function activeFolds() {
    const holes = [];
    const wholes = [];
    const steps = stepsOn();
    if (page.step && remembered(page.step) && !steps.includes(page.step)) steps.push(page.step);
    for (const step of steps) {
      const away = step !== page.step;
      wholes.push(...wholeOf(step).map((body) => ({ ...body, step, away, whole: true })));
      const own = away ? storedHoles(step) || [] : page.holes;
      holes.push(...own.map((hole) => (away ? { ...hole, step, away } : { ...hole, step })));
    }
    return { holes, wholes };
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
    title.after(switches(step));
  }

  // The functions of a step's whole step, for its switch: "a, b and c".
  function functionNames(whole) {
    const names = whole.map((body) => body.name);
    return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  }

  // The words of a step's switch, as its choice stands now.
  function label(button) {
    const step = button.dataset.step;
    const on = remembered(step);
    const whole = wholeOf(step);
    const what = whole.length > 0
      ? `the bodies of ${functionNames(whole)} and the holes of ${step} folded in their code`
      : `the holes of ${step} folded in their code`;
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.textContent = on
      ? `Exercise mode is on: ${what}. Switch it off`
      : `Switch on the exercise mode: ${what}`;
  }

  function refresh() {
    const { holes, wholes } = activeFolds();
    const folded = new Set();
    document.querySelectorAll("pre > code").forEach((code) => {
      showCode(code);
      if (holes.length + wholes.length > 0) hideHoles(code, holes, wholes).forEach((step) => folded.add(step));
    });
    // A step whose holes this page folds can be switched off here too.
    folded.forEach(titleToggle);
    document.querySelectorAll(".exercise-toggle[data-step]").forEach(label);
    // A reader who chose nothing yet is in exercise mode everywhere, the
    // search results included.
    const fresh = stepsKnown().length === 0;
    document.documentElement.classList.toggle("exercise-mode", fresh || stepsOn().length > 0);
    quietTeasers();
  }

  // A step's switch: its mode on or off.
  function switches(step) {
    const box = document.createElement("div");
    box.className = "exercise-switches";
    const made = document.createElement("button");
    made.type = "button";
    made.className = "exercise-toggle";
    made.dataset.step = step;
    made.addEventListener("click", () => {
      remember(step, made.getAttribute("aria-pressed") !== "true");
      refresh();
    });
    box.append(made);
    label(made);
    return box;
  }

  // The page's own step: its holes' and whole step's data, kept for the
  // other pages, and its two switches, at the top and in "Build
  // it yourself".
  function startStep(data, title) {
    const step = data.dataset.step;
    const holes = readData(data, "holes");
    const whole = readData(data, "whole");
    if (holes === null) return;
    page.step = step;
    page.holes = holes;
    page.whole = whole || [];
    storeHoles(step, holes);
    storeWhole(step, page.whole);
    data.append(switches(step));
    if (title) title.after(switches(step));
  }

  function startAll() {
    const title = document.querySelector("main h1");
    const data = document.querySelector(".exercise-holes[data-step]");
    if (data) startStep(data, title);
    // A page that shows a step's code away from its chapter (its "in
    // numbers" page) carries the step's holes, for a reader who comes
    // there first.
    document.querySelectorAll(".exercise-holes-carried[data-step]").forEach((carrier) => {
      const holes = readData(carrier, "holes");
      if (holes !== null) carried.set(carrier.dataset.step, holes);
      carriedWhole.set(carrier.dataset.step, readData(carrier, "whole") || []);
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
