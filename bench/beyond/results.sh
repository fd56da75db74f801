#!/usr/bin/env bash
# make results: every policy against the best on 1 024 simulated ranks (a table, no figure;
# docs/results.md, "Termination" and "Beyond the papers' scale"). Usage: results.sh BUILD OUT
set -euo pipefail
build=$1 out=$2
# a2ws with a quarter of the ring (its default before the whole ring), ctws at scale: its
# tokens alone and with probes, and the steal guard for C5's speeds (ctws with rings of 4
# and of 16 ranks; a2ws with the whole ring and with a quarter of it), rows of their own
guard="random:steal_guard=pace baseline:steal_guard=pace successonly:steal_guard=pace"
guard="$guard smallworld:steal_guard=pace ctws:ctws_tokens=auto,ctws_probe=16,steal_guard=pace"
guard="$guard ctws:ctws_tokens=64,ctws_probe=16,steal_guard=pace a2ws:steal_guard=pace"
guard="$guard a2ws:whole_max=0,steal_guard=pace"
variants=${VARIANTS-a2ws:whole_max=0 ctws:ctws_tokens=auto ctws:ctws_tokens=auto,ctws_probe=16 $guard}
echo "+ SEEDS=${SEEDS:-3} VARIANTS=\"$variants\" bench/beyond/beyond.sh $build $out"
SEEDS=${SEEDS:-3} VARIANTS=$variants bash bench/beyond/beyond.sh "$build" "$out" | tee "$out/beyond.md"
# gauss70-10 with the idle sleep capped by the rank's pace (bench/beyond/README.md, "Backing off,
# with the sleep capped by the rank's pace")
pace_variants="ctws:ctws_tokens=auto,ctws_probe=16 smallworld:sw_ring=spread"
echo "+ KEYS=backoff_pace=0.25 WORKLOADS=gauss SEEDS=${SEEDS:-3} VARIANTS=\"$pace_variants\" bench/beyond/beyond.sh $build $out/pace"
mkdir -p "$out/pace"
KEYS=backoff_pace=0.25 WORKLOADS=gauss SEEDS=${SEEDS:-3} VARIANTS=$pace_variants \
  bash bench/beyond/beyond.sh "$build" "$out/pace" | tee "$out/beyond-pace.md"
