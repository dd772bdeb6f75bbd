#!/usr/bin/env bash
# Words benchmark: build from SCOWL, words.dawg size against words.txt and gzip, open vs trie build, solve times; one run, ratios printed.
set -euo pipefail
cd "$(dirname "$0")/../.."
FORGE=${FORGE:-.build/release/forge}
# The timing mode is forge-bench's (Sources/forge-bench: benchmark code stays out of forge and Pipeline).
BENCH=${BENCH:-.build/release/forge-bench}
SCOWL=${SCOWL:-/usr/share/dict/scowl}
BOARDS=${BOARDS:-300}
[ -x "$FORGE" ] || swift build -c release --product forge >/dev/null
[ -x "$BENCH" ] || swift build -c release --product forge-bench >/dev/null
[ -d "$SCOWL" ] || { echo "words.sh: no SCOWL at $SCOWL (make setup installs it)" >&2; exit 1; }
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

now() { date +%s.%N; }
ms() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.0f", (b - a) * 1000 }'; }

# 1. Build everything from the SCOWL files, against the reference: a shell pipeline that
#    makes only the plain sorted word list (no tiers, no curation, no per-game lists, no dawg).
t0=$(now)
"$FORGE" words build --scowl "$SCOWL" --out "$OUT" >/dev/null
t1=$(now)
files=()
for l in english-words american-words; do for n in 10 20 35 40 50 55 60 70 80; do
  [ -f "$SCOWL/$l.$n" ] && files+=("$SCOWL/$l.$n"); done; done
t2=$(now)
cat "${files[@]}" | LC_ALL=C grep -x '[a-z]*' | LC_ALL=C sort -u > "$OUT/reference.txt"
t3=$(now)
build=$(ms "$t0" "$t1"); ref=$(ms "$t2" "$t3")
echo "build (forge words build, all outputs): ${build} ms; reference (cat | grep | sort -u, words.txt only): ${ref} ms; ratio $(awk -v a="$build" -v b="$ref" 'BEGIN { printf "%.1f", a / b }')×"

# 2. Sizes.
txt=$(wc -c < "$OUT/words.txt")
gz=$(gzip -9 -c "$OUT/words.txt" | wc -c)
dawg=$(wc -c < "$OUT/words.dawg")
words=$(wc -l < "$OUT/words.txt")
echo "words.txt: $txt bytes ($words words); gzip -9: $gz bytes; words.dawg: $dawg bytes ($(awk -v d="$dawg" -v w="$words" 'BEGIN { printf "%.2f", d * 8 / w }') bits/word)"
echo "ratio: words.dawg / gzip(words.txt) = $(awk -v a="$dawg" -v b="$gz" 'BEGIN { printf "%.3f", a / b }') (target ≤ 1); words.dawg / words.txt = $(awk -v a="$dawg" -v b="$txt" 'BEGIN { printf "%.3f", a / b }')"

# 3. Open + first query vs building a trie at launch, and solve times (in one forge-bench process).
"$BENCH" words --dawg "$OUT/words.dawg" --words "$OUT/words.txt" --boards "$BOARDS"
