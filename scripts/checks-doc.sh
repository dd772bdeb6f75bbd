#!/usr/bin/env bash
# checks-doc.sh: rewrites docs/checks.md's listing from `forge validate --list-checks` (the catalogues are the source).
# Usage: scripts/checks-doc.sh [path/to/forge]   (default: swift run forge)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -ge 1 ]; then listing=$("$1" validate --list-checks); else listing=$(swift run -q forge validate --list-checks); fi
python3 - docs/checks.md "$listing" <<'PY'
import sys
path, listing = sys.argv[1], sys.argv[2]
page = open(path).read().split("```\n")
if len(page) != 3:
    sys.exit(f"{path}: expected one ``` block")
page[1] = listing.rstrip("\n") + "\n"
open(path, "w").write("```\n".join(page))
PY
