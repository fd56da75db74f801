#!/usr/bin/env bash
# The main demo: 8 ranks of very different speeds (A2WS Table 2, configuration C1: nodes
# of 1, 1, 2, 4, 8, 16, 24, 24 cores), the same 160 tasks, every policy side by side.
set -euo pipefail
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
synth="$build/bin/ladro-synth"
# DEMO_WORK_MS: the tasks' duration (default 10; the test of this script, demo_np8, runs 2)
ms=${DEMO_WORK_MS:-10}
args=(--speed C1 --tasks-per-rank 20 --work-ms "$ms" --init even --verify)
echo "ladro demo: 8 ranks with speeds of A2WS configuration C1 (1/24 .. 1), 160 tasks of $ms ms"
echo
printf "%-10s %10s %12s %11s %8s %8s %14s  %s\n" policy makespan_s lower_bound_s efficiency \
  idle_% steals tasks/rank verified
out_dir="$build/demo"
mkdir -p "$out_dir"
# the default policy (the one ladro runs when none is named) first, then the others in the
# registry's order; both come from ladro-synth --help
help=$("$synth" --help)
def=$(sed -n 's/^default policy: //p' <<<"$help")
all=$(sed -n 's/^policies: //p' <<<"$help")
[ -n "$all" ] || { echo "demo.sh: no policy names in ladro-synth --help" >&2; exit 1; }
[ -n "$def" ] || { echo "demo.sh: no default policy in ladro-synth --help" >&2; exit 1; }
pols="$def $(tr ' ' '\n' <<<"$all" | grep -vx -- "$def" | tr '\n' ' ')"
for pol in $pols; do
  out=$(LADRO_TRACE="$out_dir/trace-$pol.csv" "$here/mpirun.sh" -np 8 "$synth" --policy "$pol" \
        "${args[@]}" --json)
  # the run-wide value: the key's first occurrence (the per-rank entries repeat some keys)
  get() { grep -o "\"$1\": [^,}]*" <<<"$out" | head -1 | sed 's/.*: //'; }
  tasks=$(grep -o '"tasks": [0-9]*' <<<"$out" | sed 1d | awk '{printf "%s%s", s, $2; s=","}')
  name=$pol
  if [ "$pol" = "$def" ]; then name="$pol*"; fi
  printf "%-10s %10.3f %12.3f %11.3f %8.1f %8s %14s  %s\n" "$name" "$(get makespan)" \
    "$(get lower_bound)" "$(get efficiency)" "$(awk -v x="$(get idle_mean)" 'BEGIN{print 100*x}')" \
    "$(get steals_ok)" "$tasks" "$(get verified)"
done
echo
echo "* the default policy: what ladro runs when neither --policy nor LADRO_POLICY names one."
echo "efficiency = lower bound / makespan; lower bound = total work / sum of speeds."
echo "Every run verified that each task executed exactly once."
echo
for pol in $pols; do
  "$build/bin/ladro-gantt" "$out_dir/trace-$pol.csv" -o "$out_dir/gantt-$pol.svg" \
    --title "ladro demo: policy $pol, 8 ranks of speeds C1, 160 tasks of $ms ms" >/dev/null
done
echo "Gantt charts of these runs (one row per rank, tasks coloured by the rank they came from,"
echo "idle time grey, steals as arrows): $out_dir/gantt-<policy>.svg, e.g."
echo "  $(cd "$out_dir" && pwd)/gantt-$def.svg"
echo "Traces (CSV; LADRO_TRACE=run.paje gives Paje for ViTE, run.json Chrome's format for"
echo "Perfetto): $out_dir/trace-<policy>.csv"
