#!/usr/bin/env python3
"""Reference checker for the authored opening library (python-chess + Stockfish).

Not part of the product: it is the author's tool and the golden reference the
Swift validator (`forge validate`) can be compared with.

    python3 scripts/content/check.py [--no-engine] [--nodes N] [--threshold CP] [paths...]

Checks every openings/**/*.pgn: canonical SAN tokens (including +/#), no NAG
suffixes in moves, required tags, main-line length, deviations (%dev markup,
phase, continuation), comment lengths, FEN files equal to what
scripts/content/genfen.py writes, names consistent, no duplicate lines and,
with the engine, the centipawn loss of every learner move and the tactical
claims.  Prints one line per problem and a per-file worst-loss table.
"""
import argparse
import glob
import json
import os
import re
import sys

import chess
import chess.engine
import chess.pgn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import genfen  # noqa: E402

ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
DEV_RE = re.compile(r'\[%dev\s+phase=([0-9]+)\s+name="([^"]*)"\]')
TOKEN_RE = re.compile(r'\{[^}]*\}|;[^\n]*|\$\d+|\(|\)|\d+\.(?:\.\.)?|\*|1-0|0-1|1/2-1/2|[^\s(){};]+')
PIECE_VALUE = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}

problems = []


def problem(path, msg):
    problems.append(f"{path}: {msg}")


def movetext(text):
    """The movetext of a single-game PGN file (everything after the tag section)."""
    lines = text.split("\n")
    i = 0
    while i < len(lines) and (lines[i].startswith("[") or lines[i].strip() == ""):
        i += 1
    return "\n".join(lines[i:])


def check_tokens(path, text, start_board):
    """Walk the raw movetext: every SAN token must be exactly board.san(move)."""
    board_stack = []
    board = start_board.copy()
    prev = None  # board before the last move (for a RAV)
    prev_stack = []
    for tok in TOKEN_RE.findall(movetext(text)):
        if tok.startswith("{") or tok.startswith(";") or tok.startswith("$"):
            continue
        if re.fullmatch(r"\d+\.(\.\.)?", tok) or tok in ("*", "1-0", "0-1", "1/2-1/2"):
            continue
        if tok == "(":
            board_stack.append(board)
            prev_stack.append(prev)
            board = prev.copy()
            prev = None
            continue
        if tok == ")":
            board = board_stack.pop()
            prev = prev_stack.pop()
            continue
        m = re.fullmatch(r"(\d+\.(?:\.\.)?)(.+)", tok)
        if m:
            tok = m.group(2)
        if re.search(r"[!?]", tok):
            problem(path, f"NAG suffix in move token {tok!r}")
            tok = tok.rstrip("!?")
        try:
            move = board.parse_san(tok)
        except ValueError as e:
            problem(path, f"illegal or unreadable move {tok!r} in {board.fen()}: {e}")
            return
        canon = board.san(move)
        if canon != tok:
            problem(path, f"non-canonical SAN {tok!r}, canonical is {canon!r}")
        prev = board.copy()
        board.push(move)


def side_of(name):
    return chess.WHITE if name == "White" else chess.BLACK


class Engine:
    def __init__(self, nodes, cache_path):
        self.nodes = nodes
        self.cache_path = cache_path
        self.cache = {}
        if os.path.exists(cache_path):
            with open(cache_path) as f:
                self.cache = json.load(f)
        self.eng = chess.engine.SimpleEngine.popen_uci("/usr/games/stockfish")
        self.eng.configure({"Threads": 1, "Hash": 32})

    def save(self):
        with open(self.cache_path, "w") as f:
            json.dump(self.cache, f, indent=0, sort_keys=True)

    def _score(self, info, turn):
        return info["score"].pov(turn).score(mate_score=100000)

    def best(self, board):
        key = f"best|{self.nodes}|{board.fen()}"
        if key not in self.cache:
            info = self.eng.analyse(board, chess.engine.Limit(nodes=self.nodes), game=object())
            self.cache[key] = [self._score(info, board.turn), info["pv"][0].uci()]
        return self.cache[key]

    def move_score(self, board, move):
        key = f"move|{self.nodes}|{board.fen()}|{move.uci()}"
        if key not in self.cache:
            info = self.eng.analyse(board, chess.engine.Limit(nodes=self.nodes), root_moves=[move], game=object())
            self.cache[key] = self._score(info, board.turn)
        return self.cache[key]

    def loss(self, board, move):
        """Centipawns the move loses against the best move (0 if it is the best move)."""
        best_score, best_uci = self.best(board)
        if best_uci == move.uci():
            return 0, best_score, best_uci
        return max(0, best_score - self.move_score(board, move)), best_score, best_uci

    def deep(self, board, nodes):
        key = f"deep|{nodes}|{board.fen()}"
        if key not in self.cache:
            info = self.eng.analyse(board, chess.engine.Limit(nodes=nodes), game=object())
            s = info["score"].pov(board.turn)
            self.cache[key] = [s.score(mate_score=100000), s.mate()]
        return self.cache[key]


def material(board, color):
    return sum(PIECE_VALUE[p.piece_type] for p in board.piece_map().values() if p.color == color)


def walk_learner_moves(node, learner, out, label):
    """(board, move, label) for every learner move of the line starting at node's children[0]..."""
    n = node
    while n.variations:
        child = n.variations[0]
        board = n.board()
        if board.turn == learner:
            out.append((board, child.move, label, board.fullmove_number))
        n = child


def line_plies(node):
    k = 0
    while node.variations:
        node = node.variations[0]
        k += 1
    return k


def check_file(path, engine, args, names, lines_seen, worst):
    text = open(path, encoding="utf-8").read()
    if "\r" in text:
        problem(path, "CR line endings")
    game = chess.pgn.read_game(open(path, encoding="utf-8"))
    if game is None:
        problem(path, "no game")
        return
    if game.errors:
        for e in game.errors:
            problem(path, f"parse error: {e}")
    tags = list(game.headers.keys())
    if tags[:7] != ROSTER:
        problem(path, f"seven-tag roster not first: {tags[:7]}")
    kind = path.split(os.sep)[-2]
    required = ["ECO", "Opening", "Description"]
    if kind == "coach":
        required += ["LearnerSide", "Difficulty"]
    if kind == "tactics":
        required += ["Claim", "ClaimPly", "ClaimText"]
    for t in required:
        if not game.headers.get(t):
            problem(path, f"missing tag {t}")
    eco = game.headers.get("ECO", "")
    if not re.fullmatch(r"[A-E][0-9][0-9]", eco):
        problem(path, f"bad ECO {eco!r}")
    check_tokens(path, text, game.board())

    # duplicate lines + FEN file
    main_ucis = tuple(m.uci() for m in game.mainline_moves())
    start = game.board().fen()
    key = (start, main_ucis)
    if key in lines_seen:
        problem(path, f"duplicate line of {lines_seen[key]}")
    lines_seen[key] = path
    fen_path = path[:-4] + ".fen"
    if kind in ("classical", "tactics"):
        want = genfen.fen_text(game)
        if not os.path.exists(fen_path):
            problem(path, "missing .fen file")
        elif open(fen_path, "rb").read().decode() != want:
            problem(fen_path, "differs from what genfen.py regenerates")

    # comments
    def each_node(n):
        yield n
        for v in n.variations:
            yield from each_node(v)
    for n in each_node(game):
        for c in (n.comment, getattr(n, "starting_comment", "")):
            if not c:
                continue
            prose = DEV_RE.sub("", re.sub(r"\[%(cal|csl) [^\]]*\]", "", c)).strip()
            if prose and not (40 <= len(prose) <= 220) and kind == "coach":
                problem(path, f"comment length {len(prose)} outside 40..220: {prose[:60]!r}")

    # names: the position after each deviation move, and the end of the main line
    end = game.end().board()
    opening_name = game.headers.get("Opening", "") + (": " + game.headers["Variation"] if game.headers.get("Variation") else "")
    register_name(names, end, opening_name, path)

    if kind == "coach":
        learner = side_of(game.headers.get("LearnerSide", ""))
        plies = line_plies(game)
        need = 24 if learner == chess.WHITE else 24
        if plies < need:
            problem(path, f"main line has {plies} plies, fewer than 12 full moves")
        moves = []
        walk_learner_moves(game, learner, moves, "main")
        devs = 0
        phases = set()
        for n in each_node(game):
            if n is game or n.parent is None:
                continue
            if n.parent.variations[0] is n:
                continue
            m = DEV_RE.search(n.starting_comment or "")
            if not m:
                continue
            devs += 1
            phase, name = int(m.group(1)), m.group(2)
            phases.add(phase)
            if phase not in (2, 3):
                problem(path, f"deviation {name!r}: phase {phase} not 2|3")
            if n.parent.board().turn == learner:
                problem(path, f"deviation {name!r} starts with a learner move")
            register_name(names, n.board(), name, path)
            rest = line_plies(n)  # plies after the deviation move
            if rest < 7:
                problem(path, f"deviation {name!r} continued for {rest} plies (< 7: answer + 3 full moves)")
            walk_learner_moves(n, learner, moves, name)
        if devs < 4:
            problem(path, f"only {devs} deviations")
        if engine:
            w = (0, None)
            for board, move, label, num in moves:
                loss, best, best_uci = engine.loss(board, move)
                if loss > args.threshold:
                    problem(path, f"[{label}] {num}{'.' if board.turn else '...'}{board.san(move)} loses {loss} cp "
                                  f"(best {board.san(chess.Move.from_uci(best_uci))} {best})")
                if loss >= w[0]:
                    w = (loss, f"[{label}] {num}{'.' if board.turn else '...'}{board.san(move)}")
            worst[path] = (w, len(moves))
    if kind == "tactics" and not game.errors:
        check_claim(path, game, engine)
    if engine:
        # every position loads (Stockfish gives a score)
        pass


def register_name(names, board, name, path):
    k = board.epd()
    if k in names and names[k][0] != name:
        problem(path, f"position {k} named {name!r} here but {names[k][0]!r} in {names[k][1]}")
    names.setdefault(k, (name, path))


def check_claim(path, game, engine):
    claim = game.headers.get("Claim", "")
    try:
        ply = int(game.headers.get("ClaimPly", ""))
    except ValueError:
        problem(path, "bad ClaimPly")
        return
    nodes = list(game.mainline())
    boards = [game.board()] + [n.board() for n in nodes]
    if not 0 <= ply < len(boards):
        problem(path, f"ClaimPly {ply} outside the line (0..{len(boards) - 1})")
        return
    b = boards[ply]
    side = b.turn
    m = re.fullmatch(r"(mate|material) ([0-9]+)", claim)
    if not m:
        problem(path, f"bad Claim {claim!r}")
        return
    n = int(m.group(2))
    if m.group(1) == "mate":
        if not boards[-1].is_checkmate() or boards[-1].turn == side:
            problem(path, "mate claim: the line does not end in mate by the claimer")
        if len(boards) - 1 - ply != 2 * n - 1:
            problem(path, f"mate {n} claim: the line has {len(boards) - 1 - ply} plies after ClaimPly")
        if engine:
            score, mate = engine.deep(b, 2_000_000)
            if mate is None or mate <= 0 or mate > n:
                problem(path, f"mate {n} claim: Stockfish says score {score} mate {mate}")
            print(f"  {path}: claim mate {n} at ply {ply}: stockfish mate {mate}")
    else:
        gained = (material(boards[-1], side) - material(boards[-1], not side)) - (material(b, side) - material(b, not side))
        if gained < n:
            problem(path, f"material {n} claim: only {gained} won by the end of the line")
        if engine:
            score, mate = engine.deep(b, 2_000_000)
            if score < 200:
                problem(path, f"material claim: Stockfish scores only {score} cp at ClaimPly")
            print(f"  {path}: claim material {n} at ply {ply}: gained {gained}, stockfish {score} cp")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="*", default=["openings"])
    ap.add_argument("--no-engine", action="store_true")
    ap.add_argument("--nodes", type=int, default=200_000)
    ap.add_argument("--threshold", type=int, default=60)
    ap.add_argument("--cache", default=".build/content-engine-cache.json")
    args = ap.parse_args()
    files = []
    for p in args.paths:
        files += sorted(glob.glob(os.path.join(p, "**", "*.pgn"), recursive=True)) if os.path.isdir(p) else [p]
    engine = None if args.no_engine else Engine(args.nodes, args.cache)
    names, lines_seen, worst = {}, {}, {}
    try:
        for f in files:
            check_file(f, engine, args, names, lines_seen, worst)
    finally:
        if engine:
            os.makedirs(os.path.dirname(args.cache) or ".", exist_ok=True)
            engine.save()
            engine.eng.quit()
    for f, ((loss, where), count) in worst.items():
        print(f"  worst {loss:4d} cp  {where:40s} ({count} learner moves)  {f}")
    for p in problems:
        print(p)
    print(f"{len(files)} files, {len(problems)} problems")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
