#!/usr/bin/env bash
# The scale-out paths of docs/scale-out.md on one machine, for real: a one-node Slurm with munge on the
# loopback address (tests/support/local_slurm.sh) runs a paper config as a 4-shard job array plus its merge
# job, and the merged folder is byte-identical to `rmsim run --jobs 2` (timing.json, wall-clock figures,
# aside); a shard cancelled mid-run and submitted again alone resumes, and the merge still gives the same
# bytes; an array task that cannot read the config stops with exit 2 and says why; and
# `mpirun -np 3 --oversubscribe rmsim-mpi` gives the same bytes, and stops on a bad trace line with exit 2. The
# daemons are stopped by their process ids.
# Exit 77 (skipped) only where Slurm, munge or Open MPI are not installed.
#   tests/sim/run/scale_out_test.sh RMSIM RMSIM_MPI SOURCE_DIR
set -euo pipefail
rmsim=$1
rmsim_mpi=$2
cd "$3"
support=tests/support
"$support/local_slurm.sh" check
if ! command -v mpirun >/dev/null || [ ! -x "$rmsim_mpi" ]; then
  echo "scale-out test: mpirun or rmsim-mpi is missing (scripts/install-deps.sh installs libopenmpi-dev)"
  exit 77
fi

work=$(mktemp -d /tmp/rmsim_scale_out_XXXXXX)
chmod 755 "$work"
state=$work/slurm-state
cleanup() {
  "$support/local_slurm.sh" stop "$state" || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "scale-out test: FAILED: $*" >&2
  for f in "$work"/run/slurm/logs/*.out "$state"/slurmctld.log; do
    [ -f "$f" ] && { echo "== $f" >&2; tail -n 15 "$f" >&2; }
  done
  exit 1
}

# Singh 2015 Fig. 4 (12 variants x 2 trials) at 300 jobs a trial: about half a second per pair.
config=configs/experiments/singh-arrival-rate.yaml
options=(--trials 2 --set workload.singh.jobs=300)
"$rmsim" run "$config" "${options[@]}" --jobs 2 --quiet --out "$work/local"

same_as_local() {  # the merged folder holds the local run's bytes, beside the shards and the job scripts
  diff -r -x timing.json -x shards -x slurm "$work/local" "$1" >"$work/diff.txt" ||
    fail "$1 differs from the local run: $(head -n 5 "$work/diff.txt")"
}

"$support/local_slurm.sh" start "$state"
export SLURM_CONF=$state/slurm.conf

# Waits until none of the jobs named is pending or running (squeue: sbatch --wait polls with growing gaps).
wait_jobs() {
  for _ in $(seq 1200); do
    squeue -h -j "$1" -t PD,R,CG 2>/dev/null | grep -q . || return 0
    sleep 0.25
  done
  fail "jobs $1 still running after 300 s"
}
job_ids() { sed -nE 's/.*shards: job ([0-9]+); merge: job ([0-9]+).*/\1,\2/p' "$1"; }
state_of() { scontrol show job "$1" | sed -nE 's/.*JobState=([A-Z_]+).*/\1/p' | head -n 1; }

# 1. Four shards, two at a time (one CPU each on this two-core node), and the merge after them.
"$rmsim" slurm "$config" "${options[@]}" --shards 4 --max-running 2 --out "$work/run" --submit >"$work/submit.txt"
jobs=$(job_ids "$work/submit.txt")
[ -n "$jobs" ] || fail "no job ids in: $(cat "$work/submit.txt")"
wait_jobs "$jobs"
[ "$(state_of "${jobs#*,}")" = COMPLETED ] || fail "the merge job ended $(state_of "${jobs#*,}")"
same_as_local "$work/run"
echo "scale-out test: 4 shards and the merge under Slurm: the local run's bytes"

# 2. Shard 1 cancelled once it has finished a trial, then submitted again alone: it resumes, the merge runs.
rm -rf "$work/run"
"$rmsim" slurm "$config" "${options[@]}" --shards 4 --max-running 2 --out "$work/run" --submit >"$work/submit.txt"
jobs=$(job_ids "$work/submit.txt")
array=${jobs%,*}
for _ in $(seq 1200); do
  compgen -G "$work/run/shards/shard-1/*/trial-*/provenance.json" >/dev/null && break
  sleep 0.05
done
scancel "${array}_1"
wait_jobs "$jobs"
[ "$(state_of "${array}_1")" = CANCELLED ] || fail "shard 1 was not cancelled but $(state_of "${array}_1")"
[ "$(state_of "${jobs#*,}")" != COMPLETED ] || fail "the merge ran although shard 1 was cancelled"
finished=$(compgen -G "$work/run/shards/shard-1/*/trial-*/provenance.json" | wc -l)
[ "$finished" -lt 6 ] || fail "shard 1 had finished all its 6 trials before it was cancelled"
"$work/run/slurm/submit.sh" 1 >"$work/submit.txt"
jobs=$(job_ids "$work/submit.txt")
wait_jobs "$jobs"
[ "$(state_of "${jobs#*,}")" = COMPLETED ] || fail "the merge after the resubmitted shard ended $(state_of "${jobs#*,}")"
same_as_local "$work/run"
echo "scale-out test: shard 1 cancelled after $finished of its 6 trials, resubmitted alone: the same bytes"

# 3. An array task that cannot read the config (a folder that is not shared) says so and fails.
cp "$config" "$work/gone.yaml"
sed -i 's|^platform: \.\./|platform: '"$PWD"'/configs/|' "$work/gone.yaml"
"$rmsim" slurm "$work/gone.yaml" "${options[@]}" --shards 2 --out "$work/gone" >/dev/null
rm "$work/gone.yaml"
jobs=$("$work/gone/slurm/submit.sh" | sed -nE 's/.*shards: job ([0-9]+); merge: job ([0-9]+).*/\1,\2/p')
wait_jobs "$jobs"
[ "$(state_of "${jobs%,*}_0")" = FAILED ] || fail "a shard without its config ended $(state_of "${jobs%,*}_0")"
grep -q "gone.yaml cannot be read on .*: rmsim, the config and the files it names must be on a file system every node sees" \
  "$work/gone/slurm/logs/shard-0.out" || fail "no clear message in the log of a shard without its config"
echo "scale-out test: a shard that cannot read its config fails with a clear message"

"$support/local_slurm.sh" stop "$state"

# 4. Three MPI ranks on two cores.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpirun -np 3 --oversubscribe "$rmsim_mpi" run "$config" "${options[@]}" --quiet --out "$work/mpi" ||
  fail "mpirun -np 3 rmsim-mpi failed"
same_as_local "$work/mpi"
echo "scale-out test: mpirun -np 3 --oversubscribe rmsim-mpi: the local run's bytes"

# 5. A streamed trace whose line 2,000 is damaged, read mid-run by the ranks' trials: the user's mistake, as with
# rmsim run: exit 2, file:line:col, and no output folder.
zcat configs/traces/KTH-SP2-1996-2.swf.gz | awk 'NR == 2000 { $2 = "2x00" } { print }' >"$work/bad.swf"
status=0
mpirun -np 2 --oversubscribe "$rmsim_mpi" run configs/experiments/kth-easy.yaml --set run.stream=true \
  --set "workload.swf.path=$work/bad.swf" --trials 2 --quiet --out "$work/mpi-bad" 2>"$work/mpi-bad.err" || status=$?
[ "$status" = 2 ] || fail "rmsim-mpi on a bad trace line exited $status, not 2: $(head -n 3 "$work/mpi-bad.err")"
grep -q "^$work/bad.swf:2000:6: SWF: field 2 (submit time) is not a number" "$work/mpi-bad.err" ||
  fail "rmsim-mpi on a bad trace line: no file:line:col message"
[ ! -e "$work/mpi-bad" ] || fail "rmsim-mpi on a bad trace line left $work/mpi-bad"
echo "scale-out test: rmsim-mpi stops on a bad trace line with exit 2, its file:line:col and no output"
