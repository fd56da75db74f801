#!/usr/bin/env bash
# The CTWS paper's contention workload on simulated ranks (ladro-sim policy): homogeneous
# ranks, TPR tasks per rank of WORK_MS x a contention factor uniform in [1, 6.2] (what
# ladro-bench --scenario ctws-contention runs), even placement; static, ctws with the paper's
# configuration (paper=1: one token, the finish token), ctws's default, leader and random,
# seeds 1..SEEDS (the paper's ctws writes its steal log, the paper's Table 1). Prints per policy the medians over the seeds: makespan, its ratio to
# static's, mean idle time, the idle-time cut against static, steals ok / failed.
#   bash bench/ctws/contention_sim.sh [BUILD [OUT]]   P (16), TPR (10), WORK_MS (100),
#   SEEDS (10), JOBS (2); OUT defaults to BUILD/results/ctws-sim (one JSON per run)
set -euo pipefail
build=${1:-build}
out=${2:-$build/results/ctws-sim}
sim=$build/bin/ladro-sim
[ -x "$sim" ] || { echo "contention_sim.sh: $sim not found; build first (make)" >&2; exit 2; }
p=${P:-16} tpr=${TPR:-10} work_ms=${WORK_MS:-100} seeds=${SEEDS:-10}
for v in p tpr work_ms seeds; do
  [[ ${!v} =~ ^[1-9][0-9]*$ ]] || { echo "contention_sim.sh: ${v^^}=${!v}: accepted a positive integer" >&2; exit 2; }
done
mkdir -p "$out"
jobs_file=$out/jobs.$$.txt
: > "$jobs_file"
args="--p $p --tasks-per-rank $tpr --work-ms $work_ms --work-dist uniform:1,6.2 --init even --json"
for s in $(seq 1 "$seeds"); do
  # paper: static, ctws with paper=1, leader, random; default: ctws's default alone
  for set in paper default; do
    f=$out/p$p-t$tpr-w$work_ms-s$s-$set.json
    [ -s "$f" ] && continue
    if [ $set = paper ]; then
      pols="--policy static,ctws,leader,random ctws:paper=1 ctws:ctws_log=$out/p$p-t$tpr-w$work_ms-s$s-steals.csv"
    else pols="--policy ctws"; fi
    echo "$sim policy $pols $args --seed $s > $f.tmp && mv $f.tmp $f" >> "$jobs_file"
  done
done
xargs -P "${JOBS:-2}" -I{} -d '\n' nice bash -c {} < "$jobs_file"
rm -f "$jobs_file"
python3 - "$out" "$p" "$tpr" "$work_ms" <<'PY'
import glob, json, os, statistics as st, sys
out, p, tpr, w = sys.argv[1:5]
runs, bad = {}, []
for f in sorted(glob.glob(os.path.join(out, f"p{p}-t{tpr}-w{w}-s*-*.json"))):
    tag = f.rsplit("-", 1)[1][:-5]
    for row in json.load(open(f))["policies"]:
        if not row["verified"]:
            bad.append(f)
        name = row["policy"] + (" (paper=1)" if tag == "paper" and row["policy"] == "ctws" else "")
        runs.setdefault(name, []).append(row)
med = lambda name, k: st.median(r[k] for r in runs[name])
print(f"{p} simulated ranks, {tpr} tasks per rank of {w} ms x U[1, 6.2], medians of "
      f"{len(runs['static'])} seeds")
print("| policy | makespan (s) | vs static | efficiency | idle mean | idle cut vs static | steals ok / failed |")
print("|---|---|---|---|---|---|---|")
ms, idle = med("static", "makespan_s"), med("static", "idle_mean")
for name in ("static", "ctws (paper=1)", "ctws", "leader", "random"):
    if name not in runs:
        continue
    cut = "—" if name == "static" else f"{(1 - med(name, 'idle_mean') / idle) * 100:.1f} %"
    print(f"| {name} | {med(name, 'makespan_s'):.3f} | {med(name, 'makespan_s') / ms:.3f} | "
          f"{med(name, 'efficiency'):.3f} | {med(name, 'idle_mean') * 100:.1f} % | {cut} | "
          f"{med(name, 'steals_ok'):.0f} / {med(name, 'steals_failed'):.0f} |")
c = runs.get("ctws (paper=1)", [])
if c:
    ok, failed = sum(r["steals_ok"] for r in c), sum(r["steals_failed"] for r in c)
    print(f"\nctws (paper=1), all seeds: {failed} failed of {ok + failed} steal attempts "
          f"(per seed {min(r['steals_failed'] for r in c)}–{max(r['steals_failed'] for r in c)})")
    # the steal logs: a failed attempt whose victim the list showed with 1 task is a rank
    # running its last task (the list counts it, the verification finds no queued task)
    last = other = 0
    for f in glob.glob(os.path.join(out, f"p{p}-t{tpr}-w{w}-s*-steals.csv")):
        for line in open(f).read().splitlines()[1:]:
            a = line.split(",")
            if a[5] == "0":
                last, other = last + (a[3] == "1"), other + (a[3] != "1")
    if last + other:
        print(f"failed attempts in the steal logs: {last} on a victim listed with 1 task, "
              f"{other} listed with more")
if bad:
    sys.exit("NOT VERIFIED (a task lost or run twice): " + " ".join(bad))
PY
