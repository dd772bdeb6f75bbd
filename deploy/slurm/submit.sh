#!/usr/bin/env bash
# Queues the sharded analysis (an array of SHARDS tasks) and the merge that waits for all of them to succeed.
# Usage: SHARDS=16 NODES=1000000 deploy/slurm/submit.sh      (run from the repository root, on the login node)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
SHARDS=${SHARDS:-8}
export SHARDS FORGE=${FORGE:-forge} OPENINGS=${OPENINGS:-openings} NODES=${NODES:-1000000} SHARD_DIR=${SHARD_DIR:-shards} OUT=${OUT:-data/bundle}
array=$(sbatch --parsable --array="1-$SHARDS" --export=ALL "$here/analyze.sbatch")
merge=$(sbatch --parsable --dependency="afterok:${array%%;*}" --export=ALL "$here/merge.sbatch")
echo "analysis: job $array ($SHARDS tasks); merge: job $merge (after all of them succeed)"
