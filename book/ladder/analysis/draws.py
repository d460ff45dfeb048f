"""Who a threefold repetition saved: Stockfish's view of the last position
of every game of a match drawn by repetition.

    python3 book/ladder/analysis/draws.py GAMES.pgn ENGINE [NODES] [STOCKFISH]

Stockfish (one thread, NODES nodes, two million by default) judges each
such position from ENGINE's side. It is given the position alone, without
the moves that led there, so that it does not score the repetition itself
as a draw. Prints how many of those draws ENGINE reached a pawn or more
behind, a pawn or more ahead, and in between.

Needs python-chess (`pip install chess`) and Stockfish
(`apt-get install stockfish`, by default at /usr/games/stockfish).
"""

import statistics
import argparse
import sys

import chess
import chess.engine
import chess.pgn

PAWN = 100


def main(path, name, nodes, stockfish):
    engine = chess.engine.SimpleEngine.popen_uci(stockfish)
    engine.configure({"Threads": 1, "Hash": 64})
    values = []
    with open(path) as pgn:
        while (game := chess.pgn.read_game(pgn)) is not None:
            headers = game.headers
            if headers["Result"] != "1/2-1/2" or name not in (headers["White"], headers["Black"]):
                continue
            board = game.end().board()
            if not board.is_repetition(3):
                continue
            side = chess.WHITE if headers["White"] == name else chess.BLACK
            info = engine.analyse(chess.Board(board.fen()), chess.engine.Limit(nodes=nodes))
            values.append(info["score"].pov(side).score(mate_score=10000))
    engine.quit()
    if not values:
        sys.exit(f"no game of {name} in {path} was drawn by repetition")
    print(f"{name}: {len(values)} draws by repetition, median {statistics.median(values):+.0f} cp; "
          f"a pawn or more behind in {sum(v <= -PAWN for v in values)}, "
          f"ahead in {sum(v >= PAWN for v in values)}, "
          f"within a pawn in {sum(-PAWN < v < PAWN for v in values)}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", metavar="GAMES.pgn")
    parser.add_argument("engine", metavar="ENGINE")
    parser.add_argument("nodes", metavar="NODES", type=int, nargs="?", default=2_000_000)
    parser.add_argument("stockfish", metavar="STOCKFISH", nargs="?", default="/usr/games/stockfish")
    args = parser.parse_args()
    main(args.games, args.engine, args.nodes, args.stockfish)
