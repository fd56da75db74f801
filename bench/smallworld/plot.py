#!/usr/bin/env python3
"""Weak-scaling figure (TITUS_DLB Fig. 3 style). Left: real ranks, from bench/smallworld/
weak.sh's weak.csv: efficiency (median) against ranks, one line per profile, smallworld
solid, random dashed. Right (when SIM_CSV is given): simulated ranks at the paper's scale,
from bench/smallworld/paper_sim.sh's paper_sim.csv: smallworld with paper=1 (solid) and
by default (dashed) per profile, and the paper's Fig. 3 claim, efficiency >= 0.88 up to
3 584 processes, as a reference line.
usage: plot.py weak.csv [paper_sim.csv] out.svg"""
import csv, subprocess, sys, tempfile, os

if len(sys.argv) not in (3, 4):
    sys.exit(__doc__)
rows = list(csv.DictReader(open(sys.argv[1])))
sim = list(csv.DictReader(open(sys.argv[2]))) if len(sys.argv) == 4 else []
out = sys.argv[-1]
PAPER_EFF, PAPER_MAXP = 0.88, 3584  # TITUS_DLB Fig. 3: weak-scaling efficiency to 3 584 processes
order = lambda p: (-float(p.split('s')[0]), p)
tmp = tempfile.mkdtemp()
colour = {p: i + 1 for i, p in enumerate(sorted({r['profile'] for r in rows + sim}, key=order))}


def series(rs, key, colkey, pairs, xcol, ycol, tag):
    plots = []
    for prof in sorted({r['profile'] for r in rs}, key=order):
        for val, dash, name in pairs:
            pts = sorted((int(r[xcol]), float(r[ycol]))
                         for r in rs if r['profile'] == prof and r[colkey] == val)
            if not pts:
                continue
            f = os.path.join(tmp, f'{tag}-{prof}-{val}.dat')
            with open(f, 'w') as d:
                for x, y in pts:
                    d.write(f'{x} {y}\n')
            plots.append(f"'{f}' using 1:2 with linespoints lc {colour[prof]} dt {dash} pt {6 + dash} "
                         f"title '{prof} {name}'")
    return plots


real = series(rows, 'profile', 'policy', (('smallworld', 1, 'smallworld'), ('random', 2, 'random')),
              'ranks', 'efficiency_median', 'real')
script = f"""set terminal svg size {1200 if sim else 760},480 font 'sans,11'
set output '{out}'
{'set multiplot layout 1,2' if sim else ''}
set title 'real ranks: weak scaling, gauss70-10, median of 5'
set xlabel 'ranks (oversubscribed on 2 cores)'
set ylabel 'efficiency = (total work / P) / makespan'
set logscale x 2
set yrange [0:1.05]
set key {'bottom left font "sans,9"' if sim else 'outside right'}
set grid
plot {', '.join(real)}
"""
if sim:
    ps = sorted({int(r['p']) for r in sim})
    simp = series(sim, 'profile', 'config', (('paper', 1, 'paper=1'), ('default', 2, 'default')),
                  'p', 'efficiency', 'sim')
    script += f"""set title "simulated ranks (ladro-sim, idle ranks spin, seed 1): smallworld\\ntasks per process x 0.02, every result home and checked"
set xlabel 'simulated ranks'
set xrange [{ps[0] / 1.3}:{ps[-1] * 1.3}]
set xtics ({', '.join(str(p) for p in ps)})
set key bottom left font 'sans,9'
plot {', '.join(simp)}, \\
     (x <= {PAPER_MAXP} ? {PAPER_EFF} : 1/0) lc rgb '#c03030' dt 3 lw 2 title 'paper, Fig. 3: >= 0.88 to 3 584'
unset multiplot
"""
subprocess.run(['gnuplot'], input=script.encode(), check=True)
print(out)
