#!/bin/sh
# Restartable jobs: a run whose ranks are SIGKILLed in the middle of a shot, then resumed,
# gives the same files (every shot gather, the stacked RTM image) as an uninterrupted run,
# and no shot is lost or run twice after the journal said it was done.
#   resume_sigkill.sh BIN_DIR WORK_DIR MPIEXEC NUMPROC_FLAG [PREFLAGS...]
set -eu
bin=$1 work=$2 mpiexec=$3 npflag=$4
shift 4
launch() { np=$1; shift; LADRO_EXPECT_NP=$np "$mpiexec" "$npflag" "$np" "$@"; }
rm -rf "$work" && mkdir -p "$work"
export OMP_NUM_THREADS=1
for app in seismic rtm; do
    args="--dims 32,32,28 --shots 3,2 --nb 16 --alpha 0.02 --tmax 0.5 --quiet"
    launch 2 "$@" "$bin/ladro-$app" $args --out "$work/$app-ref"
    if launch 2 "$@" "$bin/ladro-$app" $args --out "$work/$app-run" --die-after 1 \
        >"$work/$app-kill.log" 2>&1; then
        echo "the killed run of ladro-$app exited 0"; exit 1
    fi
    before=$(grep -c '^shot' "$work/$app-run/journal.txt" || true)
    echo "ladro-$app: killed with $before of 6 shots in the journal"
    [ "$before" -ge 1 ] && [ "$before" -lt 6 ] || { echo "expected 1..5 shots done"; exit 1; }
    launch 2 "$@" "$bin/ladro-$app" $args --out "$work/$app-run" --resume | tee "$work/$app-resume.log"
    grep -q "shots run ($before done before)" "$work/$app-resume.log" || {
        echo "resume did not skip exactly the $before journaled shots"; exit 1; }
    for f in "$work/$app-ref"/*.su "$work/$app-ref"/*.f64; do
        [ -e "$f" ] || continue
        cmp "$f" "$work/$app-run/$(basename "$f")"
    done
    after=$(grep -c '^shot' "$work/$app-run/journal.txt")
    [ "$after" -eq 6 ] || { echo "journal has $after shots, expected 6"; exit 1; }
    ls "$work/$app-run" | grep -q '\.tmp\.' && { echo "stale temporary files left"; exit 1; }
    echo "ladro-$app: resumed run identical to the uninterrupted one"
done
