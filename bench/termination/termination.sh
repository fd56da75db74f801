#!/usr/bin/env bash
# Termination detection on simulated ranks (ladro-sim policy): for every policy, done_s -
# makespan_s (from the end of the last task to the last rank's LADRO_DONE) on the SMPI
# study's workload (gauss70-10: ~70 % of the tasks on ~10 % of the ranks, 8 tasks of 2 ms
# per rank on average, uniform in 1..3 ms), lambda = 5 us, at each rank count of PS, seeds 1..SEEDS.
#   bash bench/termination/termination.sh [BUILD] [OUT]
#   PS (default 1024), POLICIES (default all eight), SEEDS (1), JOBS (2), LAMBDA_US (5),
#   KEYS (runtime KEY=VALUE settings for every run, e.g. idle=spin; by default ladro-sim's
#   idle=backoff, whose ranks sleep through their pauses as under MPI),
#   LOCK (a file: runs at 16 384 ranks or more, several GB each, take it with flock one
#   at a time, e.g. PS="1024 16384 100000" LOCK=/tmp/bigmem.lock)
set -euo pipefail
build=${1:-build}
out=${2:-$build/results/termination}
sim=$build/bin/ladro-sim
[ -x "$sim" ] || { echo "termination.sh: $sim not found; build first (make)" >&2; exit 2; }
policies=${POLICIES:-static,leader,random,ctws,a2ws,baseline,successonly,smallworld}
mkdir -p "$out"
jobs_file=$out/jobs.$$.txt   # per invocation: two may share OUT
: > "$jobs_file"
for p in ${PS:-1024}; do
  for s in $(seq 1 "${SEEDS:-1}"); do
    for pol in ${policies//,/ }; do
      f=$out/gauss-p$p-s$s-$pol.json
      [ -s "$f" ] && continue
      lock=
      [ "$p" -ge 16384 ] && [ -n "${LOCK:-}" ] && lock="flock $LOCK"
      echo "$lock $sim policy --policy $pol --p $p --tasks-per-rank 8 --work-ms 2 --work-dist uniform:0.5,1.5 --init gauss70-10 --lambda-us ${LAMBDA_US:-5} --seed $s --json ${KEYS:-} > $f.tmp && mv $f.tmp $f" >> "$jobs_file"
    done
  done
done
xargs -P "${JOBS:-2}" -I{} -d '\n' nice bash -c {} < "$jobs_file"
rm -f "$jobs_file"
python3 "$(dirname "$0")/summary.py" "$out" termination
