#!/usr/bin/env python3
"""Rendered words of the built book's pages: prose, code and tables apart.

Run after `mdbook build book`, from the repository's root:

    python3 book/wordcount.py                 # the step chapters' main pages
    python3 book/wordcount.py v11-numbers     # any pages, by file name

A page's words are those of its <main> element, split at white space.
"code" is every <pre> block (listings, logs, folded traces), "tables" every
<table> outside them, "prose" the rest: running text, headings, lists and
the inline code in them. The search box, the navigation and the scripts lie
outside <main> and are not counted.
"""

import argparse
import sys
from html.parser import HTMLParser
from pathlib import Path

STEP_PAGES = ["v07-negamax", "v09-alphabeta", "v10-quiescence", "v11-lazy"]
SKIPPED = {"script", "style", "template"}


class Counter(HTMLParser):
    """Counts the words in <main>, by the innermost of <pre>, <table>."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.main = 0
        self.pre = 0
        self.table = 0
        self.skipped = 0
        self.words = {"prose": 0, "code": 0, "tables": 0}

    def handle_starttag(self, tag, attrs):
        if tag == "main":
            self.main += 1
        elif tag == "pre":
            self.pre += 1
        elif tag == "table":
            self.table += 1
        elif tag in SKIPPED:
            self.skipped += 1

    def handle_endtag(self, tag):
        if tag == "main":
            self.main -= 1
        elif tag == "pre":
            self.pre -= 1
        elif tag == "table":
            self.table -= 1
        elif tag in SKIPPED:
            self.skipped -= 1

    def handle_data(self, data):
        if self.main <= 0 or self.skipped > 0:
            return
        kind = "code" if self.pre > 0 else "tables" if self.table > 0 else "prose"
        self.words[kind] += len(data.split())


def count(page: Path) -> dict:
    counter = Counter()
    counter.feed(page.read_text(encoding="utf-8"))
    return counter.words


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pages", nargs="*", default=STEP_PAGES)
    parser.add_argument("--site", default=str(Path(__file__).parent / "html"))
    args = parser.parse_args()
    site = Path(args.site)
    print("| page | all words | prose | code | tables |")
    print("|---|---:|---:|---:|---:|")
    for name in args.pages:
        page = site / f"{name}.html"
        if not page.is_file():
            print(f"error: {page} not found; run `mdbook build book` first", file=sys.stderr)
            return 2
        words = count(page)
        total = sum(words.values())
        print(f"| {name} | {total:,} | {words['prose']:,} | {words['code']:,} | {words['tables']:,} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
