#!/usr/bin/env python3
"""Fit ONE set of engine costs of `ladro-sim policy` for every policy (docs/results.md,
"Calibration").

Reads the real medians of calibrate.sh (scenario,np,policy,real_makespan_median,...), and
for every combination of the cost grid below simulates every scenario with every policy
(one `ladro-sim policy --policy all` per scenario and rank count), comparing the
simulated time to LADRO_DONE (`done_s`: termination detection included, as the real
`makespan` is) with the real makespan. The set kept minimises the worst |ln(sim/real)|
over every (scenario, ranks, policy), ties broken by the sum of squares. Prints the grid's
best sets, then writes the table of the best one as CSV.

Usage: fit.py REAL.csv LADRO_SIM OUT.csv [-j JOBS] [NAME=v1,v2,... ...] [--FLAG VALUE ...]
              [POLICY:KEY=VALUE ...]
  the grid's axes (defaults below): task (--task-overhead-us), wake (--wake-us),
  rma (--rma-us), msg (--msg-us), poll (--poll-us); --FLAG VALUE: a fixed ladro-sim flag
  (e.g. --cores 2); POLICY:KEY=VALUE: a runtime key for one policy, passed on.
"""
import csv, itertools, json, math, os, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "scenarios.txt")) as _f:
    SCENARIOS = {l.split()[0]: l.split()[1:] for l in _f if l.strip() and not l.startswith("#")}
FLAGS = {"task": "--task-overhead-us", "wake": "--wake-us", "rma": "--rma-us",
         "msg": "--msg-us", "poll": "--poll-us"}
FIXED = []
GRID = {"task": [100, 143, 200], "wake": [0, 50, 100, 200], "rma": [0, 10, 30],
        "msg": [0, 20, 50], "poll": [0, 1]}


def simulate(sim, costs, scn, np_):
    args = [sim, "policy", "--policy", "all", "--p", str(np_), "--json"] + SCENARIOS[scn] + FIXED
    for k, v in costs.items():
        args += [FLAGS[k], str(v)]
    out = json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)
    return {p["policy"]: p for p in out["policies"]}


def evaluate(sim, real, costs):
    keys = sorted({(r["scenario"], int(r["np"])) for r in real})
    sims = {k: simulate(sim, costs, *k) for k in keys}
    rows = []
    for r in real:
        s = sims[(r["scenario"], int(r["np"]))][r["policy"]]
        rows.append((r, s, s["done_s"] / float(r["real_makespan_median"])))
    logs = [abs(math.log(x)) for _, _, x in rows]
    return (max(logs), sum(v * v for v in logs)), rows


def main():
    real_path, sim, out = sys.argv[1:4]
    jobs, grid = 2, dict(GRID)
    rest = sys.argv[4:]
    while rest:
        a = rest.pop(0)
        if a == "-j":
            jobs = int(rest.pop(0))
        elif a.startswith("--") and rest:
            FIXED.extend([a, rest.pop(0)])
        elif ":" in a.split("=")[0]:  # POLICY:KEY=VALUE, a runtime key for one policy
            FIXED.append(a)
        elif "=" in a and a.split("=")[0] in GRID:
            k, v = a.split("=", 1)
            grid[k] = [float(x) for x in v.split(",")]
        else:
            sys.exit("fit.py: argument '%s': accepted: -j JOBS, --FLAG VALUE, POLICY:KEY=VALUE "
                     "or NAME=v1,v2 with NAME one of %s"
                     % (a, ", ".join(GRID)))
    real = list(csv.DictReader(open(real_path)))
    combos = [dict(zip(grid, vals)) for vals in itertools.product(*grid.values())]
    with ThreadPoolExecutor(jobs) as ex:
        results = list(ex.map(lambda c: (c, *evaluate(sim, real, c)), combos))
    results.sort(key=lambda t: t[1])
    for c, (worst, ss), rows in results[:5]:
        inside = sum(0.85 <= x <= 1.15 for _, _, x in rows)
        print("worst ratio %.3f..%.3f  %d/%d within 0.85-1.15  %s" % (
            min(x for _, _, x in rows), max(x for _, _, x in rows), inside, len(rows),
            " ".join("%s=%g" % kv for kv in c.items())))
    best, _, rows = results[0]
    with open(out, "w") as f:
        f.write("# costs: %s\n" % " ".join(FIXED + ["%s %g" % (FLAGS[k], v) for k, v in best.items()]))
        f.write("scenario,np,policy,real_makespan_median,sim_done_s,ratio_sim_real,"
                "real_steals_ok,sim_steals_ok\n")
        for r, s, x in rows:
            f.write("%s,%s,%s,%s,%.6f,%.3f,%s,%d\n" % (
                r["scenario"], r["np"], r["policy"], r["real_makespan_median"], s["done_s"], x,
                r["real_steals_ok"], s["steals_ok"]))


main()
