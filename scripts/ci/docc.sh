#!/usr/bin/env bash
# docc: the API documentation of every app-facing library product, built with swift-docc-plugin
# (`swift package generate-documentation`) from its catalog (Sources/<Module>/<Module>.docc) and its doc comments.
# A DocC warning (a broken ``symbol`` link, a documented parameter the function does not have, ...) fails the
# script: DocC's --warnings-as-errors turns each one into an error, and any "warning:" left in the output fails too.
# Usage: scripts/ci/docc.sh [OUTPUT_DIR]   (default: a scratch folder, removed at the end)
set -euo pipefail
cd "$(dirname "$0")/../.."

# The library products of Package.swift an app links (not UCIProtocol, UCIEngine, Pipeline: no product of their own).
modules=(CoachBundle Words ChessCore Explainer Openings BundleStore ChessPGN Diagnostics)

if [ $# -gt 0 ]; then
    out=$1
    mkdir -p "$out"
else
    out=$(mktemp -d "${TMPDIR:-/tmp}/contentforge-docc.XXXXXX")
    trap 'rm -rf "$out"' EXIT
fi
out=$(cd "$out" && pwd)

failures=0
for module in "${modules[@]}"; do
    log="$out/$module.log"
    echo "docc: $module"
    if ! swift package --jobs "${DOCC_JOBS:-1}" --allow-writing-to-directory "$out" \
        generate-documentation --target "$module" --warnings-as-errors --output-path "$out/$module" \
        >"$log" 2>&1; then
        # DocC's own diagnostics (each with its file, line and column) come after this line; a build error before it.
        if grep -q "^Building documentation for" "$log"; then
            sed -n '/^Building documentation for/,$p' "$log" >&2
        else
            grep -E "(warning|error):" "$log" >&2 || tail -20 "$log" >&2
        fi
        echo "docc: $module: generate-documentation failed" >&2
        failures=$((failures + 1))
    elif grep -E "warning:" "$log" >&2; then
        echo "docc: $module: DocC printed warnings" >&2
        failures=$((failures + 1))
    fi
done

if [ "$failures" -gt 0 ]; then
    echo "docc: $failures of ${#modules[@]} modules have documentation warnings or errors" >&2
    exit 1
fi
echo "docc: ${#modules[@]} modules documented, no warnings ($out)"
