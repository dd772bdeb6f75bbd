#!/usr/bin/env python3
"""Author's probe: for each line (SAN moves, numbers allowed) print every ply with Stockfish's loss and best move.

    python3 scripts/content/probe.py "1.e4 e5 2.Nf3 ..." [more lines] [--nodes N] [--extend K]
--extend K appends K plies of Stockfish's own best moves after the line.
"""
import re, sys
import chess, chess.engine
args = sys.argv[1:]
nodes = 200000; extend = 0; side = None
if "--side" in args: i = args.index("--side"); side = args[i+1] == "w"; del args[i:i+2]
if "--nodes" in args: i = args.index("--nodes"); nodes = int(args[i+1]); del args[i:i+2]
if "--extend" in args: i = args.index("--extend"); extend = int(args[i+1]); del args[i:i+2]
eng = chess.engine.SimpleEngine.popen_uci("/usr/games/stockfish")
eng.configure({"Threads": 1, "Hash": 32})
lim = chess.engine.Limit(nodes=nodes)
for line in args:
    b = chess.Board(); out = []
    toks = [t for t in re.sub(r"\d+\.(\.\.)?", " ", line).split()]
    for t in toks:
        mv = b.parse_san(t)
        if side is not None and b.turn != side:
            out.append(f"{b.san(mv)}"); b.push(mv); continue
        info = eng.analyse(b, lim, game=object())
        best = info["pv"][0]; bs = info["score"].pov(b.turn).score(mate_score=100000)
        if best == mv: loss = 0
        else:
            i2 = eng.analyse(b, lim, root_moves=[mv], game=object())
            loss = bs - i2["score"].pov(b.turn).score(mate_score=100000)
        num = f"{b.fullmove_number}{'.' if b.turn else '...'}"
        out.append(f"{num}{b.san(mv)}" + ("" if loss <= 25 else f"[-{loss} {b.san(best)}]"))
        b.push(mv)
    ext = []
    for _ in range(extend):
        if b.is_game_over(): break
        info = eng.analyse(b, lim, game=object())
        mv = info["pv"][0]; ext.append(f"{b.fullmove_number}{'.' if b.turn else '...'}{b.san(mv)}"); b.push(mv)
    ev = eng.analyse(b, lim)["score"].white().score(mate_score=100000)
    print(" ".join(out), "||", " ".join(ext), f"(eval {ev})", flush=True)
eng.quit()
