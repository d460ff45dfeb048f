"""Can each step win a won ending? Games from king and queen, or king and
rook, against a lone king in the centre, the step to move with the extra
piece and Stockfish defending, both at a fixed time a move.

    python3 book/ladder/analysis/endings.py ENGINE... [--movetime MS] [--report FILE]

Each game ends at mate, stalemate, a threefold repetition, the fifty-move
rule, or MAX_MOVES moves. Prints, and writes to --report as a markdown
table, how each engine's games ended and in how many moves it mated.

Needs python-chess (`pip install chess`) and Stockfish
(`apt-get install stockfish`, by default at /usr/games/stockfish).
"""

import argparse
import collections
import datetime
import os
import platform
import shlex
import sys
import statistics

import chess
import chess.engine

MAX_MOVES = 150

# The lone king on a centre square, the attacker's king and piece away from
# it; White, the engine under test, to move.
ENDINGS = [
    ("K+Q v K", "8/8/8/3k4/8/8/8/Q3K3 w - - 0 1"),
    ("K+Q v K", "8/8/8/8/4k3/8/8/K5Q1 w - - 0 1"),
    ("K+R v K", "8/8/8/3k4/8/8/8/R3K3 w - - 0 1"),
    ("K+R v K", "8/8/8/8/4k3/8/8/K6R w - - 0 1"),
]


def play(engine, defender, fen, movetime):
    """Plays one game; returns how it ended and the moves played."""
    board = chess.Board(fen)
    limit = chess.engine.Limit(time=movetime / 1000)
    while True:
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            return outcome.termination.name.lower().replace("_", " "), board.fullmove_number
        if board.fullmove_number > MAX_MOVES:
            return f"{MAX_MOVES} moves", MAX_MOVES
        side = engine if board.turn == chess.WHITE else defender
        board.push(side.play(board, limit).move)


def measure(command, defender, movetime):
    engine = chess.engine.SimpleEngine.popen_uci(command)
    results = []
    try:
        for name, fen in ENDINGS:
            ending, moves = play(engine, defender, fen, movetime)
            results.append((name, ending, moves))
            print(f"{os.path.basename(command)}: {name} from {fen}: {ending} at move {moves}", flush=True)
    finally:
        engine.quit()
    return results


def row(command, results):
    mates = [moves for _, ending, moves in results if ending == "checkmate"]
    others = collections.Counter(ending for _, ending, _ in results if ending != "checkmate")
    ended = ", ".join(f"{ending} ({count})" for ending, count in sorted(others.items())) or "-"
    median = f"{statistics.median(mates):.0f}" if mates else "-"
    return f"| {os.path.basename(command)} | {len(mates)} of {len(results)} | {median} | {ended} |"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("engines", nargs="+", metavar="ENGINE", help="a UCI engine's command")
    parser.add_argument("--movetime", type=int, default=100, help="ms a move, both sides (default 100)")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--report", help="write the markdown table there")
    args = parser.parse_args()
    defender = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    defender.configure({"Threads": 1})
    command = shlex.join(["python3", "book/ladder/analysis/endings.py", *sys.argv[1:]])
    lines = [
        f"Measured on {datetime.date.today()}, on {platform.machine()} {platform.system().lower()}, "
        f"{os.cpu_count()} hardware threads, by `{command}`. Each move had its time on the clock "
        "on the wall, so a busy machine lets the steps reach less deep.",
        "",
        f"Won endings at {args.movetime} ms a move, {len(ENDINGS)} games each, Stockfish defending:",
        "",
        "| engine | mated | median move of the mate | the other games ended by |",
        "|---|---:|---:|---|",
    ]
    try:
        for command in args.engines:
            lines.append(row(command, measure(command, defender, args.movetime)))
    finally:
        defender.quit()
    text = "\n".join(lines) + "\n"
    print(text)
    if args.report:
        with open(args.report, "w") as report:
            report.write(text)


if __name__ == "__main__":
    main()
