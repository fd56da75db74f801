# Two commands do all the set-up on a fresh Debian 12 machine:
#   make demo    installs what is missing, builds, runs the heterogeneous 8-rank demo
#   make check   installs what is missing, builds, runs the whole test suite
#   make results regenerates every figure of docs/results.md (minutes)
BUILD ?= build
JOBS  ?= 2
CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=RelWithDebInfo

.PHONY: all deps build check demo results clean
all: build

deps:
	@bash scripts/install-deps.sh

build: deps
	cmake -S . -B $(BUILD) $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j$(JOBS)

check: build
	cd $(BUILD) && ctest --output-on-failure -j$(JOBS)

demo: build
	@bash scripts/demo.sh $(BUILD)

results: build
	@bash scripts/results.sh $(BUILD)

clean:
	rm -rf $(BUILD)
