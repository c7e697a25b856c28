#!/usr/bin/env bash
# The plug-in test (docs/plugins.md): installs rmsim from the build tree into a temporary prefix, builds the
# plug-ins in this folder out of tree against the installed package (find_package(rmsim), rmsim_add_plugin),
# and runs them with the installed rmsim: a policy on three tasks whose schedule is computed by hand, a policy
# and a governor through two variants x two trials with --jobs 2 and --resume, a workload generator, and the
# refusals of a plug-in built against another rmsim, of a library that is no plug-in and of bad parameters.
# Leaves nothing behind.
#   tests/plugins/run.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
source "$(dirname "$0")/../support/installed_package.sh"
install_and_build plugins "$1" "$2"
fail() { echo "plugins: $*" >&2; exit 1; }
rmsim=$prefix/bin/rmsim
cd "$project"

# Listed like a built-in, once loaded from the command line.
policies=$("$rmsim" list-policies --plugin build/liblargest_first.so)
grep -q '^largest-first  \[plug-in example\]' <<<"$policies" || fail "list-policies --plugin does not list largest-first"
# Named in a config: validated as the built-ins are (both variants, the governor's parameters).
step "$rmsim" validate sweep.yaml

# Largest first on two one-core nodes (order.csv, all at t = 0): task 1 (2 cores, 20 s) first on both cores
# [0, 20); then tasks 0 (10 s) and 2 (5 s), equal in size, in arrival order: 0 on node 0 [20, 30), 2 on node 1
# [20, 25). Energy: busy 4 W, idle 1 W per core, 10 W per node over 30 s: nodes 2 x 10 x 30 = 600 J, cores idle
# 2 x 1 x 30 = 60 J, busy above idle (4 - 1) x (2 x 20 + 10 + 5) = 165 J: 825 J.
step "$rmsim" run order.yaml --quiet --out "$tmp/order"
rows=$(cut -d, -f1,3,4,7 "$tmp/order/tasks.csv" | tail -n +2 | sort | tr '\n' ' ')
[ "$rows" = "0,20,30,0 1,0,20,0 2,20,25,1 " ] || fail "largest-first schedule: got '$rows'"
total=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['energy']['total_j'])" "$tmp/order/summary.json")
[ "$total" = "825" ] || [ "$total" = "825.0" ] || fail "largest-first energy: got $total J, want 825 J"

# Two variants x two trials, forked with --jobs 2: the plug-ins are loaded in the parent and inherited.
step "$rmsim" run sweep.yaml --jobs 2 --quiet --out "$tmp/sweep"
for v in largest-first largest-first-race-to-idle; do
  for t in 0 1; do
    [ -f "$tmp/sweep/$v/trial-$t/summary.json" ] || fail "no $v/trial-$t/summary.json"
  done
  grep -q "^$v,largest-first,tasks.completed,60,0,2$" "$tmp/sweep/comparison.csv" || fail "$v did not complete 60 tasks"
done
# The governor ran: its domains start at the slowest level and race to the fastest, so the static energy differs.
a=$(grep '^largest-first,largest-first,energy.core_static_j,' "$tmp/sweep/comparison.csv" | cut -d, -f4)
b=$(grep '^largest-first-race-to-idle,largest-first,energy.core_static_j,' "$tmp/sweep/comparison.csv" | cut -d, -f4)
[ "$a" != "$b" ] || fail "race-to-idle changed nothing ($a J)"
# Same seed, same bytes; --resume keeps everything.
step "$rmsim" run sweep.yaml --jobs 1 --quiet --out "$tmp/again"
diff -r -x timing.json -x provenance.json "$tmp/sweep" "$tmp/again" >/dev/null || fail "a second run differs"
resumed=$("$rmsim" run sweep.yaml --resume --out "$tmp/sweep" 2>&1)
grep -q '4 kept from before' <<<"$resumed" || fail "--resume did not keep the trials: $resumed"

# A workload plug-in: 3 waves of 5 serial tasks at 0, 300 and 600 s, work drawn with each trial's seed.
workloads=$("$rmsim" list-workloads --plugin build/libwaves.so)
grep -q '^waves$' <<<"$workloads" || fail "list-workloads --plugin does not list waves"
step "$rmsim" run waves.yaml --quiet --out "$tmp/waves"
for t in 0 1; do
  arrivals=$(cut -d, -f2 "$tmp/waves/trial-$t/tasks.csv" | tail -n +2 | sort -n | uniq -c | tr -s ' ' | tr '\n' ' ')
  [ "$arrivals" = " 5 0  5 300  5 600 " ] || fail "waves trial $t: arrivals (count, time) '$arrivals'"
done
! cmp -s "$tmp/waves/trial-0/tasks.csv" "$tmp/waves/trial-1/tasks.csv" || fail "the two trials drew the same work"

# Refused with exit 2 and a message: built against another rmsim; a library that is no plug-in; no file.
expect_refusal() {
  local want=$1; shift
  set +e; out=$("$rmsim" "$@" 2>&1); code=$?; set -e
  [ $code -eq 2 ] || fail "$*: exit $code, want 2 ($out)"
  grep -q -- "$want" <<<"$out" || fail "$*: '$out' does not say '$want'"
}
expect_refusal "was built against rmsim 0.0.1" validate order.yaml --plugin build/libstale_build.so
zlib=$(ls /usr/lib/*/libz.so.1 2>/dev/null | head -1)
[ -z "$zlib" ] || expect_refusal "is not an rmsim plug-in" validate order.yaml --plugin "$zlib"
expect_refusal "order-missing.yaml:1:" validate order-missing.yaml
# A plug-in's parameters are checked against their schema as a built-in's: an unknown key, a value out of its
# bounds or its domain (a period), at its location, by validate and run alike.
expect_refusal "parameter 'period_s' of waves workload: must be in (0, 1e+06], got '0'" \
  validate waves.yaml --set workload.waves.period_s=0
expect_refusal "parameter 'waves' of waves workload: must be a whole number from 1 to 100000, got '0'" \
  run waves.yaml --out "$tmp/refused" --set workload.waves.waves=0
[ ! -e "$tmp/refused" ] || fail "a refused run wrote $tmp/refused"
expect_refusal "unknown key 'bogus' in waves workload" validate waves.yaml --set workload.waves.bogus=1
expect_refusal "parameter 'sampling_rate_s' of governor 'race-to-idle': 1e-09 s is shorter than 0.0001 s" \
  validate waves.yaml --plugin build/librace_to_idle.so --set dvfs.governor=race-to-idle \
  --set dvfs.params.sampling_rate_s=1e-9
echo "plugins: ok"
