#!/usr/bin/env bash
# make results: the simulator campaigns (raw CSV into OUT) and the figures of
# docs/results.md, "Latency model (WS-latency paper)" (docs/figures/sim/). Usage: results.sh BUILD OUT
set -euo pipefail
build=$1 out=$2
echo "+ bench/sim-latency/campaign.sh $build $out && bench/sim-latency/figures.sh $out"
sh bench/sim-latency/campaign.sh "$build" "$out"
sh bench/sim-latency/figures.sh "$out"
