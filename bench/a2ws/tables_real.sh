#!/usr/bin/env bash
# The A2WS paper's Tables 3 and 4 on real MPI ranks, at the sizes one node holds: C1 on 8
# ranks and C2 on 16 (the paper's Table 2 speeds, emulated: a task of WORK_MS at full speed
# sleeps WORK_MS / speed), 480..7680 equal tasks in total, even initial placement, REPEAT
# interleaved runs of a2ws, leader (LW) and ctws per cell; then the gains per cell next to
# the paper's (bench/a2ws/tables.py). The tasks sleep, so ranks may outnumber the cores.
#   bash bench/a2ws/tables_real.sh [BUILD] [OUT]
#   REPEAT (5), WORK_MS (10), CONFIGS ("C1:8 C2:16"), TASKS ("480 960 1920 3840 7680"),
#   POLICIES (a2ws,leader,ctws). About 12 minutes per configuration with the defaults.
# Time nothing else on the machine meanwhile: the runs are wall-clock makespans.
set -euo pipefail
build=${1:-build}
out=${2:-$build/results/a2ws-tables-real}
bench=$build/bin/ladro-bench
[ -x "$bench" ] || { echo "tables_real.sh: $bench not found; build first (make)" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
repeat=${REPEAT:-5}
work_ms=${WORK_MS:-10}
configs=${CONFIGS:-"C1:8 C2:16"}
tasks=${TASKS:-"480 960 1920 3840 7680"}
policies=${POLICIES:-a2ws,leader,ctws}
# Check every configuration before the first run, so that a bad entry costs no measurement.
plan=()
for cfg in $configs; do
  c=${cfg%%:*} p=${cfg##*:}
  case $p in ''|*[!0-9]*|0|1) echo "tables_real.sh: CONFIGS entry '$cfg': expected NAME:RANKS with RANKS >= 2, e.g. C1:8" >&2; exit 2;; esac
  per=
  for t in $tasks; do
    case $t in ''|*[!0-9]*) echo "tables_real.sh: TASKS entry '$t': expected a positive integer" >&2; exit 2;; esac
    if (( t == 0 || t % p )); then
      echo "tables_real.sh: $t tasks do not divide evenly over $p ranks ($c); use multiples of $p" >&2
      exit 2
    fi
    per=${per:+$per,}$((t / p))
  done
  plan+=("$c $p $per")
done
mkdir -p "$out"
tmp= txt=
trap '[ -z "$tmp" ] || rm -f "$tmp" "$txt"' EXIT  # a run cut short leaves nothing partial
for entry in "${plan[@]}"; do
  read -r c p per <<<"$entry"
  f=$out/$c-real.json
  [ -s "$f" ] && { echo "tables_real.sh: $f exists, kept (remove it to rerun)"; continue; }
  echo "tables_real.sh: $c on $p ranks, tasks per rank $per, $repeat repeats -> $f"
  tmp=$f.tmp txt=$out/$c-real.txt
  "$root/scripts/mpirun.sh" -np "$p" "$bench" --policy "$policies" --speed "$c" \
    --tasks-per-rank "$per" --work-ms "$work_ms" --init even --repeat "$repeat" \
    --json "$tmp" | tee "$txt"
  mv "$tmp" "$f"
  tmp=
done
python3 "$here/tables.py" "$out"
