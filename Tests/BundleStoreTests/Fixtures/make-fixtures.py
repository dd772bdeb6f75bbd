#!/usr/bin/env python3
# make-fixtures.py: regenerates the BundleStore test fixtures with python-chess and Stockfish (reference tools only).
# Run from this directory: python3 make-fixtures.py   (writes bundle-content.json, polyglot-entries.txt)
import json
import re
import chess
import chess.engine
import chess.polyglot

ENGINE = "/usr/games/stockfish"
NODES = 20000


def identity_fen(board):
    parts = board.fen(en_passant="legal").split(" ")
    return " ".join(parts[:4] + ["0", "1"])


positions = {}   # identity fen -> record
moves = {}       # (from_id, uci) -> record
named = {}       # identity fen -> (name, eco)


def position_id(board):
    fen = identity_fen(board)
    if fen not in positions:
        positions[fen] = {
            "id": len(positions) + 1,
            "zobrist_key": chess.polyglot.zobrist_hash(board) - (1 << 64)
            if chess.polyglot.zobrist_hash(board) >= (1 << 63) else chess.polyglot.zobrist_hash(board),
            "fen": fen, "name": None, "eco": None, "name_is_inherited": False,
            "side_to_move": "white" if board.turn == chess.WHITE else "black",
            "is_check": board.is_check(),
        }
    return positions[fen]["id"]


def move_id(board, move):
    frm = position_id(board)
    san = board.san(move)
    board.push(move)
    to = position_id(board)
    board.pop()
    key = (frm, move.uci())
    if key not in moves:
        moves[key] = {"id": len(moves) + 1, "from_position_id": frm, "to_position_id": to,
                      "uci": move.uci(), "san": san}
    return moves[key]["id"]


openings, lines, line_moves = [], [], []


def add_line(line, board, sans, first_ply, notes):
    """Plays sans from board, appending line_move rows; notes maps san index -> dict."""
    board = board.copy()
    for i, san in enumerate(sans):
        move = board.parse_san(san)
        row = {"line_id": line["id"], "ply": first_ply + i, "move_id": move_id(board, move),
               "explanation": None, "explanation_source": None, "concepts": [],
               "arrows": None, "highlights": None}
        row.update(notes.get(i, {}))
        line_moves.append(row)
        board.push(move)
    lines.append(line)
    return board


def replay(sans):
    board = chess.Board()
    for san in sans:
        board.push_san(san)
    return board


italian_main = "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d4 exd4 cxd4 Bb4+ Nc3 Nxe4 O-O".split()
openings.append({"id": 1, "slug": "italian-game", "name": "Italian Game", "variation": "Giuoco Piano",
                 "eco": "C50", "learner_side": "white", "difficulty": 2,
                 "description": "White develops the bishop to c4, aiming at f7.",
                 "source_file": "openings/coach/italian-game.pgn"})
add_line({"id": 1, "opening_id": 1, "kind": "main", "name": None, "description": None, "phase": None,
          "parent_line_id": None, "branch_ply": None}, chess.Board(), italian_main, 1, {
    0: {"explanation": "Take the centre and open lines for the queen and bishop.",
        "explanation_source": "authored", "concepts": ["centre", "development"], "arrows": "Ge2e4"},
    2: {"explanation": "Develop the knight and attack e5.", "explanation_source": "authored",
        "concepts": ["development", "attack"], "arrows": "Gg1f3,Rf3e5", "highlights": "Re5"},
    4: {"explanation": "The bishop eyes f7, Black's weakest square.", "explanation_source": "generated",
        "concepts": ["development"], "arrows": "Gc4f7"},
    14: {"explanation": "Castle into safety and open the e-file.", "explanation_source": "authored",
         "concepts": ["king safety"]},
})
# Phase-2 deviation after 3.Bc4 (ply 5): the Two Knights Defence.
add_line({"id": 2, "opening_id": 1, "kind": "deviation", "name": "Two Knights Defence",
          "description": "Black counterattacks e4 instead of copying the bishop move.", "phase": 2,
          "parent_line_id": 1, "branch_ply": 5}, replay(italian_main[:5]),
         "Nf6 d3 Be7 O-O O-O Re1 d6 c3".split(), 6, {
    0: {"explanation": "Black attacks e4 at once.", "explanation_source": "authored", "concepts": ["attack"]},
    1: {"explanation": "Defend e4 calmly and keep the bishop.", "explanation_source": "generated"},
})
# Phase-3 deviation after 2.Nf3 (ply 3): Philidor Defence.
add_line({"id": 3, "opening_id": 1, "kind": "deviation", "name": "Philidor Defence", "description": None,
          "phase": 3, "parent_line_id": 1, "branch_ply": 3}, replay(italian_main[:3]),
         "d6 d4 exd4 Nxd4 Nf6 Nc3 Be7 Bf4".split(), 4, {})
# An alternative for the learner at ply 5.
add_line({"id": 4, "opening_id": 1, "kind": "alternative", "name": "Ruy Lopez", "description": None,
          "phase": None, "parent_line_id": 1, "branch_ply": 4}, replay(italian_main[:4]),
         "Bb5 a6 Ba4 Nf6".split(), 5, {})

scotch_main = "e4 e5 Nf3 Nc6 d4 exd4 Nxd4 Nf6 Nxc6 bxc6 e5".split()
openings.append({"id": 2, "slug": "scotch-game", "name": "Scotch Game", "variation": None, "eco": "C45",
                 "learner_side": "white", "difficulty": 3,
                 "description": "White strikes in the centre at once with d4.",
                 "source_file": "openings/coach/scotch-game.pgn"})
add_line({"id": 5, "opening_id": 2, "kind": "main", "name": None, "description": None, "phase": None,
          "parent_line_id": None, "branch_ply": None}, chess.Board(), scotch_main, 1, {
    4: {"explanation": "Open the centre while Black's pieces are still at home.",
        "explanation_source": "authored", "concepts": ["centre"]},
})

# Names: given by lines at these positions; the others inherit along the moves that reach them.
for sans, name, eco in [
    ("e4", "King's Pawn Game", "B00"), ("e4 e5 Nf3 Nc6", "King's Knight Opening", "C44"),
    ("e4 e5 Nf3 Nc6 Bc4", "Italian Game", "C50"), ("e4 e5 Nf3 Nc6 Bc4 Bc5", "Giuoco Piano", "C53"),
    ("e4 e5 Nf3 Nc6 Bc4 Nf6", "Two Knights Defence", "C55"), ("e4 e5 Nf3 d6", "Philidor Defence", "C41"),
    ("e4 e5 Nf3 Nc6 d4", "Scotch Game", "C45"), ("e4 e5 Nf3 Nc6 Bb5", "Ruy Lopez", "C60"),
]:
    rec = positions[identity_fen(replay(sans.split()))]
    rec["name"], rec["eco"] = name, eco
by_id = {p["id"]: p for p in positions.values()}
for m in sorted(moves.values(), key=lambda m: m["id"]):
    child, parent = by_id[m["to_position_id"]], by_id[m["from_position_id"]]
    if child["name"] is None and parent["name"] is not None:
        child["name"], child["eco"], child["name_is_inherited"] = parent["name"], parent["eco"], True

# Analysis of the first positions of the Italian main line by the real engine.
analyses, analysis_lines = [], []
engine = chess.engine.SimpleEngine.popen_uci(ENGINE)
engine.configure({"Threads": 1, "Hash": 16, "UCI_ShowWDL": True})
board = chess.Board()
for ply in range(0, 6):
    pid = position_id(board)
    infos = engine.analyse(board, chess.engine.Limit(nodes=NODES), multipv=3, game=object())
    top = infos[0]
    score = top["score"].relative
    wdl = top.get("wdl")
    analyses.append({"position_id": pid, "engine": engine.id["name"], "engine_version": "15.1",
                     "profile": f"nodes={NODES} threads=1 hash=16 multipv=3", "nodes": top.get("nodes", NODES),
                     "depth": top["depth"], "score_cp": score.score(), "score_mate": score.mate(),
                     "wdl_win": wdl.relative.wins if wdl else None, "wdl_draw": wdl.relative.draws if wdl else None,
                     "wdl_loss": wdl.relative.losses if wdl else None, "best_uci": top["pv"][0].uci()})
    for rank, info in enumerate(infos, start=1):
        s = info["score"].relative
        analysis_lines.append({"position_id": pid, "rank": rank, "uci": info["pv"][0].uci(),
                               "san": board.san(info["pv"][0]), "score_cp": s.score(), "score_mate": s.mate(),
                               "pv_uci": " ".join(m.uci() for m in info["pv"]), "depth": info["depth"]})
    board.push_san(italian_main[ply])
engine.quit()

# Schema 2's keys (BundleKeys): moves by from-position key and UCI, lines by opening slug and name.
for m in moves.values():
    m["key"] = "%016x:%s" % (by_id[m["from_position_id"]]["zobrist_key"] % (1 << 64), m["uci"])
slugs = {o["id"]: o["slug"] for o in openings}
moves_by_id = {m["id"]: m for m in moves.values()}
for line in lines:
    key = slugs[line["opening_id"]] + "/" + ("main" if line["kind"] == "main" else re.sub(r"[^a-z0-9]+", "-", line["name"].lower()).strip("-"))
    if line["kind"] == "alternative":
        first = min((lm for lm in line_moves if lm["line_id"] == line["id"]), key=lambda lm: lm["ply"])
        key += "@%d-%s" % (first["ply"], moves_by_id[first["move_id"]]["uci"])
    line["key"], line["reason"] = key, None
    line["deviation_kind"] = "deviation" if line["kind"] == "deviation" else None

content = {
    "openings": openings,
    "positions": sorted(positions.values(), key=lambda p: p["id"]),
    "moves": sorted(moves.values(), key=lambda m: m["id"]),
    "lines": lines, "line_moves": line_moves,
    "analyses": analyses, "analysis_lines": analysis_lines,
}
with open("bundle-content.json", "w") as f:
    json.dump(content, f, indent=1, sort_keys=True)
    f.write("\n")
print(f"{len(positions)} positions, {len(moves)} moves, {len(line_moves)} line moves, {len(analyses)} analyses")
