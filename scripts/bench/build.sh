#!/usr/bin/env bash
# build.sh: forge build cold (empty cache and bundle, engine store not read: the search cost), again into an empty bundle with the cache warm, and with nothing
# changed (best of 5); then analysis throughput of one forge process against two shard processes (--shard 1/2, 2/2)
# running side by side, one engine each. Run from the repo root after `swift build -c release --product forge`.
set -euo pipefail
cd "$(dirname "$0")/../.."
FORGE=${FORGE:-.build/release/forge}
[ -x "$FORGE" ] || swift build -c release --product forge >/dev/null
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
NODES=${NODES:-120000}           # the product default: at lower budgets the learner-move checks of openings/ fail
N_SHARD=${N_SHARD:-160}          # positions for the shard throughput
SHARD_NODES=${SHARD_NODES:-20000}
WORDS=()
[ -e /usr/share/dict/scowl/english-words.10 ] || WORDS=(--no-words)

now() { date +%s.%N; }
build() { "$FORGE" build --out "$TMP/data/bundle" --cache "$TMP/cache.sqlite" --no-engine-store --nodes "$NODES" "${WORDS[@]}" > "$TMP/out" 2> "$TMP/err"; }
timed() { local t0; t0=$(now); "$@"; awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.3f", b - a }'; }

if [ "${SKIP_BUILD:-0}" != 1 ]; then
cold=$(timed build); summary_cold=$(tail -1 "$TMP/out")
rm -rf "$TMP/data"
warm=$(timed build)
best=999
for _ in 1 2 3 4 5; do
    t=$(timed build)
    grep -q "bundle up to date" "$TMP/out" || { echo "build.sh: the no-change build was not up to date: $(cat "$TMP/out")" >&2; exit 1; }
    best=$(awk -v a="$best" -v b="$t" 'BEGIN { print (b < a ? b : a) }')
done
echo "forge build (openings/, $NODES nodes${WORDS:+, no words}):"
echo "  cold, empty cache and bundle:   ${cold} s   ($summary_cold)"
echo "  empty bundle, cache warm:       ${warm} s"
echo "  nothing changed (best of 5):    ${best} s   (target <= 0.2 s; $(awk -v c="$cold" -v b="$best" 'BEGIN { printf "%.0f", c / b }')x faster than cold)"

fi

python3 scripts/bench/engine-positions.py "$N_SHARD" > "$TMP/shard.fen"
common=(analyze "$TMP/shard.fen" --nodes "$SHARD_NODES" --multipv 3 --jobs 1 --no-cache --output-format jsonl)
analyse_whole() { "$FORGE" "${common[@]}" > "$TMP/one.jsonl"; }
one=$(timed analyse_whole)
two=$( { t0=$(now)
         "$FORGE" "${common[@]}" --shard 1/2 > "$TMP/s1.jsonl" 2> "$TMP/s1.err" & a=$!
         "$FORGE" "${common[@]}" --shard 2/2 > "$TMP/s2.jsonl" 2> "$TMP/s2.err" & b=$!
         wait "$a"; wait "$b"
         awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.3f", b - a }'; } )
n1=$(wc -l < "$TMP/one.jsonl"); n2=$(cat "$TMP/s1.jsonl" "$TMP/s2.jsonl" | wc -l)
[ "$n1" = "$n2" ] || { echo "build.sh: shards analysed $n2 positions, one process $n1" >&2; exit 1; }
if ! cmp -s <(sort "$TMP/one.jsonl") <(sort "$TMP/s1.jsonl" "$TMP/s2.jsonl"); then
    echo "build.sh: shard results differ from one process:" >&2
    diff <(sort "$TMP/one.jsonl") <(sort "$TMP/s1.jsonl" "$TMP/s2.jsonl") | head -4 | cut -c1-300 >&2
    exit 1
fi
echo "analysis throughput, $n1 positions at $SHARD_NODES nodes, MultiPV 3, one engine per process ($(nproc) cores):"
echo "  1 process:             ${one} s   $(awk -v n="$n1" -v t="$one" 'BEGIN { printf "%.1f", n / t }') positions/s"
echo "  2 shard processes:     ${two} s   $(awk -v n="$n1" -v t="$two" 'BEGIN { printf "%.1f", n / t }') positions/s   (split $(wc -l < "$TMP/s1.jsonl")/$(wc -l < "$TMP/s2.jsonl"))"
echo "  ratio:                 $(awk -v a="$one" -v b="$two" 'BEGIN { printf "%.2f", a / b }')x   (2 cores: near 2 when the machine is otherwise idle)"
echo "  results of the shards identical to one process: yes"
echo "  nodes per second per core (throughput model, docs/deploy.md): $(awk -v n="$n1" -v k="$SHARD_NODES" -v t="$one" 'BEGIN { printf "%.0f", n * k / t }')"
