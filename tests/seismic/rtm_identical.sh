#!/bin/sh
# RTM image bit-identical whatever the rank count, policy, speeds and wavefield storage;
# the 3-rank run also checks the reflector (depth within one cell, flat, one polarity);
# migrating ladro-seismic's SU gathers (--data) gives the same image as modeling in-task.
# A 32 x 32 x 40 grid (2 x 2 shots, 0.5 s): the smallest that keeps the default model's
# interface (195 m) clear of the direct-wave mute, so the reflector check still holds.
#   rtm_identical.sh BIN_DIR WORK_DIR MPIEXEC NUMPROC_FLAG [PREFLAGS...]
set -eu
bin=$1 work=$2 mpiexec=$3 npflag=$4
shift 4
. "$(dirname "$0")/launch.sh"
grid="--dims 32,32,40 --tmax 0.5 --nb 16 --alpha 0.02"
common="$grid --quiet"
launch 1 "$@" "$bin/ladro-rtm" $common --out "$work/np1" --policy static
launch 3 "$@" "$bin/ladro-rtm" $common --out "$work/np3" \
    --policy random --check-reflector --speed 1,0.5,0.25
# the source wavefield needs 20.5 MB kept whole, 17.7 MB checkpointed: a 19 MB budget
# makes the program choose checkpointing by itself
launch 2 "$@" "$bin/ladro-rtm" $grid --out "$work/ckpt" --mem-mb 19 \
    2>"$work/ckpt.log" >/dev/null
grep -q "source wavefield checkpointed" "$work/ckpt.log" || {
    echo "a 19 MB budget did not switch to checkpointing"; cat "$work/ckpt.log"; exit 1; }
launch 1 "$@" "$bin/ladro-rtm" $common --out "$work/ckpt1" --checkpoint
# two-stage workflow: gathers from ladro-seismic (SU files), migrated by ladro-rtm --data
launch 2 "$@" "$bin/ladro-seismic" $common --out "$work/gathers"
launch 2 "$@" "$bin/ladro-rtm" $common --out "$work/fromsu" --data "$work/gathers"
cmp "$work/np1/image.f64" "$work/np3/image.f64"
cmp "$work/np1/image.f64" "$work/ckpt/image.f64"
cmp "$work/np1/image.f64" "$work/ckpt1/image.f64"
cmp "$work/np1/image.su" "$work/np3/image.su"
cmp "$work/np1/image.f64" "$work/fromsu/image.f64"
echo "rtm images identical: 1 rank static, 3 ranks random (speeds 1,0.5,0.25), checkpointed"
echo "(budget-driven on 2 ranks, forced on 1 rank),"
echo "and migrated from ladro-seismic's SU gathers"
