"""The exercise mode of the step chapters, tested as a learner uses it: in
headless Chromium, on the built book.

    python3 book/stepper/test/exercise_browser_test.py [--site book/html]

For each step chapter it reads the answers here, independently of the page:
each hole's lines, between the bare markers `// ANCHOR: hole_NAME` and
`// ANCHOR_END: hole_NAME` of the step's files that `holes.toml` names.
A line counts as an answer when it is long enough to give something away
(12 characters without its indentation) and stands nowhere else in the
step's files outside a hole. It is on the page when a line of the page's
text or of a listing reads the same (a diff's sign left out), or, from 24
characters, when it stands inside a line of prose.

1. A first visit, nothing stored in the browser: the step's "in numbers"
   page folds the holes of its diff (it carries their data) and offers the
   switch, which turns its code back on; the search box, for a word of an
   answer, shows no answer line and no teaser text; the chapter starts
   with the mode on, no answer line is in the page's visible text (every
   <details> opened) nor in any listing's text (what the copy button
   copies), and each hole stands folded as "hole N of M" with a "show"
   control, which puts that hole's lines back there, until the page is
   loaded again.
2. Switched off, the code is back and no hole mark is left; the numbers
   page (for some step) and the search (for some step) then show an
   answer, so that the checks above could fail; loaded again, the mode
   stays off.
3. Switched on again and loaded again, it is on, and the holes folded.

Any JavaScript error in the console fails the test. It prints
`N passed, N failed` and exits 1 on a failure.
"""

import argparse
import re
import sys
import tomllib
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from browser_test import BOOK, Checks, console_errors, open_browser

ROOT = BOOK.parent
CRATES = {"v07": "lamosca-v07", "v09": "lamosca-v09", "v10": "lamosca-v10-quiescence", "v11": "lamosca-v11-lazy"}
PAGES = {"v07": "v07-negamax.html", "v09": "v09-alphabeta.html", "v10": "v10-quiescence.html", "v11": "v11-lazy.html"}
# Each step's second page, with the generated diff of its search file.
NUMBERS = {"v09": "v09-numbers.html", "v10": "v10-numbers.html", "v11": "v11-numbers.html"}
LONG_LINE = 12
# An answer line this long is looked for inside the prose too.
PROSE_LINE = 24


def hole_lines(text, name):
    """The lines between a hole's two markers, without other anchors."""
    lines = text.splitlines()
    start = lines.index(next(line for line in lines if line.strip() == f"// ANCHOR: hole_{name}"))
    end = next(i for i in range(start + 1, len(lines)) if lines[i].strip() == f"// ANCHOR_END: hole_{name}")
    return [line for line in lines[start + 1:end] if "ANCHOR" not in line]


def answers(step, holes):
    """Each hole's answer lines, by hole number: the long lines that stand
    in no other place of the step's files."""
    crate = ROOT / CRATES[step]
    texts = {hole["file"]: (crate / hole["file"]).read_text() for hole in holes}
    inside = {(hole["file"], line.strip()) for hole in holes for line in hole_lines(texts[hole["file"]], hole["name"])}
    elsewhere = set()
    for file, text in texts.items():
        counted = {}
        for line in text.splitlines():
            counted[line.strip()] = counted.get(line.strip(), 0) + 1
        for key, count in counted.items():
            if (file, key) not in inside or count > 1:
                elsewhere.add(key)
    found = {}
    for hole in holes:
        lines = [line.strip() for line in hole_lines(texts[hole["file"]], hole["name"])]
        found[hole["number"]] = [line for line in lines if len(line) >= LONG_LINE and line not in elsewhere]
    return found


class PageText:
    """What the page shows, every <details> opened, and the text of every
    listing. An answer line is on it when a line reads the same (a diff's
    `+`, `-` or ` ` left out), or when a long one stands inside a line of
    prose."""

    def __init__(self, driver):
        driver.execute_script("document.querySelectorAll('details').forEach((d) => { d.open = true; });")
        shown = driver.execute_script("return document.body.innerText;")
        listings = driver.execute_script(
            "return Array.from(document.querySelectorAll('pre code')).map((c) => c.textContent).join('\\n');"
        )
        self.text = shown + "\n" + listings
        self.lines = set()
        for line in self.text.splitlines():
            self.lines.add(line.strip())
            if line[:1] in "+- ":
                self.lines.add(line[1:].strip())

    def __contains__(self, answer):
        return answer in self.lines or (len(answer) >= PROSE_LINE and answer in self.text)


def page_text(driver):
    return PageText(driver)


def toggles(driver, step):
    return driver.find_elements(By.CSS_SELECTOR, f'.exercise-toggle[data-step="{step}"]')


def load(driver, url, step):
    driver.get(url)
    WebDriverWait(driver, 10).until(lambda d: len(toggles(d, step)) >= 2)
    return toggles(driver, step)


def numbers_shown(driver, site, step, wanted):
    """The answer lines on the step's "in numbers" page as it is now."""
    if step not in NUMBERS:
        return []
    driver.get((site / NUMBERS[step]).as_uri())
    WebDriverWait(driver, 10).until(
        lambda d: d.execute_script("return document.documentElement.dataset.exerciseMode") == "ready"
    )
    text = page_text(driver)
    return [line for lines in wanted.values() for line in lines if line in text]


def numbers_checks(checks, driver, site, step, wanted, when):
    """With the mode on, the step's "in numbers" page folds the holes in
    its diff, and its own switch turns the mode off there (then on)."""
    if step not in NUMBERS:
        return
    shown = numbers_shown(driver, site, step, wanted)
    checks.check(f"{step}: {when}, no answer is on its numbers page", not shown, shown[:3])
    found = marks(driver)
    checks.check(f"{step}: {when}, its numbers page folds the holes in place of their lines",
                 any("hole " in mark and f" of {len(wanted)}," in mark for mark in found), found[:3])
    buttons = toggles(driver, step)
    checks.check(f"{step}: its numbers page offers the switch", len(buttons) == 1)
    if buttons:
        buttons[0].click()
        back = [line for lines in wanted.values() for line in lines if line in page_text(driver)]
        checks.check(f"{step}: switched off there, its numbers page's code is back", bool(back))
        buttons[0].click()


def search_results(driver, site, step, word):
    """The text of the search results for `word`, from the step's page."""
    driver.get((site / PAGES[step]).as_uri() + "?search=" + word)
    # The header says how many results there are, none included, once the
    # search ran.
    WebDriverWait(driver, 10).until(
        lambda d: d.execute_script(
            "const h = document.getElementById('mdbook-searchresults-header'); return h && h.innerText.length > 0;"
        )
    )
    return driver.execute_script("return document.getElementById('mdbook-searchresults').textContent;")


def search_words(wanted):
    """Words to search for: the longest names in the answer lines."""
    words = {word for lines in wanted.values() for line in lines for word in re.findall(r"[a-z][a-z_]{5,}", line)}
    return sorted(words, key=lambda word: (-len(word), word))[:6]


def search_checks(checks, driver, site, step, wanted):
    """With the mode on, no search result shows an answer, nor any teaser."""
    results = 0
    for word in search_words(wanted):
        text = search_results(driver, site, step, word)
        leaked = [line for lines in wanted.values() for line in lines if line in PageLines(text)]
        checks.check(f"{step}: in exercise mode the results for `{word}` show no answer", not leaked, leaked[:3])
        teasers = driver.execute_script(
            "return Array.from(document.querySelectorAll('#mdbook-searchresults .teaser')).map((t) => t.textContent);"
        )
        checks.check(f"{step}: in exercise mode the results for `{word}` have no teaser text",
                     all("hidden in exercise mode" in t for t in teasers), teasers[:2])
        if teasers:
            results += 1
    checks.check(f"{step}: some search for a word of its answers has results", results > 0)


def search_off(driver, site, step, wanted):
    """The answer lines the search results show with the mode off."""
    found = []
    for word in search_words(wanted):
        text = PageLines(search_results(driver, site, step, word))
        found += [line for lines in wanted.values() for line in lines if line in text]
    return found


class PageLines(PageText):
    """A text read as `PageText` reads the page."""

    def __init__(self, text):
        self.text = text
        self.lines = {line.strip() for line in text.splitlines()}


def clear_choices(driver, site):
    """A first visit: no choice and no holes stored in the browser."""
    driver.get((site / "index.html").as_uri())
    driver.execute_script("window.localStorage.clear();")


def marks(driver):
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('pre code .exercise-hole')).map((m) => m.textContent);"
    )


def folded_checks(checks, driver, step, wanted, when):
    """No line of any hole's answer on the page, each hole folded in a
    listing with its question and a "show" control."""
    text = page_text(driver)
    for number, lines in wanted.items():
        shown = [line for line in lines if line in text]
        checks.check(f"{step}: {when}, no line of hole {number}'s answer is on the page", not shown, shown[:3])
        mark = f"hole {number} of {len(wanted)}"
        found = marks(driver)
        checks.check(f"{step}: {when}, a listing folds {mark} with a show control",
                     any(mark in m and m.endswith("show") for m in found), found[:4])


def show_checks(checks, driver, url, step, wanted):
    """A hole's "show" controls put its lines back where they stand, and
    leave the other holes folded; loaded again, the hole is folded again."""
    number = min(wanted)
    buttons = driver.find_elements(By.CSS_SELECTOR, "pre code .exercise-hole .exercise-show")
    target = [b for b in buttons if f"hole {number} of" in b.find_element(By.XPATH, "..").text]
    checks.check(f"{step}: hole {number} has a show control", bool(target))
    if not target:
        return
    before = len(marks(driver))
    for button in target:
        driver.execute_script("arguments[0].click();", button)
    text = page_text(driver)
    checks.check(f"{step}: shown, hole {number}'s lines are back", any(line in text for line in wanted[number]))
    checks.check(f"{step}: shown, the other holes stay folded", len(marks(driver)) == before - len(target) > 0
                 or len(wanted) == 1)
    load(driver, url, step)
    text = page_text(driver)
    checks.check(f"{step}: loaded again, hole {number} is folded again",
                 not any(line in text for line in wanted[number]))


def step_checks(checks, driver, site, step, holes, seen):
    url = (site / PAGES[step]).as_uri()
    wanted = answers(step, holes)
    for number, lines in wanted.items():
        checks.check(f"{step}: hole {number} has answer lines to look for", len(lines) > 0)

    # A first visit to the step's numbers page and to the search, then to
    # its chapter: no choice stored, the mode is on everywhere.
    clear_choices(driver, site)
    numbers_checks(checks, driver, site, step, wanted, "a first visit")
    search_checks(checks, driver, site, step, wanted)
    clear_choices(driver, site)
    buttons = load(driver, url, step)
    checks.check(f"{step}: a first visit, no choice stored, the mode is on",
                 buttons[0].get_attribute("aria-pressed") == "true")
    folded_checks(checks, driver, step, wanted, "a first visit")
    show_checks(checks, driver, url, step, wanted)

    # Switched off, the code is back, here, on the numbers page and in the
    # search results, and the choice is remembered.
    buttons = toggles(driver, step)
    buttons[-1].click()
    text = page_text(driver)
    for number, lines in wanted.items():
        checks.check(f"{step}: switched off, hole {number}'s code is back", any(line in text for line in lines))
    checks.check(f"{step}: switched off, no hole mark is left",
                 not driver.find_elements(By.CSS_SELECTOR, "pre code .exercise-hole"))
    if numbers_shown(driver, site, step, wanted):
        seen["numbers"].append(step)
    if search_off(driver, site, step, wanted):
        seen["search"].append(step)
    buttons = load(driver, url, step)
    checks.check(f"{step}: loaded again, the mode stays off", buttons[0].get_attribute("aria-pressed") == "false")

    # Switched on again, it stays on.
    buttons[0].click()
    buttons = load(driver, url, step)
    checks.check(f"{step}: switched on and loaded again, the mode is on",
                 buttons[0].get_attribute("aria-pressed") == "true")
    folded_checks(checks, driver, step, wanted, "switched on again")
    errors = console_errors(driver)
    checks.check(f"{step}: no JavaScript error", not errors, errors[:3])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=BOOK / "html", help="the built book to check")
    args = parser.parse_args()
    holes = tomllib.loads((BOOK / "exercises" / "holes.toml").read_text())
    checks = Checks()
    driver = open_browser()
    seen = {"numbers": [], "search": []}
    try:
        for step in CRATES:
            checks.run(f"the exercise mode of {step}", step_checks, driver, args.site.resolve(), step, holes[step], seen)
    finally:
        driver.quit()
    # The checks above could fail: with the mode off, some step's answer
    # was on its numbers page, and some search result showed one.
    checks.check(f"with the mode off, a numbers page shows an answer (steps {seen['numbers']})", seen["numbers"])
    checks.check(f"with the mode off, a search result shows an answer (steps {seen['search']})", seen["search"])
    print(f"{checks.passed} passed, {len(checks.failed)} failed")
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
