#!/usr/bin/env bash
# Runs README's commands as a newcomer types them: `forge --version`, then every line of the
# "Your first opening in five minutes" block, from the checkout's root with forge on PATH.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PWD/.build/release:$PATH"
command -v forge >/dev/null || { echo "readme-commands: build forge first (make release)" >&2; exit 1; }
forge --version
block=$(awk '/^## Your first opening/ {on=1} on && /^```sh/ {grab=1; next} grab && /^```/ {exit} grab {print}' README.md)
[ -n "$block" ] || { echo "readme-commands: README has no first-opening command block" >&2; exit 1; }
cleanup() { rm -rf my-openings my-bundle .my-bundle.*; }
trap cleanup EXIT
cleanup
while IFS= read -r line; do
  cmd=${line%%#*}
  [ -n "${cmd// }" ] || continue
  echo "\$ $cmd"
  eval "$cmd"
done <<< "$block"
test -s my-bundle/openings.sqlite
echo "readme-commands: the first opening validates and builds"
