#!/usr/bin/env python3
"""Author's checker for the Black coach defences (python-chess + Stockfish).

    python3 scripts/content/black_check.py [--no-engine] [--nodes 120000,600000] FILE.pgn...

For every line of a coach source (main line and each variation, nested ones included):
- the `%dev` marker (phase, kind, name, reason) and where the line leaves its parent
  (the opponent's move number);
- the learner moves of the main line and of phase-2 lines without an authored
  comment, and comments whose prose is shorter than 40 or longer than 220 characters;
- NAGs on moves;
- the name lichess's list gives the position after the deviating move and the
  deepest named position of the line (to spell deviation names as the list does);
- with the engine: the centipawn loss of every learner move in every line at each
  node budget (loss = best root score - score with the move as the only root move),
  and Stockfish's score where a comment holds `[%eval …]`.
"""
import argparse
import csv
import glob
import json
import os
import re
import sys

import chess
import chess.engine
import chess.pgn

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DEV_RE = re.compile(r'\[%dev ([^\]]*)\]')
CMD_RE = re.compile(r'\[%[^\]]*\]')
EVAL_RE = re.compile(r'\[%eval ([^\]]*)\]')


def lichess_names():
    names = {}
    for path in sorted(glob.glob("/work/shared/data/chess-openings/*.tsv")):
        with open(path) as f:
            for row in csv.DictReader(f, delimiter="\t"):
                b = chess.Board()
                for tok in row["pgn"].split():
                    if tok.endswith("."):
                        continue
                    b.push_san(tok)
                names[b.epd()] = (row["eco"], row["name"])
    return names


def prose(comment):
    return " ".join(CMD_RE.sub("", comment).split())


class Engine:
    def __init__(self, cache_path):
        self.cache_path = cache_path
        self.cache = json.load(open(cache_path)) if os.path.exists(cache_path) else {}
        self.eng = chess.engine.SimpleEngine.popen_uci("/usr/games/stockfish")
        self.eng.configure({"Threads": 1, "Hash": 64})

    def save(self):
        json.dump(self.cache, open(self.cache_path, "w"))

    def score(self, board, nodes, move=None):
        key = f"{nodes}|{board.fen()}|{move.uci() if move else ''}"
        if key not in self.cache:
            kw = {"root_moves": [move]} if move else {}
            info = self.eng.analyse(board, chess.engine.Limit(nodes=nodes), game=object(), **kw)
            s = info["score"].pov(board.turn)
            self.cache[key] = [s.score(mate_score=100000), info["pv"][0].uci() if info.get("pv") else None]
        return self.cache[key]


def main():
    sys.stdout.reconfigure(line_buffering=True)
    ap = argparse.ArgumentParser()
    ap.add_argument("--no-engine", action="store_true")
    ap.add_argument("--nodes", default="120000,600000")
    ap.add_argument("--threshold", type=int, default=50)
    ap.add_argument("--cache", default="/tmp/black_check_cache.json")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    budgets = [int(x) for x in args.nodes.split(",")]
    names = lichess_names()
    engine = None if args.no_engine else Engine(args.cache)
    bad = 0
    for path in args.files:
        game = chess.pgn.read_game(open(path))
        for e in game.errors:
            print(f"   ! parse error: {e}"); bad += 1
        learner = chess.WHITE if game.headers.get("LearnerSide") == "White" else chess.BLACK
        print(f"== {path}")
        stats = {"learner": 0, "authored": 0}
        counts = {}

        def walk(start, marker, phase, depth):
            nonlocal bad
            node = start
            label = marker.get("name", "MAIN") if marker else "MAIN"
            if marker:
                b = start.parent.board()
                mv = start.move
                after = start.board()
                nm = names.get(after.epd())
                print(f"{'  ' * depth}[{marker.get('kind', 'deviation')} p{phase}] {label} @ {b.fullmove_number}{'.' if b.turn else '...'}{b.san(mv)}"
                      f" | list: {nm[1] if nm else '-'}")
                if not marker.get("reason") and phase == 2:
                    print(f"{'  ' * depth}   ! no reason")
                key = (marker.get("kind", "deviation"), phase)
                counts[key] = counts.get(key, 0) + 1
            deepest = None
            m0 = start.parent
            while m0 is not None:
                if names.get(m0.board().epd()) and deepest is None:
                    deepest = names[m0.board().epd()]
                m0 = m0.parent
            n = start
            plies = 0
            while n is not None:
                if n is not start or marker:
                    pass
                board = n.board()
                nm = names.get(board.epd())
                if nm:
                    deepest = nm
                if n.move is not None:
                    plies += 1
                    if n.nags:
                        print(f"   ! NAG on {n.san()}"); bad += 1
                    mover = not board.turn
                    if mover == learner:
                        pb = n.parent.board()
                        san = pb.san(n.move)
                        where = f"{pb.fullmove_number}{'.' if pb.turn else '...'}{san}"
                        p = prose(n.comment)
                        if phase in (None, 2):
                            stats["learner"] += 1
                            if p:
                                stats["authored"] += 1
                            else:
                                print(f"   ! {label}: {where} has no comment"); bad += 1
                        if p and not (40 <= len(p) <= 220):
                            print(f"   ! {label}: {where} comment length {len(p)}"); bad += 1
                        if engine:
                            for nodes in budgets:
                                best, bm = engine.score(pb, nodes)
                                if bm == n.move.uci():
                                    continue
                                ms, _ = engine.score(pb, nodes, n.move)
                                loss = best - ms
                                if loss > args.threshold:
                                    print(f"   ! {label}: {where} loses {loss} cp at {nodes} (best {pb.san(chess.Move.from_uci(bm))})"); bad += 1
                    ev = EVAL_RE.search(n.comment or "")
                    if ev and engine:
                        s, bm = engine.score(board, max(budgets))
                        white = s if board.turn == chess.WHITE else -s
                        print(f"   eval claim {ev.group(1)} after {n.san()}: stockfish {white} cp (White) best {bm}")
                # variations branching here (not the first child)
                for v in n.variations[1:]:
                    m = DEV_RE.search(v.starting_comment or "")
                    vm = {}
                    if m:
                        for k, val in re.findall(r'(\w+)=("[^"]*"|\S+)', m.group(1)):
                            vm[k] = val.strip('"')
                    ph = int(vm["phase"]) if "phase" in vm else phase
                    walk(v, vm or {"name": "(alternative)"}, ph, depth + 1)
                n = n.variations[0] if n.variations else None
            if True:
                print(f"{'  ' * depth}   deepest named: {deepest[1] if deepest else '-'}; plies {plies}")

        walk(game, None, None, 0)
        print(f"   counts: {counts}; learner moves (main+phase2): {stats['learner']}, authored {stats['authored']}")
    if engine:
        engine.save()
        engine.eng.quit()
    print(f"{bad} problems")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
