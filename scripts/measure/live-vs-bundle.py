#!/usr/bin/env python3
"""live-vs-bundle.py BUNDLE N SEED [NODES ...]: N random notes of BUNDLE's move_note, each explained again live by
`forge explain` (no bundle, no engine store, no cache: the explainer with its own Stockfish, as an app beyond the
bundle calls it) at each node budget (default 30000, the coach's live default, and 120000, the build's), and
compared with the bundle's note: the verdict class (same, one class off, two or more), and whether the live text
gives the same reason (its first sentence about the move, the verdict sentence left out, equal to the bundle's).
Prints one line per note and the counts per budget. FORGE (default .build/release/forge) and PATH's stockfish.
Costs about 1 s (30,000 nodes) and 3 s (120,000) of one core per note."""
import json, os, random, re, sqlite3, subprocess, sys, tempfile, collections

ORDER = ["best", "good", "inaccuracy", "mistake", "blunder"]
VERDICT_WORDS = re.compile(r"\b(inaccuracy|mistake|blunder)\b|was (a little |slightly )?better|stronger|better was", re.I)

def reason(text):
    """The first sentence of a note that is not its verdict sentence."""
    for s in re.split(r"(?<=[.!?]) ", text or ""):
        if not VERDICT_WORDS.search(s):
            return s
    return ""

def main():
    if len(sys.argv) < 4:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    bundle, n, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    budgets = [int(x) for x in sys.argv[4:]] or [30000, 120000]
    forge = os.path.abspath(os.environ.get("FORGE", ".build/release/forge"))
    db = sqlite3.connect(os.path.join(bundle, "openings.sqlite"))
    rows = db.execute("SELECT p.fen, n.uci, n.san, n.verdict, n.text FROM move_note n JOIN position p ON p.id = n.position_id "
                      "ORDER BY n.position_id, n.uci").fetchall()
    sample = random.Random(seed).sample(rows, n)
    counts = {b: collections.Counter() for b in budgets}
    empty = tempfile.mkdtemp()  # no data/bundle here: every note is computed live
    for fen, uci, san, verdict, text in sample:
        line = [f"{san:8} bundle {verdict:10}"]
        for b in budgets:
            r = subprocess.run([forge, "explain", "--fen", fen, "--output-format", "json", "--nodes", str(b), "--jobs", "1",
                                "--no-cache", "--no-engine-store", "--quiet", uci], cwd=empty, capture_output=True, text=True)
            try:
                live = json.loads(r.stdout)[0]
            except (ValueError, IndexError):
                counts[b]["no answer"] += 1
                line.append(f"{b}: no answer (exit {r.returncode})")
                continue
            lv = live.get("verdict")
            off = abs(ORDER.index(lv) - ORDER.index(verdict)) if lv in ORDER else None
            counts[b]["same class" if off == 0 else "one class off" if off == 1 else "two or more off"] += 1
            same_reason = reason(live.get("text")) == reason(text)
            counts[b]["same reason" if same_reason else "another reason"] += 1
            line.append(f"{b}: {lv:10} {'=' if same_reason else '≠'} reason")
        print("  ".join(line), flush=True)
    for b in budgets:
        c = counts[b]
        print(f"{b} nodes: " + ", ".join(f"{k} {c[k]}" for k in ["same class", "one class off", "two or more off", "no answer",
                                                                   "same reason", "another reason"]) + f" (of {n})")

if __name__ == "__main__":
    main()
