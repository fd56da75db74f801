#!/bin/sh
# SEG-Y files of ladro-seismic and ladro-rtm as segyio's own tools (segyio-bin) read them:
# binary and trace header values of a gather, a model and an image (segyio-catb,
# segyio-catr), the textual header (segyio-cath), a sub-cube cut by segyio-crop read back as
# a model with the same numbers; model SEG-Y -> ladro -> SEG-Y (IEEE and IBM) gives the
# same samples and the same gathers; RTM of SEG-Y gathers (--data) = RTM modeling in-task.
# Exit 77 (CTest skip) without libsegyio or segyio-bin.
#   segy_tools.sh BIN_DIR SRC_DIR WORK_DIR MPIEXEC NUMPROC_FLAG [PREFLAGS...]
set -eu
bin=$1 src=$2 work=$3 mpiexec=$4 npflag=$5
shift 5
launch() { np=$1; shift; LADRO_EXPECT_NP=$np "$mpiexec" "$npflag" "$np" "$@"; }
for t in segyio-catb segyio-catr segyio-cath segyio-crop python3; do
    command -v $t >/dev/null || { echo "skipped: $t not found (apt-get install segyio-bin)"; exit 77; }
done
rm -rf "$work" && mkdir -p "$work"
if ! launch 1 "$@" "$bin/ladro-seismic" --format segy --help >/dev/null 2>"$work/probe"; then
    if grep -q "built without libsegyio" "$work/probe"; then
        echo "skipped: $(cat "$work/probe")"; exit 77
    fi
    cat "$work/probe"; exit 1
fi
export OMP_NUM_THREADS=1
fail=0
# expect FILE-DESCRIPTION ACTUAL WANTED
expect() {
    if [ "$2" = "$3" ]; then echo "ok   $1 = $3"; else echo "FAIL $1 = '$2', expected '$3'"; fail=1; fi
}
bf() { segyio-catb "$1" | awk -v f="$2" '$1 == f { print $2 }'; }
tf() { segyio-catr -t "$2" "$1" | awk -v f="$3" '$1 == f { print $2 }'; }
small="--dims 24,16,20 --shots 2,1 --receivers line --tmax 0.3 --nb 12 --alpha 0.03 --quiet"

# gathers + model: structured model, 2 shots at x index 8 and 16, y 8, depth 2; 12
# receivers every 2 points on y = 8; dt 1 ms (Courant 0.4 at 4000 m/s), decim 2
launch 2 "$@" "$bin/ladro-seismic" --model structured --format segy $small --out "$work/seis" >/dev/null
g=$work/seis/shot_00001.sgy
expect "gather format" "$(bf "$g" format)" 5
expect "gather samples" "$(bf "$g" hns)" 150
expect "gather interval (us)" "$(bf "$g" hdt)" 2000
expect "gather revision" "$(bf "$g" rev)" 256
expect "gather trace 3 fldr" "$(tf "$g" 3 fldr)" 2
expect "gather trace 3 tracf" "$(tf "$g" 3 tracf)" 3
expect "gather trace 3 sx" "$(tf "$g" 3 sx)" 160
expect "gather trace 3 sy" "$(tf "$g" 3 sy)" 80
expect "gather trace 3 gx" "$(tf "$g" 3 gx)" 40
expect "gather trace 3 offset" "$(tf "$g" 3 offset)" 120
expect "gather trace 3 sdepth" "$(tf "$g" 3 sdepth)" 20
expect "gather trace 3 gelev" "$(tf "$g" 3 gelev)" -20
expect "gather trace 3 scalco" "$(tf "$g" 3 scalco)" 1
expect "gather trace 3 ns" "$(tf "$g" 3 ns)" 150
expect "gather text header" "$(segyio-cath "$g" | head -1 | cut -c1-54)" "C 1 ladro-seismic shot gather: shot 1 (field record 2)"
m=$work/seis/model.sgy
expect "model samples" "$(bf "$m" hns)" 20
expect "model interval (dz mm)" "$(bf "$m" hdt)" 10000
expect "model sorting" "$(bf "$m" tsort)" 4
expect "model trace 50 iline" "$(tf "$m" 50 iline)" 3
expect "model trace 50 xline" "$(tf "$m" 50 xline)" 2
expect "model trace 50 cdp" "$(tf "$m" 50 cdp)" 50
expect "model trace 50 cdpx" "$(tf "$m" 50 cdpx)" 10
expect "model trace 50 cdpy" "$(tf "$m" 50 cdpy)" 20
expect "model text header" "$(segyio-cath "$m" | head -1 | cut -c1-44)" "C 1 ladro velocity model (m/s): structured  "

# model SEG-Y -> ladro -> SEG-Y: the same samples and headers (text aside), the same gathers
launch 1 "$@" "$bin/ladro-seismic" --model-file "$m" --format segy $small --out "$work/rt" >/dev/null
cmp -i 3200 "$m" "$work/rt/model.sgy" && echo "ok   model round trip: identical after the textual header" || fail=1
for s in 00000 00001; do
    cmp -i 3200 "$work/seis/shot_$s.sgy" "$work/rt/shot_$s.sgy" && echo "ok   gather $s from the SEG-Y model identical" || fail=1
done
launch 1 "$@" "$bin/ladro-seismic" --model structured --format segy-ibm $small --out "$work/ibm" >/dev/null
expect "IBM model format" "$(bf "$work/ibm/model.sgy" format)" 1
launch 1 "$@" "$bin/ladro-seismic" --model-file "$work/ibm/model.sgy" --format segy $small --out "$work/ibm2" >/dev/null
cmp -i 3200 "$m" "$work/ibm2/model.sgy" && echo "ok   IBM model read back to the same numbers" || fail=1

# a SEG-Y model defines the grid: a contradicting --dims is refused in one line
sh "$src/tests/expect_fail.sh" 2 "refused: .*model.sgy: a 24 x 16 x 20 model .*--dims says otherwise" 1 -- \
    env LADRO_EXPECT_NP=1 "$mpiexec" "$npflag" 1 "$@" "$bin/ladro-seismic" --model-file "$m" \
    --dims 30,30,30 --out "$work/bad" && echo "ok   contradicting --dims refused" || fail=1

# a sub-cube cut by segyio-crop (inlines 3-10, crosslines 5-20) read as a model
segyio-crop -i 3 -I 10 -x 5 -X 20 "$m" "$work/crop.sgy"
launch 1 "$@" "$bin/ladro-seismic" --model-file "$work/crop.sgy" --format segy --shots 1,1 \
    --receivers line --tmax 0.2 --nb 12 --alpha 0.03 --out "$work/crop" 2>"$work/crop.log" >/dev/null
expect "cropped model size" "$(grep -o 'model [0-9]* x [0-9]* x [0-9]*' "$work/crop.log")" "model 16 x 8 x 20"
python3 "$src/bench/seismic/segy2txt.py" "$work/crop.sgy" > "$work/crop.txt"
python3 "$src/bench/seismic/segy2txt.py" "$work/crop/model.sgy" > "$work/crop2.txt"
cmp "$work/crop.txt" "$work/crop2.txt" && echo "ok   cropped model read with the same numbers" || fail=1

# image: one trace per column, depth samples; RTM of the SEG-Y gathers = RTM in-task
launch 2 "$@" "$bin/ladro-rtm" --model structured --format segy $small --out "$work/rtm" >/dev/null
i=$work/rtm/image.sgy
expect "image samples" "$(bf "$i" hns)" 20
expect "image interval (dz mm)" "$(bf "$i" hdt)" 10000
expect "image trace 30 iline" "$(tf "$i" 30 iline)" 2
expect "image trace 30 xline" "$(tf "$i" 30 xline)" 6
expect "image trace 30 cdpx" "$(tf "$i" 30 cdpx)" 50
expect "image trace 30 cdpy" "$(tf "$i" 30 cdpy)" 10
expect "image text header" "$(segyio-cath "$i" | head -1 | cut -c1-39)" "C 1 ladro-rtm image: 2 shots stacked, m"
launch 2 "$@" "$bin/ladro-rtm" --model structured --format segy $small --data "$work/seis" \
    --out "$work/rtmdata" >/dev/null
cmp "$work/rtm/image.f64" "$work/rtmdata/image.f64" && echo "ok   RTM of the SEG-Y gathers = RTM in-task" || fail=1
exit $fail
