"""Stockfish's view of every move of a match: how often each engine blunders.

    python3 book/ladder/analysis/blunders.py GAMES.pgn [NODES] [STOCKFISH]

Stockfish (one thread, NODES nodes a position, 20,000 by default) judges
the position before and after every move, from the side that moved. A move
that loses two pawns or more of that judgement is a blunder, one that loses
a pawn or more a mistake, counted only in positions not already decided
(within five pawns). Prints, for each engine, the moves counted, its
blunders (and in which phase: the first 12 moves, the middlegame, or 12
pieces or fewer) and its mistakes; then each blunder whose comment holds
the search's nodes (`n=...`, as ladder.py writes it) with the command,
typed at the workspace's root, that replays its search and asks why it
did not play Stockfish's move:

    game 3, 23... Nxe5 by LaMoSca v0.10, 2.30 pawns lost (Stockfish: Bd6)
        cargo replay GAMES.pgn --game 3 --move 23...

Needs python-chess (`pip install chess`) and Stockfish
(`apt-get install stockfish`, by default at /usr/games/stockfish).
"""

import argparse
import collections
import shlex

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


def move_name(board):
    """The move about to be played as a PGN numbers it: `23.` or `23...`."""
    return f"{board.fullmove_number}{'.' if board.turn == chess.WHITE else '...'}"


def replay_command(path, number, board):
    """The command that replays the search of the move about to be played."""
    return f"cargo replay {shlex.quote(path)} --game {number} --move {move_name(board)}"


def judge_game(engine, limit, game, number, path, counts, replays):
    """Counts one game's moves into `counts`; each blunder that can be
    replayed goes into `replays` with its command."""
    names = {chess.WHITE: game.headers["White"], chess.BLACK: game.headers["Black"]}
    board = game.board()
    before = engine.analyse(board, limit)
    for node in game.mainline():
        mover, san = board.turn, board.san(node.move)
        best = before.get("pv", [None])[0]
        best = board.san(best) if best in board.legal_moves else None
        was = centipawns(before, mover)
        name, command = move_name(board), replay_command(path, number, board)
        board.push(node.move)
        after = None if board.is_game_over() else engine.analyse(board, limit)
        now = centipawns(after, mover) if after else was
        if abs(was) < DECIDED:
            count = counts[names[mover]]
            count["moves"] += 1
            if was - now >= BLUNDER:
                count["blunders"][phase(board)] += 1
                if "n=" in (node.comment or ""):
                    replays.append((number, name, san, names[mover], (was - now) / 100,
                                    best, command))
            elif was - now >= MISTAKE:
                count["mistakes"] += 1
        before = after or before


def main(path, nodes, stockfish):
    engine = chess.engine.SimpleEngine.popen_uci(stockfish)
    engine.configure({"Threads": 1, "Hash": 16})
    limit = chess.engine.Limit(nodes=nodes)
    counts = collections.defaultdict(lambda: {"moves": 0, "blunders": collections.Counter(), "mistakes": 0})
    replays = []
    with open(path) as pgn:
        number = 0
        while (game := chess.pgn.read_game(pgn)) is not None:
            number += 1
            judge_game(engine, limit, game, number, path, counts, replays)
    engine.quit()
    for name, count in counts.items():
        moves, blunders = count["moves"], sum(count["blunders"].values())
        print(f"{name}: {moves} moves, {blunders} blunders ({100 * blunders / moves:.1f}%, "
              f"{dict(count['blunders'])}), {count['mistakes']} mistakes "
              f"({100 * count['mistakes'] / moves:.1f}%)")
    if replays:
        print("\nThe blunders, each with the command that replays its search "
              "(from the workspace's root):")
    for number, name, san, engine_name, lost, best, command in replays:
        print(f"game {number}, {name} {san} by {engine_name}, {lost:.2f} pawns lost"
              f"{f' (Stockfish: {best})' if best else ''}\n    {command}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", metavar="GAMES.pgn")
    parser.add_argument("nodes", metavar="NODES", type=int, nargs="?", default=20_000)
    parser.add_argument("stockfish", metavar="STOCKFISH", nargs="?", default="/usr/games/stockfish")
    args = parser.parse_args()
    main(args.games, args.nodes, args.stockfish)
