#!/usr/bin/env python3
"""quiet-verdicts.py STORE.tsv: how many moves of the notes' every-move searches (the store file of the profile
multipv=256) are graded inaccuracy, mistake or blunder by lichess's winning-chances drop (docs/annotator.md), and how
many of them from a line that does not leave the mover a pawn down on the board: the candidates of the confirmation
searches (docs/coach-notes.md, "Confirmed mistakes"). Reads the store file only."""
import chess, math, sys
V={chess.PAWN:100,chess.KNIGHT:300,chess.BISHOP:300,chess.ROOK:500,chess.QUEEN:900,chess.KING:0}
def wc(s):
    if s[0]=='m': return 1000 if s[1]>0 else -1000
    cp=max(-1000,min(1000,s[1])); return round((2/(1+math.exp(-0.00368208*cp))-1)*1000)
def parse(tok): return ('m',int(tok[1:])) if tok.startswith('#') else ('cp',int(tok))
def bal(b,c): return sum(V[p.piece_type]*(1 if p.color==c else -1) for p in b.piece_map().values())
res={}
for line in open(sys.argv[1]):
    if line.startswith('#'): continue
    cols=line.rstrip('\n').split('\t'); fen=cols[0]
    b0=chess.Board(fen+' 0 1')
    parsed=[(parse(l.split(' ')[0]), l.split(' ')[3:]) for l in cols[3:]]
    if not parsed: continue
    best=parsed[0][0]
    for sc,pv in parsed[1:]:
        if best[0]=='m' or sc[0]=='m': continue
        d=wc(best)-wc(sc)
        v='blunder' if d>=300 else 'mistake' if d>=200 else 'inaccuracy' if d>=100 else None
        if not v: continue
        b=b0.copy(); me=b.turn; start=bal(b,me)
        for u in pv:
            try: b.push_uci(u)
            except Exception: break
        if bal(b,me)-start>-100:
            for k in [v, v+('-near' if abs(sc[1])<=300 else '-far')]:
                res.setdefault(k,set()).add((fen,pv[0]))
            res.setdefault(v+'-parents',set()).add(fen)
for k,v in sorted(res.items()): print(k,len(v))
