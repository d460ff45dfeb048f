#!/usr/bin/env python3
"""Mutation testing of the exercises' checks: do they catch every slip of a
whole-step function that changes a search?

    cd book/exercises && python3 mutants/run.py [v07 v09 v10 v11] [--out FILE]

For each step of `whole.toml`, cargo-mutants lists the mutants of each
whole-step function (`cargo mutants --list --json --diff`, the step's crate
and file, the mutants whose function holds the function's `fn` line). Each
mutant is then written, as a whole lesson (the first line that marks it
`--whole`), into the exercise's lesson file, the other lesson files of the
step holding the step's own file, and `cargo test -p exercise-vNN` runs the
checks on it: caught (a check fails), missed (every check passes), timeout
(a check or the run went over its time) or unviable (it does not build).

Why hand-written, not `cargo mutants` itself: the checks compare the lesson
with the step's own crate, their reference. cargo-mutants mutates the crate
it tests, so the reference would change with the lesson and every mutant
would pass. Here the step's crate is never touched: only the lesson path.

The learner's lesson files are copied first into `kept/mutants-<time>/`
(as `cargo exercise --reset` keeps them) and written back when the run
ends, on Ctrl-C too; the path is printed at the start.

It needs cargo-mutants (`cargo install cargo-mutants --locked`). Each
mutant rebuilds the exercise crate and its checks, one job
(`CARGO_BUILD_JOBS=1` unless set), incrementally: 1 to 12 s a mutant on
2 shared cores, some 180 mutants in 11 minutes, so the run is a command,
never a CI test. `--only REGEX` runs the mutants whose name it finds.

A missed mutant that no search can tell from the step is listed, with
why, in `mutants/equivalent.toml`: the book's generator makes its page
(book/chapters/generated/mutants-equivalent.md), and the test of
`exercise-holes` holds each name to the code it replaces, without
cargo-mutants; `--check-equivalent` asks cargo-mutants whether it still
makes each of them.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

EXERCISES = Path(__file__).resolve().parent.parent
ROOT = EXERCISES.parent.parent
MARK = "--whole`: the whole step"
EQUIVALENT = EXERCISES / "mutants" / "equivalent.toml"


def step_crate(step: str) -> str:
    """The step's crate: the exercise's reference, its `lamosca-<step>`
    dev-dependency (`lamosca-v10-quiescence`)."""
    manifest = tomllib.loads((EXERCISES / f"exercise-{step}" / "Cargo.toml").read_text())
    found = [name for name in manifest.get("dev-dependencies", {}) if re.fullmatch(f"lamosca-{step}(-.*)?", name)]
    if len(found) != 1:
        sys.exit(f"exercise-{step}: no single lamosca-{step} dev-dependency ({found})")
    return found[0]


def fn_line(text: str, entry: dict) -> int:
    """The 1-based line of the `fn` of `entry`'s function in `text`, as the
    whole lesson finds it (its `signature`, else `fn <function>(`)."""
    signature = entry.get("signature") or f"fn {entry['function']}("
    lines = [
        i + 1
        for i, line in enumerate(text.splitlines())
        if signature in line and not line.lstrip().startswith("//")
    ]
    if len(lines) != 1:
        sys.exit(f"`{signature}` stands {len(lines)} times in {entry['file']}, not once")
    return lines[0]


def mutants_of(step: str, entry: dict) -> list[dict]:
    """The mutants of `entry`'s function, as cargo-mutants lists them."""
    crate = step_crate(step)
    path = f"{crate}/{entry['file']}"
    listed = subprocess.run(
        ["cargo", "mutants", "--list", "--json", "--diff", "-d", crate, "-f", path],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    )
    line = fn_line((ROOT / path).read_text(), entry)
    name = entry["function"]

    def inside(mutant: dict) -> bool:
        function = mutant.get("function") or {}
        span = function.get("span", {})
        named = function.get("function_name", "")
        return (
            mutant["file"] == path
            and (named == name or named.endswith("::" + name))
            and span["start"]["line"] <= line <= span["end"]["line"]
        )

    return [mutant for mutant in json.loads(listed.stdout) if inside(mutant)]


def apply_diff(text: str, diff: str) -> str:
    """`text` with the unified `diff` applied; each hunk must match."""
    lines = text.split("\n")
    out: list[str] = []
    at = 0
    hunks = re.split(r"^@@ -(\d+)(?:,\d+)? \+\d+(?:,\d+)? @@.*$", diff, flags=re.M)
    for start, body in zip(hunks[1::2], hunks[2::2]):
        start = int(start) - 1
        out.extend(lines[at:start])
        at = start
        for row in body.split("\n"):
            if row.startswith("\\") or row == "":
                continue
            kind, rest = row[0], row[1:]
            if kind in " -":
                if lines[at] != rest:
                    raise ValueError(f"the diff does not match line {at + 1}: {rest!r}")
                at += 1
            if kind in " +":
                out.append(rest)
    out.extend(lines[at:])
    return "\n".join(out)


def heading(step: str, crate: str, file: str) -> str:
    """The first lines of a whole lesson, which mark it as one."""
    return (
        f"// The lesson file of exercise-{step}, made from {crate}/{file} by "
        f"`cargo exercise {step} {MARK}, one mutant of it (book/exercises/mutants/run.py).\n"
    )


def lesson_files(step: str) -> dict[str, Path]:
    """The step's files (`src/search.rs`) and their lesson files."""
    lesson = EXERCISES / f"exercise-{step}" / "src" / "lesson"
    return {f"src/{path.name}": path for path in sorted(lesson.glob("*.rs"))}


def write_lessons(step: str, mutated: str | None, text: str | None) -> None:
    """Every lesson file of `step` as the step's own file, marked whole,
    the one of `mutated` holding `text`."""
    crate = step_crate(step)
    for file, lesson in lesson_files(step).items():
        body = text if file == mutated else (ROOT / crate / file).read_text()
        lesson.write_text(heading(step, crate, file) + body)


def run_checks(step: str, timeout: int) -> tuple[str, str, float]:
    """Builds and runs the exercise's checks: the outcome, what it said,
    and the seconds it took."""
    started = time.monotonic()
    env = dict(os.environ, RUST_BACKTRACE="0")
    env.setdefault("CARGO_BUILD_JOBS", "1")
    build = subprocess.run(
        ["cargo", "test", "-p", f"exercise-{step}", "--no-run"],
        cwd=EXERCISES,
        env=env,
        capture_output=True,
        text=True,
    )
    if build.returncode != 0:
        errors = [line for line in build.stderr.splitlines() if line.startswith("error")]
        return "unviable", (errors or ["build failed"])[0], time.monotonic() - started
    try:
        test = subprocess.run(
            ["cargo", "test", "-p", f"exercise-{step}"],
            cwd=EXERCISES,
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return "timeout", f"over {timeout} s", time.monotonic() - started
    took = time.monotonic() - started
    said = test.stdout + test.stderr
    failed = [line.strip() for line in said.splitlines() if line.startswith("  FAIL  ")]
    if test.returncode == 0:
        return "missed", "every check passes", took
    if any("did not finish within" in line for line in failed):
        return "timeout", failed[0], took
    return "caught", (failed or ["the checks failed"])[0], took


def run_step(step: str, entries: list[dict], timeout: int, log, only: str | None = None) -> dict:
    """Every mutant of the step's whole functions, run; the counts."""
    crate = step_crate(step)
    counts = {"mutants": 0, "caught": 0, "missed": 0, "timeout": 0, "unviable": 0}
    missed = []
    write_lessons(step, None, None)
    outcome, said, took = run_checks(step, timeout)
    log(f"## {step}: the step's own files, unmutated: {outcome} ({said}), {took:.0f} s")
    if outcome != "missed":
        sys.exit(f"{step}: the unmutated step does not pass its checks: {said}")
    for entry in entries:
        original = (ROOT / crate / entry["file"]).read_text()
        for mutant in mutants_of(step, entry):
            if only and not re.search(only, mutant["name"]):
                continue
            write_lessons(step, entry["file"], apply_diff(original, mutant["diff"]))
            outcome, said, took = run_checks(step, timeout)
            counts["mutants"] += 1
            counts[outcome] += 1
            log(f"{outcome:8} {took:5.0f} s  {mutant['name']}  -- {said}")
            if outcome == "missed":
                missed.append(mutant["name"])
    counts["missed_names"] = missed
    return counts


def table(results: dict[str, dict]) -> str:
    """The table of every step's counts. The score is caught over the
    viable mutants (timeouts count as caught: the runner names them);
    `equivalent` counts the missed ones `equivalent.toml` lists."""
    said = equivalent()
    rows = [
        "| step | mutants | caught | missed | of them equivalent | timeout | unviable | score |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for step, c in results.items():
        viable = c["mutants"] - c["unviable"]
        score = 100.0 * (c["caught"] + c["timeout"]) / viable if viable else 100.0
        same = sum(name in said for name in c["missed_names"])
        rows.append(
            f"| {step} | {c['mutants']} | {c['caught']} | {c['missed']} | {same} | {c['timeout']} "
            f"| {c['unviable']} | {score:.1f}% |"
        )
    return "\n".join(rows)


def keep_lessons(steps: list[str]) -> Path:
    """Copies the steps' lesson files into `kept/mutants-<time>/`."""
    kept = EXERCISES / "kept" / time.strftime("mutants-%Y%m%d-%H%M%S")
    for step in steps:
        for lesson in lesson_files(step).values():
            copy = kept / lesson.relative_to(EXERCISES)
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(lesson, copy)
    return kept


def restore_lessons(kept: Path) -> None:
    """Writes the kept lesson files back, then removes the copy. They are
    written anew (`copy`, not `copy2`): with their old times kept, cargo
    would take the last mutant's build for theirs."""
    for copy in kept.rglob("*.rs"):
        shutil.copy(copy, EXERCISES / copy.relative_to(kept))
    shutil.rmtree(kept)
    if not any((EXERCISES / "kept").iterdir()):
        (EXERCISES / "kept").rmdir()


def equivalent() -> dict[str, str]:
    """The mutants `equivalent.toml` lists, each with why no search can
    tell it from the step."""
    said = tomllib.loads(EQUIVALENT.read_text())["equivalent"]
    return {item["mutant"]: item["why"] for item in said}


def check_equivalent() -> None:
    """Fails unless cargo-mutants still makes every mutant listed as
    equivalent, among the mutants of the whole steps' functions."""
    listed = set()
    whole = tomllib.loads((EXERCISES / "whole.toml").read_text())
    for step, entries in whole.items():
        for entry in entries:
            listed |= {mutant["name"] for mutant in mutants_of(step, entry)}
    gone = [name for name in equivalent() if name not in listed]
    for name in gone:
        print(f"{EQUIVALENT.name}: cargo-mutants no longer makes {name!r}", file=sys.stderr)
    if gone:
        sys.exit(1)
    print(f"every mutant of {EQUIVALENT.name} is one cargo-mutants makes")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("steps", nargs="*", help="the steps, v07 v09 ...: every step of whole.toml")
    parser.add_argument("--out", type=Path, help="also write the log and table to this file")
    parser.add_argument("--timeout", type=int, default=300, help="seconds a mutant's checks may run")
    parser.add_argument("--only", help="run only the mutants whose name this regex finds")
    parser.add_argument(
        "--check-equivalent",
        action="store_true",
        help="check that cargo-mutants still makes every mutant of equivalent.toml, and stop",
    )
    args = parser.parse_args()
    if shutil.which("cargo-mutants") is None:
        print("cargo-mutants is not installed: cargo install cargo-mutants --locked", file=sys.stderr)
        sys.exit(2)
    try:
        re.compile(args.only or "")
    except re.error as error:
        print(f"--only {args.only!r}: {error}", file=sys.stderr)
        sys.exit(2)
    if args.check_equivalent:
        check_equivalent()
        return
    whole = tomllib.loads((EXERCISES / "whole.toml").read_text())
    steps = args.steps or list(whole)
    unknown = [step for step in steps if step not in whole]
    if unknown:
        print(f"no whole step {' '.join(unknown)}: whole.toml has {' '.join(whole)}", file=sys.stderr)
        sys.exit(2)
    written: list[str] = []

    def log(line: str) -> None:
        print(line, flush=True)
        written.append(line)

    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    log(f"# from book/exercises: python3 mutants/run.py {' '.join(sys.argv[1:])}")
    log(f"# at commit {commit}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    kept = keep_lessons(steps)
    print(f"the lesson files are kept in {kept} and written back at the end", flush=True)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(130))
    results = {}
    started = time.monotonic()
    try:
        for step in steps:
            results[step] = run_step(step, whole[step], args.timeout, log, args.only)
    finally:
        restore_lessons(kept)
        print(f"the lesson files are written back from {kept}", flush=True)
    log("")
    log(table(results))
    said = equivalent()
    for step, c in results.items():
        for name in c["missed_names"]:
            why = said.get(name)
            log(f"missed {step}: {name}" + (f"\n    equivalent: {why}" if why else ""))
    log(f"{time.monotonic() - started:.0f} s in all")
    if args.out:
        args.out.write_text("\n".join(written) + "\n")


if __name__ == "__main__":
    main()
