"""Writes the stepper's two fixture records, `records/fixture-*.jsonl`.

The browser test needs records that follow the record contract and hold
only legal moves, before any version writes a record of its own. This
script builds them from the v0.07 binary's own one-ply logs: for each node
it asks `search --depth 1 --trace 1` for the legal moves and their one-ply
values, and then searches a depth-2 tree over those values twice, as
NegaMax (with v0.07's full window at every node, and no move list, as
v0.07's own records) and as fail-hard alpha-beta that picks its moves by
their one-ply value (so the record has swaps and cuts). The values are the
engine's evaluations; the searches are this script's, so the records are
test fixtures, not a version's output, and are not shown in the book.

    cargo build -p lamosca-v07
    python3 book/stepper/test/make_fixture.py target/debug/lamosca-v07

Then `cd book && cargo run --release -p book -- generate` writes
`fixture-records.js`: every record of `records/` with its facts, as the
book's own records are written.
"""

import json
import re
import subprocess
import sys
from pathlib import Path

FEN = "6k1/5ppp/8/3p4/4P3/8/5PPP/6K1 w - - 0 1"
DEPTH = 2
INFINITY = 32000  # the engines' window bound, as in `Alpha=-32000` of the logs
MOVES_LINE = re.compile(r"^Moves level 1: (.*)$", re.M)


def one_ply(binary, path):
    """The legal moves after `path`, in generated order, with their one-ply values."""
    command = [binary, "search", "--fen", FEN, "--depth", "1", "--trace", "1"]
    if path:
        command += ["--moves", *path]
    log = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    match = MOVES_LINE.search(log)
    if match is None:
        return []
    return [(item.split("=")[0], int(item.split("=")[1])) for item in match.group(1).split()]


class Recorder:
    def __init__(self, version, options):
        self.events = [
            {"event": "search", "schema": 1, "version": version, "fen": FEN, "depth": DEPTH, "options": options}
        ]
        self.nodes = 0
        self.cuts = 0
        self.swaps = 0

    def enter(self, parent, level, move, alpha, beta):
        self.nodes += 1
        event = {"event": "node", "id": self.nodes, "parent": parent, "level": level, "move": move,
                 "alpha": alpha, "beta": beta, "kind": "main"}
        self.events.append(event)
        return self.nodes


def negamax(binary, rec, parent, path, level, leaf_value):
    node = rec.enter(parent, level, path[-1] if path else None, -INFINITY, INFINITY)
    if level == 0:
        rec.events.append({"event": "result", "node": node, "value": leaf_value, "best": None})
        return leaf_value
    moves = one_ply(binary, path)
    best, best_move = -INFINITY, None
    for move, value in moves:
        v = -negamax(binary, rec, node, path + [move], level - 1, -value)
        if v > best:
            best, best_move = v, move
    rec.events.append({"event": "result", "node": node, "value": best, "best": best_move})
    return best


def alphabeta(binary, rec, parent, path, level, alpha, beta, leaf_value):
    node = rec.enter(parent, level, path[-1] if path else None, alpha, beta)
    if level == 0:
        rec.events.append({"event": "result", "node": node, "value": leaf_value, "best": None})
        return leaf_value
    moves = one_ply(binary, path)
    rec.events.append({"event": "moves", "node": node, "moves": [{"move": m, "order": v} for m, v in moves]})
    best_move = None
    for i in range(len(moves)):
        j = max(range(i, len(moves)), key=lambda k: (moves[k][1], -k))
        if moves[j][1] > moves[i][1]:
            rec.swaps += 1
            rec.events.append(
                {"event": "swap", "node": node, "out": moves[i][0], "out_value": moves[i][1],
                 "in": moves[j][0], "in_value": moves[j][1]}
            )
            moves[i], moves[j] = moves[j], moves[i]
        move, value = moves[i]
        v = -alphabeta(binary, rec, node, path + [move], level - 1, -beta, -alpha, -value)
        if v >= beta:
            rec.cuts += 1
            rec.events.append({"event": "cut", "node": node, "move": move, "value": v})
            rec.events.append({"event": "result", "node": node, "value": beta, "best": move})
            return beta
        if v > alpha:
            alpha, best_move = v, move
    rec.events.append({"event": "result", "node": node, "value": alpha, "best": best_move})
    return alpha


def main():
    binary = sys.argv[1]
    nega = Recorder("fixture NegaMax", {"ordering": False})
    value = negamax(binary, nega, None, [], DEPTH, 0)
    nega.events.append({"event": "report", "best": nega.events[-1]["best"], "value": value, "nodes": nega.nodes})

    ab = Recorder("fixture alpha-beta", {"ordering": "one-ply value"})
    value = alphabeta(binary, ab, None, [], DEPTH, -INFINITY, INFINITY, 0)
    ab.events.append(
        {"event": "report", "best": ab.events[-1]["best"], "value": value, "nodes": ab.nodes,
         "cuts": ab.cuts, "swaps": ab.swaps}
    )

    folder = Path(__file__).resolve().parent / "records"
    for name, rec in (("fixture-alphabeta", ab), ("fixture-negamax", nega)):
        jsonl = "".join(json.dumps(event, separators=(",", ":")) + "\n" for event in rec.events)
        (folder / f"{name}.jsonl").write_text(jsonl)


if __name__ == "__main__":
    main()
