#!/usr/bin/env bash
# make demo end to end: scripts/demo.sh BUILD must print one row per registered policy,
# each verified exactly once with an efficiency in (0, 1], and draw one Gantt chart each;
# the default policy (ladro-synth --help) first, marked '*', the others in the registry's
# order, and the example Gantt chart it names the default's.
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
help=$("$build/bin/ladro-synth" --help)
def=$(sed -n 's/^default policy: //p' <<<"$help")
[ -n "$def" ] || { echo "demo: no 'default policy:' line in ladro-synth --help"; exit 1; }
want=$({ echo "$def*"; sed -n 's/^policies: //p' <<<"$help" | tr ' ' '\n' | grep -vx -- "$def"; } |
       paste -sd' ')
got=$(awk '{print $1}' <<<"$rows" | paste -sd' ')
[ "$got" = "$want" ] ||
  { echo "demo: policies in the order '$got', expected '$want'"; echo "$out"; exit 1; }
grep -qx "  .*/gantt-$def.svg" <<<"$out" ||
  { echo "demo: the example Gantt chart is not the default policy's ($def)"; echo "$out"; exit 1; }
for pol in $(awk '{sub(/\*$/, "", $1); print $1}' <<<"$rows"); do
  svg="$build/demo/gantt-$pol.svg"
  grep -q '</svg>' "$svg" || { echo "demo: no Gantt chart $svg"; exit 1; }
done
echo "demo: $n policies verified, $n Gantt charts"
