#!/usr/bin/env bash
# Write every trace format from one small run each, check them, draw the Gantt SVG of each
# (every task and every steal of the trace drawn).
# usage: [THREADS=T] trace_check.sh NP SYNTH GANTT -- launcher args (mpiexec -n NP ...)
# THREADS > 1: T workers per rank, a row per worker in every format.
set -euo pipefail
np=$1 synth=$2 gantt=$3
shift 4
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
tpr=6 ntasks=$((np * 6)) threads=${THREADS:-1}
for fmt in paje json csv; do
  LADRO_TRACE="$dir/run.$fmt" "$@" "$synth" --init one --tasks-per-rank $tpr --work-ms 2 \
    --threads "$threads" --verify --quiet
  python3 "$here/trace_check.py" $fmt "$dir/run.$fmt" "$np" "$ntasks" "$threads"
  # ladro-gantt draws every format: each task, each steal of the trace
  "$gantt" "$dir/run.$fmt" -o "$dir/run-$fmt.svg" --title "trace check" >/dev/null
  python3 "$here/trace_check.py" svg "$dir/run-$fmt.svg" "$np" "$ntasks" "$threads" \
    "$dir/run.$fmt"
done
