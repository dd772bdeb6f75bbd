#!/usr/bin/env bash
# Checks data/bundle/manifest.json: every artifact listed exists with its size and SHA-256, and nothing is missing.
set -euo pipefail
dir=${1:-data/bundle}
python3 - "$dir" <<'PY'
import hashlib, json, os, sys
d = sys.argv[1]
m = json.load(open(os.path.join(d, "manifest.json")))
bad = 0
for rel, a in sorted(m["artifacts"].items()):
    p = os.path.join(d, rel)
    data = open(p, "rb").read() if os.path.exists(p) else None
    if data is None or len(data) != a["bytes"] or hashlib.sha256(data).hexdigest() != a["sha256"]:
        print(f"manifest: {rel} does not match", file=sys.stderr); bad += 1
for k in ("schema_version", "engine", "profile", "source_hash", "row_counts", "counts"):
    if k not in m: print(f"manifest: missing key {k}", file=sys.stderr); bad += 1
if m["counts"].get("openings", 0) < 1 or m["row_counts"].get("position", 0) < 1:
    print("manifest: the bundle is empty", file=sys.stderr); bad += 1
print(f"manifest: {len(m['artifacts'])} artifacts checked, {bad} problems")
sys.exit(1 if bad else 0)
PY
