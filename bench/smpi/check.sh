#!/usr/bin/env bash
# make check-smpi: build ladro-synth with smpicc and run every policy under SimGrid's SMPI
# at 16 and 64 simulated ranks, all tasks starting on rank 0 (and one gauss70-10 row per
# policy at 64 ranks), each run with --verify under a wall-clock time-out. Fails, naming
# the runs, when any run loses or duplicates a task, errs, or hangs.
# Usage: bench/smpi/check.sh [BUILD_DIR]     (default build-smpi)
# Env: SMPI_CHECK_RANKS ("16 64"), SMPI_CHECK_TIMEOUT (seconds per run, default 300),
#      SMPI_CHECK_POLICIES (default: every policy of the build).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-build-smpi}
"$root/bench/smpi/build.sh" "$build" >/dev/null || { echo "check-smpi: build failed" >&2; exit 1; }
case "$build" in /*) ;; *) build=$root/$build ;; esac
ranks=${SMPI_CHECK_RANKS:-16 64}
tmo=${SMPI_CHECK_TIMEOUT:-300}
policies=${SMPI_CHECK_POLICIES:-$(sed -n 's/^LADROI_POLICY(\(.*\))$/\1/p' "$build/gen/ladro_policy_list.h")}
run() { "$root/bench/smpi/run.sh" -b "$build" -t "$tmo" "$@"; }

# SMPI's own MPI_Compare_and_swap, without ladro (informational: src/engine_mpi.c works around it).
line=$(run -np 8 -p atomics cas 50 2>/dev/null | grep '^atomics' || true)
case "$line" in
  *": ok") echo "check-smpi: SMPI's MPI_Compare_and_swap is atomic here (${line#atomics cas: })" ;;
  *) echo "check-smpi: SMPI's MPI_Compare_and_swap is not atomic (${line#atomics cas: });" \
          "src/engine_mpi.c's SMPI path works around it" ;;
esac

fail=()
n=0
for np in $ranks; do
  for pol in $policies; do
    inits="one"
    [ "$np" = "${ranks##* }" ] && inits="one gauss70-10"
    for init in $inits; do
      n=$((n + 1))
      t0=$(date +%s.%N)
      out=$(run -np "$np" --policy "$pol" --init "$init" --tasks-per-rank 8 --work-ms 2 \
            --work-dist uniform:0.5,1.5 --seed "$np" --verify --json 2>&1)
      rc=$?
      t1=$(date +%s.%N)
      json=$(grep '^{"policy"' <<<"$out" | head -1)
      eff=$(sed -n 's/.*"efficiency": \([0-9.]*\).*/\1/p' <<<"$json")
      verdict=ok
      if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
        verdict="HUNG (killed after ${tmo}s)"
      elif [ $rc -ne 0 ] || ! grep -q '"verified": true' <<<"$json"; then
        verdict="FAILED (exit $rc)"
      fi
      printf 'check-smpi: %-11s %4d ranks  init %-10s efficiency %-6s %5.1f s  %s\n' \
        "$pol" "$np" "$init" "${eff:--}" "$(echo "$t1 - $t0" | bc)" "$verdict"
      if [ "$verdict" != ok ]; then
        fail+=("$pol/$np/$init")
        grep -v 'did not return 0' <<<"$out" | tail -8 | sed 's/^/    /'
      fi
    done
  done
done
if [ ${#fail[@]} -gt 0 ]; then
  echo "check-smpi: ${#fail[@]} of $n runs FAILED: ${fail[*]}" >&2
  exit 1
fi
echo "check-smpi: all $n runs executed every task exactly once and terminated"
