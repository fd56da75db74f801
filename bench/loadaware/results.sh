#!/usr/bin/env bash
# make results: SuccessOnlyWS against BaselineWS, both with paper=1 (the communication
# worker), on UTS and N-Queens at 64-1 024 simulated ranks, seeds 1-3
# (bench/loadaware/paper_sim.sh, its table in OUT/paper-sim.md), and the figure of its
# claims against ranks (docs/figures/successonly/phases.svg, its values in phases.csv).
# A run whose JSON is in OUT/paper-sim is kept; the 1 024-rank UTS runs take about
# 6 minutes of CPU each. Usage: results.sh BUILD OUT
set -euo pipefail
build=$1 out=$2
echo "+ NPS=\"64 128 256 512 1024\" SEEDS=\"1 2 3\" THREADS=2 OUT=$out/paper-sim bench/loadaware/paper_sim.sh && bench/loadaware/phases_plot.py $out/paper-sim"
BIN=$build/bin NPS="64 128 256 512 1024" SEEDS="1 2 3" THREADS=2 OUT=$out/paper-sim \
  nice sh bench/loadaware/paper_sim.sh | tee "$out/paper-sim.md"
mkdir -p docs/figures/successonly
python3 bench/loadaware/phases_plot.py "$out/paper-sim" docs/figures/successonly/phases.csv \
  docs/figures/successonly/phases.svg
