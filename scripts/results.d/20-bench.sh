#!/usr/bin/env bash
# ladro-bench scenarios at 8 ranks: tables (docs/data/bench/*.txt), raw CSV and plots.
set -euo pipefail
build=$1
run() { # name, then ladro-bench arguments
  local name=$1; shift
  local cmd=(scripts/mpirun.sh -np 8 "$build/bin/ladro-bench" "$@"
             --csv "docs/data/bench/$name.csv" --ranks-csv "docs/data/bench/$name-ranks.csv")
  echo "+ ${cmd[*]}"
  "${cmd[@]}" | tee "docs/data/bench/$name.txt"
  python3 scripts/plot-bench.py "docs/data/bench/$name.csv" "docs/data/bench/$name-ranks.csv" \
    docs/figures/bench --prefix "$name"
}
mkdir -p docs/data/bench docs/figures/bench
run a2ws-table --scenario a2ws-table --tasks-per-rank 60 --repeat 3 --quiet
run ctws-contention --scenario ctws-contention --repeat 3 --quiet
