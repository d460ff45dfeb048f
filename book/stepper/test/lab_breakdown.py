"""Where a recorded search's time goes when its record is handed to the
page whole (`lamosca.search` and `lamosca.facts`, read by `indexRecord`),
for one build of the lab's module, with nothing of the page's own code
between. "Your position" no longer takes this path (its record stays in
the worker: `lab_measure.py` times that one); this one is for the records
the console asks for whole, and for comparing modules:

    python3 book/stepper/test/lab_breakdown.py [--site book/html] [--pkg lab/pkg]

`--pkg` is the folder of a module and its loader, under `--site`; to
compare with an older module, build it with `wasm-bindgen` into another
folder of the site. A fresh worker of the page's kind loads the module and
calls its `search` on v0.09 to depth 5 and v0.07 to depth 4 from the start
and v0.10 to depth 4 in a middlegame, and the medians of 5 runs say how long

- the module's call took (the search, its record, the answer string and
  its copy out of WebAssembly into JavaScript);
- the worker took to read the answer (a module that wraps the record in
  escaped JSON has it parsed again, one that puts it after the JSON line
  has it sliced off);
- the record's message from the worker to the page took (by the two
  threads' clocks, from the same time origin);
- the stepper took to read it (`indexRecord`; the module works out the
  facts it reads with it, counted with the worker's reading of the answer).
"""

import argparse
import statistics
import sys
from pathlib import Path

from browser_test import open_browser
from lab_browser_test import ROOT, Server, open_chapter

# An Italian game, both sides developed: a middlegame of the book's own.
MIDDLEGAME = "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 d2d3 g8f6 b1c3 d7d6"

SEARCHES = [
    ("v0.09, depth 5 from the start", {"version": "v09", "depth": 5, "nodes": 500000}),
    ("v0.07, depth 4 from the start", {"version": "v07", "depth": 4, "nodes": 500000}),
    ("v0.10, depth 4 in an Italian game's middlegame", {"version": "v10", "depth": 4, "moves": MIDDLEGAME, "nodes": 500000}),
]
RUNS = 5

SCRIPT = r"""
const done = arguments[arguments.length - 1];
const [pkg, request] = [arguments[0], arguments[1]];
const base = location.href.replace(/[^/]*$/, "");
const source = `importScripts("${base}${pkg}/lamosca_lab.js");
const ready = wasm_bindgen({module_or_path: "${base}${pkg}/lamosca_lab_bg.wasm"});
onmessage = (event) => ready.then(() => {
  const at = () => performance.timeOrigin + performance.now();
  const started = at();
  const answer = wasm_bindgen.search(JSON.stringify(event.data));
  const searched = at();
  const text = answer.startsWith('{"ok":{"text"') ? JSON.parse(answer).ok.text : answer.slice(answer.indexOf("\\n") + 1);
  // The facts the stepper reads with the record (a module older than
  // facts has none to give: its stepper time is then left out).
  const facts = wasm_bindgen.facts ? JSON.parse(wasm_bindgen.facts(text)).ok : null;
  postMessage({text, facts, started, searched, read: at()});
});`;
const worker = new Worker(URL.createObjectURL(new Blob([source])));
worker.onmessage = (event) => {
  const arrived = performance.timeOrigin + performance.now();
  const {text, facts, started, searched, read} = event.data;
  const indexing = performance.now();
  if (facts) LaMoScaStepper.indexRecord({events: text, nodes: facts});
  const stepper = performance.now() - indexing;
  worker.terminate();
  done({module: searched - started, read: read - searched, message: arrived - read, stepper, bytes: text.length});
};
worker.onerror = (event) => done({error: event.message});
worker.postMessage(request);
"""


def breakdown(driver, pkg):
    """Rows of (what, record bytes, medians by part) for the module in `pkg`."""
    rows = []
    for what, request in SEARCHES:
        runs = [driver.execute_async_script(SCRIPT, pkg, request) for _ in range(RUNS)]
        assert all("error" not in run for run in runs), runs
        median = {key: statistics.median(run[key] for run in runs) for key in ("module", "read", "message", "stepper")}
        rows.append((what, runs[0]["bytes"], median))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "book" / "html")
    parser.add_argument("--pkg", default="lab/pkg", help="the module's folder, under --site")
    args = parser.parse_args()
    server = Server(args.site.resolve())
    driver = open_browser()
    driver.set_script_timeout(600)
    print(f"| search ({args.pkg}) | record | module | worker reads the answer | message to the page | stepper |")
    print("| :--- | ---: | ---: | ---: | ---: | ---: |")
    try:
        open_chapter(driver, server.url + "v09-alphabeta.html")
        for what, size, median in breakdown(driver, args.pkg):
            print(
                f"| {what} | {size:,} bytes | {median['module']:.0f} ms | {median['read']:.0f} ms"
                f" | {median['message']:.0f} ms | {median['stepper']:.0f} ms |"
            )
    finally:
        driver.quit()
        server.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
