#!/usr/bin/env bash
# Runs README's commands as a newcomer types them: `forge --version`, then every line of the
# "Your first opening in five minutes" block.
# Without arguments: from the checkout's root with .build/release on PATH (the checkout is laid out as an installed
# share folder: README's "export FORGE_SHARE=$PWD"). With PREFIX (after `make install PREFIX=…`): from an empty
# folder outside the checkout, with only $PREFIX/bin on PATH and FORGE_SHARE=$PREFIX/share/contentforge.
set -euo pipefail
cd "$(dirname "$0")/../.."
readme="$PWD/README.md"
if [ $# -ge 1 ]; then
  prefix=$(cd "$1" && pwd)
  export PATH="$prefix/bin:/usr/bin:/bin" FORGE_SHARE="$prefix/share/contentforge"
  here=$(mktemp -d)
else
  export PATH="$PWD/.build/release:$PATH" FORGE_SHARE="$PWD"
  here=$PWD
fi
command -v forge >/dev/null || { echo "readme-commands: build forge first (make release, or make install PREFIX=…)" >&2; exit 1; }
forge --version
block=$(awk '/^## Your first opening/ {on=1} on && /^```sh/ {grab=1; next} grab && /^```/ {exit} grab {print}' "$readme")
[ -n "$block" ] || { echo "readme-commands: README has no first-opening command block" >&2; exit 1; }
cd "$here"
cleanup() { rm -rf my-openings my-bundle .my-bundle.*; }
# The scratch folder goes whole; in the checkout only what the block made.
if [ $# -ge 1 ]; then trap 'cd / && rm -rf "$here"' EXIT; else trap cleanup EXIT; fi
cleanup
while IFS= read -r line; do
  cmd=${line%%#*}
  [ -n "${cmd// }" ] || continue
  echo "\$ $cmd"
  eval "$cmd"
done <<< "$block"
test -s my-bundle/openings.sqlite
echo "readme-commands: the first opening validates and builds (in $here)"
