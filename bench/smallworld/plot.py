#!/usr/bin/env python3
"""Weak-scaling plot (TITUS_DLB Fig. 3 style) from bench/smallworld/weak.sh's weak.csv:
efficiency (median) against ranks, one line per profile, smallworld solid, random dashed.
usage: plot.py weak.csv out.svg"""
import csv, subprocess, sys, tempfile, os
rows = list(csv.DictReader(open(sys.argv[1])))
out = sys.argv[2]
profiles = sorted({r['profile'] for r in rows}, key=lambda p: (-float(p.split('s')[0]), p))
tmp = tempfile.mkdtemp()
plots = []
for i, prof in enumerate(profiles):
    for pol, dash in (('smallworld', 1), ('random', 2)):
        pts = sorted((int(r['ranks']), float(r['efficiency_median']))
                     for r in rows if r['profile'] == prof and r['policy'] == pol)
        if not pts:
            continue
        f = os.path.join(tmp, f'{prof}-{pol}.dat')
        with open(f, 'w') as d:
            for x, y in pts:
                d.write(f'{x} {y}\n')
        plots.append(f"'{f}' using 1:2 with linespoints lc {i + 1} dt {dash} pt {6 + dash} "
                     f"title '{prof} {pol}'")
script = f"""set terminal svg size 760,480 font 'sans,11'
set output '{out}'
set title 'weak scaling, gauss70-10, median of 5'
set xlabel 'ranks (oversubscribed on 2 cores)'
set ylabel 'efficiency = (total work / P) / makespan'
set logscale x 2
set yrange [0:1.05]
set key outside right
set grid
plot {', '.join(plots)}
"""
subprocess.run(['gnuplot'], input=script.encode(), check=True)
print(out)
