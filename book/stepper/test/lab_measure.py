"""Measures the lab, and writes `book/chapters/measured/lab.md`:

    python3 book/stepper/test/lab_measure.py [--site book/html] [--bin-dir target/release]

- the module's size, raw and gzipped;
- the time from navigation to `lamosca.ready()` on a step chapter;
- recorded searches, the page against `search --record -` of the native
  binary (its process, start to exit, the record read from its pipe), in
  the same run: v0.09 to depth 5 and v0.07 to depth 4 from the start, and
  v0.10 to depth 4 in a middlegame. The page's time is `lamosca.run`'s
  promise, then the stepper reading the record and drawing it: what a
  reader waits for after "Search";
- where the page's time goes, from the worker's and the page's clocks: the
  module (the search, the record, and its text handed out to JavaScript),
  the worker reading the module's answer, the message to the page, and
  the stepper;
- v0.09 to depth 5 and v0.11 to depth 7 from the start with no record (the
  log with `trace: 0`), as before;
- the main thread's longest task while the page searches (Chromium's
  `longtask` entries, which it reports from 50 ms up);
- the worker's memory for a record of a million events: the module's
  linear memory after the search (it only grows), in a fresh worker.

Medians of 5, in headless Chromium. Times depend on the machine and change
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
from lab_breakdown import MIDDLEGAME, breakdown
from lab_browser_test import ROOT, Server, call, open_chapter

RUNS = 5
# About a million events: v0.07 to depth 4 from the start, uncapped.
BIG_RECORD = {"version": "v07", "depth": 4, "nodes": 500000}
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
    args = [str(binary), "search", "--depth", str(depth), "--record", "-"] + (["--moves", *moves.split()] if moves else [])
    started = time.perf_counter()
    done = subprocess.run(args, capture_output=True, check=True)
    elapsed = time.perf_counter() - started
    return elapsed, done.stdout.decode()


def page_record_time(driver, version, moves, depth):
    """`lamosca.run("search")`, then the stepper reading and drawing the
    record, as "Your position" does; with where the time went."""
    return driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        const [version, moves, depth] = [arguments[0], arguments[1], arguments[2]];
        const started = performance.now();
        lamosca.run("search", {version, moves, depth, nodes: 500000}).then((outcome) => {
          const answered = performance.now();
          const spent = lamosca.timing();
          return lamosca.facts(outcome.text).then((facts) => [outcome, answered, spent, facts]);
        }).then(([outcome, answered, spent, facts]) => {
          window.LaMoScaRecords = window.LaMoScaRecords || {};
          window.LaMoScaRecords["measure"] = {events: outcome.text, nodes: facts};
          const host = document.createElement("div");
          host.className = "lamosca-stepper";
          host.dataset.record = "measure";
          document.querySelector(".lamosca-lab").append(host);
          LaMoScaStepper.start(host);
          const drawn = performance.now();
          host.remove();
          done({
            total: drawn - started, answer: answered - started, module: spent.module, read: spent.read,
            stepper: drawn - answered, text: outcome.text, depth: outcome.depth, stopped: outcome.stopped,
          });
        }, (e) => done({error: e.message}));
        """,
        version,
        moves,
        depth,
    )


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


def recorded_searches(driver, bin_dir):
    """The recorded searches, the page's record byte for byte the binary's."""
    recorded = []
    for what, version, binary, moves, depth in RECORDED:
        runs = []
        for _ in range(RUNS):
            native_s, native_record = native_record_time(bin_dir / binary, moves, depth)
            page = page_record_time(driver, version, moves, depth)
            assert "error" not in page, page
            assert page["text"] == native_record and page["stopped"] is None, (what, page["depth"], page["stopped"])
            runs.append((native_s * 1000, page))
        median = lambda key: statistics.median(p[key] for _, p in runs)
        native_ms = statistics.median(n for n, _ in runs)
        events = runs[0][1]["text"].count("\n")
        size = len(runs[0][1]["text"])
        recorded.append((what, events, size, native_ms, median("answer"), median("total"),
                         median("module"), median("read"), median("answer") - median("module") - median("read"), median("stepper")))
    return recorded


def big_record_memory(driver, url):
    """A fresh page, hence a fresh worker: the module's memory before and after one big record, and its size."""
    open_chapter(driver, url)
    _, before = call(driver, "memory")
    status, outcome = call(driver, "run", "search", BIG_RECORD)
    assert status == "ok", outcome
    _, after = call(driver, "memory")
    return outcome["text"].count("\n"), len(outcome["text"].encode()), before, after


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
        found["recorded"] = recorded_searches(driver, bin_dir)
        found["parts"] = [("this module", breakdown(driver, "lab/pkg"))]
        if args.before_pkg:
            found["parts"].insert(0, (f"the module in `{args.before_pkg}`", breakdown(driver, args.before_pkg)))
        found["longest"] = statistics.median(longest_task(driver, "v11", 7) for _ in range(RUNS))
        found["memory"] = big_record_memory(driver, url)
        found["chromium"] = driver.capabilities.get("browserVersion", "?")
    finally:
        driver.quit()
        server.close()
    return found


def heading(args, found, sizes):
    """The comment, the machine and the first table."""
    events, record_bytes, before, after = found["memory"]
    machine = f"{platform.machine()} {platform.system().lower()}, {len(os.sched_getaffinity(0))} hardware threads"
    return [
        "<!-- Measured by `python3 book/stepper/test/lab_measure.py --site book/html --bin-dir target/release`"
        " after `book/lab/build.sh`, `mdbook build book` and"
        " `cargo build --release -p lamosca-v07 -p lamosca-v09 -p lamosca-v10-quiescence -p lamosca-v11-lazy`."
        + (
            f" With `--before-pkg {args.before_pkg}`: the older module, built by `wasm-bindgen` into that folder of the site"
            " (`book/lab/build.sh`'s command with another `--out-dir`), measured beside this one."
            if args.before_pkg
            else ""
        )
        + " Times depend on the machine and change from run to run, so the tests never compare this file with a fresh run:"
        " measure again to update it. -->",
        f"Measured on {machine}, headless Chromium {found['chromium']}, {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC."
        f" Each time is the median of {RUNS} runs. The machine was shared: load average"
        f" {os.getloadavg()[0]:.1f} at the end, so searches of a few dozen milliseconds vary by half from one run to the next.",
        "",
        "| what | measured |",
        "| :--- | ---: |",
        f"| the module (`lamosca_lab_bg.wasm`, all four steps), raw | {sizes[0]:,} bytes |",
        f"| the module, gzipped (level 9) | {sizes[1]:,} bytes |",
        f"| its JavaScript loader (`lamosca_lab.js`) | {sizes[2]:,} bytes |",
        f"| from navigation to `lamosca.ready()`, v0.09's chapter | {found['ready']:.0f} ms |",
        f"| the main thread's longest task while v0.11 searches to depth 7 | {found['longest']:.0f} ms |",
        f"| a record of {events:,} events ({record_bytes:,} bytes, v0.07 to depth 4): the module's memory before and after | {before / 2**20:.0f} MB, {after / 2**20:.0f} MB |",
        "",
    ]


def tables(found):
    """The searches, the recorded searches and where the page's time goes."""
    lines = [
        "| search | answer | page | native | page / native |",
        "| :--- | :--- | ---: | ---: | ---: |",
    ]
    for what, answer, page_ms, native_ms in found["rows"]:
        lines.append(f"| {what} | `{answer}` | {page_ms:.0f} ms | {native_ms:.0f} ms | {page_ms / native_ms:.2f} |")
    lines += [
        "",
        "Recorded searches, the page's record byte for byte the binary's, and what a reader waits for: the"
        " record in the page (`lamosca.run`), then the stepper reading it and drawing its first step, against"
        " `search --depth D --record -` with its record read from the pipe.",
        "",
        "| search | events | record | native | page, record | page / native | page, record and stepper | page / native |",
        "| :--- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for what, events, size, native_ms, answer_ms, total_ms, *_ in found["recorded"]:
        lines.append(
            f"| {what} | {events:,} | {size:,} bytes | {native_ms:.0f} ms | {answer_ms:.0f} ms | {answer_ms / native_ms:.2f}"
            f" | {total_ms:.0f} ms | {total_ms / native_ms:.2f} |"
        )
    lines += [
        "",
        "Where the page's time goes, for the same searches, each part by the worker's and the page's clocks"
        " (`lab_breakdown.py`, a bare worker around the module, medians): the module's call (the search, its"
        " record, and the answer handed out of WebAssembly as a JavaScript string); the worker reading that"
        " answer and asking the module for each node's facts (`facts`: the path, position and bounded value"
        " the stepper shows, worked out by the record's reader); the record's message to the page; and the"
        " stepper reading the record (`indexRecord`, one `JSON.parse` a line and the facts beside it).",
        "",
        "| module | search | module's call | worker reads the answer, and its facts | message to the page | stepper reads the record |",
        "| :--- | :--- | ---: | ---: | ---: | ---: |",
    ]
    for name, rows_of_parts in found["parts"]:
        for what, _, median in rows_of_parts:
            lines.append(
                f"| {name} | {what} | {median['module']:.0f} ms | {median['read']:.0f} ms"
                f" | {median['message']:.0f} ms | {median['stepper']:.0f} ms |"
            )
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "book" / "html")
    parser.add_argument("--bin-dir", type=Path, default=ROOT / "target" / "release")
    parser.add_argument("--out", type=Path, default=ROOT / "book" / "chapters" / "measured" / "lab.md")
    parser.add_argument(
        "--before-pkg",
        help="an older module's folder under --site (wasm-bindgen's output), whose parts are measured beside this one's",
    )
    args = parser.parse_args()
    site = args.site.resolve()
    wasm = site / "lab" / "pkg" / "lamosca_lab_bg.wasm"
    glue = site / "lab" / "pkg" / "lamosca_lab.js"
    raw = wasm.read_bytes()
    sizes = (len(raw), len(gzip.compress(raw, 9)), glue.stat().st_size)
    found = measure(args, site)
    lines = heading(args, found, sizes) + tables(found)
    lines.append("")
    lines.append(
        "The page's time is the promise's, from the call to the answer (the message to the worker, the search,"
        " the text back); the native time is the process's, from start to exit. A longest task of 0 ms means"
        " Chromium saw none of 50 ms or more."
    )
    args.out.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
