#!/usr/bin/env bash
# Benchmark: `forge pgn2fen --output-format epd` against `pgn-extract -s -Wepd --nofauxep` and a python-chess replay,
# on three deterministic corpora that look like the PGN people have (scripts/gen/bench_corpus.py):
#   lichess  lichess exports: the lichess tag set, { [%eval …] [%clk …] } after every move, some glyphs and lines
#   study    annotated studies: prose comments, [%cal]/[%csl], NAGs, variations nested up to four deep
#   plain    random legal games without comments
# Each kind is reported separately, all in one run: hyperfine (-N, warm-up 1, BENCH_PGN_RUNS runs each, default 5)
# times forge and pgn-extract on the same file; the ratio is pgn-extract's time over forge's (min and mean).
# python-chess replays a 200-game prefix once (the whole file would take minutes).
# BENCH_PGN_GAMES=N games per corpus (default 20,000: 1,000 distinct ones, seed 1, repeated).
set -euo pipefail
cd "$(dirname "$0")/../.."
forge=.build/release/forge
[ -x "$forge" ] || { echo "pgn bench: build first: swift build -c release --product forge" >&2; exit 1; }
pgnx=$(command -v pgn-extract || echo /usr/games/pgn-extract)
[ -x "$pgnx" ] || { echo "pgn bench: pgn-extract is missing (make setup)" >&2; exit 1; }
command -v hyperfine > /dev/null || { echo "pgn bench: hyperfine is missing (make setup)" >&2; exit 1; }
games=${BENCH_PGN_GAMES:-20000}
unique=1000
runs=${BENCH_PGN_RUNS:-5}
dir=.build/bench/pgn
mkdir -p "$dir"

corpus() {  # KIND: the corpus file of that kind, generated once
  local kind=$1 file="$dir/$1-$games.pgn"
  if [ ! -s "$file" ]; then
    if [ ! -s "$dir/$kind-unique.pgn" ]; then
      echo "pgn bench: generating $unique $kind games (seed 1, python-chess; minutes) ..." >&2
      python3 scripts/gen/bench_corpus.py "$kind" --count "$unique" --seed 1 > "$dir/$kind-unique.pgn.tmp"
      mv "$dir/$kind-unique.pgn.tmp" "$dir/$kind-unique.pgn"
    fi
    : > "$file.tmp"
    for ((i = 0; i < games / unique; i++)); do cat "$dir/$kind-unique.pgn" >> "$file.tmp"; done
    mv "$file.tmp" "$file"
  fi
  echo "$file"
}

cpu_of() {  # JSON INDEX: mean CPU seconds (user + system); on a shared machine the wall time waits for the cores, the CPU time less
  python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['results'][int(sys.argv[2])]; print(r['user'] + r['system'])" "$@"
}

stat_of() {  # JSON INDEX FIELD: a number from hyperfine's export
  python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['results'][int(sys.argv[2])]; print(r[sys.argv[3]])" "$@"
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-8s %7s %9s %7s | %-24s %-24s %-22s | %s\n" kind MB plies 'forge' 'forge s (min/mean)' 'pgn-extract s (min/mean)' 'python-chess plies/s' 'ratio pgn-extract/forge (min, mean, CPU)'
for kind in lichess study plain; do
  file=$(corpus "$kind")
  plies=$("$forge" pgn2fen --output-format epd "$file" 2> /dev/null | grep -c .)
  hyperfine -N --warmup 1 --runs "$runs" --export-json "$dir/$kind.json" --output null \
    "$forge pgn2fen --output-format epd $file" "$pgnx -s -Wepd --nofauxep $file" > /dev/null 2>&1
  f_min=$(stat_of "$dir/$kind.json" 0 min) f_mean=$(stat_of "$dir/$kind.json" 0 mean)
  p_min=$(stat_of "$dir/$kind.json" 1 min) p_mean=$(stat_of "$dir/$kind.json" 1 mean)
  head -n "$(grep -n '^\[Event ' "$file" | sed -n '201p' | cut -d: -f1)" "$file" | head -n -1 > "$dir/$kind-prefix.pgn"
  py_plies=$(python3 scripts/gen/pgn_corpus.py epd "$dir/$kind-prefix.pgn" | grep -c .)
  t0=$(date +%s.%N); python3 scripts/gen/pgn_corpus.py epd "$dir/$kind-prefix.pgn" > /dev/null; t1=$(date +%s.%N)
  awk -v k="$kind" -v mb="$(du -m "$file" | cut -f1)" -v pl="$plies" -v fm="$f_min" -v fa="$f_mean" -v pm="$p_min" -v pa="$p_mean" \
      -v yp="$py_plies" -v y0="$t0" -v y1="$t1" -v fc="$(cpu_of "$dir/$kind.json" 0)" -v pc="$(cpu_of "$dir/$kind.json" 1)" 'BEGIN {
    printf "%-8s %7s %9d %6.2fM | %10.3f / %-11.3f %10.3f / %-11.3f %-22.0f | %.2fx, %.2fx, %.2fx CPU   (python-chess: %.0fx slower than forge)\n",
      k, mb, pl, pl / fm / 1e6, fm, fa, pm, pa, yp / (y1 - y0), pm / fm, pa / fa, pc / fc, (pl / fm) / (yp / (y1 - y0)) }'
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)   (forge column: M plies/s at its min; target pgn2fen >= 5x pgn-extract on each kind)"

if [ "${BENCH_PGN_BIG:-0}" = 1 ]; then  # memory stays flat: the lichess corpus repeated to about 1 GB
  big="$dir/big.pgn"
  if [ ! -s "$big" ]; then
    : > "$big.tmp"
    while [ "$(stat -c %s "$big.tmp")" -lt 1073741824 ]; do cat "$(corpus lichess)" >> "$big.tmp"; done
    mv "$big.tmp" "$big"
  fi
  /usr/bin/time -f "%e %M" -o "$dir/big-time.txt" "$forge" pgn2fen --output-format epd "$big" > /dev/null 2>&1
  read -r wall rss < "$dir/big-time.txt"
  awk -v mb="$(du -m "$big" | cut -f1)" -v w="$wall" -v r="$rss" 'BEGIN { printf "memory: forge pgn2fen --output-format epd on %s MB: peak %.1f MB, %s s   (target < 64 MB)\n", mb, r / 1024, w }'
fi
