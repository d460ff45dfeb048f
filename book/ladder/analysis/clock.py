"""How an engine spent its clock in a match: the time of each of its moves,
as the runner measured it, against the move's budget.

    python3 book/ladder/analysis/clock.py GAMES.pgn "LaMoSca v0.11"

Reads the runner's PGN (each move's comment ends in the time it took, as
`0.379s`), replays every clock from the `TimeControl` header, and computes
each move's budget as the engine did from the clock it was told
(`Clock::budget` in `common/src/deepen.rs`, with no `movestogo`): the time
left over 30 plus three quarters of the increment, at most half the time
left, less the 30 ms kept back for answering. Prints the median time a move,
the median budget, the median ratio of the two, the moves over budget and
over budget plus the 30 ms, and the games lost on time.

Needs python-chess (`pip install chess`).
"""

import re
import statistics
import argparse
import sys

import chess.pgn

MOVES_TO_GO = 30
MOVE_OVERHEAD = 0.030
MIN_BUDGET = 0.005


def budget(time_left, increment):
    """The hard limit of a move, in seconds, as `Clock::budget` computes it."""
    half = time_left / 2
    share = min(time_left / MOVES_TO_GO + increment * 3 / 4, half)
    return min(max(share - MOVE_OVERHEAD, MIN_BUDGET), half)


def main(path, engine):
    used, budgets, games, lost_on_time = [], [], 0, 0
    with open(path) as pgn:
        while (game := chess.pgn.read_game(pgn)) is not None:
            headers = game.headers
            if engine not in (headers["White"], headers["Black"]):
                continue
            games += 1
            side = chess.WHITE if headers["White"] == engine else chess.BLACK
            lost = headers["Result"] == ("0-1" if side == chess.WHITE else "1-0")
            if lost and "time" in headers.get("Termination", ""):
                lost_on_time += 1
            base, increment = (float(x) for x in headers["TimeControl"].split("+"))
            left = {chess.WHITE: base, chess.BLACK: base}
            board = game.board()
            for node in game.mainline():
                mover = board.turn
                spent = re.search(r"([\d.]+)s", node.comment or "")
                if spent:
                    seconds = float(spent.group(1))
                    if mover == side:
                        used.append(seconds)
                        budgets.append(budget(left[mover], increment))
                    left[mover] += increment - seconds
                board.push(node.move)
    if not used:
        sys.exit(f"no timed move of {engine} in {path}")
    ratios = [u / b for u, b in zip(used, budgets)]
    over = sum(u > b for u, b in zip(used, budgets))
    beyond = sum(u > b + MOVE_OVERHEAD for u, b in zip(used, budgets))
    print(f"{engine}: {games} games, {len(used)} moves")
    print(f"median time a move {statistics.median(used) * 1000:.0f} ms, "
          f"median budget {statistics.median(budgets) * 1000:.0f} ms, "
          f"median ratio {statistics.median(ratios):.2f}")
    print(f"over budget {over} ({100 * over / len(used):.1f}%), "
          f"beyond budget + {MOVE_OVERHEAD * 1000:.0f} ms {beyond}, lost on time {lost_on_time}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", metavar="GAMES.pgn")
    parser.add_argument("engine", metavar="ENGINE")
    args = parser.parse_args()
    main(args.games, args.engine)
