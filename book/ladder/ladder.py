#!/usr/bin/env python3
"""Matches between chess engines, for the strength chapter of the LaMoSca book.

    python3 book/ladder/ladder.py \
        --engine target/release/lamosca-v10-quiescence \
        --engine xboard:/usr/games/fairymax \
        --games 48 --tc 2+0.05 --pgn v10-fairymax.pgn --report v10-fairymax.md

python-chess (the `chess` package) speaks UCI and xboard to the engines, each
in a process of its own, started afresh for every game. This script is the
referee: it keeps both clocks, judges each position by the rules before the
side to move is asked, and scores the match. Game i (from 1) starts from
opening (i - 1) // 2 with the first engine White when i is odd, so that each
opening is played once with each colour.

python-chess is a tool run beside the book, not a part of it: this script is
the only thing that imports it, and nothing of the book imports this script.
"""

import argparse
import asyncio
import datetime
import logging
import math
import os
import platform
import shlex
import sys
import time
from collections import Counter

import chess
import chess.engine
import chess.pgn

# 24 balanced openings, each stopped after 4 to 10 plies.
OPENINGS = [
    ("Italian Game", "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5"),
    ("Ruy Lopez", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6"),
    ("Scotch Game", "e2e4 e7e5 g1f3 b8c6 d2d4 e5d4 f3d4"),
    ("Petrov Defence", "e2e4 e7e5 g1f3 g8f6"),
    ("Four Knights Game", "e2e4 e7e5 g1f3 b8c6 b1c3 g8f6"),
    ("Sicilian, Najdorf", "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6"),
    ("Sicilian, Taimanov", "e2e4 c7c5 g1f3 e7e6 d2d4 c5d4 f3d4 b8c6"),
    ("Sicilian, Alapin", "e2e4 c7c5 c2c3 g8f6"),
    ("French, Classical", "e2e4 e7e6 d2d4 d7d5 b1c3 g8f6"),
    ("French, Advance", "e2e4 e7e6 d2d4 d7d5 e4e5 c7c5"),
    ("Caro-Kann, Classical", "e2e4 c7c6 d2d4 d7d5 b1c3 d5e4 c3e4 c8f5"),
    ("Scandinavian Defence", "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5"),
    ("Pirc Defence", "e2e4 d7d6 d2d4 g8f6 b1c3 g7g6"),
    ("Queen's Gambit Declined", "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6"),
    ("Queen's Gambit Accepted", "d2d4 d7d5 c2c4 d5c4 g1f3 g8f6"),
    ("Slav Defence", "d2d4 d7d5 c2c4 c7c6 g1f3 g8f6"),
    ("King's Indian Defence", "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6"),
    ("Nimzo-Indian Defence", "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4"),
    ("Queen's Indian Defence", "d2d4 g8f6 c2c4 e7e6 g1f3 b7b6"),
    ("Grünfeld Defence", "d2d4 g8f6 c2c4 g7g6 b1c3 d7d5"),
    ("Dutch Defence", "d2d4 f7f5 g1f3 g8f6 g2g3 e7e6"),
    ("English, Reversed Sicilian", "c2c4 e7e5 b1c3 g8f6"),
    ("English, Symmetrical", "c2c4 c7c5 g1f3 g8f6 b1c3 b8c6"),
    ("Réti Opening", "g1f3 d7d5 c2c4 e7e6"),
]

# The factor of the standard error for a 95% interval.
Z_95 = 1.96
# The score, in centipawns, from which a side counts as winning.
WINNING_SCORE = 100
# Seconds an engine has to answer the protocol's greeting (`uci` with
# `uciok`, `xboard` with its features) when it starts, by default.
HANDSHAKE = 10.0


# ----------------------------------------------------------------- statistics

# ANCHOR: elo_of_score
def elo_of_score(score):
    """The Elo difference a score (0 to 1) implies, infinite at 0 and 1."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return 400.0 * math.log10(score / (1.0 - score))
# ANCHOR_END: elo_of_score


# ANCHOR: elo
def elo(wins, draws, losses):
    """The Elo difference and half the width of its 95% interval."""
    n = wins + draws + losses
    if n == 0:
        return math.nan, math.nan
    score = (wins + draws / 2) / n
    variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / n
    error = math.sqrt(variance / n)
    low, high = elo_of_score(score - Z_95 * error), elo_of_score(score + Z_95 * error)
    return elo_of_score(score), (high - low) / 2
# ANCHOR_END: elo


def elo_text(wins, draws, losses):
    """`+172 ± 99`, `+∞`, `+529 ± ∞`, or `-` before any game."""
    difference, margin = elo(wins, draws, losses)
    if math.isnan(difference):
        return "-"
    if math.isinf(difference):
        return "+∞" if difference > 0 else "-∞"
    return f"{difference:+.0f}" + (f" ± {margin:.0f}" if math.isfinite(margin) else " ± ∞")


def tally_text(wins, draws, losses):
    return f"+{wins} ={draws} -{losses}"


def score_text(wins, draws, losses):
    n = wins + draws + losses
    return f"{100 * (wins + draws / 2) / n:.1f}%" if n else "-"


# ---------------------------------------------------------------- the engines

class StartPositionXBoard(chess.engine.XBoardProtocol):
    """xboard, for engines that cannot be given a position (`feature
    setboard=0`, as Fairy-Max says), which python-chess refuses. Every game
    here starts from the start position and reaches its opening by moves,
    so python-chess never sends `setboard`: the feature is taken as given."""

    def _line_received(self, line):
        if line.startswith("feature "):
            line = line.replace("setboard=0", "setboard=1")
        super()._line_received(line)


class NotAnEngine(Exception):
    """A program that does not answer its protocol's greeting."""


class Engine:
    """An engine's command line, protocol, name and options."""

    def __init__(self, text, handshake=HANDSHAKE):
        protocol, _, command = text.partition(":")
        if protocol not in ("uci", "xboard") or not command:
            protocol, command = "uci", text
        self.protocol, self.command = protocol, shlex.split(command)
        self.name, self.options, self.handshake = None, {}, handshake
        # The name the engine gives itself (`id name`), which the replay
        # maps to its step whatever `--name` says.
        self.identity = None

    async def start(self):
        """The engine, started and greeted; `NotAnEngine` when it does not
        answer the greeting within `handshake` seconds, or ends first."""
        protocol = chess.engine.UciProtocol if self.protocol == "uci" else StartPositionXBoard
        transport, engine = await protocol.popen(self.command)
        greeting, kind = {"uci": ("`uci` with `uciok`", "a UCI engine"),
                          "xboard": ("`xboard` with its features", "an xboard engine")}[self.protocol]
        command = shlex.join(self.command)
        try:
            await asyncio.wait_for(engine.initialize(), self.handshake)
        except BaseException as error:
            transport.close()
            if isinstance(error, asyncio.TimeoutError):
                raise NotAnEngine(f"'{command}' did not answer {greeting} within "
                                  f"{self.handshake:g} s: is it {kind}?") from None
            if isinstance(error, chess.engine.EngineTerminatedError):
                raise NotAnEngine(f"'{command}' ended before it answered {greeting}: "
                                  f"is it {kind}?") from None
            raise
        if self.options:
            await engine.configure(self.options)
        return engine

    async def read_name(self):
        engine = await self.start()
        self.identity = engine.id.get("name") or os.path.basename(self.command[0])
        self.name = self.name or self.identity
        await engine.quit()


class Control:
    """A clock (`2+0.05`), a time a move, or a depth."""

    def __init__(self, tc=None, movetime=None, depth=None, grace=0.1, timeout=60):
        self.base, self.increment = None, 0.0
        if tc:
            base, _, increment = tc.partition("+")
            self.base, self.increment = float(base), float(increment or 0)
        self.movetime, self.depth, self.grace, self.timeout = movetime, depth, grace, timeout

    def __str__(self):
        if self.base is not None:
            return f"{self.base:g}+{self.increment:g} s"
        return f"{self.movetime:g} s a move" if self.movetime else f"depth {self.depth}"

    def pgn_tag(self):
        return f"{self.base:g}+{self.increment:g}" if self.base is not None else "-"

    def limit(self, clocks, game, xboard):
        """The limit of one move, and how long the referee waits for it."""
        if self.base is not None:
            limit = chess.engine.Limit(white_clock=clocks[0], black_clock=clocks[1],
                                       white_inc=self.increment, black_inc=self.increment,
                                       clock_id=game)
            return limit, None  # the side to move's clock, set by the caller
        if self.movetime:
            return chess.engine.Limit(time=self.movetime), self.movetime + self.grace
        # An xboard engine given a depth alone keeps its own clock too (its
        # default one): a day a move leaves the depth alone to end the search.
        return chess.engine.Limit(depth=self.depth, time=86400 if xboard else None), self.timeout


# ------------------------------------------------------------------ one game

# ANCHOR: judge
def judge(board):
    """The result and why by the rules of chess, or None while the game goes on."""
    if not any(board.legal_moves):
        if board.is_check():
            return ("0-1" if board.turn == chess.WHITE else "1-0"), "checkmate"
        return "1/2-1/2", "stalemate"
    if board.is_insufficient_material():
        return "1/2-1/2", "insufficient material"
    if board.is_repetition(3):
        return "1/2-1/2", "threefold repetition"
    if board.halfmove_clock >= 100:
        return "1/2-1/2", "fifty-move rule"
    return None
# ANCHOR_END: judge


def note(score, depth, seconds, nodes=None):
    """A move's PGN comment as cutechess writes it, `+0.35/7 0.120s`, then
    the nodes the search visited by its last `info` line, `n=12345` (every
    node, when a LaMoSca step was stopped inside an iteration: it tells
    them on an `info nodes` line after the last finished iteration's): with
    the position, the history and the options in the headers, what replays
    the search node for node (`cargo replay`)."""
    text = ""
    if score is not None:
        if score.is_mate():
            text = f"+M{score.mate()}" if score.mate() >= 0 else f"-M{-score.mate()}"
        else:
            text = f"{score.score() / 100:+.2f}"
        text += f"/{depth}" if depth is not None else ""
        text = f"{text} {seconds:.3f}s"
    else:
        text = f"{seconds:.3f}s"
    return text + (f" n={nodes}" if nodes is not None else "")


def options_tag(options):
    """The options an engine was given, for its PGN header: `Hash=64; Ideas=all`,
    or empty for none (each of the engine's defaults)."""
    return "; ".join(f"{name}={value}" for name, value in options.items())


class Side:
    """What one engine did in one game."""

    def __init__(self, name):
        self.name, self.moves, self.depths, self.depth_sum = name, 0, 0, 0
        self.thinking, self.last_score = 0.0, None


class Game:
    def __init__(self, number, opening, names, engines=None):
        self.number, self.opening, self.sides = number, opening, [Side(n) for n in names]
        # White's engine, then Black's: their identities and options.
        self.engines = engines or []
        self.board, self.notes = chess.Board(), []
        self.result, self.ending, self.at_fault = "*", "", None

    def lose(self, color, ending):
        self.result = "0-1" if color == chess.WHITE else "1-0"
        self.ending, self.at_fault = ending, color

    def describe(self):
        color = {chess.WHITE: "White", chess.BLACK: "Black"}
        if self.ending == "checkmate":
            return f"{'White' if self.result == '1-0' else 'Black'} mates"
        if self.ending == "loss on time":
            return f"{color[self.at_fault]} loses on time"
        if self.at_fault is not None:
            return f"{color[self.at_fault]} loses: {self.ending}"
        if self.ending == "resignation":
            return f"{'Black' if self.result == '1-0' else 'White'} resigns"
        return f"Draw by {self.ending}"


async def ask(engine, game, control, clocks):
    """Asks the side to move for a move: the reply, the seconds it took and
    the time allowed for it."""
    xboard = isinstance(engine, chess.engine.XBoardProtocol)
    limit, wait = control.limit(clocks, game.number, xboard)
    side = game.board.turn
    allowed = clocks[0 if side == chess.WHITE else 1] + control.grace if wait is None else wait
    started = time.monotonic()
    play = engine.play(game.board, limit, game=game.number,
                       info=chess.engine.INFO_BASIC | chess.engine.INFO_SCORE)
    reply = await asyncio.wait_for(play, allowed + 1.0)
    return reply, time.monotonic() - started, allowed


async def referee(engines, game, control):
    """Plays the game out on `game.board` with White's engine first in `engines`."""
    clocks = [control.base or 0.0] * 2
    timed = control.depth is None
    while (verdict := judge(game.board)) is None:
        side = game.board.turn
        index = 0 if side == chess.WHITE else 1
        stats = game.sides[index]
        try:
            reply, elapsed, allowed = await ask(engines[index], game, control, clocks)
        except asyncio.TimeoutError:
            return game.lose(side, "loss on time" if timed else "silence")
        except chess.engine.EngineError as error:
            kind = "illegal move" if "illegal" in str(error) else "protocol error"
            return game.lose(side, f"{kind}: {error}")
        except chess.engine.EngineTerminatedError:
            return game.lose(side, "crash")
        stats.thinking += elapsed
        if reply.resigned:
            game.result, game.ending = ("0-1" if side == chess.WHITE else "1-0"), "resignation"
            return None
        if timed and elapsed > allowed:
            return game.lose(side, "loss on time")
        if reply.move is None or reply.move not in game.board.legal_moves:
            return game.lose(side, f"illegal move: {reply.move}")
        if control.base is not None:
            clocks[index] = max(0.0, clocks[index] - elapsed) + control.increment
        # python-chess merges the `info` lines of a search into one: its
        # nodes are those of the last line that gave them, the whole
        # search's, while the depth and the score stay the last finished
        # iteration's.
        depth, score = reply.info.get("depth"), reply.info.get("score")
        nodes = reply.info.get("nodes")
        score = score.relative if score is not None else None
        stats.moves += 1
        if depth is not None:
            stats.depths, stats.depth_sum = stats.depths + 1, stats.depth_sum + depth
        if score is not None:
            stats.last_score = score
        game.notes.append(note(score, depth, elapsed, nodes))
        game.board.push(reply.move)
    game.result, game.ending = verdict
    return None


async def play_game(number, opening, engines, names, control):
    """Game `number`: fresh engines, the opening, then the referee."""
    game = Game(number, opening[0], names, engines)
    for move in opening[1].split():
        game.board.push_uci(move)
        game.notes.append("")
    started = []
    for index, engine in enumerate(engines):
        try:
            started.append(await engine.start())
        except Exception as error:  # a command that will not start loses
            game.lose(chess.WHITE if index == 0 else chess.BLACK, f"cannot start: {error}")
            break
    if len(started) == 2:
        await referee(started, game, control)
    for engine in started:
        try:
            await asyncio.wait_for(engine.quit(), 2)
        except (asyncio.TimeoutError, chess.engine.EngineError,
                chess.engine.EngineTerminatedError):
            engine.transport.kill()
    return game


# ------------------------------------------------------------- the match

def first_is_white(number):
    return number % 2 == 1


def points_of_first(game):
    points = {"1-0": 1.0, "0-1": 0.0}.get(game.result, 0.5)
    return points if first_is_white(game.number) else 1.0 - points


def is_winning(score):
    if score is None:
        return False
    return score.mate() > 0 if score.is_mate() else score.score() >= WINNING_SCORE


def tally(games):
    points = [points_of_first(g) for g in games]
    return points.count(1.0), points.count(0.5), points.count(0.0)


def totals(games):
    """For each engine, the first one's first: moves, depths, time, faults, draws ahead."""
    rows = [Counter(), Counter()]
    for game in games:
        for index, side in enumerate(game.sides):
            color = chess.WHITE if index == 0 else chess.BLACK
            engine = rows[0 if (index == 0) == first_is_white(game.number) else 1]
            engine.update(moves=side.moves, depths=side.depths, depth_sum=side.depth_sum,
                          thinking=side.thinking)
            if game.result == "1/2-1/2" and is_winning(side.last_score):
                engine["drawn_ahead"] += 1
            if game.at_fault == color:
                fault = game.ending.split(":")[0]
                engine[{"loss on time": "on time", "illegal move": "by an illegal move"}
                       .get(fault, "by a crash or protocol error")] += 1
    return rows


def faults_text(row):
    faults = [f"{row[k]} {k}" for k in ("on time", "by an illegal move",
                                        "by a crash or protocol error") if row[k]]
    return ", ".join(faults) or "none"


def endings_text(games):
    counts = Counter(g.ending.split(":")[0] for g in games)
    return ", ".join(f"{name} {n}" for name, n in sorted(counts.items(), key=lambda e: (-e[1], e[0])))


def hardware_threads():
    n = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return "1 hardware thread" if n == 1 else f"{n} hardware threads"


def report(games, names, control, command, when):
    """The markdown fragment the chapter includes: a table row, then details."""
    w, d, l = tally(games)
    rows = totals(games)
    depth = [f"{r['depth_sum'] / r['depths']:.1f}" if r["depths"] else "-" for r in rows]
    timing = [f"{int(1000 * r['thinking'] / r['moves'])} ms" if r["moves"] else "-" for r in rows]
    lines = [
        "<!-- Written by `python3 book/ladder/ladder.py ... --report FILE`. Games differ from run "
        "to run, so the tests never compare this file with a fresh run: play the match again "
        "to update it. -->",
        "<!-- ANCHOR: row -->",
        f"| {names[0]} | {names[1]} | {control} | {w + d + l} | {tally_text(w, d, l)} "
        f"| {score_text(w, d, l)} | {elo_text(w, d, l)} |",
        "<!-- ANCHOR_END: row -->", "", "<!-- ANCHOR: details -->",
        f"{names[0]} against {names[1]}: {w + d + l} games at {control}, played on {when} on "
        f"{platform.machine()} {sys.platform} with {hardware_threads()} available to the match, "
        f"by", "", "```text", command, "```", "",
        f"|  | {names[0]} | {names[1]} |", "| :--- | ---: | ---: |",
        f"| mean depth of its moves | {depth[0]} | {depth[1]} |",
        f"| mean time a move | {timing[0]} | {timing[1]} |",
        f"| games lost by its own fault | {faults_text(rows[0])} | {faults_text(rows[1])} |",
        f"| draws it scored a pawn or more up | {rows[0]['drawn_ahead']} "
        f"| {rows[1]['drawn_ahead']} |",
        "", f"How the games ended: {endings_text(games)}.", "<!-- ANCHOR_END: details -->", "",
    ]
    return "\n".join(lines)


def pgn_game(game, control, when):
    record = chess.pgn.Game()
    record.headers.update(Event="LaMoSca ladder", Site="?", Date=when, Round=str(game.number),
                          White=game.sides[0].name, Black=game.sides[1].name, Result=game.result,
                          Opening=game.opening, TimeControl=control.pgn_tag(),
                          Termination={"loss on time": "time forfeit"}.get(game.ending, "normal"))
    # What the replay needs besides the moves: which program played each
    # side, and with which options.
    for color, engine in zip(("White", "Black"), game.engines):
        side = game.sides[0 if color == "White" else 1]
        record.headers[f"{color}Engine"] = engine.identity or side.name
        record.headers[f"{color}Options"] = options_tag(engine.options)
    node = record
    for move, comment in zip(game.board.move_stack, game.notes):
        node = node.add_variation(move, comment=comment)
    node.comment = (node.comment + " " if node.comment else "") + game.describe()
    return str(record) + "\n\n"


async def play_match(engines, games, openings, control, on_game):
    for engine in engines:
        await engine.read_name()
    names = [e.name for e in engines]
    played = []
    for number in range(1, games + 1):
        order = [0, 1] if first_is_white(number) else [1, 0]
        opening = openings[(number - 1) // 2 % len(openings)]
        game = await play_game(number, opening, [engines[i] for i in order],
                               [names[i] for i in order], control)
        played.append(game)
        on_game(game, played)
    return names, played


# ------------------------------------------------------------ command line

class Parser(argparse.ArgumentParser):
    """argparse, with bad input said in one line (`error: ...`) and exit
    code 2, as the workspace's programs say it."""

    def error(self, message):
        print(f"error: {message}", file=sys.stderr)
        sys.exit(2)


def positive(kind):
    """An argument type: a number of `kind` above 0."""
    words = "a whole number" if kind is int else "a number"

    def parse(text):
        try:
            value = kind(text)
        except ValueError:
            value = None
        if value is None or not value > 0 or not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"needs {words} above 0, not '{text}'")
        return value
    return parse


def not_negative(text):
    """An argument type: a number of 0 or more."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value >= 0 or not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"needs a number of 0 or more, not '{text}'")
    return value


def arguments(argv):
    parser = Parser(description=__doc__.split("\n")[0])
    engines = []

    class Add(argparse.Action):
        def __call__(self, parser, namespace, value, option):
            if option == "--engine":
                return engines.append(Engine(value))
            if not engines:
                parser.error(f"{option} belongs after the --engine it is for")
            if option == "--name":
                engines[-1].name = value
            else:
                name, _, setting = value.partition("=")
                engines[-1].options[name] = setting

    for switch, help in [("--engine", "an engine's command; uci:CMD or xboard:CMD"),
                         ("--name", "the name of the engine before"),
                         ("--option", "NAME=VALUE for the engine before")]:
        parser.add_argument(switch, action=Add, help=help)
    parser.add_argument("--games", type=positive(int), default=10)
    parser.add_argument("--tc", help="BASE+INC in seconds (default 2+0.05)")
    parser.add_argument("--movetime", type=positive(float), help="seconds a move instead")
    parser.add_argument("--depth", type=positive(int), help="a fixed depth instead, and no clock")
    parser.add_argument("--openings", help="a file of openings: UCI moves, then ; and a name")
    parser.add_argument("--pgn", help="write the games there")
    parser.add_argument("--report", help="write the markdown fragment for the book there")
    parser.add_argument("--grace", type=not_negative, default=100,
                        help="ms allowed past the clock")
    parser.add_argument("--timeout", type=positive(float), default=60,
                        help="silence that loses, in s")
    parser.add_argument("--handshake", type=positive(float), default=HANDSHAKE,
                        help="seconds an engine has to answer uci or xboard when it starts")
    args = parser.parse_args(argv)
    if len(engines) != 2:
        parser.error("give two engines")
    for engine in engines:
        engine.handshake = args.handshake
    if args.tc is None and args.movetime is None and args.depth is None:
        args.tc = "2+0.05"
    base, _, increment = (args.tc or "1").partition("+")
    try:
        if float(base) <= 0 or float(increment or 0) < 0:
            raise ValueError
    except ValueError:
        parser.error(f"--tc needs BASE+INC in seconds, like 10+0.1, not '{args.tc}'")
    return args, engines


# An opening is a line of a few dozen moves: a line longer than this is no
# openings file (/dev/zero, a binary file), and is refused as soon as it is
# read, rather than held whole in memory.
LONGEST_OPENING_LINE = 4096


def opening_lines(path):
    """The lines of the openings file `path`, each read within
    LONGEST_OPENING_LINE characters, with their numbers."""
    with open(path, encoding="utf-8") as lines:
        number = 0
        while line := lines.readline(LONGEST_OPENING_LINE + 1):
            number += 1
            if len(line) > LONGEST_OPENING_LINE:
                raise ValueError(f"{path}, line {number}: longer than {LONGEST_OPENING_LINE} "
                                 f"characters, so this is no openings file")
            yield number, line


def read_openings(path):
    openings = []
    try:
        numbered = list(opening_lines(path))
    except UnicodeDecodeError:
        raise ValueError(f"{path}: not text in UTF-8, so this is no openings file") from None
    for number, line in numbered:
        moves, _, name = line.split("#")[0].partition(";")
        if moves.split():
            board = chess.Board()
            for move in moves.split():
                if chess.Move.from_uci(move) not in board.legal_moves:
                    raise ValueError(f"{path}, line {number}: '{move}' is not a legal move here")
                board.push_uci(move)
            openings.append((name.strip() or f"opening {len(openings) + 1}", moves))
    if not openings:
        raise ValueError(f"{path}: no opening in the file (one a line: UCI moves, then ; and "
                         f"a name; # starts a comment)")
    return openings


def main(argv):
    args, engines = arguments(argv)
    # The referee says what went wrong in each game; python-chess's own
    # messages about a command cut short by a loss on time add nothing.
    logging.getLogger("chess.engine").setLevel(logging.CRITICAL)
    control = Control(args.tc, args.movetime, args.depth, args.grace / 1000, args.timeout)
    openings = read_openings(args.openings) if args.openings else OPENINGS
    when = datetime.date.today().strftime("%Y.%m.%d")
    pgn = open(args.pgn, "w", encoding="utf-8") if args.pgn else None
    # Opened now, so that a path that cannot be written fails before the games.
    report_file = open(args.report, "w", encoding="utf-8") if args.report else None

    def on_game(game, played):
        w, d, l = tally(played)
        print(f"game {game.number:>3}/{args.games}  {game.sides[0].name} - {game.sides[1].name}"
              f"  {game.result}  {game.describe()}  ({game.opening}, {len(game.board.move_stack)}"
              f" plies)  {tally_text(w, d, l)}", flush=True)
        if pgn:
            pgn.write(pgn_game(game, control, when))
            pgn.flush()

    names, games = asyncio.run(play_match(engines, args.games, openings, control, on_game))
    w, d, l = tally(games)
    print(f"\n{names[0]} vs {names[1]}, {w + d + l} games at {control}: {tally_text(w, d, l)}, "
          f"{score_text(w, d, l)}, Elo {elo_text(w, d, l)}\nendings: {endings_text(games)}")
    if report_file:
        command = "python3 book/ladder/ladder.py " + shlex.join(argv)
        with report_file:
            report_file.write(report(games, names, control, command, when.replace(".", "-")))


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except (OSError, ValueError, asyncio.TimeoutError, chess.engine.EngineError,
            NotAnEngine) as error:
        # A command that does not start or speak its protocol, an opening
        # that is not legal, a file that cannot be written: one line, and
        # the code of bad input.
        print(f"error: {str(error) or type(error).__name__}", file=sys.stderr)
        sys.exit(2)
