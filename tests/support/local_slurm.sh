#!/usr/bin/env bash
# A private one-node Slurm cluster for a test, on the loopback address only (docs/scale-out.md):
#   local_slurm.sh check          exit 77 (a test's skip) naming what is missing, unless munged, slurmctld,
#                                 slurmd, sbatch, squeue, scancel and sinfo are all installed
#   local_slurm.sh start STATE    munged on a socket of its own in STATE, slurmctld and slurmd with
#                                 STATE/slurm.conf; waits until the node is idle; exit 1 with the logs if not
#   local_slurm.sh stop STATE     stops what start started, by the process ids recorded in STATE
# The caller sets SLURM_CONF=STATE/slurm.conf for sbatch, squeue and the rest. Nothing outside STATE is
# written, no system daemon is touched, and the ports are picked from STATE's name (20000-29999, the first
# free pair), so that two test runs do not meet.
set -euo pipefail

daemons=(munged slurmctld slurmd)
clients=(sbatch squeue scancel sinfo scontrol)

check() {
  local missing=()
  for c in "${daemons[@]}" "${clients[@]}"; do
    command -v "$c" >/dev/null 2>&1 || [ -x "/usr/sbin/$c" ] || missing+=("$c")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "local_slurm: not installed: ${missing[*]} (scripts/install-deps.sh installs slurm-wlm and munge)"
    exit 77
  fi
  if [ "$(id -u)" -ne 0 ]; then
    echo "local_slurm: starting slurmd needs root (it runs the jobs as their users)"
    exit 77
  fi
}

port_free() { ! (ss -Hltn "sport = :$1" 2>/dev/null | grep -q .); }

stop() {
  local state=$1
  # Jobs still running (a test that failed half-way) are cancelled first, so that no job step outlives slurmd.
  if [ -s "$state/slurmctld.pid" ] && [ -f "$state/slurm.conf" ]; then
    SLURM_CONF="$state/slurm.conf" scancel --user="$(id -un)" 2>/dev/null || true
    for _ in $(seq 50); do
      SLURM_CONF="$state/slurm.conf" squeue -h -t R,CG 2>/dev/null | grep -q . || break
      sleep 0.1
    done
  fi
  for pidfile in "$state/slurmd.pid" "$state/slurmctld.pid" "$state/munge/munged.pid"; do
    [ -s "$pidfile" ] || continue
    local pid
    pid=$(cat "$pidfile")
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 100); do
      kill -0 "$pid" 2>/dev/null || break
      # A zombie (no process reaps it here) has stopped.
      [ "$(ps -o stat= -p "$pid" 2>/dev/null | cut -c1)" = Z ] && break
      sleep 0.1
    done
    kill -0 "$pid" 2>/dev/null && [ "$(ps -o stat= -p "$pid" | cut -c1)" != Z ] && kill -9 "$pid" 2>/dev/null
    rm -f "$pidfile"
  done
  return 0
}

start() {
  local state=$1
  mkdir -p "$state/munge" "$state/spool" "$state/state"
  chmod 755 "$state"
  chown munge:munge "$state/munge"
  chmod 755 "$state/munge"
  local munged=/usr/sbin/munged
  command -v munged >/dev/null 2>&1 && munged=$(command -v munged)
  local socket="$state/munge/munge.sock"
  runuser -u munge -- "$munged" --socket="$socket" --pid-file="$state/munge/munged.pid" \
    --log-file="$state/munge/munged.log" --seed-file="$state/munge/munged.seed"
  local port
  port=$((20000 + $(cksum <<<"$state" | cut -d' ' -f1) % 9990))
  while ! port_free "$port" || ! port_free $((port + 1)); do port=$((port + 2)); done
  local host
  host=$(hostname -s)
  local mem
  mem=$(free -m | awk '/^Mem:/ {print int($2 * 0.8)}')
  cat >"$state/slurm.conf" <<CONF
ClusterName=rmsimtest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$socket
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
StateSaveLocation=$state/state
SlurmdSpoolDir=$state/spool
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/slurmctld.log
SlurmdLogFile=$state/slurmd.log
ReturnToService=2
MinJobAge=600
SchedulerType=sched/backfill
SchedulerParameters=sched_interval=1,bf_interval=1
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=$mem State=UNKNOWN
PartitionName=local Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF="$state/slurm.conf"
  slurmctld -f "$SLURM_CONF"
  slurmd -f "$SLURM_CONF"
  for _ in $(seq 150); do
    if sinfo -h -o %T 2>/dev/null | grep -qx idle; then return 0; fi
    sleep 0.2
  done
  echo "local_slurm: the node did not come up within 30 s" >&2
  for log in "$state/munge/munged.log" "$state/slurmctld.log" "$state/slurmd.log"; do
    echo "== $log" >&2
    tail -n 20 "$log" >&2 2>/dev/null || true
  done
  stop "$state"
  return 1
}

case "${1:-}" in
  check) check ;;
  start) start "$2" ;;
  stop) stop "$2" ;;
  *) echo "usage: local_slurm.sh check | start STATE | stop STATE" >&2; exit 2 ;;
esac
