#!/usr/bin/env bash
# The A2WS paper's Fig. 4 on simulated ranks (ladro-sim policy): a2ws with radius
# R = 1, 2, 4, 8, 13 (paper=1's 20 % of 64), 16, 32 on configuration C4 (64 ranks), 3840 equal tasks of WORK_MS
# (default 100 ms at full speed), seeds 1..SEEDS; the median makespan per radius, with
# the paper's rules alone (probe 0: paper=1, the radius given) and with ladro's probe beyond
# the subsystem (probe 1, the default; docs/policies/a2ws.md).
#   bash bench/a2ws/radius_sim.sh [BUILD] [OUT]  SEEDS (5), JOBS (2), RADII, WORK_MS, PROBES
set -euo pipefail
build=${1:-build}
out=${2:-$build/results/a2ws-radius-sim}
sim=$build/bin/ladro-sim
[ -x "$sim" ] || { echo "radius_sim.sh: $sim not found; build first (make)" >&2; exit 2; }
mkdir -p "$out"
jobs_file=$out/jobs.$$.txt   # per invocation: two may share OUT
: > "$jobs_file"
for pr in ${PROBES:-0 1}; do
  for r in ${RADII:-1 2 4 8 13 16 32}; do
    for s in $(seq 1 "${SEEDS:-5}"); do
      f=$out/r$r-s$s-p$pr.json
      [ -s "$f" ] && continue
      echo "$sim policy --policy a2ws --p 64 --speed C4 --tasks-per-rank 60 --work-ms ${WORK_MS:-100} --work-dist const --init even --seed $s --json a2ws:radius=$r paper=$((1 - pr)) > $f.tmp && mv $f.tmp $f" >> "$jobs_file"
    done
  done
done
xargs -P "${JOBS:-2}" -I{} -d '\n' nice bash -c {} < "$jobs_file"
rm -f "$jobs_file"
python3 - "$out" <<'PY'
import glob, json, os, re, statistics, sys
runs = {}
for f in glob.glob(os.path.join(sys.argv[1], "r*-s*-p*.json")):
    m = re.match(r"r(\d+)-s\d+-p(\d)\.json$", os.path.basename(f))
    r = (int(m.group(2)), int(m.group(1)))
    row = json.load(open(f))["policies"][0]
    assert row["verified"], f
    runs.setdefault(r, []).append((row["makespan_s"], row["efficiency"], row["steals_ok"]))
print("| probe | R | seeds | median makespan (s) | min .. max (s) | median efficiency | median steals |")
print("|---|---|---|---|---|---|---|")
for r in sorted(runs):
    m = [x[0] for x in runs[r]]
    print(f"| {r[0]} | {r[1]} | {len(m)} | {statistics.median(m):.3f} | {min(m):.3f} .. {max(m):.3f} | "
          f"{statistics.median(x[1] for x in runs[r]):.3f} | {statistics.median(x[2] for x in runs[r]):.0f} |")
PY
