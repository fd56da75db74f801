#!/bin/sh
# Efficiency under SimGrid SMPI vs ladro-sim, per policy and rank count (docs/results.md,
# "SimGrid SMPI"). Input: the CSV of bench/smpi/compare.py.
# Usage: sh bench/smpi/plot.sh [COMPARE.csv [OUT.svg]]   (from the repository root;
#        defaults docs/figures/smpi/compare.csv, docs/figures/smpi/efficiency.svg)
set -e
in=${1:-docs/figures/smpi/compare.csv}
svg=${2:-docs/figures/smpi/efficiency.svg}
[ -f "$in" ] || { echo "plot.sh: $in not found" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# policy-ranks, efficiency to LADRO_DONE under SMPI and under ladro-sim
awk -F, 'NR > 1 { print $1 "-" $2, $10, $11 }' "$in" > "$tmp/efficiency.dat"
gnuplot <<GP
set terminal svg size 1100,500 font "Helvetica,12" background "white"
set output "$svg"
set title "Efficiency (lower bound / time to LADRO_DONE): SimGrid SMPI vs ladro-sim on the same platform, gauss70-10, 8 tasks/rank of 2 ms"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set yrange [0:1.1]
set ylabel "efficiency"
set xtics rotate by -40 scale 0
set key top center horizontal noenhanced
set rmargin 6
set bmargin 6
set grid ytics
plot "$tmp/efficiency.dat" using 2:xtic(1) title "SMPI (the real MPI code)" lc rgb "#4c72b0", \
     "" using 3 title "ladro-sim (same platform file, one cost set)" lc rgb "#dd8452"
GP
echo "$svg"
