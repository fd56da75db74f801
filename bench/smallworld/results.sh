#!/usr/bin/env bash
# make results: docs/figures/smallworld/weak.svg. Left panel: real ranks, redrawn from the
# kept medians (docs/figures/smallworld/weak.csv); re-measuring them takes hours of 2-32
# rank runs:
#   bench/smallworld/weak.sh BUILD OUT "2 4 8 16 32" "10s-4M 10s-32M 5s-8M 1s-1M 1s-16M" 5
# Right panel: smallworld with paper=1 and by default on 16-3 584 simulated ranks
# (bench/smallworld/paper_sim.sh, runs kept in OUT/paper-sim, about 5 minutes of CPU when
# none is there), against the paper's Fig. 3 claim. Usage: results.sh BUILD OUT
set -euo pipefail
build=$1 out=$2
echo "+ bench/smallworld/paper_sim.sh $build $out/paper-sim && python3 bench/smallworld/plot.py docs/figures/smallworld/weak.csv $out/paper-sim/paper_sim.csv docs/figures/smallworld/weak.svg"
nice bash bench/smallworld/paper_sim.sh "$build" "$out/paper-sim" > "$out/paper-sim.log"
cp "$out/paper-sim/paper_sim.csv" docs/figures/smallworld/paper_sim.csv
python3 bench/smallworld/plot.py docs/figures/smallworld/weak.csv \
  docs/figures/smallworld/paper_sim.csv docs/figures/smallworld/weak.svg
