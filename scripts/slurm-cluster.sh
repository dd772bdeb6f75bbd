#!/usr/bin/env bash
# A real single-node Slurm cluster on this machine (munged, slurmctld, slurmd) for CI: start it, stop it by pid.
# Usage (as root, with Debian's slurm-wlm and munge: make setup installs them):
#   scripts/slurm-cluster.sh start DIR   writes DIR/slurm.conf, starts the daemons, waits for the node to be idle,
#                                        and prints `export SLURM_CONF=DIR/slurm.conf` for sbatch, squeue, sinfo
#   scripts/slurm-cluster.sh stop DIR    stops the daemons it started, by the pids in DIR/*.pid
# Everything the cluster writes (state, spool, logs, pid files) stays in DIR; nothing under /etc is changed
# except a munge key created when the package left none.
set -euo pipefail

usage() { echo "usage: $0 start|stop DIR" >&2; exit 64; }
[ $# -eq 2 ] || usage
action=$1
mkdir -p "$2"
dir=$(cd "$2" && pwd)

# Stops the process whose pid is in $1 (if that file exists and the process runs), waiting up to 10 s.
stop_pidfile() {
  local file=$1 pid
  [ -s "$file" ] || return 0
  pid=$(cat "$file")
  if kill -0 "$pid" 2>/dev/null; then
    kill "$pid"
    for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && { echo "slurm-cluster: $file: pid $pid did not stop; killing it" >&2; kill -9 "$pid"; }
  fi
  rm -f "$file"
}

case "$action" in
stop)
  stop_pidfile "$dir/slurmd.pid"
  stop_pidfile "$dir/slurmctld.pid"
  stop_pidfile "$dir/munged.pid"   # only present when this script started munged
  echo "slurm-cluster: stopped"
  ;;
start)
  [ "$(id -u)" = 0 ] || { echo "slurm-cluster: run as root (slurmd starts jobs as their users)" >&2; exit 77; }
  for tool in munged slurmctld slurmd sbatch sinfo; do
    command -v "$tool" >/dev/null || { echo "slurm-cluster: $tool is missing: make setup (apt-get install slurm-wlm munge)" >&2; exit 69; }
  done
  mkdir -p "$dir/state" "$dir/spool" "$dir/munge"
  # munge: one key, a socket directory owned by munge, munged as the munge user (reused when one already answers).
  if ! munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
    [ -s /etc/munge/munge.key ] || { mungekey -c; chown munge:munge /etc/munge/munge.key; chmod 0400 /etc/munge/munge.key; }
    install -d -o munge -g munge -m 0755 /run/munge
    chown munge:munge "$dir/munge"
    runuser -u munge -- munged --pid-file="$dir/munge/munged.pid" --log-file="$dir/munge/munged.log" \
      --seed-file="$dir/munge/munged.seed"
    for _ in $(seq 50); do [ -s "$dir/munge/munged.pid" ] && break; sleep 0.1; done
    cp "$dir/munge/munged.pid" "$dir/munged.pid"
    munge -n | unmunge >/dev/null || { echo "slurm-cluster: munged does not answer; see $dir/munge/munged.log" >&2; exit 1; }
  fi
  host=$(hostname -s)
  mem_mb=$(awk '/^MemTotal:/ { print int($2 / 1024) }' /proc/meminfo)
  cpus=$(nproc)
  cat > "$dir/slurm.conf" <<EOF
# Written by scripts/slurm-cluster.sh: one node, this machine; every path in $dir.
ClusterName=forge-ci
SlurmctldHost=$host
SlurmUser=root
AuthType=auth/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
ReturnToService=2
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmdSpoolDir=$dir/spool
StateSaveLocation=$dir/state
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
NodeName=$host CPUs=$cpus RealMemory=$(( mem_mb - 1024 )) State=UNKNOWN
PartitionName=ci Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
  export SLURM_CONF="$dir/slurm.conf"
  slurmctld -f "$SLURM_CONF"
  slurmd -f "$SLURM_CONF"
  for _ in $(seq 300); do
    state=$(sinfo -h -N -o '%t' 2>/dev/null | head -1 || true)
    [ "$state" = idle ] && break
    sleep 0.1
  done
  if [ "$state" != idle ]; then
    echo "slurm-cluster: the node is not idle after 30 s (state: ${state:-none}); see $dir/slurmctld.log and $dir/slurmd.log" >&2
    exit 1
  fi
  echo "slurm-cluster: node $host idle ($cpus CPUs); for sbatch, squeue, sinfo:" >&2
  echo "export SLURM_CONF=$dir/slurm.conf"
  ;;
*) usage ;;
esac
