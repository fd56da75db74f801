#!/usr/bin/env python3
"""The defaults' matrix from matrix.sh's runs: per cell (workload, idle strategy), each
policy's median makespan over the seeds under each configuration, and its ratio to the
best median of the cell (best / this: 1.000 is the best, 0.950 takes 5 % longer).
Every run must be verified (each task once; the apps' counts against their sequential
search); a missing or unverified run is reported and its cell marked incomplete.
With FORMAT=md, one Markdown table per idle strategy instead (rows: policy:configuration,
columns: workloads; the cell's best in bold, its makespan in the last row).
  summary.py OUT P "WORKLOADS" "IDLES" "CONFIGS" "SEEDS" POLICIES"""
import json, os, statistics, sys

out, P = sys.argv[1], sys.argv[2]
workloads, idles, configs, seeds = (a.split() for a in sys.argv[3:7])
policies = sys.argv[7].split(",")
md = os.environ.get("FORMAT") == "md"
bad, missing, cells = [], [], {}
for w in workloads:
    for i in idles:
        med = {}
        for c in configs:
            runs = {}
            for s in seeds:
                f = "%s/%s-%s-%s-p%s-s%s.json" % (out, w, i, c, P, s)
                if not os.path.exists(f):
                    missing.append(os.path.basename(f))
                    continue
                for r in json.load(open(f))["policies"]:
                    ok = r.get("verified") is True and r.get("lost", 0) == 0 and \
                        r.get("twice", 0) == 0
                    if not ok:
                        bad.append("%s %s" % (os.path.basename(f), r["policy"]))
                        continue
                    runs.setdefault(r["policy"], []).append(r["makespan_s"])
            for pol, ms in runs.items():
                if len(ms) == len(seeds):
                    med[(pol, c)] = statistics.median(ms)
        if med:
            cells[(w, i)] = med
print("makespan ratio to the best of the cell (best median / this median), %s ranks, "
      "seeds %s" % (P, ",".join(seeds)))
print("configurations: off = steal_guard=off backoff_pace=0; guard = steal_guard=pace; "
      "pace = backoff_pace=0.25; both = both")
if md:
    for i in idles:
        ws = [w for w in workloads if (w, i) in cells]
        if not ws:
            continue
        print("\nidle=%s\n" % i)
        print("| policy:configuration | " + " | ".join(ws) + " |")
        print("|---" * (len(ws) + 1) + "|")
        for pol in policies:
            for c in configs:
                row = []
                for w in ws:
                    med = cells[(w, i)]
                    m, best = med.get((pol, c)), min(med.values())
                    row.append(("**%.3f**" if m == best else "%.3f") % (best / m) if m else "–")
                print("| %s:%s | %s |" % (pol, c, " | ".join(row)))
        print("| best (s) | " + " | ".join("%.4f" % min(cells[(w, i)].values()) for w in ws)
              + " |")
else:
    for (w, i), med in cells.items():
        best = min(med.values())
        (bp, bc) = min(med, key=med.get)
        print()
        print("%s, idle=%s: best %s %s, %.4f s" % (w, i, bp, bc, best))
        print("%-12s" % "policy" + "".join("%9s" % c for c in configs))
        for pol in policies:
            row = "%-12s" % pol
            for c in configs:
                m = med.get((pol, c))
                row += "%9s" % ("%.3f" % (best / m) if m else "-")
            print(row)
if missing:
    print("\nmissing runs (a failed run leaves FILE.err): %s" % " ".join(missing))
if bad:
    print("\nNOT VERIFIED: %s" % "; ".join(bad))
    sys.exit(1)
