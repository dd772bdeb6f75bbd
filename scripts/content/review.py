#!/usr/bin/env python3
"""Review the authored comments of coach sources against their positions (python-chess).

Not part of the product: the content author's tool.

    python3 scripts/content/review.py [--quiet] [--engine] [--nodes N] [paths...]

Every comment is read in the position it describes: a comment after a move
describes the position after that move (the moved piece is "it", "the knight",
...); the opening comment of a variation ([%dev …] prose) describes the position
before the variation's first move. The script extracts mechanically checkable
claims and prints each with a verdict:

  count     "a second attacker on d5", "attacks d4 a third time",
            "two defenders of e5", "defends f7 twice"   (attackers counted with
            line of sight, for the side the sentence is about)
  sight     "<piece> controls|attacks|watches|defends|guards|protects|covers|
            hits|eyes|supports|pins <square or piece>" and its negations
            ("does not attack e4"); the piece is named by square ("the
            f4-bishop", "the bishop on f4"), or is the piece that just moved
  material  "White is a pawn up", "Black is two pawns down", "an extra pawn",
            "wins the pawn back" (the material balance of the position)
  check     "with check", "gives check", "checkmate"/"is mate" for the move
            just played
  moves     numbered move sequences in prose ("4.Nxe5? Qg5 5.Nxf7") are legal
            from the position they start at, and their +/# are right
  eval      [%eval …] commands: with --engine, Stockfish agrees on the sign
            (and on mate) at the position of the comment

Verdicts: ok, FALSE (the board contradicts the claim) and skip (the sentence
names something the script cannot resolve).  Exit status 1 when any claim is
FALSE, else 0.
"""
import argparse
import glob
import io
import os
import re
import sys

import chess
import chess.pgn

PIECE_WORDS = {
    "pawn": chess.PAWN, "knight": chess.KNIGHT, "bishop": chess.BISHOP,
    "rook": chess.ROOK, "queen": chess.QUEEN, "king": chess.KING,
}
VALUE = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}
ORDINAL = {"second": 2, "third": 3, "fourth": 4, "fifth": 5}
CARDINAL = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "a": 1, "an": 1}
TIMES = {"once": 1, "twice": 2, "three times": 3, "four times": 4}
SQ = r"[a-h][1-8]"
PIECE = r"(?:pawn|knight|bishop|rook|queen|king)"
SIGHT_VERBS = r"(?:controls|attacks|watches|defends|guards|protects|covers|hits|eyes|supports|pins)"
COMMAND_RE = re.compile(r"\[%[^\]]*\]")
EVAL_RE = re.compile(r"\[%eval\s+([#]?-?[0-9.]+)\]")


class Report:
    def __init__(self, quiet, silent=False):
        self.quiet = quiet
        self.silent = silent
        self.false = 0
        self.ok = 0
        self.skipped = 0

    def claim(self, where, kind, text, verdict, why=""):
        if verdict == "FALSE":
            self.false += 1
        elif verdict == "ok":
            self.ok += 1
        else:
            self.skipped += 1
        if self.silent or (self.quiet and verdict != "FALSE"):
            return
        print(f"{verdict:5s} {kind:8s} {where}: \"{text}\"" + (f" -- {why}" if why else ""))


def side_word(color):
    return "White" if color == chess.WHITE else "Black"


def material(board, color):
    return sum(VALUE[p.piece_type] for p in board.piece_map().values() if p.color == color)


def sentences(prose):
    # "6.Nxd5? Nxd5" does not end a sentence: only "!"/"?" after a word does
    return [s.strip() for s in re.split(r"(?<=[.:;])\s+|(?<=[A-Za-z][!?])\s+", prose) if s.strip()]


VERB_BASE = {v[:-2] if v.endswith("es") and v[:-2].endswith(("ch", "sh")) else v[:-1]: v
             for v in ["controls", "attacks", "watches", "defends", "guards", "protects", "covers", "hits",
                       "eyes", "supports", "pins"]}
NEG = r"(?:does not|doesn't|no longer|cannot|can't|can no longer|do not|don't)"
ADV = r"(?:(?:also|now|still|already|then|only|both|even|really)\s+|(?:[a-z]+s)(?:\s+(?:back|out|in|up|away|forward|first))?\s+and\s+)*"
SUBJ = (rf"(?P<subj>(?:[Tt]he |[Aa] )?(?:(?P<sq1>{SQ})-(?P<p1>{PIECE})|(?P<p2>{PIECE}) on (?P<sq2>{SQ})"
        rf"|(?:(?P<own>White|Black)'s )?(?P<p3>{PIECE})(?! on)|(?P<it>[Ii]t)))")
TARGET = (rf"(?:the )?(?:(?P<tsq>{SQ})-(?P<tp>{PIECE})|(?P<tp2>{PIECE}) on (?P<tsq2>{SQ})"
          rf"|(?P<tsq3>{SQ})(?: square| pawn| point)?)")
SAN = r"(?:O-O(?:-O)?|[KQRBN][a-h]?[1-8]?x?[a-h][1-8]|[a-h](?:x[a-h])?[1-8](?:=[QRBN])?)[+#]?"
NUMBERED = re.compile(rf"(?<![\w.])(\d+)(\.\.\.|…|\.)\s?({SAN})[?!]*")
FOLLOW = re.compile(rf"\s+({SAN})[?!]*(?=[\s,.;:)]|$)")
HYPOTHETICAL = re.compile(r"^(?:If|After|When|Once|Later|Next|Then|Should|Unless|Had)\b|\b(?:if|then|unless|would|will|could|might|should|where|wants? to|tries to|hopes to|plans? to)\b")


class Context:
    """A comment and the position it describes."""

    def __init__(self, board, move, boards, where):
        self.board = board      # the position the comment describes
        self.move = move        # the move just played (None: a variation's opening comment)
        self.boards = boards    # positions of the line around the comment (for numbered moves)
        self.where = where

    @property
    def mover(self):
        """The side the sentence is about when it names none: the side that just moved."""
        return (not self.board.turn) if self.move is not None else self.board.turn


def resolve_subject(m, ctx, sentence):
    """The square of the piece a sentence's subject names, or (None, reason)."""
    b = ctx.board
    sq_name = m.group("sq1") or m.group("sq2")
    ptype = PIECE_WORDS.get(m.group("p1") or m.group("p2") or m.group("p3") or "")
    if sq_name:
        sq = chess.parse_square(sq_name)
        piece = b.piece_at(sq)
        if piece is None or piece.piece_type != ptype:
            return None, f"no {chess.piece_name(ptype)} on {sq_name}", True
        return sq, "", False
    moved_to = ctx.move.to_square if ctx.move is not None else None
    if m.group("it"):
        if moved_to is None:
            return None, "'it' without a move", False
        return moved_to, "", False
    if ctx.move is not None and b.piece_type_at(moved_to) == ptype and not m.group("own"):
        return moved_to, "", False
    if m.group("own"):
        color = chess.WHITE if m.group("own") == "White" else chess.BLACK
        squares = list(b.pieces(ptype, color))
    else:
        # "the queen" that did not just move: only unambiguous if one piece of that kind is on the board
        squares = list(b.pieces(ptype, chess.WHITE)) + list(b.pieces(ptype, chess.BLACK))
    if len(squares) == 1:
        return squares[0], "", False
    return None, f"which {chess.piece_name(ptype)}?", False


def parse_targets(text, ctx):
    """Squares (and expected pieces) listed after a verb: 'd5 and f5', 'the c5-bishop', 'b7, e6'."""
    out = []
    pos = 0
    while True:
        m = re.match(r"\s*(?:,\s*|and\s+|or\s+|, and\s+)?" + TARGET + r"(?![\w-])", text[pos:])
        if not m or (pos > 0 and not re.match(r"\s*(?:,|and|or)", text[pos:])):
            break
        sq = m.group("tsq") or m.group("tsq2") or m.group("tsq3")
        ptype = PIECE_WORDS.get(m.group("tp") or m.group("tp2") or "")
        out.append((chess.parse_square(sq), ptype))
        pos += m.end()
    return out


def check_sight(sentence, ctx, rep):
    for m in re.finditer(SUBJ + rf"\s+{ADV}(?P<neg>{NEG}\s+)?(?P<verb>{SIGHT_VERBS}|" +
                         "|".join(VERB_BASE) + r")\b(?P<rest>[^.;:]*)", sentence):
        verb = m.group("verb")
        negated = bool(m.group("neg"))
        if not negated and verb in VERB_BASE:
            continue  # "to attack", "can control": not a present-tense claim
        if negated and verb not in VERB_BASE:
            continue
        text = m.group(0).strip()
        if HYPOTHETICAL.search(sentence[:m.start()] + m.group(0)):
            rep.claim(ctx.where, "sight", text, "skip", "hypothetical")
            continue
        sq, why, contradicted = resolve_subject(m, ctx, sentence)
        if sq is None:
            rep.claim(ctx.where, "sight", text, "FALSE" if contradicted else "skip", why)
            continue
        rest = m.group("rest")
        if verb in ("pins", "pin"):
            check_pin(text, rest, sq, ctx, rep)
            continue
        targets = parse_targets(rest, ctx)
        if not targets:
            rep.claim(ctx.where, "sight", text, "skip", "no square named")
            continue
        b = ctx.board
        seen = b.attacks(sq)
        bad = []
        for tsq, tptype in targets:
            if tptype is not None and b.piece_type_at(tsq) != tptype:
                bad.append(f"no {chess.piece_name(tptype)} on {chess.square_name(tsq)}")
                continue
            hit = tsq in seen
            if hit == negated:
                bad.append(f"{chess.square_name(sq)} {'does' if hit else 'does not'} reach {chess.square_name(tsq)}")
        rep.claim(ctx.where, "sight", text, "FALSE" if bad else "ok", "; ".join(bad))


def check_pin(text, rest, sq, ctx, rep):
    b = ctx.board
    m = re.match(r"\s+" + TARGET + r"(?:\s+to\s+(?:the |its |White's |Black's )?(?:(?P<to>" + PIECE + r")|(?P<tosq>" + SQ + r")))?", rest)
    if not m:
        rep.claim(ctx.where, "pin", text, "skip", "no pinned piece named")
        return
    tsq = chess.parse_square(m.group("tsq") or m.group("tsq2") or m.group("tsq3"))
    pinned = b.piece_at(tsq)
    attacker = b.piece_at(sq)
    if pinned is None or attacker is None or pinned.color == attacker.color or tsq not in b.attacks(sq):
        rep.claim(ctx.where, "pin", text, "FALSE", "the pinned piece is not attacked by the pinner")
        return
    behind = None
    for s in chess.SquareSet(chess.ray(sq, tsq)):
        if s in chess.SquareSet(chess.between(sq, tsq)) or s == sq or s == tsq:
            continue
        if chess.square_distance(s, sq) < chess.square_distance(tsq, sq):
            continue
        if b.piece_at(s) is not None and chess.square_distance(s, sq) > chess.square_distance(tsq, sq) \
                and not any(b.piece_at(x) for x in chess.SquareSet(chess.between(tsq, s))):
            behind = s
            break
    if attacker.piece_type not in (chess.BISHOP, chess.ROOK, chess.QUEEN) or behind is None \
            or b.piece_at(behind).color != pinned.color:
        rep.claim(ctx.where, "pin", text, "FALSE", "no piece of the pinned side stands behind it on the line")
        return
    want = m.group("to")
    if want and b.piece_type_at(behind) != PIECE_WORDS[want]:
        rep.claim(ctx.where, "pin", text, "FALSE", f"the piece behind is a {chess.piece_name(b.piece_type_at(behind))}")
        return
    rep.claim(ctx.where, "pin", text, "ok")


def count_side(sq, ctx, kind):
    """The side whose attackers (or defenders) of sq a sentence counts."""
    piece = ctx.board.piece_at(sq)
    if kind == "defender" and piece is not None:
        return piece.color
    if kind == "attacker" and piece is not None:
        return not piece.color
    return ctx.mover


def check_counts(sentence, ctx, rep):
    b = ctx.board
    pats = [
        (rf"\b(?P<n>second|third|fourth|fifth) (?P<kind>attacker|defender)s? (?:on|of|for|against) (?:the )?(?P<sq>{SQ})", None),
        (rf"\b(?P<n>two|three|four|five) (?P<kind>attacker|defender)s? (?:on|of|for|against) (?:the )?(?P<sq>{SQ})", None),
        (rf"\b(?P<kind>attack|defend|hit|guard|protect)s? (?:the )?(?P<sq>{SQ})(?:-{PIECE})?(?: pawn)? (?:a|for the) (?P<n>second|third|fourth|fifth) time", None),
        (rf"\b(?P<kind>attack|defend|guard|protect)s? (?:the )?(?P<sq>{SQ})(?:-{PIECE})?(?: pawn)? (?P<n>twice|three times|four times)", None),
        (rf"\b(?P<kind>attacker|defender)s? (?:on|of) (?:the )?(?P<sq>{SQ})(?:-{PIECE})?(?: pawn)?: (?P<n>two|three|four)", None),
    ]
    for pat, _ in pats:
        for m in re.finditer(pat, sentence):
            text = m.group(0)
            if HYPOTHETICAL.search(sentence[:m.end()]):
                rep.claim(ctx.where, "count", text, "skip", "hypothetical")
                continue
            n = ORDINAL.get(m.group("n")) or CARDINAL.get(m.group("n")) or TIMES.get(m.group("n"))
            kind = "defender" if m.group("kind").startswith(("defend", "guard", "protect")) else "attacker"
            sq = chess.parse_square(m.group("sq"))
            side = count_side(sq, ctx, kind)
            who = [chess.square_name(s) for s in b.attackers(side, sq)]
            verdict = "ok" if len(who) == n else "FALSE"
            rep.claim(ctx.where, "count", text, verdict,
                      f"{side_word(side)} {kind}s of {chess.square_name(sq)}: {len(who)} ({', '.join(who) or 'none'})")
    m = re.search(rf"\bOnly (?P<own>White|Black)'s (?P<p>{PIECE}) (?:defends|guards|protects) (?P<sq>{SQ})", sentence)
    if m:
        side = chess.WHITE if m.group("own") == "White" else chess.BLACK
        sq = chess.parse_square(m.group("sq"))
        who = list(b.attackers(side, sq))
        ok = len(who) == 1 and b.piece_type_at(who[0]) == PIECE_WORDS[m.group("p")]
        rep.claim(ctx.where, "count", m.group(0), "ok" if ok else "FALSE",
                  f"{side_word(side)} defenders of {m.group('sq')}: {', '.join(chess.square_name(s) for s in who) or 'none'}")


def check_material(sentence, ctx, rep):
    b = ctx.board
    for m in re.finditer(r"\b(?P<side>White|Black)(?:'s)? (?:is|stays|remains|ends up|will be)? ?(?:still |now |already )?"
                         r"(?:(?P<n>a|an|one|two|three) (?:clear |full |healthy |whole )?(?P<unit>pawns?|piece|exchange|queen) "
                         r"(?P<dir>up|down|ahead|behind))", sentence):
        if HYPOTHETICAL.search(sentence[:m.start()]) or " will be" in m.group(0):
            rep.claim(ctx.where, "material", m.group(0), "skip", "hypothetical")
            continue
        side = chess.WHITE if m.group("side") == "White" else chess.BLACK
        n = CARDINAL[m.group("n")]
        sign = 1 if m.group("dir") in ("up", "ahead") else -1
        diff = material(b, side) - material(b, not side)
        unit = m.group("unit")
        if unit.startswith("pawn"):
            ok = diff == sign * n
        elif unit == "piece":
            ok = sign * diff >= 2 * n
        elif unit == "queen":
            ok = sign * diff >= 6
        else:
            ok = sign * diff in (1, 2, 3)
        rep.claim(ctx.where, "material", m.group(0), "ok" if ok else "FALSE",
                  f"{side_word(side)} material {material(b, side)} vs {material(b, not side)}")
    for m in re.finditer(r"\b(?:(?P<side>White|Black) (?:wins|has won|won|gets|got|has got) (?:the|its) (?:pawn|material) back"
                         r"|[Tt]he pawn comes back|[Mm]aterial is (?:level|equal|even)|level material|(?P<side2>White|Black) has the pawn back)",
                         sentence):
        if HYPOTHETICAL.search(sentence[:m.start()]):
            rep.claim(ctx.where, "material", m.group(0), "skip", "hypothetical")
            continue
        diff = material(b, chess.WHITE) - material(b, chess.BLACK)
        rep.claim(ctx.where, "material", m.group(0), "ok" if diff == 0 else "FALSE",
                  f"White {material(b, chess.WHITE)} vs Black {material(b, chess.BLACK)}")
    for m in re.finditer(r"\b(?P<side>White|Black) (?:has|keeps) an extra (?P<unit>pawn|piece)", sentence):
        if HYPOTHETICAL.search(sentence[:m.start()]):
            continue
        side = chess.WHITE if m.group("side") == "White" else chess.BLACK
        diff = material(b, side) - material(b, not side)
        ok = diff == 1 if m.group("unit") == "pawn" else diff >= 2
        rep.claim(ctx.where, "material", m.group(0), "ok" if ok else "FALSE",
                  f"{side_word(side)} material {material(b, side)} vs {material(b, not side)}")


def check_check(sentence, ctx, rep):
    if ctx.move is None or NUMBERED.search(sentence) or HYPOTHETICAL.search(sentence):
        return
    b = ctx.board
    for m in re.finditer(r"\b(?:with check|gives check|is check|checks the king)\b", sentence):
        rep.claim(ctx.where, "check", m.group(0), "ok" if b.is_check() else "FALSE", "" if b.is_check() else "not check")
    for m in re.finditer(r"\b(?:checkmate|is mate)\b", sentence):
        if re.search(r"\b(?:threat|threatens|stops|against|avoid|defend|prevent|mate in)\b", sentence):
            continue
        rep.claim(ctx.where, "check", m.group(0), "ok" if b.is_checkmate() else "FALSE",
                  "" if b.is_checkmate() else "not checkmate")


def check_moves(prose, ctx, rep):
    """Numbered move sequences in prose are legal from the position of their move number.

    A sequence starts at a numbered move and runs on through unnumbered moves and
    numbered moves that follow on (joined by spaces, "and" or "then").  It is played
    from the end of the previous sequence when the numbers follow on from there, else
    from the position of the line (before or after the comment) with that number."""
    consumed = 0
    last = None
    for m in NUMBERED.finditer(prose):
        if m.start() < consumed or (m.start() > 0 and prose[m.start() - 1] in ".…"):
            continue
        num, dots, first = int(m.group(1)), m.group(2), m.group(3)
        turn = chess.WHITE if dots == "." else chess.BLACK
        start = None
        if last is not None and last.fullmove_number == num and last.turn == turn:
            start = last
        else:
            for bd in ctx.boards:
                if bd.fullmove_number == num and bd.turn == turn:
                    start = bd
                    if bd is ctx.board:
                        break
        b = start.copy() if start is not None else None
        tokens = [first]
        end = m.end()
        while True:
            nxt = re.match(rf",?\s+(?:then\s+|and\s+)?(\d+)(\.\.\.|…|\.)\s?({SAN})[?!]*", prose[end:])
            if nxt:
                n2, t2 = int(nxt.group(1)), chess.WHITE if nxt.group(2) == "." else chess.BLACK
                # a numbered move that does not follow on starts a new sequence
                if b is None or not _follows(b, tokens, n2, t2):
                    break
                tokens.append(nxt.group(3))
                end += nxt.end()
                continue
            f = FOLLOW.match(prose, end)
            if not f:
                break
            tokens.append(f.group(1))
            end = f.end()
        consumed = end
        text = prose[m.start():end].strip()
        if b is None:
            rep.claim(ctx.where, "moves", text, "skip", "move number not on this line")
            last = None
            continue
        bad = ""
        for t in tokens:
            try:
                mv = b.parse_san(t)
            except ValueError:
                bad = f"{t} is not legal in {b.fen()}"
                break
            canon = b.san(mv)
            if canon != t:
                bad = f"{t} should read {canon}"
                break
            b.push(mv)
        last = None if bad else b
        rep.claim(ctx.where, "moves", text, "FALSE" if bad else "ok", bad)
    return last


def _follows(board, tokens, num, turn):
    """Whether a move numbered (num, turn) comes right after tokens played from board."""
    plies = len(tokens)
    n, t = board.fullmove_number, board.turn
    for _ in range(plies):
        if t == chess.BLACK:
            n += 1
        t = not t
    return n == num and t == turn


def check_eval(comment, ctx, rep, engine, nodes):
    for m in EVAL_RE.finditer(comment):
        text = m.group(0)
        if engine is None:
            rep.claim(ctx.where, "eval", text, "skip", "no engine (--engine)")
            continue
        import chess.engine
        info = engine.analyse(ctx.board, chess.engine.Limit(nodes=nodes), game=object())
        score = info["score"].white()
        v = m.group(1)
        if v.startswith("#"):
            want = int(v[1:])
            got = score.mate()
            ok = got is not None and (got > 0) == (want > 0) and abs(got) <= abs(want) + 1
            why = f"Stockfish {score}"
        else:
            want = float(v)
            got = score.score(mate_score=100000) / 100
            ok = (abs(got - want) <= max(1.0, 0.35 * abs(want))) or (abs(want) >= 3 and got * want > 0 and abs(got) >= 3)
            why = f"Stockfish {got:+.2f}"
        rep.claim(ctx.where, "eval", text, "ok" if ok else "FALSE", why)


def prose_of(comment):
    return re.sub(r"\s+", " ", COMMAND_RE.sub("", comment)).strip()


def line_name(node, main_name):
    n = node
    while n.parent is not None:
        if n.parent.variations[0] is not n:
            dm = re.search(r'name="([^"]*)"', n.starting_comment or "")
            if dm:
                return dm.group(1)
        n = n.parent
    return main_name


def label(node):
    b = node.parent.board()
    return f"{b.fullmove_number}{'.' if b.turn else '...'}{b.san(node.move)}"


def review_file(path, rep, engine, nodes, coverage, text=None):
    try:
        game = chess.pgn.read_game(io.StringIO(text) if text is not None else open(path, encoding="utf-8"))
    except (ValueError, IndexError) as e:
        game = None
        print(f"FALSE file     {path}: unreadable PGN ({e})")
    if game is not None and game.errors:
        for e in game.errors:
            print(f"FALSE file     {path}: {e}")
        rep.false += len(game.errors)
    if game is None:
        print(f"FALSE file     {path}: no game")
        rep.false += 1
        return
    main_name = game.headers.get("Opening", "?")
    learner = {"White": chess.WHITE, "Black": chess.BLACK}.get(game.headers.get("LearnerSide", ""))
    base = os.path.basename(path)

    def walk(node, boards):
        yield node, boards
        for i, child in enumerate(node.variations):
            yield from walk(child, boards + [child.board()])

    start = game.board()
    for node, boards in walk(game, [start]):
        if node is game:
            continue
        # positions to the end of this node's own continuation, for numbered moves in prose
        future = []
        n = node
        while n.variations:
            n = n.variations[0]
            future.append(n.board())
        name = line_name(node, main_name)
        where = f"{base} [{name}] {label(node)}"
        if node.starting_comment:
            # the marker's prose describes the deviating move: read it in the position after that move
            ctx = Context(node.board(), node.move, boards + future, where + " (opening comment)")
            review_comment(node.starting_comment, ctx, rep, engine, nodes)
        if node.comment:
            ctx = Context(node.board(), node.move, boards + future, where)
            review_comment(node.comment, ctx, rep, engine, nodes)
        if coverage and learner is not None and node.parent.board().turn == learner and in_explained_line(node):
            text = prose_of(node.comment or "")
            if not (40 <= len(text) <= 220):
                rep.claim(where, "explain", text[:60], "FALSE",
                          "a learner move without an authored comment" if not text else f"comment is {len(text)} characters (40-220)")
    check_traps(game, base, rep)


def in_explained_line(node):
    """Main line or a phase-2 line (every learner move needs an authored comment there)."""
    n = node
    while n.parent is not None:
        if n.parent.variations[0] is not n:
            dm = re.search(r"\[%dev\s+phase=(\d)", n.starting_comment or "")
            if dm:
                return dm.group(1) == "2"
            return False
        n = n.parent
    return True


def check_traps(game, base, rep):
    def walk(node):
        for child in node.variations:
            if node.variations[0] is not child and re.search(r"kind=trap", child.starting_comment or ""):
                texts = []
                n = child
                while True:
                    texts.append((n.comment or "") + (n.starting_comment or ""))
                    if not n.variations:
                        break
                    n = n.variations[0]
                name = re.search(r'name="([^"]*)"', child.starting_comment).group(1)
                has = any(EVAL_RE.search(t) for t in texts)
                rep.claim(f"{base} [{name}]", "trap", "engine confirmation [%eval] in the line",
                          "ok" if has else "FALSE", "" if has else "a trap needs the engine's verdict at its decisive position")
            walk(child)
    walk(game)


def review_comment(comment, ctx, rep, engine, nodes):
    prose = prose_of(comment)
    for s in sentences(prose):
        check_counts(s, ctx, rep)
        check_sight(s, ctx, rep)
        # a sentence that plays moves ("7.Bxd8 Bb4+ ... leaves Black a piece up") talks about where they end
        end = check_moves(s, ctx, Report(quiet=True, silent=True)) if NUMBERED.search(s) else None
        if end is not None:
            check_material(s, Context(end, None, [end], ctx.where + " (after the moves)"), rep)
        else:
            check_material(s, ctx, rep)
        check_check(s, ctx, rep)
    check_moves(prose, ctx, rep)
    check_eval(comment, ctx, rep, engine, nodes)


# The false comments issue 16 found in the shipped content, and true ones next to them.
SELFTEST = [
    ("1. d4 d5 2. c4 e6 3. Nc3 {The knight adds a third attacker on d5.} *", "FALSE"),
    ("1. d4 d5 2. c4 e6 3. Nc3 {The knight adds a second attacker on d5.} *", "ok"),
    ("1. d4 Nf6 2. c4 g6 3. Nc3 Bg7 4. e4 d6 5. Nf3 O-O 6. Be2 e5 7. O-O Nc6 {The knight attacks d4 a third time.} *", "FALSE"),
    ("1. d4 d5 2. Bf4 {From f4 it controls e5 and b8.} *", "FALSE"),
    ("1. d4 d5 2. Bf4 Nf6 {Black develops a knight.} 3. e3 e6 4. Nf3 c5 5. c3 Nc6 6. Nbd2 Bd6 7. Bg3 O-O 8. Bd3 b6 "
     "9. Ne5 Bb7 10. f4 Ne7 11. Qf3 {It also watches the f5 square.} *", "FALSE"),
    ("1. d4 d5 2. c4 dxc4 3. e4 e5 4. Nf3 exd4 5. Bxc4 {The pawn comes back.} *", "FALSE"),
    ("1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. Ng5 {Only Black's king defends f7.} *", "ok"),
    ("1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 {After 4.Nxe5? Qg5 5.Nxf7 Qxg2 6.Rf1 Qxe4+ 7.Be2 Nf3 Black mates.} *", "FALSE"),
]


def selftest():
    failures = 0
    for text, want in SELFTEST:
        rep = Report(quiet=True)
        review_file("selftest.pgn", rep, None, 0, False, text=text)
        got = "FALSE" if rep.false else ("ok" if rep.ok else "none")
        if got != want:
            failures += 1
            print(f"selftest: expected {want}, got {got}: {text[-70:]}")
    print(f"selftest: {len(SELFTEST) - failures}/{len(SELFTEST)} cases as expected")
    return failures == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("paths", nargs="*", default=["openings/coach"])
    ap.add_argument("--quiet", action="store_true", help="print only FALSE claims")
    ap.add_argument("--engine", action="store_true", help="check [%%eval] commands with Stockfish")
    ap.add_argument("--nodes", type=int, default=600_000)
    ap.add_argument("--no-coverage", action="store_true", help="do not require a comment on every learner move")
    ap.add_argument("--selftest", action="store_true", help="check the script on the false comments issue 16 found")
    args = ap.parse_args()
    if args.selftest:
        sys.exit(0 if selftest() else 1)
    files = []
    for p in args.paths:
        files += sorted(glob.glob(os.path.join(p, "**", "*.pgn"), recursive=True)) if os.path.isdir(p) else [p]
    engine = None
    if args.engine:
        import chess.engine
        engine = chess.engine.SimpleEngine.popen_uci("/usr/games/stockfish")
        engine.configure({"Threads": 1, "Hash": 32})
    rep = Report(args.quiet)
    try:
        for f in files:
            review_file(f, rep, engine, args.nodes, not args.no_coverage)
    finally:
        if engine:
            engine.quit()
    print(f"{len(files)} files: {rep.ok} claims ok, {rep.false} FALSE, {rep.skipped} skipped")
    sys.exit(1 if rep.false else 0)


if __name__ == "__main__":
    main()
