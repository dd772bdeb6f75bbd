#!/usr/bin/env python3
"""note-classes.py BUNDLE/openings.sqlite: automatic counts, over every note, of the classes the strong-player reads
found (docs/coach-notes.md): mistakes whose text names no loss, captures whose text names no capture, refutations
that end on a capture the other side can take back at once, "sacrifice" words, a square named twice in one sentence,
refutations whose words say what the line wins or mates. Board facts with python-chess; reads the bundle only."""
import sqlite3, sys, re, chess
V={1:1,2:3,3:3,4:5,5:9,6:0}
db=sqlite3.connect(sys.argv[1])
rows=db.execute("SELECT p.fen, n.uci, n.verdict, n.text, n.refutation_uci, n.refutation_text, n.better_text, n.better_uci FROM move_note n JOIN position p ON p.id=n.position_id").fetchall()
c={k:0 for k in ['notes','mistake+','loss-not-named','capture-unnamed','cut-mid-exchange','sacrifice-word','dup-square-in-sentence','refutation-with-material-or-mate','refutations']}
def sq_dups(t):
    n=0
    for s in re.split(r'(?<=[.!?]) ', t or ''):
        sqs=re.findall(r'\bon ([a-h][1-8])\b', s)
        if len(sqs)!=len(set(sqs)): n+=1
    return n
def bal(b,col): return sum(V[p.piece_type]*(1 if p.color==col else -1) for p in b.piece_map().values())
for fen,uci,verdict,text,ref,reft,bt,bu in rows:
    c['notes']+=1
    b=chess.Board(fen); m=chess.Move.from_uci(uci)
    if verdict in ('mistake','blunder'):
        c['mistake+']+=1
        if not re.search(r'loses|to be won|mate|gives up|for only|gives only', text): c['loss-not-named']+=1
    if b.is_capture(m) and not re.search(r'\b(takes|trades|wins|recaptures|captures|gives|takes back)\b', text): c['capture-unnamed']+=1
    c['dup-square-in-sentence']+=sq_dups(text)
    if ref:
        c['refutations']+=1
        a=b.copy(); a.push(m); ok=True
        for u in ref.split():
            mv=chess.Move.from_uci(u)
            if mv not in a.legal_moves: ok=False; break
            last=mv; lastcap=a.is_capture(mv); a.push(mv)
        # ends on a capture that can be taken back at once by a legal capture on that square
        if ok and lastcap and any(x.to_square==last.to_square for x in a.legal_moves if a.is_capture(x)): c['cut-mid-exchange']+=1
        if reft and re.search(r'has won|checkmate|forced mate', reft): c['refutation-with-material-or-mate']+=1
    for t,start_uci in ((text,uci),(bt,bu)):
        if t and 'sacrifice' in t:
            c['sacrifice-word']+=1
for k,v in c.items(): print(f"{k}: {v}")
