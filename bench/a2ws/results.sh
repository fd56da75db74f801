#!/usr/bin/env bash
# make results: the A2WS paper's Tables 3-4 and Fig. 4 on simulated ranks, with ladro's
# defaults and with the papers' configurations (PAPER=1), the figure of both against the
# paper's (docs/figures/a2ws/gains.svg, its values in gains.csv), and Tables 3-4 for C1 and
# C2 on real ranks (tables, no figure; bench/a2ws/README.md "A2WS Tables 3 and 4 on real
# ranks" and "... on simulated ranks"). Usage: results.sh BUILD OUT
set -euo pipefail
build=$1 out=$2
echo "+ bench/a2ws/tables_real.sh $build $out/tables-real && bench/a2ws/tables.sh $build $out/tables && PAPER=1 bench/a2ws/tables.sh $build $out/tables-paper && bench/a2ws/radius_sim.sh $build $out/radius-sim"
bash bench/a2ws/tables_real.sh "$build" "$out/tables-real" | tee "$out/tables-real.md"
bash bench/a2ws/tables.sh "$build" "$out/tables" | tee "$out/tables.md"
PAPER=1 bash bench/a2ws/tables.sh "$build" "$out/tables-paper" | tee "$out/tables-paper.md"
python3 bench/a2ws/gains_plot.py "$out/tables" "$out/tables-paper" docs/figures/a2ws/gains.csv \
  docs/figures/a2ws/gains.svg
bash bench/a2ws/radius_sim.sh "$build" "$out/radius-sim" | tee "$out/radius-sim.md"
