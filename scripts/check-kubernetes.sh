#!/usr/bin/env bash
# Validates deploy/kubernetes/*.yaml against the real Kubernetes API schema (kubernetes-validate, strict: an
# unknown or misspelled field is an error), at a pinned Kubernetes version; then breaks a copy on purpose and
# checks that it is rejected, so a validator that passes everything cannot pass here.
# scripts/check-deploy.py checks what a schema cannot (shard counts, variables, volumes, the Slurm scripts).
set -euo pipefail
cd "$(dirname "$0")/.."
# Pinned with the validator (scripts/setup.sh installs kubernetes-validate==1.37.0, which ships this schema).
K8S_VERSION=1.37.0
command -v kubernetes-validate >/dev/null || { echo "check-kubernetes: kubernetes-validate is missing: make setup (pip install kubernetes-validate==1.37.0)" >&2; exit 1; }
kubernetes-validate --strict --kubernetes-version "$K8S_VERSION" --quiet deploy/kubernetes/*.yaml
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sed 's/completionMode: Indexed/completionsMode: Indexed/' deploy/kubernetes/analyze-job.yaml > "$tmp/misspelled-field.yaml"
sed 's/backoffLimitPerIndex: [0-9]*/backoffLimitPerIndex: twice/' deploy/kubernetes/analyze-job.yaml > "$tmp/wrong-type.yaml"
for broken in "$tmp"/*.yaml; do
  cmp -s "$broken" deploy/kubernetes/analyze-job.yaml && { echo "check-kubernetes: self-test: $(basename "$broken") changed nothing" >&2; exit 1; }
  if kubernetes-validate --strict --kubernetes-version "$K8S_VERSION" --quiet "$broken" >/dev/null 2>&1; then
    echo "check-kubernetes: self-test: $(basename "$broken") was not rejected" >&2
    exit 1
  fi
done
manifests=(deploy/kubernetes/*.yaml)
echo "check-kubernetes: ${#manifests[@]} manifests valid against Kubernetes $K8S_VERSION (strict); 2 broken copies rejected"
