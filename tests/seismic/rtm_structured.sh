#!/bin/sh
# RTM of the structured model (dipping layers, a fault, a salt dome) from ladro-seismic's
# gathers: with the Laplacian image filter, the strong positive image peaks of the centre
# columns lie within 1.5 cells of the model's interfaces there and at least two interfaces
# are imaged (--check-interfaces); without the filter, the low-wavenumber backscatter puts
# strong energy where the model has no interface, and the same check must fail.
#   rtm_structured.sh BIN_DIR SRC_DIR WORK_DIR MPIEXEC NUMPROC_FLAG [PREFLAGS...]
set -eu
bin=$1 src=$2 work=$3 mpiexec=$4 npflag=$5
shift 5
. "$(dirname "$0")/launch.sh"
geom="--model structured --dims 48,32,40 --shots 3,2 --tmax 0.6 --nb 16 --alpha 0.02 --quiet"
launch 2 "$@" "$bin/ladro-seismic" $geom --out "$work/gathers" >/dev/null
launch 2 "$@" "$bin/ladro-rtm" $geom --data "$work/gathers" --laplacian --check-interfaces \
    --out "$work/lap" >"$work/lap.log"
cat "$work/lap.log"
grep -q "positive image peaks" "$work/lap.log"
sh "$src/tests/expect_fail.sh" 1 "check-interfaces: (a positive image peak above 30% of the strongest lies more than 1.5 cells|only [01] of the [0-9]+ interfaces)" 1 -- \
    env LADRO_EXPECT_NP=2 "$mpiexec" "$npflag" 2 "$@" "$bin/ladro-rtm" $geom --data "$work/gathers" \
    --check-interfaces --out "$work/raw"
echo "structured RTM: interfaces imaged with the Laplacian filter; the unfiltered image fails the check"
