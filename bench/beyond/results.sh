#!/usr/bin/env bash
# make results: every policy against the best on 1 024 simulated ranks (a table, no figure;
# docs/results.md, "Termination" and "Beyond the papers' scale"). Usage: results.sh BUILD OUT
set -euo pipefail
build=$1 out=$2
# each policy as its paper describes it (paper=1: ctws's single token, a2ws's 20 % radius
# without the probe), a2ws with a quarter of the ring (radius 256 at 1 024 ranks, its
# default beyond them), and the steal guard for C5's speeds, rows of their own
guard="random:steal_guard=pace baseline:steal_guard=pace successonly:steal_guard=pace"
guard="$guard smallworld:steal_guard=pace ctws:steal_guard=pace a2ws:steal_guard=pace"
guard="$guard a2ws:radius=256,steal_guard=pace"
variants=${VARIANTS-ctws:paper=1 a2ws:paper=1 a2ws:radius=256 $guard}
echo "+ SEEDS=${SEEDS:-3} VARIANTS=\"$variants\" bench/beyond/beyond.sh $build $out"
SEEDS=${SEEDS:-3} VARIANTS=$variants bash bench/beyond/beyond.sh "$build" "$out" | tee "$out/beyond.md"
# gauss70-10 with the idle sleep capped by the rank's pace (bench/beyond/README.md, "Backing off,
# with the sleep capped by the rank's pace")
pace_variants="ctws:paper=1"
echo "+ KEYS=backoff_pace=0.25 WORKLOADS=gauss SEEDS=${SEEDS:-3} VARIANTS=\"$pace_variants\" bench/beyond/beyond.sh $build $out/pace"
mkdir -p "$out/pace"
KEYS=backoff_pace=0.25 WORKLOADS=gauss SEEDS=${SEEDS:-3} VARIANTS=$pace_variants \
  bash bench/beyond/beyond.sh "$build" "$out/pace" | tee "$out/beyond-pace.md"
