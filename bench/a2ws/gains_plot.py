#!/usr/bin/env python3
"""The A2WS paper's Tables 3-4 as a figure: the gain of a2ws over leader (LW) and over ctws
in each of the 25 cells (C1-C5 x 480-7680 tasks), three bars per cell: the paper's, ladro's
with the papers' configurations (bench/a2ws/tables.sh with PAPER=1) and ladro's defaults
(tables.sh). The gains go to a CSV first, so the figure can be redrawn from it alone.
usage: gains_plot.py DEFAULT_OUT PAPER_OUT CSV SVG    (the run directories of tables.sh)
       gains_plot.py --csv CSV SVG                     (redraw from the kept CSV)"""
import csv, os, sys, tempfile

here = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [here, os.path.dirname(here)]
import figure  # noqa: E402
from tables import CONFIGS, PAPER, RANKS, TASKS, load, med  # noqa: E402

FIELDS = ["config", "ranks", "tasks", "over", "paper", "ladro_paper", "ladro_default"]


def measure(default_out, paper_out, csv_path):
    sets = []
    for d in (paper_out, default_out):
        runs, bad = load(d)
        if bad:
            sys.exit("gains_plot.py: NOT VERIFIED: " + " ".join(bad))
        sets.append(runs)
    rows = []
    for over in ("leader", "ctws"):
        for c in CONFIGS:
            for t in TASKS:
                row = {"config": c, "ranks": RANKS[c], "tasks": t, "over": over,
                       "paper": PAPER[over][t][CONFIGS.index(c)]}
                for name, runs in zip(("ladro_paper", "ladro_default"), sets):
                    a, o = med(runs, c, t, "a2ws"), med(runs, c, t, over)
                    row[name] = f"{(1 - a / o) * 100:.2f}" if a and o else ""
                rows.append(row)
    figure.write_csv(csv_path, FIELDS, rows)


def draw(csv_path, svg):
    rows = list(csv.DictReader(open(csv_path)))
    tmp = tempfile.mkdtemp()
    blocks = []
    for over in ("leader", "ctws"):
        f = os.path.join(tmp, over + ".dat")
        with open(f, "w") as d:
            for i, r in enumerate(x for x in rows if x["over"] == over):
                # x: 6 slots per configuration (5 task counts and a gap)
                x = CONFIGS.index(r["config"]) * 6 + TASKS.index(int(r["tasks"]))
                v = [r[k] if r[k] != "" else "NaN" for k in ("paper", "ladro_paper", "ladro_default")]
                d.write(f"{x} {' '.join(v)}\n")
        blocks.append((over, f))
    tics = ", ".join(f"'{c} ({RANKS[c]})' {CONFIGS.index(c) * 6 + 2}" for c in CONFIGS)
    minor = ", ".join(f"'{t // 10 * 10 if t < 1000 else t}' {CONFIGS.index(c) * 6 + j}"
                      for c in CONFIGS for j, t in enumerate(TASKS))
    plots = []
    script = [f"set terminal {'pngcairo' if svg.endswith('.png') else 'svg'} size 960,720 font 'sans,10'", f"set output '{svg}'", "set bmargin 3",
              "set multiplot layout 2,1", "set style fill solid 0.9 noborder",
              "set yrange [-215:40]", "set xrange [-1:29]", "set grid ytics",
              "set ylabel 'gain of a2ws, %'", "set key bottom center horizontal",
              "set boxwidth 0.27", "set xzeroaxis lt -1",
              f"set xtics ({tics}) offset 0,-1.2 nomirror",
              f"set x2tics ({minor}) rotate by 90 font 'sans,7' offset 0,0 nomirror",
              "set x2range [-1:29]", "set x2tics scale 0",
              "set label 1 'tasks in all: 480, 960, 1920, 3840, 7680 in each group' at graph 0.01, graph 0.22 font 'sans,8'"]
    for over, f in blocks:
        name = "LW (leader)" if over == "leader" else "CTWS"
        script.append(f"set title 'A2WS Table {3 if over == 'leader' else 4}: gain over {name} per cell "
                      "(C1-C5, 8-128 ranks; simulated, medians of the seeds)'")
        script.append(f"plot '{f}' using ($1-0.28):2 with boxes lc rgb '#888888' title 'paper', "
                      f"'' using 1:3 with boxes lc rgb '#1f5fbf' title 'ladro, paper=1', "
                      f"'' using ($1+0.28):4 with boxes lc rgb '#e08020' title 'ladro, default'")
    script.append("unset multiplot")
    figure.gnuplot("\n".join(script), svg)


if __name__ == "__main__":
    figure.main(measure, draw, 2, __doc__)
