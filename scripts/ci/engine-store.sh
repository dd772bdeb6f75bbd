#!/usr/bin/env bash
# engine-store.sh: CI's checks of the committed engine stores (docs/engine.md, "The engine store"): openings/engine,
# and Examples/first-opening/engine (README's first opening: what the shipped store lacks for it):
# 1. each holds exactly what its sources need (`forge cache export-store --check`: nothing searched; a fresh clone's
#    build then searches nothing);
# 2. the real Stockfish reproduces it: a sample of SAMPLE lines per store file, drawn with the commit hash as seed, and
#    every store line the last commit added or changed (`git diff HEAD~1`, when there is a parent), searched again and
#    compared byte for byte (`forge cache verify-store`; a difference prints the position and both lines).
# Usage: scripts/ci/engine-store.sh [path/to/forge]   (default .build/release/forge)
set -euo pipefail
cd "$(dirname "$0")/../.."
FORGE=${1:-.build/release/forge}
SAMPLE=${SAMPLE:-20}   # 20 lines per file cost about 30 s on 2 busy cores (both profiles)
EXAMPLE_SAMPLE=${EXAMPLE_SAMPLE:-5}   # the example's store: a few lines per file, and every changed one
STORE=openings/engine
EXAMPLE=Examples/first-opening
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

"$FORGE" cache export-store --check --quiet
"$FORGE" cache export-store --check --quiet --openings "$EXAMPLE"

# The positions of the lines the last commit added or changed (a removed line needs no search).
if git rev-parse -q --verify HEAD~1 >/dev/null; then
    git diff --unified=0 HEAD~1 HEAD -- "$STORE" "$EXAMPLE/engine" > "$TMP/diff"
    { grep -E '^\+[^+#]' "$TMP/diff" || true; } | cut -c2- | cut -f1 | sort -u > "$TMP/changed"   # no match: no changed line
else
    : > "$TMP/changed"
fi
echo "engine store: $(wc -l < "$TMP/changed") lines changed by the last commit, $SAMPLE drawn per file (seed $(git rev-parse --short HEAD))"
"$FORGE" cache verify-store --engine-store "$STORE" --sample "$SAMPLE" --seed "$(git rev-parse HEAD)" --positions "$TMP/changed"
"$FORGE" cache verify-store --engine-store "$EXAMPLE/engine" --sample "$EXAMPLE_SAMPLE" --seed "$(git rev-parse HEAD)" --positions "$TMP/changed"
