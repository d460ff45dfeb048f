"""The search stepper, tested as a reader uses it: in headless Chromium.

    python3 book/stepper/test/browser_test.py [--site book/html]

1. It builds a small test book with mdBook (the real book's `book.toml`
   settings for the stepper, and `fixture-records.js`, whose records are
   not shown in the book's chapters) and opens its pages as files.
2. On the fixture page it presses the stepper's keys ("next cut", "next
   swap", step, into, out, reset) and checks what the page shows (the path,
   the move, the window) against what the record says, read here in Python
   independently of the viewer; it checks that the keys act only while the
   stepper has focus, that two records step in lockstep by path, and that a
   missing record is reported on the page and in the console.
3. It loads every page of the built book (`--site`, default `book/html`)
   that holds a stepper, checks that each stepper renders, and runs the same
   "next cut" / "next swap" checks on each page's first stepper. Pages named
   in `REQUIRED_PAGES` must hold a stepper.

Any JavaScript error in the console fails the test (but on the one page
made to show the error). It prints `N passed, N failed` and exits 1 on a
failure.

    python3 book/stepper/test/browser_test.py --screenshots DIR
        also saves screenshots of the fixture page (light and coal themes,
        800 and 420 pixels wide, at a few steps)
    python3 book/stepper/test/browser_test.py --measure
        prints the time from navigation start to drawn steppers instead
"""

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

HERE = Path(__file__).resolve().parent
BOOK = HERE.parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Built pages that must hold a stepper: the four step chapters.
# The chapter whose stepper must show a cut and a swap.
CUT_AND_SWAP_PAGE = "v09-alphabeta.html"
REQUIRED_PAGES = [
    "v07-negamax.html",
    "v09-alphabeta.html",
    "v10-quiescence.html",
    "v11-lazy.html",
]

FIXTURE_PAGE = """# Stepper test page

<script src="fixture-records.js"></script>

One record:

<div class="lamosca-stepper" data-record="fixture-alphabeta">

```text
the static excerpt of the alpha-beta search
```

</div>

Two records in lockstep, NegaMax leading:

<div class="lamosca-stepper" data-record="fixture-negamax fixture-alphabeta">

```text
the static excerpt of both searches
```

</div>
"""

BROKEN_PAGE = """# A stepper without its record

<div class="lamosca-stepper" data-record="no-such-record">

```text
the static excerpt stays
```

</div>
"""


# 1. The test book.


def build_test_book(workdir):
    """Builds the fixture book with the real book's stepper settings; returns its html folder."""
    config = tomllib.loads((BOOK / "book.toml").read_text())
    html = config["output"]["html"]
    files = html.get("additional-js", []) + html.get("additional-css", [])
    root = Path(workdir) / "book"
    (root / "src").mkdir(parents=True)
    for name in files:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(BOOK / name, root / name)
    shutil.copy(HERE / "fixture-records.js", root / "src" / "fixture-records.js")
    (root / "src" / "SUMMARY.md").write_text("# Summary\n\n- [Stepper](stepper.md)\n- [Broken](broken.md)\n")
    (root / "src" / "stepper.md").write_text(FIXTURE_PAGE)
    (root / "src" / "broken.md").write_text(BROKEN_PAGE)
    toml = ["[book]", 'title = "Stepper test"', 'src = "src"', "", "[output.html]"]
    toml.append("additional-js = " + json.dumps(html.get("additional-js", [])))
    toml.append("additional-css = " + json.dumps(html.get("additional-css", [])))
    (root / "book.toml").write_text("\n".join(toml) + "\n")
    subprocess.run(["mdbook", "build", str(root)], check=True, capture_output=True)
    return root / "book"


# 2. What a record says, read independently of the viewer.


class Record:
    def __init__(self, registered):
        # A record comes with its facts, `{events, nodes}`; this reads only
        # the events, to check the page's facts against them.
        events = [json.loads(line) for line in registered["events"].splitlines() if line.strip()]
        self.header = events[0]
        self.steps = events[1:-1] if events[-1]["event"] == "report" else events[1:]
        self.nodes = {e["id"]: e for e in self.steps if e["event"] == "node"}

    def path(self, node_id):
        moves = []
        node = self.nodes[node_id]
        while node["parent"] is not None:
            if node["move"] is not None:  # else the parent searched again inside itself
                moves.append(node["move"])
            node = self.nodes[node["parent"]]
        return " ".join(reversed(moves)) or "(root)"

    def next_step(self, kind, after):
        return next(i for i, e in enumerate(self.steps) if i > after and e["event"] == kind)

    def window(self, node_id):
        node = self.nodes[node_id]
        return node.get("alpha"), node.get("beta")


# 3. The browser.


def open_browser(width=1000):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tempfile.mkdtemp(prefix='stepper-chromium-')}")
    options.add_argument(f"--window-size={width},1400")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))


# mdBook's playground asks play.rust-lang.org for its crate list on pages with
# Rust code; offline (CI, files) that request fails, which is not the stepper's.
PLAYGROUND = "play.rust-lang.org"


def console_errors(driver):
    errors = [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    if any(PLAYGROUND in error for error in errors):
        errors = [e for e in errors if PLAYGROUND not in e and not e.endswith("Failed to fetch")]
    return errors


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = []

    def run(self, name, checks, *args):
        """Runs a group of checks; a page that breaks the driver (an element
        gone, a page turned) fails the group instead of stopping the test."""
        try:
            checks(self, *args)
        except WebDriverException as error:
            self.check(f"{name} could be driven to the end", False, error.msg)

    def check(self, name, condition, detail=""):
        if condition:
            self.passed += 1
            print(f"ok   {name}")
        else:
            self.failed.append(name)
            print(f"FAIL {name} {detail}")


def text(element, selector):
    return element.find_element(By.CSS_SELECTOR, selector).text.strip()


def press(driver, stepper, *keys):
    for key in keys:
        stepper.send_keys(key)


def leading_panel(stepper):
    return stepper.find_element(By.CSS_SELECTOR, ".lms-panel")


def shows_step(checks, name, stepper, record, step, move):
    """Checks the leading panel against the record at `step`, whose event is about `move`."""
    event = record.steps[step]
    node_id = event["node"]
    alpha, beta = record.window(node_id)
    panel = leading_panel(stepper)
    checks.check(f"{name}: the step", stepper.get_attribute("data-step") == str(step),
                 f"shows {stepper.get_attribute('data-step')}, the record's is {step}")
    checks.check(f"{name}: the path", text(panel, ".lms-path-moves") == record.path(node_id),
                 f"shows {text(panel, '.lms-path-moves')!r}, the record's is {record.path(node_id)!r}")
    current = [row.find_element(By.CSS_SELECTOR, ".lms-move").text for row in panel.find_elements(By.CSS_SELECTOR, "tr.lms-current")]
    checks.check(f"{name}: the move", current == [move], f"marks {current}, the record's is {move}")
    if alpha is not None:
        window = text(panel, ".lms-window-text")
        checks.check(f"{name}: the window", window.startswith(f"α = {alpha}, β = {beta}"),
                     f"shows {window!r}, the record's is ({alpha}, {beta})")
    status = text(panel, ".lms-status")
    checks.check(f"{name}: the node", status.startswith(f"node {node_id} of {len(record.nodes)}"), status)


def next_cut_and_swap(checks, driver, stepper, record, name):
    """Presses "next cut" then "next swap" from the start and checks both stops."""
    stepper.click()
    press(driver, stepper, Keys.HOME)
    if any(e["event"] == "cut" for e in record.steps):
        cut = record.next_step("cut", 0)
        press(driver, stepper, "c")
        shows_step(checks, f"{name}, next cut", stepper, record, cut, record.steps[cut]["move"])
        rows = leading_panel(stepper).find_elements(By.CSS_SELECTOR, "tr.lms-cut .lms-move")
        checks.check(f"{name}, next cut: the cutting move is marked",
                     [r.text for r in rows] == [record.steps[cut]["move"]], [r.text for r in rows])
    else:
        cut = 0
    if any(e["event"] == "swap" and i > cut for i, e in enumerate(record.steps)):
        swap = record.next_step("swap", cut)
        press(driver, stepper, "s")
        shows_step(checks, f"{name}, next swap", stepper, record, swap, record.steps[swap]["in"])


def renders(checks, stepper, name):
    checks.check(f"{name}: renders", "lms-ready" in stepper.get_attribute("class")
                 and not stepper.find_elements(By.CSS_SELECTOR, ".lms-error"))
    boards = stepper.find_elements(By.CSS_SELECTOR, "svg.lms-board")
    panels = stepper.find_elements(By.CSS_SELECTOR, ".lms-panel")
    checks.check(f"{name}: one board per record", len(boards) == len(panels) > 0, f"{len(boards)} boards")
    # Two panels side by side (the page is wide enough for both in a row)
    # start their boards level, whatever each panel holds below.
    lefts = [board.rect["x"] for board in boards]
    if len(boards) == 2 and lefts[0] != lefts[1] and not stepper.find_elements(By.CSS_SELECTOR, ".lms-missing"):
        tops = [round(board.rect["y"]) for board in boards]
        checks.check(f"{name}: the two boards are level", tops[0] == tops[1], f"tops {tops}")
    for button in stepper.find_elements(By.CSS_SELECTOR, ".lms-controls button"):
        checks.check(f"{name}: button {button.get_attribute('data-control')} is labelled",
                     bool(button.get_attribute("aria-label")) and bool(button.get_attribute("aria-keyshortcuts")))


# 4. The fixture page.


def fixture_checks(checks, driver, site):
    driver.get((site / "stepper.html").as_uri())
    records = {name: Record(raw) for name, raw in driver.execute_script("return window.LaMoScaRecords").items()}
    alphabeta, negamax = records["fixture-alphabeta"], records["fixture-negamax"]
    single, pair = driver.find_elements(By.CSS_SELECTOR, ".lamosca-stepper")
    renders(checks, single, "one record")
    renders(checks, pair, "two records")
    checks.check("the static excerpt is kept, folded",
                 "static excerpt" in single.find_element(By.CSS_SELECTOR, "details.lms-fallback").get_attribute("textContent"))

    next_cut_and_swap(checks, driver, single, alphabeta, "one record")
    # mdBook 0.5 prefixes its own ids with `mdbook-`.
    search_hidden = "return document.getElementById('mdbook-search-wrapper').classList.contains('hidden')"
    checks.check("S moves the stepper, not mdBook's search", driver.execute_script(search_hidden))

    # The board shows the position at the node: every piece of the FEN the
    # record's facts give for it (the Rust tests check that FEN).
    node_id = int(text(leading_panel(single), ".lms-status").split()[1])
    fen = driver.execute_script(
        "return window.LaMoScaRecords['fixture-alphabeta'].nodes[arguments[0] - 1].fen;", node_id)
    expected = sum(ch.isalpha() for ch in fen.split()[0])
    pieces = single.find_elements(By.CSS_SELECTOR, ".lms-panel svg.lms-board text[fill='#000']")
    checks.check("the board draws every piece of the node's position", len(pieces) == expected,
                 f"{len(pieces)} pieces drawn, {expected} expected")
    press(driver, single, Keys.ARROW_DOWN)
    tints = single.find_elements(By.CSS_SELECTOR, ".lms-panel .lms-last-move")
    checks.check("into a child: the last move is tinted", len(tints) == 2, f"{len(tints)} tinted squares")

    # Step, back, into, out and reset.
    press(driver, single, Keys.HOME)
    checks.check("reset goes to the first step", single.get_attribute("data-step") == "0")
    press(driver, single, Keys.ARROW_DOWN)
    first_child = next(i for i, e in enumerate(alphabeta.steps) if e["event"] == "node" and e["parent"] == 1)
    checks.check("into enters the root's first child", single.get_attribute("data-step") == str(first_child))
    press(driver, single, Keys.ARROW_UP)
    returns = next(i for i, e in enumerate(alphabeta.steps) if e["event"] == "result" and e["node"] == alphabeta.steps[first_child]["id"])
    checks.check("out goes on to where the child returns", single.get_attribute("data-step") == str(returns))
    checks.check("... and shows the root again", text(leading_panel(single), ".lms-path-moves") == "(root)")
    press(driver, single, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_LEFT)
    checks.check("step and back", single.get_attribute("data-step") == str(returns + 1))
    time.sleep(0.5)  # mdBook would have turned the page by now
    checks.check("the arrow keys do not turn the page while the stepper has focus",
                 driver.current_url.endswith("/stepper.html"), driver.current_url)

    # Play steps on by itself until paused.
    press(driver, single, Keys.HOME, "p")
    time.sleep(2.5)
    press(driver, single, "p")
    played = int(single.get_attribute("data-step"))
    time.sleep(1.5)
    checks.check("play steps on, pause stops", played >= 2 and single.get_attribute("data-step") == str(played),
                 f"played to {played}, then {single.get_attribute('data-step')}")

    # Keys act only while the stepper has focus.
    driver.find_element(By.CSS_SELECTOR, "main h1").click()
    driver.execute_script("document.activeElement.blur()")
    before = single.get_attribute("data-step")
    driver.find_element(By.TAG_NAME, "body").send_keys("c")
    checks.check("keys do nothing while the stepper has no focus", single.get_attribute("data-step") == before)
    driver.find_element(By.TAG_NAME, "body").send_keys("s")
    checks.check("... and S opens mdBook's search again", not driver.execute_script(search_hidden))
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)

    # The buttons do what the keys do.
    single.find_element(By.CSS_SELECTOR, "button.lms-reset").click()
    single.find_element(By.CSS_SELECTOR, "button.lms-next-cut").click()
    checks.check("the next-cut button", single.get_attribute("data-step") == str(alphabeta.next_step("cut", 0)))

    # Two records: step NegaMax into a branch alpha-beta never visits.
    visited = {alphabeta.path(i) for i in alphabeta.nodes}
    pruned = next(i for i, e in enumerate(negamax.steps) if e["event"] == "node" and negamax.path(e["id"]) not in visited)
    pair.click()
    press(driver, pair, Keys.HOME, *[Keys.ARROW_RIGHT] * pruned)
    leader, follower = pair.find_elements(By.CSS_SELECTOR, ".lms-panel")
    path = negamax.path(negamax.steps[pruned]["id"])
    checks.check("lockstep: NegaMax leads to the step", pair.get_attribute("data-step") == str(pruned))
    checks.check("lockstep: the leader shows the path", text(leader, ".lms-path-moves") == path)
    checks.check("lockstep: alpha-beta's panel says it never visits the path",
                 "lms-missing" in follower.get_attribute("class") and path in text(follower, ".lms-missing-note"),
                 text(follower, ".lms-missing-note") if follower.find_elements(By.CSS_SELECTOR, ".lms-missing-note") else "no note")
    press(driver, pair, Keys.ARROW_UP)
    greyed = [r.text for r in leader.find_elements(By.CSS_SELECTOR, "tr.lms-other-skips .lms-move")]
    checks.check("lockstep: at the parent, the moves alpha-beta skips are greyed",
                 path.split()[-1] in greyed, f"greyed {greyed}")
    press(driver, pair, Keys.HOME)
    leader, follower = pair.find_elements(By.CSS_SELECTOR, ".lms-panel")
    checks.check("lockstep: both start at the root",
                 text(leader, ".lms-path-moves") == text(follower, ".lms-path-moves") == "(root)")

    errors = console_errors(driver)
    checks.check("the fixture page logs no JavaScript error", not errors, errors)

    # A missing record: the excerpt stays, the page and the console say why.
    driver.get((site / "broken.html").as_uri())
    stepper = driver.find_element(By.CSS_SELECTOR, ".lamosca-stepper")
    checks.check("a missing record is reported on the page", "no-such-record" in text(stepper, ".lms-error"))
    checks.check("... and the static excerpt stays", "static excerpt stays" in stepper.text)
    errors = console_errors(driver)
    checks.check("... and in the console", len(errors) == 1 and "no-such-record" in errors[0], errors)


# 5. The book's own pages.


def loaded(driver, css, seconds=10):
    """The elements `css` finds once the page has loaded, waiting up to
    `seconds`: on a loaded machine a page has been read before it was."""
    deadline = time.monotonic() + seconds
    while True:
        found = driver.find_elements(By.CSS_SELECTOR, css)
        complete = driver.execute_script("return document.readyState") == "complete"
        if (found and complete) or time.monotonic() > deadline:
            return found
        time.sleep(0.2)


def page_records(driver, lead, seconds=10):
    """The records the page registered, read again until `lead`'s is among
    them or `seconds` pass: on a loaded machine one reading of a page with
    big records has come back without them, though the steppers drew."""
    deadline = time.monotonic() + seconds
    while True:
        raw = driver.execute_script("return window.LaMoScaRecords") or {}
        if lead in raw or time.monotonic() > deadline:
            return {n: Record(r) for n, r in raw.items()}
        time.sleep(0.2)


def book_checks(checks, driver, site):
    pages = sorted(p for p in site.rglob("*.html") if 'class="lamosca-stepper' in p.read_text(errors="replace"))
    print(f"..   {len(pages)} page(s) of {site} hold a stepper")
    for required in REQUIRED_PAGES:
        checks.check(f"{required} holds a stepper", site / required in pages)
    for page in pages:
        name = page.relative_to(site).as_posix()
        driver.get(page.as_uri())
        steppers = loaded(driver, ".lamosca-stepper")
        checks.check(f"{name}: its steppers are on the page", bool(steppers))
        if not steppers:
            continue
        for i, stepper in enumerate(steppers):
            renders(checks, stepper, f"{name} stepper {i + 1}")
        first = steppers[0]
        lead = first.get_attribute("data-record").split()[0]
        records = page_records(driver, lead)
        checks.check(f"{name}: the first stepper's record {lead} is on the page", lead in records)
        if lead in records:
            if name == CUT_AND_SWAP_PAGE:
                events = {e["event"] for e in records[lead].steps}
                checks.check(f"{name}: the record has a cut and a swap to step to",
                             {"cut", "swap"} <= events, sorted(events))
            next_cut_and_swap(checks, driver, first, records[lead], f"{name} stepper 1")
        errors = console_errors(driver)
        checks.check(f"{name} logs no JavaScript error", not errors, errors)


# 6. Screenshots and the load figure.


THEMES = ["light", "rust", "coal", "navy", "ayu"]


def screenshots(driver, site, folder):
    """One record at its first cut and first swap, two records deep in a pruned branch."""
    folder.mkdir(parents=True, exist_ok=True)
    shots = [(theme, 1000) for theme in THEMES] + [("light", 420), ("coal", 420)]
    for theme, width in shots:
        driver.set_window_size(width, 1400)
        driver.get((site / "stepper.html").as_uri())
        driver.execute_script(
            "const html = document.documentElement; html.classList.remove(...arguments[0]);"
            "html.classList.add(arguments[1]);", THEMES, theme)
        single, pair = driver.find_elements(By.CSS_SELECTOR, ".lamosca-stepper")
        single.click()
        for keys, name in ((["c"], "cut"), (["s"], "swap")):
            press(driver, single, *keys)
            driver.execute_script("arguments[0].scrollIntoView()", single)
            single.screenshot(str(folder / f"one-{name}-{theme}-{width}.png"))
        pair.click()
        press(driver, pair, *[Keys.ARROW_RIGHT] * 30)
        driver.execute_script("arguments[0].scrollIntoView()", pair)
        pair.screenshot(str(folder / f"two-{theme}-{width}.png"))
    book_site = BOOK / "html"
    for page in REQUIRED_PAGES if book_site.is_dir() else []:
        for theme, width in (("light", 1000), ("coal", 1000), ("navy", 420)):
            driver.set_window_size(width, 1400)
            driver.get((book_site / page).as_uri())
            driver.execute_script(
                "const html = document.documentElement; html.classList.remove(...arguments[0]);"
                "html.classList.add(arguments[1]);", THEMES, theme)
            stepper = driver.find_element(By.CSS_SELECTOR, ".lamosca-stepper")
            stepper.click()
            press(driver, stepper, *[Keys.ARROW_RIGHT] * 12)
            driver.execute_script("arguments[0].scrollIntoView()", stepper)
            stepper.screenshot(str(folder / f"{page[:-5]}-{theme}-{width}.png"))
    print(f"..   screenshots in {folder}")


def measure(driver, site):
    book_site = BOOK / "html"
    for page in REQUIRED_PAGES if book_site.is_dir() else []:
        times = []
        for _ in range(5):
            driver.get((book_site / page).as_uri())
            times.append(driver.execute_script(
                "return performance.getEntriesByName('lamosca-steppers-drawn')[0].startTime;"))
        print("%s: steppers drawn %.1f ms after navigation start (median of 5)"
              % (page, sorted(times)[2]))
    for _ in range(5):
        driver.get((site / "stepper.html").as_uri())
        drawn = driver.execute_script(
            "const mark = (name) => performance.getEntriesByName(name)[0].startTime;"
            "const n = performance.getEntriesByType('navigation')[0];"
            "const drawn = mark('lamosca-steppers-drawn');"
            "return [drawn, drawn - mark('lamosca-steppers-start'), n.loadEventEnd];")
        print("steppers drawn %.1f ms after navigation start, %.1f ms of it drawing them (load event ends at %.1f ms)"
              % tuple(drawn))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=BOOK / "html", help="the built book to check")
    parser.add_argument("--screenshots", type=Path, help="save screenshots of the fixture page here")
    parser.add_argument("--measure", action="store_true", help="print the time to drawn steppers")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="stepper-book-") as workdir:
        site = build_test_book(workdir)
        driver = open_browser()
        try:
            if args.measure:
                measure(driver, site)
                return 0
            checks = Checks()
            checks.run("the fixture page", fixture_checks, driver, site)
            if args.site.is_dir():
                checks.run("the book's pages", book_checks, driver, args.site.resolve())
            else:
                checks.check(f"the built book is at {args.site}", False)
            if args.screenshots:
                screenshots(driver, site, args.screenshots)
        finally:
            driver.quit()
    print(f"{checks.passed} passed, {len(checks.failed)} failed")
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
