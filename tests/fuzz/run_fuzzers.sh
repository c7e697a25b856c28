#!/usr/bin/env bash
# make fuzz: builds the libFuzzer targets of tests/fuzz with clang in their own folder, then runs each for
# SECONDS, one after another (never two fuzzers at once). Fails if any target finds something: a crash, a
# sanitizer report, an uncaught exception other than InputError, a hang (-timeout) or an allocation beyond the
# limits. Everything it writes stays in BUILD/fuzz/<target>/: the corpus it grew, crash files, the log.
#   usage: run_fuzzers.sh BUILD SECONDS JOBS [TARGET...]   (targets: platform experiment swf csv)
set -uo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
build=$(mkdir -p "$1" && cd "$1" && pwd)
seconds=$2
jobs=$3
shift 3
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(platform experiment swf csv)

# libFuzzer is part of clang: no clang, no fuzzing (the corpora are still replayed by `make test`).
cxx=""
for c in clang++ clang++-19 clang++-18 clang++-17 clang++-16 clang++-15 clang++-14; do
  if command -v "$c" >/dev/null; then cxx=$c; break; fi
done
if [ -z "$cxx" ]; then
  echo "make fuzz: clang++ is not installed, and libFuzzer comes with clang." >&2
  echo "  Debian: sudo apt-get install clang libclang-rt-dev (or clang-14 libclang-rt-14-dev)." >&2
  echo "  The seed corpora and regression inputs are still replayed by 'make test' (ctest -R fuzz_replay)." >&2
  exit 2
fi
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
echo 'extern "C" int LLVMFuzzerTestOneInput(const char*, unsigned long) { return 0; }' >"$probe/p.cpp"
if ! "$cxx" -fsanitize=fuzzer,address,undefined "$probe/p.cpp" -o "$probe/p" 2>"$probe/err"; then
  echo "make fuzz: $cxx cannot link a libFuzzer target (is the clang runtime installed? Debian:" \
       "libclang-rt-dev or libclang-rt-14-dev):" >&2
  cat "$probe/err" >&2
  exit 2
fi

echo "make fuzz: building the fuzz targets with $cxx in $build (AddressSanitizer, UBSan, libFuzzer)"
cmake -S "$src" -B "$build" -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DRMSIM_FUZZ=ON >/dev/null \
  || exit 1
cmake --build "$build" -j "$jobs" --target fuzzers || exit 1

# A hang is a finding: no input of these readers needs seconds. The limits make a huge allocation a finding.
options=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048 -print_final_stats=1)
failed=()
printf '\n%-11s %8s %12s %8s %8s  %s\n' target seconds executions exec/s corpus result
for t in "${targets[@]}"; do
  work="$build/fuzz/$t"
  mkdir -p "$work/corpus" "$work/artifacts"
  dict=()
  [ -f "$src/tests/fuzz/dict/$t.dict" ] && dict=(-dict="$src/tests/fuzz/dict/$t.dict")
  # The first folder receives the inputs found; the seeds and regressions in the source tree are only read.
  seeds=("$src/tests/fuzz/corpus/$t")
  [ -d "$src/tests/fuzz/regressions/$t" ] && seeds+=("$src/tests/fuzz/regressions/$t")
  (cd "$work" && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
     "$build/tests/fuzz/fuzz_$t" "${options[@]}" "${dict[@]}" -artifact_prefix="$work/artifacts/" \
     "$work/corpus" "${seeds[@]}") >"$work/fuzz.log" 2>&1
  rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/fuzz.log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$work/fuzz.log" | tail -1)
  corpus=$(grep -oE 'corp: [0-9]+/[0-9]+[a-zA-Z]*' "$work/fuzz.log" | tail -1 | sed 's/corp: //')
  result=ok
  if [ $rc -ne 0 ]; then
    result="FINDING (exit $rc): $(ls -t "$work/artifacts" 2>/dev/null | head -1)"
    failed+=("$t")
  fi
  printf '%-11s %8s %12s %8s %8s  %s\n' "$t" "$seconds" "${execs:-?}" "${rate:-?}" "${corpus:-?}" "$result"
  if [ $rc -ne 0 ]; then
    echo "---- $work/fuzz.log (end) ----"
    grep -v -E '^#[0-9]+' "$work/fuzz.log" | tail -40
    echo "----"
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "make fuzz: findings in: ${failed[*]} (inputs in $build/fuzz/<target>/artifacts/; replay one with" \
       "$build/tests/fuzz/fuzz_<target> FILE)" >&2
  exit 1
fi
echo "make fuzz: no findings"
