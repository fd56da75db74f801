#!/usr/bin/env bash
# Weak scaling of the DLB_Bench profiles (TITUS_DLB Fig. 3) at the paper's scale on
# simulated ranks: smallworld and random, the runtime's own code on `ladro-sim policy`
# (flat cluster, lambda 5 us), each task returning RESULT_BYTES to its owner through the
# results API (checked home once and intact). Simulated time: load-independent.
#   bench/smallworld/weak_sim.sh BUILD OUTDIR [RANKS] [PROFILES] [SEEDS]
# defaults: RANKS="16 64 256 1024 3584", PROFILES="10s-4M 5s-8M 1s-1M", SEEDS="1"
# IDLE=spin: idle ranks poll instead of backing off (what idle=auto picks with a core per
# rank; default: ladro-sim's, backoff). Extra ladro-sim arguments (e.g. --profile-scale
# 0.1) in SIM_EXTRA. At 3 584 ranks and the default scale (0.02)
# a policy's run takes about 8-36 s of CPU and 0.3-2.3 GB.
set -euo pipefail
build=${1:?build dir}; out=${2:?output dir}
ranks=${3:-"16 64 256 1024 3584"}; profiles=${4:-"10s-4M 5s-8M 1s-1M"}; seeds=${5:-1}
rb=${RESULT_BYTES:-64}
idle=${IDLE:+idle=$IDLE}
mkdir -p "$out"
trap 'rm -f "$out/one.csv"' EXIT   # a run's scratch output, also when ladro-sim refuses
runs="$out/runs.csv"
first=1
for prof in $profiles; do
  for p in $ranks; do
    for s in $seeds; do
      # shellcheck disable=SC2086
      "$build/bin/ladro-sim" policy --policy smallworld,random --p "$p" --profile "$prof" \
        --init gauss70-10 --result-bytes "$rb" --seed "$s" $idle ${SIM_EXTRA:-} --csv - > "$out/one.csv"
      if [ $first = 1 ]; then
        echo "profile,seed,$(head -1 "$out/one.csv")" > "$runs"
        first=0
      fi
      tail -n +2 "$out/one.csv" | sed "s/^/$prof,$s,/" | tee -a "$runs"
    done
  done
done
rm -f "$out/one.csv"
# one row per (profile, policy, P): median efficiency over the seeds, messages per chunk
# and route length over all of them
python3 - "$runs" "$out/weak_sim.csv" <<'PY'
import csv, statistics as S, sys
rows = list(csv.DictReader(open(sys.argv[1])))
keys = []
for r in rows:
    k = (r['profile'], r['policy'], int(r['p']))
    if k not in keys:
        keys.append(k)
with open(sys.argv[2], 'w') as f:
    f.write("profile,policy,p,tasks_per_rank,efficiency_median,makespan_median,"
            "msgs_per_chunk,route_hops_mean,route_hops_max,verified\n")
    for k in keys:
        rs = [r for r in rows if (r['profile'], r['policy'], int(r['p'])) == k]
        ch = sum(int(r['result_chunks']) for r in rs)
        ms = sum(int(r['result_msgs']) for r in rs)
        home = sum(int(r['results_home']) for r in rs)
        hops = sum(float(r['route_hops_mean']) * int(r['results_home']) for r in rs)
        f.write("%s,%s,%d,%g,%.3f,%.6f,%.3f,%.2f,%d,%s\n" % (
            k[0], k[1], k[2], int(rs[0]['tasks']) / k[2],
            S.median(float(r['efficiency']) for r in rs),
            S.median(float(r['makespan_s']) for r in rs), ms / ch if ch else 0,
            hops / home if home else 0, max(int(r['route_hops_max']) for r in rs),
            all(r['verified'] == 'true' for r in rs)))
PY
cat "$out/weak_sim.csv"
