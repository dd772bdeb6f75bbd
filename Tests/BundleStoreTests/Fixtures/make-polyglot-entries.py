#!/usr/bin/env python3
# make-polyglot-entries.py: writes polyglot-entries.txt, book entries for real positions, keys by python-chess.
# Columns: key (hex) from to promotion castling weight; squares 0..63 (a1 = 0), castling moves as the king's move.
import chess
import chess.polyglot

rows = []


def add(board, uci, weight):
    move = chess.Move.from_uci(uci)
    assert board.is_legal(move), (board.fen(), uci)
    castling = 1 if board.is_castling(move) else 0
    promotion = {None: 0, chess.KNIGHT: 1, chess.BISHOP: 2, chess.ROOK: 3, chess.QUEEN: 4}[move.promotion]
    rows.append((chess.polyglot.zobrist_hash(board), move.from_square, move.to_square, promotion, castling, weight))


# A coach line: main-line moves weight 100, deviations 10, equal weights to test the tie-break.
board = chess.Board()
add(board, "e2e4", 100)
add(board, "d2d4", 10)
add(board, "c2c4", 10)
board = chess.Board()
for uci in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5"]:
    if board.ply() > 0:
        add(board, uci, 100)
    board.push_uci(uci)
add(board, "e1g1", 100)     # 4.O-O, written e1h1
add(board, "c2c3", 10)
board.push_uci("e1g1")
add(board, "g8f6", 100)
# After 1.e4 d5: an en-passant-free double push, and a Black deviation key.
b = chess.Board()
b.push_uci("e2e4")
add(b, "d7d5", 10)
# Black castles queenside, written e8a8.
add(chess.Board("r3k3/8/8/8/8/8/8/4K3 b q - 0 1"), "e8c8", 7)
# Promotions, including an under-promotion.
promo = chess.Board("8/P6k/8/8/8/8/6K1/8 w - - 0 1")
add(promo, "a7a8q", 40)
add(promo, "a7a8n", 3)
add(promo, "a7a8r", 3)
# Black promotes with capture.
add(chess.Board("8/6K1/8/8/8/8/1p5k/R1N5 b - - 0 1"), "b2a1q", 9)
add(chess.Board("8/6K1/8/8/8/8/1p5k/R1N5 b - - 0 1"), "b2c1b", 2)

with open("polyglot-entries.txt", "w") as f:
    f.write("# key from to promotion castling weight\n")
    for key, frm, to, promotion, castling, weight in rows:
        f.write(f"{key:016x} {frm} {to} {promotion} {castling} {weight}\n")
print(len(rows), "entries")
