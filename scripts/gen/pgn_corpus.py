#!/usr/bin/env python3
"""Deterministic PGN corpora and python-chess reference outputs (reference tool only, not the product).

  pgn_corpus.py games  --count N --seed S [--rich]   random legal games as PGN on stdout
                                                     (--rich: variations, comments, NAGs, FEN starts, null moves)
  pgn_corpus.py fens   FILE [--start] [--variations] python-chess replay: the FEN after every ply (en_passant="fen"),
                                                     sequences in the order pgn2fen prints them
  pgn_corpus.py epd    FILE                          python-chess replay printing EPD per ply (the benchmark reference)
  pgn_corpus.py san    FILE                          the main line of every game in SAN, one game per line
"""
import random
import sys

import chess
import chess.pgn

COMMENTS = ["Develops a piece.", "The only move.", "A trap: Qxf7 is mate if Black is careless.",
            "Prépare la poussée d5.", "Controls the centre.", "Weak: it loses a tempo."]


def random_game(rng, rich):
    board = chess.Board()
    game = chess.pgn.Game()
    game.headers["Event"] = f"Random {rng.randint(1, 999)}"
    game.headers["Site"] = "Generated"
    game.headers["White"] = rng.choice(["Anderssen, A.", "Kieseritzky, L.", "Morphy, P. \"Paul\"" if rich else "Morphy, P.", "Steinitz"])
    game.headers["Black"] = rng.choice(["Lasker, E.", "Tal, M.", "Carlsen, M.", "O'Kelly"])
    if rich and rng.random() < 0.15:
        for _ in range(rng.randint(1, 12)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if board.is_game_over():
            board = chess.Board()
        board = chess.Board(board.fen())
        game.setup(board)
    node = game
    plies = rng.randint(0, 100)
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        if rich and rng.random() < 0.01 and not board.is_check() and node is not game:
            m = chess.Move.null()
        else:
            m = rng.choice(moves)
        node = node.add_variation(m)
        if rich:
            r = rng.random()
            if r < 0.08:
                node.comment = rng.choice(COMMENTS)
            elif r < 0.12:
                node.comment = f"[%clk 0:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}]"
            elif r < 0.14:
                a = chess.square_name(rng.randrange(64))
                b = chess.square_name(rng.randrange(64))
                node.comment = f"Idea [%cal G{a}{b}] [%eval {rng.uniform(-3, 3):.2f}]"
            if rng.random() < 0.05:
                node.nags.add(rng.choice([1, 2, 3, 4, 5, 6, 10, 14, 18]))
            if rng.random() < 0.06:
                add_variation(rng, node.parent, m, depth=0)
        board.push(m)
    outcome = board.outcome()
    game.headers["Result"] = outcome.result() if outcome else rng.choice(["*", "1-0", "0-1", "1/2-1/2"])
    return game


def add_variation(rng, parent, main_move, depth):
    board = parent.board()
    alts = [m for m in board.legal_moves if m != main_move]
    if not alts:
        return
    node = parent.add_variation(rng.choice(alts))
    if rng.random() < 0.3:
        node.starting_comment = rng.choice(COMMENTS)
    board.push(node.move)
    for _ in range(rng.randint(0, 8)):
        moves = list(board.legal_moves)
        if not moves:
            break
        m = rng.choice(moves)
        node = node.add_variation(m)
        if depth < 3 and rng.random() < 0.15:
            add_variation(rng, node.parent, m, depth + 1)
        board.push(m)


def games(count, seed, rich):
    rng = random.Random(seed)
    out = sys.stdout
    for _ in range(count):
        print(random_game(rng, rich), file=out, end="\n\n")


def read_games(path):
    with open(path, encoding="utf-8") as f:
        while True:
            g = chess.pgn.read_game(f)
            if g is None:
                return
            yield g


def sequences(game, start, variations):
    """Main line first, then each variation in the order its '(' appears in the file."""
    out = []
    def line(node, first_positions):
        seq = list(first_positions)
        idx = len(out)
        out.append(seq)
        pending = []
        while node.variations:
            main = node.variations[0]
            seq.append(main.board().fen(en_passant="fen"))
            if variations:
                for v in node.variations[1:]:
                    line_from(v)
            node = main
        out[idx] = seq
    def line_from(v):
        seq = [v.parent.board().fen(en_passant="fen"), v.board().fen(en_passant="fen")]
        idx = len(out)
        out.append(seq)
        node = v
        while node.variations:
            main = node.variations[0]
            seq.append(main.board().fen(en_passant="fen"))
            for w in node.variations[1:]:
                line_from(w)
            node = main
    line(game, [game.board().fen(en_passant="fen")] if start else [])
    return [s for s in out if s]


def fens(path, start, variations):
    first = True
    for g in read_games(path):
        for seq in sequences(g, start, variations):
            if not first:
                print()
            first = False
            print("\n".join(seq))


def epd(path):
    w = sys.stdout.write
    for g in read_games(path):
        b = g.board()
        for m in g.mainline_moves():
            b.push(m)
            w(b.epd(en_passant="fen") + "\n")


def san(path):
    for g in read_games(path):
        b = g.board()
        print(" ".join(b.san_and_push(m) if True else "" for m in g.mainline_moves()))


if __name__ == "__main__":
    a = sys.argv[1:]
    if a[0] == "games":
        games(int(a[a.index("--count") + 1]), int(a[a.index("--seed") + 1]), "--rich" in a)
    elif a[0] == "fens":
        fens(a[1], "--start" in a, "--variations" in a)
    elif a[0] == "epd":
        epd(a[1])
    elif a[0] == "san":
        san(a[1])
    else:
        sys.exit(__doc__)
