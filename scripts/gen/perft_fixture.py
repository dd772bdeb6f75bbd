#!/usr/bin/env python3
"""Writes the perft suite fixture: each position's counts from Stockfish's own `go perft` (reference data)."""
import subprocess, sys
positions = [
 ("startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6),
 ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5),
 ("position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6),
 ("position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5),
 ("position4-mirrored", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 5),
 ("position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5),
 ("position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5),
 ("ep-illegal-diagonal-pin", "8/5bk1/8/2Pp4/8/1K6/8/8 w - d6 0 1", 6),
 ("ep-illegal-diagonal-pin-black", "8/8/1k6/8/2pP4/8/5BK1/8 b - d3 0 1", 6),
 ("ep-gives-check", "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 6),
 ("ep-rank-pin", "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", 6),
 ("ep-rank-pin-black", "7K/8/8/8/R2pP2k/8/8/8 b - e3 0 1", 6),
 ("ep-evades-pawn-check", "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", 6),
 ("short-castle-gives-check", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", 6),
 ("long-castle-gives-check", "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", 6),
 ("castling-rights-lost-by-capture", "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", 4),
 ("castling-prevented", "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", 4),
 ("castle-through-attack", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 5),
 ("promote-out-of-check", "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", 6),
 ("discovered-check", "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", 5),
 ("promote-to-give-check", "4k3/1P6/8/8/8/8/K7/8 w - - 0 1", 6),
 ("underpromote-to-check", "8/P1k5/K7/8/8/8/8/8 w - - 0 1", 6),
 ("self-stalemate", "K1k5/8/P7/8/8/8/8/8 w - - 0 1", 6),
 ("stalemate-and-checkmate", "8/k1P5/8/1K6/8/8/8/8 w - - 0 1", 7),
 ("double-check", "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", 4),
 ("all-promotions", "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 5),
]
def perft(fen, depth):
    p = subprocess.Popen(["/usr/games/stockfish"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    out, _ = p.communicate(f"position fen {fen}\ngo perft {depth}\nquit\n")
    for line in out.splitlines():
        if line.startswith("Nodes searched:"):
            return int(line.split(":")[1])
    raise SystemExit(f"no perft result for {fen}")
print("# Perft suite: id / epd / perft DEPTH NODES lines. Counts from Stockfish 15.1 `go perft` (scripts/gen/perft_fixture.py).")
for id_, fen, maxd in positions:
    print(f"\nid {id_}\nepd {fen}")
    for d in range(1, maxd + 1):
        print(f"perft {d} {perft(fen, d)}")
