#!/usr/bin/env python3
"""Who runs the tasks that end after the lower bound: from the CSV task traces of
bench/beyond/beyond.sh's C5 runs (TRACE=1), per run the task that ends last and the late
tasks (ending more than 2 % after the bound) by how the rank got them (its own, or
stolen) and by the rank's speed; and how many stolen tasks ranks slower than 1/4 ran.
A rank's speed is read from the trace itself: the shortest task of the run over the
rank's median task (C5's tasks are of equal work, so this is the rank's speed); the bound
is the run's lower_bound_s, from the JSON of the same name beside the trace.
  python3 late.py TRACE.csv [TRACE.csv ...]"""
import csv, json, os, statistics, sys
from fractions import Fraction

if len(sys.argv) < 2:
    sys.exit("usage: late.py TRACE.csv [TRACE.csv ...]")


def frac(x):
    """A speed as a fraction (C5's are cores / 24: 1/24 ... 2/3, 1)."""
    return str(Fraction(x).limit_denominator(24))


print("| run | bound (s) | makespan (s) | last task: rank (speed), how, start-end (s) | late tasks: own | "
      "late tasks: stolen | stolen tasks run by ranks slower than 1/4 (first start) |")
print("|---|---|---|---|---|---|---|")
for path in sys.argv[1:]:
    meta = os.path.splitext(path)[0] + ".json"
    try:
        with open(meta) as f:
            bound = json.load(f)["policies"][0]["lower_bound_s"]
    except (OSError, ValueError, KeyError, IndexError) as e:
        sys.exit(f"late.py: {meta}: the run's JSON (ladro-sim policy --json) is needed for "
                 f"its lower bound: {e}")
    with open(path) as f:
        rows = [r for r in csv.DictReader(line for line in f if not line.startswith("#"))]
    tasks = [r for r in rows if r["kind"] == "task"]
    if not tasks:
        sys.exit(f"late.py: {path}: no task rows (a ladro trace=FILE.csv of the run?)")
    dur = {}
    for r in tasks:
        dur.setdefault(int(r["rank"]), []).append(float(r["end"]) - float(r["start"]))
    shortest = min(min(d) for d in dur.values())
    speed = {rk: shortest / statistics.median(d) for rk, d in dur.items()}
    last = max(tasks, key=lambda r: float(r["end"]))
    late = {"local": {}, "stolen": {}}
    for r in tasks:
        if float(r["end"]) > 1.02 * bound:
            by = late.setdefault(r["what"], {})
            s = frac(speed[int(r["rank"])])
            by[s] = by.get(s, 0) + 1
    slow = [float(r["start"]) for r in tasks
            if r["what"] == "stolen" and speed[int(r["rank"])] < 0.25]

    def show(by):
        n = sum(by.values())
        parts = ", ".join(f"{v} at {k}" for k, v in sorted(by.items(), key=lambda kv: -kv[1]))
        return f"{n} ({parts})" if n else "0"

    lr = int(last["rank"])
    print(f"| {os.path.basename(path)} | {bound:g} | {float(last['end']):.3f} | {lr} ({frac(speed[lr])}), "
          f"{last['what']}, {float(last['start']):.2f}-{float(last['end']):.2f} | "
          f"{show(late['local'])} | {show(late['stolen'])} | "
          f"{len(slow)}" + (f" (from {min(slow):.2f} s)" if slow else "") + " |")
