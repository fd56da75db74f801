#!/usr/bin/env python3
"""Tables of bench/termination/termination.sh and bench/beyond/beyond.sh runs (one JSON of
ladro-sim policy per workload, rank count, seed and policy, named WORKLOAD-pP-sS-POLICY.json).
  python3 summary.py OUT termination   detection after the last task (done_s - makespan_s)
  python3 summary.py OUT beyond        every policy's efficiency relative to the best's"""
import glob, json, math, os, re, statistics, sys

out, kind = sys.argv[1], sys.argv[2]
runs = {}  # (workload, p) -> policy -> [rows]
lam = {}
for f in sorted(glob.glob(os.path.join(out, "*-p*-s*-*.json"))):
    w, p, s, pol = re.match(r"(\w+)-p(\d+)-s(\d+)-(\w+)\.json", os.path.basename(f)).groups()
    d = json.load(open(f))
    lam[(w, int(p))] = d["params"].get("lambda_us", 5)
    for row in d["policies"]:
        # a run of one policy is named by its file (a variant: POLICY_KEY_VALUE)
        name = pol if len(d["policies"]) == 1 else row["policy"]
        runs.setdefault((w, int(p)), {}).setdefault(name, []).append(row)
bad = 0
for (w, p), pols in sorted(runs.items()):
    med = lambda pol, k: statistics.median(r[k] for r in pols[pol])
    mk = {pol: med(pol, "makespan_s") for pol in pols}
    best = min(mk, key=mk.get)
    print(f"\n{w}, {p} ranks, lambda = {lam[(w, p)]} us, seeds: "
          f"{max(len(v) for v in pols.values())}; best makespan: {best}")
    if kind == "termination":
        # two poll periods of 20 us (the target allows for a pause of 20 us; backoff_min_us,
        # the pause of a rank that polls, is 5 us by default)
        bound = 1000 if p <= 1024 else 4 * lam[(w, p)] * math.ceil(math.log2(p)) + 2 * 20
        print(f"target: <= 1000 us at 1 024 ranks; <= 4 lambda ceil(log2 P) + 2 polls of 20 us "
              f"beyond: {bound:.0f} us here")
        print("| policy | makespan (s) | done (s) | detection (us) | target met | term waves | verified | cpu (s) | peak RSS (MB) |")
        print("|---|---|---|---|---|---|---|---|---|")
    else:
        print("| policy | makespan (s) | efficiency | relative to the best | steals ok | verified | cpu (s) | peak RSS (MB) |")
        print("|---|---|---|---|---|---|---|---|")
    for pol in pols:
        ok = all(r["verified"] for r in pols[pol])
        bad += not ok
        tail = f"{'yes' if ok else 'NO'} | {med(pol, 'cpu_s'):.1f} | {med(pol, 'peak_rss_mb'):.0f} |"
        if kind == "termination":
            det = statistics.median((r["done_s"] - r["makespan_s"]) * 1e6 for r in pols[pol])
            print(f"| {pol} | {mk[pol]:.6f} | {med(pol, 'done_s'):.6f} | {det:.0f} | "
                  f"{'yes' if det <= bound else 'no'} | {med(pol, 'term_waves'):.0f} | {tail}")
        else:
            print(f"| {pol} | {mk[pol]:.4f} | {med(pol, 'efficiency'):.3f} | "
                  f"{mk[best] / mk[pol]:.3f} | {med(pol, 'steals_ok'):.0f} | {tail}")
sys.exit(1 if bad else 0)
