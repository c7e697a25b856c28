# The two commands a new user needs (see README.md). Everything else is plain CMake.
BUILD ?= build
JOBS  ?= $(shell nproc)

.PHONY: run test build deps bench clean

deps:
	@scripts/install-deps.sh

build: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build $(BUILD) -j $(JOBS) --target rmsim

run: build
	@$(BUILD)/rmsim run configs/quickstart.yaml --out results/quickstart

test: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)
	@cd $(BUILD) && ctest -j $(JOBS) --output-on-failure --timeout 600

bench: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build $(BUILD) -j $(JOBS) --target benches

clean:
	rm -rf $(BUILD)
