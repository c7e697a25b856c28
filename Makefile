# The two commands a new user needs (see README.md). Everything else is plain CMake.
BUILD ?= build
JOBS  ?= $(shell nproc)

.PHONY: run test build deps bench sanitize fuzz figures clean

deps:
	@scripts/install-deps.sh

build: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build $(BUILD) -j $(JOBS) --target rmsim

run: build
	@$(BUILD)/rmsim run configs/quickstart.yaml --force --out results/quickstart

test: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)
	@cd $(BUILD) && ctest -j $(JOBS) --output-on-failure --timeout 600

# The test suite under AddressSanitizer and UndefinedBehaviorSanitizer (its own build folder). Any report fails
# the run. The goldens run at their small scale as in `make test`, but of the Machovec Ch.3 and Singh configs,
# which sweep or calibrate the same policies, only one (the sanitizers make them about 5x slower; the others
# exercise the same code: Machovec's fig25, Singh's arrival-rate sweep), and the validation of every shipped
# config, the build of the benchmarks and the two projects built against the installed package (embedding,
# plug-ins: they are not built with the sanitizers) are left to `make test` (the first generates each
# variant's full workload; the parsers are fuzzed).
# One test is left out as well: "reports: an error of the hardware is thrown out of sc_start ..." throws an
# sc_report out of a SystemC process in the test binary, and ASan's no-return handler, which cannot follow
# SystemC's stack switches, then reports a stack-buffer-overflow inside its own sigaltstack interceptor (a
# false positive: ASan warns that false reports may follow, google/sanitizers issue 189). The same path runs
# sanitized through the rmsim binary (tests/sim/run/test_invariants.cpp, bad-start) and unsanitized in make test.
# Built without debug information (-g0): a report's stack trace names the functions, and the build takes about
# 40 % less time; SANITIZE_DEBUG=-g gives file:line in the traces.
SANITIZE_BUILD ?= build-sanitize
SANITIZE_DEBUG ?= -g0
sanitize: deps
	@cmake -S . -B $(SANITIZE_BUILD) -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=$(SANITIZE_DEBUG)" -DRMSIM_SANITIZE=ON >/dev/null
	@cmake --build $(SANITIZE_BUILD) -j $(JOBS)
	@cd $(SANITIZE_BUILD) && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  ctest -j $(JOBS) --output-on-failure --timeout 1200 -E "golden: machovec-fig2[6-9]|golden: machovec-fig3|golden: machovec-fig25-calibrated|golden: singh-(nodes|cores|arrival-rate-calibrated)|embedding|plugins_installed_package|every shipped config validates|benches_build|scale_out_slurm_mpi|paper_figures_all|reports: an error of the hardware is thrown out of sc_start"

# The libFuzzer targets of the input readers (tests/fuzz/, docs/reliability.md), built with clang in their own
# folder and run FUZZ_SECONDS each, one after another; FUZZ_TARGETS picks some (platform experiment swf csv).
# Fails on any finding; crash files stay in $(FUZZ_BUILD)/fuzz/<target>/artifacts.
FUZZ_BUILD   ?= build-fuzz
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=
fuzz: deps
	@tests/fuzz/run_fuzzers.sh $(FUZZ_BUILD) $(FUZZ_SECONDS) $(JOBS) $(FUZZ_TARGETS)

# Every paper config at its golden scale (tests/golden/), its figure drawn by `rmsim plot --paper`: the SVGs and
# an index page (figure, config, command, trials, wall time) in FIGURES (scripts/paper_figures.py).
FIGURES ?= docs/figures
figures: build
	@python3 scripts/paper_figures.py --rmsim $(BUILD)/rmsim --out $(FIGURES) --jobs $(JOBS)

bench: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build $(BUILD) -j $(JOBS) --target benches

clean:
	rm -rf $(BUILD)
