#!/usr/bin/env python3
"""Writes <name>.fen beside each standard-chess .pgn here: the FEN after every main-line ply, as python-chess
(1.11.2) reads the file, with the en-passant square after every double push (as `forge pgn2fen` prints it);
games separated by one blank line. Files of other variants get no golden: forge reports them (PGN117).
Run from this folder: python3 golden.py"""
import glob
import chess
import chess.pgn

for path in sorted(glob.glob("*.pgn")):
    sequences = []
    variant = False
    with open(path, encoding="utf-8-sig") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            if game.headers.get("Variant", "Standard").lower() not in ("standard", "chess", "normal", "classical", "illegal", "from position", ""):
                variant = True
                continue
            board = game.board()
            fens = []
            for move in game.mainline_moves():
                board.push(move)
                fens.append(board.fen(en_passant="fen"))
            if fens:
                sequences.append("\n".join(fens) + "\n")
    if not variant:
        with open(path[:-4] + ".fen", "w") as out:
            out.write("\n".join(sequences))
