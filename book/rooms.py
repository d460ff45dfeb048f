#!/usr/bin/env python3
"""How much of the learner's workspace is the lesson: the root's Rust,
tests aside, against the board and the lesson files.

Run from the repository's root (it reads the sources, no build needed):

    python3 book/rooms.py            # the ratio, by lines and by code lines
    python3 book/rooms.py --files    # each counted file, and its room
    python3 book/rooms.py --max 2    # exit code 1 when a ratio is above 2

The root's Rust is every `.rs` file of the root workspace's crates
(`common`, `common/*`, the four steps), tests aside: a file under a
`tests/` folder, a `tests.rs` module, and a file's `#[cfg(test)]` module
from that line to the file's end (each file here keeps it last). The board
is `common/src/`. The lesson files are the steps' files that the step
chapters show, found by their `{{#include}}` lines in `book/chapters/`.
"Lines" counts every line; "code lines" leaves out blank lines and lines
that are only a comment (`//`, `//!`, `///`).
"""

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CRATES = ["common", "common/search", "common/record", "common/front",
          "lamosca-v07", "lamosca-v09", "lamosca-v10-quiescence", "lamosca-v11-lazy"]
INCLUDE = re.compile(r"\{\{#include \.\./\.\./(lamosca-v[^}:]+/src/[^}:]+\.rs)")


def root_files():
    """The root workspace's Rust files, tests aside."""
    for crate in CRATES:
        for path in sorted((ROOT / crate / "src").rglob("*.rs")):
            if path.name != "tests.rs":
                yield path


def lesson_files():
    """The steps' files the chapters include."""
    found = set()
    for page in (ROOT / "book" / "chapters").glob("*.md"):
        found.update(INCLUDE.findall(page.read_text()))
    return sorted(ROOT / name for name in found)


def counted(path):
    """A file's lines before its `#[cfg(test)]` module: (lines, code lines)."""
    lines = path.read_text().splitlines()
    for index, line in enumerate(lines):
        if line.strip() == "#[cfg(test)]":
            lines = lines[:index]
            break
    code = [line for line in lines if line.strip() and not line.strip().startswith("//")]
    return len(lines), len(code)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", action="store_true", help="list each counted file")
    parser.add_argument("--max", type=float, help="fail (exit code 1) when a ratio is above this")
    args = parser.parse_args()
    board = sorted((ROOT / "common" / "src").glob("*.rs"))
    lessons = lesson_files()
    rooms = {"board": board, "lesson files": lessons, "root": list(root_files())}
    totals = {}
    for room, files in rooms.items():
        totals[room] = [sum(counted(path)[i] for path in files) for i in (0, 1)]
        if args.files:
            for path in files:
                print(f"{room}\t{path.relative_to(ROOT)}\t{counted(path)[0]}")
    print(f"{'':<34}{'lines':>8}{'code lines':>12}")
    for room, files in rooms.items():
        print(f"{room + f' ({len(files)} files)':<34}{totals[room][0]:>8}{totals[room][1]:>12}")
    lesson = [totals["board"][i] + totals["lesson files"][i] for i in (0, 1)]
    ratio = [totals["root"][i] / lesson[i] for i in (0, 1)]
    print(f"{'root / (board + lesson files)':<34}{ratio[0]:>7.2f}x{ratio[1]:>11.2f}x")
    if args.max is not None and max(ratio) > args.max:
        print(f"the root is more than {args.max}x the board and the lesson files", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
