#!/usr/bin/env bash
# Benchmark: `forge classify` (PGN out, ECO and Opening tags) against `pgn-extract -e` (its eco.pgn) on the same
# 10,000-game corpus; wall and CPU seconds of each, best of ROUNDS alternating runs, and the ratio, in one run.
# The corpus is the committed classify fixture (2,500 games that follow the name list, python-chess generated)
# repeated four times; BENCH_CLASSIFY_COPIES=N changes the repetitions.
set -euo pipefail
cd "$(dirname "$0")/../.."
forge=.build/release/forge
[ -x "$forge" ] || { echo "classify bench: build first: swift build -c release --product forge" >&2; exit 1; }
pgnx=$(command -v pgn-extract || echo /usr/games/pgn-extract)
[ -x "$pgnx" ] || { echo "classify bench: pgn-extract is missing (make setup)" >&2; exit 1; }
eco=/usr/share/pgn-extract/eco.pgn
[ -s "$eco" ] || { echo "classify bench: $eco is missing (Debian's pgn-extract ships it)" >&2; exit 1; }
copies=${BENCH_CLASSIFY_COPIES:-4}
dir=.build/bench/classify
mkdir -p "$dir"
corpus="$dir/corpus-x$copies.pgn"
if [ ! -s "$corpus" ]; then
  : > "$corpus.tmp"
  for ((i = 0; i < copies; i++)); do cat Tests/PipelineTests/Fixtures/classify/corpus.pgn >> "$corpus.tmp"; done
  mv "$corpus.tmp" "$corpus"
fi
games=$(grep -c '^\[Event ' "$corpus")
echo "corpus: $games games, $(du -k "$corpus" | cut -f1) KB ($corpus)"

measure() {  # CMD...: wall and user+sys seconds of CMD, stdout to /dev/null
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f "%e %U %S" -o "$dir/time.txt" "$@" > /dev/null 2> "$dir/stderr.txt"
  else
    python3 - "$@" > "$dir/time.txt" <<'PY'
import resource, subprocess, sys, time
t = time.time()
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"{time.time() - t:.2f} {r.ru_utime:.2f} {r.ru_stime:.2f}")
PY
  fi
  read -r wall user sys < "$dir/time.txt"
  cpu=$(awk "BEGIN { print $user + $sys }")
}
min() { awk "BEGIN { print ($1 < $2) ? $1 : $2 }"; }
rounds=${BENCH_CLASSIFY_ROUNDS:-3}
f_wall=1e9 f_cpu=1e9 p_wall=1e9 p_cpu=1e9
for ((round = 0; round < rounds; round++)); do
  measure "$forge" classify "$corpus"
  f_wall=$(min "$wall" "$f_wall") f_cpu=$(min "$cpu" "$f_cpu")
  measure "$pgnx" -s -e"$eco" "$corpus"
  p_wall=$(min "$wall" "$p_wall") p_cpu=$(min "$cpu" "$p_cpu")
done
"$forge" classify "$corpus" 2>/dev/null | grep -c '^\[Opening ' > "$dir/named.txt" || true
"$pgnx" -s -e"$eco" "$corpus" 2>/dev/null | grep -c '^\[Opening ' > "$dir/named-pgnx.txt" || true
echo "forge classify:   ${f_wall} s wall, ${f_cpu} CPU-s; $(cat "$dir/named.txt") games named"
echo "pgn-extract -e:   ${p_wall} s wall, ${p_cpu} CPU-s; $(cat "$dir/named-pgnx.txt") games named"
awk "BEGIN { printf \"ratio (pgn-extract / forge): %.2fx wall, %.2fx CPU (target >= 1)\n\", $p_wall / ($f_wall > 0 ? $f_wall : 0.01), $p_cpu / ($f_cpu > 0 ? $f_cpu : 0.01) }"
