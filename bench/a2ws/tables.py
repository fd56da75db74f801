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
                # an entry with keys (a2ws:paper=1) counts as its policy
                key = (row["speed"], row["tasks_per_rank"] * row["ranks"], row["policy"].split(":")[0])
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


def main():
    out = sys.argv[1]
    runs, bad = load(out)
    if not runs:
        sys.exit(f"tables.py: no runs in {out}")
    configs = [c for c in CONFIGS if any(k[0] == c for k in runs)]
    for other, name in (("leader", "Table 3: gain of a2ws over leader (LW)"),
                        ("ctws", "Table 4: gain of a2ws over ctws")):
        print(f"\n{name}, % (ladro / paper); median makespan of the seeds run")
        print("| tasks | " + " | ".join(f"{RANKS[c]} ({c})" for c in configs) + " |")
        print("|---" * (len(configs) + 1) + "|")
        for t in TASKS:
            cells = []
            for c in configs:
                i = CONFIGS.index(c)
                a, o = med(runs, c, t, "a2ws"), med(runs, c, t, other)
                g = f"{(1 - a / o) * 100:+.1f}" if a and o else "–"
                cells.append(f"{g} / {PAPER[other][t][i]:+.1f}")
            print(f"| {t} | " + " | ".join(cells) + " |")
    print("\nmedian makespan (s) per cell and policy; a2ws / best of those run; best of the three")
    print("| config | tasks | runs | " + " | ".join(["a2ws", "leader", "ctws", "best other", "a2ws/best", "best of three"]) + " |")
    print("|---" * 9 + "|")
    for c in configs:
        for t in TASKS:
            pols = sorted({k[2] for k in runs if k[0] == c and k[1] == t})
            if "a2ws" not in pols:
                continue
            m = {p: med(runs, c, t, p) for p in pols}
            others = {p: v for p, v in m.items() if p != "a2ws"}
            best = min(others, key=others.get) if others else None
            three = min((p for p in ("a2ws", "leader", "ctws") if p in m), key=m.get)
            f = lambda p: f"{m[p]:.3f}" if p in m else "–"
            print(f"| {c} | {t} | {len(runs[(c, t, 'a2ws')])} | {f('a2ws')} | {f('leader')} | {f('ctws')} | "
                  f"{best} {m[best]:.3f} | {m['a2ws'] / min(m.values()):.3f} | {three} |" if best else "")
    if bad:
        print("\nNOT VERIFIED (a task lost or run twice):", " ".join(bad))
        sys.exit(1)


if __name__ == "__main__":
    main()
