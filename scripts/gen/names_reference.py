#!/usr/bin/env python3
"""The naming rule of docs/names.md written independently on python-chess (reference tool only, not the product).

  names_reference.py games --count N --seed S [--names DIR]   games that follow the name list most of the time
                                                              (so they reach named positions, transpose and leave
                                                              theory), then play on at random, as PGN on stdout
  names_reference.py classify FILE [--names DIR] [--variations]
                                                              per game (and variation) the deepest named position:
                                                              game<TAB>line<TAB>ply<TAB>eco<TAB>name<TAB>epd, as
                                                              `forge classify --output-format text` prints it
"""
import argparse
import glob
import os
import random
import sys

import chess
import chess.pgn

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_NAMES = os.path.join(HERE, "..", "..", "data", "chess-openings")


def read_names(folder):
    """EPD (en passant only when legal) -> (eco, name); the first row naming a position wins, as in forge."""
    names, positions = {}, set()
    for path in sorted(glob.glob(os.path.join(folder, "*.tsv"))):
        with open(path, encoding="utf-8") as f:
            for i, row in enumerate(f):
                row = row.rstrip("\n")
                if not row or (i == 0 and row.startswith("eco\t")):
                    continue
                eco, name, pgn = row.split("\t")
                board = chess.Board()
                for token in pgn.split():
                    if token.endswith("."):
                        continue
                    board.push_san(token)
                    positions.add(board.epd())
                names.setdefault(board.epd(), (eco, name))
    return names, positions


def games(args):
    names, positions = read_names(args.names)
    rng = random.Random(args.seed)
    for n in range(args.count):
        board = chess.Board()
        game = chess.pgn.Game()
        game.headers["Event"] = f"Names corpus {n + 1}"
        game.headers["Site"] = "Generated"
        game.headers["Round"] = str(n + 1)
        game.headers["White"] = rng.choice(["Anderssen", "Morphy", "Steinitz", "Capablanca"])
        game.headers["Black"] = rng.choice(["Lasker", "Tal", "Petrosian", "Carlsen"])
        if rng.random() < 0.2:
            game.headers["ECO"] = "A00"
            game.headers["Opening"] = "Stale name"
            game.headers["Variation"] = "Stale variation"
        node = game
        plies = rng.randint(0, 60)
        follow = rng.choice([0.6, 0.9, 0.97])
        for _ in range(plies):
            moves = list(board.legal_moves)
            if not moves:
                break
            theory = []
            for m in moves:
                board.push(m)
                if board.epd() in positions:
                    theory.append(m)
                board.pop()
            m = rng.choice(theory) if theory and rng.random() < follow else rng.choice(moves)
            if args.variations and rng.random() < 0.08 and len(moves) > 1:
                alt = rng.choice([x for x in moves if x != m])
                side = node.add_variation(alt)
                b2 = board.copy()
                b2.push(alt)
                for _ in range(rng.randint(0, 6)):
                    ms = list(b2.legal_moves)
                    if not ms:
                        break
                    x = rng.choice(ms)
                    side = side.add_variation(x)
                    b2.push(x)
                node = node.add_main_variation(m) if False else node.add_variation(m)
                node.parent.promote_to_main(node)
            else:
                node = node.add_variation(m)
            board.push(m)
        game.headers["Result"] = board.result() if board.is_game_over() else "*"
        print(game, end="\n\n")


def classify(args):
    names, _ = read_names(args.names)
    with open(args.file, encoding="utf-8") as f:
        n = 0
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            n += 1
            lines = []  # (line number, best)

            def deepest(board, best, ply):
                epd = board.epd()
                return (ply, names[epd], epd) if epd in names else best

            start = game.board()
            best = deepest(start, None, 0)
            counter = [0]

            def walk(node, board, best, ply, number):
                # the main continuation of `node` is this line; its other children start variations
                while node.variations:
                    main = node.variations[0]
                    before = best
                    b = board.copy(stack=False)
                    b.push(main.move)
                    for side in node.variations[1:] if args.variations else []:
                        counter[0] += 1
                        k = counter[0]
                        sb = board.copy(stack=False)
                        sb.push(side.move)
                        sbest = deepest(sb, before, ply + 1)
                        walk(side, sb, sbest, ply + 1, k)
                    best = deepest(b, best, ply + 1)
                    board, node, ply = b, main, ply + 1
                lines.append((number, best))

            walk(game, start, best, 0, 0)
            for number, best in sorted(lines):
                if best is None:
                    print(f"{n}\t{number}\t0\t-\t-\t{start.epd()}")
                else:
                    ply, (eco, name), epd = best
                    print(f"{n}\t{number}\t{ply}\t{eco}\t{name}\t{epd}")


def main():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("games")
    g.add_argument("--count", type=int, required=True)
    g.add_argument("--seed", type=int, required=True)
    g.add_argument("--variations", action="store_true")
    g.add_argument("--names", default=DEFAULT_NAMES)
    c = sub.add_parser("classify")
    c.add_argument("file")
    c.add_argument("--variations", action="store_true")
    c.add_argument("--names", default=DEFAULT_NAMES)
    args = p.parse_args()
    games(args) if args.cmd == "games" else classify(args)


if __name__ == "__main__":
    main()
