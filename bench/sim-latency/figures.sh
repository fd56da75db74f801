#!/bin/sh
# Draw the simulator figures of docs/results.md, "Latency model (WS-latency paper)" (into docs/figures/sim/, or
# FIG) from the CSV files that bench/sim-latency/campaign.sh wrote to DATA. Needs gnuplot
# (pngcairo or svg). Run from the repository root.
# usage: bench/sim-latency/figures.sh [DATA]   (default build/results/sim-latency)
set -e
D="${FIG:-docs/figures/sim}"
DATA="${1:-build/results/sim-latency}"
mkdir -p "$D"
test -f "$DATA/accuracy_l262.csv" || { echo "figures.sh: no campaign data in $DATA (run bench/sim-latency/campaign.sh first)" >&2; exit 2; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
if gnuplot -e "set terminal" 2>&1 | grep -q pngcairo; then
    TERM_SET="set terminal pngcairo size 900,560 font 'sans,11'"; EXT=png
else
    TERM_SET="set terminal svg size 900,560"; EXT=svg
fi

# quartiles of column $2 of a list of numbers (R type 7), printed as "min q1 med q3 max"
quart() { sort -g | awk '{v[NR]=$1} END {
    n=NR; split("0 0.25 0.5 0.75 1", q, " ");
    for (i=1;i<=5;i++) { h=(n-1)*q[i]+1; lo=int(h); hi=(lo<n)?lo+1:lo; x=v[lo]+(h-lo)*(v[hi]-v[lo]); printf "%s%.6g", (i>1?" ":""), x }
    printf "\n" }'; }

# 1. accuracy ratio vs W/p (lambda 262): mean and quartile band per p
for p in 32 64 128 256; do
    awk -F, -v p=$p 'NR>1 && $2==p {print $7, $23, $24, $25}' $DATA/accuracy_l262.csv | sort -g > "$TMP/acc_$p.dat"
done
gnuplot <<GP
$TERM_SET
set output '$D/accuracy_vs_wp.$EXT'
set title "Accuracy ratio mean Cmax / (W/p + 3.6 l log2(W/2l)), l = 262, 1000 runs per point"
set xlabel "W/p"; set ylabel "measured / predicted"; set logscale x; set grid
set key bottom right
plot for [p in "32 64 128 256"] '$TMP/acc_'.p.'.dat' using 1:2:3:4 with yerrorlines title 'p = '.p, 1 with lines dt 2 lc rgb 'black' title 'prediction exact'
GP

# 1b. the paper's Fig. 5 overlay (lambda 262, W = 1e5..1e8, p = 32..256): the simulated
# makespan over W/p (mean, box = quartiles) against the paper's model W/p + 2c' l log2(W/2l)
# with its c' = 1.8, and with the c' fitted on these runs; always SVG
SPLIT_USED=$(cat "$DATA/split.txt" 2>/dev/null || echo ceil)
CFIT=$(awk -F, 'NR>1 { x=2*$3*log($1/(2*$3))/log(2); y=$8-$7; sxy+=x*y; sxx+=x*x } END { printf "%.3f", sxy/sxx }' $DATA/accuracy_l262.csv)
for p in 32 64 128 256; do
    awk -F, -v p=$p 'NR>1 && $2==p {print $7, $8/$7, $11/$7, $13/$7, $1, $3}' $DATA/accuracy_l262.csv | sort -g > "$TMP/f5_$p.dat"
done
gnuplot <<GP
set terminal svg size 900,560 font 'sans,11'
set output '$D/fig5_overlay.svg'
set title "WS-latency Fig. 5 set (l = 262, W = 1e5..1e8, 1000 runs per point, split $SPLIT_USED): Cmax / (W/p)\nsimulation (ladro-sim; points = mean, bars = quartiles) against the model W/p + 2c' l log2(W/2l)"
set xlabel "W/p"; set ylabel "makespan / (W/p)"; set logscale xy; set grid; set yrange [0.95:30]
set key top right
model(x, p, c) = 1 + 2*c*262*log(x*p/(2*262))/log(2)/x
plot for [i=1:4] '$TMP/f5_'.word("32 64 128 256",i).'.dat' using 1:2:3:4 with yerrorbars lc i pt 7 title 'sim p = '.word("32 64 128 256",i), \
     for [i=1:4] '$TMP/f5_'.word("32 64 128 256",i).'.dat' using 1:(model(\$1, \$5/\$1, 1.8)) with lines lc i dt 2 notitle, \
     for [i=1:4] '$TMP/f5_'.word("32 64 128 256",i).'.dat' using 1:(model(\$1, \$5/\$1, $CFIT)) with lines lc i dt 3 notitle, \
     NaN with lines lc rgb 'black' dt 2 title "paper's model, c' = 1.8", \
     NaN with lines lc rgb 'black' dt 3 title "model, c' = $CFIT fitted on these runs"
GP

# 2. fitted c' vs p (least squares of mean Cmax - W/p = c' 2l log2(W/2l)), per lambda and all
LAMS=$(awk -F, 'NR>1 {print $3}' $DATA/fit.csv | sort -gu | tr '\n' ' ')
awk -F, -v lams="$LAMS" 'NR>1 { W=$1; p=$2; l=$3; x=2*l*log(W/(2*l))/log(2); y=$8-$7;
    sxy[p","l]+=x*y; sxx[p","l]+=x*x; axy[p]+=x*y; axx[p]+=x*x; ps[p]=1 }
    END { n=split(lams, L, " "); for (p in ps) { printf "%s %.5f", p, axy[p]/axx[p];
            for (i=1;i<=n;i++) printf " %.5f", sxy[p","L[i]]/sxx[p","L[i]]; printf "\n" } }' \
    $DATA/fit.csv | sort -g > "$TMP/fit.dat"
gnuplot <<GP
$TERM_SET
set output '$D/fitted_constant_vs_p.$EXT'
set title "Fitted c' (mean Cmax = W/p + 2 c' l log2(W/2l)), W = 1e5..1e8, 200 runs per point"
set xlabel "p"; set ylabel "fitted c'"; set logscale x 2; set grid; set key outside right
lams = "$LAMS"
plot '$TMP/fit.dat' using 1:2 with linespoints lw 3 lc rgb 'black' title 'all lambda', \
     for [i=1:words(lams)] '$TMP/fit.dat' using 1:(column(i+2)) with linespoints title 'l = '.word(lams,i), \
     1.8 with lines dt 2 lc rgb 'red' title "paper c' = 1.8"
GP

# 3. limit latency vs W/p
awk -F, 'NR>1 {print $3, $7, $9, $10, $2}' $DATA/limit.csv | sort -g > "$TMP/limit.dat"
gnuplot <<GP
$TERM_SET
set output '$D/limit_latency_vs_wp.$EXT'
set title "Largest latency with mean Cmax <= 1.1 W/p (W = 1e5..1e8, p = 32..256, 100 runs per test)"
set xlabel "W/p"; set ylabel "limit latency"; set logscale xy; set grid; set key top left
plot '$TMP/limit.dat' using 1:2 with points pt 7 ps 1.2 title 'measured (search)', \
     '$TMP/limit.dat' using 1:3 with linespoints pt 6 title 'formula W/p + 3.6 l log2(W/2l) = 1.1 W/p', \
     '$TMP/limit.dat' using 1:4 with lines dt 2 title 'paper: l = (W/p)/470'
GP

# 4. MWT/SWT ratio of the startup phase and of the makespan, per p (same seeds: run by run)
: > "$TMP/ratio.dat"
for p in 8 16 32 64 128 256; do
    paste -d, $DATA/startup_p${p}_mwt.csv $DATA/startup_p${p}_swt.csv | awk -F, 'NR>1 {print $11/$24}' | quart > "$TMP/q"
    paste -d, $DATA/startup_p${p}_mwt.csv $DATA/startup_p${p}_swt.csv | awk -F, 'NR>1 {print $7/$20}' | quart > "$TMP/m"
    echo "$p $(cat "$TMP/q") $(cat "$TMP/m")" >> "$TMP/ratio.dat"
done
gnuplot <<GP
$TERM_SET
set output '$D/mwt_swt_startup.$EXT'
set title "MWT / SWT, same seeds run by run (W = 1e8, l = 250, 1000 runs): box = quartiles, whiskers = min..max"
set xlabel "p"; set ylabel "ratio MWT / SWT"; set logscale x 2; set grid; set key bottom left
set boxwidth 0.15 relative
set xrange [5:400]
plot '$TMP/ratio.dat' using 1:3:2:6:5 with candlesticks whiskerbars lc rgb 'blue' title 'startup phase', \
     '$TMP/ratio.dat' using 1:4:4:4:4 with candlesticks lc rgb 'blue' notitle, \
     '$TMP/ratio.dat' using (\$1*1.25):8:7:11:10 with candlesticks whiskerbars lc rgb 'red' title 'makespan', \
     '$TMP/ratio.dat' using (\$1*1.25):9:9:9:9 with candlesticks lc rgb 'red' notitle, \
     1 with lines dt 2 lc rgb 'black' notitle
GP
cp "$TMP/ratio.dat" $DATA/mwt_swt_ratio_quartiles.dat
cp "$TMP/fit.dat" $DATA/fitted_constant_per_p.dat
echo "figures.sh: $(ls $D/*.$EXT $D/fig5_overlay.svg | tr '\n' ' ')"
