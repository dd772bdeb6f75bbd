#!/usr/bin/env python3
# Usage: python3 scripts/measure/notes-cost.py openings/coach/caro-kann-defence.pgn 200000 20000 20  (docs/coach-notes.md)
# Measures the engine cost of a note for every legal move at curriculum positions, two designs:
#  A: one search per parent position with MultiPV = every legal move (scores of all moves, each PV = move + refutation)
#  B: one search per child position (the position after each legal move), MultiPV 1 (score + refutation line)
# Stockfish 15.1, one thread, Hash 16, ucinewgame before every search, node limits; counts nodes and engine time.
import chess, chess.pgn, subprocess, sys, re, time, random
path, limit_a, limit_b, sample = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
game = chess.pgn.read_game(open(path))
fens, seen, stack = [], set(), [game]
while stack:
    node = stack.pop(); b = node.board()
    if b.epd() not in seen and not b.is_game_over():
        seen.add(b.epd()); fens.append(b.epd() + " 0 1")
    stack.extend(node.variations)
random.seed(7); random.shuffle(fens); fens = fens[:sample]
sf = subprocess.Popen(["nice", "/usr/games/stockfish"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s): sf.stdin.write(s + "\n"); sf.stdin.flush()
def ready():
    send("isready")
    while sf.stdout.readline().strip() != "readyok": pass
send("uci"); send("setoption name Threads value 1"); send("setoption name Hash value 16"); ready()
def search(fen, nodes, multipv):
    send(f"setoption name MultiPV value {multipv}"); send("ucinewgame"); ready()
    send("position fen " + fen); send(f"go nodes {nodes}")
    last = {}; n = t = 0
    while True:
        l = sf.stdout.readline().strip()
        if l.startswith("bestmove"): break
        m = re.search(r" nodes (\d+)", l); n = max(n, int(m.group(1))) if m else n
        m = re.search(r" time (\d+)", l); t = max(t, int(m.group(1))) if m else t
        if " multipv " in l and " pv " in l:
            k = int(re.search(r" multipv (\d+)", l).group(1)); last[k] = l
    return n, t, last
tot = {"A": [0, 0, 0], "B": [0, 0, 0]}
moves = 0; wall = time.time()
for fen in fens:
    b = chess.Board(fen); legal = list(b.legal_moves); moves += len(legal)
    n, t, _ = search(fen, limit_a, len(legal)); tot["A"][0] += n; tot["A"][1] += t; tot["A"][2] += 1
    for m in legal:
        b.push(m)
        if not b.is_game_over():
            n, t, _ = search(b.fen(), limit_b, 1); tot["B"][0] += n; tot["B"][1] += t; tot["B"][2] += 1
        b.pop()
print(f"{len(fens)} positions of {path}, {moves} legal moves ({moves/len(fens):.1f} per position)")
for k, (n, t, s) in tot.items():
    print(f"{k}: {s} searches, {n} nodes, engine time {t/1000:.1f} s ({t/len(fens):.0f} ms per parent position)")
print(f"wall {time.time()-wall:.1f} s")
send("quit")
