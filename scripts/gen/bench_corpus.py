#!/usr/bin/env python3
"""Deterministic benchmark corpora that look like the PGN people have (reference tool only, not the product).

  bench_corpus.py KIND --count N --seed S [--moves FILE]
      N games of KIND as PGN on stdout, the same bytes for the same N, S and FILE; with --moves, the main lines
      are those of FILE's games in turn (classify's benchmark dresses its name-list games as lichess exports)

KIND:
  plain    random legal games, Seven Tag Roster, no comments (what `make bench` measured before)
  lichess  a lichess export: lichess's tag set (UTCDate, WhiteElo, TimeControl, Opening, Termination, …),
           `{ [%eval 0.17] [%clk 0:02:58] }` after every move (mate scores as `#-3`), and on about one move
           in twenty the analysis lichess adds: a glyph ($2, $4, $6), a "Mistake. Nf3 was best." comment
           and the engine's line as a variation
  study    an annotated study: prose comments, [%cal]/[%csl] arrows and highlights, NAGs, and variations
           nested up to four deep, with comments of their own
Games are random legal moves (python-chess); the seed fixes them, so the benchmark files are reproducible.
"""
import random
import sys

import chess
import chess.pgn

PROSE = ["Develops a piece and prepares to castle.", "The only move: anything else loses the e-pawn.",
         "A trap: Qxf7 is mate if Black is careless.", "Prépare la poussée d5.", "Controls the centre.",
         "Weak: it loses a tempo.", "White's plan is a minority attack on the queenside.",
         "Black should not take on b2: the queen gets trapped after Rb1 and Rb3."]
NAMES = ["DrNykterstein", "penguingim1", "Zhigalko_Sergei", "RebeccaHarris", "Alexander_Zubov", "Msb2",
         "chessbrah", "Fins", "opperwezen", "nihalsarin2004"]
OPENINGS = [("B01", "Scandinavian Defense"), ("C50", "Italian Game"), ("A00", "Van't Kruijs Opening"),
            ("B20", "Sicilian Defense"), ("D02", "Queen's Pawn Game: London System"), ("C00", "French Defense")]


SOURCE = None  # with --moves: an iterator over the main lines of FILE's games


def legal_game(rng, plies):
    """A random legal move sequence of up to `plies` plies (or the next --moves game), and the final board."""
    if SOURCE is not None:
        moves = next(SOURCE)
        board = chess.Board()
        for m in moves:
            board.push(m)
        return moves, board
    board = chess.Board()
    moves = []
    for _ in range(plies):
        legal = list(board.legal_moves)
        if not legal:
            break
        m = rng.choice(legal)
        moves.append(m)
        board.push(m)
    return moves, board


def result_of(rng, board):
    outcome = board.outcome()
    return outcome.result() if outcome else rng.choice(["1-0", "0-1", "1/2-1/2"])


def plain(rng, i):
    game = chess.pgn.Game()
    game.headers["Event"] = f"Random {i}"
    game.headers["Site"] = "Generated"
    game.headers["White"] = rng.choice(NAMES)
    game.headers["Black"] = rng.choice(NAMES)
    moves, board = legal_game(rng, rng.randint(20, 120))
    node = game
    for m in moves:
        node = node.add_variation(m)
    game.headers["Result"] = result_of(rng, board)
    return game


def clock(seconds):
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def lichess(rng, i):
    game = chess.pgn.Game()
    base, inc = rng.choice([(60, 0), (180, 0), (180, 2), (300, 3), (600, 0), (900, 10)])
    eco, opening = rng.choice(OPENINGS)
    h = game.headers
    h["Event"] = "Rated Blitz game"
    h["Site"] = f"https://lichess.org/{rng.getrandbits(40):010x}"
    h["Date"] = f"2024.{rng.randint(1, 12):02d}.{rng.randint(1, 28):02d}"
    h["White"], h["Black"] = rng.sample(NAMES, 2)
    h["UTCDate"] = h["Date"]
    h["UTCTime"] = f"{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}"
    h["WhiteElo"] = str(rng.randint(1200, 3200))
    h["BlackElo"] = str(rng.randint(1200, 3200))
    h["WhiteRatingDiff"] = f"{rng.randint(-9, 9):+d}"
    h["BlackRatingDiff"] = f"{rng.randint(-9, 9):+d}"
    h["Variant"] = "Standard"
    h["TimeControl"] = f"{base}+{inc}"
    h["ECO"] = eco
    h["Opening"] = opening
    h["Termination"] = rng.choice(["Normal", "Time forfeit"])
    moves, board = legal_game(rng, rng.randint(30, 130))
    clocks = [base, base]
    evaluation = rng.uniform(-0.3, 0.5)
    node = game
    replay = chess.Board()
    for ply, m in enumerate(moves):
        side = ply % 2
        clocks[side] = max(0, clocks[side] - rng.randint(0, max(1, base // 40)) + inc)
        evaluation += rng.gauss(0, 0.4)
        mate = abs(evaluation) > 12
        score = f"#{'-' if evaluation < 0 else ''}{rng.randint(1, 9)}" if mate else f"{evaluation:.2f}"
        parent = node
        node = node.add_variation(m)
        node.comment = f"[%eval {score}] [%clk {clock(clocks[side])}]"
        if rng.random() < 0.05:
            node.nags.add(rng.choice([2, 4, 6]))
            alts = [a for a in replay.legal_moves if a != m]
            if alts:
                best = rng.choice(alts)
                node.comment = f"[%eval {score}] [%clk {clock(clocks[side])}] ({evaluation - 1:.2f} → {evaluation:.2f}) Mistake. {replay.san(best)} was best."
                v = parent.add_variation(best)
                vb = replay.copy()
                vb.push(best)
                for _ in range(rng.randint(2, 6)):
                    legal = list(vb.legal_moves)
                    if not legal:
                        break
                    w = rng.choice(legal)
                    v = v.add_variation(w)
                    vb.push(w)
        replay.push(m)
    h["Result"] = result_of(rng, board)
    return game


def study(rng, i):
    game = chess.pgn.Game()
    h = game.headers
    h["Event"] = f"Study: chapter {i}"
    h["Site"] = "https://lichess.org/study/abcdefgh"
    h["Annotator"] = rng.choice(NAMES)
    h["White"], h["Black"] = rng.sample(NAMES, 2)
    moves, board = legal_game(rng, rng.randint(16, 60))
    node = game
    replay = chess.Board()
    for m in moves:
        parent = node
        node = node.add_variation(m)
        annotate(rng, node)
        if rng.random() < 0.15:
            add_line(rng, parent, replay, m, 0)
        replay.push(m)
    h["Result"] = result_of(rng, board)
    return game


def annotate(rng, node):
    parts = []
    r = rng.random()
    if r < 0.15:
        arrows = ",".join(f"{rng.choice('GRYB')}{chess.square_name(rng.randrange(64))}{chess.square_name(rng.randrange(64))}"
                          for _ in range(rng.randint(1, 3)))
        parts.append(f"[%cal {arrows}]")
    if rng.random() < 0.10:
        parts.append(f"[%csl {rng.choice('GRYB')}{chess.square_name(rng.randrange(64))}]")
    if rng.random() < 0.35:
        parts.append(rng.choice(PROSE))
    if parts:
        node.comment = " ".join(parts)
    if rng.random() < 0.12:
        node.nags.add(rng.choice([1, 2, 3, 4, 5, 6, 10, 13, 14, 16, 18, 19, 36, 40, 132]))


def add_line(rng, parent, board, main_move, depth):
    alts = [a for a in board.legal_moves if a != main_move]
    if not alts:
        return
    first = rng.choice(alts)
    node = parent.add_variation(first)
    if rng.random() < 0.4:
        node.starting_comment = rng.choice(PROSE)
    b = board.copy()
    b.push(first)
    for _ in range(rng.randint(1, 8)):
        legal = list(b.legal_moves)
        if not legal:
            break
        m = rng.choice(legal)
        before = node
        node = node.add_variation(m)
        annotate(rng, node)
        if depth < 3 and rng.random() < 0.12:
            add_line(rng, before, b, m, depth + 1)
        b.push(m)


KINDS = {"plain": plain, "lichess": lichess, "study": study}

if __name__ == "__main__":
    a = sys.argv[1:]
    if not a or a[0] not in KINDS or "--count" not in a or "--seed" not in a:
        sys.exit(__doc__)
    make = KINDS[a[0]]
    if "--moves" in a:
        with open(a[a.index("--moves") + 1], encoding="utf-8") as f:
            lines = []
            while (g := chess.pgn.read_game(f)) is not None:
                lines.append(list(g.mainline_moves()))
        SOURCE = (lines[i % len(lines)] for i in range(1 << 40))
    rng = random.Random(int(a[a.index("--seed") + 1]))
    for i in range(1, int(a[a.index("--count") + 1]) + 1):
        print(make(rng, i), end="\n\n")
