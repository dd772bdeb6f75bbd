#!/usr/bin/env bash
# Benchmark: `forge classify` (PGN out, ECO and Opening tags) against `pgn-extract -e` (its eco.pgn), in one run, on
#   names    the committed classify fixture (2,500 games that follow the name list, python-chess generated), x4
#   lichess  the same games' main lines dressed as a lichess export by scripts/gen/bench_corpus.py (lichess tags,
#            { [%eval …] [%clk …] } after every move, glyphs and engine lines): 1,000 of them, x10
# hyperfine (-N, warm-up 1, BENCH_CLASSIFY_RUNS runs each, default 5); the ratio is pgn-extract's time over forge's.
set -euo pipefail
cd "$(dirname "$0")/../.."
forge=.build/release/forge
[ -x "$forge" ] || { echo "classify bench: build first: swift build -c release --product forge" >&2; exit 1; }
pgnx=$(command -v pgn-extract || echo /usr/games/pgn-extract)
[ -x "$pgnx" ] || { echo "classify bench: pgn-extract is missing (make setup)" >&2; exit 1; }
eco=/usr/share/pgn-extract/eco.pgn
[ -s "$eco" ] || { echo "classify bench: $eco is missing (Debian's pgn-extract ships it)" >&2; exit 1; }
command -v hyperfine > /dev/null || { echo "classify bench: hyperfine is missing (make setup)" >&2; exit 1; }
runs=${BENCH_CLASSIFY_RUNS:-5}
fixture=Tests/PipelineTests/Fixtures/classify/corpus.pgn
dir=.build/bench/classify
mkdir -p "$dir"
repeat() {  # SOURCE COPIES OUT
  [ -s "$3" ] && return
  : > "$3.tmp"
  for ((i = 0; i < $2; i++)); do cat "$1" >> "$3.tmp"; done
  mv "$3.tmp" "$3"
}
repeat "$fixture" 4 "$dir/names-x4.pgn"
if [ ! -s "$dir/lichess-unique.pgn" ]; then
  echo "classify bench: dressing 1,000 fixture games as a lichess export (python-chess) ..." >&2
  python3 scripts/gen/bench_corpus.py lichess --count 1000 --seed 1 --moves "$fixture" > "$dir/lichess-unique.pgn.tmp"
  mv "$dir/lichess-unique.pgn.tmp" "$dir/lichess-unique.pgn"
fi
repeat "$dir/lichess-unique.pgn" 10 "$dir/lichess-x10.pgn"

# Mean CPU seconds (user + system) of a command: on a shared machine the wall time waits for the cores, the CPU time less.
cpu_of() { python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['results'][int(sys.argv[2])]; print(r['user'] + r['system'])" "$@"; }
stat_of() { python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['results'][int(sys.argv[2])]; print(r[sys.argv[3]])" "$@"; }
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for kind in names lichess; do
  file=$(ls "$dir/$kind"-x*.pgn)
  hyperfine -N --warmup 1 --runs "$runs" --export-json "$dir/$kind.json" --output null \
    "$forge classify $file" "$pgnx -s -e$eco $file" > /dev/null 2>&1
  named=$("$forge" classify "$file" 2> /dev/null | grep -c '^\[Opening ' || true)
  named_p=$("$pgnx" -s -e"$eco" "$file" 2> /dev/null | grep -c '^\[Opening ' || true)
  awk -v k="$kind" -v g="$(grep -c '^\[Event ' "$file")" -v kb="$(du -k "$file" | cut -f1)" -v n="$named" -v np="$named_p" \
      -v fm="$(stat_of "$dir/$kind.json" 0 min)" -v fa="$(stat_of "$dir/$kind.json" 0 mean)" \
      -v pm="$(stat_of "$dir/$kind.json" 1 min)" -v pa="$(stat_of "$dir/$kind.json" 1 mean)" \
      -v fc="$(cpu_of "$dir/$kind.json" 0)" -v pc="$(cpu_of "$dir/$kind.json" 1)" 'BEGIN {
    printf "%-8s %6d games %6d KB | forge classify %.3f / %.3f s (min / mean), %d named | pgn-extract -e %.3f / %.3f s, %d named | ratio %.2fx min, %.2fx mean, %.2fx CPU (%.3f / %.3f CPU-s)\n",
      k, g, kb, fm, fa, n, pm, pa, np, pm / fm, pa / fa, pc / fc, fc, pc }'
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)   (target: classify >= 3x pgn-extract -e on lichess)"
