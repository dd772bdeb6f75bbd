#!/usr/bin/env bash
# Installs what ContentForge needs from Debian (Slurm and munge for CI's real cluster too) and PyPI (reference tools,
# the Kubernetes schema check); idempotent.
set -euo pipefail
debs=(stockfish pgn-extract scowl wamerican-huge libsqlite3-dev hyperfine shellcheck python3-yaml slurm-wlm munge chromium python3-pil)
missing=()
for p in "${debs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "setup: installing ${missing[*]}" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    sudo apt-get update -qq
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "setup: missing Debian packages: ${missing[*]}" >&2
    echo "setup: run as root:  apt-get install ${missing[*]}" >&2
    exit 1
  fi
fi
# Reference tools for benchmarks and golden data only (not needed by the product).
if [ "${FORGE_SETUP_PYTHON:-1}" = 1 ] && command -v python3 >/dev/null; then
  if ! python3 -c 'import chess, better_profanity, yaml' 2>/dev/null || ! command -v check-jsonschema >/dev/null; then
    python3 -m pip install -q chess better-profanity pyyaml check-jsonschema >/dev/null 2>&1 \
      || echo "setup: warning: could not pip install chess better-profanity pyyaml check-jsonschema (the workflow lint and the benchmarks against python-chess need them)" >&2
  fi
  # The Kubernetes schema check of make test (scripts/check-kubernetes.sh), pinned with the schema version it uses.
  if [ "$(kubernetes-validate --version 2>/dev/null)" != "1.37.0" ]; then
    python3 -m pip install -q "kubernetes-validate==1.37.0" >/dev/null 2>&1 \
      || echo "setup: warning: could not pip install kubernetes-validate==1.37.0 (make test's manifest check needs it)" >&2
  fi
fi
test -x /usr/games/stockfish || { echo "setup: /usr/games/stockfish is missing after install" >&2; exit 1; }
