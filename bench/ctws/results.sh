#!/usr/bin/env bash
# make results: the CTWS paper's contention workload on 16 simulated ranks (static, ctws with
# paper=1 and by default, leader, random; bench/ctws/README.md "On simulated ranks") and its
# idle-time figure (docs/figures/ctws/idle.svg, its values in idle.csv). The real-rank
# tables are bench/ctws/contention.sh's (time them on a quiet machine). Usage: results.sh BUILD OUT
set -euo pipefail
build=$1 out=$2
echo "+ bench/ctws/contention_sim.sh $build $out/sim && bench/ctws/idle_plot.py $out/sim"
bash bench/ctws/contention_sim.sh "$build" "$out/sim" | tee "$out/sim.md"
python3 bench/ctws/idle_plot.py "$out/sim" docs/figures/ctws/idle.csv docs/figures/ctws/idle.svg
