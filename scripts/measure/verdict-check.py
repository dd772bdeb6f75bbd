#!/usr/bin/env python3
"""verdict-check.py BUNDLE/openings.sqlite SEED N NODES: the notes' verdicts against a deeper Stockfish 15.1 search
(docs/coach-notes.md, "Measured on the shipped openings"). Draws N notes (a third mistakes and blunders) with SEED,
searches each parent at MultiPV 3 and the move's child at NODES nodes (one thread, hash 64), grades the move by the
lichess winning-chance table (the project's thresholds: 100/200/300 permille) and prints every note two classes or
more off, then the counts. Needs python-chess and /usr/games/stockfish; run it with `nice`.
"""
import sqlite3, random, chess, chess.engine, math, sys, json
db=sqlite3.connect(sys.argv[1]); seed=int(sys.argv[2]); N=int(sys.argv[3]); nodes=int(sys.argv[4])
rows=db.execute("select p.fen, n.uci, n.verdict, n.score_cp, n.score_mate, n.best_cp, n.best_mate, n.better_uci from move_note n join position p on p.id=n.position_id").fetchall()
random.seed(seed)
bad=[r for r in rows if r[2] in ('mistake','blunder')]; rest=[r for r in rows if r[2] not in ('mistake','blunder')]
sample=random.sample(bad,N//3)+random.sample(rest,N-N//3)
def wc(cp): cp=max(-1000,min(1000,cp)); return 1000*(2/(1+math.exp(-0.00368208*cp))-1)
def sc(s): 
  s=s.relative
  return s.score(mate_score=100000) if not s.is_mate() else (100000 if s.mate()>0 else -100000)
def verdict(best,played):
  if abs(best)>=100000 or abs(played)>=100000:
    if best>=100000 and played<100000: return 'mistake+'
    if played<=-100000 and best>-100000: return 'blunder'
    return 'best/good'
  d=wc(best)-wc(played)
  return 'blunder' if d>=300 else 'mistake' if d>=200 else 'inaccuracy' if d>=100 else 'good'
order={'best':0,'good':0,'best/good':0,'inaccuracy':1,'mistake':2,'mistake+':2,'blunder':3}
e=chess.engine.SimpleEngine.popen_uci("/usr/games/stockfish"); e.configure({"Threads":1,"Hash":64})
out=[]; off2=0; off1=0
for fen,uci,v,scp,smate,bcp,bmate,better in sample:
  b=chess.Board(fen)
  top=e.analyse(b, chess.engine.Limit(nodes=nodes), multipv=3)
  best=sc(top[0]["score"]); bestm=top[0]["pv"][0].uci()
  m=chess.Move.from_uci(uci)
  if bestm==uci: played=best
  else:
    b.push(m); r=e.analyse(b, chess.engine.Limit(nodes=nodes)); played=-sc(r["score"]); b.pop()
    best=max(best,played)
  tv=verdict(best,played); d=order[tv]-order[v]
  if abs(d)>=2: off2+=1
  elif abs(d)==1: off1+=1
  out.append((v,tv,d,fen,uci,scp,bcp,best,played))
  if abs(d)>=2 or (order[v]==0 and order[tv]>=2): print("OFF", v, "->", tv, fen, uci, "stored", scp, bcp, "deep", played, best, "best", bestm, flush=True)
print("N",len(out),"two+ classes off",off2,"one off",off1)
from collections import Counter
print(Counter((o[0],o[1]) for o in out))
e.quit()
