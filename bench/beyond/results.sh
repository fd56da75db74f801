#!/usr/bin/env bash
# make results: every policy against the best on 1 024 simulated ranks (a table, no figure;
# docs/results.md "Termination and beyond the papers' scale"). Usage: results.sh BUILD OUT
set -euo pipefail
build=$1 out=$2
# a2ws with a quarter of the ring (its default before the whole ring), and ctws at scale:
# its tokens alone and with probes, rows of their own
variants=${VARIANTS-a2ws:whole_max=0 ctws:ctws_tokens=auto ctws:ctws_tokens=auto,ctws_probe=16}
echo "+ SEEDS=${SEEDS:-3} VARIANTS=\"$variants\" bench/beyond/beyond.sh $build $out"
SEEDS=${SEEDS:-3} VARIANTS=$variants bash bench/beyond/beyond.sh "$build" "$out" | tee "$out/beyond.md"
