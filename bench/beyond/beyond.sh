#!/usr/bin/env bash
# Beyond the papers' scale (ladro-sim policy): every policy's efficiency relative to the best
# policy's, at each rank count of PS, on two workloads: gauss70-10 (the SMPI study's: 8 tasks
# of 1..3 ms per rank on average, ~70 % of them on ~10 % of the ranks, speed 1) and c5 (the
# A2WS paper's C5 speeds scaled to P ranks, 20 equal tasks of 100 ms per rank, even).
#   bash bench/beyond/beyond.sh [BUILD] [OUT]
#   PS (default 1024), POLICIES (default all eight), SEEDS (1), JOBS (2), LAMBDA_US (5),
#   VARIANTS (policies with a setting, as rows of their own, e.g.
#   VARIANTS="ctws:paper=1": the row ctws_paper_1; several keys separated by commas,
#   "a2ws:radius=256,steal_guard=pace": the row a2ws_radius_256_steal_guard_pace),
#   WORKLOADS (default "gauss c5"), IDLE (the idle ranks' strategy, e.g. IDLE=spin: what
#   idle=auto picks with a core per rank; default ladro-sim's, backoff; the default OUT is then
#   BUILD/results/beyond-idle-IDLE, and an OUT given must not hold runs of another IDLE),
#   KEYS (runtime keys for every row, e.g. KEYS="backoff_pace=0.25"; the default OUT then
#   ends in -KEYS, letters and digits kept; likewise, never mix runs of other KEYS in OUT),
#   TRACE=1 (the c5 runs also write a CSV task trace, and late.py tells who ran the tasks
#   that end after the bound: ~60 MB a run)
set -euo pipefail
build=${1:-build}
keys_tag=$(printf %s "${KEYS:-}" | tr -c 'A-Za-z0-9' _)
out=${2:-$build/results/beyond${IDLE:+-idle-$IDLE}${KEYS:+-$keys_tag}}  # never mixed with the default's
sim=$build/bin/ladro-sim
[ -x "$sim" ] || { echo "beyond.sh: $sim not found; build first (make)" >&2; exit 2; }
policies=${POLICIES:-static,leader,random,ctws,a2ws,baseline,successonly,smallworld}
declare -A wl=(
  [gauss]="--tasks-per-rank 8 --work-ms 2 --work-dist uniform:0.5,1.5 --init gauss70-10"
  [c5]="--tasks-per-rank 20 --work-ms 100 --work-dist const --init even --speed C5")
mkdir -p "$out"
jobs_file=$out/jobs.$$.txt   # per invocation: two may share OUT
: > "$jobs_file"
for p in ${PS:-1024}; do
  for w in ${WORKLOADS:-gauss c5}; do
    for s in $(seq 1 "${SEEDS:-1}"); do
      for pol in ${policies//,/ } ${VARIANTS:-}; do
        name=${pol%%:*} kv= label=$pol
        if [ "$name" != "$pol" ]; then
          kv=$(echo "${pol#*:}" | tr ',' '\n' | sed "s/^/$name:/" | tr '\n' ' ')
          label=$(echo "$pol" | tr -c 'A-Za-z0-9\n' _)
        fi
        [ -n "${IDLE:-}" ] && kv="$kv idle=$IDLE"
        [ -n "${KEYS:-}" ] && kv="$kv $KEYS"
        f=$out/$w-p$p-s$s-$label.json
        tr=
        [ "${TRACE:-0}" = 1 ] && [ "$w" = c5 ] && tr="trace=${f%.json}.csv"
        [ -s "$f" ] && { [ -z "$tr" ] || [ -s "${f%.json}.csv" ]; } && continue
        # the termination study runs the same gauss70-10 runs: take its output if it is there
        t=$build/results/termination/$w-p$p-s$s-$label.json
        if [ -s "$t" ] && [ -z "$kv" ] && [ -z "$tr" ] && [ "${LAMBDA_US:-5}" = 5 ]; then cp "$t" "$f"; continue; fi
        echo "$sim policy --policy $name --p $p ${wl[$w]} --lambda-us ${LAMBDA_US:-5} --seed $s --json $kv $tr > $f.tmp && mv $f.tmp $f" >> "$jobs_file"
      done
    done
  done
done
xargs -P "${JOBS:-2}" -I{} -d '\n' nice bash -c {} < "$jobs_file"
rm -f "$jobs_file"
python3 "$(dirname "$0")/../termination/summary.py" "$out" beyond
if [ "${TRACE:-0}" = 1 ]; then
  for p in ${PS:-1024}; do
    traces=$(ls "$out"/c5-p$p-s*-*.csv 2>/dev/null || true)
    [ -z "$traces" ] && continue
    echo; echo "c5, $p ranks: who runs the tasks that end after the lower bound"
    python3 "$(dirname "$0")/late.py" $traces
  done
fi
