#!/usr/bin/env python3
# read-polyglot-book.py: reads polyglot-book.bin with python-chess and writes what it finds to polyglot-python.txt.
# Section "entries": file order, key raw_move weight learn uci. Section "lookups": for each position of
# polyglot-positions.txt, python-chess's find_all(board) (castling normalised to the king's move).
import chess
import chess.polyglot

with chess.polyglot.open_reader("polyglot-book.bin") as reader, open("polyglot-python.txt", "w") as out:
    out.write("# entries: key raw_move weight learn uci\n")
    for e in reader:
        out.write(f"{e.key:016x} {e.raw_move} {e.weight} {e.learn} {e.move.uci()}\n")
    out.write("# lookups: fen | moves (uci:weight, as python-chess plays them)\n")
    for fen in [
        chess.STARTING_FEN,
        "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "r3k3/8/8/8/8/8/8/4K3 b q - 0 1",
        "8/P6k/8/8/8/8/6K1/8 w - - 0 1",
        "8/6K1/8/8/8/8/1p5k/R1N5 b - - 0 1",
    ]:
        board = chess.Board(fen)
        moves = " ".join(f"{e.move.uci()}:{e.weight}" for e in reader.find_all(board))
        out.write(f"{chess.polyglot.zobrist_hash(board):016x} | {moves}\n")
print("wrote polyglot-python.txt")
