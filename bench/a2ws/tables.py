#!/usr/bin/env python3
"""Summarize bench/a2ws/tables.sh (simulated ranks, one JSON per run) or tables_real.sh
(real ranks, ladro-bench's JSON): per cell (configuration, total tasks) the median makespan
over the seeds or repeats of every policy run, the gain of a2ws over leader (LW, the paper's Table 3) and
over ctws (Table 4) next to the paper's numbers, and where all eight ran, a2ws's ratio to
the best policy.   python3 bench/a2ws/tables.py OUT"""
import fnmatch, glob, json, os, statistics, sys

# The A2WS paper's Tables 3 (gain over LW) and 4 (over CTWS), %: rows = total tasks,
# columns = 8, 16, 32, 64, 128 nodes.
PAPER = {
    "leader": {480: [16.0, 10.5, 3.9, -113.9, -94.1], 960: [17.1, 8.5, 10.0, 22.2, -115.3],
               1920: [14.8, 8.5, 2.3, 10.5, -0.0], 3840: [12.3, 7.9, 7.4, 5.8, 10.1],
               7680: [14.9, 7.5, 5.9, 6.2, 6.0]},
    "ctws": {480: [5.88, 6.73, 3.75, -116.27, -95.01], 960: [1.84, 7.31, 9.43, 21.88, -116.04],
             1920: [0.70, 2.14, 2.20, 10.08, -0.03], 3840: [-0.96, 3.25, 2.73, 5.96, 10.15],
             7680: [2.06, 1.40, 2.89, 6.14, 5.89]},
}
CONFIGS = ["C1", "C2", "C3", "C4", "C5"]
RANKS = {"C1": 8, "C2": 16, "C3": 32, "C4": 64, "C5": 128}
TASKS = [480, 960, 1920, 3840, 7680]


def load(out):
    runs = {}  # (config, tasks, policy) -> [makespan per seed or repeat]
    bad = []
    for f in sorted(glob.glob(os.path.join(out, "*.json"))):
        d = json.load(open(f))
        if "results" in d:  # ladro-bench --json: one object per run
            for row in d["results"]:
                if not row["verified"]:
                    bad.append(f"{f}: {row['policy']} {row['speed']} repeat {row['repeat']}")
                # the whole label: a2ws and a2ws:paper=1 are two entries
                key = (row["speed"], row["tasks_per_rank"] * row["ranks"], row["policy"])
                runs.setdefault(key, []).append(row["makespan"])
            continue
        if not fnmatch.fnmatch(os.path.basename(f), "C*-t*-s*-*.json"):
            continue  # not a run of tables.sh
        c, t, s, pol = os.path.basename(f)[:-5].split("-", 3)  # ladro-sim policy --json
        for row in d["policies"]:
            if not row["verified"]:
                bad.append(f)
            runs.setdefault((c, int(t[1:]), row["policy"]), []).append(row["makespan_s"])
    return runs, bad


def med(runs, c, t, pol):
    v = runs.get((c, t, pol))
    return statistics.median(v) if v else None


def table(runs, configs, a2, o, other, name):
    print(f"\n{name}, % (ladro / paper); median makespan of the seeds run")
    print("| tasks | " + " | ".join(f"{RANKS[c]} ({c})" for c in configs) + " |")
    print("|---" * (len(configs) + 1) + "|")
    for t in TASKS:
        cells = []
        for c in configs:
            a, m = med(runs, c, t, a2), med(runs, c, t, o)
            g = f"{(1 - a / m) * 100:+.1f}" if a and m else "–"
            cells.append(f"{g} / {PAPER[other][t][CONFIGS.index(c)]:+.1f}")
        print(f"| {t} | " + " | ".join(cells) + " |")


def main():
    out = sys.argv[1]
    runs, bad = load(out)
    if not runs:
        sys.exit(f"tables.py: no runs in {out}")
    configs = [c for c in CONFIGS if any(k[0] == c for k in runs)]
    labels = sorted({k[2] for k in runs})
    family = lambda f: [l for l in labels if l.split(":")[0] == f]
    for other, name in (("leader", "Table 3: gain of {a} over {o} (LW)"),
                        ("ctws", "Table 4: gain of {a} over {o}")):
        for a2 in family("a2ws"):
            for o in family(other):
                table(runs, configs, a2, o, other, name.format(a=a2, o=o))
    print("\nmedian makespan (s) per cell and entry; the cell's best")
    print("| config | tasks | runs | " + " | ".join(labels) + " | best |")
    print("|---" * (len(labels) + 4) + "|")
    for c in configs:
        for t in TASKS:
            m = {l: med(runs, c, t, l) for l in labels}
            if not any(m.values()):
                continue
            best = min((l for l in labels if m[l]), key=m.get)
            n = max(len(runs.get((c, t, l), [])) for l in labels)
            cells = " | ".join(f"{m[l]:.3f}" if m[l] else "–" for l in labels)
            print(f"| {c} | {t} | {n} | {cells} | {best} |")
    if bad:
        print("\nNOT VERIFIED (a task lost or run twice):", " ".join(bad))
        sys.exit(1)


if __name__ == "__main__":
    main()
