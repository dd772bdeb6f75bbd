#!/usr/bin/env python3
"""Writes the validator's fixture library: one good source of each kind, and cases that break exactly one rule each."""
import os, shutil, chess, chess.pgn
root = "Tests/PipelineTests/Fixtures/validate"
shutil.rmtree(root, ignore_errors=True)
MAIN = "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d3 d6 O-O O-O Re1 a6 Bb3 Ba7 h3 h6 Nbd2 Re8 Nf1 Be6 Ng3 Qd7 Bc2".split()
DEVS = [  # (ply index where the deviation replaces the main move, moves, phase, name[, kind])
    (1, "c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be2 e5 Nb3".split(), 2, "Sicilian Defence", "sidestep"),
    (3, "d6 d4 Nf6 Nc3 Nbd7 Bc4 Be7 O-O".split(), 2, "Philidor Defence"),
    (5, "Nf6 d3 Be7 O-O O-O Re1 d6 c3".split(), 2, "Two Knights Defence"),
    (5, "Be7 d4 d6 h3 Nf6 Nc3 O-O O-O".split(), 2, "Hungarian Defence"),
    (7, "d6 d4 exd4 cxd4 Bb6 Nc3 Nf6 O-O".split(), 2, "Quiet 4...d6"),
    (5, "Nd4 Nxd4 exd4 O-O Bc5 Bxf7+ Kxf7 Qh5+ g6 Qxc5".split(), 2, "Italian Game: Blackburne-Kostić Gambit", "trap"),
]
LATE = (13, "Bg4 h3 Bh5 Nbd2 a6 Nf1 Ba7 Ng3 Bg6".split(), 2, "Pin with ...Bg4")
EXPLAIN = "A calm developing move that follows the plan of the opening."
EVALS = {"Qxc5": "[%eval 4.0] White has won a pawn and Black's king can no longer castle."}

def marker(p, n, kind="deviation"):
    extra = f" kind={kind}" if kind != "deviation" else ""
    return f'[%dev phase={p} name="{n}"{extra} reason="Club players choose it often here."]' 
TAGS = [("Event", "ContentForge coach"), ("Site", "?"), ("Date", "????.??.??"), ("Round", "-"), ("White", "?"), ("Black", "?"), ("Result", "*"),
        ("ECO", "C50"), ("Opening", "Italian Game"), ("Variation", "Giuoco Pianissimo"), ("LearnerSide", "White"), ("Difficulty", "2"),
        ("Description", "White develops quickly, castles and builds the centre slowly with c3 and d3, keeping every piece safe.")]

def movetext(main, devs, comment_first=True, dev_marker=marker, explain=True, suffix=""):
    b = chess.Board()
    out = []
    for i, san in enumerate(main):
        num = f"{b.fullmove_number}." if b.turn == chess.WHITE else (f"{b.fullmove_number}..." if i == 0 or out[-1].endswith(")") else "")
        tok = (num + " " if num else "") + san
        if i == 0 and comment_first:
            tok += " {The king's pawn takes a centre square and opens lines for the queen and bishop.}"
        elif explain and comment_first and b.turn == chess.WHITE:
            tok += " {" + EXPLAIN + "}"
        out.append(tok)
        for at, moves, phase, name, *kind in devs:
            if at == i:
                vb = b.copy()
                parts = []
                for j, s in enumerate(moves):
                    n = f"{vb.fullmove_number}." if vb.turn == chess.WHITE else (f"{vb.fullmove_number}..." if j == 0 else "")
                    t = (n + " " if n else "") + s
                    if s in EVALS:
                        t += " {" + EVALS[s] + "}"
                    elif explain and comment_first and vb.turn == chess.WHITE:
                        t += " {" + EXPLAIN + "}"
                    parts.append(t)
                    vb.push_san(s)
                out.append("( {" + dev_marker(phase, name, *kind) + " A common way to leave the main line early.} " + " ".join(parts) + " )")
        b.push_san(san)
    return " ".join(out) + " *"

def pgn(tags, text):
    return "".join(f'[{k} "{v}"]\n' for k, v in tags) + "\n" + text + "\n"

def write(case, name, content):
    d = os.path.join(root, case)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "w") as f:
        f.write(content)

def fens(moves, start=None):
    b = chess.Board(start) if start else chess.Board()
    out = [b.fen(en_passant="fen")]
    for s in moves:
        b.push_san(s)
        out.append(b.fen(en_passant="fen"))
    return "\n".join(out) + "\n"

good = pgn(TAGS, movetext(MAIN, DEVS))
CLASSICAL = "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O Nf3 h6".split()
CTAGS = [t for t in TAGS if t[0] not in ("LearnerSide", "Difficulty")]
CTAGS = [("ECO", "D55") if k == "ECO" else ("Opening", "Queen's Gambit Declined") if k == "Opening" else ("Variation", "Orthodox Defence") if k == "Variation" else (k, v) for k, v in CTAGS]
CTAGS = [("Description", "Black holds the d5 pawn with e6 and develops calmly; White puts pressure on the pinned knight.") if k == "Description" else (k, v) for k, v in CTAGS]
classical = pgn(CTAGS, movetext(CLASSICAL, [], comment_first=False))
TACTIC = "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#".split()
TTAGS = [(k, v) for k, v in CTAGS if k not in ("Variation",)]
TTAGS = [("ECO", "C20") if k == "ECO" else ("Opening", "Scholar's Mate") if k == "Opening" else ("Description", "The queen and bishop both aim at f7, the weakest square in Black's camp, and Black misses the threat.") if k == "Description" else (k, v) for k, v in TTAGS]
TTAGS += [("Claim", "mate 1"), ("ClaimPly", "6"), ("ClaimText", "White mates with Qxf7")]
tactic = pgn(TTAGS, movetext(TACTIC, [], comment_first=False).replace(" *", " 1-0").replace('"*"', '"1-0"'))
tactic = tactic.replace('[Result "*"]', '[Result "1-0"]')

# The good library.
write("good/coach", "italian.pgn", good)
write("good/library/classical", "qgd.pgn", classical)
write("good/library/classical", "qgd.fen", fens(CLASSICAL))
write("good/library/tactics", "scholars-mate.pgn", tactic)
write("good/library/tactics", "scholars-mate.fen", fens(TACTIC))
write("good/library/fen-only", "alone.fen", fens("e4 c5 Nf3".split()) + "\n" + fens("d4 Nf6".split()))

# One broken rule each.
write("VAL201", "italian.pgn", good.replace("2. Nf3", "2. Ng1f3", 1))
write("VAL202", "italian.pgn", good.replace('[ECO "C50"]\n', ""))
write("VAL203", "italian.pgn", good.replace('[ECO "C50"]', '[ECO "F50"]').replace('[Difficulty "2"]', '[Difficulty "7"]'))
# VAL204 (12 full moves) is retired; a main line cut at 10...Re8 ends without a stated plan (VAL226).
write("VAL226", "italian.pgn", pgn(TAGS, movetext(MAIN[:20], DEVS)))
write("VAL205", "italian.pgn", pgn(TAGS, movetext(MAIN, DEVS, dev_marker=lambda p, n, k="deviation": marker(5 if n.startswith("Two") else p, n, k))))
write("VAL206", "italian.pgn", pgn(TAGS, movetext(MAIN, DEVS[:4] + [(7, "d6 d4 exd4 cxd4".split(), 2, "Quiet 4...d6")])))
write("VAL207", "italian.pgn", pgn(TAGS, movetext(MAIN, DEVS + [(4, "Nc3 Nf6 d3 Bc5 Be3 Bxe3 fxe3 d6".split(), 2, "Learner's own choice")])))
write("VAL208", "italian.pgn", pgn(TAGS, movetext(MAIN, DEVS + [DEVS[2]])))
write("VAL209/library/classical", "qgd.pgn", classical)
OTHER_ORDER = "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 Nf3 O-O e3 h6".split()
write("VAL209/library/classical", "qgd-other-name.pgn", pgn([(k, "Cambridge Springs") if k == "Variation" else (k, v) for k, v in CTAGS], movetext(OTHER_ORDER, [], comment_first=False)))
write("VAL210", "italian.pgn", pgn(TAGS, movetext(MAIN, [DEVS[0], DEVS[1], DEVS[5]])))
write("VAL202-outside-coach/library/classical", "italian.pgn", good.replace('[LearnerSide "White"]\n', ""))
write("VAL205-misplaced", "italian.pgn", good.replace("3. Bc4 {" + EXPLAIN + "}", "3. Bc4 {[%dev phase=2 name=\"Late marker\"] " + EXPLAIN + "}", 1)
      .replace("[%dev phase=2 name=\"Hungarian Defence\"", "[%deviation phase=2 name=\"Hungarian Defence\"", 1))
write("VAL213", "italian.pgn", pgn(TAGS, movetext(MAIN, DEVS + [LATE])))
write("VAL215", "italian.pgn", good.replace("2. Nf3", "2. Nf3!", 1))
write("VAL216", "italian.pgn", good.replace("2. Nf3 {" + EXPLAIN + "}", "2. Nf3 {The knight attacks e5 at once and also controls d5, the square in the centre.}", 1))
write("VAL218", "italian.pgn", pgn(TAGS, movetext(MAIN, [d if d[4:] else (d[0], d[1], 3, d[3]) for d in DEVS])))
write("VAL219", "italian.pgn", good.replace("{" + EVALS["Qxc5"] + "}", "{White has won a pawn and Black's king can no longer castle.}"))
write("VAL225", "italian.pgn", pgn(TAGS, movetext(MAIN, [(1, DEVS[0][1][:8], 2, "Sicilian Defence", "sidestep")] + DEVS[1:])))
write("VAL214", "italian.pgn", pgn(TAGS, movetext(MAIN, DEVS, explain=False)))
write("VAL224", "italian.pgn", good.replace("[%eval 4.0]", "[%eval -2.0]"))
write("VAL211", "italian.pgn", good + "\n" + good)
# The Two Knights line transposes to the main line after 4...Nf6 and plays 5.b4 where the main line plays 5.d3.
write("VAL227", "italian.pgn", good.replace("3... Nf6 4. d3 {" + EXPLAIN + "} Be7 5. O-O {" + EXPLAIN + "} O-O 6. Re1 {" + EXPLAIN + "} d6 7. c3 {" + EXPLAIN + "} )",
      "3... Nf6 4. c3 {" + EXPLAIN + "} Bc5 5. b4 {" + EXPLAIN + "} Bb6 6. d3 {" + EXPLAIN + "} d6 7. O-O {" + EXPLAIN + "} )", 1))
# A claim whose piece cannot be told: a warning, silenced by the [%unchecked] marker.
write("VAL229", "italian.pgn", good.replace("2. Nf3 {" + EXPLAIN + "}", "2. Nf3 {This attacks e5 at once and gets ready to castle on the king's side.}", 1))
write("VAL229-marked", "italian.pgn", good.replace("2. Nf3 {" + EXPLAIN + "}", "2. Nf3 {[%unchecked] This attacks e5 at once and gets ready to castle on the king's side.}", 1))
write("VAL228", "italian.pgn", good.replace('kind=trap reason="Club players choose it often here."] A common way to leave the main line early.}',
      'kind=trap reason="Club players choose it often here."] Black gives up the e5-pawn for speed, and 6.Bxf7+ wins the c5-bishop.}', 1))
write("VAL230/library/fen-only", "alone.fen", fens("e4 c5 Nf3".split()).replace("KQkq", "QKkq", 1))
write("VAL231/library/classical", "qgd.pgn", classical)
write("VAL231/library/classical", "qgd.fen", fens(CLASSICAL[:-1]))
write("PGN102", "italian.pgn", good.replace("3. Bc4", "3. Bc5", 1))
write("PGN153/library/fen-only", "alone.fen", fens("e4 c5 Nf3".split()).replace("rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2\n", ""))
write("PGN150/library/fen-only", "alone.fen", fens("e4 c5 Nf3".split()).replace("rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2", "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 1 2"))
# Engine-checked cases (real Stockfish).
write("VAL220", "italian.pgn", pgn(TAGS, movetext([("Nxe5" if s == "Ng3" else s) for s in MAIN], DEVS)))
write("VAL222/library/tactics", "scholars-mate.pgn", tactic.replace('[Claim "mate 1"]', '[Claim "material 3"]'))
write("FEN007/library/fen-only", "alone.fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1\n")
print("written", root)
