#!/usr/bin/env bash
# Regenerates the seed corpora of the fuzz targets (tests/fuzz/corpus/<target>/) from the repository's own
# inputs: the platform files, the experiment configs (comments dropped, workloads shrunk so that a trial's
# tasks are made in milliseconds), slices of the SWF traces, and the task CSV examples of docs/workloads.md
# and the tests. Run it after the configs change; the result is committed (about 200 KB).
set -euo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
out="$src/tests/fuzz/corpus"
rm -rf "$out"
mkdir -p "$out"/{platform,experiment,swf,csv}

# Whole-line comments and blank lines go: they only make the inputs longer.
strip() { grep -v -E '^[[:space:]]*(#|$)' "$1" || true; }

# ---- platform: every platform file, and the quickstart's inline platform ----
for f in "$src"/configs/platforms/*.yaml; do strip "$f" >"$out/platform/$(basename "$f")"; done
strip "$src/configs/quickstart.yaml" | awk '/^platform:/ {on = 1; print; next} /^[a-z]/ {on = 0} on' \
  >"$out/platform/quickstart-inline.yaml"

# ---- experiment: every config, shrunk; relative paths stay as they are (the fixture mirrors configs/) ----
shrink() {
  sed -E -e 's/(\btasks: )[0-9]{4,}/\1200/' -e 's/(tasks_per_day: )[0-9]+/\1200/' \
         -e 's/(\bjobs: )[0-9]+/\120/' -e 's/(trials: )[0-9]+/\12/'
}
strip "$src/configs/quickstart.yaml" | shrink >"$out/experiment/quickstart.yaml"
for f in "$src"/configs/experiments/*.yaml; do strip "$f" | shrink >"$out/experiment/$(basename "$f")"; done
# Workload kinds and features no config uses.
cat >"$out/experiment/csv-workload.yaml" <<'YAML'
platform: ../platforms/kth-sp2.yaml
workload:
  csv: {path: ../traces/tasks.csv}
manager: {policy: easy, estimate: {model: requested, at_limit: run}}
run: {seed: 7, trials: 1, end_s: 86400}
YAML
cat >"$out/experiment/swf-variants.yaml" <<'YAML'
name: swf with variants
platform: ../platforms/kth-sp2.yaml
workload:
  swf: {path: ../traces/lublin_256.swf.gz, max_jobs: 300, skip_jobs: 10, memory_fraction: 0.2}
manager: {policy: fcfs}
run: {seed: 3, energy_budget_j: 1.0e9, budget_period_s: 3600, sample_interval_s: 60}
variants:
  - {name: fcfs, set: {manager.policy: fcfs}}
  - {name: cons, set: {manager.policy: conservative, platform.clusters.0.nodes: 50}}
sweep:
  run.energy_budget_j: [5.0e8, 1.0e9]
  workload.swf.max_jobs: [100, 200]
compare:
  metrics: [tasks.completed, energy.total_j]
  normalize_to: "fcfs energy_budget_j=5.0e8 max_jobs=100"
YAML
cat >"$out/experiment/inline-simgrid.yaml" <<'YAML'
platform:
  name: tiny
  dvfs_domain: node
  node_types:
    - name: host
      simgrid_host: {cores: 4, speeds_hz: [2.0e9, 1.0e9], host_energy: "100:120:200, 90:100:150"}
  clusters: [{name: c, node_type: host, nodes: 3}]
workload:
  synthetic: {tasks: 50, arrival_rate_per_s: 0.01, work_s_mean: 300, cores_max: 4}
manager: {policy: easy, estimate: exact}
run: {trials: 2, warmup_s: 100, measure_end_s: 5000, waveforms: {nodes: [0, "1-2"], start_s: 10, end_s: 4000}}
YAML

# ---- swf: slices of each trace (the first with its header), and one gzip-compressed trace ----
slices() {  # trace, slices, lines per slice
  local jobs step i
  jobs=$(zcat "$1" | awk '!/^;/' | wc -l)
  step=$(( jobs / $2 ))
  for ((i = 0; i < $2; i++)); do
    zcat "$1" | awk -v first=$(( i * step )) -v n="$3" -v header=$(( i == 0 )) \
      '/^;/ { if (header) print; next } { k++ } k > first && k <= first + n' \
      >"$out/swf/$(basename "$1" .swf.gz)-$i.swf"
  done
}
slices "$src/configs/traces/KTH-SP2-1996-2.swf.gz" 12 50
slices "$src/configs/traces/lublin_256.swf.gz" 8 50
slices "$src/configs/traces/NASA-iPSC-1993-3.swf.gz" 4 50
cp "$src/configs/traces/NASA-iPSC-1993-3.swf.gz" "$out/swf/"

# ---- csv: the examples of docs/workloads.md and tests/workloads/csv_tasks_test.cpp ----
printf '%s\n' '# id, arrival, per-core-type times at P0' 'id,arrival_s,time_s.big,time_s.little,cores,deadline_s,value' \
  '1,0,120,300,2,600,5' '2,30,60,,1,,1' >"$out/csv/docs-example.csv"
printf '%s\n' '# a comment' 'id, arrival_s, work_s, cores, deadline_s, value' '7, 20, 10, 4, 50, 3' '' \
  '3, 5, 2.5, 1, , 2' >"$out/csv/work.csv"
printf '%s\n' 'id,arrival_s,time_s.little,time_s.big,nodes' '1,0,8,3,2' '2,1,,4,1' >"$out/csv/tabular.csv"
printf '%s\n' 'id,arrival_s,work_s,requested_s,preemptible,can_preempt,memory_bytes' '1,0,10,60,1,0,2048' \
  '2,5,10,,0,1,0' >"$out/csv/preemption.csv"
printf '%s\r\n' 'id,arrival_s,work_s,type' '1,0,1,0' '2,0,1,1' '3,1e3,0.5,2' >"$out/csv/crlf.csv"
gzip -n -c "$out/csv/work.csv" >"$out/csv/work.csv.gz"

du -sh --apparent-size "$out"
