#!/usr/bin/env bash
# make results: ladro-bench's built-in scenarios at 8 ranks (a2ws-table, ctws-contention):
# the printed tables, raw CSV and plots (bench/scenarios/plot-bench.py) into OUT.
# Usage: results.sh BUILD OUT
set -euo pipefail
build=$1 out=$2
mkdir -p "$out"
run() { # name, then ladro-bench arguments
  local name=$1; shift
  local cmd=(scripts/mpirun.sh -np 8 "$build/bin/ladro-bench" "$@"
             --csv "$out/$name.csv" --ranks-csv "$out/$name-ranks.csv")
  echo "+ ${cmd[*]}"
  "${cmd[@]}" | tee "$out/$name.txt"
  python3 bench/scenarios/plot-bench.py "$out/$name.csv" "$out/$name-ranks.csv" "$out" \
    --prefix "$name"
}
run a2ws-table --scenario a2ws-table --tasks-per-rank 60 --repeat 3 --quiet
run ctws-contention --scenario ctws-contention --repeat 3 --quiet
