#!/usr/bin/env bash
# A2WS's radius R side by side with random (bench/a2ws/README.md, "The default radius"): ladro-bench runs
# random and a2ws at R = 1..4 interleaved in one job, on C1 and on C1 with the slow
# ranks interleaved, at 4, 8 and 16 ranks (60 tasks per rank) and at 8 ranks with 20.
#   bench/a2ws/radius.sh [BUILD [OUT]]   (defaults build, BUILD/results/a2ws): OUT/*.json
set -euo pipefail
build=${1:-build}
out=${2:-$build/results/a2ws}
[ -x "$build/bin/ladro-bench" ] || { echo "radius.sh: $build/bin/ladro-bench not found (build first)" >&2; exit 2; }
mkdir -p "$out"
pols=random,a2ws:radius=1,a2ws:radius=2,a2ws:radius=3,a2ws:radius=4
speeds="C1;24,1,16,2,24,1,8,4"
run() { echo "+ $*"; "$@"; }
for np in 4 8 16; do
  run scripts/mpirun.sh -np "$np" "$build/bin/ladro-bench" --policy "$pols" \
      --speed "$speeds" --tasks-per-rank 60 --repeat 3 --json "$out/fx_np$np.json"
done
run scripts/mpirun.sh -np 8 "$build/bin/ladro-bench" --policy "$pols" \
    --speed "$speeds" --tasks-per-rank 20 --repeat 5 --json "$out/fx20_np8.json"
