#!/usr/bin/env python3
# Usage: python3 scripts/measure/stopped-iteration-duplicates.py openings/coach/*.pgn  (docs/bundle.md). A measurement,
# not a second implementation: the build reads lines only through UCIEngine; this replays both rules on raw output.
# One-off measurement (not committed): raw Stockfish info lines per position at the build's profile, read with the
# old rule (format 2: every exact report at its depth overwrites) and the new one (reports below the deepest ignored).
import chess, chess.pgn, subprocess, sys, re
fens = []
seen = set()
for path in sys.argv[1:]:
    game = chess.pgn.read_game(open(path))
    stack = [game]
    while stack:
        node = stack.pop()
        b = node.board()
        key = b.epd()
        if key not in seen and not b.is_game_over():
            seen.add(key); fens.append(key + " 0 1")
        stack.extend(node.variations)
sf = subprocess.Popen(["nice", "/usr/games/stockfish"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s): sf.stdin.write(s + "\n"); sf.stdin.flush()
send("uci"); send("setoption name Threads value 1"); send("setoption name Hash value 16"); send("setoption name MultiPV value 3"); send("setoption name UCI_ShowWDL value true"); send("isready")
while sf.stdout.readline().strip() != "readyok": pass
old_dup = new_dup = 0
for fen in fens:
    send("ucinewgame"); send("isready")
    while sf.stdout.readline().strip() != "readyok": pass
    send("position fen " + fen); send("go nodes 120000")
    infos = []
    while True:
        l = sf.stdout.readline().strip()
        if l.startswith("bestmove"): break
        if " multipv " in l and " score " in l: infos.append(l)
    def parse(l):
        d = int(re.search(r" depth (\d+)", l).group(1)); k = int(re.search(r" multipv (\d+)", l).group(1))
        exact = "bound" not in l; pv = l.split(" pv ")[1].split() if " pv " in l else []
        return d, k, exact, pv
    def finished(rule_new):
        by = {}; slots = set(); deepest = 0
        for l in infos:
            d, k, exact, pv = parse(l); slots.add(k)
            if rule_new:
                if d < deepest: continue
                deepest = d
            if exact and pv: by.setdefault(d, {})[k] = pv[0]
        full = [d for d, v in by.items() if len(v) == len(slots) and (not rule_new or len(set(v.values())) == len(v))]
        return by[max(full)] if full else {}
    o = finished(False); n = finished(True)
    if len(set(o.values())) < len(o): old_dup += 1
    if len(set(n.values())) < len(n): new_dup += 1
print(f"{len(fens)} positions: duplicates old rule {old_dup}, new rule {new_dup}")
send("quit")
