#!/usr/bin/env bash
# test-engine-stores.sh: the engine store the Pipeline tests' builds of the good library read instead of searching
# (Tests/PipelineTests/Fixtures/engine-stores/good-library), written by `forge cache export-store` with the real
# Stockfish.
#
#   scripts/gen/test-engine-stores.sh [FORGE]     FORGE defaults to .build/debug/forge (swift build first)
#
# The store is what a build asks of validate/good with good-library-small-list-reasons.tsv, checked against
# names/a.tsv (Fixtures.copyOfTheSmallListBuild), at 30,000 nodes and 3 lines (Fixtures.goodBundleProfile) and the
# profiles a build derives from it. That holds everything the same library built with no name list asks
# (Fixtures.copyOfTheGoodBundle) too: the list only adds positions. Run it when those builds ask what the store
# lacks: the tests of the shared builds then fail on "searched now N" and name this script. The same sources and
# engine write the same bytes.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
forge=${1:-$repo/.build/debug/forge}
fixtures=$repo/Tests/PipelineTests/Fixtures
store=$fixtures/engine-stores/good-library
work=$(mktemp -d "${TMPDIR:-/tmp}/test-engine-stores.XXXXXX")
trap 'rm -rf "$work"' EXIT
export PATH="$PATH:/usr/games"

mkdir -p "$work/openings" "$work/names"
cp -R "$fixtures/validate/good/coach" "$fixtures/validate/good/library" "$work/openings/"
cp "$fixtures/good-library-small-list-reasons.tsv" "$work/openings/names-reasons.tsv"
cp "$fixtures/names/a.tsv" "$work/names/a.tsv"
rm -rf "$store.new"
"$forge" cache export-store --openings "$work/openings" --names "$work/names" --nodes 30000 \
    --engine-store "$store.new" --cache "$work/cache.sqlite" --quiet
rm -rf "$store" && mv "$store.new" "$store"
echo "test-engine-stores: $(cat "$store"/*/*.tsv | grep -vc '^#') results in $(du -sh "$store" | cut -f1)"
