#!/usr/bin/env python3
"""Checks deploy/: the Kubernetes manifests parse and hold together (an Indexed Job whose shard count matches its
completions, JOB_COMPLETION_INDEX used, every variable defined, every volume and claim resolved), the container
recipe installs Stockfish and forge and builds with the Swift the package is tested with (on the runtime's Debian
release), and the Slurm scripts pass `bash -n` and use only variables they define,
Slurm sets, or give a default. `--self-test` breaks each rule on purpose and checks that it is reported.
Exit 0 when clean, 1 with one line per problem."""
import copy
import glob
import os
import re
import subprocess
import sys

try:
    import yaml
except ImportError:
    print("check-deploy: PyYAML is missing (Debian: apt-get install python3-yaml; PyPI: pip install pyyaml)", file=sys.stderr)
    sys.exit(1)

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
K8S = os.path.join(ROOT, "deploy", "kubernetes")
SLURM = os.path.join(ROOT, "deploy", "slurm")

# Variables a shell may use without defining them.
SHELL_KNOWN = {"HOME", "PATH", "PWD", "0", "1", "2", "@", "#", "?", "$"}
VAR_RE = re.compile(r"\$\{?([A-Za-z_][A-Za-z0-9_]*|[0-9@#?$])")


def used_variables(text):
    """Names referenced as $NAME or ${NAME...} (not $(( )) arithmetic names: those are read below)."""
    names = set(VAR_RE.findall(text))
    for expr in re.findall(r"\$\(\((.*?)\)\)", text):
        names |= set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", expr))
    return names


def check_job(doc, where, claims, problems):
    spec = doc.get("spec") or {}
    pod = ((spec.get("template") or {}).get("spec")) or {}
    if pod.get("restartPolicy") not in ("Never", "OnFailure"):
        problems.append(f"{where}: a Job's pod needs restartPolicy Never or OnFailure")
    volumes = {v.get("name"): v for v in pod.get("volumes") or []}
    for v in volumes.values():
        claim = (v.get("persistentVolumeClaim") or {}).get("claimName")
        if claim is not None and claim not in claims:
            problems.append(f"{where}: volume {v.get('name')} claims {claim}, which no PersistentVolumeClaim in deploy/kubernetes defines")
    containers = pod.get("containers") or []
    if not containers:
        problems.append(f"{where}: no containers")
    for c in containers:
        name = c.get("name", "?")
        if not c.get("image"):
            problems.append(f"{where}: container {name} has no image")
        for m in c.get("volumeMounts") or []:
            if m.get("name") not in volumes:
                problems.append(f"{where}: container {name} mounts {m.get('name')}, which is not a volume of the pod")
        env = {e.get("name"): e.get("value") for e in c.get("env") or []}
        script = " ".join(str(a) for a in (c.get("command") or []) + (c.get("args") or []))
        known = set(env) | SHELL_KNOWN
        if spec.get("completionMode") == "Indexed":
            known.add("JOB_COMPLETION_INDEX")
        for var in sorted(used_variables(script) - known):
            problems.append(f"{where}: container {name} uses ${var}, which is neither in its env nor set by Kubernetes")
        if "--shard" in script:
            if spec.get("completionMode") != "Indexed":
                problems.append(f"{where}: a sharded job must be an Indexed Job (completionMode: Indexed)")
            if "JOB_COMPLETION_INDEX" not in script:
                problems.append(f"{where}: the shard must come from JOB_COMPLETION_INDEX")
            completions = spec.get("completions")
            if str(env.get("SHARDS")) != str(completions):
                problems.append(f"{where}: SHARDS={env.get('SHARDS')} but completions={completions}: shards would be missed or doubled")
            if (spec.get("parallelism") or 1) > (completions or 1):
                problems.append(f"{where}: parallelism above completions")
            if "/shards/" not in script or not any(m.get("mountPath") == "/shards" for m in c.get("volumeMounts") or []):
                problems.append(f"{where}: the shard caches must be written to the mounted /shards volume")


def check_kubernetes(docs_by_file, problems):
    claims = set()
    for docs in docs_by_file.values():
        for d in docs:
            if d and d.get("kind") == "PersistentVolumeClaim":
                claims.add(d["metadata"]["name"])
    kinds = []
    for path, docs in sorted(docs_by_file.items()):
        for i, d in enumerate(docs):
            where = f"{os.path.basename(path)}[{i}]"
            if not isinstance(d, dict):
                problems.append(f"{where}: not a mapping")
                continue
            for key in ("apiVersion", "kind", "metadata"):
                if key not in d:
                    problems.append(f"{where}: missing {key}")
            if not (d.get("metadata") or {}).get("name"):
                problems.append(f"{where}: missing metadata.name")
            kinds.append(d.get("kind"))
            if d.get("kind") == "Job":
                if d.get("apiVersion") != "batch/v1":
                    problems.append(f"{where}: a Job is apiVersion batch/v1")
                check_job(d, where, claims, problems)
    if not any(
        d.get("kind") == "Job" and (d.get("spec") or {}).get("completionMode") == "Indexed"
        for docs in docs_by_file.values() for d in docs if isinstance(d, dict)
    ):
        problems.append("deploy/kubernetes: no Indexed Job")
    if "PersistentVolumeClaim" not in kinds:
        problems.append("deploy/kubernetes: no volume (PersistentVolumeClaim) for the shard caches")


def toolchain_version():
    """The Swift the package is built and tested with here (`swift --version`), or None without a toolchain."""
    try:
        out = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout
    except OSError:
        return None
    m = re.search(r"Swift version (\d+\.\d+(?:\.\d+)?)", out)
    return m.group(1) if m else None


def check_containerfile(text, problems, toolchain=None):
    if not re.search(r"^FROM debian:", text, re.M):
        problems.append("Containerfile: the runtime image must be Debian (FROM debian:…)")
    # The build image: the Swift the package is tested with, on the Debian release the runtime image runs (same glibc).
    build = re.search(r"^FROM swift:(\d+\.\d+(?:\.\d+)?)-(\w+)\b", text, re.M)
    runtime = re.search(r"^FROM debian:(\w+)", text, re.M)
    if not build:
        problems.append("Containerfile: the build stage must be an official Swift image with its version and Debian release (FROM swift:X.Y.Z-bookworm)")
    else:
        if toolchain and build.group(1) != toolchain:
            problems.append(f"Containerfile: the build image has Swift {build.group(1)}; the package is built and tested with {toolchain}")
        if runtime and build.group(2) != runtime.group(1):
            problems.append(f"Containerfile: the build image is Debian {build.group(2)}, the runtime image {runtime.group(1)}: the binary needs the same glibc")
    if not re.search(r"apt-get install[^\n]*\bstockfish\b", text):
        problems.append("Containerfile: Stockfish must come from the distribution (apt-get install stockfish)")
    if not re.search(r"^COPY --from=\S+ \S*forge\S* /usr/local/bin/forge", text, re.M):
        problems.append("Containerfile: the forge binary must be copied into the image")


def check_shell(path, text, problems, slurm):
    r = subprocess.run(["bash", "-n", path], capture_output=True, text=True)
    if r.returncode != 0:
        problems.append(f"{os.path.basename(path)}: bash -n: {r.stderr.strip()}")
    code = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    defined = set(re.findall(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=", code, re.M))
    defined |= set(re.findall(r"\b([A-Za-z_][A-Za-z0-9_]*)=", " ".join(re.findall(r"^\s*export\s+(.*)$", code, re.M))))
    defined |= set(re.findall(r"\$\{([A-Za-z_][A-Za-z0-9_]*):-", code))
    for var in sorted(used_variables(code) - defined - SHELL_KNOWN):
        if slurm and var.startswith("SLURM_"):
            continue
        problems.append(f"{os.path.basename(path)}: uses ${var}, which it neither sets nor defaults")


def check_slurm(texts, problems):
    for path, text in sorted(texts.items()):
        check_shell(path, text, problems, slurm=True)
    analyze = texts.get(os.path.join(SLURM, "analyze.sbatch"), "")
    if not re.search(r"^#SBATCH --array=\d+-\d+", analyze, re.M):
        problems.append("analyze.sbatch: must be an array job (#SBATCH --array=1-N)")
    if "SLURM_ARRAY_TASK_ID" not in analyze or "--shard" not in analyze:
        problems.append("analyze.sbatch: the shard must come from SLURM_ARRAY_TASK_ID")
    submit = texts.get(os.path.join(SLURM, "submit.sh"), "")
    if not re.search(r"--dependency=\"?afterok:", submit):
        problems.append("submit.sh: the merge must wait for every array task (--dependency=afterok)")
    merge = texts.get(os.path.join(SLURM, "merge.sbatch"), "")
    if "cache merge" not in merge:
        problems.append("merge.sbatch: must merge the shard caches (forge cache merge)")


def load():
    docs = {}
    for path in sorted(glob.glob(os.path.join(K8S, "*.yaml"))):
        with open(path) as f:
            docs[path] = list(yaml.safe_load_all(f))
    with open(os.path.join(K8S, "Containerfile")) as f:
        containerfile = f.read()
    texts = {}
    for path in sorted(glob.glob(os.path.join(SLURM, "*.sbatch")) + glob.glob(os.path.join(SLURM, "*.sh"))):
        with open(path) as f:
            texts[path] = f.read()
    return docs, containerfile, texts


TOOLCHAIN = toolchain_version()


def check(docs, containerfile, texts):
    problems = []
    check_kubernetes(docs, problems)
    check_containerfile(containerfile, problems, TOOLCHAIN)
    check_slurm(texts, problems)
    return problems


def self_test(docs, containerfile, texts):
    """Each mutation must be reported; returns the mutations that were not."""
    job_file = os.path.join(K8S, "analyze-job.yaml")

    def job(d):
        return d[job_file][0]

    def container(d):
        return job(d)["spec"]["template"]["spec"]["containers"][0]

    mutations = {
        "not Indexed": lambda d: job(d)["spec"].pop("completionMode"),
        "SHARDS != completions": lambda d: job(d)["spec"].update(completions=4),
        "undefined variable": lambda d: container(d).update(args=[container(d)["args"][0].replace("${NODES}", "${NODE_LIMIT}")]),
        "index typo": lambda d: container(d).update(args=[container(d)["args"][0].replace("JOB_COMPLETION_INDEX", "JOB_INDEX")]),
        "missing claim": lambda d: job(d)["spec"]["template"]["spec"]["volumes"][0]["persistentVolumeClaim"].update(claimName="nope"),
        "unmounted volume": lambda d: container(d)["volumeMounts"][0].update(name="other"),
    }
    missed = []
    for name, mutate in mutations.items():
        d = copy.deepcopy(docs)
        mutate(d)
        if not check(d, containerfile, texts):
            missed.append(name)
    slurm_analyze = os.path.join(SLURM, "analyze.sbatch")
    shell_mutations = {
        "slurm undefined variable": lambda t: t.replace('"$NODES"', '"$NODE_LIMIT"'),
        "slurm not an array": lambda t: t.replace("#SBATCH --array=1-8", "#SBATCH --ntasks=1"),
        "slurm syntax error": lambda t: t + "\nif then fi\n",
    }
    import tempfile
    for name, mutate in shell_mutations.items():
        with tempfile.NamedTemporaryFile("w", suffix=".sbatch", delete=False) as f:
            f.write(mutate(texts[slurm_analyze]))
        t = dict(texts)
        del t[slurm_analyze]
        t[f.name] = mutate(texts[slurm_analyze])
        problems = check(docs, containerfile, t)
        # The mutated copy stands in for analyze.sbatch: its name differs, so the array/shard rule fires too; a
        # mutation counts as caught only when a problem names the copy itself or the rule it breaks.
        caught = [p for p in problems if os.path.basename(f.name) in p or ("array" in name and "array job" in p)]
        os.unlink(f.name)
        if not caught:
            missed.append(name)
    if check(docs, containerfile.replace("stockfish", "gnuchess"), texts) == []:
        missed.append("no stockfish")
    if check(docs, re.sub(r"^FROM swift:\S+", "FROM swift:6.1-bookworm", containerfile, flags=re.M), texts) == [] and TOOLCHAIN != "6.1":
        missed.append("another Swift in the build image")
    if check(docs, re.sub(r"^FROM debian:\w+", "FROM debian:trixie", containerfile, flags=re.M), texts) == []:
        missed.append("build and runtime on other Debian releases")
    return missed


def main():
    docs, containerfile, texts = load()
    problems = check(docs, containerfile, texts)
    for p in problems:
        print(f"check-deploy: {p}", file=sys.stderr)
    if "--self-test" in sys.argv:
        missed = self_test(docs, containerfile, texts)
        for m in missed:
            print(f"check-deploy: self-test: the broken rule \"{m}\" was not reported", file=sys.stderr)
        problems += missed
    n = len(glob.glob(os.path.join(K8S, "*.yaml"))) + 1 + len(texts)
    print(f"check-deploy: {n} files, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
