#!/usr/bin/env python3
"""notes-multipv-nodes.py NODES...: time and depth of one every-move search (MultiPV 500) at each node budget, on 4 curriculum
positions, Stockfish 15.1 with one thread, hash 16, a new game per position (docs/coach-notes.md: the notes node budget)."""
import chess, chess.engine, time, sys
fens=["rnbqkbnr/pp1ppppp/2p5/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2",
"r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
"rnbqkb1r/pp2pppp/3p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R b KQkq - 2 5",
"r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2PP1N2/PP3PPP/RNBQ1RK1 w - - 0 7"]
e=chess.engine.SimpleEngine.popen_uci("/usr/games/stockfish")
e.configure({"Threads":1,"Hash":16})
for n in map(int,sys.argv[1:]):
  t=time.time(); d=[]
  for f in fens:
    b=chess.Board(f)
    r=e.analyse(b,chess.engine.Limit(nodes=n),multipv=500,game=object())  # a new game object: python-chess sends ucinewgame
    d.append((len(r), r[0]['depth'], min(x.get('depth',0) for x in r)))
  print(n, "%.2fs/pos"%((time.time()-t)/len(fens)), d)
e.quit()
