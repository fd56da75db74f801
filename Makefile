# Two commands do all the set-up on a fresh Debian 12 machine:
#   make demo    installs what is missing, builds, runs the heterogeneous 8-rank demo
#   make check   installs what is missing, builds, runs the test suite but the tests
#                labelled slow (under 5 minutes on 2 cores: every policy's exactly-once
#                and termination, bad input, the applications' exact counts, threads, the
#                simulated engine, the model checks)
# (as root; anyone else is told what is missing, and goes on when cmake, a C compiler and
# an MPI are there: tests needing a missing optional tool are skipped and counted)
#   make check-all  the same with every test, the slow ones too (larger rank counts and
#                trees, the osc pt2pt twins of the > 4-rank and application tests, the
#                simulated engine at 1 024 ranks): what the CI runs
#   make bench-check  the expectations about speed (one policy against another, detection
#                and efficiency on simulated ranks: bench/expect/): prints the numbers
#                and whether each expectation held; reports, never fails
#   make build   builds only: needs cmake, a C compiler and an MPI, nothing else
#   make results regenerates every figure docs/ shows (raw data under build/results/)
BUILD ?= build
JOBS  ?= 2
CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=RelWithDebInfo

# Hardening targets (the CI, .ci/run, runs check-all, check-asan, check-mpich, check-tsan):
#   make check-asan  ASan+UBSan build in build-asan, runs the MPI tests named by SAN_TESTS
#   make check-mpich build in build-mpich against MPICH (<= 8 ranks), runs MPICH_TESTS
#   make check-tsan  ThreadSanitizer build in build-tsan, runs the threaded tests (TSAN_TESTS:
#                    label "threads" but the model check, the osc pt2pt twins and the
#                    compute-bound applications uts, nqueens and seismic)
#   make fuzz        libFuzzer harnesses (clang) in build-fuzz, FUZZ_RUNS executions each
# Not in the CI: make check-smpi builds ladro-synth with SimGrid's smpicc in build-smpi and
# runs every policy at 16 and 64 simulated ranks with --verify (bench/smpi/README.md;
# about 2 minutes).
SAN_BUILD   ?= build-asan
TSAN_BUILD  ?= build-tsan
MPICH_BUILD ?= build-mpich
FUZZ_BUILD  ?= build-fuzz
SMPI_BUILD  ?= build-smpi
# Subsets by label (policy-generic: a new policy's stress tests join automatically; see
# cmake/LadroMPI.cmake). Both keep the MPI tests (runtime, every policy's stress, tools,
# bad input) at <= 4 ranks plus the fuzz-corpus replays, and leave out the osc pt2pt twins
# (ASan) and the applications' tests, which run every policy in turn and are
# compute-bound (uts, nqueens, seismic: 3-20x slower sanitized or busy-polling under
# MPICH). Budget and timings: docs/results.md, "Hardening".
# Under ASan every launch costs 4-8 s of sanitized start-up, so the sanitized run keeps
# one layout per kind of test: the stress launches (every policy in turn) at 4 ranks with
# one task source (init one) and with worker threads (4 x 2, gauss70-10), the idle
# strategies at 4 ranks, the trace formats at 4 ranks (SAN_EXCLUDE; the plain and MPICH
# runs keep them all), and make check's half of the killed and resumed runs (label slow:
# each policy in one of its two modes).
SAN_TESTS   ?= -L "mpi|fuzz|unit" -LE "pt2pt|np_gt4|uts|nqueens|seismic|slow" -E "$(SAN_EXCLUDE)"
SAN_EXCLUDE ?= ^stress_all_np2_|^stress_all_np4_(even|gauss70-10)$$|^stress_all_np3_t4_even$$|^idle_.*_np2$$|^trace_formats_np(2|8)$$|^sim_cli$$
MPICH_TESTS ?= -L "mpi|fuzz|unit" -LE "np_gt4|uts|nqueens|seismic"
# (the simulated engine's threads are actors of one system thread: nothing for TSan)
TSAN_TESTS  ?= -L threads -LE "model|pt2pt|uts|nqueens|seismic|s4u"
# ... and the programs they run, built alone (the whole tree under TSan takes minutes): a
# new test in TSAN_TESTS adds its program here
TSAN_TARGETS ?= test_deque test_threads test_errors test_a2ws_search ladro-synth ladro-gantt journal_run
FUZZ_RUNS   ?= 1000000
SAN_ENV = ASAN_OPTIONS=fast_unwind_on_malloc=0:detect_leaks=1 \
          LSAN_OPTIONS=suppressions=$(CURDIR)/tests/sanitize/lsan.supp:print_suppressions=0 \
          UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

.PHONY: all deps build check check-all bench-check demo results clean check-asan check-tsan check-mpich check-smpi fuzz fuzz-smoke
all: build

deps:
	@bash scripts/install-deps.sh

build:
	cmake -S . -B $(BUILD) $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j$(JOBS)

check: deps
	@$(MAKE) --no-print-directory build
	cd $(BUILD) && ctest --output-on-failure -j$(JOBS) -LE slow

check-all: deps
	@$(MAKE) --no-print-directory build
	cd $(BUILD) && ctest --output-on-failure -j$(JOBS)

bench-check: build
	@bash bench/expect/run.sh $(BUILD)

check-asan: deps
	cmake -S . -B $(SAN_BUILD) $(CMAKE_FLAGS) -DLADRO_ASAN=ON -DLADRO_UBSAN=ON
	cmake --build $(SAN_BUILD) -j$(JOBS)
	cd $(SAN_BUILD) && $(SAN_ENV) ctest --output-on-failure -j$(JOBS) $(SAN_TESTS)

check-tsan: deps
	cmake -S . -B $(TSAN_BUILD) $(CMAKE_FLAGS) -DLADRO_TSAN=ON
	cmake --build $(TSAN_BUILD) -j$(JOBS) --target $(TSAN_TARGETS)
	cd $(TSAN_BUILD) && ctest --output-on-failure -j$(JOBS) $(TSAN_TESTS)

check-mpich:
	@bash scripts/install-deps.sh mpich
	cmake -S . -B $(MPICH_BUILD) $(CMAKE_FLAGS) -DMPI_C_COMPILER=/usr/bin/mpicc.mpich \
	      -DMPIEXEC_EXECUTABLE=/usr/bin/mpiexec.mpich
	cmake --build $(MPICH_BUILD) -j$(JOBS)
	cd $(MPICH_BUILD) && ctest --output-on-failure -j$(JOBS) $(MPICH_TESTS)

check-smpi:
	@bash scripts/install-deps.sh smpi
	bash bench/smpi/check.sh $(SMPI_BUILD)

fuzz:
	@bash scripts/install-deps.sh fuzz
	cmake -S . -B $(FUZZ_BUILD) -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	      -DLADRO_FUZZ=ON -DLADRO_SEIS_NATIVE=OFF
	cmake --build $(FUZZ_BUILD) -j$(JOBS) --target fuzz_all
	bash tests/fuzz/run.sh $(FUZZ_BUILD) $(FUZZ_RUNS)

# seconds: every libFuzzer harness over its kept corpus only (every build also replays
# the corpus without libFuzzer: ctest -L fuzz)
fuzz-smoke:
	$(MAKE) fuzz FUZZ_RUNS=0

demo: deps
	@$(MAKE) --no-print-directory build
	@bash scripts/demo.sh $(BUILD)

results: build
	@bash scripts/results.sh $(BUILD)

clean:
	rm -rf $(BUILD) $(SAN_BUILD) $(TSAN_BUILD) $(MPICH_BUILD) $(FUZZ_BUILD) $(SMPI_BUILD)
