"""Measures the lab, and writes `book/chapters/measured/lab.md`:

    python3 book/stepper/test/lab_measure.py [--site book/html] [--bin-dir target/release]

- the module's size, raw and gzipped;
- the time from navigation to `lamosca.ready()` on a step chapter;
- the path through "Your position": from the "Search" click to the
  stepper drawn, against `search --moves ... --depth D --record - --trace 0`
  of the native binary (its process, start to exit, the record read from
  its pipe), in the same run: v0.07 to depth 3, v0.09 to 5, v0.10 to 4 and
  v0.11 to 6, from the start and in a middlegame, under the cap of
  500,000 nodes; the page's record is checked byte for byte against the
  binary's (`lamosca.search`, untimed), and of the page's time, the
  module's call (the search, its record and its index) and the search
  alone (`lamosca.log` with `trace: 0`);
- after a search of some 500,000 nodes through the panel, in a fresh
  page: the module's memory, the worker's and the page's JavaScript heaps,
  and a key press's time on that record, from the key to the step drawn;
- v0.09 to depth 5 and v0.11 to depth 7 from the start with no record (the
  log with `trace: 0`), as before;
- the main thread's longest task while the page searches (Chromium's
  `longtask` entries, which it reports from 50 ms up);
Medians of 5 (the panel's path: of 3), in headless Chromium. Times depend on the machine and change
from run to run: the tests never compare this file with a fresh run.
"""

import argparse
import gzip
import os
import platform
import statistics
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

from browser_test import open_browser
from lab_breakdown import MIDDLEGAME
from selenium.webdriver.common.by import By
from lab_browser_test import ROOT, Server, call, open_chapter

RUNS = 5
PANEL_RUNS = 3
CAP = 500000
# The largest record the measured searches make: v0.09 to depth 6 from the
# start, 439,214 nodes, some 158 MB of record.
BIG = ("v0.09, depth 6 from the start", "v09", "", 6)
PAGES = {"v07": "v07-negamax.html", "v09": "v09-alphabeta.html", "v10": "v10-quiescence.html", "v11": "v11-lazy.html"}
BINARIES = {"v07": "lamosca-v07", "v09": "lamosca-v09", "v10": "lamosca-v10-quiescence", "v11": "lamosca-v11-lazy"}
PANEL = [
    # (title, version, depth)
    ("v0.07", "v07", 3),
    ("v0.09", "v09", 5),
    ("v0.10", "v10", 4),
    ("v0.11", "v11", 6),
]
# The keys timed on the big record, each pressed this many times.
KEYS = [("→", "\ue014"), ("C, next cut", "c"), ("S, next swap", "s"), ("↓, into", "\ue015"), ("↑, out", "\ue013")]
KEY_PRESSES = 10
SEARCHES = [
    # (what, version, binary, depth)
    ("v0.09, depth 5 from the start", "v09", "lamosca-v09", 5),
    ("v0.11, depth 7 from the start", "v11", "lamosca-v11-lazy", 7),
]
RECORDED = [
    # (what, version, binary, moves, depth)
    ("v0.09, depth 5 from the start", "v09", "lamosca-v09", "", 5),
    ("v0.07, depth 4 from the start", "v07", "lamosca-v07", "", 4),
    ("v0.10, depth 4 in an Italian game's middlegame", "v10", "lamosca-v10-quiescence", MIDDLEGAME, 4),
]


def native_time(binary, depth):
    started = time.perf_counter()
    done = subprocess.run([str(binary), "search", "--depth", str(depth), "--trace", "0"], capture_output=True, check=True)
    elapsed = time.perf_counter() - started
    return elapsed, done.stdout.decode().strip().splitlines()[-1]


def native_record_time(binary, moves, depth):
    args = [str(binary), "search", "--depth", str(depth), "--record", "-", "--trace", "0"] + (["--moves", *moves.split()] if moves else [])
    started = time.perf_counter()
    done = subprocess.run(args, capture_output=True, check=True)
    elapsed = time.perf_counter() - started
    return elapsed, done.stdout.decode()


# The form of "Your position" filled in and its "Search" clicked; the time
# from the click to the stepper drawn (its first step's `data-step` set),
# and of it, when the module's kept record came back and the module's own
# time for it.
PANEL_SEARCH = """
const done = arguments[arguments.length - 1];
const [moves, depth, nodes] = [arguments[0], arguments[1], arguments[2]];
const lab = document.querySelector(".lamosca-lab");
const set = (name, value) => { lab.querySelector(`[name=${name}]`).value = value; };
set("fen", ""); set("moves", moves); set("depth", depth); set("nodes", nodes); set("compare", "");
const result = lab.querySelector(".lab-result");
const parts = {};
const keep = lamosca.keep;
lamosca.keep = (request) => keep(request).then((kept) => {
  parts.kept = performance.now() - started;
  parts.module = lamosca.timing().module;
  parts.outcome = {depth: kept.depth, stopped: kept.stopped, nodes: kept.nodes, bytes: kept.summary.bytes, steps: kept.summary.steps};
  return kept;
});
let started;
const observer = new MutationObserver(() => {
  const stepper = result.querySelector(".lamosca-stepper[data-step]");
  if (!stepper) return;
  const drawn = performance.now();
  observer.disconnect();
  lamosca.keep = keep;
  done({total: drawn - started, ...parts, status: lab.querySelector(".lab-status").textContent});
});
observer.observe(result, {subtree: true, childList: true, attributes: true, attributeFilter: ["data-step"]});
setTimeout(() => {
  started = performance.now();
  lab.querySelector("button[type=submit]").click();
}, 0);
"""


def panel_time(driver, moves, depth):
    """The click on "Search" to the stepper drawn, in the chapter open."""
    return driver.execute_async_script(PANEL_SEARCH, moves, depth, CAP)


def page_time(driver, version, depth):
    return driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        const started = performance.now();
        lamosca.log({version: arguments[0], depth: arguments[1], trace: 0, nodes: 500000})
          .then((text) => done([performance.now() - started, text.trim().split("\\n").pop()]), (e) => done([null, e.message]));
        """,
        version,
        depth,
    )


def load_to_ready(driver, url):
    driver.get(url)
    return driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        lamosca.ready().then(() => done(performance.now()), (e) => done(null));
        """
    )


def longest_task(driver, version, depth):
    return driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        let longest = 0;
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration);
        });
        observer.observe({type: "longtask", buffered: false});
        lamosca.log({version: arguments[0], depth: arguments[1], trace: 0, nodes: 500000}).then(() => {
          setTimeout(() => { observer.disconnect(); done(longest); }, 100);
        });
        """,
        version,
        depth,
    )


def searches(driver, bin_dir):
    """The searches without a record, the page's answer against the binary's."""
    rows = []
    for what, version, binary, depth in SEARCHES:
        page = [page_time(driver, version, depth) for _ in range(RUNS)]
        native = [native_time(bin_dir / binary, depth) for _ in range(RUNS)]
        assert all(p[1] == n[1] for p, n in zip(page, native)), (page, native)
        page_ms = statistics.median(p[0] for p in page)
        native_ms = statistics.median(n[0] for n in native) * 1000
        rows.append((what, page[0][1], page_ms, native_ms))
    return rows


def search_alone(driver, version, moves, depth):
    """The search in the module without its record: `lamosca.log` with trace 0."""
    return driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        const started = performance.now();
        lamosca.log({version: arguments[0], moves: arguments[1], depth: arguments[2], trace: 0, nodes: arguments[3]})
          .then(() => done(performance.now() - started), (e) => done(null));
        """,
        version, moves, depth, CAP,
    )


def panel_searches(driver, server, bin_dir):
    """Every search of PANEL, from the start and in the middlegame, through the panel."""
    rows = []
    for title, version, depth in PANEL:
        open_chapter(driver, server.url + PAGES[version])
        for place, moves in (("from the start", ""), ("in the middlegame", MIDDLEGAME)):
            native = [native_record_time(bin_dir / BINARIES[version], moves, depth) for _ in range(PANEL_RUNS)]
            status, text = call(driver, "search", {"version": version, "moves": moves, "depth": depth, "nodes": CAP, "trace": 0})
            assert status == "ok" and text == native[0][1], (title, place, status, text[:200])
            runs = [panel_time(driver, moves, depth) for _ in range(PANEL_RUNS)]
            assert all(run["outcome"]["stopped"] is None and run["outcome"]["depth"] == depth for run in runs), runs
            alone = statistics.median(search_alone(driver, version, moves, depth) for _ in range(PANEL_RUNS))
            median = lambda key: statistics.median(run[key] for run in runs)
            outcome = runs[0]["outcome"]
            rows.append((f"{title}, depth {depth} {place}", outcome["nodes"], outcome["bytes"],
                         statistics.median(n for n, _ in native) * 1000, median("total"), median("module"), alone))
    return rows


# A key pressed on the stepper: the time from the key to its step drawn.
KEY_PRESS = """
const done = arguments[arguments.length - 1];
const [stepper, key] = [arguments[0], arguments[1]];
const before = stepper.dataset.step;
const started = performance.now();
const observer = new MutationObserver(() => {
  if (stepper.dataset.step === before) return;
  observer.disconnect();
  const timing = lamosca.timing() || {};
  done([performance.now() - started, timing.received - started, timing.module]);
});
observer.observe(stepper, {attributes: true, attributeFilter: ["data-step"]});
stepper.dispatchEvent(new KeyboardEvent("keydown", {key, bubbles: true}));
setTimeout(() => { observer.disconnect(); done(null); }, 5000);
"""

KEY_NAMES = {"\ue014": "ArrowRight", "\ue015": "ArrowDown", "\ue013": "ArrowUp"}


def big_record(driver, server):
    """A fresh page (a fresh worker), the big search through the panel: memory, then keys."""
    what, version, moves, depth = BIG
    open_chapter(driver, server.url + PAGES[version])
    _, module_before = call(driver, "memory")
    _, worker_before = call(driver, "heap")
    driver.execute_cdp_cmd("HeapProfiler.collectGarbage", {})
    page_before = driver.execute_cdp_cmd("Runtime.getHeapUsage", {})["usedSize"]
    run = panel_time(driver, moves, depth)
    assert run["outcome"]["stopped"] is None, run
    _, module_after = call(driver, "memory")
    _, worker_after = call(driver, "heap")
    driver.execute_cdp_cmd("HeapProfiler.collectGarbage", {})
    page_after = driver.execute_cdp_cmd("Runtime.getHeapUsage", {})["usedSize"]
    stepper = driver.find_element(By.CSS_SELECTOR, ".lab-result .lamosca-stepper")
    keys = []
    for name, key in KEYS:
        times = []
        for _ in range(KEY_PRESSES):
            if key == "\ue015" and stepper.get_attribute("data-step") != "0":
                # Into, each time from the root, which has children.
                driver.execute_async_script(KEY_PRESS, stepper, "Home")
            if key == "\ue013":
                # Out, each time from the next cut, deep in the tree.
                driver.execute_async_script(KEY_PRESS, stepper, "c")
            spent = driver.execute_async_script(KEY_PRESS, stepper, KEY_NAMES.get(key, key))
            if spent is not None:
                times.append(spent)
        keys.append((name, times))
    return {
        "what": what, "outcome": run["outcome"], "total": run["total"],
        "module": (module_before, module_after), "worker": (worker_before, worker_after), "page": (page_before, page_after),
        "keys": keys,
    }


def measure(args, site):
    """Everything the page is timed on, in one browser."""
    server = Server(site)
    driver = open_browser()
    driver.set_script_timeout(600)
    bin_dir = args.bin_dir.resolve()
    try:
        url = server.url + "v09-alphabeta.html"
        found = {"ready": statistics.median(load_to_ready(driver, url) for _ in range(RUNS))}
        open_chapter(driver, url)
        found["rows"] = searches(driver, bin_dir)
        found["longest"] = statistics.median(longest_task(driver, "v11", 7) for _ in range(RUNS))
        found["panel"] = panel_searches(driver, server, bin_dir)
        found["big"] = big_record(driver, server)
        found["chromium"] = driver.capabilities.get("browserVersion", "?")
    finally:
        driver.quit()
        server.close()
    return found


def heading(found, sizes):
    """The comment, the machine and the first table."""
    machine = f"{platform.machine()} {platform.system().lower()}, {len(os.sched_getaffinity(0))} hardware threads"
    return [
        "<!-- Measured by `python3 book/stepper/test/lab_measure.py --site book/html --bin-dir target/release`"
        " after `book/lab/build.sh`, `mdbook build book` and"
        " `cargo build --release -p lamosca-v07 -p lamosca-v09 -p lamosca-v10-quiescence -p lamosca-v11-lazy`."
        " Times depend on the machine and change from run to run, so the tests never compare this file with a fresh run:"
        " measure again to update it. -->",
        f"Measured on {machine}, headless Chromium {found['chromium']}, {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC."
        f" Each time is the median of {RUNS} runs, the panel's of {PANEL_RUNS}. The machine was shared: load average"
        f" {os.getloadavg()[0]:.1f} at the end, so searches of a few dozen milliseconds vary by half from one run to the next.",
        "",
        "| what | measured |",
        "| :--- | ---: |",
        f"| the module (`lamosca_lab_bg.wasm`, all four steps), raw | {sizes[0]:,} bytes |",
        f"| the module, gzipped (level 9) | {sizes[1]:,} bytes |",
        f"| its JavaScript loader (`lamosca_lab.js`) | {sizes[2]:,} bytes |",
        f"| from navigation to `lamosca.ready()`, v0.09's chapter | {found['ready']:.0f} ms |",
        f"| the main thread's longest task while v0.11 searches to depth 7 | {found['longest']:.0f} ms |",
        "",
    ]


def mb(count):
    return "not said by the browser" if count is None else f"{count / 2**20:.0f} MB"


def tables(found):
    """The searches, the panel's path, the big record's memory and keys."""
    lines = [
        "| search | answer | page | native | page / native |",
        "| :--- | :--- | ---: | ---: | ---: |",
    ]
    for what, answer, page_ms, native_ms in found["rows"]:
        lines.append(f"| {what} | `{answer}` | {page_ms:.0f} ms | {native_ms:.0f} ms | {page_ms / native_ms:.2f} |")
    lines += [
        "",
        "What a reader waits for in \"Your position\": from the \"Search\" click to the stepper drawn (its first"
        " step), against `search --moves ... --depth D --record - --trace 0`, its record read from the pipe; the"
        f" middlegame is `{MIDDLEGAME}`, the cap {CAP:,} nodes, and every search finished within it. The page's record"
        " is the binary's byte for byte (`lamosca.search`, checked apart). Of the page's time: the module's call"
        " (the search, its record and the record's index, `lamosca.keep`), and the same search without a record"
        " (`lamosca.log` with `trace: 0`). The goal: at most 2 times the binary and 0.1 s.",
        "",
        "| search | nodes | record | native | click to stepper | goal | within it | page / native | module's call | search alone |",
        "| :--- | ---: | ---: | ---: | ---: | ---: | :--- | ---: | ---: | ---: |",
    ]
    for what, nodes, size, native_ms, total_ms, module_ms, alone_ms in found["panel"]:
        goal = 2 * native_ms + 100
        lines.append(
            f"| {what} | {nodes:,} | {size:,} bytes | {native_ms:.0f} ms | {total_ms:.0f} ms | {goal:.0f} ms"
            f" | {'yes' if total_ms <= goal else 'no'} | {total_ms / native_ms:.2f} | {module_ms:.0f} ms | {alone_ms:.0f} ms |"
        )
    big = found["big"]
    outcome = big["outcome"]
    (module_before, module_after), (worker_before, worker_after), (page_before, page_after) = big["module"], big["worker"], big["page"]
    lines += [
        "",
        f"The largest record, {big['what']} through the panel in a fresh page: {outcome['nodes']:,} nodes,"
        f" {outcome['steps']:,} steps, {outcome['bytes']:,} bytes of record; from the click to the stepper"
        f" {big['total']:.0f} ms. The memory before and after the search (the module's only grows; the"
        " page's heap after a garbage collection; Chromium tells a worker's heap only to a page isolated from other"
        " origins, which the book's is not):",
        "",
        "| memory | before | after |",
        "| :--- | ---: | ---: |",
        f"| the module's (the record, its index, and the search's) | {mb(module_before)} | {mb(module_after)} |",
        f"| the worker's JavaScript heap | {mb(worker_before)} | {mb(worker_after)} |",
        f"| the page's JavaScript heap | {mb(page_before)} | {mb(page_after)} |",
        "",
        f"A key press on that record, from the key to its step drawn ({KEY_PRESSES} presses of each, one after another;"
        " into from the first step each time, out from the next cut):",
        "",
        "| key | median | longest | of it, until the worker's answer came | of it, the module's |",
        "| :--- | ---: | ---: | ---: | ---: |",
    ]
    for name, times in big["keys"]:
        if times:
            median = lambda i: statistics.median(time[i] for time in times)
            lines.append(
                f"| {name} | {median(0):.1f} ms | {max(time[0] for time in times):.1f} ms"
                f" | {median(1):.1f} ms | {median(2):.1f} ms |"
            )
        else:
            lines.append(f"| {name} | did not move | | | |")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "book" / "html")
    parser.add_argument("--bin-dir", type=Path, default=ROOT / "target" / "release")
    parser.add_argument("--out", type=Path, default=ROOT / "book" / "chapters" / "measured" / "lab.md")
    args = parser.parse_args()
    site = args.site.resolve()
    wasm = site / "lab" / "pkg" / "lamosca_lab_bg.wasm"
    glue = site / "lab" / "pkg" / "lamosca_lab.js"
    raw = wasm.read_bytes()
    sizes = (len(raw), len(gzip.compress(raw, 9)), glue.stat().st_size)
    found = measure(args, site)
    lines = heading(found, sizes) + tables(found)
    lines.append("")
    lines.append(
        "The first table's page time is the promise's, from the call to the answer (the message to the worker,"
        " the search, the text back); the native time is the process's, from start to exit. A longest task of"
        " 0 ms means Chromium saw none of 50 ms or more."
    )
    args.out.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
