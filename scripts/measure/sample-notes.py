#!/usr/bin/env python3
"""sample-notes.py BUNDLE OUT [N] [SEED]: N random notes of a built bundle's move_note (default 200, seed 26), a third
of them mistakes and blunders, one JSON object per line (fen, uci, san, verdict, text, better, refutation, threat,
answer, loss), for a strong player to read at each position with an engine. Reads the bundle only."""
import json
import random
import sqlite3
import sys


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    bundle, out = sys.argv[1], sys.argv[2]
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 26)
    db = sqlite3.connect(f"file:{bundle}/openings.sqlite?mode=ro", uri=True)
    db.row_factory = sqlite3.Row
    rows = db.execute("""SELECT p.fen, n.* FROM move_note n JOIN position p ON p.id = n.position_id ORDER BY n.key""").fetchall()
    bad = [r for r in rows if r["verdict"] in ("mistake", "blunder")]
    rest = [r for r in rows if r["verdict"] not in ("mistake", "blunder")]
    k = min(len(bad), n // 3)
    picked = rng.sample(bad, k) + rng.sample(rest, min(len(rest), n - k))
    rng.shuffle(picked)
    with open(out, "w") as f:
        for r in picked:
            f.write(json.dumps({
                "fen": r["fen"], "uci": r["uci"], "san": r["san"], "verdict": r["verdict"], "text": r["text"],
                "better": None if r["better_uci"] is None else {"uci": r["better_uci"], "san": r["better_san"], "text": r["better_text"]},
                "refutation": None if r["refutation_uci"] is None else
                {"uci": r["refutation_uci"].split(" "), "san": r["refutation_san"].split(" "), "text": r["refutation_text"]},
                "threat": r["threat_uci"],
                "answer": None if r["answer_uci"] is None else {"uci": r["answer_uci"], "san": r["answer_san"]},
                "loss": r["loss"],
                "score": r["score_cp"] if r["score_mate"] is None else f"#{r['score_mate']}",
                "best": r["best_cp"] if r["best_mate"] is None else f"#{r['best_mate']}",
                "claim": r["claim_kind"],
            }, ensure_ascii=False) + "\n")
    print(f"{len(picked)} notes ({k} mistakes and blunders) of {len(rows)} to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
