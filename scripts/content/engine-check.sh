#!/usr/bin/env bash
# Engine check of the coach openings (the content author's tool, not product code):
# no learner move in a main line or a deviation loses more than 50 cp against
# Stockfish's best move, at the build's node budget (120,000 nodes) and at 5x that
# budget (600,000 nodes, the slow check CI runs once).
#
#   scripts/content/engine-check.sh [files or folders...]   (default: openings/coach)
#
# It runs `forge validate --strict` (all the other checks too) once per budget and
# fails if either run fails.  FORGE=path/to/forge overrides the binary
# (default .build/debug/forge; build it with `swift build --product forge`).
set -euo pipefail
FORGE=${FORGE:-.build/debug/forge}
THRESHOLD=${THRESHOLD:-50}
paths=("$@")
[ ${#paths[@]} -eq 0 ] && paths=(openings/coach)
status=0
for nodes in 120000 600000; do
    echo "== forge validate at $nodes nodes, threshold $THRESHOLD cp"
    "$FORGE" validate --strict --error-centipawns "$THRESHOLD" --warning-centipawns "$THRESHOLD" \
        --nodes "$nodes" "${paths[@]}" || status=1
done
exit $status
