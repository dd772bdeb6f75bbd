#!/usr/bin/env bash
# fresh-clone.sh: the build cost a new contributor pays (issue 26): a fresh clone with the committed engine store, its
# release compile and `forge build` with an empty cache (cold), the same build with nothing changed (warm, best of 10),
# and the sizes of the bundle and of the store. Budget: cold <= 15 min on 2 cores, warm < 0.2 s.
# Run from the repo root: bash scripts/bench/fresh-clone.sh. The clone is of HEAD; openings/engine is copied from this
# checkout as it is (so a store just written by `make engine-store` counts before it is committed).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.3f", b - a }'; }

git clone -q "$root" "$work/clone"
rm -rf "$work/clone/openings/engine"
[ -d openings/engine ] && cp -r openings/engine "$work/clone/openings/engine"
[ -f Package.resolved ] && cp Package.resolved "$work/clone/"   # the same dependency versions as this checkout
cd "$work/clone"
export FORGE_CACHE="$work/cache/analysis.sqlite"   # empty: nothing carried over from this machine
load=$(cut -d' ' -f1-3 /proc/loadavg)

t0=$(now)
swift build -c release --product forge > "$work/compile.log" 2>&1 || { cat "$work/compile.log" >&2; exit 1; }
compile=$(since "$t0")
t1=$(now)
.build/release/forge build --quiet > "$work/build.log" 2> "$work/build.err" || { cat "$work/build.log" "$work/build.err" >&2; exit 1; }
build=$(since "$t1")
cold=$(since "$t0")
cp "$work/build.log" "$work/build.err" "$root/.build/" 2>/dev/null || true   # the cold build's report, kept for a look
summary=$(grep -E "^bundle (written|up to date)" "$work/build.log" || true)
missing=$(grep -o "CCH108\]: [0-9]* positions" "$work/build.err" | grep -o "[0-9]* positions" || echo "0 positions")

best=999
for _ in $(seq 10); do
    t=$(now)
    .build/release/forge build --quiet > "$work/warm.log" 2>&1
    grep -q "bundle up to date" "$work/warm.log" || { echo "fresh-clone.sh: the no-change build was not up to date: $(cat "$work/warm.log")" >&2; exit 1; }
    best=$(awk -v a="$best" -v b="$(since "$t")" 'BEGIN { print (b < a ? b : a) }')
done
warm=$(/usr/bin/time -f %e .build/release/forge build --quiet 2>&1 >/dev/null | tail -1)

bundle=$(du -sb data/bundle | cut -f1)
sqlite=$(stat -c %s data/bundle/openings.sqlite)
store=$(du -sb openings/engine 2>/dev/null | cut -f1 || echo 0)
store_lines=$(cat openings/engine/*/*.tsv 2>/dev/null | grep -vc '^#' || echo 0)
echo "fresh clone with the engine store (load average at start: $load; 2 cores):"
echo "  cold: release compile ${compile} s + forge build ${build} s = ${cold} s   (budget 900 s; $missing not in the store, searched)"
echo "        $summary"
echo "  warm, nothing changed (best of 10): ${best} s   (budget 0.2 s; one more run timed by /usr/bin/time: ${warm} s)"
echo "  bundle: $bundle bytes (openings.sqlite $sqlite)   engine store: $store bytes, $store_lines results"
