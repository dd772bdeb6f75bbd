#!/usr/bin/env python3
"""Writes the .fen file of each library PGN from its main line (reference generator).

    python3 scripts/content/genfen.py [--check] [paths...]   (default: openings/library)

One FEN per line, every position from the start (ply 0) to the end of the main line,
en-passant square after every double push (board.fen(en_passant="fen")), LF endings,
final newline.  --check writes nothing and exits 1 if a file would change.  A file
whose content is unchanged is not rewritten.
"""
import glob
import os
import sys

import chess
import chess.pgn


def fen_text(game):
    board = game.board()
    fens = [board.fen(en_passant="fen")]
    for move in game.mainline_moves():
        board.push(move)
        fens.append(board.fen(en_passant="fen"))
    return "\n".join(fens) + "\n"


def main():
    args = sys.argv[1:]
    check = "--check" in args
    paths = [a for a in args if a != "--check"] or ["openings/library"]
    files = []
    for p in paths:
        files += sorted(glob.glob(os.path.join(p, "**", "*.pgn"), recursive=True)) if os.path.isdir(p) else [p]
    changed = 0
    for f in files:
        with open(f, encoding="utf-8") as fh:
            game = chess.pgn.read_game(fh)
        want = fen_text(game)
        out = f[:-4] + ".fen"
        have = open(out, encoding="utf-8", newline="").read() if os.path.exists(out) else None
        if have == want:
            continue
        changed += 1
        print(f"{'would change' if check else 'wrote'} {out}")
        if not check:
            tmp = out + ".tmp"
            with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(want)
            os.replace(tmp, out)
    sys.exit(1 if check and changed else 0)


if __name__ == "__main__":
    main()
