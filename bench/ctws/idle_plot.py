#!/usr/bin/env python3
"""The CTWS paper's idle-time claim as a figure: mean idle time of static and ctws at 16
ranks on its contention workload, the paper's bars (its §V: 21.5 % and 4.5 %) next to
ladro's with the paper's configuration (ctws paper=1) and with ctws's default, from the
runs of bench/ctws/contention_sim.sh (simulated ranks, medians of the seeds). The values go
to a CSV first, so the figure can be redrawn from it alone.
usage: idle_plot.py OUT CSV SVG    (OUT: contention_sim.sh's run directory, 16 ranks,
                                    10 tasks per rank of 100 ms)
       idle_plot.py --csv CSV SVG  (redraw from the kept CSV)"""
import csv, glob, json, os, statistics as st, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import figure  # noqa: E402

PAPER = ("paper (16 nodes)", 21.5, 4.5, 78.4)  # CTWS paper §V: mean idle, static, CTWS; cut


def measure(out, csv_path):
    idle = {}
    for f in glob.glob(os.path.join(out, "p16-t10-w100-s*-*.json")):
        tag = f.rsplit("-", 1)[1][:-5]
        for row in json.load(open(f))["policies"]:
            if not row["verified"]:
                sys.exit(f"idle_plot.py: NOT VERIFIED: {f}")
            idle.setdefault((tag, row["policy"]), []).append(row["idle_mean"] * 100)
    if ("paper", "static") not in idle:
        sys.exit(f"idle_plot.py: no 16-rank runs of contention_sim.sh in {out}")
    m = lambda k: st.median(idle[k])
    n = len(idle[("paper", "static")])
    rows = [PAPER,
            ("ladro paper=1 (sim)", m(("paper", "static")), m(("paper", "ctws"))),
            ("ladro default (sim)", m(("paper", "static")), m(("default", "ctws")))]
    rows[1:] = [r + ((1 - r[2] / r[1]) * 100,) for r in rows[1:]]
    with open(csv_path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["source", "static_idle_pct", "ctws_idle_pct", "idle_cut_pct", "seeds"])
        for r in rows:
            w.writerow([r[0], f"{r[1]:.2f}", f"{r[2]:.2f}", f"{r[3]:.1f}", "" if r is PAPER else n])


def draw(csv_path, svg):
    rows = list(csv.DictReader(open(csv_path)))
    tmp = tempfile.mkdtemp()
    f = os.path.join(tmp, "idle.dat")
    with open(f, "w") as d:
        for i, r in enumerate(rows):
            s, c = float(r["static_idle_pct"]), float(r["ctws_idle_pct"])
            d.write(f'{i} {s} {c} {r["idle_cut_pct"]} "{r["source"]}"\n')
    seeds = next(r["seeds"] for r in rows if r["seeds"])
    script = f"""set terminal {'pngcairo' if svg.endswith('.png') else 'svg'} size 760,420 font 'sans,11'
set output '{svg}'
set title "CTWS contention workload, 16 ranks: mean idle time and its cut against static\\nladro: simulated ranks, medians of {seeds} seeds"
set style fill solid 0.9 noborder
set boxwidth 0.35
set yrange [0:30]
set xrange [-0.6:{len(rows) - 0.4}]
set ylabel 'mean idle time, % of the makespan'
set grid ytics
set key top right
plot '{f}' using ($1-0.19):2:xtic(5) with boxes lc rgb '#888888' title 'static', \\
     '' using ($1+0.19):3 with boxes lc rgb '#1f5fbf' title 'ctws', \\
     '' using ($1-0.19):($2+1):(sprintf('%.1f %%', $2)) with labels notitle, \\
     '' using ($1+0.19):($3+1):(sprintf('%.1f %% (-%.1f %%)', $3, $4)) with labels notitle
"""
    figure.gnuplot(script, svg)


if __name__ == "__main__":
    figure.main(measure, draw, 1, __doc__)
