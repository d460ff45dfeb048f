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
   page folds the holes and bodies of its diff (it carries their data)
   and offers the switch, which turns its code back on; the search box,
   for a word of an answer, shows no answer line and no teaser text; the
   chapter starts with the mode on, no answer line is in the page's
   visible text (every <details> opened) nor in any listing's text (what
   the copy button copies), and each hole stands folded, as "hole N of M"
   or, inside a function of `whole.toml`, in that function's folded body,
   with a "show" control, which puts that hole's lines back there, until
   the page is loaded again.
2. Switched off, the code is back and no hole mark is left; the numbers
   page (for some step) and the search (for some step) then show an
   answer, so that the checks above could fail; loaded again, the mode
   stays off.
3. Switched on again and loaded again, it is on, and the holes folded.

Then the whole step, for each step that `whole.toml` lists functions of
(`cargo exercise v09 --whole`). Its answers are read here too: the lines
of each function's body, from the line after the `{` that opens it to the
`}` at its `fn`'s indent, anchors left out, long enough and standing
nowhere else in the step's files outside those bodies.

4. From a first visit, with nothing chosen, each function's body is
   folded on the chapter, naming it, with a "show" control that puts its
   lines back there, and no hole inside it is folded by itself; no line
   of any body is on any step page (every chapter and "in numbers" page).
   The chapter offers one switch, twice, and no second setting.
5. Switched off, the bodies are back and no fold is left; switched on, the
   bodies are folded again.

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


def hole_owners(step, holes, entries):
    """The function of `whole.toml` whose body holds each hole, by hole
    number; None for a hole outside every such body."""
    crate = ROOT / CRATES[step]
    owners = {}
    for hole in holes:
        lines = (crate / hole["file"]).read_text().splitlines()
        at = next(i for i, line in enumerate(lines) if line.strip() == f"// ANCHOR: hole_{hole['name']}")
        owners[hole["number"]] = next((entry["function"] for entry in entries
                                       if entry["file"] == hole["file"] and at in whole_body(lines, entry)), None)
    return owners


def fold_mark(number, owner):
    """The words of the fold that stands for hole `number` on its chapter:
    its own, or its function's body's."""
    return f"hole {number} of" if owner is None else f"the whole step, {owner}:"


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
    checks.check(f"{step}: {when}, its numbers page folds the holes or bodies in place of their lines",
                 any(("hole " in mark and f" of {len(wanted)}," in mark) or f"the whole step of {step}," in mark
                     for mark in found), found[:3])
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


def folded_checks(checks, driver, step, wanted, when, owners):
    """No line of any hole's answer on the page, each hole folded in a
    listing with a "show" control: by itself, with its question, or, in
    a function of `whole.toml`, in that function's folded body."""
    text = page_text(driver)
    found = marks(driver)
    for number, lines in wanted.items():
        shown = [line for line in lines if line in text]
        checks.check(f"{step}: {when}, no line of hole {number}'s answer is on the page", not shown, shown[:3])
        mark = fold_mark(number, owners[number])
        checks.check(f"{step}: {when}, a listing folds hole {number} as `{mark}` with a show control",
                     any(mark in m and m.endswith("show") for m in found), found[:4])
        if owners[number] is not None:
            checks.check(f"{step}: {when}, hole {number}, inside {owners[number]}, is not folded by itself",
                         not any(f"hole {number} of" in m for m in found), found[:4])


def show_checks(checks, driver, url, step, wanted, owners):
    """A hole's "show" controls (its own, or its body's) put its lines back
    where they stand, and leave the other folds folded; loaded again, the
    hole is folded again. A hole folded by itself is taken first."""
    number = min(wanted, key=lambda n: (owners[n] is not None, n))
    mark = fold_mark(number, owners[number])
    buttons = driver.find_elements(By.CSS_SELECTOR, "pre code .exercise-hole .exercise-show")
    target = [b for b in buttons if mark in b.find_element(By.XPATH, "..").text]
    checks.check(f"{step}: hole {number} has a show control (`{mark}`)", bool(target))
    if not target:
        return
    before = len(marks(driver))
    for button in target:
        driver.execute_script("arguments[0].click();", button)
    text = page_text(driver)
    checks.check(f"{step}: shown, hole {number}'s lines are back", any(line in text for line in wanted[number]))
    checks.check(f"{step}: shown, the other folds stay folded", len(marks(driver)) == before - len(target))
    load(driver, url, step)
    text = page_text(driver)
    checks.check(f"{step}: loaded again, hole {number} is folded again",
                 not any(line in text for line in wanted[number]))


def step_checks(checks, driver, site, step, holes, entries, seen):
    url = (site / PAGES[step]).as_uri()
    wanted = answers(step, holes)
    owners = hole_owners(step, holes, entries)
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
    folded_checks(checks, driver, step, wanted, "a first visit", owners)
    show_checks(checks, driver, url, step, wanted, owners)

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
    folded_checks(checks, driver, step, wanted, "switched on again", owners)
    errors = console_errors(driver)
    checks.check(f"{step}: no JavaScript error", not errors, errors[:3])


def whole_body(lines, entry):
    """The lines of the body of `entry`'s function, as `--whole` takes it
    out, without anchors."""
    signature = entry.get("signature", f"fn {entry['function']}(")
    found = [i for i, line in enumerate(lines) if signature in line and not line.strip().startswith("//")]
    assert len(found) == 1, f"{signature} stands {len(found)} times"
    at = found[0]
    indent = lines[at][: len(lines[at]) - len(lines[at].lstrip())]
    opened = next(i for i in range(at, len(lines))
                  if lines[i].endswith("{") and (i == at or lines[i].startswith(indent + ")")))
    close = next(i for i in range(opened + 1, len(lines)) if lines[i] == indent + "}")
    return list(range(opened + 1, close))


def whole_answers(step, entries, holes):
    """Each function's answer lines, by name: the long lines of its body
    that stand nowhere else in the step's files outside the bodies."""
    crate = ROOT / CRATES[step]
    files = {entry["file"] for entry in entries} | {hole["file"] for hole in holes}
    texts = {file: (crate / file).read_text().splitlines() for file in files}
    inside = {(entry["file"], i) for entry in entries for i in whole_body(texts[entry["file"]], entry)}
    elsewhere = {line.strip() for file, lines in texts.items() for i, line in enumerate(lines)
                 if (file, i) not in inside}
    found = {}
    for entry in entries:
        lines = texts[entry["file"]]
        body = [lines[i].strip() for i in whole_body(lines, entry) if "ANCHOR" not in lines[i]]
        found[entry["function"]] = [line for line in body if len(line) >= LONG_LINE and line not in elsewhere]
    return found


def whole_marks(driver):
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('pre code .exercise-whole')).map((m) => m.textContent);"
    )


def ready(driver, url):
    driver.get(url)
    WebDriverWait(driver, 10).until(
        lambda d: d.execute_script("return document.documentElement.dataset.exerciseMode") == "ready"
    )


def shown_answers(driver, wanted):
    text = page_text(driver)
    return [line for lines in wanted.values() for line in lines if line in text]


def whole_pages_checks(checks, driver, site, step, wanted):
    """No line of any body on any step page, the mode on as a first visit
    leaves it; each function folded, with its name, in a listing of one of
    them."""
    found = []
    for page in list(PAGES.values()) + list(NUMBERS.values()):
        ready(driver, (site / page).as_uri())
        shown = shown_answers(driver, wanted)
        checks.check(f"{step}: in exercise mode, no line of its bodies is on {page}", not shown, shown[:3])
        own = "the whole step, " if page == PAGES[step] else f"the whole step of {step}, "
        found += [mark.replace(own, "the whole step, ") for mark in whole_marks(driver) if own in mark]
    for name in wanted:
        checks.check(f"{step}: in exercise mode, a listing folds the body of {name} with a show control",
                     any(f"the whole step, {name}:" in m and m.endswith("show") for m in found), found[:4])


def whole_show_checks(checks, driver, step, wanted):
    """The first function's "show" controls put its lines back."""
    name = next(iter(wanted))
    buttons = [b for b in driver.find_elements(By.CSS_SELECTOR, "pre code .exercise-whole .exercise-show")
               if f"the whole step, {name}:" in b.find_element(By.XPATH, "..").text]
    for button in buttons:
        driver.execute_script("arguments[0].click();", button)
    checks.check(f"{step}: shown, the body of {name} is back",
                 bool(buttons) and any(line in page_text(driver) for line in wanted[name]))


def whole_checks(checks, driver, site, step, entries, holes):
    url = (site / PAGES[step]).as_uri()
    clear_choices(driver, site)
    load(driver, url, step)
    checks.check(f"{step}: its chapter offers one switch, twice, and no second setting",
                 len(toggles(driver, step)) == 2
                 and not driver.find_elements(By.CSS_SELECTOR, ".exercise-kind, .exercise-switches button:not(.exercise-toggle)"))
    if not entries:
        return
    wanted = whole_answers(step, entries, holes)
    for name, lines in wanted.items():
        checks.check(f"{step}: {name} has body lines to look for", len(lines) > 0)
    shown = shown_answers(driver, wanted)
    checks.check(f"{step}: a first visit folds the bodies, no line of them on its chapter", not shown, shown[:3])
    label = toggles(driver, step)[0].text
    checks.check(f"{step}: its switch names the folded bodies",
                 all(name in label for name in wanted) and "Switch it off" in label, label)
    whole_show_checks(checks, driver, step, wanted)
    whole_pages_checks(checks, driver, site, step, wanted)

    # Off, the bodies are back; on, folded again.
    load(driver, url, step)[0].click()
    checks.check(f"{step}: switched off, the bodies are back", len(shown_answers(driver, wanted)) > 0)
    checks.check(f"{step}: switched off, none of its folds is left",
                 not any(re.search(r"// (the whole step,|hole \d+ of)", mark) for mark in marks(driver)),
                 marks(driver)[:3])
    toggles(driver, step)[0].click()
    load(driver, url, step)
    checks.check(f"{step}: switched on again, the bodies are folded",
                 not shown_answers(driver, wanted) and whole_marks(driver), whole_marks(driver)[:2])
    errors = console_errors(driver)
    checks.check(f"{step}: whole step, no JavaScript error", not errors, errors[:3])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=BOOK / "html", help="the built book to check")
    args = parser.parse_args()
    holes = tomllib.loads((BOOK / "exercises" / "holes.toml").read_text())
    whole = tomllib.loads((BOOK / "exercises" / "whole.toml").read_text())
    checks = Checks()
    driver = open_browser()
    seen = {"numbers": [], "search": []}
    try:
        for step in CRATES:
            checks.run(f"the exercise mode of {step}", step_checks, driver, args.site.resolve(), step, holes[step],
                       whole.get(step, []), seen)
        for step in CRATES:
            checks.run(f"the whole step of {step}", whole_checks, driver, args.site.resolve(), step,
                       whole.get(step, []), holes[step])
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
