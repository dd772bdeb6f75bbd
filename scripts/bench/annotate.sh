#!/usr/bin/env bash
# annotate.sh: `forge annotate --no-engine` throughput against python-chess doing the comparable rule work
# (replay every move, list legal moves, attacks of every piece, before and after each move), measured in one run.
# Run from the repository root after `swift build -c release --product forge`.
set -euo pipefail
FORGE=${FORGE:-.build/release/forge}
SRC=Tests/OpeningsTests/Fixtures/annotator
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# 100 copies of each fixture game: the Italian with its deviation, three gambit games.
for i in $(seq 1 100); do cat "$SRC/italian.pgn" "$SRC/gambits.pgn"; echo; done > "$WORK/games.pgn"
MOVES=$(python3 - "$WORK/games.pgn" <<'PY'
import sys, chess.pgn
n = 0
with open(sys.argv[1]) as f:
    while (g := chess.pgn.read_game(f)) is not None:
        n += sum(1 for _ in g.mainline_moves())
print(n)
PY
)
cat > "$WORK/ref.py" <<'PY'
import sys, chess, chess.pgn
out = 0
with open(sys.argv[1]) as f:
    while (g := chess.pgn.read_game(f)) is not None:
        b = g.board()
        for m in g.mainline_moves():
            for side in (b, ):
                out += sum(len(b.attacks(s)) for s in chess.SQUARES if b.piece_at(s))
                out += len(list(b.legal_moves))
            b.push(m)
            out += sum(len(b.attacks(s)) for s in chess.SQUARES if b.piece_at(s))
            out += len(list(b.legal_moves))
print(out)
PY
t0=$(date +%s.%N)
"$FORGE" annotate --no-engine --output-format jsonl "$WORK/games.pgn" > "$WORK/out.jsonl"
t1=$(date +%s.%N)
python3 "$WORK/ref.py" "$WORK/games.pgn" > /dev/null
t2=$(date +%s.%N)
python3 - "$t0" "$t1" "$t2" "$MOVES" "$(wc -l < "$WORK/out.jsonl")" <<'PY'
import sys
t0, t1, t2 = map(float, sys.argv[1:4]); moves = int(sys.argv[4]); lines = int(sys.argv[5])
f, p = t1 - t0, t2 - t1
print(f"annotate --no-engine: {lines} main-line annotations ({moves} main-line moves) in {f:.2f} s = {moves / f:,.0f} moves/s")
print(f"python-chess rule work (attacks + legal moves before and after each move): {p:.2f} s = {moves / p:,.0f} moves/s")
print(f"ratio (python-chess time / forge time): {p / f:.2f}x")
PY
