#!/usr/bin/env bash
# The A2WS paper's Tables 3 and 4 on simulated ranks (ladro-sim policy): configurations
# C1..C5 (8..128 ranks, the paper's Table 2 speeds), 480..7680 equal tasks in total, an even
# initial placement, seeds 1..SEEDS; the gain of a2ws over leader (LW) and ctws per cell.
# Equal tasks of WORK_MS at full speed (default 100 ms: 2.4 s on a 1/24-speed rank; the
# latency lambda = 5 us is 5e-5 of a task, as the paper's minute-long shots make it small).
#   bash bench/a2ws/tables.sh [BUILD] [OUT]
#   POLICIES (default a2ws,leader,ctws), SEEDS (5), JOBS (2), CONFIGS, TASKS, WORK_MS,
#   A2WS_KEYS (configuration keys of the a2ws runs, e.g. the paper's configuration:
#   A2WS_KEYS="paper=1"; the default OUT is then
#   BUILD/results/a2ws-tables-keys, so that its runs never mix with the default's),
#   PAPER=1 (every policy with its paper's configuration, key paper=1: a2ws and ctws;
#   leader runs its default, which on the simulated engine is its paper's (the service
#   thread, an actor of the leader's host); the default OUT is then
#   BUILD/results/a2ws-tables-paper, and with both default OUTs leader's runs made for one
#   table are copied into the other)
set -euo pipefail
build=${1:-build}
paper=${PAPER:-0}
case $paper in 0|1) ;; *) echo "tables.sh: PAPER=$paper: accepted 0 or 1" >&2; exit 2 ;; esac
if [ "$paper" = 1 ]; then def_out=$build/results/a2ws-tables-paper
else def_out=$build/results/a2ws-tables${A2WS_KEYS:+-keys}; fi
out=${2:-$def_out}
sim=$build/bin/ladro-sim
[ -x "$sim" ] || { echo "tables.sh: $sim not found; build first (make)" >&2; exit 2; }
policies=${POLICIES:-a2ws,leader,ctws}
seeds=${SEEDS:-5}
configs=${CONFIGS:-"C1:8 C2:16 C3:32 C4:64 C5:128"}
tasks=${TASKS:-"480 960 1920 3840 7680"}
work_ms=${WORK_MS:-100}
mkdir -p "$out"
jobs_file=$out/jobs.$$.txt   # per invocation: two may share OUT
: > "$jobs_file"
for cfg in $configs; do
  c=${cfg%%:*} p=${cfg##*:}
  for t in $tasks; do
    # --tasks: the total over the ranks, as the paper's (480 on 64 ranks: the first 32
    # ranks get 8 tasks, the others 7)
    for s in $(seq 1 "$seeds"); do
      for pol in ${policies//,/ }; do
        f=$out/$c-t$t-s$s-$pol.json
        [ -s "$f" ] && continue
        kv=
        [ "$pol" = a2ws ] && kv=${A2WS_KEYS:-}
        if [ "$pol" = leader ] && [ -z "${2:-}" ] && [ -z "${A2WS_KEYS:-}" ]; then
          # leader runs its default in both tables (the same command): take the other's run
          o=$build/results/a2ws-tables$([ "$paper" = 1 ] || echo -paper)/$c-t$t-s$s-leader.json
          [ -s "$o" ] && { cp "$o" "$f"; continue; }
        fi
        [ "$paper" = 1 ] && [ "$pol" != leader ] && kv="$kv paper=1"
        echo "$sim policy --policy $pol --p $p --speed $c --tasks $t --work-ms $work_ms --work-dist const --init even --seed $s --json $kv > $f.tmp && mv $f.tmp $f" >> "$jobs_file"
      done
    done
  done
done
echo "tables.sh: $(wc -l < "$jobs_file") runs into $out"
xargs -P "${JOBS:-2}" -I{} -d '\n' nice bash -c {} < "$jobs_file"
rm -f "$jobs_file"
python3 "$(dirname "$0")/tables.py" "$out"
