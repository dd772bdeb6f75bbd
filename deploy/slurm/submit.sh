#!/usr/bin/env bash
# Queues the sharded analysis (an array of SHARDS tasks) and the merge that waits for all of them to succeed.
# Usage: SHARDS=16 NODES=1000000 deploy/slurm/submit.sh      (run from the repository root, on the login node)
# Settings (environment): SHARDS (8), FORGE (forge), OPENINGS (openings), NODES (1000000), SHARD_DIR (shards),
# OUT (data/bundle), BUILD_ARGS (more `forge build` options for the shards and the merge, e.g. "--no-words"),
# WAIT=1 to block until the merge ends and exit with its status (CI does; a failed shard cancels the merge).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
SHARDS=${SHARDS:-8}
export SHARDS FORGE=${FORGE:-forge} OPENINGS=${OPENINGS:-openings} NODES=${NODES:-1000000} SHARD_DIR=${SHARD_DIR:-shards} \
  OUT=${OUT:-data/bundle} BUILD_ARGS=${BUILD_ARGS:-}
array=$(sbatch --parsable --array="1-$SHARDS" --export=ALL "$here/analyze.sbatch")
array=${array%%;*}
if [ "${WAIT:-0}" = 1 ]; then
  echo "analysis: job $array ($SHARDS tasks); merge: queued after all of them succeed; waiting for it"
  # --wait returns the merge's exit status; --kill-on-invalid-dep ends it at once when a shard fails.
  exec sbatch --wait --kill-on-invalid-dep=yes --dependency="afterok:$array" --export=ALL "$here/merge.sbatch"
fi
merge=$(sbatch --parsable --dependency="afterok:$array" --export=ALL "$here/merge.sbatch")
echo "analysis: job $array ($SHARDS tasks); merge: job $merge (after all of them succeed)"
