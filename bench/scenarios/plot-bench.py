#!/usr/bin/env python3
"""Plot ladro-bench output with gnuplot (SVG).

usage: plot-bench.py RUNS.csv RANKS.csv OUTDIR [--prefix NAME]

Writes OUTDIR/NAME-efficiency.svg (median efficiency per policy and configuration),
OUTDIR/NAME-idle-per-rank.svg (mean idle fraction of the makespan per rank, one panel per
configuration would be too many: the first configuration, or --config SPEED/TPR), and
OUTDIR/NAME-gain.svg (the A2WS eq. 13 gain matrix of each configuration as a heat-map).
RUNS.csv is ladro-bench --csv, RANKS.csv is ladro-bench --ranks-csv."""
import argparse, csv, os, statistics, subprocess, sys, tempfile
from collections import OrderedDict, defaultdict


def die(msg):
    sys.exit(f"plot-bench: {msg}")


ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument("runs")
ap.add_argument("ranks")
ap.add_argument("outdir")
ap.add_argument("--prefix", default="bench")
ap.add_argument("--config", help="SPEED/TASKS_PER_RANK for the per-rank plot (default: first)")
a = ap.parse_args()
need = {"scenario", "policy", "speed", "tasks_per_rank", "makespan", "lower_bound", "efficiency"}
try:
    runs = list(csv.DictReader(open(a.runs)))
    ranks = list(csv.DictReader(open(a.ranks)))
except OSError as e:
    die(f"cannot read input: {e}")
if not runs or not need <= set(runs[0]):
    die(f"{a.runs}: not a ladro-bench --csv file (columns {sorted(need)} expected)")
if not ranks or "idle_frac" not in ranks[0]:
    die(f"{a.ranks}: not a ladro-bench --ranks-csv file (column idle_frac expected)")
os.makedirs(a.outdir, exist_ok=True)

confs = list(OrderedDict.fromkeys((r["speed"], r["tasks_per_rank"]) for r in runs))
pols = list(OrderedDict.fromkeys(r["policy"] for r in runs))
mk = defaultdict(list)
for r in runs:
    mk[(r["speed"], r["tasks_per_rank"], r["policy"])].append(r)


def med(conf, pol, field):
    v = [float(r[field]) for r in mk[(conf[0], conf[1], pol)]]
    return statistics.median(v) if v else float("nan")


nranks = runs[0]["ranks"]
scen = runs[0]["scenario"]
tmp = tempfile.mkdtemp()
gp = []

# 1. efficiency: clustered bars, one cluster per configuration
with open(f"{tmp}/eff.dat", "w") as f:
    f.write("config " + " ".join(pols) + "\n")
    for c in confs:
        eff = [med(c, p, "lower_bound") / med(c, p, "makespan") for p in pols]
        f.write(f'"{c[0]}/{c[1]}" ' + " ".join(f"{e:.4f}" for e in eff) + "\n")
gp.append(f"""
set terminal svg size 900,420 dynamic font 'sans,11' background '#ffffff'
set output '{a.outdir}/{a.prefix}-efficiency.svg'
set title "ladro-bench {scen}, {nranks} ranks: efficiency = lower bound / median makespan"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set yrange [0:1.05]
set ylabel 'efficiency'
set xlabel 'speed profile / tasks per rank'
set key outside right top
set grid ytics
plot for [i=2:{len(pols) + 1}] '{tmp}/eff.dat' using i:xtic(1) title columnheader(i)
unset xlabel
""")

# 2. idle fraction per rank for one configuration (mean over repeats)
pick = confs[0]
if a.config:
    sp, _, tpr = a.config.rpartition("/")
    if (sp, tpr) not in confs:
        die(f"--config {a.config}: not in the data (have {', '.join(s + '/' + t for s, t in confs)})")
    pick = (sp, tpr)
idle = defaultdict(list)
for r in ranks:
    if (r["speed"], r["tasks_per_rank"]) == pick:
        idle[(int(r["rank"]), r["policy"])].append(float(r["idle_frac"]))
nr = max(k[0] for k in idle) + 1 if idle else 0
with open(f"{tmp}/idle.dat", "w") as f:
    f.write("rank " + " ".join(pols) + "\n")
    for k in range(nr):
        f.write(f"{k} " + " ".join(f"{100 * statistics.mean(idle[(k, p)]):.2f}" if idle[(k, p)] else "0"
                                   for p in pols) + "\n")
gp.append(f"""
set output '{a.outdir}/{a.prefix}-idle-per-rank.svg'
set title "idle time per rank, speed {pick[0]}, {pick[1]} tasks per rank (mean of repeats)"
set yrange [0:*]
set ylabel 'idle % of the makespan'
set xlabel 'rank'
plot for [i=2:{len(pols) + 1}] '{tmp}/idle.dat' using i:xtic(1) title columnheader(i)
unset xlabel
""")

# 3. gain heat-maps: one panel per configuration
with open(f"{tmp}/gain.dat", "w") as f:
    for ci, c in enumerate(confs):
        for i, p in enumerate(pols):
            for j, q in enumerate(pols):
                g = 100 * (1 - med(c, p, "makespan") / med(c, q, "makespan"))
                f.write(f"{j} {i} {g:.2f}\n")
            f.write("\n")
        f.write("\n\n")
cols = min(len(confs), 3)
rows = (len(confs) + cols - 1) // cols
labels = ", ".join(f'"{p}" {i}' for i, p in enumerate(pols))
gp.append(f"""
reset
set terminal svg size {360 * cols + 80},{330 * rows + 40} dynamic font 'sans,10' background '#ffffff'
set output '{a.outdir}/{a.prefix}-gain.svg'
set multiplot layout {rows},{cols} title "gain % of row over column (A2WS eq. 13: 1 - median(row)/median(column)), {nranks} ranks"
set palette defined (-1 '#b2182b', 0 '#f7f7f7', 1 '#2166ac')
set cbrange [-50:50]
set xtics ({labels}) rotate by 45 right
set ytics ({labels})
set xrange [-0.5:{len(pols) - 0.5}]
set yrange [{len(pols) - 0.5}:-0.5]
unset key
""")
for ci, c in enumerate(confs):
    gp.append(f"""set title "speed {c[0]}, {c[1]} tasks/rank"
plot '{tmp}/gain.dat' index {ci} using 1:2:3 with image pixels, '' index {ci} using 1:2:(sprintf('%.0f',$3)) with labels font ',11'
""")
gp.append("unset multiplot\n")
with open(f"{tmp}/plot.gp", "w") as f:
    f.write("\n".join(gp))
try:
    subprocess.run(["gnuplot", f"{tmp}/plot.gp"], check=True)
except (OSError, subprocess.CalledProcessError) as e:
    die(f"gnuplot failed ({e}); is gnuplot installed (apt-get install gnuplot-nox)?")
for s in ("efficiency", "idle-per-rank", "gain"):
    print(f"plot-bench: wrote {a.outdir}/{a.prefix}-{s}.svg")
