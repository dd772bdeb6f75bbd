#!/usr/bin/env python3
"""note-classes.py BUNDLE/openings.sqlite: automatic counts, over every note, of the classes the strong-player reads
found (docs/coach-notes.md): mistakes whose text names no loss, captures whose text names no capture, refutations
that end on a capture the other side can take back at once, "sacrifice" words, a square named twice in one sentence,
refutations whose words say what the line wins or mates; review5's classes: a king or corner-rook move that forfeits
castling without saying so, a text that is only "keeps everything protected", a "hits/attacks" by a unit the opponent takes
straight back without loss, "gives up … for only" where the exchange on the square loses nothing, a refutation with
a lapse of the refuted side inside it (a losing capture, or material another legal move kept); review6's: a cut
refutation that still says "has won", a refutation's first move called a trade that its line does not take back, and
how many mistakes name the better move's gain ("misses X, which wins"). Board facts with
python-chess; reads the bundle only."""
import sqlite3, sys, re, chess
V={1:1,2:3,3:3,4:5,5:9,6:0}
db=sqlite3.connect(sys.argv[1])
rows=db.execute("SELECT p.fen, n.uci, n.verdict, n.text, n.refutation_uci, n.refutation_text, n.better_text, n.better_uci FROM move_note n JOIN position p ON p.id=n.position_id").fetchall()
c={k:0 for k in ['notes','mistake+','loss-not-named','capture-unnamed','cut-mid-exchange','sacrifice-word','dup-square-in-sentence','refutation-with-material-or-mate','refutations',
                 'castling-lost-unsaid','filler-whole-text','hollow-hit','gives-up-but-exchange-even','refutation-with-mover-lapse',
                 'cut-mid-exchange-has-won','trade-not-taken-back','misses-wins']}
CV={1:100,2:300,3:300,4:500,5:900,6:10000}
def see(b,sq,side):
    """What side wins by starting captures on sq (static exchange, cheapest attacker first, both may stop)."""
    t=b.piece_at(sq)
    if not t or t.color==side: return 0
    bb=b.copy(); cur=side; vals=[]
    while True:
        atts=list(bb.attackers(cur,sq))
        if not atts: break
        a=min(atts,key=lambda s:CV[bb.piece_at(s).piece_type]); vals.append(CV[bb.piece_at(a).piece_type]); bb.remove_piece_at(a); cur=not cur
    if not vals: return 0
    g=[CV[t.piece_type]]
    for v in vals[:-1]: g.append(v-g[-1])
    while len(g)>1:
        x=g.pop(); g[-1]=-max(-g[-1],x)
    return max(0,g[0])
def taken_back(b,sq):
    """The side to move takes the unit on sq with its cheapest legal capture and loses nothing by the exchange after."""
    caps=[x for x in b.legal_moves if x.to_square==sq and b.is_capture(x)]
    if not caps: return False
    t=min(caps,key=lambda x:CV[b.piece_type_at(x.from_square)])
    unit=CV[b.piece_type_at(sq)]; a=b.copy(); a.push(t)
    return unit-see(a,sq,a.turn)>=0
def max_gain(b,side):
    return max([see(b,sq,side) for sq,p in b.piece_map().items() if p.color!=side and p.piece_type!=6]+[0])
def lapse(b,i_moves):
    """A move of the refuted side inside the line that loses by exchange or lets material go another move kept."""
    side=not b.turn; cur=b.copy()
    for i,mv in enumerate(i_moves):
        if cur.turn==side and i>0:
            end=cur.copy()
            for x in i_moves[i:]: end.push(x)
            if bal(end,side)-bal(cur,side)>-2: cur.push(mv); continue
            cap=CV[cur.piece_type_at(mv.to_square)] if cur.is_capture(mv) and not cur.is_en_passant(mv) else 0
            nxt=cur.copy(); nxt.push(mv)
            if cap and see(nxt,mv.to_square,not side)-cap>=200: return True
            if not cur.is_check() and i+1<len(i_moves) and nxt.is_capture(i_moves[i+1]):
                lost=see(nxt,i_moves[i+1].to_square,not side)-cap
                if lost>=200:
                    alts=[]
                    for a in cur.legal_moves:
                        if a==mv or cur.is_capture(a): continue
                        x=cur.copy(); took=CV[cur.piece_type_at(a.to_square)] if cur.is_capture(a) and not cur.is_en_passant(a) else 0; x.push(a)
                        alts.append(max_gain(x,not side)-took)
                    best=min(alts,default=lost)
                    if best<=lost-200: return True
        cur.push(mv)
    return False
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
        if re.search(r'misses \S+, which wins', text): c['misses-wins']+=1
        if not re.search(r'loses|to be won|mate|gives up|for only|gives only', text): c['loss-not-named']+=1
    if text and re.fullmatch(r'\S+ keeps everything protected: no \w+ piece or pawn can be won by a capture\.', text): c['filler-whole-text']+=1
    p=b.piece_at(m.from_square)
    if not b.is_castling(m) and (p.piece_type==chess.KING and b.has_castling_rights(b.turn) or
                                 p.piece_type==chess.ROOK and b.castling_rights & chess.BB_SQUARES[m.from_square]):
        if not re.search(r'gives up (castling|the right to castle)', text): c['castling-lost-unsaid']+=1
    a1=b.copy(); a1.push(m)
    if re.search(r'\b(hits|attacks) (your|the) \w+ on', text) and taken_back(a1,m.to_square): c['hollow-hit']+=1
    if b.is_capture(m) and 'for only' in text and not b.is_en_passant(m) and CV[b.piece_type_at(m.to_square)]-see(a1,m.to_square,a1.turn)>=0: c['gives-up-but-exchange-even']+=1
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
        if ok and lastcap and any(x.to_square==last.to_square for x in a.legal_moves if a.is_capture(x)):
            c['cut-mid-exchange']+=1
            # review6: ... and the refutation still claims material won, though the side to move wins the capture back
            if reft and 'has won' in reft and see(a,last.to_square,a.turn)>0: c['cut-mid-exchange-has-won']+=1
        # review6: the refutation's first move is called a trade, but the line's next move does not take back on its square
        rs=ref.split()
        if ok and reft and re.search(r'\b(a trade|trades \w+s on)\b', reft.split('.')[0]+'.' if not reft.startswith('By the end') else reft.split('. ',1)[-1].split('.')[0]) \
           and (len(rs)<2 or chess.Move.from_uci(rs[1]).to_square!=chess.Move.from_uci(rs[0]).to_square): c['trade-not-taken-back']+=1
        if reft and re.search(r'has won|checkmate|forced mate', reft): c['refutation-with-material-or-mate']+=1
        if ok:
            a0=b.copy(); a0.push(m)
            if lapse(a0,[chess.Move.from_uci(u) for u in ref.split()]): c['refutation-with-mover-lapse']+=1
    for t,start_uci in ((text,uci),(bt,bu)):
        if t and 'sacrifice' in t:
            c['sacrifice-word']+=1
for k,v in c.items(): print(f"{k}: {v}")
