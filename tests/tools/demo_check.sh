#!/usr/bin/env bash
# make demo end to end: scripts/demo.sh BUILD must print one row per registered policy,
# each verified exactly once with an efficiency in (0, 1], and draw one Gantt chart each.
# Tasks of 2 ms instead of the demo's 10 (the same runs, a fifth of the time: the slowest
# rank of speed 1/24 holds static's makespan).
# usage: demo_check.sh BUILD_DIR NPOLICIES
set -euo pipefail
build=$1 npol=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
out=$(DEMO_WORK_MS=2 bash "$root/scripts/demo.sh" "$build")
rows=$(awk 'f && NF == 0 {exit} f {print} /^policy +makespan_s/ {f = 1}' <<<"$out")
n=$(grep -c . <<<"$rows" || true)
[ "$n" -eq "$npol" ] || { echo "demo: $n policy rows, expected $npol"; echo "$out"; exit 1; }
bad=$(awk '$NF != "true" || !($4 > 0 && $4 <= 1.0001)' <<<"$rows")
[ -z "$bad" ] || { echo "demo: rows not verified or efficiency out of (0, 1]:"; echo "$bad"; exit 1; }
for pol in $(awk '{print $1}' <<<"$rows"); do
  svg="$build/demo/gantt-$pol.svg"
  grep -q '</svg>' "$svg" || { echo "demo: no Gantt chart $svg"; exit 1; }
done
echo "demo: $n policies verified, $n Gantt charts"
