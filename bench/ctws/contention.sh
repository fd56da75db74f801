#!/usr/bin/env bash
# The CTWS paper's contention workload at 8 and 16 ranks: static, ctws, leader and random
# interleaved in one ladro-bench job per row block (docs/results.md, "CTWS and leader"),
# then C1 speeds at 8 ranks.
#   bench/ctws/contention.sh [BUILD [OUT]]   (defaults build, BUILD/results/ctws): OUT/*.txt
set -euo pipefail
build=${1:-build}
out=${2:-$build/results/ctws}
[ -x "$build/bin/ladro-bench" ] || { echo "contention.sh: $build/bin/ladro-bench not found (build first)" >&2; exit 2; }
mkdir -p "$out"
pols=static,ctws,leader,random
run() { # name np ladro-bench arguments...
  local name=$1 np=$2; shift 2
  echo "+ scripts/mpirun.sh -np $np ladro-bench $*"
  scripts/mpirun.sh -np "$np" "$build/bin/ladro-bench" --policy "$pols" --quiet "$@" |
    tee "$out/$name.txt"
}
run np8-t10-w10 8 --scenario ctws-contention --tasks-per-rank 10 --repeat 7
run np8-t20-w10 8 --scenario ctws-contention --repeat 5
run np8-t10-w100 8 --scenario ctws-contention --tasks-per-rank 10 --work-ms 100 --repeat 5
run np16-t10-w10 16 --scenario ctws-contention --tasks-per-rank 10 --repeat 5
run np16-t10-w100 16 --scenario ctws-contention --tasks-per-rank 10 --work-ms 100 --repeat 5
run c1-np8 8 --scenario custom --speed C1 --tasks-per-rank 20 --repeat 5
