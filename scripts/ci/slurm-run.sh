#!/usr/bin/env bash
# CI: a real Slurm cluster on this machine runs deploy/slurm (the analysis array, then the merge that waits for it);
# the bundle built from the merged cache must be byte-identical to one built on this machine in one run.
# Usage: scripts/ci/slurm-run.sh [OPENINGS [NAMES]]   (as root; forge built by `make release`, or FORGE=path)
# Defaults: a small library (the validate fixture, 80 positions) and a two-line name list, at NODES=30000, in 3
# shards, so it takes seconds; SHARDS and NODES from the environment override, and the real `openings` with
# data/chess-openings work the same (slower).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
forge=${FORGE:-"$root/.build/release/forge"}
[ -x "$forge" ] || { echo "slurm-run: build forge first (make release)" >&2; exit 1; }
names=$(cd "${2:-Tests/PipelineTests/Fixtures/names}" && pwd)
work="$root/.build/ci-slurm"
rm -rf "$work" && mkdir -p "$work/jobs"
if [ -n "${1:-}" ]; then
  openings=$(cd "$1" && pwd)
else
  # The validate fixture with the reasons its names need against the small list (NAM101 is an error), as the tests
  # build it (Fixtures.goodLibraryForTheSmallNameList).
  openings="$work/openings"
  cp -R Tests/PipelineTests/Fixtures/validate/good "$openings"
  cp Tests/PipelineTests/Fixtures/good-library-small-list-reasons.tsv "$openings/names-reasons.tsv"
fi

started=$(date +%s)
eval "$(scripts/slurm-cluster.sh start "$work/cluster")"
trap 'scripts/slurm-cluster.sh stop "$work/cluster"' EXIT
sinfo

# The jobs run in $work/jobs (their logs land there), with every path absolute, as on a cluster's shared disk.
(
  cd "$work/jobs"
  SHARDS=${SHARDS:-3} NODES=${NODES:-30000} FORGE="$forge" OPENINGS="$openings" SHARD_DIR="$work/shards" \
    OUT="$work/bundle-slurm" BUILD_ARGS="--no-words --names $names" WAIT=1 "$root/deploy/slurm/submit.sh"
) || { echo "slurm-run: the merge job failed; its logs:" >&2; tail -n 20 "$work"/jobs/*.log >&2; exit 1; }
for log in "$work"/jobs/forge-analyze-*.log; do echo "== $(basename "$log")"; tail -n 1 "$log"; done
echo "== merge"; tail -n 3 "$work"/jobs/forge-merge-*.log
shards=("$work/shards"/shard-*.sqlite)
echo "slurm-run: ${#shards[@]} shard caches merged"
slurm_seconds=$(( $(date +%s) - started ))

# The same sources on this machine, in one run, from an empty cache. With the default library and budget the results
# come from the engine store the Pipeline tests commit for it (what Stockfish answered for these sources; CI's own
# shards above searched them again): the cluster's bundle must equal the store's.
store_args=()
if [ -z "${1:-}" ] && [ "${NODES:-30000}" = 30000 ] && [ -z "${2:-}" ]; then
  store_args=(--engine-store "$root/Tests/PipelineTests/Fixtures/engine-stores/good-library")
fi
(cd "$work" && "$forge" build --openings "$openings" --names "$names" --no-words --nodes "${NODES:-30000}" \
  --cache "$work/single.sqlite" "${store_args[@]}" --out "$work/bundle-single")
diff -r "$work/bundle-slurm" "$work/bundle-single"
echo "slurm-run: bundles identical (Slurm: ${slurm_seconds} s for the cluster, the array and the merge)"
