#!/usr/bin/env bash
# Weak scaling of the DLB_Bench profiles (TITUS_DLB Fig. 3), smallworld vs random, side
# by side: for each profile and rank count, REPS interleaved runs of each policy on the
# same workload (--init gauss70-10, results of RESULT_BYTES going home); prints one CSV
# row per run and writes the medians.
#   bench/smallworld/weak.sh BUILD OUTDIR [RANKS] [PROFILES] [REPS]
# defaults: RANKS="2 4 8 16", PROFILES="10s-4M 5s-8M 1s-1M 1s-16M", REPS=3
set -euo pipefail
build=${1:?build dir}; out=${2:?output dir}
ranks=${3:-"2 4 8 16"}; profiles=${4:-"10s-4M 5s-8M 1s-1M 1s-16M"}; reps=${5:-3}
rb=${RESULT_BYTES:-64}
here=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"
runs="$out/runs.csv"; med="$out/weak.csv"
echo "profile,ranks,policy,rep,efficiency,makespan,lower_bound,steals_ok,steals_failed,result_chunks,result_msgs,route_hops,results_home,route_hops_max" > "$runs"
field() { sed -n "s/.*\"$1\": \([0-9.eE+-]*\).*/\1/p"; }
for prof in $profiles; do
  for np in $ranks; do
    for rep in $(seq 1 "$reps"); do
      for pol in smallworld random; do
        j=$(LADRO_EXPECT_NP=$np "$here/scripts/mpirun.sh" -np "$np" "$build/bin/ladro-synth" \
              --policy "$pol" --profile "$prof" --init gauss70-10 --result-bytes "$rb" \
              --seed "$rep" --verify --json --no-progress | sed -n '/^{/p' | sed 's/"per_rank".*//')
        row="$prof,$np,$pol,$rep"
        for k in efficiency makespan lower_bound steals_ok steals_failed result_chunks \
                 result_msgs route_hops results_home route_hops_max; do
          row="$row,$(echo "$j" | field $k)"
        done
        echo "$row" | tee -a "$runs"
      done
    done
  done
done
# medians of efficiency per (profile, ranks, policy)
python3 - "$runs" "$med" <<'PY'
import csv, sys, statistics as S
rows = list(csv.DictReader(open(sys.argv[1])))
keys = sorted({(r['profile'], int(r['ranks']), r['policy']) for r in rows},
              key=lambda k: (k[0], k[2], k[1]))
with open(sys.argv[2], 'w') as f:
    f.write("profile,policy,ranks,efficiency_median,makespan_median,msgs_per_chunk,route_mean,route_max\n")
    for k in keys:
        rs = [r for r in rows if (r['profile'], int(r['ranks']), r['policy']) == k]
        e = S.median(float(r['efficiency']) for r in rs)
        m = S.median(float(r['makespan']) for r in rs)
        ch = sum(float(r['result_chunks']) for r in rs); ms = sum(float(r['result_msgs']) for r in rs)
        hh = sum(float(r['results_home']) for r in rs); hp = sum(float(r['route_hops']) for r in rs)
        mx = max(int(r['route_hops_max']) for r in rs)
        f.write("%s,%s,%d,%.3f,%.4f,%.3f,%.2f,%d\n" % (k[0], k[2], k[1], e, m,
                ms / ch if ch else 0, hp / hh if hh else 0, mx))
PY
cat "$med"
