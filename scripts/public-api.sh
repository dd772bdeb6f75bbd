#!/usr/bin/env bash
# public-api.sh: the public symbols of the app-facing library products, one declaration a line, from
# swift-symbolgraph-extract on the debug build's modules; compared with the committed api/public-symbols.txt.
# Usage: scripts/public-api.sh            fail (exit 1, with the diff) when the surface differs from the committed list
#        scripts/public-api.sh --update   rewrite the list (commit it with a message that says what changed and why)
# Builds the products' modules first (debug, incremental: nothing to do after `make test`).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
list="$repo/api/public-symbols.txt"
# The products an app links (Package.swift's library products). Build-side modules are not in the list.
modules=(ChessCore ChessPGN Diagnostics Words BundleStore Explainer Openings CoachBundle)
for m in "${modules[@]}"; do (cd "$repo" && swift build --target "$m" >/dev/null); done
build=$(cd "$repo" && swift build --show-bin-path)
triple=$(basename "$(dirname "$build")")
work=$(mktemp -d "${TMPDIR:-/tmp}/public-api.XXXXXX")
trap 'rm -rf "$work"' EXIT
for m in "${modules[@]}"; do
    mkdir -p "$work/$m"
    swift-symbolgraph-extract -module-name "$m" -target "$triple" -I "$build/Modules" \
        -Xcc "-fmodule-map-file=$repo/.build/checkouts/GRDB.swift/Sources/GRDBSQLite/module.modulemap" \
        -minimum-access-level public -skip-synthesized-members -output-dir "$work/$m" >/dev/null
done
python3 - "$work" "${modules[@]}" > "$work/now.txt" <<'PY'
import json, os, sys
work, modules = sys.argv[1], sys.argv[2:]
lines = set()
for m in modules:
    folder = os.path.join(work, m)
    for name in sorted(os.listdir(folder)):
        graph = json.load(open(os.path.join(folder, name)))
        for s in graph["symbols"]:
            path = ".".join(s["pathComponents"])
            decl = "".join(f["spelling"] for f in s.get("declarationFragments", [])).replace("\n", " ")
            lines.add(f"{m}\t{s['kind']['identifier'].removeprefix('swift.')}\t{path}\t{' '.join(decl.split())}")
print("\n".join(sorted(lines)))
PY
if [ "${1:-}" = "--update" ]; then
    cp "$work/now.txt" "$list"
    echo "public-api: wrote $(wc -l < "$list") symbols to api/public-symbols.txt"
    exit 0
fi
if ! diff -u "$list" "$work/now.txt" > "$work/diff.txt"; then
    cat "$work/diff.txt"
    echo "public-api: the public API of the app-facing products changed ($(grep -c '^[-+][^-+]' "$work/diff.txt") lines above)." >&2
    echo "public-api: if that is on purpose, run scripts/public-api.sh --update and commit api/public-symbols.txt with the change." >&2
    exit 1
fi
echo "public-api: $(wc -l < "$list") public symbols, as committed"
