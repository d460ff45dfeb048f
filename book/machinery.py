#!/usr/bin/env python3
"""The share of a chapter's prose sentences that speak of the machinery.

Run from the repository's root (no build needed: it reads the markdown):

    python3 book/machinery.py                  # the four step chapters
    python3 book/machinery.py primer v07-negamax
    python3 book/machinery.py --show v07-negamax   # list the sentences counted

The prose is the page's markdown as written, without what the issue sets
aside: fenced code blocks, tables (lines starting with `|`), `{{#include}}`
lines, HTML lines and comments, and headings. Each paragraph or list item
is joined into one line, its links reduced to their text (a link's target,
`search-record.md`, is not prose), and cut into sentences after `.`, `?`
or `!` followed by a space and a capital letter, a backtick, a digit or a
bracket. A sentence speaks of the machinery when it names one of
MACHINERY as a whole word, in any case, plurals and derived forms
included: the tracer, listeners, events, records, snapshots, the driver,
the generator, WebAssembly. "move generator" is chess, not machinery, and
is not counted; "the trace" and "the log" are the lesson and are not
counted either.
"""

import argparse
import re
import sys
from pathlib import Path

STEP_PAGES = ["v07-negamax", "v09-alphabeta", "v10-quiescence", "v11-lazy"]

MACHINERY = re.compile(
    r"\b(tracer|tracers|listener|listeners|(?:step)?events?|record|records|recorded|recording"
    r"|recorder|snapshots?|driver|drivers|generator|webassembly|wasm)\b",
    re.IGNORECASE,
)
CHESS = re.compile(r"\bmove generator", re.IGNORECASE)
LINK = re.compile(r"!?\[((?:[^\[\]]|\[[^\]]*\])*)\]\([^)]*\)")
SENTENCE_END = re.compile(r"(?<=[.?!])[)\"']?\s+(?=[A-Z`0-9(\[*\"])")


def paragraphs(markdown: str):
    """The page's prose blocks (paragraphs and list items), each joined."""
    block: list[str] = []
    fence = None
    comment = False
    for line in markdown.splitlines():
        stripped = line.strip()
        if fence:
            if stripped.startswith(fence):
                fence = None
            continue
        if comment:
            comment = "-->" not in stripped
            continue
        if stripped.startswith("<!--"):
            comment = "-->" not in stripped
            continue
        if stripped.startswith(("```", "~~~")):
            fence = stripped[:3]
            yield from flush(block)
            continue
        set_aside = (
            not stripped
            or stripped.startswith(("|", "#", "<", "{{#"))
        )
        item = re.match(r"([-*]|\d+\.)\s", stripped)
        if set_aside or item:
            yield from flush(block)
        if not set_aside:
            block.append(stripped)
    yield from flush(block)


def flush(block: list[str]):
    if block:
        yield " ".join(block)
        block.clear()


def sentences(paragraph: str) -> list[str]:
    text = LINK.sub(r"\1", paragraph)
    text = re.sub(r"^([-*]|\d+\.)\s+", "", text)
    return [s for s in SENTENCE_END.split(text) if re.search(r"\w", s)]


def machinery(sentence: str) -> bool:
    return bool(MACHINERY.search(CHESS.sub("", sentence)))


def count(page: Path):
    all_sentences = [s for p in paragraphs(page.read_text(encoding="utf-8")) for s in sentences(p)]
    flagged = [s for s in all_sentences if machinery(s)]
    return all_sentences, flagged


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pages", nargs="*", default=STEP_PAGES)
    parser.add_argument("--chapters", default=str(Path(__file__).parent / "chapters"))
    parser.add_argument("--show", action="store_true", help="print each sentence counted")
    args = parser.parse_args()
    chapters = Path(args.chapters)
    rows = []
    for name in args.pages:
        page = chapters / f"{name}.md"
        if not page.is_file():
            print(f"error: {page} not found", file=sys.stderr)
            return 2
        all_sentences, flagged = count(page)
        rows.append((name, len(all_sentences), len(flagged)))
        if args.show:
            for sentence in flagged:
                print(f"{name}: {sentence}")
    print("| page | prose sentences | about the machinery | share |")
    print("|---|---:|---:|---:|")
    for name, total, flagged in rows:
        share = 100 * flagged / total if total else 0
        print(f"| {name} | {total} | {flagged} | {share:.1f}% |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
