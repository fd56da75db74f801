#!/usr/bin/env bash
# The defaults' matrix: every policy with neither the steal guard nor the paced back-off,
# with the guard (steal_guard=pace), with the paced back-off (backoff_pace=0.25) and with
# both, on simulated ranks (ladro-sim policy: the runtime's own code on SimGrid actors),
# on each workload with idle ranks spinning and backing off. Every run is verified (each
# task once, the apps' counts against their sequential search); per cell (workload, idle
# strategy) it prints each policy-and-configuration's median makespan over the seeds and
# its ratio to the best median in that cell (1.000: the best).
#   bash bench/defaults/matrix.sh [BUILD] [OUT]
# Environment (defaults in brackets):
#   P          simulated ranks [1024]; 100000 takes hours of CPU per cell
#   SEEDS      [1 2 3]
#   POLICIES   comma list [all eight]
#   WORKLOADS  any of gauss c5 dlb uts nqueens [all five]:
#                gauss    gauss70-10: 8 tasks of 1-3 ms per rank, ~70 % of them on ~10 % of
#                         the ranks, equal speeds
#                c5       the A2WS paper's C5 speeds (1/24 ... 1), 20 tasks of 100 ms per
#                         rank, even
#                dlb      DLB_Bench 10s-4M (TITUS_DLB Table 1, scaled by 0.02), gauss70-10
#                uts      ladro-uts's search of T1L (-t 1 -a 3 -d 13 -b 4 -r 29 -c 8 -i 10)
#                nqueens  ladro-nqueens's search, -n 16 --cutoff 6
#   IDLES      [spin backoff]
#   CONFIGS    any of off guard pace both [all four]
#   JOBS       ladro-sim processes at once [2]
#   LAMBDA_US  latency between two ranks [5]
#   KEYS       more KEY=VALUE for every run [none], e.g. KEYS=backoff_min_us=20 (a
#              20 us idle pause); give such runs their own OUT
# Runs already in OUT are kept (a second call resumes); OUT defaults to
# BUILD/results/defaults-pP. Simulated makespans do not depend on the machine's load.
set -euo pipefail
build=${1:-build}
P=${P:-1024}
out=${2:-$build/results/defaults-p$P}
sim=$build/bin/ladro-sim
[ -x "$sim" ] || { echo "matrix.sh: $sim not found; build first (make)" >&2; exit 2; }
policies=${POLICIES:-static,leader,random,ctws,a2ws,baseline,successonly,smallworld}
declare -A wl=(
  [gauss]="--tasks-per-rank 8 --work-ms 2 --work-dist uniform:0.5,1.5 --init gauss70-10"
  [c5]="--tasks-per-rank 20 --work-ms 100 --work-dist const --init even --speed C5"
  [dlb]="--profile 10s-4M --init gauss70-10"
  [uts]="--app uts -t 1 -a 3 -d 13 -b 4 -r 29 -c 8 -i 10"
  [nqueens]="--app nqueens -n 16 --cutoff 6")
declare -A cf=(
  [off]="steal_guard=off backoff_pace=0"
  [guard]="steal_guard=pace backoff_pace=0"
  [pace]="steal_guard=off backoff_pace=0.25"
  [both]="steal_guard=pace backoff_pace=0.25")
workloads=${WORKLOADS:-gauss c5 dlb uts nqueens}
idles=${IDLES:-spin backoff}
configs=${CONFIGS:-off guard pace both}
for w in $workloads; do
  [ -n "${wl[$w]:-}" ] || { echo "matrix.sh: unknown workload '$w' (gauss, c5, dlb, uts, nqueens)" >&2; exit 2; }
done
for c in $configs; do
  [ -n "${cf[$c]:-}" ] || { echo "matrix.sh: unknown configuration '$c' (off, guard, pace, both)" >&2; exit 2; }
done
for i in $idles; do
  case $i in spin|backoff) ;; *) echo "matrix.sh: unknown idle strategy '$i' (spin, backoff)" >&2; exit 2 ;; esac
done
mkdir -p "$out"
jobs_file=$out/jobs.$$.txt
trap 'rm -f "$jobs_file"' EXIT
: > "$jobs_file"
for w in $workloads; do
  for i in $idles; do
    for c in $configs; do
      for s in ${SEEDS:-1 2 3}; do
        f=$out/$w-$i-$c-p$P-s$s.json
        [ -s "$f" ] && continue
        echo "$sim policy --quiet --json --policy $policies --p $P ${wl[$w]} --lambda-us ${LAMBDA_US:-5} --seed $s idle=$i ${cf[$c]} ${KEYS:-} > $f.tmp 2> $f.err && mv $f.tmp $f && rm -f $f.err" >> "$jobs_file"
      done
    done
  done
done
# a failed run leaves its .err (and no .json): reported below, the others go on
xargs -P "${JOBS:-2}" -I{} -d '\n' bash -c {} < "$jobs_file" || true
python3 "$(dirname "$0")/summary.py" "$out" "$P" "$workloads" "$idles" "$configs" "${SEEDS:-1 2 3}" "$policies"
