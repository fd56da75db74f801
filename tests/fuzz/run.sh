#!/usr/bin/env bash
# Run every libFuzzer harness of a LADRO_FUZZ build (make fuzz):
#   tests/fuzz/run.sh BUILD_DIR RUNS [harness...]
# RUNS executions each (0 = only replay the kept corpus: the smoke run). New inputs go
# to BUILD_DIR/fuzz-corpus/<h> (the kept corpus tests/fuzz/corpus/<h> is only read);
# a crash leaves its input in BUILD_DIR/fuzz-artifacts/<h>/ and fails the run.
# Prints one line per harness: executions, exec/s, corpus size, result.
set -u
build=$1 runs=$2
shift 2
src=$(cd "$(dirname "$0")" && pwd)
harnesses=("$@")
[ ${#harnesses[@]} -eq 0 ] && harnesses=(config synth_cli bench_cli uts_cli nqueens_cli
                                         seismic_cli velmodel journal su gantt)
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}
export TMPDIR=$(mktemp -d -p "$( [ -d /dev/shm ] && echo /dev/shm || echo /tmp)")
trap 'rm -rf "$TMPDIR"' EXIT
fail=0
printf "%-12s %12s %8s %7s  %s\n" harness executions exec/s corpus result
for h in "${harnesses[@]}"; do
  exe=$build/bin/fuzz_$h
  [ -x "$exe" ] || { echo "run.sh: $exe missing (build with make fuzz)" >&2; exit 2; }
  work=$build/fuzz-corpus/$h art=$build/fuzz-artifacts/$h
  mkdir -p "$work" "$art"
  log=$build/fuzz-$h.log
  "$exe" -runs="$runs" -close_fd_mask=3 -print_final_stats=1 -max_len=4096 -timeout=10 \
         -rss_limit_mb=2048 -artifact_prefix="$art/" "$work" "$src/corpus/$h" \
         $( [ -d "$src/regress/$h" ] && echo "$src/regress/$h" ) >"$log" 2>&1
  rc=$?
  n=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  s=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  c=$(ls "$work" | wc -l)
  if [ $rc -eq 0 ]; then r=ok; else r="FAILED (rc $rc, see $log)"; fail=1; fi
  printf "%-12s %12s %8s %7s  %s\n" "$h" "${n:-?}" "${s:-?}" "$c" "$r"
done
exit $fail
