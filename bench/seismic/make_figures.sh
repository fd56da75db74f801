#!/bin/sh
# Regenerates docs/figures/seismic/*.png (gnuplot-nox + python3 from Debian).
#   BIN=build/bin bench/seismic/make_figures.sh
set -eu
BIN=${BIN:-build/bin}
FIG=${FIG:-docs/figures/seismic}
HERE=$(dirname "$0")
W=$(mktemp -d)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none
MPIRUN=${MPIRUN:-mpirun --oversubscribe}
mkdir -p "$FIG"

# 1. numerical vs analytical trace, 300 m from the source, Courant 0.2 and 0.4
"$BIN/test_seis_wave" trace 0.2 "$W/tr02.txt" >/dev/null
"$BIN/test_seis_wave" trace 0.4 "$W/tr04.txt" >/dev/null
gnuplot <<GP
set terminal pngcairo size 900,420 font "sans,11"
set output '$FIG/analytic_trace.png'
set multiplot layout 1,2 title "Homogeneous 2000 m/s, h 10 m, f_{peak} 16 Hz (5 points per minimum wavelength), receiver 300 m from the source"
set xlabel "t (s)"; set ylabel "u"; set xtics 0.05
set xrange [0.13:0.32]
set key top left Left reverse samplen 2 font ",9"
set title "Courant 0.2"
plot '$W/tr02.txt' u 1:3 w l lw 3 lc rgb "#999999" t "analytic s(t-r/c)/(4{/Symbol p}r)", '' u 1:2 w l lw 1.5 lc rgb "#cc0000" t "finite differences", '' u 1:((\$2-\$3)*10) w l lc rgb "#0044cc" t "difference x 10"
set title "Courant 0.4"
plot '$W/tr04.txt' u 1:3 w l lw 3 lc rgb "#999999" t "analytic", '' u 1:2 w l lw 1.5 lc rgb "#cc0000" t "finite differences", '' u 1:((\$2-\$3)*10) w l lc rgb "#0044cc" t "difference x 10"
unset multiplot
GP

# 2. a shot gather of the two-layer model (receiver line through the source)
OMP_NUM_THREADS=2 $MPIRUN -np 1 "$BIN/ladro-seismic" --dims 120,60,60 --shots 1,1 \
    --receivers line --rec-step 1 --tmax 1.0 --fpeak 10 --quiet --out "$W/gather" >/dev/null
python3 "$HERE/su2txt.py" "$W/gather/shot_00000.su" > "$W/gather.txt"
gnuplot <<GP
set terminal pngcairo size 720,620 font "sans,11"
set output '$FIG/gather.png'
set title "ladro-seismic: shot gather, two-layer model (1400/2000 m/s, reflector at 300 m)\nsource at x = 600 m, 120 receivers on a line, f_{peak} 10 Hz, h 10 m"
set xlabel "receiver x (m)"; set ylabel "t (s)"
set yrange [1.0:0]; set xrange [0:1190]
set palette defined (-1 "#0000ff", 0 "#ffffff", 1 "#ff0000")
set cbrange [-2e-5:2e-5]
set cblabel "u (clipped)"
plot '$W/gather.txt' matrix u (\$1*10):((\$2+1)*0.004):3 w image notitle
GP

# 3. RTM: 8 shots, areal receivers, stacked image; section y = 200 m
OMP_NUM_THREADS=1 $MPIRUN -np 2 "$BIN/ladro-rtm" --dims 80,40,50 --shots 4,2 --tmax 0.8 \
    --check-reflector --quiet --out "$W/rtm"
python3 "$HERE/su2txt.py" "$W/rtm/image.su" 1600 80 > "$W/img.txt"
m=$(awk '{for(i=1;i<=NF;i++){v=$i<0?-$i:$i; if(v>m)m=v}} END{print m}' "$W/img.txt")
gnuplot <<GP
set terminal pngcairo size 840,500 font "sans,11"
set rmargin 14
set output '$FIG/rtm_image.png'
set title "ladro-rtm: stacked image of 8 shots, section y = 200 m\ntwo-layer model (1400/2000 m/s), interface between 240 and 250 m (dashed)"
set xlabel "x (m)"; set ylabel "depth (m)"
set yrange [490:0]; set xrange [0:790]
set palette defined (-1 "#0000ff", 0 "#ffffff", 1 "#ff0000")
set cbrange [-$m:$m]
set cblabel "I = {/Symbol S} u_s u_r" offset 1,0
set arrow from 0,245 to 790,245 nohead dt 2 lw 1.5 lc rgb "black" front
plot '$W/img.txt' matrix u (\$1*10):(\$2*10):3 w image notitle
GP
rm -rf "$W"
echo "figures in $FIG"
