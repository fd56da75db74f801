#!/bin/sh
# The structured model and its RTM image, section through the model's centre (y = 150 m):
# docs/figures/seismic/structured.png. 5 shots on a 90 x 30 x 60 grid, 2 ranks: about half
# a minute of CPU. Files are read from ladro-rtm's SEG-Y output (--format segy).
#   BIN=build/bin bench/seismic/structured_figure.sh
set -eu
BIN=${BIN:-build/bin}
FIG=${FIG:-docs/figures/seismic}
HERE=$(dirname "$0")
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none
MPIRUN=${MPIRUN:-mpirun --oversubscribe}
mkdir -p "$FIG"
NX=90 NY=30 NZ=60 H=10
OMP_NUM_THREADS=1 $MPIRUN -np 2 "$BIN/ladro-rtm" --model structured --dims $NX,$NY,$NZ \
    --shots 5,1 --fpeak 15 --min-ppw 4 --tmax 0.9 --nb 20 --alpha 0.015 --laplacian \
    --check-interfaces --format segy --quiet --out "$W/rtm" | tee "$W/check.txt"
# the inline y = NY/2: traces NY/2 * NX .. + NX (one per x), rows = depth samples
python3 "$HERE/segy2txt.py" "$W/rtm/model.sgy" $((NY / 2 * NX)) $NX > "$W/model.txt"
python3 "$HERE/segy2txt.py" "$W/rtm/image.sgy" $((NY / 2 * NX)) $NX > "$W/image.txt"
# display gain z^2 (geometrical spreading); the model's interfaces as dots, half a cell up
awk -v h=$H '{ for (i = 1; i <= NF; i++) printf "%g ", $i * ((NR - 1) * h / 100) ^ 2; print "" }' \
    "$W/image.txt" > "$W/gained.txt"
awk -v h=$H 'NR > 1 { for (i = 1; i <= NF; i++) if ($i != p[i]) print (i - 1) * h, (NR - 1.5) * h }
             { for (i = 1; i <= NF; i++) p[i] = $i }' "$W/model.txt" > "$W/edges.txt"
m=$(awk 'NR > 6 { for (i = 1; i <= NF; i++) { v = $i < 0 ? -$i : $i; if (v > m) m = v } } END { print m / 2 }' "$W/gained.txt")
XM=$(((NX - 1) * H)) ZM=$(((NZ - 1) * H))
gnuplot <<GP
set terminal pngcairo size 1200,430 font "sans,10"
set output '$FIG/structured.png'
set multiplot layout 1,2 title "Built-in model 'structured' (90 x 30 x 60 points, h 10 m), section y = 150 m"
set xlabel "x (m)"; set ylabel "depth (m)"
set yrange [$ZM:0]; set xrange [0:$XM]
set title "velocity (m/s): dipping layers, a normal fault, a salt dome"
set palette defined (0 "#203c8c", 0.25 "#3a8fbf", 0.5 "#7cc6a6", 0.75 "#e8d36a", 1 "#c0392b")
set cbrange [1500:4000]
plot '$W/model.txt' matrix u (\$1*$H):(\$2*$H):3 w image notitle
set title "ladro-rtm: 5 shots, 15 Hz, -Laplacian filter, display gain z^2; dots: interfaces"
set palette defined (-1 "#0000ff", 0 "#ffffff", 1 "#ff0000")
set cbrange [-$m:$m]
set format cb ""; set cblabel "I (gain z^2, clipped)"
plot '$W/gained.txt' matrix u (\$1*$H):(\$2*$H):3 w image notitle, \
     '$W/edges.txt' u 1:2 w p pt 7 ps 0.15 lc rgb "#000000" notitle
unset multiplot
GP
echo "figure in $FIG/structured.png"
