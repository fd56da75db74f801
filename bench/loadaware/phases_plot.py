#!/usr/bin/env python3
"""SuccessOnlyWS's claims as a figure: SuccessOnlyWS against BaselineWS, both with paper=1
(the communication worker beside the computation workers of every rank), on UTS and
N-Queens at 64-1 024 simulated ranks (the runs of bench/loadaware/paper_sim.sh), four
panels against ranks, each with the paper's value as a reference line: failed remote
steals per run (the paper: 0 for SuccessOnlyWS), search phases that contacted at most 2
victims (>= 85 %), cyclic steals (<= 0.2 % of the successful steals) and the gain of
SuccessOnlyWS over BaselineWS ((1 - median(successonly) / median(baseline)) x 100 %,
A2WS eq. 13; the paper: 3-7 %), medians with the per-seed spread. The values go to a CSV
first, so the figure can be redrawn from it alone.
usage: phases_plot.py OUT CSV SVG    (OUT: paper_sim.sh's run directory)
       phases_plot.py --csv CSV SVG  (redraw from the kept CSV)"""
import csv, glob, json, os, re, statistics as st, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import figure  # noqa: E402

APPS = ("uts", "nqueens")
FIELDS = ["app", "ranks", "policy", "seeds", "makespan_median_s", "gain_pct", "gain_min_pct",
          "gain_max_pct", "failed_per_run", "phases_le2_pct", "cyclic_pct"]
# the SuccessOnlyWS paper's claims (docs/policies/successonly.md)
PAPER_GAIN = (3.0, 7.0)
PAPER_LE2 = 85.0
PAPER_CYCLIC = 0.2


def measure(out, csv_path):
    runs = {}  # (app, ranks) -> seed -> policy -> row
    for f in glob.glob(os.path.join(out, "*_t*_p*_s*.json")):
        m = re.match(r"(uts|nqueens)_t\d+_p(\d+)_s(\d+)\.json$", os.path.basename(f))
        if not m:
            continue
        for x in json.load(open(f))["policies"]:
            if x["verified"] is not True:
                sys.exit(f"phases_plot.py: NOT VERIFIED: {f} {x['policy']}")
            runs.setdefault((m[1], int(m[2])), {}).setdefault(int(m[3]), {})[x["policy"]] = x
    if not runs:
        sys.exit(f"phases_plot.py: no runs of paper_sim.sh in {out}")
    rows = []
    for (app, p) in sorted(runs, key=lambda k: (APPS.index(k[0]), k[1])):
        seeds = sorted(s for s, r in runs[(app, p)].items()
                       if "baseline" in r and "successonly" in r)
        bm = st.median(runs[(app, p)][s]["baseline"]["makespan_s"] for s in seeds)
        for pol in ("baseline", "successonly"):
            xs = [runs[(app, p)][s][pol] for s in seeds]
            c = [x["counters"] for x in xs]
            ph = sum(k["search_phases"] for k in c)
            le2 = sum(k["victims_0"] + k["victims_1"] + k["victims_2"] for k in c)
            ok = sum(x["steals_ok"] for x in xs)
            row = {"app": app, "ranks": p, "policy": pol, "seeds": len(seeds),
                   "makespan_median_s": "%.6f" % st.median(x["makespan_s"] for x in xs),
                   "failed_per_run": "%.1f" % st.mean(x["steals_failed"] for x in xs),
                   "phases_le2_pct": "%.2f" % (100 * le2 / max(1, ph)),
                   "cyclic_pct": "", "gain_pct": "", "gain_min_pct": "", "gain_max_pct": ""}
            if pol == "successonly":
                sm = st.median(x["makespan_s"] for x in xs)
                g = [100 * (1 - runs[(app, p)][s]["successonly"]["makespan_s"] /
                            runs[(app, p)][s]["baseline"]["makespan_s"]) for s in seeds]
                row.update(gain_pct="%.2f" % (100 * (1 - sm / bm)), gain_min_pct="%.2f" % min(g),
                           gain_max_pct="%.2f" % max(g),
                           cyclic_pct="%.3f" % (100 * sum(k["cyclic_steals"] for k in c) /
                                                max(1, ok)))
            rows.append(row)
    figure.write_csv(csv_path, FIELDS, rows)


def draw(csv_path, svg):
    rows = list(csv.DictReader(open(csv_path)))
    tmp = tempfile.mkdtemp()
    dat = {}
    for app in APPS:
        for pol in ("baseline", "successonly"):
            f = os.path.join(tmp, f"{app}-{pol}.dat")
            with open(f, "w") as d:
                for r in rows:
                    if r["app"] == app and r["policy"] == pol:
                        v = [r[k] or "NaN" for k in ("failed_per_run", "phases_le2_pct",
                                                     "cyclic_pct", "gain_pct", "gain_min_pct",
                                                     "gain_max_pct")]
                        d.write(f"{r['ranks']} {' '.join(v)}\n")
            dat[(app, pol)] = f
    seeds = max(int(r["seeds"]) for r in rows)
    ranks = sorted({int(r["ranks"]) for r in rows})
    lc = {"baseline": "'#888888'", "successonly": "'#1f5fbf'"}
    dt = {"uts": 1, "nqueens": 2}
    name = {"uts": "UTS", "nqueens": "N-Queens"}

    def lines(col, pols, key=False):  # the first panel's key names every line
        return ", ".join(f"'{dat[(a, p)]}' using 1:{col} with linespoints lc rgb {lc[p]} "
                         f"dt {dt[a]} pt {6 + dt[a]} lw 1.5 "
                         + (f"title '{name[a]} {p}'" if key else "notitle")
                         for a in APPS for p in pols)

    paper = "lc rgb '#c03030' dt 3 lw 2"
    script = f"""set terminal {'pngcairo' if svg.endswith('.png') else 'svg'} size 980,720 font 'sans,10'
set output '{svg}'
set multiplot layout 2,2 title "SuccessOnlyWS vs BaselineWS, both paper=1 (communication worker + 2 computation workers per rank)\\nladro-sim, UTS T1L and N-Queens 15, up to {seeds} seeds per point; red dotted: the paper's value"
set logscale x 2
set xrange [{ranks[0] / 1.3}:{ranks[-1] * 1.3}]
set xtics ({', '.join(str(p) for p in ranks)})
set xlabel 'simulated ranks'
set grid
set key top left font 'sans,9'
set title 'failed remote steals per run (paper: 0 for SuccessOnlyWS)'
set ylabel 'failed steals'
set yrange [-100:*]
plot {lines(2, ("baseline", "successonly"), True)}, 0 {paper} title 'paper: 0'
set title 'search phases with <= 2 victims (paper: >= 85 %)'
set ylabel '% of search phases'
set yrange [0:105]
set key center right
plot {lines(3, ("baseline", "successonly"))}, {PAPER_LE2} {paper} title 'paper: 85 %'
set title 'cyclic steals, SuccessOnlyWS (paper: <= 0.2 %)'
set ylabel '% of successful steals'
set logscale y
set yrange [0.05:200]
set key top right
plot {lines(4, ("successonly",))}, {PAPER_CYCLIC} {paper} title 'paper: 0.2 %'
unset logscale y
set title 'gain of SuccessOnlyWS over BaselineWS (paper: 3-7 %)'
set ylabel 'gain, % (median; bars: seeds min-max)'
set yrange [*:*]
set key bottom left
plot {lines(5, ("successonly",))}, \\
     '{dat[("uts", "successonly")]}' using ($1*0.97):5:6:7 with yerrorbars lc rgb {lc['successonly']} pt 0 notitle, \\
     '{dat[("nqueens", "successonly")]}' using ($1*1.03):5:6:7 with yerrorbars lc rgb '#5f9fff' pt 0 notitle, \\
     {PAPER_GAIN[0]} {paper} title 'paper: 3-7 %', {PAPER_GAIN[1]} {paper} notitle
unset multiplot
"""
    figure.gnuplot(script, svg)


if __name__ == "__main__":
    figure.main(measure, draw, 1, __doc__)
