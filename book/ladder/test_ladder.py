"""Tests of the match script's statistics and rules, with no engine:
`python3 -m unittest discover -s book/ladder` (python-chess installed)."""

import asyncio
import io
import math
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

import chess
import chess.pgn

import ladder


class Statistics(unittest.TestCase):
    def test_the_scale_of_the_elo_model(self):
        self.assertEqual(ladder.elo_of_score(0.5), 0.0)
        self.assertEqual(round(ladder.elo_of_score(0.64)), 100)
        self.assertEqual(round(ladder.elo_of_score(0.76)), 200)
        self.assertAlmostEqual(ladder.elo_of_score(0.25) + ladder.elo_of_score(0.75), 0.0)

    def test_the_error_bar(self):
        self.assertEqual(ladder.elo_text(30, 10, 8), "+172 ± 99")
        self.assertEqual(ladder.elo_text(5, 10, 5), "+0 ± 111")
        # The chapter's ladder: v0.09 against v0.07, and the goal's match.
        self.assertEqual(ladder.elo_text(36, 12, 0), "+338 ± 105")
        self.assertEqual(ladder.elo_text(21, 22, 57), "-131 ± 64")

    def test_every_row_of_the_chapter(self):
        # The rows the earlier Rust runner wrote: the same tally gives the
        # same score and Elo here, to the digit.
        folder = pathlib.Path(__file__).parent.parent / "chapters" / "measured" / "matches"
        rows = 0
        for path in sorted(folder.glob("*.md")):
            for line in path.read_text(encoding="utf-8").splitlines():
                found = re.match(r"\| .* \| \+(\d+) =(\d+) -(\d+) \| ([\d.]+%) \| (.*) \|$", line)
                if found:
                    w, d, l = map(int, found.groups()[:3])
                    self.assertEqual(ladder.score_text(w, d, l), found[4], path.name)
                    self.assertEqual(ladder.elo_text(w, d, l), found[5], path.name)
                    rows += 1
        self.assertGreaterEqual(rows, 18)

    def test_a_clean_sweep_has_no_finite_difference(self):
        self.assertEqual(ladder.elo_text(10, 0, 0), "+∞")
        self.assertEqual(ladder.elo_text(0, 0, 10), "-∞")
        # One draw makes it finite, but the interval reaches 100%.
        self.assertEqual(ladder.elo_text(10, 1, 0), "+529 ± ∞")
        self.assertEqual(ladder.elo_text(0, 0, 0), "-")
        self.assertTrue(math.isnan(ladder.elo(0, 0, 0)[0]))

    def test_scores_and_tallies(self):
        self.assertEqual(ladder.score_text(36, 12, 0), "87.5%")
        self.assertEqual(ladder.tally_text(2, 1, 1), "+2 =1 -1")


def board(moves=(), fen=chess.STARTING_FEN):
    position = chess.Board(fen)
    for move in moves:
        position.push_uci(move)
    return position


class Rules(unittest.TestCase):
    def test_mates_and_stalemates(self):
        self.assertIsNone(ladder.judge(board(["f2f3", "e7e5", "g2g4"])))
        self.assertEqual(ladder.judge(board(["f2f3", "e7e5", "g2g4", "d8h4"])),
                         ("0-1", "checkmate"))
        self.assertEqual(ladder.judge(board(fen="7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")),
                         ("1/2-1/2", "stalemate"))

    def test_the_rules_end_games_drawn(self):
        judged = lambda fen: ladder.judge(board(fen=fen))
        self.assertEqual(judged("8/8/4k3/8/8/3NK3/8/8 w - - 0 1"),
                         ("1/2-1/2", "insufficient material"))
        self.assertEqual(judged("8/8/4k3/8/8/3RK3/8/8 w - - 100 80"),
                         ("1/2-1/2", "fifty-move rule"))
        self.assertIsNone(judged("8/8/4k3/8/8/3RK3/8/8 w - - 99 80"))
        # Mate on the hundredth ply is still mate.
        self.assertEqual(judged("R5k1/5ppp/8/8/8/8/8/6K1 b - - 100 80"), ("1-0", "checkmate"))

    def test_a_third_occurrence_is_a_draw(self):
        knights = ["g1f3", "g8f6", "f3g1", "f6g8"]
        self.assertIsNone(ladder.judge(board(knights + knights[:3])))
        self.assertEqual(ladder.judge(board(knights * 2)), ("1/2-1/2", "threefold repetition"))

    def test_every_built_in_opening_is_legal_and_named_once(self):
        for name, moves in ladder.OPENINGS:
            position = board(moves.split())
            self.assertTrue(4 <= len(moves.split()) <= 10, name)
            self.assertIsNone(ladder.judge(position), name)
        self.assertEqual(len({name for name, _ in ladder.OPENINGS}), 24)


class Openings(unittest.TestCase):
    def test_a_file_of_openings_is_checked_move_by_move(self):
        with tempfile.TemporaryDirectory() as folder:
            path = pathlib.Path(folder) / "openings.txt"
            path.write_text("# two lines\n\ne2e4 e7e5 ; Open Game\nd2d4 d7d5 # no name\n")
            self.assertEqual(ladder.read_openings(path),
                             [("Open Game", "e2e4 e7e5 "), ("opening 2", "d2d4 d7d5 ")])
            path.write_text("e2e4 e7e5\ne2e5\n")
            with self.assertRaisesRegex(ValueError, "line 2: 'e2e5' is not a legal move here"):
                ladder.read_openings(path)

    def test_a_file_of_no_opening_is_refused(self):
        with tempfile.TemporaryDirectory() as folder:
            path = pathlib.Path(folder) / "openings.txt"
            for text in ["", "# comments only\n  # and blanks\n\n"]:
                path.write_text(text)
                with self.assertRaisesRegex(ValueError, "no opening in the file"):
                    ladder.read_openings(path)

    def test_a_file_of_no_lines_is_refused_at_its_first_long_line(self):
        # /dev/zero has no end and no newline: it is refused at once.
        with self.assertRaisesRegex(ValueError, "line 1: longer than 4096 characters"):
            ladder.read_openings("/dev/zero")
        with tempfile.TemporaryDirectory() as folder:
            path = pathlib.Path(folder) / "openings.bin"
            path.write_bytes(b"e2e4 e7e5\n" + bytes(range(128, 256)))
            with self.assertRaisesRegex(ValueError, "not text in UTF-8"):
                ladder.read_openings(path)


SCRIPT = pathlib.Path(__file__).parent / "ladder.py"


def run(*args):
    """The script run as a learner runs it: its exit code and its error
    output, within a bound so that a hang fails the test."""
    done = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                          timeout=60)
    return done.returncode, done.stderr


class BadInput(unittest.TestCase):
    """Each mistake is one line of standard error and exit code 2, before
    any game."""

    def refused(self, args, reason):
        code, stderr = run("--engine", "/bin/true", "--engine", "/bin/true", *args)
        self.assertEqual(code, 2, stderr)
        self.assertEqual(len(stderr.splitlines()), 1, stderr)
        self.assertTrue(stderr.startswith("error: "), stderr)
        self.assertIn(reason, stderr)

    def test_counts_depths_and_times_must_be_positive(self):
        self.refused(["--games", "-3"], "--games: needs a whole number above 0, not '-3'")
        self.refused(["--games", "0"], "--games: needs a whole number above 0")
        self.refused(["--depth", "0"], "--depth: needs a whole number above 0, not '0'")
        self.refused(["--movetime", "-1"], "--movetime: needs a number above 0, not '-1'")
        self.refused(["--movetime", "nan"], "--movetime: needs a number above 0")
        self.refused(["--timeout", "0"], "--timeout: needs a number above 0")
        self.refused(["--grace", "-5"], "--grace: needs a number of 0 or more")
        self.refused(["--tc", "0+1"], "--tc needs BASE+INC in seconds")

    def test_an_empty_openings_file_is_refused(self):
        self.refused(["--openings", os.devnull], f"{os.devnull}: no opening in the file")

    def test_a_program_that_does_not_speak_its_protocol_is_named(self):
        cat = shutil.which("cat")
        code, stderr = run("--engine", f"uci:{cat}", "--engine", f"uci:{cat}",
                           "--games", "1", "--handshake", "0.5")
        self.assertEqual(code, 2, stderr)
        self.assertEqual(stderr, f"error: '{cat}' did not answer `uci` with `uciok` within "
                                 f"0.5 s: is it a UCI engine?\n")
        code, stderr = run("--engine", f"xboard:{cat}", "--engine", f"uci:{cat}",
                           "--games", "1", "--handshake", "0.5")
        self.assertEqual(code, 2, stderr)
        self.assertIn("is it an xboard engine?", stderr)
        true = shutil.which("true")
        code, stderr = run("--engine", true, "--engine", true, "--games", "1")
        self.assertEqual(code, 2, stderr)
        self.assertEqual(stderr, f"error: '{true}' ended before it answered `uci` with "
                                 f"`uciok`: is it a UCI engine?\n")


class Match(unittest.TestCase):
    def game(self, number, result, ending="checkmate", at_fault=None):
        game = ladder.Game(number, "Italian Game", ["A", "B"] if number % 2 else ["B", "A"])
        game.result, game.ending, game.at_fault = result, ending, at_fault
        return game

    def test_colours_alternate_and_the_score_is_the_first_engines(self):
        # A wins with White in game 1 and with Black in game 2; game 3 is
        # drawn; A, White in game 5, loses on time.
        games = [self.game(1, "1-0"), self.game(2, "0-1"),
                 self.game(3, "1/2-1/2", "threefold repetition"),
                 self.game(5, "0-1", "loss on time", chess.WHITE)]
        self.assertEqual(ladder.tally(games), (2, 1, 1))
        rows = ladder.totals(games)
        self.assertEqual(ladder.faults_text(rows[0]), "1 on time")
        self.assertEqual(ladder.faults_text(rows[1]), "none")
        self.assertEqual(ladder.endings_text(games),
                         "checkmate 2, loss on time 1, threefold repetition 1")

    def test_notes_read_like_cutechess(self):
        white = chess.WHITE
        self.assertEqual(ladder.note(chess.engine.PovScore(chess.engine.Cp(-35), white).relative,
                                     7, 0.12), "-0.35/7 0.120s")
        self.assertEqual(ladder.note(chess.engine.Mate(3), 9, 0.005), "+M3/9 0.005s")
        self.assertEqual(ladder.note(chess.engine.Mate(-2), None, 0.005), "-M2 0.005s")
        self.assertEqual(ladder.note(None, None, 1.5), "1.500s")
        self.assertTrue(ladder.is_winning(chess.engine.Cp(100)))
        self.assertFalse(ladder.is_winning(chess.engine.Cp(99)))
        self.assertFalse(ladder.is_winning(chess.engine.Mate(-2)))

    def test_notes_end_with_the_nodes_that_replay_the_search(self):
        score = chess.engine.Cp(35)
        self.assertEqual(ladder.note(score, 7, 0.12, 12345), "+0.35/7 0.120s n=12345")
        self.assertEqual(ladder.note(None, None, 0.004, 20), "0.004s n=20")
        # analysis/clock.py's reading of the time still finds it.
        self.assertEqual(re.search(r"([\d.]+)s", "+0.35/7 0.120s n=12345")[1], "0.120")

    def test_the_nodes_are_the_whole_searchs_when_an_iteration_was_cut(self):
        # A search the clock stopped inside an iteration tells every node
        # it visited on a last `info nodes` line, after the finished
        # iteration's: the note keeps that iteration's value and depth and
        # the whole count, which python-chess's merged `info` gives.
        script = ("import sys\n"
                  "for line in sys.stdin:\n"
                  "    word = line.split()[0] if line.split() else ''\n"
                  "    if word == 'uci': print('uciok', flush=True)\n"
                  "    elif word == 'isready': print('readyok', flush=True)\n"
                  "    elif word == 'go':\n"
                  "        print('info depth 7 seldepth 12 score cp 35 nodes 9000 nps 1 time 9 "
                  "pv e2e4', flush=True)\n"
                  "        print('info nodes 12345 time 12 nps 1028750', flush=True)\n"
                  "        print('bestmove e2e4', flush=True)\n"
                  "    elif word == 'quit': break\n")
        with tempfile.TemporaryDirectory() as folder:
            path = pathlib.Path(folder) / "engine.py"
            path.write_text(script)

            async def one_move():
                _, engine = await chess.engine.popen_uci([sys.executable, str(path)])
                try:
                    return await engine.play(chess.Board(), chess.engine.Limit(time=0.1),
                                             info=chess.engine.INFO_BASIC | chess.engine.INFO_SCORE)
                finally:
                    await engine.quit()

            reply = asyncio.run(one_move())
        score = reply.info["score"].relative
        note = ladder.note(score, reply.info.get("depth"), 0.12, reply.info.get("nodes"))
        self.assertEqual(note, "+0.35/7 0.120s n=12345")

    def test_the_headers_name_each_sides_program_and_options(self):
        white, black = ladder.Engine("/bin/white"), ladder.Engine("/bin/black")
        white.identity, black.identity = "LaMoSca v0.11", "LaMoSca v0.10"
        white.options = {"Ideas": "all", "Hash": "64"}
        game = ladder.Game(3, "Italian Game", ["Lazy", "Quiet"], [white, black])
        game.board.push_uci("e2e4")
        game.notes.append(ladder.note(chess.engine.Cp(20), 5, 0.05, 4321))
        game.result, game.ending = "1/2-1/2", "threefold repetition"
        text = ladder.pgn_game(game, ladder.Control(tc="2+0.05"), "2026.11.29")
        read = chess.pgn.read_game(io.StringIO(text))
        self.assertEqual(read.headers["WhiteEngine"], "LaMoSca v0.11")
        self.assertEqual(read.headers["WhiteOptions"], "Ideas=all; Hash=64")
        self.assertEqual(read.headers["BlackEngine"], "LaMoSca v0.10")
        self.assertEqual(read.headers["BlackOptions"], "")
        self.assertEqual(read.headers["White"], "Lazy")
        move = read.next()
        self.assertEqual(move.move, chess.Move.from_uci("e2e4"))
        self.assertEqual(move.comment, "+0.20/5 0.050s n=4321 Draw by threefold repetition")

    def test_an_engine_that_cannot_start_loses_its_game(self):
        engines = [ladder.Engine("/nonexistent/engine"), ladder.Engine("/nonexistent/too")]
        control = ladder.Control(tc="1+0")
        game = asyncio.run(ladder.play_game(1, ladder.OPENINGS[0], engines, ["A", "B"], control))
        self.assertEqual((game.result, game.at_fault), ("0-1", chess.WHITE))
        self.assertTrue(game.describe().startswith("White loses: cannot start"))


if __name__ == "__main__":
    unittest.main()
