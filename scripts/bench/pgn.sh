#!/usr/bin/env bash
# Benchmark: `forge pgn2fen --output-format epd` against `pgn-extract -Wepd` and a python-chess replay,
# on a deterministic corpus of 100k random legal games; plies/s, peak memory and ratios, in one run.
# BENCH_PGN_GAMES=N changes the corpus size; BENCH_PGN_BIG=1 also measures memory on a ~1 GB file.
set -euo pipefail
cd "$(dirname "$0")/../.."
forge=.build/release/forge
[ -x "$forge" ] || { echo "pgn bench: build first: swift build -c release --product forge" >&2; exit 1; }
games=${BENCH_PGN_GAMES:-100000}
unique=2000
dir=.build/bench/pgn
mkdir -p "$dir"
corpus="$dir/corpus-$games.pgn"
if [ ! -s "$corpus" ]; then
  echo "pgn bench: generating $games games ($unique distinct, seed 1, python-chess) ..." >&2
  python3 scripts/gen/pgn_corpus.py games --count "$unique" --seed 1 > "$dir/unique.pgn"
  : > "$corpus.tmp"
  for ((i = 0; i < games / unique; i++)); do cat "$dir/unique.pgn" >> "$corpus.tmp"; done
  mv "$corpus.tmp" "$corpus"
fi
pgnx=$(command -v pgn-extract || echo /usr/games/pgn-extract)
[ -x "$pgnx" ] || { echo "pgn bench: pgn-extract is missing (make setup)" >&2; exit 1; }

# run NAME CMD...: wall seconds, user+sys seconds, peak RSS (KB) of CMD with stdout to /dev/null.
measure() {
  local out="$dir/time.txt"
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f "%e %U %S %M" -o "$out" "$@" > /dev/null 2> "$dir/stderr.txt"
    read -r wall user sys rss < "$out"
  else
    python3 - "$@" > "$out" <<'PY'
import resource, subprocess, sys, time
t = time.time()
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"{time.time() - t:.2f} {r.ru_utime:.2f} {r.ru_stime:.2f} {r.ru_maxrss}")
PY
    read -r wall user sys rss < "$out"
  fi
  cpu=$(awk "BEGIN { print $user + $sys }")
}

plies=$("$forge" pgn2fen --output-format epd "$corpus" 2>/dev/null | grep -c .)
size=$(du -m "$corpus" | cut -f1)
echo "corpus: $games games, $plies plies, ${size} MB ($corpus)"

# Best of ROUNDS alternating runs: on this (virtual) machine the same run's time drifts by up to
# 30% from one minute to the next; the minimum of each tool is its least disturbed run.
rounds=${BENCH_PGN_ROUNDS:-3}
f_wall=1e9 f_cpu=1e9 f_rss=0 p_wall=1e9 p_cpu=1e9 p_rss=0
min() { awk "BEGIN { print ($1 < $2) ? $1 : $2 }"; }
max() { awk "BEGIN { print ($1 > $2) ? $1 : $2 }"; }
for ((round = 0; round < rounds; round++)); do
  measure "$forge" pgn2fen --output-format epd "$corpus"
  f_wall=$(min "$wall" "$f_wall") f_cpu=$(min "$cpu" "$f_cpu") f_rss=$(max "$rss" "$f_rss")
  measure "$pgnx" -s -Wepd "$corpus"
  p_wall=$(min "$wall" "$p_wall") p_cpu=$(min "$cpu" "$p_cpu") p_rss=$(max "$rss" "$p_rss")
done
# python-chess replays a 1000-game prefix (the whole corpus would take minutes).
head -n "$(grep -n '^\[Event ' "$corpus" | sed -n '1001p' | cut -d: -f1)" "$corpus" | head -n -1 > "$dir/prefix.pgn"
py_plies=$(python3 scripts/gen/pgn_corpus.py epd "$dir/prefix.pgn" | grep -c .)
measure python3 scripts/gen/pgn_corpus.py epd "$dir/prefix.pgn"
y_wall=$wall y_cpu=$cpu y_rss=$rss

rate() { awk "BEGIN { printf \"%.0f\", $1 / $2 }"; }
calc() { awk "BEGIN { print $1 }"; }
f_r=$(rate "$plies" "$f_wall"); f_rc=$(rate "$plies" "$f_cpu")
p_r=$(rate "$plies" "$p_wall"); p_rc=$(rate "$plies" "$p_cpu")
y_r=$(rate "$py_plies" "$y_wall"); y_rc=$(rate "$py_plies" "$y_cpu")
printf "%-34s %12s %12s %14s %10s\n" "tool" "wall s" "plies/s" "plies/CPU-s" "peak MB"
printf "%-34s %12s %12s %14s %10.1f\n" "forge pgn2fen --output-format epd" "$f_wall" "$f_r" "$f_rc" "$(calc "$f_rss/1024")"
printf "%-34s %12s %12s %14s %10.1f\n" "pgn-extract -Wepd" "$p_wall" "$p_r" "$p_rc" "$(calc "$p_rss/1024")"
printf "%-34s %12s %12s %14s %10.1f\n" "python-chess replay (1000 games)" "$y_wall" "$y_r" "$y_rc" "$(calc "$y_rss/1024")"
printf "ratio forge / pgn-extract:  %.2fx plies/s (wall), %.2fx plies/CPU-s   (target >= 4x; best of %s runs each)\n" \
  "$(calc "$f_r / $p_r")" "$(calc "$f_rc / $p_rc")" "$rounds"
printf "ratio forge / python-chess: %.2fx plies/s (wall), %.2fx plies/CPU-s\n" \
  "$(calc "$f_r / $y_r")" "$(calc "$f_rc / $y_rc")"

if [ "${BENCH_PGN_BIG:-0}" = 1 ]; then
  big="$dir/big.pgn"
  if [ ! -s "$big" ]; then
    : > "$big.tmp"
    while [ "$(stat -c %s "$big.tmp")" -lt 1073741824 ]; do cat "$corpus" >> "$big.tmp"; done
    mv "$big.tmp" "$big"
  fi
  measure "$forge" pgn2fen --output-format epd "$big"
  printf "memory: forge pgn2fen --output-format epd on %s MB: peak %.1f MB, %s s   (target < 64 MB)\n" \
    "$(du -m "$big" | cut -f1)" "$(calc "$rss/1024")" "$wall"
fi
