#!/usr/bin/env bash
# first-opening.sh: README's "Your first opening in five minutes", timed as an author meets it, in one run: forge validate of
# the Vienna example, the first forge build (an empty engine cache: the example's own engine store and the shipped one
# answer; what both lack is searched),
# the same build with nothing changed, and a rebuild after one comment changed (the notes come from .NAME.notes).
# Also checks that the rebuilt bundle is byte-identical to one built from scratch. Run from the repo root.
set -euo pipefail
cd "$(dirname "$0")/../.."
FORGE=${FORGE:-.build/release/forge}
[ -x "$FORGE" ] || swift build -c release --product forge >/dev/null
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export FORGE_SHARE=$PWD
cp -R Examples/first-opening "$TMP/my-openings"
CACHE=(--cache "$TMP/cache.sqlite")   # empty: the author's first run

now() { date +%s.%N; }
timed() { local t0; t0=$(now); "$@" > "$TMP/out" 2> "$TMP/err"; awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }
build() { "$FORGE" build --openings "$TMP/my-openings" --out "$1" --no-words "${CACHE[@]}"; }

validate=$(timed "$FORGE" validate "${CACHE[@]}" "$TMP/my-openings")
first=$(timed build "$TMP/my-bundle"); first_summary=$(tail -1 "$TMP/out")
nochange=$(timed build "$TMP/my-bundle")
grep -q "bundle up to date" "$TMP/out" || { echo "first-opening.sh: the no-change build was not up to date: $(cat "$TMP/out")" >&2; exit 1; }
sed -i 's/{The Vienna knight: from c3 it defends e4/{The Vienna knight: from c3 it guards e4/' "$TMP/my-openings/coach/vienna-game.pgn"
comment=$(timed build "$TMP/my-bundle"); comment_summary=$(tail -1 "$TMP/out")
build "$TMP/scratch" > /dev/null 2>&1
cmp -s "$TMP/my-bundle/openings.sqlite" "$TMP/scratch/openings.sqlite" \
    || { echo "first-opening.sh: the rebuilt bundle differs from one built from scratch" >&2; exit 1; }
echo "first opening (Examples/first-opening), load $(cut -d' ' -f1 /proc/loadavg):"
echo "  forge validate          ${validate} s"
echo "  first forge build       ${first} s   ($first_summary)"
echo "  nothing changed         ${nochange} s"
echo "  one comment changed     ${comment} s   ($comment_summary)"
echo "  the rebuilt bundle is byte-identical to a build from scratch"
