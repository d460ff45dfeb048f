"""The lab, tested as a reader uses it: the step chapters served over HTTP
to headless Chromium, their engines against the native binaries.

    python3 book/stepper/test/lab_browser_test.py [--site book/html] [--bin-dir target/debug]

The built book (`--site`, with the module `book/lab/build.sh` made) is
served on a local port, since the live engines are off for a page opened as
a file. Then, for every step:

1. On 11 positions (the start, castling both ways, en passant, promotion, a
   check, a mate, a stalemate, and random legal positions reached by random
   moves, drawn with a fixed seed through the binary's own `perft --divide`)
   `lamosca.search` equals `search --fen F --moves ... --depth D --record -`
   and `lamosca.log` equals `search`'s standard output, byte for byte, with
   switches given by UCI name in the page and as `--no-history`... to the
   binary, and the log in English and in Italian.
2. `lamosca.why` equals what `explore STEP ... --why MOVE` prints, for
   the move chosen and another, on four positions per step;
   `lamosca.compare` equals `compare A B` on the binary's two records, and
   "Your position" with "Compare with" shows the same text and a stepper,
   and "Why not?" under it `explore --why`'s answer, and "Its own value"
   the line `--why-value` adds.
3. Bad input (a malformed FEN, an illegal move, a depth beyond 64, a switch's
   value out of range) gets the binary's error line, from the API and from
   the form; a cap the page cannot hold is refused with the reason. A node
   cap stops a depth and the page shows the deepest depth that finished,
   the binary's at that depth, and says which depth stopped; depth 20 at
   the default cap answers with a move. A capped step compared with one
   the cap never stops is compared at the depth both finished, as
   `compare` compares the binaries' records at that depth: no false
   difference. The answers of "Why not?" and "Compare with" wrap at 1280
   pixels.
4. A whole game against v0.07 and one against v0.11 on the play page, the
   reader's moves random legal clicks, ends by the rules with every move
   legal and the PGN's result; the board shows its coordinates, the last
   move and a king in check, and says why a click is no legal move.
5. A chapter opened as a file, or in a browser without WebAssembly, keeps
   its steppers and says in one line that the live engines are off.

No page may log a console error. It prints `N passed, N failed` and exits 1
on a failure.
"""

import argparse
import functools
import http.server
import json
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from browser_test import Checks, console_errors, open_browser

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent.parent

STEPS = {
    # version: (chapter page, binary, [(switches given by UCI name, depth), ...])
    "v07": ("v07-negamax.html", "lamosca-v07", [({}, 2)]),
    "v09": ("v09-alphabeta.html", "lamosca-v09", [({}, 3), ({"History": False}, 3), ({"MvvLva": False, "Killers": True}, 3)]),
    # LaMoSca's own quiescence grows to a million nodes at depth 3 in some
    # of the random positions: depth 2 keeps each search within seconds.
    "v10": ("v10-quiescence.html", "lamosca-v10-quiescence", [({}, 3), ({"Delta": 0, "EGain": "simple"}, 3), ({"Quiescence": "lamosca"}, 2)]),
    "v11": ("v11-lazy.html", "lamosca-v11-lazy", [({}, 3), ({"Ideas": "no-lazy"}, 3), ({"Margin": 32, "Ideas": "all", "Hash": 1}, 3)]),
}

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
# (name, fen, moves): the positions every step searches, before the random ones.
POSITIONS = [
    ("the start", None, ""),
    ("castling both ways (kiwipete)", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", ""),
    ("en passant", None, "e2e4 a7a6 e4e5 d7d5"),
    ("promotion", "8/P6k/8/8/8/8/6Kp/8 w - - 0 1", ""),
    ("a check", None, "e2e4 f7f6 d2d4 g7g5 d1h5"),
    ("a mate", None, "f2f3 e7e5 g2g4 d8h4"),
    ("a stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", ""),
]
RANDOM_POSITIONS = 4
SEED = 26
# The largest node cap the page holds (lamosca_lab::MAX_NODE_CAP).
MAX_NODES = 500000

# Mistakes, each with what the page sends and what the binary is given.
MISTAKES = [
    ("a malformed FEN", {"fen": "8/8/8/8 w - -"}, ["--fen", "8/8/8/8 w - -"]),
    ("an impossible FEN", {"fen": "8/8/8/8/8/8/8/8 w - - 0 1"}, ["--fen", "8/8/8/8/8/8/8/8 w - - 0 1"]),
    ("an illegal move", {"moves": "e2e4 e7e5 e1e3"}, ["--moves", "e2e4", "e7e5", "e1e3"]),
    ("a depth beyond the cap", {"depth": 65}, ["--depth", "65"]),
]


class Server:
    """The built book on a local port, with WebAssembly's MIME type."""

    def __init__(self, site):
        handler = functools.partial(Quiet, directory=str(site))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()


class Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm"}

    def log_message(self, *args):
        pass


class Native:
    """The step binaries."""

    def __init__(self, bin_dir):
        self.bin_dir = bin_dir

    def run(self, binary, *args):
        done = subprocess.run([str(self.bin_dir / binary), *args], capture_output=True)
        return done.returncode, done.stdout.decode(), done.stderr.decode()

    def legal_moves(self, binary, fen, moves):
        args = ["perft", "1", "--divide"] + (["--fen", fen] if fen else []) + (["--moves", *moves.split()] if moves else [])
        code, out, err = self.run(binary, *args)
        assert code == 0, err
        return sorted(line.split(":")[0] for line in out.splitlines() if ":" in line and len(line.split(":")[0]) in (4, 5))


def switches(options, given):
    """The command line's switches for options given by UCI name."""
    words = []
    for name, value in given.items():
        option = next(o for o in options if o["name"] == name)
        if option["kind"] == "check":
            if value != option["default"]:
                words.append(f"--no-{option['flag']}" if option["default"] else f"--{option['flag']}")
        else:
            words += [f"--{option['flag']}", str(value)]
    return words


def position_args(fen, moves):
    return (["--fen", fen] if fen else []) + (["--moves", *moves.split()] if moves else [])


def call(driver, op, *args):
    """Calls `lamosca[op](...args)` in the page: ("ok", value) or ("error", words)."""
    return driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        const [op, args] = [arguments[0], arguments[1]];
        window.lamosca[op](...args).then((value) => done(["ok", value]), (error) => done(["error", error.message]));
        """,
        op,
        list(args),
    )


def random_positions(native, count, rng):
    positions = []
    while len(positions) < count:
        moves = []
        for _ in range(rng.randrange(6, 30)):
            legal = native.legal_moves("lamosca-v09", None, " ".join(moves))
            if not legal:
                break
            moves.append(rng.choice(legal))
        positions.append((f"random: {' '.join(moves)}", None, " ".join(moves)))
    return positions


def open_chapter(driver, url):
    driver.get(url)
    driver.execute_async_script(
        "const done = arguments[arguments.length - 1]; window.lamosca.ready().then(() => done(true), (e) => done(e.message));"
    )


def step_checks(checks, driver, server, native, version, positions):
    page, binary, option_sets = STEPS[version]
    open_chapter(driver, server.url + page)
    status, info = call(driver, "options", version)
    checks.check(f"{version}: the page lists its switches", status == "ok", info)
    options = info["options"]
    for index, (name, fen, moves) in enumerate(positions):
        given, depth = option_sets[index % len(option_sets)]
        words = "it" if index % 2 else "en"
        # The binary has no node cap: the page's largest is above any of these searches.
        request = {"version": version, "depth": depth, "moves": moves, "options": given, "nodes": MAX_NODES}
        if fen:
            request["fen"] = fen
        args = ["search", *position_args(fen, moves), "--depth", str(depth), *switches(options, given)]
        code, record, err = native.run(binary, *args, "--record", "-")
        status, page_record = call(driver, "search", request)
        checks.check(
            f"{version} {name} {given or ''}: the page's record is the binary's",
            code == 0 and status == "ok" and page_record == record,
            f"{err} {str(page_record)[:200]}",
        )
        trace, paths = (3, True) if index == 1 else (2, False)
        log_args = args + ["--words", words, "--trace", str(trace)] + (["--paths"] if paths else [])
        code, log, err = native.run(binary, *log_args)
        status, page_log = call(driver, "log", {**request, "words": words, "trace": trace, "paths": paths})
        checks.check(
            f"{version} {name} ({words}): the page's log is the binary's",
            code == 0 and status == "ok" and page_log == log,
            f"{err} {str(page_log)[:200]}",
        )
    errors = console_errors(driver)
    checks.check(f"{version}: no console error", not errors, errors)


def compare_checks(checks, driver, server, native, workdir):
    open_chapter(driver, server.url + "v09-alphabeta.html")
    records = []
    for version in ("v09", "v07"):
        _, binary, _ = STEPS[version]
        code, record, _ = native.run(binary, "search", "--moves", "e2e4", "e7e5", "--depth", "3", "--record", "-")
        path = Path(workdir) / f"{version}.jsonl"
        path.write_text(record)
        records.append((record, path))
    # `compare` is the book workspace's binary (book/explorer), built into
    # the same target folder as the steps.
    code, expected, err = native.run("compare", str(records[0][1]), str(records[1][1]))
    status, text = call(driver, "compare", records[0][0], records[1][0])
    checks.check("lamosca.compare is `compare A B`", code == 0 and status == "ok" and text == expected, f"{err} {text}")

    # The form: the same search, with v0.07 beside it.
    lab = driver.find_element(By.CSS_SELECTOR, ".lamosca-lab")
    WebDriverWait(driver, 30).until(lambda d: lab.find_elements(By.CSS_SELECTOR, "[data-option]"))
    lab.find_element(By.NAME, "moves").send_keys("e2e4 e7e5")
    depth = lab.find_element(By.NAME, "depth")
    depth.clear()
    depth.send_keys("3")
    Select(lab.find_element(By.NAME, "compare")).select_by_value("v07")
    lab.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    summary = WebDriverWait(driver, 60).until(
        lambda d: (lambda found: found[0] if found and found[0].get_attribute("textContent") else None)(
            lab.find_elements(By.CSS_SELECTOR, ".lab-compare")
        )
    )
    checks.check(
        "'Compare with' shows `compare`'s text",
        summary.get_attribute("textContent") == expected,
        summary.get_attribute("textContent")[:300],
    )
    steppers = lab.find_elements(By.CSS_SELECTOR, ".lab-result .lms-panel")
    checks.check("... and steps through both fresh records side by side", len(steppers) == 2, len(steppers))
    status_line = lab.find_element(By.CSS_SELECTOR, ".lab-status").text
    checks.check("... and names each step's move", "v0.09:" in status_line and "v0.07:" in status_line, status_line)
    kept_stepper_checks(checks, driver, lab)
    # "Why not?" under the fresh stepper.
    code, out, _ = native.run("explore", "v09", "--moves", "e2e4", "e7e5", "--depth", "3", "--why", "a2a3")
    lab.find_element(By.NAME, "why").send_keys("a2a3")
    lab.find_element(By.CSS_SELECTOR, ".lab-why-form button").click()
    answer = WebDriverWait(driver, 30).until(
        lambda d: (lambda text: text if text and text != "..." else None)(lab.find_element(By.CSS_SELECTOR, ".lab-why").get_attribute("textContent"))
    )
    checks.check("'Why not?' shows `explore --why`'s answer", code == 0 and answer == out, answer)
    lab.find_element(By.NAME, "why").clear()
    lab.find_element(By.NAME, "why").send_keys("e2e5")
    lab.find_element(By.CSS_SELECTOR, ".lab-why-form button").click()
    code, _, err = native.run("explore", "v09", "--moves", "e2e4", "e7e5", "--depth", "3", "--why", "e2e5")
    answer = WebDriverWait(driver, 30).until(
        lambda d: (lambda text: text if text.startswith("error") else None)(lab.find_element(By.CSS_SELECTOR, ".lab-why").get_attribute("textContent"))
    )
    # Both refuse the move; the page says so in its own words, naming its
    # question, where `explore` names its option.
    checks.check(
        "... and refuses an illegal move as `explore` does, in the page's words",
        code == 2
        and "'e2e5' is not a legal move" in err
        and "e2e5 is not a legal move in the position searched" in answer
        and '"Why not this move?"' in answer
        and "--why" not in answer,
        f"{answer!r} {err!r}",
    )
    # "Its own value": the move and the chosen one with the full window,
    # as `--why-value` prints it last.
    code, out, _ = native.run("explore", "v09", "--moves", "e2e4", "e7e5", "--depth", "3", "--why", "a2a3", "--why-value")
    lab.find_element(By.NAME, "why").clear()
    lab.find_element(By.NAME, "why").send_keys("a2a3")
    lab.find_element(By.NAME, "why-value").click()
    answer = WebDriverWait(driver, 30).until(
        lambda d: (lambda text: text if text.startswith("a2a3: ") else None)(lab.find_element(By.CSS_SELECTOR, ".lab-why").get_attribute("textContent"))
    )
    checks.check("'Its own value' shows `--why-value`'s line", code == 0 and answer == out.strip().splitlines()[-1], f"{answer!r} {out[-80:]!r}")
    errors = console_errors(driver)
    checks.check("the form: no console error", not errors, errors)


# The same two searches read whole in the page, as a chapter's records
# are (`lamosca.search` and `lamosca.facts`), in a stepper of their own
# beside the lab's, whose records stay in the worker.
WHOLE_TWIN = """
const done = arguments[arguments.length - 1];
const requests = arguments[0];
Promise.all(requests.map((request) => lamosca.search(request).then((events) => lamosca.facts(events).then((nodes) => ({events, nodes})))))
  .then((records) => {
    records.forEach((record, i) => { window.LaMoScaRecords[`whole-${i}`] = record; });
    const host = document.createElement("div");
    host.className = "lamosca-stepper whole-twin";
    host.dataset.record = records.map((_, i) => `whole-${i}`).join(" ");
    document.querySelector(".lab-result").append(host);
    LaMoScaStepper.start(host);
    done(true);
  }, (error) => done(error.message));
"""

# Keys that walk both steppers through cuts, swaps, into and out of nodes.
WALK = ["l"] * 4 + ["c", "j", "j", "l", "k", "s", "c", "c", "k", "l", "l", "j", "s", "k", "k", "h"]


def kept_stepper_checks(checks, driver, lab):
    """The lab's stepper, asking the worker, draws every step as the stepper of the same records read whole."""
    requests = [{"version": version, "moves": "e2e4 e7e5", "depth": 3} for version in ("v09", "v07")]
    made = driver.execute_async_script(WHOLE_TWIN, requests)
    checks.check("the same searches read whole make a stepper too", made is True, made)
    kept = lab.find_element(By.CSS_SELECTOR, ".lab-result .lamosca-stepper:not(.whole-twin)")
    whole = lab.find_element(By.CSS_SELECTOR, ".whole-twin")
    panels = lambda stepper: [p.get_attribute("textContent") for p in stepper.find_elements(By.CSS_SELECTOR, ".lms-panel")]
    differ, seen = [], set()
    for i, key in enumerate(WALK):
        whole.send_keys(key)
        kept.send_keys(key)
        step = whole.get_attribute("data-step")
        seen.add(step)
        WebDriverWait(driver, 10).until(lambda d: kept.get_attribute("data-step") == step)
        if panels(kept) != panels(whole):
            differ.append((i, key, step))
    checks.check(
        f"the lab's stepper, asking the worker, draws each of {len(WALK)} keys' steps as the same records read whole",
        not differ and len(panels(kept)) == 2 and len(seen) > 10, (differ, sorted(seen)),
    )


# A position of the test's own for problem 4 of issue 34: v0.07 at depth 4
# needs some 600,000 nodes here, v0.09 a few thousand; under a cap of
# 100,000 the page must compare them at depth 3, which both finish.
CAPPED = {"moves": "d2d4 d7d5 c1f4 g8f6", "depth": 4, "nodes": 100000}


def form_search(driver, lab, moves, depth, nodes, other):
    """Fills "Your position" and searches; returns the compare's text."""
    WebDriverWait(driver, 30).until(lambda d: lab.find_elements(By.CSS_SELECTOR, "[data-option]"))
    for name, value in (("moves", moves), ("depth", str(depth)), ("nodes", str(nodes))):
        box = lab.find_element(By.NAME, name)
        box.clear()
        box.send_keys(value)
    Select(lab.find_element(By.NAME, "compare")).select_by_value(other)
    lab.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    summary = WebDriverWait(driver, 120).until(
        lambda d: (lambda found: found[0] if found and found[0].get_attribute("textContent") else None)(
            lab.find_elements(By.CSS_SELECTOR, ".lab-compare")
        )
    )
    return summary.get_attribute("textContent")


def capped_compare_checks(checks, driver, server, native, workdir):
    """A step the cap stops, compared with one it does not: both are set
    side by side at the deepest depth both finished, and the compare is
    `compare`'s on the binaries' records at that depth."""
    open_chapter(driver, server.url + "v09-alphabeta.html")
    lab = driver.find_element(By.CSS_SELECTOR, ".lamosca-lab")
    text = form_search(driver, lab, CAPPED["moves"], CAPPED["depth"], CAPPED["nodes"], "v07")
    paths = []
    for version in ("v09", "v07"):
        code, record, err = native.run(STEPS[version][1], "search", "--moves", *CAPPED["moves"].split(), "--depth", "3", "--record", "-")
        path = Path(workdir) / f"capped-{version}.jsonl"
        path.write_text(record)
        paths.append(str(path))
    code, expected, err = native.run("compare", *paths)
    checks.check("a capped step beside an uncapped one is compared at the depth both finished, as `compare` does", code == 0 and text == expected, f"{text[:400]!r} {expected[:400]!r} {err}")
    checks.check("... and shows no false difference: the root values agree", "The root values agree" in text, text[:300])
    status_line = lab.find_element(By.CSS_SELECTOR, ".lab-status").text
    checks.check(
        "... and the status says which depth stopped and which is shown",
        "v0.07: " in status_line and "(depth 3 finished, depth 4 stopped at the node cap of 100000 after " in status_line
        and "it finished depth 4 too; shown at depth 3" in status_line,
        status_line,
    )
    steppers = lab.find_elements(By.CSS_SELECTOR, ".lab-result .lms-panel")
    checks.check("... and steps through both, side by side", len(steppers) == 2, len(steppers))
    marks = [m.text for m in lab.find_elements(By.CSS_SELECTOR, ".lab-result .lms-mark") if "not in" in m.text]
    checks.check("... and never says a move is 'not in' a step", not marks, marks)
    errors = console_errors(driver)
    checks.check("capped compare: no console error", not errors, errors)


def wrap_checks(checks, server):
    """At 1280 pixels, the long lines of "Why not?" and "Compare with" wrap
    inside the page instead of running past its right edge."""
    driver = open_browser(width=1280)
    try:
        open_chapter(driver, server.url + "v10-quiescence.html")
        lab = driver.find_element(By.CSS_SELECTOR, ".lamosca-lab")
        form_search(driver, lab, "e2e4 d7d5 e4d5", 3, 200000, "v09")
        lab.find_element(By.NAME, "why").send_keys("c8g4")
        lab.find_element(By.CSS_SELECTOR, ".lab-why-form button").click()
        WebDriverWait(driver, 30).until(
            lambda d: (lambda text: text and text != "...")(lab.find_element(By.CSS_SELECTOR, ".lab-why").get_attribute("textContent"))
        )
        for selector in (".lab-why", ".lab-compare", ".lab-status"):
            element = lab.find_element(By.CSS_SELECTOR, selector)
            overflow = driver.execute_script(
                "const e = arguments[0], box = e.getBoundingClientRect(), page = e.closest('.content').getBoundingClientRect();"
                "return [e.scrollWidth - e.clientWidth, box.right - page.right];",
                element,
            )
            checks.check(f"at 1280 pixels, {selector} wraps within the page", overflow[0] <= 1 and overflow[1] <= 1, overflow)
        errors = console_errors(driver)
        checks.check("wrapping: no console error", not errors, errors)
    finally:
        driver.quit()


def why_checks(checks, driver, server, native, version, positions):
    """`lamosca.why` on the page's record equals what
    `explore STEP ... --why MOVE` prints, for the move chosen and another."""
    page, binary, option_sets = STEPS[version]
    open_chapter(driver, server.url + page)
    for name, fen, moves in positions:
        given, depth = option_sets[0]
        request = {"version": version, "depth": depth, "moves": moves, "nodes": MAX_NODES}
        if fen:
            request["fen"] = fen
        status, record = call(driver, "search", request)
        best = json.loads(record.splitlines()[-1])["best"]
        legal = native.legal_moves(binary, fen, moves)
        for move in sorted({best, legal[0]} - {None}):
            args = [version, *position_args(fen, moves), "--depth", str(depth), "--why", move]
            code, out, err = native.run("explore", *args)
            expected = out if code == 0 else err
            status, answer = call(driver, "why", record, move)
            checks.check(
                f"{version} {name}: why not {move} is `explore {version} --why {move}`",
                code == 0 and status == "ok" and answer == expected,
                f"page {answer!r}, binary {expected!r}",
            )
    errors = console_errors(driver)
    checks.check(f"{version} why not: no console error", not errors, errors)


def mistake_checks(checks, driver, server, native):
    open_chapter(driver, server.url + "v11-lazy.html")
    mistakes = MISTAKES + [("a switch's value out of range", {"options": {"Margin": 9999}}, ["--margin", "9999"])]
    for name, request, args in mistakes:
        code, _, err = native.run("lamosca-v11-lazy", "search", *args)
        status, words = call(driver, "search", {"version": "v11", **request})
        checks.check(
            f"{name}: the page gives the binary's words",
            code == 2 and status == "error" and words == err.strip(),
            f"page {words!r}, binary {err.strip()!r}",
        )
    # The form says the same.
    lab = driver.find_element(By.CSS_SELECTOR, ".lamosca-lab")
    WebDriverWait(driver, 30).until(lambda d: lab.find_elements(By.CSS_SELECTOR, "[data-option]"))
    lab.find_element(By.NAME, "fen").send_keys("8/8/8/8 w - -")
    lab.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    _, _, err = native.run("lamosca-v11-lazy", "search", "--fen", "8/8/8/8 w - -")
    WebDriverWait(driver, 30).until(lambda d: lab.find_element(By.CSS_SELECTOR, ".lab-status").text.startswith("error"))
    shown = lab.find_element(By.CSS_SELECTOR, ".lab-status").text
    checks.check("the form shows a bad FEN's words", shown == err.strip(), shown)
    lab.find_element(By.NAME, "fen").clear()
    nodes = lab.find_element(By.NAME, "nodes")
    nodes.clear()
    nodes.send_keys("2000000")
    lab.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    WebDriverWait(driver, 30).until(lambda d: "more than the page can hold" in lab.find_element(By.CSS_SELECTOR, ".lab-status").text)
    shown = lab.find_element(By.CSS_SELECTOR, ".lab-status").text
    checks.check("the form refuses a cap it cannot hold, in words", shown.startswith("error: a node cap of 2000000 is more than the page can hold"), shown)
    nodes.clear()
    nodes.send_keys("200000")

    status, outcome = call(driver, "run", "log", {"version": "v07", "depth": 5, "nodes": 5000})
    _, whole, _ = native.run("lamosca-v07", "search", "--depth", "2")
    checks.check(
        "a depth the cap stops is not shown: the deepest that finished is, the binary's",
        status == "ok" and outcome["depth"] == 2 and outcome["text"] == whole,
        outcome,
    )
    checks.check(
        "... and the page says which depth stopped, after how many nodes, and where",
        status == "ok" and outcome["stopped"].startswith("depth 2 finished, depth 3 stopped at the node cap of 5000 after ")
        and " nodes, in the line " in outcome["stopped"],
        outcome,
    )
    status, outcome = call(driver, "run", "search", {"version": "v09", "depth": 20})
    report = json.loads(outcome["text"].splitlines()[-1]) if status == "ok" else {}
    checks.check(
        "depth 20 at the default cap answers with a move, from a depth that finished",
        status == "ok" and report.get("best") and outcome["depth"] >= 3
        and outcome["stopped"].startswith(f"depth {outcome['depth']} finished, depth {outcome['depth'] + 1} stopped at the node cap of 200000 "),
        {**outcome, "text": outcome.get("text", "")[-300:]} if status == "ok" else outcome,
    )
    status, words = call(driver, "search", {"version": "v07", "depth": 20, "nodes": 2000000})
    checks.check(
        "a cap the page cannot hold is refused, with the reason",
        status == "error" and words.startswith("error: a node cap of 2000000 is more than the page can hold: ")
        and "at most 500000 nodes" in words,
        words,
    )
    status, outcome = call(driver, "run", "search", {"version": "v09", "depth": 2})
    checks.check("an uncapped search says nothing of the cap", status == "ok" and outcome["stopped"] is None, outcome)
    errors = console_errors(driver)
    checks.check("bad input: no console error", not errors, errors)


def play_checks(checks, driver, server, native, version, rng):
    """A whole game on the play page against `version`: the reader's side
    clicks random legal moves until the game ends by the rules; every move
    of both sides must be legal (the binary replays them)."""
    driver.get(server.url + "play.html")
    play = WebDriverWait(driver, 30).until(lambda d: d.find_element(By.CSS_SELECTOR, ".lamosca-play"))
    # The steps to play against come from the module: wait for the list.
    WebDriverWait(driver, 30).until(lambda d: play.find_elements(By.CSS_SELECTOR, f"select[name=version] option[value={version}]"))
    Select(play.find_element(By.NAME, "version")).select_by_value(version)
    budget = play.find_element(By.NAME, "nodes")
    budget.clear()
    budget.send_keys("3000")
    play.find_element(By.NAME, "new").click()
    plies = 0
    while plies < 400:
        WebDriverWait(driver, 60).until(
            lambda d: play.get_attribute("data-over")
            or play.find_element(By.CSS_SELECTOR, ".play-status").text.startswith("Your move")
        )
        if play.get_attribute("data-over"):
            break
        moves = play.get_attribute("data-moves") or ""
        legal = native.legal_moves(STEPS[version][1], None, moves)
        choice = rng.choice(legal)
        play.find_element(By.CSS_SELECTOR, f"[data-square='{choice[:2]}']").click()
        if len(choice) == 5:
            Select(play.find_element(By.NAME, "promotion")).select_by_value(choice[4])
        play.find_element(By.CSS_SELECTOR, f"[data-square='{choice[2:4]}']").click()
        WebDriverWait(driver, 60).until(lambda d: (play.get_attribute("data-moves") or "") != moves)
        plies = len((play.get_attribute("data-moves") or "").split())
    over = play.get_attribute("data-over")
    moves = (play.get_attribute("data-moves") or "").split()
    code, _, err = native.run(STEPS[version][1], "perft", "1", "--moves", *moves)
    checks.check(f"a game against {version} ends by the rules ({over}, {len(moves)} plies)", bool(over), moves)
    checks.check(f"... and every move of it is legal", code == 0, err)
    pgn = play.find_element(By.CSS_SELECTOR, ".play-pgn").get_attribute("value")
    status, state = call(driver, "game", {"version": version, "moves": moves})
    checks.check("... and its PGN ends with the result", status == "ok" and pgn.rstrip().endswith(state["result"]) and state["over"] == over, pgn[-200:])
    errors = console_errors(driver)
    checks.check(f"the play page against {version}: no console error", not errors, errors)


def play_marks_checks(checks, driver, server, native):
    """The play page's board: its coordinates, the last move marked, and a
    word for a click that is no legal move."""
    driver.get(server.url + "play.html")
    play = WebDriverWait(driver, 30).until(lambda d: d.find_element(By.CSS_SELECTOR, ".lamosca-play"))
    WebDriverWait(driver, 30).until(lambda d: play.find_elements(By.CSS_SELECTOR, "select[name=version] option[value=v09]"))
    Select(play.find_element(By.NAME, "version")).select_by_value("v09")
    budget = play.find_element(By.NAME, "nodes")
    budget.clear()
    budget.send_keys("2000")
    play.find_element(By.NAME, "new").click()
    WebDriverWait(driver, 60).until(lambda d: play.find_element(By.CSS_SELECTOR, ".play-status").text.startswith("Your move"))
    ranks = play.find_element(By.CSS_SELECTOR, ".play-ranks").text.split()
    files = play.find_element(By.CSS_SELECTOR, ".play-files").text.split()
    checks.check("the play board shows its coordinates", ranks == list("87654321") and files == list("abcdefgh"), (ranks, files))
    word = lambda: play.find_element(By.CSS_SELECTOR, ".play-word").text
    play.find_element(By.CSS_SELECTOR, "[data-square='e5']").click()
    checks.check("a click on a square no move starts from gets a word", word() == "No legal move of yours starts on e5.", word())
    play.find_element(By.CSS_SELECTOR, "[data-square='e2']").click()
    play.find_element(By.CSS_SELECTOR, "[data-square='e5']").click()
    checks.check(
        "an illegal destination gets a word, with the squares the piece can go to",
        word() == "e2-e5 is not a legal move: from e2 you can go to e3, e4.",
        word(),
    )
    checks.check("... and plays nothing", (play.get_attribute("data-moves") or "") == "", play.get_attribute("data-moves"))
    play.find_element(By.CSS_SELECTOR, "[data-square='e2']").click()
    play.find_element(By.CSS_SELECTOR, "[data-square='e4']").click()
    WebDriverWait(driver, 60).until(lambda d: len((play.get_attribute("data-moves") or "").split()) == 2)
    reply = play.get_attribute("data-moves").split()[1]
    marked = sorted(e.get_attribute("data-square") for e in play.find_elements(By.CSS_SELECTOR, ".play-square.last"))
    checks.check("the last move's two squares are marked", marked == sorted([reply[:2], reply[2:4]]), (reply, marked))
    checks.check("... and the word is gone", word() == "", word())
    errors = console_errors(driver)
    checks.check("the play board's marks: no console error", not errors, errors)


def file_checks(checks, driver, site):
    driver.get((site / "v09-alphabeta.html").as_uri())
    note = WebDriverWait(driver, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".lamosca-lab .lab-note"))
    checks.check("opened as a file, the page says the live engines are off", "opened as a file" in note.text, note.text)
    checks.check(
        "... and its recorded stepper still steps",
        len(driver.find_elements(By.CSS_SELECTOR, ".lamosca-stepper .lms-panel")) >= 1,
    )
    errors = console_errors(driver)
    checks.check("opened as a file: no console error", not errors, errors)


def no_wasm_checks(checks, server):
    """A browser without WebAssembly: the same note, served or not."""
    driver = open_browser()
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": "delete window.WebAssembly;"})
        driver.get(server.url + "v11-lazy.html")
        note = WebDriverWait(driver, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".lamosca-lab .lab-note"))
        checks.check("without WebAssembly, the page says the live engines are off", "no WebAssembly" in note.text, note.text)
        checks.check(
            "... and its recorded stepper still steps",
            len(driver.find_elements(By.CSS_SELECTOR, ".lamosca-stepper .lms-panel")) >= 1,
        )
        errors = console_errors(driver)
        checks.check("without WebAssembly: no console error", not errors, errors)
    finally:
        driver.quit()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "book" / "html", help="the built book, with its module")
    parser.add_argument("--bin-dir", type=Path, default=ROOT / "target" / "debug", help="where the step binaries are")
    args = parser.parse_args()
    site = args.site.resolve()
    native = Native(args.bin_dir.resolve())
    if not (site / "lab" / "pkg" / "lamosca_lab_bg.wasm").is_file():
        print(f"FAIL the lab's module is not in {site}/lab/pkg: run book/lab/build.sh, then mdbook build book")
        return 1

    rng = random.Random(SEED)
    positions = POSITIONS + random_positions(native, RANDOM_POSITIONS, rng)
    server = Server(site)
    driver = open_browser()
    driver.set_script_timeout(120)
    checks = Checks()
    started = time.time()
    try:
        for version in STEPS:
            checks.run(f"{version}'s positions", step_checks, driver, server, native, version, positions)
        for version in STEPS:
            checks.run(f"{version}'s why not", why_checks, driver, server, native, version, positions[:4])
        with tempfile.TemporaryDirectory(prefix="lab-test-") as workdir:
            checks.run("compare", compare_checks, driver, server, native, workdir)
            checks.run("a capped step compared", capped_compare_checks, driver, server, native, workdir)
        checks.run("long lines wrap", wrap_checks, server)
        checks.run("bad input", mistake_checks, driver, server, native)
        checks.run("the play board's marks", play_marks_checks, driver, server, native)
        for version in ("v07", "v11"):
            checks.run(f"a game against {version}", play_checks, driver, server, native, version, rng)
        checks.run("the page as a file", file_checks, driver, site)
        checks.run("a browser without WebAssembly", no_wasm_checks, server)
    finally:
        driver.quit()
        server.close()
    print(f"{checks.passed} passed, {len(checks.failed)} failed ({time.time() - started:.0f} s)")
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
