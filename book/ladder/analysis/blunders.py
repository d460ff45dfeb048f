"""Stockfish's view of every move of a match: how often each engine blunders.

    python3 book/ladder/analysis/blunders.py GAMES.pgn [NODES] [STOCKFISH]

Stockfish (one thread, NODES nodes a position, 20,000 by default) judges
the position before and after every move, from the side that moved. A move
that loses two pawns or more of that judgement is a blunder, one that loses
a pawn or more a mistake, counted only in positions not already decided
(within five pawns). Prints, for each engine, the moves counted, its
blunders (and in which phase: the first 12 moves, the middlegame, or 12
pieces or fewer) and its mistakes.

Needs python-chess (`pip install chess`) and Stockfish
(`apt-get install stockfish`, by default at /usr/games/stockfish).
"""

import collections
import argparse

import chess
import chess.engine
import chess.pgn

BLUNDER, MISTAKE, DECIDED = 200, 100, 500


def centipawns(info, side):
    return info["score"].pov(side).score(mate_score=10000)


def phase(board):
    if board.fullmove_number <= 12:
        return "opening"
    return "endgame" if len(board.piece_map()) <= 12 else "middlegame"


def main(path, nodes, stockfish):
    engine = chess.engine.SimpleEngine.popen_uci(stockfish)
    engine.configure({"Threads": 1, "Hash": 16})
    limit = chess.engine.Limit(nodes=nodes)
    counts = collections.defaultdict(lambda: {"moves": 0, "blunders": collections.Counter(), "mistakes": 0})
    with open(path) as pgn:
        while (game := chess.pgn.read_game(pgn)) is not None:
            names = {chess.WHITE: game.headers["White"], chess.BLACK: game.headers["Black"]}
            board = game.board()
            before = engine.analyse(board, limit)
            for move in game.mainline_moves():
                mover = board.turn
                was = centipawns(before, mover)
                board.push(move)
                after = None if board.is_game_over() else engine.analyse(board, limit)
                now = centipawns(after, mover) if after else was
                if abs(was) < DECIDED:
                    count = counts[names[mover]]
                    count["moves"] += 1
                    if was - now >= BLUNDER:
                        count["blunders"][phase(board)] += 1
                    elif was - now >= MISTAKE:
                        count["mistakes"] += 1
                before = after or before
    engine.quit()
    for name, count in counts.items():
        moves, blunders = count["moves"], sum(count["blunders"].values())
        print(f"{name}: {moves} moves, {blunders} blunders ({100 * blunders / moves:.1f}%, "
              f"{dict(count['blunders'])}), {count['mistakes']} mistakes "
              f"({100 * count['mistakes'] / moves:.1f}%)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", metavar="GAMES.pgn")
    parser.add_argument("nodes", metavar="NODES", type=int, nargs="?", default=20_000)
    parser.add_argument("stockfish", metavar="STOCKFISH", nargs="?", default="/usr/games/stockfish")
    args = parser.parse_args()
    main(args.games, args.nodes, args.stockfish)
